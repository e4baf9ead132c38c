/*
 * Builds of the packed kernel (native/src/main/kernels/ffmblas_kernels.c, compiled with different flags or macros
 * into shared libraries) timed against the first one at attention's products, one thread, in interleaved rounds (the
 * order rotating), so a drift of the machine's speed hits every build alike; the ratio is the median of the rounds'
 * build / first. Each build's C is first checked against the first's. The first library twice (as a copy) shows the
 * noise. For what the code's layout alone does, which a change of blocking cannot show.
 *
 *   cc -O2 native/src/test/c/kernel_builds.c -lm -ldl -o builds && ./builds ./shipped.so ./variant.so ./shipped-copy.so
 */
#define _POSIX_C_SOURCE 199309L
#include <dlfcn.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef void (*gemm_fn)(int32_t, int32_t, int32_t, const float *, int64_t, int64_t, const float *, int64_t,
                        const float *, int64_t, float *, int64_t, int64_t);
typedef void (*pack_fn)(int32_t, int32_t, const float *, int64_t, int64_t, float *, int64_t);
#define MAX_BUILDS 16
#define ROUNDS 31

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }

static int by_value(const void *a, const void *b) {
    double x = *(const double *) a, y = *(const double *) b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
    int builds = argc - 1;
    if (builds < 2 || builds > MAX_BUILDS) {
        fprintf(stderr, "usage: %s first.so other.so... (2 to %d libraries)\n", argv[0], MAX_BUILDS);
        return 2;
    }
    gemm_fn gemm[MAX_BUILDS];
    pack_fn pack = NULL;
    for (int v = 0; v < builds; v++) {
        void *lib = dlopen(argv[v + 1], RTLD_NOW | RTLD_LOCAL);
        if (!lib || !(gemm[v] = (gemm_fn) dlsym(lib, "ffmblas_sgemm_packed"))) {
            fprintf(stderr, "%s: %s\n", argv[v + 1], dlerror());
            return 1;
        }
        if (v == 0) pack = (pack_fn) dlsym(lib, "ffmblas_pack_rows");
    }
    /* The projections of the default shapes (x W^T: L = 128 and 512 at d = 768, B x L = 1024 at d = 512), a head's
     * logits (Q K^T, 64 deep) and context (P V). */
    int shapes[][3] = {{128, 2304, 768}, {128, 768, 768}, {512, 2304, 768}, {1024, 1536, 512}, {1024, 512, 512},
                       {128, 128, 64}, {512, 512, 64}, {512, 64, 512}};
    printf("each build / %s, median of %d interleaved rounds (best GFLOP/s)\n", argv[1], ROUNDS);
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        int m = shapes[s][0], n = shapes[s][1], k = shapes[s][2];
        float *x = aligned_alloc(64, 4L * m * k), *w = malloc(4L * n * k), *b = malloc(4L * n);
        float *c = aligned_alloc(64, 4L * m * n), *pk = aligned_alloc(64, 4L * ((n + 15) / 16) * 16 * k);
        float *first = malloc(4L * m * n);
        for (long i = 0; i < (long) m * k; i++) x[i] = (float) ((i * 7919) % 13 - 6) * 0.1f;
        for (long i = 0; i < (long) n * k; i++) w[i] = (float) ((i * 104729) % 11 - 5) * 0.1f;
        for (int i = 0; i < n; i++) b[i] = i * 0.01f;
        pack(n, k, w, 0, k, pk, 0);
        for (int v = 0; v < builds; v++) {
            memset(c, 0, 4L * m * n);
            gemm[v](m, n, k, x, 0, k, pk, 0, b, 0, c, 0, n);
            if (v == 0) memcpy(first, c, 4L * m * n);
            for (long i = 0; i < (long) m * n; i++) {
                if (!(fabsf(c[i] - first[i]) <= 1e-4f * (1 + fabsf(first[i])) * sqrtf((float) k))) {
                    printf("%s differs from %s at %d x %d x %d, element %ld\n", argv[v + 1], argv[1], m, n, k, i);
                    return 1;
                }
            }
        }
        double flops = 2.0 * m * n * k, t[MAX_BUILDS][ROUNDS];
        int reps = (int) (0.3e9 / flops) + 1;
        for (int r = -1; r < ROUNDS; r++) {
            for (int i = 0; i < builds; i++) {
                int v = (i + (r < 0 ? 0 : r)) % builds;
                double t0 = now();
                for (int q = 0; q < reps; q++) gemm[v](m, n, k, x, 0, k, pk, 0, b, 0, c, 0, n);
                if (r >= 0) t[v][r] = (now() - t0) / reps;
            }
        }
        printf("%4d x %4d x %4d:", m, n, k);
        for (int v = 0; v < builds; v++) {
            double ratio[ROUNDS], best = 1e30;
            for (int r = 0; r < ROUNDS; r++) {
                ratio[r] = t[v][r] / t[0][r];
                if (t[v][r] < best) best = t[v][r];
            }
            qsort(ratio, ROUNDS, sizeof(double), by_value);
            if (v == 0) printf(" %.1f GF/s |", flops / best / 1e9);
            else printf(" %.3f (%.1f) |", ratio[ROUNDS / 2], flops / best / 1e9);
        }
        printf("\n");
        fflush(stdout);
        free(x); free(w); free(b); free(c); free(pk); free(first);
    }
    printf("columns:");
    for (int v = 0; v < builds; v++) printf(" %s |", argv[v + 1]);
    printf("\n");
    return 0;
}
