package io.github.ffmblas.bindings;

import static io.github.ffmblas.bindings.RealOracle.F2J;
import static io.github.ffmblas.bindings.RealOracle.assertClose;
import static io.github.ffmblas.bindings.RealOracle.assertOutput;
import static io.github.ffmblas.bindings.RealOracle.assertUnchanged;
import static io.github.ffmblas.bindings.RealOracle.markVector;
import static io.github.ffmblas.bindings.RealOracle.random;
import static io.github.ffmblas.bindings.RealOracle.vectorLength;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.ffmblas.bindings.RealOracle.P;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.netlib.util.doubleW;
import org.netlib.util.floatW;

/** Level 1 s and d routines against netlib's f2j reference BLAS (and plain loops for OpenBLAS extensions). */
class RealBlasOracleLevel1Test {
    private static final int[] SIZES = {0, 1, 7, 33, 130};
    private static final int[][] INCS = {{1, 1}, {2, -2}, {-2, 2}, {-3, -1}};
    private static final double[] ALPHAS = {0, 1, -0.75, 2.5};
    private static final double[] BETAS = {1, 0, 0.5, -1.25};
    private static final int X_OFF = 5;
    private static final int Y_OFF = 3;

    record V(String routine, P p, boolean heap, int n, int incx, int incy, double alpha, double beta) {
        @Override
        public String toString() {
            return p.name().toLowerCase() + routine + " n=" + n + " incx=" + incx + " incy=" + incy + " alpha=" + alpha
                    + " beta=" + beta + (heap ? " heap" : " native");
        }
    }

    private static Stream<V> cases(String... routines) {
        List<V> list = new ArrayList<>();
        int k = 0;
        for (String r : routines) {
            for (P p : P.values()) {
                for (int n : SIZES) {
                    for (int[] inc : INCS) {
                        list.add(new V(r, p, k % 2 == 1, n, inc[0], inc[1], ALPHAS[k % 4], BETAS[(k / 4) % 4]));
                        k++;
                    }
                }
            }
        }
        return list.stream();
    }

    private static Stream<V> allReductions() {
        return cases("dot", "nrm2", "asum", "sum", "amax", "amin", "iamax", "iamin", "imax", "imin");
    }

    /**
     * Cases OpenBLAS 0.3.31 gets wrong and the facade passes through (see native/src/test/c/): reductions other
     * than dot and nrm2 with incx < 0 (0 returned, or ?amax/?amin reading below the vector), and ssum with incx = 1
     * from n = 16 on.
     */
    static boolean knownBad(V v) {
        boolean negative = v.incx < 0 && v.n > 0 && !v.routine.equals("dot") && !v.routine.equals("nrm2");
        boolean ssum = v.p == P.S && v.routine.equals("sum") && v.incx == 1 && v.n >= 16;
        return negative || ssum;
    }

    static Stream<V> reductions() {
        return allReductions().filter(v -> !knownBad(v));
    }

    static Stream<V> badReductions() {
        return allReductions().filter(RealBlasOracleLevel1Test::knownBad);
    }

    static Stream<V> updates() {
        return cases("axpy", "axpby", "copy", "swap", "scal", "rot", "rotm-2", "rotm-1", "rotm0", "rotm1");
    }

    /** dsdot with both increments 1 from n = 32 on is off by ~1e-8 relative in OpenBLAS 0.3.31. */
    static boolean dsdotBad(V v) {
        return v.routine.equals("dsdot") && v.incx == 1 && v.incy == 1 && v.n >= 32;
    }

    static Stream<V> mixed() {
        return cases("sdsdot", "dsdot").filter(v -> v.p == P.S && !dsdotBad(v));
    }

    static Stream<V> badMixed() {
        return cases("dsdot").filter(v -> v.p == P.S && dsdotBad(v));
    }

