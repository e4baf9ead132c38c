package io.github.ffmblas.bindings;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The c and z OpenBLAS extensions not covered by the level tests (axpby, axpyc, sum, amax, amin and the index
 * routines' values are in {@link ComplexLevel1OracleTest}, gemm3m and gemmt in {@link ComplexLevel3OracleTest})
 * against the {@link Cx} oracle: omatcopy, imatcopy, geadd and gemmBatchStrided in both layouts with every
 * trans, padded leading dimensions and sentinels between batch items; and the index routines on vectors built to
 * tie, where only the first index of the extreme is right, with the value reductions at increments 3, -1, -3.
 */
class ComplexExtensionOracleTest {
    private static final int OFF = 3;
    private static final int[][] SHAPES = {{1, 1}, {7, 33}, {33, 7}, {130, 7}, {7, 7}, {0, 5}};

    /** sc: 0 -> (1, 0), 1 -> (random, 1), 2 -> (random, random), 3 -> (0, random). */
    private static K alpha(P p, Random r, int sc) {
        return sc == 0 ? K.ONE : sc == 3 ? K.ZERO : p.scalar(r);
    }

    private static K beta(P p, Random r, int sc) {
        return sc == 0 ? K.ZERO : sc == 1 ? K.ONE : p.scalar(r);
    }

    private static int ld(Layout l, int rows, int cols) {
        return (l == Layout.ROW_MAJOR ? cols : rows) + 3;
    }

    /** The last element index a rows x cols matrix at pos occupies (-1 when empty). */
    private static int last(int rows, int cols, Pos pos) {
        int max = -1;
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                max = Math.max(max, pos.at(i, j));
            }
        }
        return max;
    }

    static Stream<Arguments> copyCases() {
        List<Arguments> cases = new ArrayList<>();
        int c = 0;
        for (P p : new P[] {P.C, P.Z}) {
            for (Layout l : Layout.values()) {
                for (Transpose t : Transpose.values()) {
                    for (int[] s : SHAPES) {
                        cases.add(Arguments.of(p, l, t, s[0], s[1], c % 4, c % 7 == 0));
                        c++;
                    }
                }
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}omatcopy vs B = alpha*op(A): {1} {2} rows={3} cols={4} scalars#{5} heap={6}")
    @MethodSource("copyCases")
    void omatcopyMatchesTheOracle(P p, Layout l, Transpose t, int rows, int cols, int sc, boolean heap) {
        Random r = new Random(rows * 1009 + cols * 31 + sc + t.ordinal());
        K alpha = alpha(p, r, sc);
        boolean tr = t != Transpose.NO_TRANSPOSE;
        int br = tr ? cols : rows;
        int bc = tr ? rows : cols;
        int lda = ld(l, rows, cols);
        int ldb = ld(l, br, bc) + 1;
        Pos pa = Cx.full(l, OFF, lda);
        Pos pb = Cx.full(l, OFF + 1, ldb);
        double[] a = Cx.data(p, r, rows, cols, pa);
        double[] b = Cx.data(p, r, br, bc, pb);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment as = p.seg(arena, a, heap);
            MemorySegment bs = p.seg(arena, b, heap);
            if (p == P.C) {
                Blas.comatcopy(l, t, rows, cols, p.cf(alpha), as, OFF, lda, bs, OFF + 1, ldb);
            } else {
                Blas.zomatcopy(l, t, rows, cols, p.cd(alpha), as, OFF, lda, bs, OFF + 1, ldb);
            }
            Cx.check(copy(p, a, b, rows, cols, pa, pb, t, alpha, false),
                    copy(p, a, b, rows, cols, pa, pb, t, alpha, true), b, p.read(bs), p + "omatcopy");
            Cx.checkUnchanged(a, p.read(as), "A");
        }
    }

    /** The expected output array: out's bits, with alpha*op(A) written where pb stores op(A). */
    private static Out copy(P p, double[] a, double[] out, int rows, int cols, Pos pa, Pos pb, Transpose t, K alpha,
                            boolean abs) {
        M res = Cx.axpby(alpha.abs(abs), Cx.op(Cx.general(p, Cx.abs(p, a, abs), rows, cols, pa), t), K.ZERO, null);
        return new Out(p, Cx.abs(p, out, abs)).store(res, pb);
    }

    @ParameterizedTest(name = "{0}imatcopy vs A = alpha*op(A) in place: {1} {2} rows={3} cols={4} scalars#{5} heap={6}")
    @MethodSource("copyCases")
    void imatcopyMatchesTheOracle(P p, Layout l, Transpose t, int rows, int cols, int sc, boolean heap) {
        Random r = new Random(rows * 1013 + cols * 37 + sc + t.ordinal());
        K alpha = alpha(p, r, sc);
        boolean tr = t != Transpose.NO_TRANSPOSE;
        int br = tr ? cols : rows;
        int bc = tr ? rows : cols;
        int lda = ld(l, rows, cols);
        // Every other case writes with lda's value (OpenBLAS's truly in-place path for square shapes).
        int ldb = sc % 2 == 0 && rows == cols ? lda : ld(l, br, bc) + 1;
        Pos pa = Cx.full(l, OFF, lda);
        Pos pb = Cx.full(l, OFF, ldb);
        // Long enough for both shapes: the elements of A, sentinels around them and where op(A) lands.
        double[] a = Cx.data(p, r, rows, cols, pa, last(br, bc, pb) + 1);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment as = p.seg(arena, a, heap);
            if (p == P.C) {
                Blas.cimatcopy(l, t, rows, cols, p.cf(alpha), as, OFF, lda, ldb);
            } else {
                Blas.zimatcopy(l, t, rows, cols, p.cd(alpha), as, OFF, lda, ldb);
            }
            Cx.check(copy(p, a, a, rows, cols, pa, pb, t, alpha, false),
                    copy(p, a, a, rows, cols, pa, pb, t, alpha, true), a, p.read(as), p + "imatcopy ldb=" + ldb);
        }
    }

    static Stream<Arguments> geaddCases() {
        List<Arguments> cases = new ArrayList<>();
        int c = 0;
        for (P p : new P[] {P.C, P.Z}) {
            for (Layout l : Layout.values()) {
                for (int[] s : SHAPES) {
                    for (int sc = 0; sc < 4; sc++) {
                        cases.add(Arguments.of(p, l, s[0], s[1], sc, c % 5 == 0));
                        c++;
                    }
                }
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}geadd vs C = alpha*A + beta*C: {1} rows={2} cols={3} scalars#{4} heap={5}")
    @MethodSource("geaddCases")
    void geaddMatchesTheOracle(P p, Layout l, int rows, int cols, int sc, boolean heap) {
        Random r = new Random(rows * 1019 + cols * 41 + sc);
        K alpha = alpha(p, r, sc);
        K beta = beta(p, r, sc);
        int lda = ld(l, rows, cols);
        int ldc = lda + 2;
        Pos pa = Cx.full(l, OFF, lda);
        Pos pc = Cx.full(l, OFF + 2, ldc);
        double[] a = Cx.data(p, r, rows, cols, pa);
        double[] c = Cx.data(p, r, rows, cols, pc);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment as = p.seg(arena, a, heap);
            MemorySegment cs = p.seg(arena, c, heap);
            if (p == P.C) {
                Blas.cgeadd(l, rows, cols, p.cf(alpha), as, OFF, lda, p.cf(beta), cs, OFF + 2, ldc);
            } else {
                Blas.zgeadd(l, rows, cols, p.cd(alpha), as, OFF, lda, p.cd(beta), cs, OFF + 2, ldc);
            }
            Out[] e = new Out[2];
            for (int b = 0; b < 2; b++) {
                boolean abs = b == 1;
                M res = Cx.axpby(alpha.abs(abs), Cx.general(p, Cx.abs(p, a, abs), rows, cols, pa), beta.abs(abs),
                        Cx.general(p, Cx.abs(p, c, abs), rows, cols, pc));
                e[b] = new Out(p, Cx.abs(p, c, abs)).store(res, pc);
            }
            Cx.check(e[0], e[1], c, p.read(cs), p + "geadd alpha=" + alpha + " beta=" + beta);
            Cx.checkUnchanged(a, p.read(as), "A");
        }
    }

    /** Items of a batch stacked: row i of the stack is row i % rows of item i / rows, item q at off + q * stride. */
    private static Pos stacked(Layout l, int off, int ld, int rows, long stride) {
        return (i, j) -> Cx.full(l, (int) (off + (i / rows) * stride), ld).at(i % rows, j);
    }

    /** Elements one rows x cols item spans, plus a gap of 2 sentinels before the next. */
    private static long stride(Layout l, int rows, int cols, int ld) {
        return (l == Layout.ROW_MAJOR ? (long) (rows - 1) * ld + cols : (long) (cols - 1) * ld + rows) + 2;
    }

    static Stream<Arguments> batchCases() {
        List<Arguments> cases = new ArrayList<>();
        int[][] shapes = {{1, 1, 1, 3}, {7, 33, 5, 2}, {33, 7, 130, 1}, {7, 5, 3, 0}};
        int c = 0;
        for (P p : new P[] {P.C, P.Z}) {
            for (Layout l : Layout.values()) {
                for (Transpose ta : Transpose.values()) {
                    for (Transpose tb : Transpose.values()) {
                        for (int[] s : shapes) {
                            // Every third case shares one A among the items (stride 0).
                            cases.add(Arguments.of(p, l, ta, tb, s[0], s[1], s[2], s[3], c % 3 == 0, c % 4, c % 5 == 0));
                            c++;
                        }
                    }
                }
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}gemmBatchStrided vs gemm per item: {1} {2} {3} m={4} n={5} k={6} count={7} sharedA={8} scalars#{9} heap={10}")
    @MethodSource("batchCases")
    void gemmBatchStridedMatchesTheOracle(P p, Layout l, Transpose ta, Transpose tb, int m, int n, int k, int count,
                                          boolean sharedA, int sc, boolean heap) {
        Random r = new Random(m * 10007 + n * 101 + k * 7 + count + sc);
        K alpha = alpha(p, r, sc);
        K beta = beta(p, r, sc);
        int ar = ta == Transpose.NO_TRANSPOSE ? m : k;
        int ac = ta == Transpose.NO_TRANSPOSE ? k : m;
        int br = tb == Transpose.NO_TRANSPOSE ? k : n;
        int bc = tb == Transpose.NO_TRANSPOSE ? n : k;
        int lda = ld(l, ar, ac);
        int ldb = ld(l, br, bc) + 1;
        int ldc = ld(l, m, n) + 2;
        long strideA = sharedA ? 0 : stride(l, ar, ac, lda);
        long strideB = stride(l, br, bc, ldb);
        long strideC = stride(l, m, n, ldc);
        int items = Math.max(count, 1); // count 0: one item's worth of data, which must stay as it is
        Pos pa = stacked(l, OFF, lda, ar, strideA);
        Pos pb = stacked(l, OFF + 1, ldb, br, strideB);
        Pos pc = stacked(l, OFF + 2, ldc, m, strideC);
        double[] a = Cx.data(p, r, items * ar, ac, pa);
        double[] b = Cx.data(p, r, items * br, bc, pb);
        double[] c = Cx.data(p, r, items * m, n, pc);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment as = p.seg(arena, a, heap);
            MemorySegment bs = p.seg(arena, b, heap);
            MemorySegment cs = p.seg(arena, c, heap);
            if (p == P.C) {
                Blas.cgemmBatchStrided(l, ta, tb, m, n, k, p.cf(alpha), as, OFF, lda, strideA, bs, OFF + 1, ldb,
                        strideB, p.cf(beta), cs, OFF + 2, ldc, strideC, count);
            } else {
                Blas.zgemmBatchStrided(l, ta, tb, m, n, k, p.cd(alpha), as, OFF, lda, strideA, bs, OFF + 1, ldb,
                        strideB, p.cd(beta), cs, OFF + 2, ldc, strideC, count);
            }
            Out[] e = new Out[2];
            for (int x = 0; x < 2; x++) {
                boolean abs = x == 1;
                e[x] = new Out(p, Cx.abs(p, c, abs));
                for (int q = 0; q < count; q++) {
                    Pos qa = Cx.full(l, (int) (OFF + q * strideA), lda);
                    Pos qb = Cx.full(l, (int) (OFF + 1 + q * strideB), ldb);
                    Pos qc = Cx.full(l, (int) (OFF + 2 + q * strideC), ldc);
                    M prod = Cx.mul(Cx.op(Cx.general(p, Cx.abs(p, a, abs), ar, ac, qa), ta),
                            Cx.op(Cx.general(p, Cx.abs(p, b, abs), br, bc, qb), tb));
                    e[x].store(Cx.axpby(alpha.abs(abs), prod, beta.abs(abs),
                            Cx.general(p, Cx.abs(p, c, abs), m, n, qc)), qc);
                }
            }
            Cx.check(e[0], e[1], c, p.read(cs), p + "gemmBatchStrided");
            Cx.checkUnchanged(a, p.read(as), "A");
            Cx.checkUnchanged(b, p.read(bs), "B");
        }
    }

    static Stream<Arguments> tieCases() {
        List<Arguments> cases = new ArrayList<>();
        int c = 0;
        for (P p : new P[] {P.C, P.Z}) {
            for (int n : new int[] {1, 7, 33, 130}) {
                for (int inc : new int[] {1, 3, -1, -3}) {
                    cases.add(Arguments.of(p, n, inc, c++ % 3 == 0));
                }
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} i?amax, i?amin, i?max, i?min on tied values pick the first; asum, sum, amax, amin: n={1} incx={2} heap={3}")
    @MethodSource("tieCases")
    void indexRoutinesPickTheFirstOfTiedExtremes(P p, int n, int inc, boolean heap) {
        Random r = new Random(n * 43 + inc);
        // Parts from {-1, -0.5, 0, 0.5, 1}: |Re|+|Im| and Re+Im tie often, and every sum below is exact.
        Pos pos = Cx.vec(OFF, n, inc);
        double[] x = Cx.sentinels(p, Math.max(-1, last(n, 1, pos)) + 1 + Cx.TAIL);
        for (int i = 0; i < n; i++) {
            int at = pos.at(i, 0);
            x[2 * at] = (r.nextInt(5) - 2) * 0.5;
            x[2 * at + 1] = (r.nextInt(5) - 2) * 0.5;
        }
        long iamax = 0;
        long iamin = 0;
        long imax = 0;
        long imin = 0;
        double asum = 0;
        double sum = 0;
        for (int i = 1; i < n; i++) {
            K v = Cx.get(p, x, pos.at(i, 0));
            K vmax = Cx.get(p, x, pos.at((int) iamax, 0));
            K vmin = Cx.get(p, x, pos.at((int) iamin, 0));
            iamax = v.mod1() > vmax.mod1() ? i : iamax;
            iamin = v.mod1() < vmin.mod1() ? i : iamin;
            K smax = Cx.get(p, x, pos.at((int) imax, 0));
            K smin = Cx.get(p, x, pos.at((int) imin, 0));
            imax = v.re() + v.im() > smax.re() + smax.im() ? i : imax;
            imin = v.re() + v.im() < smin.re() + smin.im() ? i : imin;
        }
        for (int i = 0; i < n; i++) {
            K v = Cx.get(p, x, pos.at(i, 0));
            asum += v.mod1();
            sum += v.re() + v.im();
        }
        double amax = Cx.get(p, x, pos.at((int) iamax, 0)).mod1();
        double amin = Cx.get(p, x, pos.at((int) iamin, 0)).mod1();
        boolean c = p == P.C;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment xs = p.seg(arena, x, heap);
            if (inc > 0) {
                assertEquals(iamax, c ? Blas.icamax(n, xs, OFF, inc) : Blas.izamax(n, xs, OFF, inc), p + " i?amax");
                assertEquals(iamin, c ? Blas.icamin(n, xs, OFF, inc) : Blas.izamin(n, xs, OFF, inc), p + " i?amin");
                assertEquals(imax, c ? Blas.icmax(n, xs, OFF, inc) : Blas.izmax(n, xs, OFF, inc), p + " i?max");
                assertEquals(imin, c ? Blas.icmin(n, xs, OFF, inc) : Blas.izmin(n, xs, OFF, inc), p + " i?min");
            }
            K asumK = new K(asum, 0);
            Cx.checkScalar(p, asumK, asumK, new K(c ? Blas.scasum(n, xs, OFF, inc) : Blas.dzasum(n, xs, OFF, inc), 0),
                    p + " asum");
            Cx.checkScalar(p, new K(sum, 0), asumK, new K(c ? Blas.scsum(n, xs, OFF, inc) : Blas.dzsum(n, xs, OFF, inc), 0),
                    p + " sum");
            Cx.checkScalar(p, new K(amax, 0), new K(amax, 0),
                    new K(c ? Blas.scamax(n, xs, OFF, inc) : Blas.dzamax(n, xs, OFF, inc), 0), p + " amax");
            Cx.checkScalar(p, new K(amin, 0), new K(amin, 0),
                    new K(c ? Blas.scamin(n, xs, OFF, inc) : Blas.dzamin(n, xs, OFF, inc), 0), p + " amin");
            Cx.checkUnchanged(x, p.read(xs), "x");
        }
    }
}
