/*
 * The watchers benchmark's load generator in C (compiled and spawned by watcherClientsNative.ts):
 * the same job as watcherClients.ts, at a fraction of its CPU per event. On this two-core machine
 * the clients and the server share the cores, and a Node client's 15-20 us of CPU per event
 * (libuv, a Buffer, a callback) is time the server's fan-out waits for; real watchers read on
 * their own devices and cost the server's machine nothing. One thread, edge-free epoll, one
 * read(2) per ready socket into a shared buffer.
 *
 * Arguments: host port path count lastEventId. Commands on standard input, one per line:
 *   "measure <fromPly> <moves>"  time every move event with a ply above fromPly, `moves` per stream
 *   "report"                     print the figures and go on draining
 * Messages on standard output, one JSON object per line, as watcherClients.ts sends over IPC:
 *   {"kind":"connected","failed":F,"connectMs":T}, {"kind":"done"},
 *   {"kind":"report","failed":F,"cpuMs":C,"latencies":[...],"moves":[[ply,played,first,last,n],...]}
 * Latency: the wall clock when the read holding an event's first byte returned, minus the
 * event's `playedAt` (both this machine's clock, in ms). `moves` gives, per timed ply, when the
 * first and the last stream read it (epoch ms) and how many did: a move's delivery spread.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "loadClock.h"

#define BATCH 250
#define TAIL_MAX 4096
#define READ_MAX 65536
#define PLY_MAX 4096

static const char MOVE_MARK[] = "event: move\ndata: ";
#define MOVE_MARK_LEN (sizeof MOVE_MARK - 1)

struct stream {
  int fd;
  int answered; /* 1 once the response began */
  int moves;    /* move events timed on this stream */
  int tail_len;
  double tail_stamp_ms;
  char tail[TAIL_MAX];
};

static struct stream *streams;
static int count;
static int failed;
static int satisfied;
static long from_ply = 1L << 30;
static int wanted;
static double *latencies;
static int latency_count;
static double cpu_at_measure_ms = -1;
static double cpu_ms = -1;
/* Per ply: when it was played, when the first and the last stream read it, by how many. */
static double ply_played[PLY_MAX], ply_first[PLY_MAX], ply_last[PLY_MAX];
static int ply_reads[PLY_MAX];

static double now_ms(void) { return clock_ms(CLOCK_REALTIME); }

static void stop_cpu_clock(void) {
  if (cpu_at_measure_ms < 0 || cpu_ms >= 0) return;
  cpu_ms = cpu_now_ms() - cpu_at_measure_ms;
}

/* "2026-11-24T19:30:37.123Z" as epoch milliseconds, or -1. */
static double parse_iso_ms(const char *text) {
  struct tm tm = {0};
  int millis = 0;
  if (sscanf(text, "%4d-%2d-%2dT%2d:%2d:%2d.%3dZ", &tm.tm_year, &tm.tm_mon, &tm.tm_mday,
             &tm.tm_hour, &tm.tm_min, &tm.tm_sec, &millis) != 7)
    return -1;
  tm.tm_year -= 1900;
  tm.tm_mon -= 1;
  return (double)timegm(&tm) * 1000.0 + millis;
}

/*
 * Times the move frames that start in text[0..length); offsets below tail_len arrived with the
 * earlier read. Returns the offset from which the text is still needed.
 */
static int scan(struct stream *stream, const char *text, int length, int tail_len,
                double now) {
  const char *end = text + length;
  const char *at = memmem(text, length, MOVE_MARK, MOVE_MARK_LEN);
  while (at) {
    const char *data = at + MOVE_MARK_LEN;
    const char *line_end = memchr(data, '\n', end - data);
    if (!line_end) return at - text;
    const char *ply_at = memmem(data, line_end - data, "\"ply\":", 6);
    const char *played_at = memmem(data, line_end - data, "\"playedAt\":\"", 12);
    if (ply_at && played_at) {
      long ply = strtol(ply_at + 6, NULL, 10);
      if (ply > from_ply && stream->moves < wanted) {
        double stamp = (at - text) < tail_len ? stream->tail_stamp_ms : now;
        double played = parse_iso_ms(played_at + 12);
        if (played >= 0) latencies[latency_count++] = stamp - played;
        if (ply >= 0 && ply < PLY_MAX) {
          if (ply_reads[ply]++ == 0) {
            ply_played[ply] = played;
            ply_first[ply] = stamp;
            ply_last[ply] = stamp;
          } else {
            if (stamp < ply_first[ply]) ply_first[ply] = stamp;
            if (stamp > ply_last[ply]) ply_last[ply] = stamp;
          }
        }
        if (++stream->moves == wanted && ++satisfied == count) {
          stop_cpu_clock();
          printf("{\"kind\":\"done\"}\n");
          fflush(stdout);
        }
      }
    }
    at = memmem(line_end, end - line_end, MOVE_MARK, MOVE_MARK_LEN);
  }
  /* Keep enough of the end to find a mark split across two reads. */
  return length > (int)MOVE_MARK_LEN ? length - (int)MOVE_MARK_LEN : 0;
}

static void report(void) {
  stop_cpu_clock();
  printf("{\"kind\":\"report\",\"failed\":%d,\"cpuMs\":%.1f,\"latencies\":[", failed,
         cpu_ms < 0 ? 0 : cpu_ms);
  for (int i = 0; i < latency_count; i++) printf(i ? ",%.0f" : "%.0f", latencies[i]);
  printf("],\"moves\":[");
  for (int ply = 0, first = 1; ply < PLY_MAX; ply++) {
    if (!ply_reads[ply]) continue;
    printf("%s[%d,%.1f,%.1f,%.1f,%d]", first ? "" : ",", ply, ply_played[ply], ply_first[ply],
           ply_last[ply], ply_reads[ply]);
    first = 0;
  }
  printf("]}\n");
  fflush(stdout);
}