    private static double plainSum(int n, double[] x, int off, int inc, boolean abs) {
        double s = 0;
        for (int i = 0; i < n; i++) {
            double v = x[off + i * Math.abs(inc)];
            s += abs ? Math.abs(v) : v;
        }
        return s;
    }

    /** Logical index (element i at offset + (n-1-i)|inc| when inc < 0) of the first extreme element. */
    private static long plainIndex(int n, double[] x, int off, int inc, boolean abs, boolean max) {
        long best = -1;
        double bestValue = 0;
        for (int i = 0; i < n; i++) {
            int at = inc > 0 ? off + i * inc : off + (n - 1 - i) * -inc;
            double v = abs ? Math.abs(x[at]) : x[at];
            if (best < 0 || (max ? v > bestValue : v < bestValue)) {
                best = i;
                bestValue = v;
            }
        }
        return best;
    }

    // Cases OpenBLAS 0.3.31 gets wrong by itself (native/src/test/c/openblas_negative_inc_reductions.c and
    // openblas_ssum_dsdot_unit_stride.c): the facade guards them.
    @ParameterizedTest(name = "{0}")
    @MethodSource("badReductions")
    void reductionOpenBlasGetsWrongMatchesReferenceBlas(V v) {
        reductionMatchesReferenceBlas(v);
    }

