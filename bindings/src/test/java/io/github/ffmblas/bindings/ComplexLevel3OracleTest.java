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
 * Level 3 c and z routines (and OpenBLAS's gemm3m and gemmt) against the {@link Cx} oracle: both layouts, every trans / side / uplo / diag that
 * applies, leading dimensions 3 past what is needed, nonzero offsets, alpha and beta including 0 and 1. The
 * triangle of C a routine must not touch, and all padding, are compared bit for bit.
 */
class ComplexLevel3OracleTest {
    private static final int OFF = 3;
    private static final int[][] MNK = {{1, 1, 1}, {7, 33, 7}, {33, 7, 130}};
    private static final int[][] NK = {{1, 1}, {7, 33}, {33, 7}};

    private static K alpha(P p, Random r, int sc) {
        return sc == 0 ? K.ONE : sc == 3 ? K.ZERO : p.scalar(r);
    }

    private static K beta(P p, Random r, int sc) {
        return sc == 0 ? K.ZERO : sc == 1 ? K.ONE : p.scalar(r);
    }

    static int ld(Layout l, int rows, int cols) {
        return (l == Layout.ROW_MAJOR ? cols : rows) + 3;
    }

    private static void verify(P p, double[] orig, MemorySegment seg, Function<Boolean, Out> oracle, String ctx) {
        Cx.check(oracle.apply(false), oracle.apply(true), orig, p.read(seg), ctx);
    }

    static Stream<Arguments> gemmCases() {
        List<Arguments> cases = new ArrayList<>();
        int c = 0;
        for (P p : new P[] {P.C, P.Z}) {
            for (Layout l : Layout.values()) {
                for (Transpose ta : Transpose.values()) {
                    for (Transpose tb : Transpose.values()) {
                        for (int[] s : MNK) {
                            cases.add(Arguments.of(p, l, ta, tb, s[0], s[1], s[2], c % 4, c % 19 == 0));
                            c++;
                        }
                    }
                }
            }
        }
        cases.add(Arguments.of(P.Z, Layout.COLUMN_MAJOR, Transpose.CONJUGATE_TRANSPOSE, Transpose.NO_TRANSPOSE, 130, 130, 33, 2, false));
        cases.add(Arguments.of(P.C, Layout.ROW_MAJOR, Transpose.NO_TRANSPOSE, Transpose.CONJUGATE_TRANSPOSE, 130, 33, 130, 2, false));
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}gemm and {0}gemm3m vs alpha*op(A)*op(B)+beta*C: {1} {2} {3} m={4} n={5} k={6} scalars#{7} heap={8}")
    @MethodSource("gemmCases")
    void gemmAndGemm3mMatchTheOracle(P p, Layout l, Transpose ta, Transpose tb, int m, int n, int k, int sc,
                                     boolean heap) {
        Random r = new Random(m * 10007 + n * 101 + k + sc);
        K alpha = alpha(p, r, sc);
        K beta = beta(p, r, sc);
        int ar = ta == Transpose.NO_TRANSPOSE ? m : k;
        int ac = ta == Transpose.NO_TRANSPOSE ? k : m;
        int br = tb == Transpose.NO_TRANSPOSE ? k : n;
        int bc = tb == Transpose.NO_TRANSPOSE ? n : k;
        int lda = ld(l, ar, ac);
        int ldb = ld(l, br, bc);
        int ldc = ld(l, m, n);
        Pos pa = Cx.full(l, OFF, lda);
        Pos pb = Cx.full(l, OFF + 1, ldb);
        Pos pc = Cx.full(l, OFF + 2, ldc);
        double[] a = Cx.data(p, r, ar, ac, pa);
        double[] b = Cx.data(p, r, br, bc, pb);
        double[] c = Cx.data(p, r, m, n, pc);
        for (boolean three : new boolean[] {false, true}) {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment as = p.seg(arena, a, heap);
                MemorySegment bs = p.seg(arena, b, heap);
                MemorySegment cs = p.seg(arena, c, heap);
                if (p == P.C) {
                    if (three) Blas.cgemm3m(l, ta, tb, m, n, k, p.cf(alpha), as, OFF, lda, bs, OFF + 1, ldb, p.cf(beta), cs, OFF + 2, ldc);
                    else Blas.cgemm(l, ta, tb, m, n, k, p.cf(alpha), as, OFF, lda, bs, OFF + 1, ldb, p.cf(beta), cs, OFF + 2, ldc);
                } else if (three) {
                    Blas.zgemm3m(l, ta, tb, m, n, k, p.cd(alpha), as, OFF, lda, bs, OFF + 1, ldb, p.cd(beta), cs, OFF + 2, ldc);
                } else {
                    Blas.zgemm(l, ta, tb, m, n, k, p.cd(alpha), as, OFF, lda, bs, OFF + 1, ldb, p.cd(beta), cs, OFF + 2, ldc);
                }
                verify(p, c, cs, abs -> {
                    M prod = Cx.mul(Cx.op(Cx.general(p, Cx.abs(p, a, abs), ar, ac, pa), ta),
                            Cx.op(Cx.general(p, Cx.abs(p, b, abs), br, bc, pb), tb));
                    M res = Cx.axpby(alpha.abs(abs), prod, beta.abs(abs), Cx.general(p, Cx.abs(p, c, abs), m, n, pc));
                    return new Out(p, Cx.abs(p, c, abs)).store(res, pc);
                }, p + (three ? "gemm3m" : "gemm"));
                Cx.checkUnchanged(a, p.read(as), "A");
                Cx.checkUnchanged(b, p.read(bs), "B");
            }
        }
    }

    static Stream<Arguments> gemmtCases() {
        List<Arguments> cases = new ArrayList<>();
        int c = 0;
        for (P p : new P[] {P.C, P.Z}) {
            for (Layout l : Layout.values()) {
                for (Uplo u : Uplo.values()) {
                    for (Transpose ta : Transpose.values()) {
                        for (Transpose tb : Transpose.values()) {
                            for (int[] s : NK) {
                                cases.add(Arguments.of(p, l, u, ta, tb, s[0], s[1], c % 4, c % 17 == 0));
                                c++;
                            }
                        }
                    }
                }
            }
        }
        cases.add(Arguments.of(P.C, Layout.ROW_MAJOR, Uplo.LOWER, Transpose.CONJUGATE_TRANSPOSE, Transpose.TRANSPOSE, 130, 33, 2, false));
        cases.add(Arguments.of(P.Z, Layout.COLUMN_MAJOR, Uplo.UPPER, Transpose.NO_TRANSPOSE, Transpose.CONJUGATE_TRANSPOSE, 130, 7, 2, true));
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}gemmt vs the {2} triangle of alpha*op(A)*op(B)+beta*C: {1} {3} {4} n={5} k={6} scalars#{7} heap={8}")
    @MethodSource("gemmtCases")
    void gemmtMatchesTheOracle(P p, Layout l, Uplo u, Transpose ta, Transpose tb, int n, int k, int sc, boolean heap) {
        Random r = new Random(n * 10007 + k * 101 + sc + ta.ordinal() * 7 + tb.ordinal());
        K alpha = alpha(p, r, sc);
        K beta = beta(p, r, sc);
        int ar = ta == Transpose.NO_TRANSPOSE ? n : k;
        int ac = ta == Transpose.NO_TRANSPOSE ? k : n;
        int br = tb == Transpose.NO_TRANSPOSE ? k : n;
        int bc = tb == Transpose.NO_TRANSPOSE ? n : k;
        int lda = ld(l, ar, ac);
        int ldb = ld(l, br, bc);
        int ldc = n + 3;
        Pos pa = Cx.full(l, OFF, lda);
        Pos pb = Cx.full(l, OFF + 1, ldb);
        // Only the uplo triangle of C is stored: the other holds sentinels that must neither be read nor written.
        Pos pc = Cx.triangle(Cx.full(l, OFF + 2, ldc), u);
        double[] a = Cx.data(p, r, ar, ac, pa);
        double[] b = Cx.data(p, r, br, bc, pb);
        double[] c = Cx.data(p, r, n, n, pc);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment as = p.seg(arena, a, heap);
            MemorySegment bs = p.seg(arena, b, heap);
            MemorySegment cs = p.seg(arena, c, heap);
            if (p == P.C) {
                Blas.cgemmt(l, u, ta, tb, n, k, p.cf(alpha), as, OFF, lda, bs, OFF + 1, ldb, p.cf(beta), cs, OFF + 2, ldc);
            } else {
                Blas.zgemmt(l, u, ta, tb, n, k, p.cd(alpha), as, OFF, lda, bs, OFF + 1, ldb, p.cd(beta), cs, OFF + 2, ldc);
            }
            verify(p, c, cs, abs -> {
                M prod = Cx.mul(Cx.op(Cx.general(p, Cx.abs(p, a, abs), ar, ac, pa), ta),
                        Cx.op(Cx.general(p, Cx.abs(p, b, abs), br, bc, pb), tb));
                M res = Cx.axpby(alpha.abs(abs), prod, beta.abs(abs), Cx.general(p, Cx.abs(p, c, abs), n, n, pc));
                return new Out(p, Cx.abs(p, c, abs)).store(res, pc);
            }, p + "gemmt");
            Cx.checkUnchanged(a, p.read(as), "A");
            Cx.checkUnchanged(b, p.read(bs), "B");
        }
    }

    static Stream<Arguments> symmCases() {
        List<Arguments> cases = new ArrayList<>();
        int c = 0;
        for (P p : new P[] {P.C, P.Z}) {
            for (Layout l : Layout.values()) {
                for (Side side : Side.values()) {
                    for (Uplo u : Uplo.values()) {
                        for (int[] s : NK) {
                            cases.add(Arguments.of(p, l, side, u, s[0], s[1], c % 4, c % 13 == 0));
                            c++;
                        }
                    }
                }
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}symm and {0}hemm vs alpha*A*B+beta*C (or B*A), A symmetric / Hermitian from its {3} triangle: {1} {2} m={4} n={5} scalars#{6} heap={7}")
    @MethodSource("symmCases")
    void symmAndHemmMatchTheOracle(P p, Layout l, Side side, Uplo u, int m, int n, int sc, boolean heap) {
        Random r = new Random(m * 101 + n + sc + side.ordinal());
        K alpha = alpha(p, r, sc);
        K beta = beta(p, r, sc);
        int na = side == Side.LEFT ? m : n;
        int lda = na + 3;
        int ldb = ld(l, m, n);
        int ldc = ldb + 1;
        Pos pa = Cx.triangle(Cx.full(l, OFF, lda), u);
        Pos pb = Cx.full(l, OFF + 1, ldb);
        Pos pc = Cx.full(l, OFF + 2, ldc);
        double[] a = Cx.data(p, r, na, na, pa);
        double[] b = Cx.data(p, r, m, n, pb);
        double[] c = Cx.data(p, r, m, n, pc);
        for (boolean herm : new boolean[] {false, true}) {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment as = p.seg(arena, a, heap);
                MemorySegment bs = p.seg(arena, b, heap);
                MemorySegment cs = p.seg(arena, c, heap);
                if (p == P.C) {
                    if (herm) Blas.chemm(l, side, u, m, n, p.cf(alpha), as, OFF, lda, bs, OFF + 1, ldb, p.cf(beta), cs, OFF + 2, ldc);
                    else Blas.csymm(l, side, u, m, n, p.cf(alpha), as, OFF, lda, bs, OFF + 1, ldb, p.cf(beta), cs, OFF + 2, ldc);
                } else if (herm) {
                    Blas.zhemm(l, side, u, m, n, p.cd(alpha), as, OFF, lda, bs, OFF + 1, ldb, p.cd(beta), cs, OFF + 2, ldc);
                } else {
                    Blas.zsymm(l, side, u, m, n, p.cd(alpha), as, OFF, lda, bs, OFF + 1, ldb, p.cd(beta), cs, OFF + 2, ldc);
                }
                verify(p, c, cs, abs -> {
                    M am = Cx.mirrored(p, Cx.abs(p, a, abs), na, pa, u, herm);
                    M bm = Cx.general(p, Cx.abs(p, b, abs), m, n, pb);
                    M prod = side == Side.LEFT ? Cx.mul(am, bm) : Cx.mul(bm, am);
                    M res = Cx.axpby(alpha.abs(abs), prod, beta.abs(abs), Cx.general(p, Cx.abs(p, c, abs), m, n, pc));
                    return new Out(p, Cx.abs(p, c, abs)).store(res, pc);
                }, p + (herm ? "hemm" : "symm"));
                Cx.checkUnchanged(a, p.read(as), "A");
                Cx.checkUnchanged(b, p.read(bs), "B");
            }
        }
    }

    static Stream<Arguments> rankKCases() {
        List<Arguments> cases = new ArrayList<>();
        int c = 0;
        for (P p : new P[] {P.C, P.Z}) {
            for (Layout l : Layout.values()) {
                for (Uplo u : Uplo.values()) {
                    for (Transpose t : Transpose.values()) {
                        for (boolean herm : new boolean[] {false, true}) {
                            if (t == (herm ? Transpose.TRANSPOSE : Transpose.CONJUGATE_TRANSPOSE)) {
                                continue; // syrk takes N/T, herk N/C
                            }
                            for (int[] s : NK) {
                                cases.add(Arguments.of(p, herm, l, u, t, s[0], s[1], c % 4, c % 13 == 0));
                                c++;
                            }
                        }
                    }
                }
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} herk={1}: syrk/herk and syr2k/her2k vs the {3} triangle of alpha*op(A)*op(A)^T(H)+beta*C (two-term for 2k): {2} {4} n={5} k={6} scalars#{7} heap={8}")
    @MethodSource("rankKCases")
    void rankKUpdatesMatchTheOracle(P p, boolean herm, Layout l, Uplo u, Transpose t, int n, int k, int sc,
                                    boolean heap) {
        Random r = new Random(n * 101 + k + sc + t.ordinal());
        K alpha = alpha(p, r, sc == 0 ? 2 : sc);
        K beta = beta(p, r, sc);
        if (herm) {
            beta = new K(beta.re(), 0);
        }
        K realAlpha = new K(alpha.re(), 0);
        K fBeta = beta;
        boolean notrans = t == Transpose.NO_TRANSPOSE;
        int ar = notrans ? n : k;
        int ac = notrans ? k : n;
        int lda = ld(l, ar, ac);
        int ldb = lda + 1;
        int ldc = n + 3;
        Pos pa = Cx.full(l, OFF, lda);
        Pos pb = Cx.full(l, OFF + 1, ldb);
        Pos pc = Cx.triangle(Cx.full(l, OFF + 2, ldc), u);
        double[] a = Cx.data(p, r, ar, ac, pa);
        double[] b = Cx.data(p, r, ar, ac, pb);
        double[] c = Cx.data(p, r, n, n, pc);
        Transpose tt = herm ? Transpose.CONJUGATE_TRANSPOSE : Transpose.TRANSPOSE;
        for (boolean two : new boolean[] {false, true}) {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment as = p.seg(arena, a, heap);
                MemorySegment bs = p.seg(arena, b, heap);
                MemorySegment cs = p.seg(arena, c, heap);
                if (p == P.C) {
                    if (herm && two) Blas.cher2k(l, u, t, n, k, p.cf(alpha), as, OFF, lda, bs, OFF + 1, ldb, (float) beta.re(), cs, OFF + 2, ldc);
                    else if (herm) Blas.cherk(l, u, t, n, k, (float) alpha.re(), as, OFF, lda, (float) beta.re(), cs, OFF + 2, ldc);
                    else if (two) Blas.csyr2k(l, u, t, n, k, p.cf(alpha), as, OFF, lda, bs, OFF + 1, ldb, p.cf(beta), cs, OFF + 2, ldc);
                    else Blas.csyrk(l, u, t, n, k, p.cf(alpha), as, OFF, lda, p.cf(beta), cs, OFF + 2, ldc);
                } else {
                    if (herm && two) Blas.zher2k(l, u, t, n, k, p.cd(alpha), as, OFF, lda, bs, OFF + 1, ldb, beta.re(), cs, OFF + 2, ldc);
                    else if (herm) Blas.zherk(l, u, t, n, k, alpha.re(), as, OFF, lda, beta.re(), cs, OFF + 2, ldc);
                    else if (two) Blas.zsyr2k(l, u, t, n, k, p.cd(alpha), as, OFF, lda, bs, OFF + 1, ldb, p.cd(beta), cs, OFF + 2, ldc);
                    else Blas.zsyrk(l, u, t, n, k, p.cd(alpha), as, OFF, lda, p.cd(beta), cs, OFF + 2, ldc);
                }
                verify(p, c, cs, abs -> {
                    K al = (herm && !two ? realAlpha : alpha).abs(abs);
                    K be = fBeta.abs(abs);
                    if (herm && al.mod1() == 0 && be.re() == 1) {
                        return new Out(p, Cx.abs(p, c, abs)); // reference BLAS returns at once: C untouched
                    }
                    M am = Cx.op(Cx.general(p, Cx.abs(p, a, abs), ar, ac, pa), t);
                    M bm = Cx.op(Cx.general(p, Cx.abs(p, b, abs), ar, ac, pb), t);
                    // op(A) is n x k now; the product is op(A) op(A)^T, A^H for herk (t = C gives A^H A).
                    M cm = herm ? Cx.mirrored(p, Cx.abs(p, c, abs), n, pc, u, true)
                            : Cx.mirrored(p, Cx.abs(p, c, abs), n, pc, u, false);
                    M prod;
                    if (!two) {
                        prod = Cx.axpby(al, Cx.mul(am, Cx.op(am, tt)), K.ZERO, null);
                    } else {
                        M ab = Cx.mul(am, Cx.op(bm, tt));
                        M ba = Cx.mul(bm, Cx.op(am, tt));
                        prod = Cx.axpby(al, ab, herm ? al.conj() : al, ba);
                    }
                    M res = Cx.axpby(K.ONE, prod, be, cm);
                    if (herm) {
                        for (int i = 0; i < n; i++) {
                            res.set(i, i, new K(res.get(i, i).re(), 0));
                        }
                    }
                    return new Out(p, Cx.abs(p, c, abs)).store(res, pc);
                }, p + (herm ? (two ? "her2k" : "herk") : (two ? "syr2k" : "syrk")));
                Cx.checkUnchanged(a, p.read(as), "A");
                Cx.checkUnchanged(b, p.read(bs), "B");
            }
        }
    }

    static Stream<Arguments> triangularCases() {
        List<Arguments> cases = new ArrayList<>();
        int c = 0;
        for (P p : new P[] {P.C, P.Z}) {
            for (Layout l : Layout.values()) {
                for (Side side : Side.values()) {
                    for (Uplo u : Uplo.values()) {
                        for (Transpose t : Transpose.values()) {
                            for (Diag d : Diag.values()) {
                                int[] s = NK[c % NK.length];
                                cases.add(Arguments.of(p, l, side, u, t, d, s[0], s[1], c % 4, c % 23 == 0));
                                c++;
                            }
                        }
                    }
                }
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}trmm vs alpha*op(A)*B or alpha*B*op(A): {1} {2} {3} {4} {5} m={6} n={7} scalars#{8} heap={9}")
    @MethodSource("triangularCases")
    void trmmMatchesTheOracle(P p, Layout l, Side side, Uplo u, Transpose t, Diag d, int m, int n, int sc, boolean heap) {
        Random r = new Random(m * 101 + n + sc);
        K alpha = alpha(p, r, sc == 0 ? 1 : sc);
        int na = side == Side.LEFT ? m : n;
        int lda = na + 3;
        int ldb = ld(l, m, n);
        Pos pa = Cx.triangle(Cx.full(l, OFF, lda), u);
        Pos pb = Cx.full(l, OFF + 1, ldb);
        double[] a = Cx.data(p, r, na, na, pa);
        if (d == Diag.UNIT) {
            Cx.conditionTriangle(p, r, a, na, (i, j) -> i == j ? pa.at(i, j) : -1, d);
        }
        double[] b = Cx.data(p, r, m, n, pb);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment as = p.seg(arena, a, heap);
            MemorySegment bs = p.seg(arena, b, heap);
            if (p == P.C) {
                Blas.ctrmm(l, side, u, t, d, m, n, p.cf(alpha), as, OFF, lda, bs, OFF + 1, ldb);
            } else {
                Blas.ztrmm(l, side, u, t, d, m, n, p.cd(alpha), as, OFF, lda, bs, OFF + 1, ldb);
            }
            verify(p, b, bs, abs -> {
                M am = Cx.op(Cx.triangular(p, Cx.abs(p, a, abs), na, pa, u, d), t);
                M bm = Cx.general(p, Cx.abs(p, b, abs), m, n, pb);
                M res = Cx.axpby(alpha.abs(abs), side == Side.LEFT ? Cx.mul(am, bm) : Cx.mul(bm, am), K.ZERO, null);
                return new Out(p, Cx.abs(p, b, abs)).store(res, pb);
            }, p + "trmm");
            Cx.checkUnchanged(a, p.read(as), "A");
        }
    }

    @ParameterizedTest(name = "{0}trsm: residual op(A)*X - alpha*B (or X*op(A)) vs the oracle: {1} {2} {3} {4} {5} m={6} n={7} scalars#{8} heap={9}")
    @MethodSource("triangularCases")
    void trsmMatchesTheOracle(P p, Layout l, Side side, Uplo u, Transpose t, Diag d, int m, int n, int sc, boolean heap) {
        Random r = new Random(m * 103 + n + sc);
        K alpha = alpha(p, r, sc == 0 ? 1 : sc);
        int na = side == Side.LEFT ? m : n;
        int lda = na + 3;
        int ldb = ld(l, m, n);
        Pos pa = Cx.triangle(Cx.full(l, OFF, lda), u);
        Pos pb = Cx.full(l, OFF + 1, ldb);
        double[] a = Cx.data(p, r, na, na, pa);
        Cx.conditionTriangle(p, r, a, na, pa, d);
        double[] b = Cx.data(p, r, m, n, pb);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment as = p.seg(arena, a, heap);
            MemorySegment bs = p.seg(arena, b, heap);
            if (p == P.C) {
                Blas.ctrsm(l, side, u, t, d, m, n, p.cf(alpha), as, OFF, lda, bs, OFF + 1, ldb);
            } else {
                Blas.ztrsm(l, side, u, t, d, m, n, p.cd(alpha), as, OFF, lda, bs, OFF + 1, ldb);
            }
            double[] x = p.read(bs);
            M am = Cx.op(Cx.triangular(p, a, na, pa, u, d), t);
            M aa = Cx.op(Cx.triangular(p, Cx.abs(p, a), na, pa, u, d), t);
            M xm = Cx.general(p, x, m, n, pb);
            M xa = Cx.general(p, Cx.abs(p, x), m, n, pb);
            M got = side == Side.LEFT ? Cx.mul(am, xm) : Cx.mul(xm, am);
            M bound = side == Side.LEFT ? Cx.mul(aa, xa) : Cx.mul(xa, aa);
            M want = Cx.axpby(alpha, Cx.general(p, b, m, n, pb), K.ZERO, null);
            ComplexLevel2OracleTest.checkSolve(p, got, want, bound, na, p + "trsm");
            Out written = new Out(p, b).store(xm, pb);
            for (int i = 0; i < b.length; i++) {
                if (!written.w[i] && Double.doubleToRawLongBits(b[i]) != Double.doubleToRawLongBits(x[i])) {
                    fail("trsm wrote outside B at " + i);
                }
            }
            Cx.checkUnchanged(a, p.read(as), "A");
        }
    }
}
