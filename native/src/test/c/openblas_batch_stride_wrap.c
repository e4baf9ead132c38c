/*
 * Reproduces an offset overflow in OpenBLAS 0.3.31's cblas_sgemm_batch_strided (the build in
 * org.bytedeco:openblas 0.3.31-1.5.13): item i's operands are found at i * stride computed in 32-bit ints, so
 * when (count - 1) * stride reaches 2^31 floats an item is read or written 2^32 floats away from where it
 * belongs: here 8 GiB before C. Blas.sgemmBatchStrided loops over cblas_sgemm for such strides
 * (Quirks.batchOffsetsFitInt); OpenBlasReadAndWrapReproTest builds and runs this file.
 *
 * Run:  ./openblas_batch_stride_wrap STRIDE_C      (3 items of 101 x 101 x 101; C lies 8 GiB into a mapping)
 *   ./openblas_batch_stride_wrap 1073741824   # 2 * stride = 2^31: item 2 lands 8 GiB before C, prints "wrapped"
 *   ./openblas_batch_stride_wrap 1073741823   # prints "ok"
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include "cblas.h"

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s STRIDE_C\n", argv[0]);
        return 2;
    }
    long stride = atol(argv[1]);
    const int n = 101, count = 3; /* M*N*K above 1,000,000: past the small-batch crash (sgemm_batch_small_crash.c) */
    long before = 1L << 31; /* floats of room in front of C: 8 GiB */
    long floats = before + (count - 1) * stride + (long) n * n;
    float *map = mmap(NULL, floats * sizeof(float), PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (map == MAP_FAILED) {
        perror("mmap");
        return 2;
    }
    float *c = map + before;
    float *a = malloc(sizeof(float) * n * n), *b = malloc(sizeof(float) * n * n);
    for (int i = 0; i < n * n; i++) {
        a[i] = 1;
        b[i] = 1;
    }
    printf("config=%s core=%s strideC=%ld\n", openblas_get_config(), openblas_get_corename(), stride);
    fflush(stdout);
    cblas_sgemm_batch_strided(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1, a, n, 0, b, n, 0, 0, c, n,
                              stride, count);
    int ok = 1;
    for (int item = 0; item < count; item++) {
        float got = c[item * stride + (long) n * n - 1];
        if (got != n) {
            printf("item %d: C's last element is %g, expected %d\n", item, got, n);
            ok = 0;
        }
    }
    if (map[0] != 0) {
        printf("wrapped: %g written 8 GiB before C\n", map[0]);
        ok = 0;
    }
    printf(ok ? "ok\n" : "wrong\n");
    return ok ? 0 : 1;
}