    /** The facade's index routine named by v, on x. */
    private static long index(V v, MemorySegment xs) {
        boolean single = v.p == P.S;
        return switch (v.routine) {
            case "iamax" -> single ? Blas.isamax(v.n, xs, X_OFF, v.incx) : Blas.idamax(v.n, xs, X_OFF, v.incx);
            case "iamin" -> single ? Blas.isamin(v.n, xs, X_OFF, v.incx) : Blas.idamin(v.n, xs, X_OFF, v.incx);
            case "imax" -> single ? Blas.ismax(v.n, xs, X_OFF, v.incx) : Blas.idmax(v.n, xs, X_OFF, v.incx);
            default -> single ? Blas.ismin(v.n, xs, X_OFF, v.incx) : Blas.idmin(v.n, xs, X_OFF, v.incx);
        };
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("reductions")
    void reductionMatchesReferenceBlas(V v) {
        Random random = new Random(v.toString().hashCode());
        double[] x = random(random, vectorLength(v.n, v.incx, X_OFF));
        double[] y = random(random, vectorLength(v.n, v.incy, Y_OFF));
        int n = v.n;
        int ax = Math.abs(v.incx);
        P p = v.p;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment xs = p.segment(x, arena, v.heap);
            MemorySegment ys = p.segment(y, arena, v.heap);
            double tol = p.unit() * (n + 1) * (n + 1);
            switch (v.routine) {
                case "dot" -> {
                    double expected = F2J.ddot(n, x, X_OFF, v.incx, y, Y_OFF, v.incy);
                    double actual = p == P.S ? Blas.sdot(n, xs, X_OFF, v.incx, ys, Y_OFF, v.incy)
                            : Blas.ddot(n, xs, X_OFF, v.incx, ys, Y_OFF, v.incy);
                    assertClose(v + " dot", expected, actual, tol);
                }
                case "nrm2" -> { // reference BLAS returns 0 for inc <= 0; the sum does not depend on direction
                    double expected = F2J.dnrm2(n, x, X_OFF, ax);
                    double actual = p == P.S ? Blas.snrm2(n, xs, X_OFF, v.incx) : Blas.dnrm2(n, xs, X_OFF, v.incx);
                    assertClose(v + " nrm2", expected, actual, p.unit() * (n + 1) * (1 + expected));
                }
                case "asum" -> {
                    double expected = F2J.dasum(n, x, X_OFF, ax);
                    double actual = p == P.S ? Blas.sasum(n, xs, X_OFF, v.incx) : Blas.dasum(n, xs, X_OFF, v.incx);
                    assertClose(v + " asum", expected, actual, tol);
                }
                case "sum" -> {
                    double expected = plainSum(n, x, X_OFF, v.incx, false);
                    double actual = p == P.S ? Blas.ssum(n, xs, X_OFF, v.incx) : Blas.dsum(n, xs, X_OFF, v.incx);
                    assertClose(v + " sum", expected, actual, tol);
                }
                case "amax", "amin" -> {
                    boolean max = v.routine.equals("amax");
                    long at = plainIndex(n, x, X_OFF, v.incx, true, max);
                    double expected = n == 0 ? 0 : Math.abs(x[v.incx > 0 ? X_OFF + (int) at * ax : X_OFF + (n - 1 - (int) at) * ax]);
                    double actual = p == P.S ? (max ? Blas.samax(n, xs, X_OFF, v.incx) : Blas.samin(n, xs, X_OFF, v.incx))
                            : (max ? Blas.damax(n, xs, X_OFF, v.incx) : Blas.damin(n, xs, X_OFF, v.incx));
                    assertEquals(expected, actual, 0, v + " " + v.routine);
                }
                case "iamax", "iamin", "imax", "imin" -> {
                    if (v.incx < 0) { // the facade refuses these, whatever n: BLAS defines no index for a reversed vector
                        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> index(v, xs));
                        assertTrue(e.getMessage().contains("incx=" + v.incx + " must be positive"), e.getMessage());
                        break;
                    }
                    if (!v.routine.equals("iamax")) {
                        boolean abs = v.routine.equals("iamin");
                        boolean max = v.routine.equals("imax");
                        assertEquals(plainIndex(n, x, X_OFF, v.incx, abs, max), index(v, xs), v + " " + v.routine);
                        break;
                    }
                    // reference i?amax returns 0 for inc <= 0: ask it over |inc| and turn the position into the index
                    long position = F2J.idamax(n, x, X_OFF, ax); // netlib's wrapper is 0-based already
                    long expected = v.incx > 0 || position < 0 ? position : n - 1 - position;
                    // among equal |x| reference takes the first position; for inc < 0 that is the last index,
                    // ties are unlikely with random floats, but allow an equal |x|
                    long actual = p == P.S ? Blas.isamax(n, xs, X_OFF, v.incx) : Blas.idamax(n, xs, X_OFF, v.incx);
                    assertEquals(expected, actual, v + " iamax");
                }
                default -> throw new AssertionError(v.routine);
            }
            assertUnchanged(v + " x", x, p.read(xs));
            assertUnchanged(v + " y", y, p.read(ys));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("updates")
    void vectorUpdateMatchesReferenceBlas(V v) {
        Random random = new Random(v.toString().hashCode());
        double[] x = random(random, vectorLength(v.n, v.incx, X_OFF));
        double[] y = random(random, vectorLength(v.n, v.incy, Y_OFF));
        double[] ex = x.clone();
        double[] ey = y.clone();
        int n = v.n;
        P p = v.p;
        float a = (float) v.alpha;
        float b = (float) v.beta;
        boolean[] tx = new boolean[x.length];
        boolean[] ty = new boolean[y.length];
        double c = 0.6;
        double s = -0.8;
        double[] param = {0, 0.5, -0.25, 0.75, 1.5};
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment xs = p.segment(x, arena, v.heap);
            MemorySegment ys = p.segment(y, arena, v.heap);
            switch (v.routine) {
                case "axpy" -> {
                    F2J.daxpy(n, v.alpha, ex, X_OFF, v.incx, ey, Y_OFF, v.incy);
                    markVector(ty, n, v.incy, Y_OFF);
                    if (p == P.S) Blas.saxpy(n, a, xs, X_OFF, v.incx, ys, Y_OFF, v.incy);
                    else Blas.daxpy(n, v.alpha, xs, X_OFF, v.incx, ys, Y_OFF, v.incy);
                }
                case "axpby" -> { // OpenBLAS extension: y = alpha x + beta y
                    for (int i = 0; i < n; i++) {
                        int xi = v.incx > 0 ? X_OFF + i * v.incx : X_OFF + (n - 1 - i) * -v.incx;
                        int yi = v.incy > 0 ? Y_OFF + i * v.incy : Y_OFF + (n - 1 - i) * -v.incy;
                        ey[yi] = v.alpha * x[xi] + v.beta * y[yi];
                    }
                    markVector(ty, n, v.incy, Y_OFF);
                    if (p == P.S) Blas.saxpby(n, a, xs, X_OFF, v.incx, b, ys, Y_OFF, v.incy);
                    else Blas.daxpby(n, v.alpha, xs, X_OFF, v.incx, v.beta, ys, Y_OFF, v.incy);
                }
                case "copy" -> {
                    F2J.dcopy(n, ex, X_OFF, v.incx, ey, Y_OFF, v.incy);
                    markVector(ty, n, v.incy, Y_OFF);
                    if (p == P.S) Blas.scopy(n, xs, X_OFF, v.incx, ys, Y_OFF, v.incy);
                    else Blas.dcopy(n, xs, X_OFF, v.incx, ys, Y_OFF, v.incy);
                }
                case "swap" -> {
                    F2J.dswap(n, ex, X_OFF, v.incx, ey, Y_OFF, v.incy);
                    markVector(tx, n, v.incx, X_OFF);
                    markVector(ty, n, v.incy, Y_OFF);
                    if (p == P.S) Blas.sswap(n, xs, X_OFF, v.incx, ys, Y_OFF, v.incy);
                    else Blas.dswap(n, xs, X_OFF, v.incx, ys, Y_OFF, v.incy);
                }
                case "scal" -> { // reference scal does nothing for inc <= 0; the same elements are scaled either way
                    F2J.dscal(n, v.alpha, ex, X_OFF, Math.abs(v.incx));
                    markVector(tx, n, v.incx, X_OFF);
                    if (p == P.S) Blas.sscal(n, a, xs, X_OFF, v.incx);
                    else Blas.dscal(n, v.alpha, xs, X_OFF, v.incx);
                }
                case "rot" -> {
                    F2J.drot(n, ex, X_OFF, v.incx, ey, Y_OFF, v.incy, c, s);
                    markVector(tx, n, v.incx, X_OFF);
                    markVector(ty, n, v.incy, Y_OFF);
                    if (p == P.S) Blas.srot(n, xs, X_OFF, v.incx, ys, Y_OFF, v.incy, (float) c, (float) s);
                    else Blas.drot(n, xs, X_OFF, v.incx, ys, Y_OFF, v.incy, c, s);
                }
                default -> { // rotm with the flag in the name
                    param[0] = Double.parseDouble(v.routine.substring(4));
                    double[] pp = new double[7];
                    pp[0] = 9;
                    pp[6] = 9;
                    System.arraycopy(param, 0, pp, 1, 5);
                    F2J.drotm(n, ex, X_OFF, v.incx, ey, Y_OFF, v.incy, pp, 1);
                    if (param[0] != -2) {
                        markVector(tx, n, v.incx, X_OFF);
                        markVector(ty, n, v.incy, Y_OFF);
                    }
                    MemorySegment ps = p.segment(pp, arena, v.heap);
                    if (p == P.S) Blas.srotm(n, xs, X_OFF, v.incx, ys, Y_OFF, v.incy, ps, 1);
                    else Blas.drotm(n, xs, X_OFF, v.incx, ys, Y_OFF, v.incy, ps, 1);
                    assertUnchanged(v + " param", pp, p.read(ps));
                }
            }
            double tol = p.unit() * 10;
            assertOutput(v + " x", x, ex, p.read(xs), tx, tol);
            assertOutput(v + " y", y, ey, p.read(ys), ty, tol);
        }
    }

