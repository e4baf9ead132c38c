/*
 * What reading memory another core has just written costs on this machine, against reading one's own: a thread on
 * CPU 0 writes a buffer, then reads one float a cache line of it, or a thread on CPU 1 does. ForwardPlan's heads read
 * Q, K and V that either thread of a team may have written (docs/performance.md, "What still loses").
 *
 *   gcc -O2 -pthread native/src/test/c/cross_core_reads.c -o cross && ./cross 1 && ./cross 6   (MiB)
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static size_t floats;
static float *buffer;
static volatile float sink;
static double read_seconds;

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }

static void pin(int cpu) {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    pthread_setaffinity_np(pthread_self(), sizeof set, &set);
}

static void write_all(float v) { for (size_t i = 0; i < floats; i++) buffer[i] = v; }

static void read_all(void) {
    double t0 = now();
    float s = 0;
    for (size_t i = 0; i < floats; i += 16) s += buffer[i];
    sink = s;
    read_seconds = now() - t0;
}

static void *on_cpu1(void *unused) { (void) unused; pin(1); read_all(); return NULL; }

int main(int argc, char **argv) {
    floats = (size_t) atol(argc > 1 ? argv[1] : "1") * 1024 * 256;
    buffer = aligned_alloc(64, floats * sizeof(float));
    pin(0);
    for (int r = 0; r < 5; r++) {
        write_all((float) r);
        read_all();
        double own = read_seconds;
        write_all((float) r + 1);
        pthread_t t;
        pthread_create(&t, NULL, on_cpu1, NULL);
        pthread_join(t, NULL);
        printf("%s MiB written on CPU 0: read on CPU 0 %.1f us, on CPU 1 %.1f us (x%.2f)\n", argc > 1 ? argv[1] : "1",
               own * 1e6, read_seconds * 1e6, read_seconds / own);
    }
    return 0;
}
