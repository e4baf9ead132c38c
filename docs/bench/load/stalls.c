// The machine's own stalls, without a JVM: each of N threads reads the clock back to back for SECONDS and counts
// the gaps (time it was not running) over 0.1, 0.5, 1 and 3 ms, and the time lost in them.
// gcc -O2 -pthread -o /tmp/stalls docs/bench/load/stalls.c && /tmp/stalls 2 10
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double SECONDS = 10;
static long now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1000000000L + t.tv_nsec; }
static void *run(void *arg) {
  long c[4] = {0}, lost = 0, max = 0, start = now(), end = start + (long)(SECONDS * 1e9), prev = start;
  for (long t; (t = now()) < end; prev = t) {
    long g = t - prev;
    if (g > 100000) { c[0]++; lost += g; if (g > max) max = g; }
    if (g > 500000) c[1]++;
    if (g > 1000000) c[2]++;
    if (g > 3000000) c[3]++;
  }
  printf("thread %ld: gaps >0.1ms %ld, >0.5ms %ld, >1ms %ld, >3ms %ld; lost %.1f ms of %.0f s (%.3f%%), max %.2f ms\n",
         (long)arg, c[0], c[1], c[2], c[3], lost / 1e6, SECONDS, lost / (SECONDS * 1e7), max / 1e6);
  return NULL;
}
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 2;
  if (argc > 2) SECONDS = atof(argv[2]);
  pthread_t t[64];
  for (long i = 0; i < n; i++) pthread_create(&t[i], NULL, run, (void *)i);
  for (int i = 0; i < n; i++) pthread_join(t[i], NULL);
  return 0;
}
