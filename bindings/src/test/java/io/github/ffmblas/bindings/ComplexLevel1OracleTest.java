package io.github.ffmblas.bindings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ffmblas.bindings.Cx.K;
import io.github.ffmblas.bindings.Cx.Out;
import io.github.ffmblas.bindings.Cx.P;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Level 1 c and z routines (and their OpenBLAS extensions) against the {@link Cx} oracle: increments 1, 2 and
 * -2, nonzero offsets, sizes 0, 1, 7, 33, 130, and elements between the strided ones left untouched.
 */
class ComplexLevel1OracleTest {
    private static final int[] SIZES = {0, 1, 7, 33, 130};
    private static final int[] INCS = {1, 2, -2};
    private static final int OFF = 3;

    static Stream<Arguments> oneVector() {
        List<Arguments> cases = new ArrayList<>();
        for (P p : new P[] {P.C, P.Z}) {
            for (int n : SIZES) {
                for (int inc : INCS) {
                    cases.add(Arguments.of(p, n, inc, n == 33 && inc == -2));
                }
            }
        }
        return cases.stream();
    }

    static Stream<Arguments> twoVectors() {
        List<Arguments> cases = new ArrayList<>();
        for (P p : new P[] {P.C, P.Z}) {
            for (int n : SIZES) {
                for (int incx : INCS) {
                    for (int incy : INCS) {
                        cases.add(Arguments.of(p, n, incx, incy, n == 7 && incx == 2 && incy == -2));
                    }
                }
            }
        }
        return cases.stream();
    }

    private static K[] scalars(P p, Random r) {
        return new K[] {K.ZERO, K.ONE, p.scalar(r)};
    }

    private static K dot(P p, String what, int n, MemorySegment x, int incx, MemorySegment y, int incy) {
        boolean c = p == P.C;
        if (what.equals("dotu")) {
            if (c) {
                ComplexFloat v = Blas.cdotu(n, x, OFF, incx, y, OFF + 1, incy);
                return new K(v.re(), v.im());
            }
            ComplexDouble v = Blas.zdotu(n, x, OFF, incx, y, OFF + 1, incy);
            return new K(v.re(), v.im());
        }
        if (c) {
            ComplexFloat v = Blas.cdotc(n, x, OFF, incx, y, OFF + 1, incy);
            return new K(v.re(), v.im());
        }
        ComplexDouble v = Blas.zdotc(n, x, OFF, incx, y, OFF + 1, incy);
        return new K(v.re(), v.im());
    }