    // dsdot over adjacent floats, which OpenBLAS 0.3.31 does not accumulate exactly in double: the facade guards it.
    @ParameterizedTest(name = "{0}")
    @MethodSource("badMixed")
    void dsdotUnitStrideMatchesExactDoubleSum(V v) {
        mixedPrecisionDotMatchesReference(v);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("mixed")
    void mixedPrecisionDotMatchesReference(V v) {
        Random random = new Random(v.toString().hashCode());
        double[] x = random(random, vectorLength(v.n, v.incx, X_OFF));
        double[] y = random(random, vectorLength(v.n, v.incy, Y_OFF));
        float[] xf = new float[x.length];
        float[] yf = new float[y.length];
        for (int i = 0; i < x.length; i++) xf[i] = (float) x[i];
        for (int i = 0; i < y.length; i++) yf[i] = (float) y[i];
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment xs = P.S.segment(x, arena, v.heap);
            MemorySegment ys = P.S.segment(y, arena, v.heap);
            // products of floats are exact in double; the double sum of n <= 130 of them is within 1e-13
            double exact = F2J.ddot(v.n, x, X_OFF, v.incx, y, Y_OFF, v.incy);
            if (v.routine.equals("sdsdot")) {
                float sb = (float) v.alpha;
                float reference = F2J.sdsdot(v.n, sb, xf, X_OFF, v.incx, yf, Y_OFF, v.incy);
                float actual = Blas.sdsdot(v.n, sb, xs, X_OFF, v.incx, ys, Y_OFF, v.incy);
                if (v.n > 0) { // netlib's wrapper returns 0 for n = 0; reference SDSDOT returns sb
                    assertClose(v + " sdsdot vs f2j", reference, actual, Math.ulp((float) (sb + exact)) * 1.01);
                }
                assertClose(v + " sdsdot vs double sum", sb + exact, actual, Math.ulp((float) (sb + exact)) * 1.01);
            } else {
                double actual = Blas.dsdot(v.n, xs, X_OFF, v.incx, ys, Y_OFF, v.incy);
                assertClose(v + " dsdot vs double sum", exact, actual, 1e-13);
            }
        }
    }

