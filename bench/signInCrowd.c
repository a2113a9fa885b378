/*
 * A crowd of wallets in C (compiled and spawned by signInCrowd.ts): the sign-in burst's two waves
 * and the rush's bets, as the bench's Node clients would send them, at a fraction of their CPU.
 * On this two-core machine the crowd and the server share the cores, and the Node crowd's
 * 0.4-0.5 ms of CPU a request (an http.Agent, a socket, a parser, promises) was a fifth of each
 * sign-in wave's CPU and 110-290 ms of a 300-400 ms rush, varying with its own JIT and garbage;
 * real wallets act from their own devices and cost the server's machine nothing. One thread,
 * level-triggered epoll, one connection a wallet kept alive from its nonce on, as a browser
 * keeps it, and a cookie jar a wallet.
 *
 * Arguments: host port count. Commands on standard input, one per line:
 *   "nonce"      every wallet connects and asks GET /auth/nonce at once (its jar emptied first)
 *   "verify"     followed by `count` lines, each wallet's JSON body: every wallet posts its body
 *                to /auth/verify at once
 *   "get PATH"   every wallet asks GET PATH at once
 *   "post PATH"  followed by `count` lines of JSON bodies: every wallet posts its body to PATH
 * Every request carries its wallet's cookies, and every answer's Set-Cookie goes into its jar.
 * After each wave, one JSON object on standard output ("requests" for get and post):
 *   {"kind":"nonces"|"verifies"|"requests","cpuMs":C,"wallMs":W,
 *    "answers":[{"status":S,"ms":T,"body":"..."},...]}
 * Status 0: the connection failed or the answer was not one this crowd reads (it reads
 * Content-Length bodies only, which is how the server answers these routes). Time: from the
 * wallet's connect (nonce) or write to its answer's last byte, on CLOCK_MONOTONIC; wallMs from
 * the wave's first request to its last answer.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "loadClock.h"

#define ANSWER_MAX 16384
#define COOKIES_MAX 2048
#define BODY_MAX 8192
#define LINE_MAX_LEN (BODY_MAX + 2)

struct wallet {
  int fd;
  int done;                /* 1 once this wave's answer is complete (or failed) */
  int status;              /* 0: failed */
  double started_ms;
  double ms;
  char *request;           /* this wave's request, sent once the socket is writable */
  int request_len;
  int sent;
  char answer[ANSWER_MAX]; /* the answer as read so far */
  int answer_len;
  char cookies[COOKIES_MAX]; /* "a=b; c=d", from the nonce answer's Set-Cookie headers */
  char body[BODY_MAX];
};

static struct wallet *wallets;
static int count;
static int epoll_fd;
static struct sockaddr_in address;
static char host_header[128];

static double now_ms(void) { return clock_ms(CLOCK_MONOTONIC); }

static void finish(struct wallet *wallet, int status) {
  if (wallet->done) return;
  wallet->done = 1;
  wallet->status = status;
  wallet->ms = now_ms() - wallet->started_ms;
  epoll_ctl(epoll_fd, EPOLL_CTL_DEL, wallet->fd, NULL);
  if (status == 0) {
    close(wallet->fd);
    wallet->fd = -1;
  }
}

