/*
 * OpenBLAS 0.3.31 (x86_64 dynamic-arch build shipped by bytedeco 1.5.13): with incx = 1 and n >= 33,
 *  - cblas_ssum returns a wrong sum (dsum and ssum with incx = 2 are right);
 *  - cblas_dsdot loses precision: reference BLAS multiplies and sums in double (exact products of floats),
 *    OpenBLAS's result is off by ~1e-8 relative, as if the products or the sum were taken in float.
 * Found by bindings/src/test/java/io/github/ffmblas/bindings/RealBlasOracleLevel1Test.
 * Build: gcc -O1 -I<include> openblas_ssum_dsdot_unit_stride.c -L<dir> -l:libopenblas.so.0 -Wl,-rpath,<dir>
 */
#include <stdio.h>
#include <stdlib.h>
#include <cblas.h>

float ssum_ref(int n, const float *x, int inc) { double s = 0; for (int i = 0; i < n; i++) s += x[i * inc]; return (float) s; }

int main(void) {
    int bad = 0;
    float x[300], y[300];
    srand(1);
    for (int i = 0; i < 300; i++) { x[i] = rand() / (float) RAND_MAX * 2 - 1; y[i] = rand() / (float) RAND_MAX * 2 - 1; }
    int sizes[] = {7, 16, 32, 33, 64, 130};
    for (int k = 0; k < 6; k++) {
        int n = sizes[k];
        float got1 = cblas_ssum(n, x, 1), want1 = ssum_ref(n, x, 1);
        float got2 = cblas_ssum(n, x, 2), want2 = ssum_ref(n, x, 2);
        double dsd = cblas_dsdot(n, x, 1, y, 1), exact = 0;
        for (int i = 0; i < n; i++) exact += (double) x[i] * (double) y[i];
        printf("n=%3d ssum inc1: got %.7g want %.7g | inc2: got %.7g want %.7g | dsdot: got %.17g want %.17g (diff %.2g)\n",
               n, got1, want1, got2, want2, dsd, exact, dsd - exact);
        if (got1 - want1 > 1e-4 * n || want1 - got1 > 1e-4 * n) bad = 1;
        if (dsd - exact > 1e-13 || exact - dsd > 1e-13) bad = 1;
    }
    printf(bad ? "MISMATCH\n" : "ok\n");
    return bad;
}
