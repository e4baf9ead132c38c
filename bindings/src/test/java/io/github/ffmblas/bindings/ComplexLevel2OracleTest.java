package io.github.ffmblas.bindings;

import static org.junit.jupiter.api.Assertions.fail;

import io.github.ffmblas.bindings.Cx.K;
import io.github.ffmblas.bindings.Cx.M;
import io.github.ffmblas.bindings.Cx.Out;
import io.github.ffmblas.bindings.Cx.P;
import io.github.ffmblas.bindings.Cx.Pos;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Level 2 c and z routines against the {@link Cx} oracle: both layouts, every trans / uplo / diag, increments
 * 1, 2 and -2, leading dimensions 3 past what is needed, nonzero offsets, alpha and beta including 0 and 1.
 * Unused triangles, band corners and a unit diagonal hold sentinel NaNs, so reading them poisons the result;
 * every position the routine must not write is compared bit for bit.
 */
class ComplexLevel2OracleTest {
    private static final int OFF = 2;
    private static final int[][] INCS = {{1, 1}, {2, -2}, {-2, 1}, {1, 2}, {-2, -2}};
    private static final int[] SIZES = {1, 7, 33, 130};
    private static final int[][] SHAPES = {{1, 1}, {7, 33}, {33, 7}, {130, 33}};
    private static final int[][] BANDS = {{0, 0}, {1, 2}, {3, 1}};

    /** (alpha, beta) choice sc: 0 -> (1, 0), 1 -> (random, 1), 2 -> (random, random), 3 -> (0, random). */
    private static K alpha(P p, Random r, int sc) {
        return sc == 0 ? K.ONE : sc == 3 ? K.ZERO : p.scalar(r);
    }

    private static K beta(P p, Random r, int sc) {
        return sc == 0 ? K.ZERO : sc == 1 ? K.ONE : p.scalar(r);
    }

    private static int ld(Layout l, int rows, int cols) {
        return (l == Layout.ROW_MAJOR ? cols : rows) + 3;
    }

    private static void verify(P p, double[] orig, MemorySegment seg, Function<Boolean, Out> oracle, String ctx) {
        Cx.check(oracle.apply(false), oracle.apply(true), orig, p.read(seg), ctx);
    }

