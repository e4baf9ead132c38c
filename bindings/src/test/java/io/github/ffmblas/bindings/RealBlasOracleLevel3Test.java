package io.github.ffmblas.bindings;

import static io.github.ffmblas.bindings.RealOracle.F2J;
import static io.github.ffmblas.bindings.RealOracle.assertOutput;
import static io.github.ffmblas.bindings.RealOracle.assertUnchanged;
import static io.github.ffmblas.bindings.RealOracle.f;
import static io.github.ffmblas.bindings.RealOracle.flip;
import static io.github.ffmblas.bindings.RealOracle.markMatrix;
import static io.github.ffmblas.bindings.RealOracle.markTriangle;
import static io.github.ffmblas.bindings.RealOracle.random;

import io.github.ffmblas.bindings.RealOracle.P;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Level 3 s and d routines (and OpenBLAS's gemmt, omatcopy, geadd) against netlib's f2j reference BLAS, or plain
 * loops where reference BLAS has no such routine. Row-major cases are mapped as CBLAS maps them (gemm swaps A/B and
 * m/n; symm/trmm/trsm flip side and uplo and swap m/n; syrk/syr2k flip uplo and trans).
 */
class RealBlasOracleLevel3Test {
    private static final int[][] SIZES = {{1, 1, 1}, {7, 33, 1}, {33, 7, 130}, {130, 33, 7}};
    private static final double[] ALPHAS = {1, -0.75, 0, 2.5};
    private static final double[] BETAS = {0, 1, 0.5, -1.25};
    private static final int OFF_A = 4;
    private static final int OFF_B = 7;
    private static final int OFF_C = 3;

    record C(String routine, P p, boolean heap, Layout layout, Side side, Uplo uplo, Transpose ta, Transpose tb,
             Diag diag, int m, int n, int k, double alpha, double beta) {
        @Override
        public String toString() {
            return p.name().toLowerCase() + routine + " " + layout + " " + side + " " + uplo + " " + ta + " " + tb + " "
                    + diag + " m=" + m + " n=" + n + " k=" + k + " alpha=" + alpha + " beta=" + beta
                    + (heap ? " heap" : " native");
        }
    }

    private static Stream<C> cases(boolean side, boolean uplo, boolean ta, boolean tb, boolean diag, String... routines) {
        List<C> list = new ArrayList<>();
        int q = 0;
        Side[] sides = side ? Side.values() : new Side[] {Side.LEFT};
        Uplo[] uplos = uplo ? Uplo.values() : new Uplo[] {Uplo.UPPER};
        Transpose[] tas = ta ? Transpose.values() : new Transpose[] {Transpose.NO_TRANSPOSE};
        Transpose[] tbs = tb ? Transpose.values() : new Transpose[] {Transpose.NO_TRANSPOSE};
        Diag[] diags = diag ? Diag.values() : new Diag[] {Diag.NON_UNIT};
        for (String r : routines) {
            for (P p : P.values()) {
                for (Layout l : Layout.values()) {
                    for (Side s : sides) {
                        for (Uplo u : uplos) {
                            for (Transpose a : tas) {
                                for (Transpose b : tbs) {
                                    for (Diag d : diags) {
                                        for (int[] size : SIZES) {
                                            list.add(new C(r, p, q % 2 == 1, l, s, u, a, b, d, size[0], size[1], size[2],
                                                    ALPHAS[q % 4], BETAS[(q / 3) % 4]));
                                            q++;
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return list.stream();
    }

    static Stream<C> gemms() {
        return Stream.concat(cases(false, false, true, true, false, "gemm"), cases(false, true, true, true, false, "gemmt"));
    }

    static Stream<C> symmetric() {
        return Stream.concat(cases(true, true, false, false, false, "symm"), cases(false, true, true, false, false, "syrk", "syr2k"));
    }

    static Stream<C> triangular() {
        return cases(true, true, true, false, true, "trmm", "trsm");
    }

    static Stream<C> copies() {
        return Stream.concat(cases(false, false, true, false, false, "omatcopy"), cases(false, false, false, false, false, "geadd"));
    }

    /** A stored rows x cols matrix with ld = (rows or cols) + 3 in its layout, as a column-major ld x (cols or rows) block. */
    record M(double[] data, int ld, int cmRows, int cmCols) {}

    private static M matrix(Random random, Layout layout, int rows, int cols, int offset) {
        boolean rm = layout == Layout.ROW_MAJOR;
        int cmRows = rm ? cols : rows;
        int cmCols = rm ? rows : cols;
        int ld = cmRows + 3;
        return new M(random(random, offset + ld * cmCols + 3), ld, cmRows, cmCols);
    }

    private static Transpose real(Transpose t) {
        return t == Transpose.NO_TRANSPOSE ? t : Transpose.TRANSPOSE;
    }

    private static boolean n(Transpose t) {
        return t == Transpose.NO_TRANSPOSE;
    }

    private static double tol(C c, int inner) {
        return c.p.unit() * (inner + 1) * (1 + Math.abs(c.alpha) + Math.abs(c.beta));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("gemms")
    void generalProductMatchesReferenceBlas(C c) {
        Random random = new Random(c.toString().hashCode());
        boolean rm = c.layout == Layout.ROW_MAJOR;
        boolean gemmt = c.routine.equals("gemmt");
        int m = gemmt ? c.n : c.m;
        int n = c.n;
        int k = c.k;
        M a = matrix(random, c.layout, n(c.ta) ? m : k, n(c.ta) ? k : m, OFF_A);
        M b = matrix(random, c.layout, n(c.tb) ? k : n, n(c.tb) ? n : k, OFF_B);
        M cm = matrix(random, c.layout, m, n, OFF_C);
        double[] full = cm.data.clone();
        if (rm) F2J.dgemm(f(real(c.tb)), f(real(c.ta)), n, m, k, c.alpha, b.data, OFF_B, b.ld, a.data, OFF_A, a.ld, c.beta, full, OFF_C, cm.ld);
        else F2J.dgemm(f(real(c.ta)), f(real(c.tb)), m, n, k, c.alpha, a.data, OFF_A, a.ld, b.data, OFF_B, b.ld, c.beta, full, OFF_C, cm.ld);
        boolean[] touched = new boolean[full.length];
        double[] expected = full;
        if (gemmt) { // no gemmt in reference BLAS: the uplo triangle of the full product
            markTriangle(touched, rm ? flip(c.uplo) : c.uplo, n, cm.ld, OFF_C);
            expected = cm.data.clone();
            for (int i = 0; i < full.length; i++) if (touched[i]) expected[i] = full[i];
        } else {
            markMatrix(touched, cm.cmRows, cm.cmCols, cm.ld, OFF_C);
        }
        P p = c.p;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment as = p.segment(a.data, arena, c.heap);
            MemorySegment bs = p.segment(b.data, arena, c.heap);
            MemorySegment cs = p.segment(cm.data, arena, c.heap);
            float al = (float) c.alpha, be = (float) c.beta;
            if (gemmt) {
                if (p == P.S) Blas.sgemmt(c.layout, c.uplo, c.ta, c.tb, n, k, al, as, OFF_A, a.ld, bs, OFF_B, b.ld, be, cs, OFF_C, cm.ld);
                else Blas.dgemmt(c.layout, c.uplo, c.ta, c.tb, n, k, c.alpha, as, OFF_A, a.ld, bs, OFF_B, b.ld, c.beta, cs, OFF_C, cm.ld);
            } else {
                if (p == P.S) Blas.sgemm(c.layout, c.ta, c.tb, m, n, k, al, as, OFF_A, a.ld, bs, OFF_B, b.ld, be, cs, OFF_C, cm.ld);
                else Blas.dgemm(c.layout, c.ta, c.tb, m, n, k, c.alpha, as, OFF_A, a.ld, bs, OFF_B, b.ld, c.beta, cs, OFF_C, cm.ld);
            }
            assertUnchanged(c + " A", a.data, p.read(as));
            assertUnchanged(c + " B", b.data, p.read(bs));
            assertOutput(c + " C", cm.data, expected, p.read(cs), touched, tol(c, k));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("symmetric")
    void symmetricProductMatchesReferenceBlas(C c) {
        Random random = new Random(c.toString().hashCode());
        boolean rm = c.layout == Layout.ROW_MAJOR;
        Uplo uc = rm ? flip(c.uplo) : c.uplo;
        P p = c.p;
        float al = (float) c.alpha, be = (float) c.beta;
        M a;
        M b;
        M cm;
        boolean[] touched;
        double[] expected;
        int inner;
        if (c.routine.equals("symm")) {
            int m = c.m, n = c.n;
            int ka = c.side == Side.LEFT ? m : n;
            a = matrix(random, c.layout, ka, ka, OFF_A);
            b = matrix(random, c.layout, m, n, OFF_B);
            cm = matrix(random, c.layout, m, n, OFF_C);
            expected = cm.data.clone();
            Side sc = rm ? flip(c.side) : c.side;
            F2J.dsymm(f(sc), f(uc), cm.cmRows, cm.cmCols, c.alpha, a.data, OFF_A, a.ld, b.data, OFF_B, b.ld, c.beta, expected, OFF_C, cm.ld);
            touched = new boolean[expected.length];
            markMatrix(touched, cm.cmRows, cm.cmCols, cm.ld, OFF_C);
            inner = ka;
        } else {
            int n = c.n, k = c.k;
            boolean nt = n(c.ta);
            a = matrix(random, c.layout, nt ? n : k, nt ? k : n, OFF_A);
            b = matrix(random, c.layout, nt ? n : k, nt ? k : n, OFF_B);
            cm = matrix(random, c.layout, n, n, OFF_C);
            expected = cm.data.clone();
            Transpose tc = rm ? flip(c.ta) : real(c.ta);
            if (c.routine.equals("syrk")) {
                F2J.dsyrk(f(uc), f(tc), n, k, c.alpha, a.data, OFF_A, a.ld, c.beta, expected, OFF_C, cm.ld);
            } else {
                F2J.dsyr2k(f(uc), f(tc), n, k, c.alpha, a.data, OFF_A, a.ld, b.data, OFF_B, b.ld, c.beta, expected, OFF_C, cm.ld);
            }
            touched = new boolean[expected.length];
            markTriangle(touched, uc, n, cm.ld, OFF_C);
            inner = 2 * k;
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment as = p.segment(a.data, arena, c.heap);
            MemorySegment bs = p.segment(b.data, arena, c.heap);
            MemorySegment cs = p.segment(cm.data, arena, c.heap);
            Layout l = c.layout;
            switch (c.routine + p) {
                case "symmS" -> Blas.ssymm(l, c.side, c.uplo, c.m, c.n, al, as, OFF_A, a.ld, bs, OFF_B, b.ld, be, cs, OFF_C, cm.ld);
                case "symmD" -> Blas.dsymm(l, c.side, c.uplo, c.m, c.n, c.alpha, as, OFF_A, a.ld, bs, OFF_B, b.ld, c.beta, cs, OFF_C, cm.ld);
                case "syrkS" -> Blas.ssyrk(l, c.uplo, c.ta, c.n, c.k, al, as, OFF_A, a.ld, be, cs, OFF_C, cm.ld);
                case "syrkD" -> Blas.dsyrk(l, c.uplo, c.ta, c.n, c.k, c.alpha, as, OFF_A, a.ld, c.beta, cs, OFF_C, cm.ld);
                case "syr2kS" -> Blas.ssyr2k(l, c.uplo, c.ta, c.n, c.k, al, as, OFF_A, a.ld, bs, OFF_B, b.ld, be, cs, OFF_C, cm.ld);
                default -> Blas.dsyr2k(l, c.uplo, c.ta, c.n, c.k, c.alpha, as, OFF_A, a.ld, bs, OFF_B, b.ld, c.beta, cs, OFF_C, cm.ld);
            }
            assertUnchanged(c + " A", a.data, p.read(as));
            assertUnchanged(c + " B", b.data, p.read(bs));
            assertOutput(c + " C", cm.data, expected, p.read(cs), touched, tol(c, inner));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("triangular")
    void triangularProductAndSolveMatchReferenceBlas(C c) {
        Random random = new Random(c.toString().hashCode());
        boolean rm = c.layout == Layout.ROW_MAJOR;
        boolean solve = c.routine.equals("trsm");
        int ka = c.side == Side.LEFT ? c.m : c.n;
        M a = matrix(random, c.layout, ka, ka, OFF_A);
        if (solve) { // well conditioned: small off-diagonal, diagonal 2 + |r| (not read when UNIT)
            for (int i = 0; i < a.data.length; i++) a.data[i] = (float) (a.data[i] / ka);
            if (c.diag == Diag.NON_UNIT) {
                for (int j = 0; j < ka; j++) {
                    double d = 2 + Math.abs(RealOracle.value(random));
                    a.data[OFF_A + j * (a.ld + 1)] = (float) (random.nextBoolean() ? d : -d);
                }
            }
        }
        M b = matrix(random, c.layout, c.m, c.n, OFF_B);
        double[] expected = b.data.clone();
        Side sc = rm ? flip(c.side) : c.side;
        Uplo uc = rm ? flip(c.uplo) : c.uplo;
        String t = f(real(c.ta));
        if (solve) F2J.dtrsm(f(sc), f(uc), t, f(c.diag), b.cmRows, b.cmCols, c.alpha, a.data, OFF_A, a.ld, expected, OFF_B, b.ld);
        else F2J.dtrmm(f(sc), f(uc), t, f(c.diag), b.cmRows, b.cmCols, c.alpha, a.data, OFF_A, a.ld, expected, OFF_B, b.ld);
        boolean[] touched = new boolean[expected.length];
        markMatrix(touched, b.cmRows, b.cmCols, b.ld, OFF_B);
        P p = c.p;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment as = p.segment(a.data, arena, c.heap);
            MemorySegment bs = p.segment(b.data, arena, c.heap);
            float al = (float) c.alpha;
            Layout l = c.layout;
            switch (c.routine + p) {
                case "trmmS" -> Blas.strmm(l, c.side, c.uplo, c.ta, c.diag, c.m, c.n, al, as, OFF_A, a.ld, bs, OFF_B, b.ld);
                case "trmmD" -> Blas.dtrmm(l, c.side, c.uplo, c.ta, c.diag, c.m, c.n, c.alpha, as, OFF_A, a.ld, bs, OFF_B, b.ld);
                case "trsmS" -> Blas.strsm(l, c.side, c.uplo, c.ta, c.diag, c.m, c.n, al, as, OFF_A, a.ld, bs, OFF_B, b.ld);
                default -> Blas.dtrsm(l, c.side, c.uplo, c.ta, c.diag, c.m, c.n, c.alpha, as, OFF_A, a.ld, bs, OFF_B, b.ld);
            }
            double max = 1;
            for (double v : expected) max = Math.max(max, Math.abs(v));
            double tol = p.unit() * (ka + 1) * (solve ? 10 * max : 2 * (1 + Math.abs(c.alpha)));
            assertUnchanged(c + " A", a.data, p.read(as));
            assertOutput(c + " B", b.data, expected, p.read(bs), touched, tol);
        }
    }

    private static int at(Layout l, int off, int ld, int i, int j) {
        return l == Layout.ROW_MAJOR ? off + i * ld + j : off + i + j * ld;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("copies")
    void matrixCopyAndAddMatchPlainLoops(C c) {
        Random random = new Random(c.toString().hashCode());
        int rows = c.m, cols = c.n;
        boolean t = !n(c.ta);
        Layout l = c.layout;
        M a = matrix(random, l, rows, cols, OFF_A);
        boolean omat = c.routine.equals("omatcopy");
        M b = omat ? matrix(random, l, t ? cols : rows, t ? rows : cols, OFF_B) : matrix(random, l, rows, cols, OFF_B);
        double[] expected = b.data.clone();
        boolean[] touched = new boolean[expected.length];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                double av = a.data[at(l, OFF_A, a.ld, i, j)];
                int to = omat && t ? at(l, OFF_B, b.ld, j, i) : at(l, OFF_B, b.ld, i, j);
                expected[to] = omat ? c.alpha * av : c.alpha * av + c.beta * b.data[to];
                touched[to] = true;
            }
        }
        P p = c.p;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment as = p.segment(a.data, arena, c.heap);
            MemorySegment bs = p.segment(b.data, arena, c.heap);
            float al = (float) c.alpha, be = (float) c.beta;
            switch (c.routine + p) {
                case "omatcopyS" -> Blas.somatcopy(l, c.ta, rows, cols, al, as, OFF_A, a.ld, bs, OFF_B, b.ld);
                case "omatcopyD" -> Blas.domatcopy(l, c.ta, rows, cols, c.alpha, as, OFF_A, a.ld, bs, OFF_B, b.ld);
                case "geaddS" -> Blas.sgeadd(l, rows, cols, al, as, OFF_A, a.ld, be, bs, OFF_B, b.ld);
                default -> Blas.dgeadd(l, rows, cols, c.alpha, as, OFF_A, a.ld, c.beta, bs, OFF_B, b.ld);
            }
            assertUnchanged(c + " A", a.data, p.read(as));
            assertOutput(c + " B", b.data, expected, p.read(bs), touched, tol(c, 1));
        }
    }
}
