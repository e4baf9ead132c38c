/*
 * Attention's projection GEMM on OpenBLAS, C = X W^T with W the [2304, 768] fused Q/K/V weight (row-major, B
 * transposed, as ffmblas calls it), at M = 64 ... 2048 rows, one thread: GFLOP/s per M, and the least-squares fit
 * t(M) = fixed + M * per_row. A fixed cost per call that does not shrink with M (OpenBLAS packs all of W on every
 * call) shows as GFLOP/s rising with M. Used for docs/performance.md's AVX2 section.
 *
 *   gcc -O2 openblas_projection_by_rows.c -I<include> -L<dir> -l:libopenblas.so.0 && LD_LIBRARY_PATH=<dir> ./a.out
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <cblas.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(void) {
    const int n = 2304, k = 768;
    const int rows[] = {64, 128, 256, 512, 1024, 2048};
    const int count = sizeof rows / sizeof rows[0];
    openblas_set_num_threads(1);
    printf("%s, core %s, 1 thread\n", openblas_get_config(), openblas_get_corename());
    float *w = malloc(sizeof(float) * n * k);
    float *x = malloc(sizeof(float) * 2048 * k);
    float *c = malloc(sizeof(float) * 2048 * n);
    for (long i = 0; i < (long) n * k; i++) w[i] = (float) (i % 7) * 0.01f;
    for (long i = 0; i < 2048L * k; i++) x[i] = (float) (i % 5) * 0.01f;
    double ms[6];
    for (int r = 0; r < count; r++) {
        int m = rows[r];
        int reps = 2048 / m * 4;
        double best = 1e30;
        for (int round = 0; round < 7; round++) {
            double t0 = now();
            for (int i = 0; i < reps; i++) {
                cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, m, n, k, 1.0f, x, k, w, k, 0.0f, c, n);
            }
            double t = (now() - t0) / reps;
            if (t < best) best = t;
        }
        ms[r] = best * 1e3;
        printf("M=%4d: %.3f ms, %.1f GFLOP/s\n", m, ms[r], 2.0 * m * n * k / best / 1e9);
    }
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (int r = 0; r < count; r++) {
        sx += rows[r]; sy += ms[r]; sxx += (double) rows[r] * rows[r]; sxy += rows[r] * ms[r];
    }
    double slope = (count * sxy - sx * sy) / (count * sxx - sx * sx);
    double fixed = (sy - slope * sx) / count;
    printf("fit: t(M) = %.3f ms + M x %.4f ms (the per-row rate alone: %.1f GFLOP/s)\n", fixed, slope,
           2.0 * n * k / (slope * 1e-3) / 1e9);
    free(w); free(x); free(c);
    return 0;
}