    static Stream<Arguments> gemvCases() {
        List<Arguments> cases = new ArrayList<>();
        int c = 0;
        for (P p : new P[] {P.C, P.Z}) {
            for (Layout l : Layout.values()) {
                for (Transpose t : Transpose.values()) {
                    for (int[] s : SHAPES) {
                        for (int[] band : BANDS) {
                            int[] inc = INCS[c % INCS.length];
                            cases.add(Arguments.of(p, l, t, s[0], s[1], band[0], band[1], inc[0], inc[1], c % 4,
                                    c % 17 == 0));
                            c++;
                        }
                    }
                }
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}gemv and {0}gbmv vs alpha*op(A)*x+beta*y: {1} {2} m={3} n={4} kl={5} ku={6} incx={7} incy={8} scalars#{9} heap={10}")
    @MethodSource("gemvCases")
    void gemvAndGbmvMatchTheOracle(P p, Layout l, Transpose t, int m, int n, int kl, int ku, int incx, int incy,
                                   int sc, boolean heap) {
        Random r = new Random(m * 1000 + n * 10 + kl + incx + sc);
        K alpha = alpha(p, r, sc);
        K beta = beta(p, r, sc);
        int xn = t == Transpose.NO_TRANSPOSE ? n : m;
        int yn = t == Transpose.NO_TRANSPOSE ? m : n;
        double[] x = Cx.vector(p, r, xn, incx, OFF);
        double[] y = Cx.vector(p, r, yn, incy, OFF + 1);
        for (boolean banded : new boolean[] {false, true}) {
            int lda = banded ? kl + ku + 1 + 3 : ld(l, m, n);
            Pos pa = banded ? Cx.band(l, OFF, lda, kl, ku) : Cx.full(l, OFF, lda);
            double[] a = Cx.data(p, r, m, n, pa, banded ? OFF + ((l == Layout.ROW_MAJOR ? m : n) - 1) * lda + kl + ku + 1 : 0);
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment as = p.seg(arena, a, heap);
                MemorySegment xs = p.seg(arena, x, heap);
                MemorySegment ys = p.seg(arena, y, heap);
                if (p == P.C) {
                    if (banded) {
                        Blas.cgbmv(l, t, m, n, kl, ku, p.cf(alpha), as, OFF, lda, xs, OFF, incx, p.cf(beta), ys, OFF + 1, incy);
                    } else {
                        Blas.cgemv(l, t, m, n, p.cf(alpha), as, OFF, lda, xs, OFF, incx, p.cf(beta), ys, OFF + 1, incy);
                    }
                } else if (banded) {
                    Blas.zgbmv(l, t, m, n, kl, ku, p.cd(alpha), as, OFF, lda, xs, OFF, incx, p.cd(beta), ys, OFF + 1, incy);
                } else {
                    Blas.zgemv(l, t, m, n, p.cd(alpha), as, OFF, lda, xs, OFF, incx, p.cd(beta), ys, OFF + 1, incy);
                }
                verify(p, y, ys, abs -> {
                    M am = Cx.op(Cx.general(p, Cx.abs(p, a, abs), m, n, pa), t);
                    M xm = Cx.vector(p, Cx.abs(p, x, abs), xn, incx, OFF);
                    M ym = Cx.vector(p, Cx.abs(p, y, abs), yn, incy, OFF + 1);
                    M res = Cx.axpby(alpha.abs(abs), Cx.mul(am, xm), beta.abs(abs), ym);
                    return new Out(p, Cx.abs(p, y, abs)).store(res, Cx.vec(OFF + 1, yn, incy));
                }, p + (banded ? "gbmv" : "gemv"));
                Cx.checkUnchanged(a, p.read(as), "A");
                Cx.checkUnchanged(x, p.read(xs), "x");
            }
        }
    }

    static Stream<Arguments> gerCases() {
        List<Arguments> cases = new ArrayList<>();
        int c = 0;
        for (P p : new P[] {P.C, P.Z}) {
            for (Layout l : Layout.values()) {
                for (int[] s : SHAPES) {
                    for (int[] inc : INCS) {
                        cases.add(Arguments.of(p, l, s[0], s[1], inc[0], inc[1], c % 4, c % 11 == 0));
                        c++;
                    }
                }
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}geru and {0}gerc vs alpha*x*y^T+A and alpha*x*y^H+A: {1} m={2} n={3} incx={4} incy={5} scalars#{6} heap={7}")
    @MethodSource("gerCases")
    void geruAndGercMatchTheOracle(P p, Layout l, int m, int n, int incx, int incy, int sc, boolean heap) {
        Random r = new Random(m * 100 + n + incx * 7 + incy + sc);
        K alpha = alpha(p, r, sc == 0 ? 1 : sc);
        double[] x = Cx.vector(p, r, m, incx, OFF);
        double[] y = Cx.vector(p, r, n, incy, OFF + 1);
        int lda = ld(l, m, n);
        Pos pa = Cx.full(l, OFF, lda);
        double[] a = Cx.data(p, r, m, n, pa);
        for (boolean conj : new boolean[] {false, true}) {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment as = p.seg(arena, a, heap);
                MemorySegment xs = p.seg(arena, x, heap);
                MemorySegment ys = p.seg(arena, y, heap);
                if (p == P.C) {
                    if (conj) {
                        Blas.cgerc(l, m, n, p.cf(alpha), xs, OFF, incx, ys, OFF + 1, incy, as, OFF, lda);
                    } else {
                        Blas.cgeru(l, m, n, p.cf(alpha), xs, OFF, incx, ys, OFF + 1, incy, as, OFF, lda);
                    }
                } else if (conj) {
                    Blas.zgerc(l, m, n, p.cd(alpha), xs, OFF, incx, ys, OFF + 1, incy, as, OFF, lda);
                } else {
                    Blas.zgeru(l, m, n, p.cd(alpha), xs, OFF, incx, ys, OFF + 1, incy, as, OFF, lda);
                }
                verify(p, a, as, abs -> {
                    M xm = Cx.vector(p, Cx.abs(p, x, abs), m, incx, OFF);
                    M yt = Cx.op(Cx.vector(p, Cx.abs(p, y, abs), n, incy, OFF + 1),
                            conj ? Transpose.CONJUGATE_TRANSPOSE : Transpose.TRANSPOSE);
                    M res = Cx.axpby(alpha.abs(abs), Cx.mul(xm, yt), K.ONE, Cx.general(p, Cx.abs(p, a, abs), m, n, pa));
                    return new Out(p, Cx.abs(p, a, abs)).store(res, pa);
                }, p + (conj ? "gerc" : "geru"));
                Cx.checkUnchanged(x, p.read(xs), "x");
                Cx.checkUnchanged(y, p.read(ys), "y");
            }
        }
    }

    enum Storage { FULL, BAND, PACKED }

    static Stream<Arguments> triangularCases() {
        List<Arguments> cases = new ArrayList<>();
        int c = 0;
        for (P p : new P[] {P.C, P.Z}) {
            for (Storage st : Storage.values()) {
                for (Layout l : Layout.values()) {
                    for (Uplo u : Uplo.values()) {
                        for (Transpose t : Transpose.values()) {
                            for (Diag d : Diag.values()) {
                                for (int n : SIZES) {
                                    cases.add(Arguments.of(p, st, l, u, t, d, n, INCS[c % INCS.length][0], c % 29 == 0));
                                    c++;
                                }
                            }
                        }
                    }
                }
            }
        }
        return cases.stream();
    }

    private static Pos triPos(Storage st, Layout l, Uplo u, int n, int k, int lda) {
        return switch (st) {
            case FULL -> Cx.triangle(Cx.full(l, OFF, lda), u);
            case BAND -> Cx.bandTri(l, u, OFF, lda, k);
            case PACKED -> Cx.packed(l, u, n, OFF);
        };
    }

    @ParameterizedTest(name = "{0} {1} trmv/tbmv/tpmv vs op(A)*x: {2} {3} {4} {5} n={6} incx={7} heap={8}")
    @MethodSource("triangularCases")
    void triangularMultiplyMatchesTheOracle(P p, Storage st, Layout l, Uplo u, Transpose t, Diag d, int n, int inc,
                                            boolean heap) {
        Random r = new Random(n * 31 + inc + st.ordinal());
        int k = Math.min(n - 1, 3);
        int lda = st == Storage.BAND ? k + 1 + 3 : n + 3;
        Pos pa = triPos(st, l, u, n, k, lda);
        double[] a = Cx.data(p, r, n, n, pa, st == Storage.BAND ? OFF + (n - 1) * lda + k + 1 : 0);
        if (d == Diag.UNIT) {
            Cx.conditionTriangle(p, r, a, n, (i, j) -> i == j ? pa.at(i, j) : -1, d);
        }
        double[] x = Cx.vector(p, r, n, inc, OFF + 1);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment as = p.seg(arena, a, heap);
            MemorySegment xs = p.seg(arena, x, heap);
            callTriangular(p, st, false, l, u, t, d, n, k, as, lda, xs, inc);
            verify(p, x, xs, abs -> {
                M am = Cx.op(Cx.triangular(p, Cx.abs(p, a, abs), n, pa, u, d), t);
                M res = Cx.mul(am, Cx.vector(p, Cx.abs(p, x, abs), n, inc, OFF + 1));
                return new Out(p, Cx.abs(p, x, abs)).store(res, Cx.vec(OFF + 1, n, inc));
            }, p + " " + st + " triangular multiply");
            Cx.checkUnchanged(a, p.read(as), "A");
        }
    }

    @ParameterizedTest(name = "{0} {1} trsv/tbsv/tpsv: residual op(A)*x - b vs the oracle: {2} {3} {4} {5} n={6} incx={7} heap={8}")
    @MethodSource("triangularCases")
    void triangularSolveMatchesTheOracle(P p, Storage st, Layout l, Uplo u, Transpose t, Diag d, int n, int inc,
                                         boolean heap) {
        Random r = new Random(n * 37 + inc + st.ordinal());
        int k = Math.min(n - 1, 3);
        int lda = st == Storage.BAND ? k + 1 + 3 : n + 3;
        Pos pa = triPos(st, l, u, n, k, lda);
        double[] a = Cx.data(p, r, n, n, pa, st == Storage.BAND ? OFF + (n - 1) * lda + k + 1 : 0);
        Cx.conditionTriangle(p, r, a, n, pa, d);
        double[] b = Cx.vector(p, r, n, inc, OFF + 1);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment as = p.seg(arena, a, heap);
            MemorySegment xs = p.seg(arena, b, heap);
            callTriangular(p, st, true, l, u, t, d, n, k, as, lda, xs, inc);
            double[] x = p.read(xs);
            M am = Cx.op(Cx.triangular(p, a, n, pa, u, d), t);
            M residual = Cx.mul(am, Cx.vector(p, x, n, inc, OFF + 1));
            M bound = Cx.mul(Cx.op(Cx.triangular(p, Cx.abs(p, a), n, pa, u, d), t), Cx.vector(p, Cx.abs(p, x), n, inc, OFF + 1));
            M bm = Cx.vector(p, b, n, inc, OFF + 1);
            checkSolve(p, residual, bm, bound, n, p + " " + st + " triangular solve");
            Pos px = Cx.vec(OFF + 1, n, inc);
            Out untouched = new Out(p, b);
            for (int i = 0; i < n; i++) {
                untouched.put(px.at(i, 0), K.ZERO);
            }
            for (int i = 0; i < b.length; i++) {
                if (!untouched.w[i] && Double.doubleToRawLongBits(b[i]) != Double.doubleToRawLongBits(x[i])) {
                    fail("triangular solve wrote outside x at " + i);
                }
            }
            Cx.checkUnchanged(a, p.read(as), "A");
        }
    }

