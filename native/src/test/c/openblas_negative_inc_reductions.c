/*
 * OpenBLAS 0.3.31: reductions given a negative incx. x points at the lowest-addressed element, as BLAS wants
 * for negative increments (element i at x[(n-1-i)*|incx|]).
 *  - ?asum, ?sum, i?amax, i?amin, i?max, i?min return 0 (reference BLAS asum/iamax also return 0 for incx <= 0);
 *  - ?amax / ?amin step *below* x (x, x+incx, ...) and return values read from outside the vector.
 * ?nrm2 and ?dot handle incx < 0. The ffmblas facade passes incx through unchanged for all of these; it should
 * pass |incx| (order-independent results) and map the index of i?amax & co (i -> n-1-i).
 * Found by bindings/src/test/java/io/github/ffmblas/bindings/RealBlasOracleLevel1Test.
 */
#include <stdio.h>
#include <cblas.h>

int main(void) {
    double guard[64];
    for (int i = 0; i < 64; i++) guard[i] = 1e300; /* what lies below x */
    double *x = guard + 32;                            /* 7 elements, incx = -2: x[0], x[2], ..., x[12] */
    for (int i = 0; i < 13; i++) x[i] = 0.5 + i * 0.01;
    int n = 7, inc = -2;
    printf("dasum  %g (expected %g)\n", cblas_dasum(n, x, inc), cblas_dasum(n, x, 2));
    printf("dsum   %g (expected %g)\n", cblas_dsum(n, x, inc), cblas_dsum(n, x, 2));
    printf("damax  %g (expected %g)\n", cblas_damax(n, x, inc), cblas_damax(n, x, 2));
    printf("damin  %g (expected %g)\n", cblas_damin(n, x, inc), cblas_damin(n, x, 2));
    printf("idamax %zu (expected %d: the last element in memory is element 0)\n", (size_t) cblas_idamax(n, x, inc), 0);
    printf("idamin %zu (expected %d)\n", (size_t) cblas_idamin(n, x, inc), n - 1);
    printf("dnrm2  %g (expected %g)\n", cblas_dnrm2(n, x, inc), cblas_dnrm2(n, x, 2));
    return 0;
}
