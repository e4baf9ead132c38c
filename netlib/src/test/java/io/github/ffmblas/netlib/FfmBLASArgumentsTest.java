package io.github.ffmblas.netlib;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ludovic.netlib.blas.BLAS;
import dev.ludovic.netlib.blas.CheckOnlyBLAS;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.netlib.util.doubleW;

/**
 * Bad arguments, against netlib's own checks ({@link CheckOnlyBLAS}: AbstractBLAS with its kernels cut off). Each
 * argument of a valid call is broken in turn (flags to "X", "" and null; dimensions, increments and leading
 * dimensions to -1, 0, +-1 and the int extremes; offsets to -1, past the end and the int maximum; arrays to null,
 * one element short and empty; holders to null). Where netlib throws, FfmBLAS must throw the same exception class
 * with the same message (NullPointerException: the class). Where netlib lets the arguments through, FfmBLAS either
 * computes what F2jBLAS computes or refuses them with an exception before touching any array: the bindings' exact
 * checks, beyond netlib's.
 */
class FfmBLASArgumentsTest {
    private static final BLAS FFM = FfmBLAS.getInstance();

    @TestFactory
    Stream<DynamicTest> badArgumentsThrowWhatNetlibThrows() {
        return Netlib.interfaceMethods().stream()
                .filter(m -> !m.getName().equals("lsame"))
                .map(m -> DynamicTest.dynamicTest(Netlib.signature(m), () -> badArguments(m)));
    }

    private static void badArguments(Method m) {
        Method withOffsets = Netlib.withOffsets(m);
        boolean dropped = !withOffsets.equals(m);
        List<Object[]> cases = Cases.of(m.getName(), 7, dropped);
        int same = 0;
        int beyond = 0;
        for (Object[] base : List.of(cases.get(1), cases.get(cases.size() / 2))) {
            Object[] valid = dropped ? Netlib.dropOffsets(withOffsets, base) : base;
            for (Object[] args : mutations(m, valid)) {
                Netlib.Outcome netlib = Netlib.call(CheckOnlyBLAS.INSTANCE, m, Netlib.copy(args));
                Object[] before = Netlib.copy(args);
                Object[] ffmArgs = Netlib.copy(args);
                Netlib.Outcome ffm = Netlib.call(FFM, m, ffmArgs);
                String what = Netlib.signature(m) + " " + FfmBLASOracleTest.describe(args);
                if (!(netlib.thrown() instanceof CheckOnlyBLAS.KernelReached)) {
                    if (netlib.thrown() == null) { // an early return: nothing to do
                        assertNull(ffm.thrown(), () -> what + ": netlib returns, FfmBLAS threw " + ffm.thrown());
                    } else {
                        FfmBLASOracleTest.sameException(netlib.thrown(), ffm.thrown(), what);
                    }
                    same++;
                } else if (ffm.thrown() != null) {
                    assertTrue(ffm.thrown() instanceof IllegalArgumentException
                            || ffm.thrown() instanceof IndexOutOfBoundsException
                            || ffm.thrown() instanceof NullPointerException, () -> what + ": " + ffm.thrown());
                    unchanged(before, ffmArgs, what);
                    beyond++;
                } else {
                    Netlib.Outcome f2j = Netlib.call(Netlib.F2J, m, Netlib.copy(args));
                    assertNull(f2j.thrown(), () -> what + ": FfmBLAS computed, F2jBLAS threw " + f2j.thrown());
                }
            }
        }
        assertTrue(same > 0, "no mutation of " + m + " is refused by netlib");
        System.out.println(Netlib.signature(m) + ": " + same + " as netlib, " + beyond + " refused beyond netlib");
    }

    /** The valid call with one argument broken at a time. */
    private static List<Object[]> mutations(Method m, Object[] valid) {
        List<Object[]> out = new ArrayList<>();
        Class<?>[] types = m.getParameterTypes();
        for (int i = 0; i < valid.length; i++) {
            List<Object> values = new ArrayList<>();
            Object v = valid[i];
            if (types[i] == String.class) {
                values.addAll(Arrays.asList("X", "", null));
            } else if (types[i] == int.class) {
                int x = (int) v;
                values.addAll(List.of(-1, 0, x - 1, x + 1, Integer.MIN_VALUE, Integer.MAX_VALUE));
                if (i > 0 && types[i - 1].isArray()) {
                    values.add(java.lang.reflect.Array.getLength(valid[i - 1]));
                }
            } else if (v instanceof double[] d) {
                values.addAll(Arrays.asList(null, Arrays.copyOf(d, Math.max(0, d.length - 1)), new double[0]));
            } else if (v instanceof float[] f) {
                values.addAll(Arrays.asList(null, Arrays.copyOf(f, Math.max(0, f.length - 1)), new float[0]));
            } else if (!types[i].isPrimitive()) {
                values.add(null);
            }
            for (Object bad : values) {
                Object[] args = Netlib.copy(valid);
                args[i] = bad;
                out.add(args);
            }
        }
        return out;
    }

