/* The clocks of the bench's C load generators (watcherClients.c, signInCrowd.c). */
#ifndef GRIDMIND_LOAD_CLOCK_H
#define GRIDMIND_LOAD_CLOCK_H

#include <sys/resource.h>
#include <time.h>

/* Milliseconds on `clock`: CLOCK_REALTIME to compare with the server's stamps, else MONOTONIC. */
static inline double clock_ms(clockid_t clock) {
  struct timespec ts;
  clock_gettime(clock, &ts);
  return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

/* CPU this process has used, user and system, in milliseconds. */
static inline double cpu_now_ms(void) {
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  return (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000.0 +
         (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1000.0;
}

#endif
