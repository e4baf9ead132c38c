/*
 * The FLOP floor every benchmark figure is read against: one core's single-precision FMA rate, 12 independent
 * chains of vfmadd (enough to cover the FMA latency times the number of FMA pipes on Zen 3/4 and Intel cores).
 * Run before and after a benchmark on each core: a rate below the quiet one says the cores were shared.
 *
 *   cc -O2 -march=native -o fma_peak native/src/test/c/fma_peak.c
 *   taskset -c 0 ./fma_peak 256     # GFLOP/s with 8-float FMAs (AVX2 and FMA)
 *   taskset -c 1 ./fma_peak 512     # with 16-float FMAs (AVX-512F; on Zen 4 the same rate, two halves a cycle)
 *
 * The unroll pragma keeps the chains in registers (without it gcc -O2 loops over an array in memory).
 * Prints the best of seven rounds of 24 million vector FMAs each (a few milliseconds), in GFLOP/s (an FMA counts
 * two FLOPs a lane).
 */
#include <immintrin.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

#define CHAINS 12

/* One width's loop: CHAINS accumulators, each acc = acc * a + b, then their sum (every chain read, so none is dropped). */
#define CHAIN_LOOP(name, vec, set1, fmadd, add, first)                                   \
    __attribute__((noinline)) static float name(long iterations) {                    \
        vec acc[CHAINS];                                                              \
        vec a = set1(0.999999f), b = set1(1e-7f);                                     \
        for (int c = 0; c < CHAINS; c++) acc[c] = set1((float) c);                    \
        for (long i = 0; i < iterations; i++) {                                       \
            _Pragma("GCC unroll 12")                                                  \
            for (int c = 0; c < CHAINS; c++) acc[c] = fmadd(acc[c], a, b);            \
        }                                                                             \
        vec s = acc[0];                                                               \
        for (int c = 1; c < CHAINS; c++) s = add(s, acc[c]);                          \
        return first(s);                                                              \
    }

CHAIN_LOOP(run256, __m256, _mm256_set1_ps, _mm256_fmadd_ps, _mm256_add_ps, _mm256_cvtss_f32)
#ifdef __AVX512F__
CHAIN_LOOP(run512, __m512, _mm512_set1_ps, _mm512_fmadd_ps, _mm512_add_ps, _mm512_cvtss_f32)
#endif

int main(int argc, char **argv) {
    int width = argc > 1 ? atoi(argv[1]) : 256;
    if (width != 256 && width != 512) {
        fprintf(stderr, "usage: fma_peak [256|512]\n");
        return 2;
    }
#ifndef __AVX512F__
    if (width == 512) {
        fprintf(stderr, "fma_peak: built without AVX-512F (build with -march=native on an AVX-512 CPU)\n");
        return 2;
    }
#endif
    long iterations = 2000000;
    double best = 0;
    float sink = 0;
    for (int round = 0; round < 7; round++) {
        double t0 = now();
#ifdef __AVX512F__
        sink += width == 512 ? run512(iterations) : run256(iterations);
#else
        sink += run256(iterations);
#endif
        double seconds = now() - t0;
        double gflops = 2.0 * CHAINS * (width / 32) * iterations / seconds * 1e-9;
        if (gflops > best) best = gflops;
    }
    printf("%.1f\n", best);
    return sink == 12345.0f ? 1 : 0;   /* keeps the chains live */
}
