package io.github.ffmblas.bindings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import dev.ludovic.netlib.blas.BLAS;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Random;

/**
 * Shared pieces of the RealBlasOracle*Test classes: operands are double[] holding float values (so the same data
 * feeds the s and the d routine), the oracle is netlib's f2j translation of reference BLAS in double precision
 * (column-major; row-major cases are mapped the way CBLAS maps them), and outputs are compared element by element:
 * within tolerance where the routine writes, bit for bit everywhere else.
 */
final class RealOracle {
    private RealOracle() {}

    /**
     * The plain f2j translation of reference BLAS. {@code F2jBLAS} is package-private in netlib 3.0.4 (the public
     * entry points pick a hand-optimised Java or vector implementation), so reach its getInstance() reflectively.
     */
    static final BLAS F2J = f2j();

    private static BLAS f2j() {
        try {
            var m = Class.forName("dev.ludovic.netlib.blas.F2jBLAS").getDeclaredMethod("getInstance");
            m.setAccessible(true);
            return (BLAS) m.invoke(null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("netlib F2jBLAS not reachable", e);
        }
    }

    /** Which routine family runs: the s one on a float copy, or the d one. */
    enum P {
        S, D;

        /** Error per unit of (inner dimension x magnitude) tolerated in a computed element. */
        double unit() {
            return this == S ? 1e-6 : 1e-14;
        }

        MemorySegment segment(double[] data, Arena arena, boolean heap) {
            if (this == S) {
                float[] f = new float[data.length];
                for (int i = 0; i < f.length; i++) {
                    f[i] = (float) data[i];
                }
                return heap ? MemorySegment.ofArray(f) : arena.allocateFrom(ValueLayout.JAVA_FLOAT, f);
            }
            return heap ? MemorySegment.ofArray(data.clone()) : arena.allocateFrom(ValueLayout.JAVA_DOUBLE, data);
        }

        double[] read(MemorySegment segment) {
            if (this == S) {
                float[] f = segment.toArray(ValueLayout.JAVA_FLOAT);
                double[] d = new double[f.length];
                for (int i = 0; i < f.length; i++) {
                    d[i] = f[i];
                }
                return d;
            }
            return segment.toArray(ValueLayout.JAVA_DOUBLE);
        }
    }

    /** A value in [-1, 1) that a float holds exactly. */
    static double value(Random random) {
        return random.nextFloat() * 2 - 1;
    }

    static double[] random(Random random, int length) {
        double[] data = new double[length];
        for (int i = 0; i < length; i++) {
            data[i] = value(random);
        }
        return data;
    }

    /** Array length for an n-vector at offset with |inc| spacing, plus a tail. */
    static int vectorLength(int n, int inc, int offset) {
        return offset + (n == 0 ? 0 : (n - 1) * Math.abs(inc) + 1) + 3;
    }

    /** Array length for a column-major rows x cols matrix (ld >= rows) at offset, plus a tail of a few elements. */
    static int matrixLength(int rows, int cols, int ld, int offset) {
        return offset + Math.max(ld, rows) * Math.max(cols, 1) + 3;
    }

    static Transpose flip(Transpose t) {
        return t == Transpose.NO_TRANSPOSE ? Transpose.TRANSPOSE : Transpose.NO_TRANSPOSE;
    }

    static Uplo flip(Uplo u) {
        return u == Uplo.UPPER ? Uplo.LOWER : Uplo.UPPER;
    }

    static Side flip(Side s) {
        return s == Side.LEFT ? Side.RIGHT : Side.LEFT;
    }

    static String f(Transpose t) {
        return t == Transpose.NO_TRANSPOSE ? "N" : "T";
    }

    static String f(Uplo u) {
        return u == Uplo.UPPER ? "U" : "L";
    }

    static String f(Diag d) {
        return d == Diag.UNIT ? "U" : "N";
    }

    static String f(Side s) {
        return s == Side.LEFT ? "L" : "R";
    }

    /** Positions of an n-vector. */
    static void markVector(boolean[] touched, int n, int inc, int offset) {
        for (int i = 0; i < n; i++) {
            touched[offset + i * Math.abs(inc)] = true;
        }
    }

    /** Positions of a column-major rows x cols block. */
    static void markMatrix(boolean[] touched, int rows, int cols, int ld, int offset) {
        for (int j = 0; j < cols; j++) {
            for (int i = 0; i < rows; i++) {
                touched[offset + i + j * ld] = true;
            }
        }
    }

    /** Positions of the uplo triangle (with the diagonal) of a column-major n x n matrix. */
    static void markTriangle(boolean[] touched, Uplo uplo, int n, int ld, int offset) {
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < n; i++) {
                if (uplo == Uplo.UPPER ? i <= j : i >= j) {
                    touched[offset + i + j * ld] = true;
                }
            }
        }
    }

    /**
     * Where {@code touched}, actual must be within {@code tol} of expected; elsewhere it must equal
     * {@code before} exactly (padding, the other triangle, elements an increment skips).
     */
    static void assertOutput(String what, double[] before, double[] expected, double[] actual, boolean[] touched,
                             double tol) {
        assertEquals(before.length, actual.length, what + ": length");
        for (int i = 0; i < actual.length; i++) {
            if (touched[i]) {
                if (!(Math.abs(actual[i] - expected[i]) <= tol)) {
                    fail(what + ": element " + i + " is " + actual[i] + ", reference BLAS gives " + expected[i]
                            + " +- " + tol);
                }
            } else if (Double.doubleToRawLongBits(actual[i]) != Double.doubleToRawLongBits(before[i])) {
                fail(what + ": position " + i + " is outside the output but changed from " + before[i] + " to "
                        + actual[i]);
            }
        }
    }

    /** An input must come back bit for bit. */
    static void assertUnchanged(String what, double[] before, double[] actual) {
        assertOutput(what + " (input)", before, before, actual, new boolean[before.length], 0);
    }

    static void assertClose(String what, double expected, double actual, double tol) {
        if (!(Math.abs(actual - expected) <= tol)) {
            fail(what + ": " + actual + ", reference BLAS gives " + expected + " +- " + tol);
        }
    }
}
