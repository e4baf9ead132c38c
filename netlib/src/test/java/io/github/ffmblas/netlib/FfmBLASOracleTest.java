package io.github.ffmblas.netlib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.ludovic.netlib.blas.BLAS;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.netlib.util.doubleW;
import org.netlib.util.floatW;

/**
 * Every method of netlib's BLAS interface, with and without offsets, against netlib's F2jBLAS (the f2j translation
 * of reference BLAS behind netlib's own checks) on the arguments of {@link Cases}: the same return value, the same
 * exception, and every array and holder equal, within netlib's tolerances (1e-11 for double, 1e-3 for float,
 * relative to max(1, |value|); 1e-10 for the double solves) where F2jBLAS changed an element, and bit for bit where it
 * did not, so a write outside the touched region fails the test.
 */
class FfmBLASOracleTest {
    private static final BLAS FFM = FfmBLAS.getInstance();

    @TestFactory
    Stream<DynamicTest> everyMethodAgreesWithF2jBLAS() {
        return Netlib.interfaceMethods().stream()
                .filter(m -> !m.getName().equals("lsame"))
                .map(m -> DynamicTest.dynamicTest(Netlib.signature(m), () -> agrees(m)));
    }

    private static void agrees(Method m) {
        Method withOffsets = Netlib.withOffsets(m);
        boolean dropped = !withOffsets.equals(m);
        long seed = Netlib.signature(m).hashCode();
        List<Object[]> cases = Cases.of(m.getName(), seed, dropped);
        assertTrue(cases.size() >= 8, "too few cases for " + m);
        int computed = 0;
        for (Object[] args : cases) {
            Object[] callArgs = dropped ? Netlib.dropOffsets(withOffsets, args) : args;
            Object[] expected = Netlib.copy(callArgs);
            Object[] actual = Netlib.copy(callArgs);
            Netlib.Outcome f2j = Netlib.call(Netlib.F2J, m, expected);
            Netlib.Outcome ffm = Netlib.call(FFM, m, actual);
            String what = Netlib.signature(m) + " " + describe(callArgs);
            if (f2j.thrown() != null) {
                sameException(f2j.thrown(), ffm.thrown(), what);
                continue;
            }
            assertNull(ffm.thrown(), () -> what + " threw " + ffm.thrown());
            double tolerance = tolerance(m);
            compareValue(f2j.value(), ffm.value(), tolerance, what + " return value");
            for (int i = 0; i < callArgs.length; i++) {
                compareArgument(callArgs[i], expected[i], actual[i], tolerance, what + " argument " + i);
            }
            computed++;
        }
        assertTrue(computed >= cases.size() / 2, computed + " of " + cases.size() + " cases computed for " + m);
    }

    static void sameException(Throwable expected, Throwable actual, String what) {
        if (actual == null) {
            fail(what + ": F2jBLAS threw " + expected + ", FfmBLAS nothing");
        }
        assertEquals(expected.getClass(), actual.getClass(), () -> what + ": " + actual);
        if (!(expected instanceof NullPointerException)) {
            assertEquals(expected.getMessage(), actual.getMessage(), what);
        }
    }

    private static double tolerance(Method m) {
        boolean dbl = m.getName().startsWith("d") || m.getName().startsWith("id");
        boolean solve = m.getName().matches("[ds]t[rbp]s[vm]");
        return dbl ? (solve ? 1e-10 : 1e-11) : 1e-3;
    }

    private static boolean close(double expected, double actual, double tolerance) {
        if (Double.isNaN(expected) || Double.isNaN(actual)) {
            return Double.isNaN(expected) && Double.isNaN(actual);
        }
        return Math.abs(expected - actual) <= tolerance * Math.max(1, Math.abs(expected));
    }

    private static void compareValue(Object expected, Object actual, double tolerance, String what) {
        if (expected instanceof Double || expected instanceof Float) {
            double e = ((Number) expected).doubleValue();
            double a = ((Number) actual).doubleValue();
            assertTrue(close(e, a, tolerance), () -> what + ": expected " + e + ", got " + a);
        } else {
            assertEquals(expected, actual, what);
        }
    }

    private static void compareArgument(Object before, Object expected, Object actual, double tolerance,
            String what) {
        switch (before) {
            case double[] b -> compareArrays(b, (double[]) expected, (double[]) actual, tolerance, what);
            case float[] b -> {
                float[] e = (float[]) expected;
                float[] a = (float[]) actual;
                double[] bd = new double[b.length];
                double[] ed = new double[b.length];
                double[] ad = new double[b.length];
                for (int i = 0; i < b.length; i++) {
                    bd[i] = b[i];
                    ed[i] = e[i];
                    ad[i] = a[i];
                }
                compareArrays(bd, ed, ad, tolerance, what);
            }
            case doubleW w -> compareValue(((doubleW) expected).val, ((doubleW) actual).val, tolerance, what);
            case floatW w -> compareValue(((floatW) expected).val, ((floatW) actual).val, tolerance, what);
            default -> { }
        }
    }

    private static void compareArrays(double[] before, double[] expected, double[] actual, double tolerance,
            String what) {
        for (int i = 0; i < before.length; i++) {
            boolean untouched = Double.doubleToRawLongBits(expected[i]) == Double.doubleToRawLongBits(before[i]);
            if (untouched) {
                if (Double.doubleToRawLongBits(actual[i]) != Double.doubleToRawLongBits(before[i])
                        && !close(expected[i], actual[i], tolerance)) {
                    fail(what + "[" + i + "]: untouched by F2jBLAS (" + before[i] + "), FfmBLAS wrote " + actual[i]);
                }
            } else if (!close(expected[i], actual[i], tolerance)) {
                fail(what + "[" + i + "]: expected " + expected[i] + ", got " + actual[i] + " (was " + before[i] + ")");
            }
        }
    }

    static String describe(Object[] args) {
        List<String> parts = new ArrayList<>();
        for (Object a : args) {
            parts.add(switch (a) {
                case double[] d -> "double[" + d.length + "]";
                case float[] f -> "float[" + f.length + "]";
                case doubleW w -> "doubleW(" + w.val + ")";
                case floatW w -> "floatW(" + w.val + ")";
                case String s -> '"' + s + '"';
                case null -> "null";
                default -> String.valueOf(a);
            });
        }
        return "(" + String.join(", ", parts) + ")";
    }

    @Test
    void lsameIsNetlibs() {
        String[][] pairs = {{"N", "N"}, {"N", "n"}, {"T", "Trans"}, {"t", "T"}, {"U", "L"}, {"C", ""}, {"N", "X"}};
        for (String[] p : pairs) {
            assertEquals(Netlib.F2J.lsame(p[0], p[1]), FFM.lsame(p[0], p[1]), p[0] + " " + p[1]);
        }
        assertEquals(Netlib.F2J.lsame(null, "N"), FFM.lsame(null, "N"));
    }
}
