/*
 * The FLOP floor every benchmark figure is read against: one core's single-precision FMA rate, 12 independent
 * chains of vfmadd (enough to cover the FMA latency times the number of FMA pipes on Zen 3/4 and Intel cores).
 * Run before and after a benchmark on each core: a rate below the quiet one says the cores were shared.
 *
 *   cc -O2 -march=native -o fma_peak native/src/test/c/fma_peak.c
 *   taskset -c 0 ./fma_peak 256     # GFLOP/s with 8-float FMAs (AVX2 and FMA)
 *   taskset -c 1 ./fma_peak 512     # with 16-float FMAs (AVX-512F; on Zen 4 the same rate, two halves a cycle)
 *
 * The pragmas keep the chains in registers (without them gcc -O2 loops over an array in memory).
 * Prints the best of seven rounds of about 0.1 s each, in GFLOP/s (an FMA counts two FLOPs a lane).
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

__attribute__((noinline)) static float run256(long iterations) {
    __m256 acc[CHAINS];
    __m256 a = _mm256_set1_ps(0.999999f), b = _mm256_set1_ps(1e-7f);
    for (int c = 0; c < CHAINS; c++) acc[c] = _mm256_set1_ps((float) c);
    for (long i = 0; i < iterations; i++) {
#pragma GCC unroll 12
        for (int c = 0; c < CHAINS; c++) acc[c] = _mm256_fmadd_ps(acc[c], a, b);
    }
    __m256 s = acc[0];
    for (int c = 1; c < CHAINS; c++) s = _mm256_add_ps(s, acc[c]);
    return _mm256_cvtss_f32(s);
}

#ifdef __AVX512F__
__attribute__((noinline)) static float run512(long iterations) {
    __m512 acc[CHAINS];
    __m512 a = _mm512_set1_ps(0.999999f), b = _mm512_set1_ps(1e-7f);
    for (int c = 0; c < CHAINS; c++) acc[c] = _mm512_set1_ps((float) c);
    for (long i = 0; i < iterations; i++) {
#pragma GCC unroll 12
        for (int c = 0; c < CHAINS; c++) acc[c] = _mm512_fmadd_ps(acc[c], a, b);
    }
    __m512 s = acc[0];
    for (int c = 1; c < CHAINS; c++) s = _mm512_add_ps(s, acc[c]);
    return _mm512_reduce_add_ps(s);
}
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
