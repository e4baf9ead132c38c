package io.github.ffmblas.netlib.internal;

import org.netlib.util.doubleW;
import org.netlib.util.floatW;

/**
 * ?rotmg with d1 &lt; 0, answered here as reference BLAS answers it: OpenBLAS 0.3.31 tests d2 * y1 == 0 before
 * d1 &lt; 0, so with d1 &lt; 0 and d2 = 0 or y1 = 0 it returns flag -2 and leaves d1, d2 and x1 as they were, where
 * reference BLAS (and netlib's F2jBLAS) zeroes them and returns flag -1 with H = 0
 * (native/src/test/c/openblas_rotmg_negative_d1.c). For every other d1 &lt; 0 the two agree, so all of d1 &lt; 0 comes
 * here.
 */
public final class RotmgQuirk {
    private RotmgQuirk() {}

    public static boolean daffected(double d1) {
        return d1 < 0;
    }

    public static boolean saffected(float d1) {
        return d1 < 0;
    }

    /** Reference BLAS's answer for d1 &lt; 0: flag -1, H = 0, d1 = d2 = x1 = 0. */
    public static void drotmg(doubleW d1, doubleW d2, doubleW x1, double[] param, int offset) {
        d1.val = 0;
        d2.val = 0;
        x1.val = 0;
        param[offset] = -1;
        for (int i = 1; i < 5; i++) {
            param[offset + i] = 0;
        }
    }

    public static void srotmg(floatW d1, floatW d2, floatW x1, float[] param, int offset) {
        d1.val = 0;
        d2.val = 0;
        x1.val = 0;
        param[offset] = -1;
        for (int i = 1; i < 5; i++) {
            param[offset + i] = 0;
        }
    }
}