    static Stream<double[]> rotgInputs() {
        Random random = new Random(7);
        List<double[]> list = new ArrayList<>();
        list.add(new double[] {0, 0});
        list.add(new double[] {0, 2});
        list.add(new double[] {3, 0});
        list.add(new double[] {3, 4});
        list.add(new double[] {-3, 4});
        list.add(new double[] {4, -3});
        for (int i = 0; i < 12; i++) {
            list.add(new double[] {random.nextFloat() * 8 - 4, random.nextFloat() * 8 - 4});
        }
        return list.stream();
    }

    static Stream<Object[]> rotgCases() {
        return rotgInputs().flatMap(ab -> Stream.of(P.values()).map(p -> new Object[] {p, ab[0], ab[1]}));
    }

    @ParameterizedTest(name = "{0}rotg a={1} b={2}")
    @MethodSource("rotgCases")
    void rotgMatchesReferenceBlas(P p, double a0, double b0) {
        double[] expected = new double[4];
        if (p == P.S) {
            floatW a = new floatW((float) a0), b = new floatW((float) b0), c = new floatW(0), s = new floatW(0);
            F2J.srotg(a, b, c, s);
            expected = new double[] {a.val, b.val, c.val, s.val};
        } else {
            doubleW a = new doubleW(a0), b = new doubleW(b0), c = new doubleW(0), s = new doubleW(0);
            F2J.drotg(a, b, c, s);
            expected = new double[] {a.val, b.val, c.val, s.val};
        }
        try (Arena arena = Arena.ofConfined()) {
            double[] cells = {7, a0, b0, 0.25, -0.25, 7};
            MemorySegment m = p.segment(cells, arena, false);
            if (p == P.S) Blas.srotg(m, 1, m, 2, m, 3, m, 4);
            else Blas.drotg(m, 1, m, 2, m, 3, m, 4);
            double[] got = p.read(m);
            String[] names = {"r", "z", "c", "s"};
            for (int i = 0; i < 4; i++) {
                assertClose(p + "rotg(" + a0 + ", " + b0 + ") " + names[i], expected[i], got[i + 1],
                        p.unit() * 10 * (1 + Math.abs(expected[i])));
            }
            assertEquals(7, got[0]);
            assertEquals(7, got[5]);
        }
    }

