/*
 * Two disagreements of OpenBLAS 0.3.31 (org.bytedeco:openblas 0.3.31-1.5.13) with the facade's documented
 * semantics, found by ComplexLevel1OracleTest:
 *
 * 1. cblas_icmax / icmin / izmax / izmin (OpenBLAS extensions, "largest / smallest Re x_i + Im x_i") treat x as a
 *    REAL vector of n floats (doubles) with the given increment in floats: with x = 7 complex numbers and incx = 1
 *    they return the index of the largest / smallest of the first 7 floats (real and imaginary parts mixed).
 *    Expected here: icmax = 2 (Re+Im = 0.9), icmin = 1 (Re+Im = -0.85); 0.3.31 prints 5 and 2.
 *
 * 2. With incx < 0 the reductions asum, sum (s, d, sc, dz), i?amax, i?amin, i?max, i?min return 0 (as reference
 *    BLAS does for incx <= 0), and ?amax / sc?amax read outside the vector (garbage such as 3.7e19 for x whose
 *    largest |x_i| is 0.9). Only ?nrm2 handles incx < 0 (the real cases: openblas_negative_inc_reductions.c).
 *
 * Guards (bindings' Quirks): 1. complexIndexOfExtreme computes icmax & co in Java; 2. the value reductions get
 * |incx| (reductionIncrement: order does not matter), the index routines refuse incx < 0 (forwardIndex).
 *
 * Build (INC: cblas.h and openblas_config.h from the jar, LIB: the directory of libopenblas.so.0):
 *   cc -O1 -o complex_reductions complex_reductions.c -I"$INC" -L"$LIB" -l:libopenblas.so.0 -Wl,-rpath,"$LIB"
 */
#include <stdio.h>
#include "cblas.h"

int main(void) {
    float x[14] = {0.1f, 0.2f, -0.9f, 0.05f, 0.3f, 0.6f, 0.5f, -0.8f, -0.2f, -0.3f, 0.7f, 0.0f, 0.0f, 0.4f};
    double d[14];
    for (int i = 0; i < 14; i++) d[i] = x[i];
    int n = 7;
    printf("complex x, n=7:\n");
    printf("icmax %d (expected 2)  icmin %d (expected 1)\n", (int)cblas_icmax(n, x, 1), (int)cblas_icmin(n, x, 1));
    printf("izmax %d (expected 2)  izmin %d (expected 1)\n", (int)cblas_izmax(n, d, 1), (int)cblas_izmin(n, d, 1));
    printf("incx = 1 vs incx = -1 (the same elements in reverse order):\n");
    printf("scasum %g %g\n", cblas_scasum(n, x, 1), cblas_scasum(n, x, -1));
    printf("scsum  %g %g\n", cblas_scsum(n, x, 1), cblas_scsum(n, x, -1));
    printf("scamax %g %g\n", cblas_scamax(n, x, 1), cblas_scamax(n, x, -1));
    printf("scamin %g %g\n", cblas_scamin(n, x, 1), cblas_scamin(n, x, -1));
    printf("icamax %d %d (expected 3, 6-3=3)\n", (int)cblas_icamax(n, x, 1), (int)cblas_icamax(n, x, -1));
    printf("scnrm2 %g %g (fine)\n", cblas_scnrm2(n, x, 1), cblas_scnrm2(n, x, -1));
    n = 14;
    printf("real x, n=14, incx = 1 vs -1:\n");
    printf("sasum %g %g  ssum %g %g\n", cblas_sasum(n, x, 1), cblas_sasum(n, x, -1), cblas_ssum(n, x, 1), cblas_ssum(n, x, -1));
    printf("samax %g %g  samin %g %g\n", cblas_samax(n, x, 1), cblas_samax(n, x, -1), cblas_samin(n, x, 1), cblas_samin(n, x, -1));
    printf("isamax %d %d  ismax %d %d\n", (int)cblas_isamax(n, x, 1), (int)cblas_isamax(n, x, -1),
           (int)cblas_ismax(n, x, 1), (int)cblas_ismax(n, x, -1));
    printf("dasum %g %g  damax %g %g\n", cblas_dasum(n, d, 1), cblas_dasum(n, d, -1), cblas_damax(n, d, 1), cblas_damax(n, d, -1));
    return 0;
}