static void command(char *line) {
  long ply;
  int moves;
  if (sscanf(line, "measure %ld %d", &ply, &moves) == 2) {
    from_ply = ply;
    wanted = moves;
    free(latencies);
    latency_count = 0;
    latencies = calloc((size_t)count * (size_t)moves + 1, sizeof *latencies);
    cpu_at_measure_ms = cpu_now_ms();
  } else if (strncmp(line, "report", 6) == 0) {
    report();
  }
}

int main(int argc, char **argv) {
  if (argc < 6) {
    fprintf(stderr, "usage: %s host port path count lastEventId\n", argv[0]);
    return 2;
  }
  const char *host = argv[1];
  int port = atoi(argv[2]);
  count = atoi(argv[4]);
  char request[1024];
  int request_len = snprintf(request, sizeof request,
                             "GET %s HTTP/1.1\r\nHost: %s:%d\r\nAccept: text/event-stream\r\n"
                             "Last-Event-ID: %s\r\n\r\n",
                             argv[3], host, port, argv[5]);
  streams = calloc((size_t)count, sizeof *streams);
  struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons(port)};
  inet_pton(AF_INET, host, &address.sin_addr);

  int epoll = epoll_create1(0);
  struct epoll_event input = {.events = EPOLLIN, .data.u64 = (uint64_t)-1};
  epoll_ctl(epoll, EPOLL_CTL_ADD, STDIN_FILENO, &input);

  static char buffer[TAIL_MAX + READ_MAX];
  static char commands[4096];
  int commands_len = 0;
  struct epoll_event events[4096];
  int opened = 0, settled = 0, in_flight = 0, reported_connected = 0;
  double started = now_ms();

  for (;;) {
    /* Keep at most BATCH connections opening at once, as the Node client does. */
    while (opened < count && in_flight < BATCH) {
      struct stream *stream = &streams[opened];
      stream->fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
      int one = 1;
      setsockopt(stream->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
      if (connect(stream->fd, (struct sockaddr *)&address, sizeof address) < 0 &&
          errno != EINPROGRESS) {
        close(stream->fd);
        stream->fd = -1;
        failed++;
        settled++;
      } else {
        struct epoll_event event = {.events = EPOLLOUT, .data.u64 = (uint64_t)opened};
        epoll_ctl(epoll, EPOLL_CTL_ADD, stream->fd, &event);
        in_flight++;
      }
      opened++;
    }
    if (!reported_connected && settled == count) {
      reported_connected = 1;
      printf("{\"kind\":\"connected\",\"failed\":%d,\"connectMs\":%.0f}\n", failed,
             now_ms() - started);
      fflush(stdout);
    }

    int ready = epoll_wait(epoll, events, 4096, -1);
    if (ready < 0 && errno == EINTR) continue;
    for (int i = 0; i < ready; i++) {
      if (events[i].data.u64 == (uint64_t)-1) {
        ssize_t got = read(STDIN_FILENO, commands + commands_len,
                           sizeof commands - 1 - commands_len);
        if (got <= 0) return 0; /* the parent is gone */
        commands_len += (int)got;
        commands[commands_len] = 0;
        char *line = commands, *newline;
        while ((newline = strchr(line, '\n'))) {
          *newline = 0;
          command(line);
          line = newline + 1;
        }
        commands_len -= (int)(line - commands);
        memmove(commands, line, commands_len);
        continue;
      }
      struct stream *stream = &streams[events[i].data.u64];
      if (events[i].events & EPOLLOUT) {
        /* Connected (or failed): send the request once, then only read. */
        if (write(stream->fd, request, request_len) != request_len) {
          events[i].events |= EPOLLERR;
        } else {
          struct epoll_event event = {.events = EPOLLIN, .data.u64 = events[i].data.u64};
          epoll_ctl(epoll, EPOLL_CTL_MOD, stream->fd, &event);
          continue;
        }
      }
      double now = now_ms();
      memcpy(buffer, stream->tail, stream->tail_len);
      ssize_t got = (events[i].events & EPOLLERR)
                        ? -1
                        : read(stream->fd, buffer + stream->tail_len, READ_MAX);
      if (got < 0 && (errno == EAGAIN || errno == EINTR)) continue;
      if (got <= 0) {
        epoll_ctl(epoll, EPOLL_CTL_DEL, stream->fd, NULL);
        close(stream->fd);
        if (!stream->answered) {
          stream->answered = 1;
          failed++;
          settled++;
          in_flight--;
        }
        continue;
      }
      int length = stream->tail_len + (int)got;
      if (!stream->answered) {
        stream->answered = 1;
        if (length < 12 || memcmp(buffer, "HTTP/1.1 200", 12) != 0) failed++;
        settled++;
        in_flight--;
      }
      int keep_from = scan(stream, buffer, length, stream->tail_len, now);
      int keep = length - keep_from;
      if (keep > TAIL_MAX) { /* a frame longer than the tail holds: drop its start */
        keep_from = length - TAIL_MAX;
        keep = TAIL_MAX;
      }
      stream->tail_stamp_ms = keep_from < stream->tail_len ? stream->tail_stamp_ms : now;
      memcpy(stream->tail, buffer + keep_from, keep);
      stream->tail_len = keep;
    }
  }
}