    /** |computed - expected| within 10x the tolerance of |op(A)| |x| + |b| (backward error of a triangular solve). */
    static void checkSolve(P p, M got, M want, M bound, int size, String ctx) {
        for (int i = 0; i < got.rows; i++) {
            for (int j = 0; j < got.cols; j++) {
                K g = got.get(i, j);
                K w = want.get(i, j);
                double tol = 10 * p.tol(bound.get(i, j).re() + w.mod1());
                if (!(Math.abs(g.re() - w.re()) <= tol && Math.abs(g.im() - w.im()) <= tol)) {
                    fail(ctx + ": residual at (" + i + ", " + j + ") " + g + " vs " + w + " +- " + tol);
                }
            }
        }
    }

    private static void callTriangular(P p, Storage st, boolean solve, Layout l, Uplo u, Transpose t, Diag d, int n,
                                       int k, MemorySegment a, int lda, MemorySegment x, int inc) {
        int xo = OFF + 1;
        if (p == P.C) {
            switch (st) {
                case FULL -> {
                    if (solve) Blas.ctrsv(l, u, t, d, n, a, OFF, lda, x, xo, inc); else Blas.ctrmv(l, u, t, d, n, a, OFF, lda, x, xo, inc);
                }
                case BAND -> {
                    if (solve) Blas.ctbsv(l, u, t, d, n, k, a, OFF, lda, x, xo, inc); else Blas.ctbmv(l, u, t, d, n, k, a, OFF, lda, x, xo, inc);
                }
                case PACKED -> {
                    if (solve) Blas.ctpsv(l, u, t, d, n, a, OFF, x, xo, inc); else Blas.ctpmv(l, u, t, d, n, a, OFF, x, xo, inc);
                }
            }
        } else {
            switch (st) {
                case FULL -> {
                    if (solve) Blas.ztrsv(l, u, t, d, n, a, OFF, lda, x, xo, inc); else Blas.ztrmv(l, u, t, d, n, a, OFF, lda, x, xo, inc);
                }
                case BAND -> {
                    if (solve) Blas.ztbsv(l, u, t, d, n, k, a, OFF, lda, x, xo, inc); else Blas.ztbmv(l, u, t, d, n, k, a, OFF, lda, x, xo, inc);
                }
                case PACKED -> {
                    if (solve) Blas.ztpsv(l, u, t, d, n, a, OFF, x, xo, inc); else Blas.ztpmv(l, u, t, d, n, a, OFF, x, xo, inc);
                }
            }
        }
    }

