package io.github.ffmblas.netlib;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.netlib.util.doubleW;
import org.netlib.util.floatW;

/**
 * ?rotmg inputs that reference BLAS rescales for ever (F2jBLAS loops on them; OpenBLAS did too, inside a critical
 * downcall that stopped the whole JVM) are refused, through the facade (d1 &gt; 0) and through RotmgQuirk (d1 = 0).
 */
class RotmgNeverEndsTest {
    private final FfmBLAS blas = FfmBLAS.getInstance();

    @Test
    void drotmgRefusesWhatWouldNeverEnd() {
        double[][] inputs = {
                {Double.POSITIVE_INFINITY, -4, 3, -4}, // the facade: d1 infinite
                {0.5, -1, 0, 1e-300}, // the facade: d2 * y1 * y1 underflows to -0.0, the new d1 is negative
                {0, -1, 1, 1e-300}, // RotmgQuirk: the same underflow with d1 = 0
                {0, Double.POSITIVE_INFINITY, 1, 1}, // RotmgQuirk: d1 becomes d2, infinite
        };
        for (double[] in : inputs) {
            doubleW d1 = new doubleW(in[0]);
            doubleW d2 = new doubleW(in[1]);
            doubleW x1 = new doubleW(in[2]);
            double[] param = {7, 7, 7, 7, 7};
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> blas.drotmg(d1, d2, x1, in[3], param), java.util.Arrays.toString(in));
            assertTrue(e.getMessage().startsWith("drotmg: d1="), e.getMessage());
            assertTrue(e.getMessage().contains("for ever"), e.getMessage());
            assertEquals(in[0], d1.val);
            assertArrayEquals(new double[] {7, 7, 7, 7, 7}, param);
        }
    }

    @Test
    void srotmgRefusesWhatWouldNeverEnd() {
        float[][] inputs = {{Float.POSITIVE_INFINITY, -4, 3, -4}, {0.5f, -1, 0, 1e-30f}, {0, -1, 1, 1e-30f}};
        for (float[] in : inputs) {
            floatW d1 = new floatW(in[0]);
            float[] param = {7, 7, 7, 7, 7};
            assertThrows(IllegalArgumentException.class,
                    () -> blas.srotmg(d1, new floatW(in[1]), new floatW(in[2]), in[3], param),
                    java.util.Arrays.toString(in));
            assertArrayEquals(new float[] {7, 7, 7, 7, 7}, param);
        }
    }
}