static int connect_wallet(struct wallet *wallet) {
  wallet->fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
  if (wallet->fd < 0) return -1;
  int one = 1;
  setsockopt(wallet->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  if (connect(wallet->fd, (struct sockaddr *)&address, sizeof address) < 0 &&
      errno != EINPROGRESS)
    return -1;
  return 0;
}

/* Drops the cookie `name` (of `name_len` bytes) from the jar, if it is there. */
static void drop_cookie(struct wallet *wallet, const char *name, size_t name_len) {
  char kept[COOKIES_MAX] = "";
  for (char *pair = wallet->cookies; *pair;) {
    char *pair_end = strstr(pair, "; ");
    size_t length = pair_end ? (size_t)(pair_end - pair) : strlen(pair);
    if (!(length > name_len && pair[name_len] == '=' && strncmp(pair, name, name_len) == 0)) {
      if (kept[0]) strcat(kept, "; ");
      strncat(kept, pair, length);
    }
    pair = pair_end ? pair_end + 2 : pair + length;
  }
  strcpy(wallet->cookies, kept);
}

/*
 * Keeps "name=value" of each Set-Cookie header, as a browser's jar would for this origin: a
 * cookie set again replaces the one of its name (sign-in sets a new session cookie), and one
 * set with Max-Age=0 (the server's way of clearing) is dropped.
 */
static void keep_cookies(struct wallet *wallet, const char *headers, const char *end) {
  for (const char *line = headers; line < end;) {
    const char *line_end = memmem(line, end - line, "\r\n", 2);
    if (!line_end) line_end = end;
    if (line_end - line > 11 && strncasecmp(line, "set-cookie:", 11) == 0) {
      const char *pair = line + 11;
      while (*pair == ' ') pair++;
      const char *pair_end = memchr(pair, ';', line_end - pair);
      if (!pair_end) pair_end = line_end;
      const char *equals = memchr(pair, '=', pair_end - pair);
      if (equals) drop_cookie(wallet, pair, (size_t)(equals - pair));
      int cleared = memmem(pair_end, line_end - pair_end, "Max-Age=0", 9) != NULL;
      size_t used = strlen(wallet->cookies);
      int length = (int)(pair_end - pair);
      if (equals && !cleared && used + (size_t)length + 3 < COOKIES_MAX) {
        if (used) strcat(wallet->cookies, "; ");
        strncat(wallet->cookies, pair, (size_t)length);
      }
    }
    line = line_end + 2;
  }
}

/* Reads what is there; finishes the wallet once its answer is whole. */
static void read_answer(struct wallet *wallet, int keep) {
  for (;;) {
    int room = ANSWER_MAX - 1 - wallet->answer_len;
    if (room <= 0) return finish(wallet, 0);
    ssize_t got = read(wallet->fd, wallet->answer + wallet->answer_len, (size_t)room);
    if (got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
    if (got <= 0) return finish(wallet, 0);
    wallet->answer_len += (int)got;
  }
  wallet->answer[wallet->answer_len] = 0;
  char *head_end = memmem(wallet->answer, wallet->answer_len, "\r\n\r\n", 4);
  if (!head_end) return;
  int status = 0;
  if (sscanf(wallet->answer, "HTTP/1.1 %d", &status) != 1) return finish(wallet, 0);
  long length = -1;
  for (char *line = wallet->answer; line < head_end;) {
    char *line_end = memmem(line, head_end - line + 2, "\r\n", 2);
    if (strncasecmp(line, "content-length:", 15) == 0) length = strtol(line + 15, NULL, 10);
    line = line_end + 2;
  }
  if (length < 0) return finish(wallet, 0);
  char *body = head_end + 4;
  if (wallet->answer + wallet->answer_len - body < length) return;
  if (keep) keep_cookies(wallet, wallet->answer, head_end);
  int copied = length < BODY_MAX - 1 ? (int)length : BODY_MAX - 1;
  memcpy(wallet->body, body, (size_t)copied);
  wallet->body[copied] = 0;
  finish(wallet, status);
}

static void write_request(struct wallet *wallet) {
  while (wallet->sent < wallet->request_len) {
    ssize_t put = write(wallet->fd, wallet->request + wallet->sent,
                        (size_t)(wallet->request_len - wallet->sent));
    if (put < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
    if (put <= 0) return finish(wallet, 0);
    wallet->sent += (int)put;
  }
  struct epoll_event event = {.events = EPOLLIN, .data.u32 = (uint32_t)(wallet - wallets)};
  epoll_ctl(epoll_fd, EPOLL_CTL_MOD, wallet->fd, &event);
}

/* Runs one wave: every wallet's request under way at once, until every one is answered. */
static void run_wave(int keep_cookies_of_answer) {
  struct epoll_event *events = calloc((size_t)count, sizeof *events);
  int left = count;
  for (int i = 0; i < count; i++) {
    struct wallet *wallet = &wallets[i];
    wallet->done = 0;
    wallet->sent = 0;
    wallet->answer_len = 0;
    wallet->started_ms = now_ms();
    if (wallet->fd < 0 && connect_wallet(wallet) < 0) {
      wallet->done = 1;
      wallet->status = 0;
      wallet->ms = 0;
      left--;
      continue;
    }
    struct epoll_event event = {.events = EPOLLOUT, .data.u32 = (uint32_t)i};
    epoll_ctl(epoll_fd, EPOLL_CTL_ADD, wallet->fd, &event);
  }
  while (left > 0) {
    int ready = epoll_wait(epoll_fd, events, count, 30000);
    if (ready <= 0) break; /* nothing for 30 s: what is left failed */
    for (int r = 0; r < ready; r++) {
      struct wallet *wallet = &wallets[events[r].data.u32];
      if (wallet->done) continue;
      if (events[r].events & (EPOLLERR | EPOLLHUP) && !(events[r].events & EPOLLIN))
        finish(wallet, 0);
      else if (events[r].events & EPOLLOUT)
        write_request(wallet);
      else
        read_answer(wallet, keep_cookies_of_answer);
      if (wallet->done) left--;
    }
  }
  for (int i = 0; i < count; i++) finish(&wallets[i], wallets[i].done ? wallets[i].status : 0);
  free(events);
}

static void print_json_string(const char *text) {
  putchar('"');
  for (const unsigned char *at = (const unsigned char *)text; *at; at++) {
    if (*at == '"' || *at == '\\') printf("\\%c", *at);
    else if (*at < 0x20) printf("\\u%04x", *at);
    else putchar(*at);
  }
  putchar('"');
}

static void report(const char *kind, double cpu_ms, double wall_ms) {
  printf("{\"kind\":\"%s\",\"cpuMs\":%.1f,\"wallMs\":%.2f,\"answers\":[", kind, cpu_ms,
         wall_ms);
  for (int i = 0; i < count; i++) {
    printf("%s{\"status\":%d,\"ms\":%.2f,\"body\":", i ? "," : "", wallets[i].status,
           wallets[i].ms);
    print_json_string(wallets[i].status ? wallets[i].body : "");
    putchar('}');
  }
  printf("]}\n");
  fflush(stdout);
}

static char *strip(char *line) {
  line[strcspn(line, "\r\n")] = 0;
  return line;
}

/* Reads `count` lines, each wallet's JSON body, and makes each wallet's POST of it to `path`. */
static int read_posts(const char *path) {
  for (int i = 0; i < count; i++) {
    static char body[LINE_MAX_LEN];
    if (!fgets(body, sizeof body, stdin)) return 1;
    strip(body);
    free(wallets[i].request);
    wallets[i].request = NULL;
    wallets[i].request_len = asprintf(
        &wallets[i].request,
        "POST %s HTTP/1.1\r\nHost: %s\r\nCookie: %s\r\n"
        "Content-Type: application/json\r\nContent-Length: %zu\r\n\r\n%s",
        path, host_header, wallets[i].cookies, strlen(body), body);
  }
  return 0;
}

/* Runs the wave the requests were made for, keeping the cookies answers set, and reports it. */
static void timed_wave(const char *kind) {
  double cpu_from = cpu_now_ms();
  double wall_from = now_ms();
  run_wave(1);
  report(kind, cpu_now_ms() - cpu_from, now_ms() - wall_from);
}

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: %s host port count\n", argv[0]);
    return 2;
  }
  count = atoi(argv[3]);
  address.sin_family = AF_INET;
  address.sin_port = htons((uint16_t)atoi(argv[2]));
  if (inet_pton(AF_INET, argv[1], &address.sin_addr) != 1) return 2;
  snprintf(host_header, sizeof host_header, "%s:%s", argv[1], argv[2]);
  /* One descriptor a wallet, beyond the soft limit's 1,024 for a large crowd. */
  struct rlimit limit;
  if (getrlimit(RLIMIT_NOFILE, &limit) == 0) {
    limit.rlim_cur = limit.rlim_max;
    setrlimit(RLIMIT_NOFILE, &limit);
  }
  wallets = calloc((size_t)count, sizeof *wallets);
  for (int i = 0; i < count; i++) wallets[i].fd = -1;
  epoll_fd = epoll_create1(0);
  static char line[LINE_MAX_LEN];
  while (fgets(line, sizeof line, stdin)) {
    strip(line);
    if (strcmp(line, "nonce") == 0) {
      for (int i = 0; i < count; i++) {
        free(wallets[i].request);
        wallets[i].request = NULL;
        wallets[i].request_len =
            asprintf(&wallets[i].request, "GET /auth/nonce HTTP/1.1\r\nHost: %s\r\n\r\n",
                     host_header);
        wallets[i].cookies[0] = 0;
      }
      timed_wave("nonces");
    } else if (strcmp(line, "verify") == 0) {
      if (read_posts("/auth/verify") != 0) return 1;
      timed_wave("verifies");
    } else if (strncmp(line, "get ", 4) == 0) {
      for (int i = 0; i < count; i++) {
        free(wallets[i].request);
        wallets[i].request = NULL;
        wallets[i].request_len =
            asprintf(&wallets[i].request, "GET %s HTTP/1.1\r\nHost: %s\r\nCookie: %s\r\n\r\n",
                     line + 4, host_header, wallets[i].cookies);
      }
      timed_wave("requests");
    } else if (strncmp(line, "post ", 5) == 0) {
      static char path[LINE_MAX_LEN];
      strcpy(path, line + 5);
      if (read_posts(path) != 0) return 1;
      timed_wave("requests");
    }
  }
  return 0;
}