    static Stream<Arguments> hermitianCases() {
        List<Arguments> cases = new ArrayList<>();
        int c = 0;
        for (P p : new P[] {P.C, P.Z}) {
            for (Storage st : Storage.values()) {
                for (Layout l : Layout.values()) {
                    for (Uplo u : Uplo.values()) {
                        for (int n : SIZES) {
                            int[] inc = INCS[c % INCS.length];
                            cases.add(Arguments.of(p, st, l, u, n, inc[0], inc[1], c % 4, c % 13 == 0));
                            c++;
                        }
                    }
                }
            }
        }
        return cases.stream();
    }

    private static Pos hermPos(Storage st, Layout l, Uplo u, int n, int k, int lda) {
        return triPos(st, l, u, n, k, lda);
    }

    @ParameterizedTest(name = "{0} {1} hemv/hbmv/hpmv vs alpha*A*x+beta*y, A Hermitian from its {3} triangle: {2} n={4} incx={5} incy={6} scalars#{7} heap={8}")
    @MethodSource("hermitianCases")
    void hermitianMultiplyMatchesTheOracle(P p, Storage st, Layout l, Uplo u, int n, int incx, int incy, int sc,
                                           boolean heap) {
        Random r = new Random(n * 41 + incx * 3 + incy + sc);
        K alpha = alpha(p, r, sc);
        K beta = beta(p, r, sc);
        int k = Math.min(n - 1, 3);
        int lda = st == Storage.BAND ? k + 1 + 3 : n + 3;
        Pos pa = hermPos(st, l, u, n, k, lda);
        double[] a = Cx.data(p, r, n, n, pa, st == Storage.BAND ? OFF + (n - 1) * lda + k + 1 : 0); // the diagonal's imaginary parts are random: they must be ignored
        double[] x = Cx.vector(p, r, n, incx, OFF);
        double[] y = Cx.vector(p, r, n, incy, OFF + 1);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment as = p.seg(arena, a, heap);
            MemorySegment xs = p.seg(arena, x, heap);
            MemorySegment ys = p.seg(arena, y, heap);
            if (p == P.C) {
                switch (st) {
                    case FULL -> Blas.chemv(l, u, n, p.cf(alpha), as, OFF, lda, xs, OFF, incx, p.cf(beta), ys, OFF + 1, incy);
                    case BAND -> Blas.chbmv(l, u, n, k, p.cf(alpha), as, OFF, lda, xs, OFF, incx, p.cf(beta), ys, OFF + 1, incy);
                    case PACKED -> Blas.chpmv(l, u, n, p.cf(alpha), as, OFF, xs, OFF, incx, p.cf(beta), ys, OFF + 1, incy);
                }
            } else {
                switch (st) {
                    case FULL -> Blas.zhemv(l, u, n, p.cd(alpha), as, OFF, lda, xs, OFF, incx, p.cd(beta), ys, OFF + 1, incy);
                    case BAND -> Blas.zhbmv(l, u, n, k, p.cd(alpha), as, OFF, lda, xs, OFF, incx, p.cd(beta), ys, OFF + 1, incy);
                    case PACKED -> Blas.zhpmv(l, u, n, p.cd(alpha), as, OFF, xs, OFF, incx, p.cd(beta), ys, OFF + 1, incy);
                }
            }
            verify(p, y, ys, abs -> {
                M am = Cx.mirrored(p, Cx.abs(p, a, abs), n, pa, u, true);
                M res = Cx.axpby(alpha.abs(abs), Cx.mul(am, Cx.vector(p, Cx.abs(p, x, abs), n, incx, OFF)),
                        beta.abs(abs), Cx.vector(p, Cx.abs(p, y, abs), n, incy, OFF + 1));
                return new Out(p, Cx.abs(p, y, abs)).store(res, Cx.vec(OFF + 1, n, incy));
            }, p + " " + st + " Hermitian multiply");
            Cx.checkUnchanged(a, p.read(as), "A");
            Cx.checkUnchanged(x, p.read(xs), "x");
        }
    }

    static Stream<Arguments> rankCases() {
        return hermitianCases().filter(a -> a.get()[1] != Storage.BAND);
    }

    @ParameterizedTest(name = "{0} {1} her/hpr and her2/hpr2 vs alpha*x*x^H+A and alpha*x*y^H+conj(alpha)*y*x^H+A on the {3} triangle, diagonal made real: {2} n={4} incx={5} incy={6} scalars#{7} heap={8}")
    @MethodSource("rankCases")
    void hermitianRankUpdatesMatchTheOracle(P p, Storage st, Layout l, Uplo u, int n, int incx, int incy, int sc,
                                            boolean heap) {
        Random r = new Random(n * 43 + incx * 3 + incy + sc);
        K alpha = alpha(p, r, sc == 0 ? 2 : sc);
        K realAlpha = new K(alpha.re(), 0);
        int lda = n + 3;
        Pos pa = hermPos(st, l, u, n, 0, lda);
        double[] a = Cx.data(p, r, n, n, pa);
        double[] x = Cx.vector(p, r, n, incx, OFF);
        double[] y = Cx.vector(p, r, n, incy, OFF + 1);
        for (boolean two : new boolean[] {false, true}) {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment as = p.seg(arena, a, heap);
                MemorySegment xs = p.seg(arena, x, heap);
                MemorySegment ys = p.seg(arena, y, heap);
                boolean full = st == Storage.FULL;
                if (p == P.C) {
                    if (two) {
                        if (full) Blas.cher2(l, u, n, p.cf(alpha), xs, OFF, incx, ys, OFF + 1, incy, as, OFF, lda);
                        else Blas.chpr2(l, u, n, p.cf(alpha), xs, OFF, incx, ys, OFF + 1, incy, as, OFF);
                    } else if (full) {
                        Blas.cher(l, u, n, (float) alpha.re(), xs, OFF, incx, as, OFF, lda);
                    } else {
                        Blas.chpr(l, u, n, (float) alpha.re(), xs, OFF, incx, as, OFF);
                    }
                } else if (two) {
                    if (full) Blas.zher2(l, u, n, p.cd(alpha), xs, OFF, incx, ys, OFF + 1, incy, as, OFF, lda);
                    else Blas.zhpr2(l, u, n, p.cd(alpha), xs, OFF, incx, ys, OFF + 1, incy, as, OFF);
                } else if (full) {
                    Blas.zher(l, u, n, alpha.re(), xs, OFF, incx, as, OFF, lda);
                } else {
                    Blas.zhpr(l, u, n, alpha.re(), xs, OFF, incx, as, OFF);
                }
                verify(p, a, as, abs -> {
                    if (two ? alpha.mod1() == 0 : alpha.re() == 0) {
                        return new Out(p, Cx.abs(p, a, abs)); // reference BLAS returns at once: A untouched
                    }
                    M am = Cx.mirrored(p, Cx.abs(p, a, abs), n, pa, u, true);
                    M xm = Cx.vector(p, Cx.abs(p, x, abs), n, incx, OFF);
                    M res;
                    if (two) {
                        M ym = Cx.vector(p, Cx.abs(p, y, abs), n, incy, OFF + 1);
                        K al = alpha.abs(abs);
                        M xy = Cx.mul(xm, Cx.op(ym, Transpose.CONJUGATE_TRANSPOSE));
                        M yx = Cx.mul(ym, Cx.op(xm, Transpose.CONJUGATE_TRANSPOSE));
                        res = Cx.axpby(K.ONE, Cx.axpby(al, xy, al.conj(), yx), K.ONE, am);
                    } else {
                        res = Cx.axpby(realAlpha.abs(abs), Cx.mul(xm, Cx.op(xm, Transpose.CONJUGATE_TRANSPOSE)), K.ONE, am);
                    }
                    for (int i = 0; i < n; i++) {
                        res.set(i, i, new K(res.get(i, i).re(), 0)); // BLAS sets the diagonal's imaginary part to 0
                    }
                    return new Out(p, Cx.abs(p, a, abs)).store(res, pa);
                }, p + " " + st + (two ? " her2/hpr2" : " her/hpr"));
                Cx.checkUnchanged(x, p.read(xs), "x");
                Cx.checkUnchanged(y, p.read(ys), "y");
            }
        }
    }
}
