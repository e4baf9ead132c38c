/*
 * The packed kernel's blocking (native/src/main/kernels/ffmblas_kernels.c) swept at attention's projection shapes:
 * each variant against the kernel's own choice, one thread, in interleaved rounds (the order rotating), so a drift
 * of the machine's speed hits every variant alike; the ratio is the median of the rounds' variant / own. Each
 * variant's C is first checked against own's (equal but for the rounding of the depth blocks' sums). Includes
 * the kernel's source with its blocking constants made variables.
 *
 *   gcc -O3 -mavx2 -mfma -falign-loops=64 -ffp-contract=off native/src/test/c/packed_sgemm_blocking.c -lm -o blocking
 *   ./blocking
 */
#define _POSIX_C_SOURCE 199309L /* clock_gettime under -std=c11 too */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int kc_max = 1024, mc_shallow = 132, mc_deep = 72, shallow = 768;
#define KC_MAX kc_max
#define MC_SHALLOW mc_shallow
#define MC_DEEP mc_deep
#define SHALLOW shallow
#include "../../main/kernels/ffmblas_kernels.c"

typedef struct { const char *name; int kc_max, mc_shallow, mc_deep, shallow; } variant;
static const variant variants[] = {
    {"own (1024 deep; 132 rows to 768 deep, else 72)", 1024, 132, 72, 768},
    {"512 deep, 72 rows (before)", 512, 72, 72, 0},
    {"512 deep, 132 rows", 512, 132, 132, 1024},
    {"1024 deep, 72 rows", 1024, 72, 72, 0},
    {"1024 deep, 132 rows", 1024, 132, 132, 1024},
    {"768 deep, 96 rows", 768, 96, 96, 1024},
    {"384 deep, 132 rows", 384, 132, 132, 1024},
};
#define VARIANTS (int) (sizeof variants / sizeof variants[0])
#define ROUNDS 11

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }

static int by_value(const void *a, const void *b) {
    double x = *(const double *) a, y = *(const double *) b;
    return x < y ? -1 : x > y;
}

int main(void) {
    int shapes[][3] = {{128, 2304, 768}, {128, 768, 768}, {512, 2304, 768}, {512, 768, 768}, {1024, 1536, 512},
                       {1024, 512, 512}, {2048, 3072, 1024}, {2048, 1024, 1024}, {128, 288, 768}, {1024, 192, 512}};
    printf("each variant / own, median of %d interleaved rounds (best GFLOP/s)\n", ROUNDS);
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        int m = shapes[s][0], n = shapes[s][1], k = shapes[s][2];
        float *x = aligned_alloc(64, 4L * m * k), *w = malloc(4L * n * k), *b = malloc(4L * n);
        float *c = aligned_alloc(64, 4L * m * n), *pk = aligned_alloc(64, 4L * ((n + 15) / 16) * 16 * k);
        for (long i = 0; i < (long) m * k; i++) x[i] = (float) ((i * 7919) % 13 - 6) * 0.1f;
        for (long i = 0; i < (long) n * k; i++) w[i] = (float) ((i * 104729) % 11 - 5) * 0.1f;
        for (int i = 0; i < n; i++) b[i] = i * 0.01f;
        ffmblas_pack_rows(n, k, w, 0, k, pk, 0);
        /* Every variant computes the same C but for the rounding of its depth blocks' sums. */
        float *own = malloc(4L * m * n);
        for (int v = 0; v < VARIANTS; v++) {
            kc_max = variants[v].kc_max; mc_shallow = variants[v].mc_shallow;
            mc_deep = variants[v].mc_deep; shallow = variants[v].shallow;
            ffmblas_sgemm_packed(m, n, k, x, 0, k, pk, 0, b, 0, c, 0, n);
            if (v == 0) memcpy(own, c, 4L * m * n);
            for (long i = 0; i < (long) m * n; i++) {
                if (!(fabsf(c[i] - own[i]) <= 1e-4f * (1 + fabsf(own[i])) * sqrtf((float) k))) {
                    printf("%s differs from own at %d x %d x %d, element %ld\n", variants[v].name, m, n, k, i);
                    return 1;
                }
            }
        }
        free(own);
        double flops = 2.0 * m * n * k, t[VARIANTS][ROUNDS];
        int reps = (int) (0.3e9 / flops) + 1;
        for (int r = -1; r < ROUNDS; r++) {
            for (int i = 0; i < VARIANTS; i++) {
                int v = (i + (r < 0 ? 0 : r)) % VARIANTS;
                kc_max = variants[v].kc_max; mc_shallow = variants[v].mc_shallow;
                mc_deep = variants[v].mc_deep; shallow = variants[v].shallow;
                double t0 = now();
                for (int q = 0; q < reps; q++) ffmblas_sgemm_packed(m, n, k, x, 0, k, pk, 0, b, 0, c, 0, n);
                if (r >= 0) t[v][r] = (now() - t0) / reps;
            }
        }
        printf("%4d x %4d x %4d:", m, n, k);
        for (int v = 0; v < VARIANTS; v++) {
            double ratio[ROUNDS], best = 1e30;
            for (int r = 0; r < ROUNDS; r++) { ratio[r] = t[v][r] / t[0][r]; if (t[v][r] < best) best = t[v][r]; }
            qsort(ratio, ROUNDS, sizeof(double), by_value);
            if (v == 0) printf(" own %.1f GF/s |", flops / best / 1e9);
            else printf(" %.3f (%.1f) |", ratio[ROUNDS / 2], flops / best / 1e9);
        }
        printf("\n");
        free(x); free(w); free(b); free(c); free(pk);
    }
    printf("columns after own:");
    for (int v = 1; v < VARIANTS; v++) printf(" %s |", variants[v].name);
    printf("\n");
    return 0;
}
