package io.github.ffmblas.netlib.internal;

import java.util.Objects;
import org.netlib.util.doubleW;
import org.netlib.util.floatW;

/**
 * ?rotmg for d1 &lt;= 0, answered here as reference BLAS (and netlib's F2jBLAS) answers it, because OpenBLAS 0.3.31
 * does not (native/src/test/c/openblas_rotmg_negative_d1.c):
 * <ul>
 *   <li>d1 &lt; 0 with d2 = 0 or y1 = 0: OpenBLAS tests d2 * y1 == 0 first and returns flag -2, leaving d1 &lt; 0,
 *       d2 and x1 as they were; reference BLAS tests d1 &lt; 0 first and zeroes d1, d2, x1 and H (flag -1);</li>
 *   <li>d1 = 0: OpenBLAS returns h22 = 0 where reference BLAS has x1 / y1.</li>
 * </ul>
 * Other d1 &lt; 0 inputs agree, but the whole of d1 &lt;= 0 comes here (FfmBLAS tests {@code d1.val <= 0}), where
 * it is a few comparisons.
 * Found by FfmBLASOracleTest (FfmBLAS against F2jBLAS).
 */
public final class RotmgQuirk {
    /** Reference BLAS's rescaling constants: d1 and d2 are kept within [1/gam^2, gam^2], gam = 4096. */
    private static final double GAM = 4096;
    private static final double GAMSQ = 16777216;
    private static final double RGAMSQ = 5.9604645e-8;
    private static final float GAM_F = 4096;
    private static final float GAMSQ_F = 16777216;
    private static final float RGAMSQ_F = 5.9604645e-8f;

    private RotmgQuirk() {}

    /**
     * What reference BLAS would rescale for ever (d1 becomes d2 here, negative or infinite), refused instead of
     * looping: FfmBLAS's other ?rotmg inputs get the same refusal from the facade ({@code Quirks.rotmgNeverEnds}).
     */
    private static IllegalArgumentException neverEnds(String routine, double d2, double y1) {
        return new IllegalArgumentException(routine + ": d1=0, d2=" + d2 + ", y1=" + y1
                + " make the rotation's d1 negative or infinite, which BLAS rescales for ever (a hang)");
    }

    /**
     * Reference BLAS's ?rotmg for d1 &lt;= 0 (the caller checks): with d1 &lt; 0 everything is zeroed (flag -1); with
     * d1 = 0 and d2 * y1 = 0 only the flag (-2) is written; with d1 = 0 and d2 * y1 * y1 &lt; 0 everything is zeroed;
     * otherwise flag 1 with h11 = 0, h22 = x1 / y1, and d1, x1 become d2, y1 (rescaled by gam if d2 is out of
     * range, which makes the flag -1), d2 becomes 0.
     */
    public static void drotmg(doubleW d1, doubleW d2, doubleW x1, double y1, double[] param, int offset) {
        Objects.checkFromIndexSize(offset, 5, param.length); // netlib checks only offset + 4; this writes first
        if (d1.val < 0) {
            zero(d1, d2, x1, param, offset);
            return;
        }
        double p2 = d2.val * y1;
        if (p2 == 0) {
            param[offset] = -2;
            return;
        }
        if (p2 * y1 < 0) {
            zero(d1, d2, x1, param, offset);
            return;
        }
        double flag = 1;
        double h11 = 0;
        double h12 = 0;
        double h21 = 0;
        double h22 = x1.val / y1;
        double dd1 = d2.val;
        double dx1 = y1;
        if (dd1 < 0 || Double.isInfinite(dd1)) { // d2 * y1 * y1 underflowed to -0.0, or d2 is infinite
            throw neverEnds("drotmg", d2.val, y1);
        }
        if (dd1 != 0) {
            while (dd1 <= RGAMSQ || dd1 >= GAMSQ) {
                // flag 1 (the only one here) turns into -1 with H written out in full
                flag = -1;
                h21 = -1;
                h12 = 1;
                if (dd1 <= RGAMSQ) {
                    dd1 *= GAM * GAM;
                    dx1 /= GAM;
                    h11 /= GAM;
                    h12 /= GAM;
                } else {
                    dd1 /= GAM * GAM;
                    dx1 *= GAM;
                    h11 *= GAM;
                    h12 *= GAM;
                }
            }
        }
        d1.val = dd1;
        d2.val = 0;
        x1.val = dx1;
        param[offset] = flag;
        if (flag < 0) {
            param[offset + 1] = h11;
            param[offset + 2] = h21;
            param[offset + 3] = h12;
            param[offset + 4] = h22;
        } else {
            param[offset + 1] = h11;
            param[offset + 4] = h22;
        }
    }

