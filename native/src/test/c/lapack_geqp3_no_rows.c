/*
 * LAPACK 3.12.0 (as OpenBLAS 0.3.31 ships it): ?geqp3 with M = 0 and N > 0 documents, checks and answers a
 * workspace of 1 (min(M, N) = 0), yet when JPVT marks a column as fixed (JPVT(j) != 0) it calls
 * ?ORMQR('L', 'T', 0, N - 0, 0, ...) with that LWORK, which needs max(1, N): xerbla prints "On entry to DORMQR
 * parameter number 12 had an illegal value" and ?geqp3 returns INFO = -12, a parameter it does not have.
 * With LWORK >= N the call succeeds. io.github.ffmblas.bindings.Lapack asks ?geqp3 for max(1, N) when min(M, N) = 0.
 * Found by bindings/src/test/java/io/github/ffmblas/bindings/LapackFuzzTest.
 *
 *   gcc lapack_geqp3_no_rows.c -L<dir of libopenblas.so.0> -l:libopenblas.so.0 && LD_LIBRARY_PATH=<dir> ./a.out
 */
#include <stdio.h>

extern void sgeqp3_(const int *m, const int *n, float *a, const int *lda, int *jpvt, float *tau, float *work,
                    const int *lwork, int *info);
extern void dgeqp3_(const int *m, const int *n, double *a, const int *lda, int *jpvt, double *tau, double *work,
                    const int *lwork, int *info);

int main(void) {
    float a[1] = {0}, tau[1], work[16];
    double da[1] = {0}, dtau[1], dwork[16];
    int m = 0, n = 7, lda = 1, info;
    int lworks[] = {1, 6, 7};
    for (int i = 0; i < 3; i++) {
        int jpvt[7] = {1, 0, 0, 0, 0, 0, 0}; /* column 1 fixed */
        sgeqp3_(&m, &n, a, &lda, jpvt, tau, work, &lworks[i], &info);
        printf("sgeqp3 M=0 N=7 JPVT(1)=1 LWORK=%d: INFO=%d\n", lworks[i], info);
        int djpvt[7] = {1, 0, 0, 0, 0, 0, 0};
        dgeqp3_(&m, &n, da, &lda, djpvt, dtau, dwork, &lworks[i], &info);
        printf("dgeqp3 M=0 N=7 JPVT(1)=1 LWORK=%d: INFO=%d\n", lworks[i], info);
    }
    return 0;
}
