package io.github.ffmblas.bindings;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.junit.jupiter.api.Test;

/**
 * ?rotmg inputs whose rescaling never ends are refused, untouched ({@code Quirks.rotmgNeverEnds}): OpenBLAS loops
 * on them inside a critical downcall, which stopped the whole JVM (a review helper's probe; reference BLAS loops
 * too). Without the guard these calls do not return.
 */
class RotmgNeverEndsTest {

    @Test
    void drotmgOnInputsItWouldRescaleForEverIsRefused() {
        double[][] inputs = {
                {Double.POSITIVE_INFINITY, -4, 3, -4}, {0.5, -1, 0, 1e-300}, {1, Double.POSITIVE_INFINITY, 1, 1}};
        try (Arena arena = Arena.ofConfined()) {
            for (double[] in : inputs) {
                MemorySegment s = arena.allocateFrom(ValueLayout.JAVA_DOUBLE, in[0], in[1], in[2], 7, 7, 7, 7, 7);
                double[] before = s.toArray(ValueLayout.JAVA_DOUBLE);
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                        () -> Blas.drotmg(s, 0, s.asSlice(8), 0, s.asSlice(16), 0, in[3], s.asSlice(24), 0));
                assertTrue(e.getMessage().startsWith("drotmg: d1=" + in[0]), e.getMessage());
                assertArrayEquals(before, s.toArray(ValueLayout.JAVA_DOUBLE));
            }
        }
    }

    @Test
    void srotmgOnInputsItWouldRescaleForEverIsRefused() {
        float[][] inputs = {{Float.POSITIVE_INFINITY, -4, 3, -4}, {0.5f, -1, 0, 1e-30f}};
        try (Arena arena = Arena.ofConfined()) {
            for (float[] in : inputs) {
                MemorySegment s = arena.allocateFrom(ValueLayout.JAVA_FLOAT, in[0], in[1], in[2], 7, 7, 7, 7, 7);
                float[] before = s.toArray(ValueLayout.JAVA_FLOAT);
                assertThrows(IllegalArgumentException.class,
                        () -> Blas.srotmg(s, 0, s.asSlice(4), 0, s.asSlice(8), 0, in[3], s.asSlice(12), 0));
                assertArrayEquals(before, s.toArray(ValueLayout.JAVA_FLOAT));
            }
        }
    }

    /** Inputs next to those: finite and rescaled as usual, or zeroed; the guard lets them through. */
    @Test
    void nearbyInputsStillRun() {
        double[][] inputs = {{0.5, -1, 0, 1e-100}, {0.5, 1, 0, 1e-300}, {1e300, 1, 1, 1e-300}, {-1, 2, 3, 4}};
        try (Arena arena = Arena.ofConfined()) {
            for (double[] in : inputs) {
                assertFalse(Quirks.rotmgNeverEnds(in[0], in[1], in[2], in[3], false), java.util.Arrays.toString(in));
                MemorySegment s = arena.allocateFrom(ValueLayout.JAVA_DOUBLE, in[0], in[1], in[2], 7, 7, 7, 7, 7);
                Blas.drotmg(s, 0, s.asSlice(8), 0, s.asSlice(16), 0, in[3], s.asSlice(24), 0);
                double flag = s.getAtIndex(ValueLayout.JAVA_DOUBLE, 3);
                assertTrue(flag == -2 || flag == -1 || flag == 0 || flag == 1, "flag " + flag);
            }
        }
    }
}