    private static void zero(doubleW d1, doubleW d2, doubleW x1, double[] param, int offset) {
        d1.val = 0;
        d2.val = 0;
        x1.val = 0;
        param[offset] = -1;
        for (int i = 1; i < 5; i++) {
            param[offset + i] = 0;
        }
    }

    /**
     * Reference BLAS's ?rotmg for d1 &lt;= 0 (the caller checks): with d1 &lt; 0 everything is zeroed (flag -1); with
     * d1 = 0 and d2 * y1 = 0 only the flag (-2) is written; with d1 = 0 and d2 * y1 * y1 &lt; 0 everything is zeroed;
     * otherwise flag 1 with h11 = 0, h22 = x1 / y1, and d1, x1 become d2, y1 (rescaled by gam if d2 is out of
     * range, which makes the flag -1), d2 becomes 0.
     */
    public static void srotmg(floatW d1, floatW d2, floatW x1, float y1, float[] param, int offset) {
        Objects.checkFromIndexSize(offset, 5, param.length); // netlib checks only offset + 4; this writes first
        if (d1.val < 0) {
            zero(d1, d2, x1, param, offset);
            return;
        }
        float p2 = d2.val * y1;
        if (p2 == 0) {
            param[offset] = -2;
            return;
        }
        if (p2 * y1 < 0) {
            zero(d1, d2, x1, param, offset);
            return;
        }
        float flag = 1;
        float h11 = 0;
        float h12 = 0;
        float h21 = 0;
        float h22 = x1.val / y1;
        float dd1 = d2.val;
        float dx1 = y1;
        if (dd1 < 0 || Float.isInfinite(dd1)) { // d2 * y1 * y1 underflowed to -0.0, or d2 is infinite
            throw neverEnds("srotmg", d2.val, y1);
        }
        if (dd1 != 0) {
            while (dd1 <= RGAMSQ_F || dd1 >= GAMSQ_F) {
                // flag 1 (the only one here) turns into -1 with H written out in full
                flag = -1;
                h21 = -1;
                h12 = 1;
                if (dd1 <= RGAMSQ_F) {
                    dd1 *= GAM_F * GAM_F;
                    dx1 /= GAM_F;
                    h11 /= GAM_F;
                    h12 /= GAM_F;
                } else {
                    dd1 /= GAM_F * GAM_F;
                    dx1 *= GAM_F;
                    h11 *= GAM_F;
                    h12 *= GAM_F;
                }
            }
        }
        d1.val = dd1;
        d2.val = 0;
        x1.val = dx1;
        param[offset] = flag;
        if (flag < 0) {
            param[offset + 1] = h11;
            param[offset + 2] = h21;
            param[offset + 3] = h12;
            param[offset + 4] = h22;
        } else {
            param[offset + 1] = h11;
            param[offset + 4] = h22;
        }
    }

    private static void zero(floatW d1, floatW d2, floatW x1, float[] param, int offset) {
        d1.val = 0;
        d2.val = 0;
        x1.val = 0;
        param[offset] = -1;
        for (int i = 1; i < 5; i++) {
            param[offset + i] = 0;
        }
    }
}