    @ParameterizedTest(name = "{0}dotu and {0}dotc vs sum of x_i*y_i and conj(x_i)*y_i: n={1} incx={2} incy={3} heap={4}")
    @MethodSource("twoVectors")
    void dotuAndDotcMatchTheOracle(P p, int n, int incx, int incy, boolean heap) {
        Random r = new Random(n * 31 + incx * 7 + incy);
        double[] x = Cx.vector(p, r, n, incx, OFF);
        double[] y = Cx.vector(p, r, n, incy, OFF + 1);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment xs = p.seg(arena, x, heap);
            MemorySegment ys = p.seg(arena, y, heap);
            for (String what : new String[] {"dotu", "dotc"}) {
                K exp = K.ZERO;
                K bound = K.ZERO;
                for (int i = 0; i < n; i++) {
                    K xi = Cx.get(p, x, NaiveBlas.index(OFF, n, incx, i));
                    K yi = Cx.get(p, y, NaiveBlas.index(OFF + 1, n, incy, i));
                    exp = exp.add((what.equals("dotc") ? xi.conj() : xi).mul(yi));
                    bound = bound.add(xi.abs().mul(yi.abs()));
                }
                K act = dot(p, what, n, xs, incx, ys, incy);
                Cx.checkScalar(p, exp, bound, act, p + what);
            }
            Cx.checkUnchanged(x, p.read(xs), "x");
            Cx.checkUnchanged(y, p.read(ys), "y");
        }
    }

    static Stream<Arguments> positiveIncrements() {
        return oneVector().filter(a -> (int) a.get()[2] > 0);
    }

    static Stream<Arguments> negativeIncrements() {
        return oneVector().filter(a -> (int) a.get()[2] < 0 && (int) a.get()[1] > 0);
    }

    @ParameterizedTest(name = "{0} nrm2 (true 2-norm), asum and amax/amin (|Re|+|Im|), sum (Re+Im), i?amax/i?amin vs naive loops: n={1} incx={2} heap={3}")
    @MethodSource("positiveIncrements")
    void reductionsMatchTheOracle(P p, int n, int inc, boolean heap) {
        reductions(p, n, inc, heap, "nrm2", "asum", "sum", "amax", "amin", "iamax", "iamin");
    }

    @ParameterizedTest(name = "{0} nrm2 with a negative increment vs the true 2-norm: n={1} incx={2} heap={3}")
    @MethodSource("negativeIncrements")
    void nrm2WithNegativeIncrementMatchesTheOracle(P p, int n, int inc, boolean heap) {
        reductions(p, n, inc, heap, "nrm2");
    }

    // OpenBLAS 0.3.31 gets these wrong for incx < 0 (native/src/test/c/complex_reductions.c); the facade passes |incx|.
    @ParameterizedTest(name = "{0} asum, sum, amax, amin with a negative increment vs naive loops: n={1} incx={2} heap={3}")
    @MethodSource("negativeIncrements")
    void reductionsWithNegativeIncrementMatchTheOracle(P p, int n, int inc, boolean heap) {
        reductions(p, n, inc, heap, "asum", "sum", "amax", "amin");
    }

    @ParameterizedTest(name = "{0} index routines refuse a negative increment, naming routine and incx: n={1} incx={2} heap={3}")
    @MethodSource("negativeIncrements")
    void indexRoutinesRefuseNegativeIncrements(P p, int n, int inc, boolean heap) {
        double[] x = Cx.vector(p, new Random(n), n, inc, OFF);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment xs = p.seg(arena, x, heap);
            boolean c = p == P.C;
            List<Map.Entry<String, Executable>> calls = List.of(
                    Map.entry(c ? "icamax" : "izamax", () -> { if (c) Blas.icamax(n, xs, OFF, inc); else Blas.izamax(n, xs, OFF, inc); }),
                    Map.entry(c ? "icamin" : "izamin", () -> { if (c) Blas.icamin(n, xs, OFF, inc); else Blas.izamin(n, xs, OFF, inc); }),
                    Map.entry(c ? "icmax" : "izmax", () -> { if (c) Blas.icmax(n, xs, OFF, inc); else Blas.izmax(n, xs, OFF, inc); }),
                    Map.entry(c ? "icmin" : "izmin", () -> { if (c) Blas.icmin(n, xs, OFF, inc); else Blas.izmin(n, xs, OFF, inc); }));
            for (Map.Entry<String, Executable> call : calls) {
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call.getValue(), call.getKey());
                assertTrue(e.getMessage().startsWith(call.getKey() + ": incx=" + inc), e.getMessage());
            }
            Cx.checkUnchanged(x, p.read(xs), "x");
        }
    }

    // OpenBLAS 0.3.31 runs its real kernel over the first n floats instead (native/src/test/c/complex_reductions.c);
    // the facade computes these in Java.
    @ParameterizedTest(name = "{0} i?max/i?min vs index of largest/smallest Re+Im: n={1} incx={2} heap={3}")
    @MethodSource("positiveIncrements")
    void imaxAndIminMatchTheOracle(P p, int n, int inc, boolean heap) {
        reductions(p, n, inc, heap, "imax", "imin");
    }

    private static void reductions(P p, int n, int inc, boolean heap, String... which) {
        java.util.Set<String> w = java.util.Set.of(which);
        Random r = new Random(n * 13 + inc);
        double[] x = Cx.vector(p, r, n, inc, OFF);
        double ss = 0;
        double asum = 0;
        double sum = 0;
        double amax = 0;
        double amin = 0;
        long iamax = -1;
        long iamin = -1;
        long imax = -1;
        long imin = -1;
        double max = 0;
        double min = 0;
        for (int i = 0; i < n; i++) {
            K v = Cx.get(p, x, NaiveBlas.index(OFF, n, inc, i));
            double a = p.round(Math.abs(v.re()) + Math.abs(v.im()));
            double s = p.round(v.re() + v.im());
            ss += v.re() * v.re() + v.im() * v.im();
            asum += a;
            sum += v.re() + v.im();
            if (i == 0 || a > amax) {
                amax = a;
                iamax = i;
            }
            if (i == 0 || a < amin) {
                amin = a;
                iamin = i;
            }
            if (i == 0 || s > max) {
                max = s;
                imax = i;
            }
            if (i == 0 || s < min) {
                min = s;
                imin = i;
            }
        }
        boolean c = p == P.C;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment xs = p.seg(arena, x, heap);
            if (w.contains("nrm2")) {
                double v = c ? Blas.scnrm2(n, xs, OFF, inc) : Blas.dznrm2(n, xs, OFF, inc);
                Cx.checkScalar(p, new K(Math.sqrt(ss), 0), new K(Math.sqrt(ss), 0), new K(v, 0), p + " nrm2 (true 2-norm)");
            }
            if (w.contains("asum")) {
                double v = c ? Blas.scasum(n, xs, OFF, inc) : Blas.dzasum(n, xs, OFF, inc);
                Cx.checkScalar(p, new K(asum, 0), new K(asum, 0), new K(v, 0), p + " asum (|Re|+|Im|)");
            }
            if (w.contains("sum")) {
                double v = c ? Blas.scsum(n, xs, OFF, inc) : Blas.dzsum(n, xs, OFF, inc);
                Cx.checkScalar(p, new K(sum, 0), new K(asum, 0), new K(v, 0), p + " sum (Re+Im)");
            }
            if (w.contains("amax")) {
                double v = c ? Blas.scamax(n, xs, OFF, inc) : Blas.dzamax(n, xs, OFF, inc);
                Cx.checkScalar(p, new K(amax, 0), new K(amax, 0), new K(v, 0), p + " amax");
            }
            if (w.contains("amin")) {
                double v = c ? Blas.scamin(n, xs, OFF, inc) : Blas.dzamin(n, xs, OFF, inc);
                Cx.checkScalar(p, new K(amin, 0), new K(amin, 0), new K(v, 0), p + " amin");
            }
            if (w.contains("iamax")) {
                assertEquals(iamax, c ? Blas.icamax(n, xs, OFF, inc) : Blas.izamax(n, xs, OFF, inc), p + " i?amax");
            }
            if (w.contains("iamin")) {
                assertEquals(iamin, c ? Blas.icamin(n, xs, OFF, inc) : Blas.izamin(n, xs, OFF, inc), p + " i?amin");
            }
            if (w.contains("imax")) {
                assertEquals(imax, c ? Blas.icmax(n, xs, OFF, inc) : Blas.izmax(n, xs, OFF, inc), p + " i?max");
            }
            if (w.contains("imin")) {
                assertEquals(imin, c ? Blas.icmin(n, xs, OFF, inc) : Blas.izmin(n, xs, OFF, inc), p + " i?min");
            }
            Cx.checkUnchanged(x, p.read(xs), "x");
        }
    }

    /** The y-updating routines: axpy, axpyc, axpby, copy. */
    @ParameterizedTest(name = "{0}axpy, {0}axpyc, {0}axpby, {0}copy vs alpha*x+y, alpha*conj(x)+y, alpha*x+beta*y, x: n={1} incx={2} incy={3} heap={4}")
    @MethodSource("twoVectors")
    void yUpdatesMatchTheOracle(P p, int n, int incx, int incy, boolean heap) {
        Random r = new Random(n * 17 + incx * 5 + incy);
        double[] x = Cx.vector(p, r, n, incx, OFF);
        double[] y = Cx.vector(p, r, n, incy, OFF + 2);
        K[] ks = scalars(p, r);
        for (String what : new String[] {"axpy", "axpyc", "axpby", "copy"}) {
            for (K alpha : ks) {
                for (K beta : what.equals("axpby") ? ks : new K[] {K.ONE}) {
                    if (what.equals("copy") && alpha != K.ONE) {
                        continue;
                    }
                    Out[] eb = new Out[2];
                    for (int b = 0; b < 2; b++) {
                        boolean abs = b == 1;
                        double[] xx = Cx.abs(p, x, abs);
                        double[] yy = Cx.abs(p, y, abs);
                        Out o = new Out(p, yy);
                        for (int i = 0; i < n; i++) {
                            K xi = Cx.get(p, xx, NaiveBlas.index(OFF, n, incx, i));
                            int yat = NaiveBlas.index(OFF + 2, n, incy, i);
                            K yi = Cx.get(p, yy, yat);
                            K v = switch (what) {
                                case "axpy" -> alpha.abs(abs).mul(xi).add(yi);
                                case "axpyc" -> alpha.abs(abs).mul(xi.conj()).add(yi);
                                case "axpby" -> alpha.abs(abs).mul(xi).add(beta.re() == 0 && beta.im() == 0
                                        ? K.ZERO : beta.abs(abs).mul(yi));
                                default -> xi;
                            };
                            o.put(yat, v);
                        }
                        eb[b] = o;
                    }
                    try (Arena arena = Arena.ofConfined()) {
                        MemorySegment xs = p.seg(arena, x, heap);
                        MemorySegment ys = p.seg(arena, y, heap);
                        if (p == P.C) {
                            switch (what) {
                                case "axpy" -> Blas.caxpy(n, p.cf(alpha), xs, OFF, incx, ys, OFF + 2, incy);
                                case "axpyc" -> Blas.caxpyc(n, p.cf(alpha), xs, OFF, incx, ys, OFF + 2, incy);
                                case "axpby" -> Blas.caxpby(n, p.cf(alpha), xs, OFF, incx, p.cf(beta), ys, OFF + 2, incy);
                                default -> Blas.ccopy(n, xs, OFF, incx, ys, OFF + 2, incy);
                            }
                        } else {
                            switch (what) {
                                case "axpy" -> Blas.zaxpy(n, p.cd(alpha), xs, OFF, incx, ys, OFF + 2, incy);
                                case "axpyc" -> Blas.zaxpyc(n, p.cd(alpha), xs, OFF, incx, ys, OFF + 2, incy);
                                case "axpby" -> Blas.zaxpby(n, p.cd(alpha), xs, OFF, incx, p.cd(beta), ys, OFF + 2, incy);
                                default -> Blas.zcopy(n, xs, OFF, incx, ys, OFF + 2, incy);
                            }
                        }
                        String ctx = p + what + " alpha=" + alpha + " beta=" + beta;
                        Cx.check(eb[0], eb[1], y, p.read(ys), ctx);
                        Cx.checkUnchanged(x, p.read(xs), ctx + " x");
                    }
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}swap and {0}srot/{0}drot vs exchange and (c x + s y, c y - s x): n={1} incx={2} incy={3} heap={4}")
    @MethodSource("twoVectors")
    void swapAndRealRotationMatchTheOracle(P p, int n, int incx, int incy, boolean heap) {
        Random r = new Random(n * 19 + incx * 3 + incy);
        double[] x = Cx.vector(p, r, n, incx, OFF);
        double[] y = Cx.vector(p, r, n, incy, OFF + 1);
        double c = p.round(0.6);
        double s = p.round(-0.8);
        for (String what : new String[] {"swap", "rot"}) {
            Out[] ex = new Out[2];
            Out[] ey = new Out[2];
            for (int b = 0; b < 2; b++) {
                boolean abs = b == 1;
                double[] xx = Cx.abs(p, x, abs);
                double[] yy = Cx.abs(p, y, abs);
                ex[b] = new Out(p, xx);
                ey[b] = new Out(p, yy);
                K kc = new K(abs ? Math.abs(c) : c, 0);
                K ks = new K(abs ? Math.abs(s) : s, 0);
                for (int i = 0; i < n; i++) {
                    int xat = NaiveBlas.index(OFF, n, incx, i);
                    int yat = NaiveBlas.index(OFF + 1, n, incy, i);
                    K xi = Cx.get(p, xx, xat);
                    K yi = Cx.get(p, yy, yat);
                    if (what.equals("swap")) {
                        ex[b].put(xat, yi);
                        ey[b].put(yat, xi);
                    } else {
                        ex[b].put(xat, kc.mul(xi).add(ks.mul(yi)));
                        ey[b].put(yat, kc.mul(yi).add((abs ? ks : new K(-s, 0)).mul(xi)));
                    }
                }
            }
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment xs = p.seg(arena, x, heap);
                MemorySegment ys = p.seg(arena, y, heap);
                if (what.equals("swap")) {
                    if (p == P.C) {
                        Blas.cswap(n, xs, OFF, incx, ys, OFF + 1, incy);
                    } else {
                        Blas.zswap(n, xs, OFF, incx, ys, OFF + 1, incy);
                    }
                } else if (p == P.C) {
                    Blas.csrot(n, xs, OFF, incx, ys, OFF + 1, incy, (float) c, (float) s);
                } else {
                    Blas.zdrot(n, xs, OFF, incx, ys, OFF + 1, incy, c, s);
                }
                Cx.check(ex[0], ex[1], x, p.read(xs), p + what + " x");
                Cx.check(ey[0], ey[1], y, p.read(ys), p + what + " y");
            }
        }
    }

    @ParameterizedTest(name = "{0}scal and {0}{0}scal/{0}dscal vs alpha*x (complex and real alpha): n={1} incx={2} heap={3}")
    @MethodSource("oneVector")
    void scalMatchesTheOracle(P p, int n, int inc, boolean heap) {
        Random r = new Random(n * 23 + inc);
        double[] x = Cx.vector(p, r, n, inc, OFF);
        List<K> alphas = new ArrayList<>(List.of(scalars(p, r)));
        alphas.add(new K(p.random(r), 0)); // real alpha: the csscal / zdscal case
        for (K alpha : alphas) {
            for (boolean real : new boolean[] {false, true}) {
                if (real && alpha.im() != 0) {
                    continue;
                }
                Out[] e = new Out[2];
                for (int b = 0; b < 2; b++) {
                    double[] xx = Cx.abs(p, x, b == 1);
                    e[b] = new Out(p, xx);
                    for (int i = 0; i < n; i++) {
                        int at = NaiveBlas.index(OFF, n, inc, i);
                        e[b].put(at, alpha.abs(b == 1).mul(Cx.get(p, xx, at)));
                    }
                }
                try (Arena arena = Arena.ofConfined()) {
                    MemorySegment xs = p.seg(arena, x, heap);
                    if (p == P.C) {
                        if (real) {
                            Blas.csscal(n, (float) alpha.re(), xs, OFF, inc);
                        } else {
                            Blas.cscal(n, p.cf(alpha), xs, OFF, inc);
                        }
                    } else if (real) {
                        Blas.zdscal(n, alpha.re(), xs, OFF, inc);
                    } else {
                        Blas.zscal(n, p.cd(alpha), xs, OFF, inc);
                    }
                    Cx.check(e[0], e[1], x, p.read(xs), p + (real ? " real-alpha scal " : " scal ") + alpha);
                }
            }
        }
    }

    static Stream<Arguments> rotgCases() {
        return Stream.of(P.C, P.Z).flatMap(p -> Stream.of(
                Arguments.of(p, new K(0.75, -0.5), new K(-0.25, 1.5)),
                Arguments.of(p, new K(-3, 4), new K(0.5, 0)),
                Arguments.of(p, new K(0, 0), new K(0.5, -2)),
                Arguments.of(p, new K(1.25, 0.5), new K(0, 0))));
    }

    @ParameterizedTest(name = "{0}rotg vs the reference complex Givens rotation: a={1} b={2}")
    @MethodSource("rotgCases")
    void rotgMatchesTheReferenceDefinition(P p, K a, K b) {
        // Reference BLAS crotg (LAPACK 3.10+, which OpenBLAS follows): a == 0 -> c = 0, s = conj(b) / |b|, r = |b|;
        // else norm = sqrt(|a|^2 + |b|^2),
        // c = |a| / norm, s = (a / |a|) * conj(b) / norm, r = (a / |a|) * norm.
        double ma = Math.hypot(a.re(), a.im());
        double norm = Math.hypot(ma, Math.hypot(b.re(), b.im()));
        K expR;
        double expC;
        K expS;
        if (ma == 0) {
            double mb = Math.hypot(b.re(), b.im());
            expR = new K(mb, 0);
            expC = 0;
            expS = new K(b.re() / mb, -b.im() / mb);
        } else {
            K unit = new K(a.re() / ma, a.im() / ma);
            expR = new K(unit.re() * norm, unit.im() * norm);
            expC = ma / norm;
            K s = unit.mul(b.conj());
            expS = new K(s.re() / norm, s.im() / norm);
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment as = p.seg(arena, new double[] {a.re(), a.im()}, false);
            MemorySegment bs = p.seg(arena, new double[] {b.re(), b.im()}, false);
            MemorySegment ss = p.seg(arena, new double[] {9, 9}, false);
            double c;
            if (p == P.C) {
                MemorySegment cs = arena.allocateFrom(java.lang.foreign.ValueLayout.JAVA_FLOAT, 9f);
                Blas.crotg(as, 0, bs, 0, cs, 0, ss, 0);
                c = cs.get(java.lang.foreign.ValueLayout.JAVA_FLOAT, 0);
            } else {
                MemorySegment cs = arena.allocateFrom(java.lang.foreign.ValueLayout.JAVA_DOUBLE, 9d);
                Blas.zrotg(as, 0, bs, 0, cs, 0, ss, 0);
                c = cs.get(java.lang.foreign.ValueLayout.JAVA_DOUBLE, 0);
            }
            double[] r = p.read(as);
            double[] s = p.read(ss);
            Cx.checkScalar(p, expR, new K(norm * 4, 0), new K(r[0], r[1]), p + "rotg r");
            Cx.checkScalar(p, new K(expC, 0), new K(4, 0), new K(c, 0), p + "rotg c");
            Cx.checkScalar(p, expS, new K(4, 0), new K(s[0], s[1]), p + "rotg s");
            Cx.checkUnchanged(p.read(p.seg(arena, new double[] {b.re(), b.im()}, false)), p.read(bs), "b");
        }
    }
}