    static Stream<Object[]> rotmgCases() {
        Random random = new Random(11);
        List<Object[]> list = new ArrayList<>();
        double[][] fixed = {{1, 1, 1, 1}, {2, 3, 0.5, 4}, {1, 1, 4, 0.1}, {1, 1, 0.1, 4}, {1e-8, 1, 1, 1},
                {1e8, 1e-8, 1, 1}, {1, 0, 1, 1}, {1, 1, 0, 1}, {1, 1, 1, 0}, {-1, 1, 1, 1}};
        List<double[]> inputs = new ArrayList<>(List.of(fixed));
        for (int i = 0; i < 10; i++) {
            inputs.add(new double[] {random.nextFloat() * 3 + 0.1, random.nextFloat() * 3 + 0.1,
                    random.nextFloat() * 2 - 1, random.nextFloat() * 2 - 1});
        }
        for (double[] in : inputs) {
            for (P p : P.values()) {
                list.add(new Object[] {p, in[0], in[1], in[2], in[3]});
            }
        }
        return list.stream();
    }

    @ParameterizedTest(name = "{0}rotmg d1={1} d2={2} x1={3} y1={4}")
    @MethodSource("rotmgCases")
    void rotmgMatchesReferenceBlas(P p, double d1, double d2, double x1, double y1) {
        double[] expected = new double[8]; // d1, d2, x1, flag, h11, h21, h12, h22
        if (p == P.S) {
            floatW a = new floatW((float) d1), b = new floatW((float) d2), x = new floatW((float) x1);
            float[] param = new float[5];
            F2J.srotmg(a, b, x, (float) y1, param, 0);
            expected[0] = a.val;
            expected[1] = b.val;
            expected[2] = x.val;
            for (int i = 0; i < 5; i++) expected[3 + i] = param[i];
        } else {
            doubleW a = new doubleW(d1), b = new doubleW(d2), x = new doubleW(x1);
            double[] param = new double[5];
            F2J.drotmg(a, b, x, y1, param, 0);
            expected[0] = a.val;
            expected[1] = b.val;
            expected[2] = x.val;
            System.arraycopy(param, 0, expected, 3, 5);
        }
        try (Arena arena = Arena.ofConfined()) {
            double[] cells = {7, d1, d2, x1, 0, 0, 0, 0, 0, 7};
            MemorySegment m = p.segment(cells, arena, true);
            if (p == P.S) Blas.srotmg(m, 1, m, 2, m, 3, (float) y1, m, 4);
            else Blas.drotmg(m, 1, m, 2, m, 3, y1, m, 4);
            double[] got = p.read(m);
            String what = p + "rotmg(" + d1 + ", " + d2 + ", " + x1 + ", " + y1 + ")";
            assertEquals(expected[3], got[4], what + " flag");
            String[] names = {"d1", "d2", "x1"};
            for (int i = 0; i < 3; i++) {
                assertClose(what + " " + names[i], expected[i], got[i + 1], p.unit() * 10 * (1 + Math.abs(expected[i])));
            }
            int flag = (int) expected[3];
            boolean[] used = switch (flag) { // h11, h21, h12, h22
                case -1 -> new boolean[] {true, true, true, true};
                case 0 -> new boolean[] {false, true, true, false};
                case 1 -> new boolean[] {true, false, false, true};
                default -> new boolean[4];
            };
            for (int i = 0; i < 4; i++) {
                if (used[i]) {
                    assertClose(what + " H[" + i + "]", expected[4 + i], got[5 + i],
                            p.unit() * 10 * (1 + Math.abs(expected[4 + i])));
                }
            }
            assertEquals(7, got[0]);
            assertEquals(7, got[9]);
        }
    }
}
