/*
 * Reproduces a crash in OpenBLAS 0.3.31 built with DYNAMIC_ARCH (the build in org.bytedeco:openblas
 * 0.3.31-1.5.13): cblas_sgemm_batch_strided dies with SIGSEGV whenever M*N*K <= 1,000,000. Fixed upstream by
 * OpenBLAS PR #5980. Blas.sgemmBatchStrided avoids it (Blas.SMALL_BATCH_CRASH_LIMIT); SmallBatchCrashReproTest
 * builds and runs this file to tell when the guard is still needed.
 *
 * Build, with INC holding cblas.h and openblas_config.h and LIB holding libopenblas.so.0:
 *   cc -O1 -o sgemm_batch_small_crash sgemm_batch_small_crash.c -I"$INC" -L"$LIB" -l:libopenblas.so.0 \
 *      -Wl,-rpath,"$LIB"
 * Run:  ./sgemm_batch_small_crash M N K [BATCH]      (BATCH defaults to 4)
 *   ./sgemm_batch_small_crash 130 130 33 1   # M*N*K =   557,700: crashes with 0.3.31
 *   ./sgemm_batch_small_crash 128 128 64 1   # M*N*K = 1,048,576: prints "ok"
 */
#include <stdio.h>
#include <stdlib.h>
#include "cblas.h"

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: %s M N K [BATCH]\n", argv[0]);
        return 2;
    }
    int M = atoi(argv[1]), N = atoi(argv[2]), K = atoi(argv[3]);
    int batch = argc > 4 ? atoi(argv[4]) : 4;

    printf("config=%s core=%s threads=%d\n", openblas_get_config(), openblas_get_corename(),
           openblas_get_num_threads());
    fflush(stdout); /* keep this line even if the call below crashes */

    float *A = calloc((size_t)M * K * batch, sizeof(float));
    float *B = calloc((size_t)K * N * batch, sizeof(float));
    float *C = calloc((size_t)M * N * batch, sizeof(float));
    if (!A || !B || !C) {
        fprintf(stderr, "out of memory\n");
        return 2;
    }
    for (long i = 0; i < (long)M * K * batch; i++) A[i] = 1;
    for (long i = 0; i < (long)K * N * batch; i++) B[i] = 1;

    /* Row-major, items one after another: every element of C should become K. */
    cblas_sgemm_batch_strided(CblasRowMajor, CblasNoTrans, CblasNoTrans, M, N, K, 1.0f, A, K, M * K,
                              B, N, K * N, 0.0f, C, N, M * N, batch);

    printf("M=%d N=%d K=%d MNK=%ld ok C[0]=%g (expect %d)\n", M, N, K, (long)M * N * K, C[0], K);
    free(A);
    free(B);
    free(C);
    return 0;
}
