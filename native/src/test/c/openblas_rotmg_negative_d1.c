/*
 * OpenBLAS 0.3.31: ?rotmg given d1 < 0. Reference BLAS (drotmg.f, and netlib's F2jBLAS, its Java translation)
 * tests d1 < 0 first and then sets flag = -1, H = 0 and d1 = d2 = x1 = 0. OpenBLAS's rotmg.c tests d2 * y1 == 0
 * first: with d1 < 0 and d2 = 0 or y1 = 0 it returns flag = -2 and leaves d1 < 0, d2, x1 as they were. Other
 * d1 < 0 inputs agree with reference BLAS.
 * With d1 = 0 (and d2 * y1 * y1 > 0) reference BLAS returns flag 1, h11 = 0, h22 = x1 / y1; OpenBLAS h22 = 0.
 * io.github.ffmblas.netlib.internal.RotmgQuirk answers every d1 <= 0 in Java.
 * Found by netlib/src/test/java/io/github/ffmblas/netlib/FfmBLASLevel1Test (FfmBLAS against F2jBLAS).
 */
#include <stdio.h>
#include <cblas.h>

static void run_d(double d1, double d2, double x1, double y1) {
    double p[5] = {9, 9, 9, 9, 9};
    double a = d1, b = d2, x = x1;
    cblas_drotmg(&a, &b, &x, y1, p);
    printf("drotmg(d1=%g, d2=%g, x1=%g, y1=%g): d1=%g d2=%g x1=%g param=[%g %g %g %g %g]\n",
           d1, d2, x1, y1, a, b, x, p[0], p[1], p[2], p[3], p[4]);
}

static void run_s(float d1, float d2, float x1, float y1) {
    float p[5] = {9, 9, 9, 9, 9};
    float a = d1, b = d2, x = x1;
    cblas_srotmg(&a, &b, &x, y1, p);
    printf("srotmg(d1=%g, d2=%g, x1=%g, y1=%g): d1=%g d2=%g x1=%g param=[%g %g %g %g %g]\n",
           d1, d2, x1, y1, a, b, x, p[0], p[1], p[2], p[3], p[4]);
}

int main(void) {
    printf("reference BLAS for d1 < 0: d1=0 d2=0 x1=0 param=[-1 0 0 0 0]\n");
    run_d(-2, 3, 0.5, 0.7);
    run_d(-0.5, 0.25, 2, -1);
    run_s(-2, 3, 0.5f, 0.7f);
    run_s(-0.5f, 0.25f, 2, -1);
    printf("d1 < 0 and d2 * y1 = 0:\n");
    run_d(-2, 3, 0.5, 0);
    run_d(-2, 0, 0.5, 0.7);
    run_s(-2, 3, 0.5f, 0);
    printf("d1 = 0: reference BLAS gives d1=3 d2=0 x1=0.7 param=[1 0 . . 0.714286]\n");
    run_d(0, 3, 0.5, 0.7);
    run_s(0, 3, 0.5f, 0.7f);
    printf("d1 > 0, for comparison:\n");
    run_d(2, 3, 0.5, 0.7);
    return 0;
}