    private static void unchanged(Object[] before, Object[] after, String what) {
        for (int i = 0; i < before.length; i++) {
            switch (before[i]) {
                case double[] d -> assertArrayEquals(d, (double[]) after[i], what + ": argument " + i + " changed");
                case float[] f -> assertArrayEquals(f, (float[]) after[i], what + ": argument " + i + " changed");
                case doubleW w -> assertEquals(w.val, ((doubleW) after[i]).val, what);
                case org.netlib.util.floatW w -> assertEquals(w.val, ((org.netlib.util.floatW) after[i]).val, what);
                case null, default -> { }
            }
        }
    }

    // ---- beyond netlib: what its checks let through, and FfmBLAS refuses -------------------------------------------

    /**
     * netlib computes A's last index in int: with k = 65537 and lda = 65536, (k - 1) * lda wraps to 0, netlib's check
     * passes, and its F2jBLAS would read far past A (JNIBLAS would hand OpenBLAS a pointer past the array).
     */
    @Test
    void intOverflowInNetlibsExtentIsCaught() {
        int m = 1;
        int n = 1;
        int k = 65537;
        int lda = 65536;
        double[] a = new double[10];
        double[] b = new double[k];
        double[] c = {42};
        Object[] args = {"N", "N", m, n, k, 1.0, a, 0, lda, b, 0, k, 0.0, c, 0, 1};
        Method dgemm = method("dgemm", 16);
        assertInstanceOf(CheckOnlyBLAS.KernelReached.class, Netlib.call(CheckOnlyBLAS.INSTANCE, dgemm, args).thrown());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FFM.dgemm("N", "N", m, n, k, 1.0, a, 0, lda, b, 0, k, 0.0, c, 0, 1));
        assertTrue(e.getMessage().contains("dgemm"), e.getMessage());
        assertEquals(42, c[0]);
    }

    /** netlib never checks overlap; the bindings refuse an output that shares elements with an input. */
    @Test
    void overlappingOutputIsRefused() {
        double[] x = {1, 2, 3, 4, 5, 6};
        double[] copy = x.clone();
        Object[] args = {4, 2.0, x, 0, 1, x, 2, 1};
        assertInstanceOf(CheckOnlyBLAS.KernelReached.class,
                Netlib.call(CheckOnlyBLAS.INSTANCE, method("daxpy", 8), args).thrown());
        assertThrows(IllegalArgumentException.class, () -> FFM.daxpy(4, 2.0, x, 0, 1, x, 2, 1));
        assertArrayEquals(copy, x);
        // side by side, not sharing an element: fine
        FFM.daxpy(3, 2.0, x, 0, 1, x, 3, 1);
        assertArrayEquals(new double[] {1, 2, 3, 6, 9, 12}, x);
    }

    /**
     * netlib 3.2.0 checks the flags and dimensions of ?gbmv and ?sbmv and the band width of ?tbmv/?tbsv (lda &gt;= k
     * + 1) itself, with reference BLAS's parameter numbers (3.0.4 checked none of them and let lda = k through, and
     * its F2jBLAS then exited the JVM from f2j's xerbla): FfmBLAS throws what netlib throws.
     */
    @Test
    void bandChecksAreNetlibs() {
        double[] a = new double[64];
        double[] x = new double[8];
        double[] y = new double[8];
        Object[] gbmv = {"X", 4, 4, 1, 1, 1.0, a, 0, 3, x, 0, 1, 0.0, y, 0, 1};
        assertNetlibMessage("** On entry to 'DGBMV' parameter number 1 had an illegal value", method("dgbmv", 16),
                gbmv);
        assertMessage("** On entry to 'DGBMV' parameter number 1 had an illegal value",
                () -> FFM.dgbmv("X", 4, 4, 1, 1, 1.0, a, 0, 3, x, 0, 1, 0.0, y, 0, 1));
        assertNetlibMessage("** On entry to 'DGBMV' parameter number 8 had an illegal value", method("dgbmv", 16),
                new Object[] {"N", 4, 4, 1, 1, 1.0, a, 0, 2, x, 0, 1, 0.0, y, 0, 1});
        assertMessage("** On entry to 'DGBMV' parameter number 8 had an illegal value",
                () -> FFM.dgbmv("N", 4, 4, 1, 1, 1.0, a, 0, 2, x, 0, 1, 0.0, y, 0, 1));
        assertNetlibMessage("** On entry to 'SSBMV' parameter number 1 had an illegal value", method("ssbmv", 14),
                new Object[] {"Q", 4, 1, 1f, new float[64], 0, 2, new float[8], 0, 1, 0f, new float[8], 0, 1});
        assertMessage("** On entry to 'SSBMV' parameter number 1 had an illegal value",
                () -> FFM.ssbmv("Q", 4, 1, 1f, new float[64], 0, 2, new float[8], 0, 1, 0f, new float[8], 0, 1));
        assertNetlibMessage("** On entry to 'DSBMV' parameter number 8 had an illegal value", method("dsbmv", 14),
                new Object[] {"U", 4, 1, 1.0, a, 0, 2, x, 0, 0, 0.0, y, 0, 1});
        assertMessage("** On entry to 'DSBMV' parameter number 8 had an illegal value",
                () -> FFM.dsbmv("U", 4, 1, 1.0, a, 0, 2, x, 0, 0, 0.0, y, 0, 1));
        Object[] tbmv = {"U", "N", "N", 4, 2, a, 0, 2, x, 0, 1};
        assertNetlibMessage("** On entry to 'DTBMV' parameter number 7 had an illegal value", method("dtbmv", 11),
                tbmv);
        assertMessage("** On entry to 'DTBMV' parameter number 7 had an illegal value",
                () -> FFM.dtbmv("U", "N", "N", 4, 2, a, 0, 2, x, 0, 1));
        assertNetlibMessage("** On entry to 'STBSV' parameter number 7 had an illegal value", method("stbsv", 11),
                new Object[] {"L", "T", "U", 4, 3, new float[64], 0, 3, new float[8], 0, 1});
        assertMessage("** On entry to 'STBSV' parameter number 7 had an illegal value",
                () -> FFM.stbsv("L", "T", "U", 4, 3, new float[64], 0, 3, new float[8], 0, 1));
    }

    private static void assertNetlibMessage(String message, Method m, Object[] args) {
        Throwable thrown = Netlib.call(CheckOnlyBLAS.INSTANCE, m, args).thrown();
        assertInstanceOf(IllegalArgumentException.class, thrown);
        assertEquals(message, thrown.getMessage());
    }

    /**
     * netlib checks only the last index: a negative offset whose vector ends inside the array passes (F2jBLAS then
     * fails part-way, JNIBLAS reads before the array). FfmBLAS refuses it before writing, on OpenBLAS's path and on
     * the zero-increment path in Java alike.
     */
    @Test
    void negativeOffsetsNetlibLetsThroughAreRefused() {
        double[] x = {1, 2, 3, 4};
        double[] y = {5, 6, 7, 8};
        double[] yBefore = y.clone();
        for (int incy : new int[] {1, 0}) {
            Object[] args = {3, 2.0, x, -2, -1, y, 0, incy};
            assertInstanceOf(CheckOnlyBLAS.KernelReached.class,
                    Netlib.call(CheckOnlyBLAS.INSTANCE, method("daxpy", 8), args).thrown());
            assertThrows(IllegalArgumentException.class, () -> FFM.daxpy(3, 2.0, x, -2, -1, y, 0, incy));
            assertArrayEquals(yBefore, y);
        }
        double[] x2 = {1, 2, 3, 4};
        assertThrows(IllegalArgumentException.class, () -> FFM.dswap(3, x2, -2, -1, y, 0, 0));
        assertArrayEquals(new double[] {1, 2, 3, 4}, x2);
        assertArrayEquals(yBefore, y);
    }

    private static void assertMessage(String message, org.junit.jupiter.api.function.Executable call) {
        assertEquals(message, assertThrows(IllegalArgumentException.class, call).getMessage());
    }

    private static Method method(String name, int parameters) {
        for (Method m : BLAS.class.getMethods()) {
            if (m.getName().equals(name) && m.getParameterCount() == parameters) {
                return m;
            }
        }
        throw new IllegalArgumentException("no " + name + " with " + parameters + " parameters");
    }
}
