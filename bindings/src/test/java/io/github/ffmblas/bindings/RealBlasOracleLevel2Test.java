package io.github.ffmblas.bindings;

import static io.github.ffmblas.bindings.RealOracle.F2J;
import static io.github.ffmblas.bindings.RealOracle.assertOutput;
import static io.github.ffmblas.bindings.RealOracle.assertUnchanged;
import static io.github.ffmblas.bindings.RealOracle.f;
import static io.github.ffmblas.bindings.RealOracle.flip;
import static io.github.ffmblas.bindings.RealOracle.markMatrix;
import static io.github.ffmblas.bindings.RealOracle.markTriangle;
import static io.github.ffmblas.bindings.RealOracle.markVector;
import static io.github.ffmblas.bindings.RealOracle.random;
import static io.github.ffmblas.bindings.RealOracle.vectorLength;

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
 * Level 2 s and d routines against netlib's f2j reference BLAS. Row-major cases are mapped to the column-major
 * reference as CBLAS does (a row-major m x n matrix is the column-major n x m transpose: trans and uplo flip,
 * m/n, kl/ku and x/y of ger swap).
 */
class RealBlasOracleLevel2Test {
    private static final int[] SIZES = {1, 7, 33, 130};
    private static final int[][] INCS = {{1, 1}, {2, -2}, {-2, 2}, {-2, -2}};
    private static final double[] ALPHAS = {1, -0.75, 0, 2.5};
    private static final double[] BETAS = {0, 1, 0.5, -1.25};
    private static final int A_OFF = 4;
    private static final int X_OFF = 5;
    private static final int Y_OFF = 3;

    record C(String routine, P p, boolean heap, Layout layout, Transpose trans, Uplo uplo, Diag diag, int m, int n,
             int kl, int ku, int incx, int incy, double alpha, double beta) {
        @Override
        public String toString() {
            return p.name().toLowerCase() + routine + " " + layout + " " + trans + " " + uplo + " " + diag + " m=" + m
                    + " n=" + n + " kl=" + kl + " ku=" + ku + " incx=" + incx + " incy=" + incy + " alpha=" + alpha
                    + " beta=" + beta + (heap ? " heap" : " native");
        }
    }

    private static Stream<C> cases(boolean usesTrans, boolean usesUplo, boolean usesDiag, String... routines) {
        List<C> list = new ArrayList<>();
        int k = 0;
        Transpose[] transes = usesTrans ? Transpose.values() : new Transpose[] {Transpose.NO_TRANSPOSE};
        Uplo[] uplos = usesUplo ? Uplo.values() : new Uplo[] {Uplo.UPPER};
        Diag[] diags = usesDiag ? Diag.values() : new Diag[] {Diag.NON_UNIT};
        for (String r : routines) {
            for (P p : P.values()) {
                for (Layout layout : Layout.values()) {
                    for (Transpose t : transes) {
                        for (Uplo u : uplos) {
                            for (Diag d : diags) {
                                for (int si = 0; si < SIZES.length; si++) {
                                    int n = SIZES[si];
                                    int m = SIZES[(si + 1 + k % 3) % SIZES.length];
                                    int[] inc = INCS[k % INCS.length];
                                    int kl = Math.min(new int[] {0, 1, 3, 5}[k % 4], Math.max(m - 1, 0));
                                    int ku = Math.min(new int[] {2, 0, 4, 1}[(k / 4) % 4], Math.max(n - 1, 0));
                                    list.add(new C(r, p, k % 2 == 1, layout, t, u, d, m, n, kl, ku, inc[0], inc[1],
                                            ALPHAS[k % 4], BETAS[(k / 3) % 4]));
                                    k++;
                                }
                            }
                        }
                    }
                }
            }
        }
        return list.stream();
    }

    static Stream<C> general() {
        return Stream.concat(cases(true, false, false, "gemv", "gbmv"), cases(false, false, false, "ger"));
    }

    static Stream<C> triangular() {
        return cases(true, true, true, "trmv", "trsv", "tbmv", "tbsv", "tpmv", "tpsv");
    }

    static Stream<C> symmetric() {
        return cases(false, true, false, "symv", "sbmv", "spmv", "syr", "syr2", "spr", "spr2");
    }

    private static boolean rowMajor(C c) {
        return c.layout == Layout.ROW_MAJOR;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("general")
    void generalMatrixRoutineMatchesReferenceBlas(C c) {
        Random random = new Random(c.toString().hashCode());
        P p = c.p;
        boolean rm = rowMajor(c);
        boolean band = c.routine.equals("gbmv");
        // the column-major problem the reference solves
        int mc = rm ? c.n : c.m;
        int nc = rm ? c.m : c.n;
        int klc = rm ? c.ku : c.kl;
        int kuc = rm ? c.kl : c.ku;
        Transpose tc = rm ? flip(c.trans) : (c.trans == Transpose.NO_TRANSPOSE ? c.trans : Transpose.TRANSPOSE);
        boolean t = c.trans != Transpose.NO_TRANSPOSE;
        int lda = band ? c.kl + c.ku + 1 + 3 : (rm ? c.n : c.m) + 3;
        double[] a = random(random, A_OFF + lda * nc + 3);
        int xLen = c.routine.equals("ger") ? c.m : t ? c.m : c.n;
        int yLen = c.routine.equals("ger") ? c.n : t ? c.n : c.m;
        double[] x = random(random, vectorLength(xLen, c.incx, X_OFF));
        double[] y = random(random, vectorLength(yLen, c.incy, Y_OFF));
        double[] ea = a.clone();
        double[] ey = y.clone();
        boolean[] ta = new boolean[a.length];
        boolean[] ty = new boolean[y.length];
        float al = (float) c.alpha;
        float be = (float) c.beta;
        double tol;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment as = p.segment(a, arena, c.heap);
            MemorySegment xs = p.segment(x, arena, c.heap);
            MemorySegment ys = p.segment(y, arena, c.heap);
            switch (c.routine) {
                case "gemv" -> {
                    F2J.dgemv(f(tc), mc, nc, c.alpha, a, A_OFF, lda, x, X_OFF, c.incx, c.beta, ey, Y_OFF, c.incy);
                    markVector(ty, yLen, c.incy, Y_OFF);
                    if (p == P.S) Blas.sgemv(c.layout, c.trans, c.m, c.n, al, as, A_OFF, lda, xs, X_OFF, c.incx, be, ys, Y_OFF, c.incy);
                    else Blas.dgemv(c.layout, c.trans, c.m, c.n, c.alpha, as, A_OFF, lda, xs, X_OFF, c.incx, c.beta, ys, Y_OFF, c.incy);
                    tol = p.unit() * (xLen + 1) * (1 + Math.abs(c.alpha) + Math.abs(c.beta));
                }
                case "gbmv" -> {
                    F2J.dgbmv(f(tc), mc, nc, klc, kuc, c.alpha, a, A_OFF, lda, x, X_OFF, c.incx, c.beta, ey, Y_OFF, c.incy);
                    markVector(ty, yLen, c.incy, Y_OFF);
                    if (p == P.S) Blas.sgbmv(c.layout, c.trans, c.m, c.n, c.kl, c.ku, al, as, A_OFF, lda, xs, X_OFF, c.incx, be, ys, Y_OFF, c.incy);
                    else Blas.dgbmv(c.layout, c.trans, c.m, c.n, c.kl, c.ku, c.alpha, as, A_OFF, lda, xs, X_OFF, c.incx, c.beta, ys, Y_OFF, c.incy);
                    tol = p.unit() * (c.kl + c.ku + 2) * (1 + Math.abs(c.alpha) + Math.abs(c.beta));
                }
                default -> { // ger: A (m x n) += alpha x y^T; row-major is the column-major n x m with x and y swapped
                    if (rm) F2J.dger(mc, nc, c.alpha, y, Y_OFF, c.incy, x, X_OFF, c.incx, ea, A_OFF, lda);
                    else F2J.dger(mc, nc, c.alpha, x, X_OFF, c.incx, y, Y_OFF, c.incy, ea, A_OFF, lda);
                    markMatrix(ta, mc, nc, lda, A_OFF);
                    if (p == P.S) Blas.sger(c.layout, c.m, c.n, al, xs, X_OFF, c.incx, ys, Y_OFF, c.incy, as, A_OFF, lda);
                    else Blas.dger(c.layout, c.m, c.n, c.alpha, xs, X_OFF, c.incx, ys, Y_OFF, c.incy, as, A_OFF, lda);
                    tol = p.unit() * 4 * (2 + Math.abs(c.alpha));
                }
            }
            assertOutput(c + " A", a, ea, p.read(as), ta, tol);
            assertUnchanged(c + " x", x, p.read(xs));
            assertOutput(c + " y", y, ey, p.read(ys), ty, tol);
        }
    }

    /** Column-major position of the diagonal element j in the storage the routine uses. */
    private static int diagonal(String kind, Uplo uploC, int n, int k, int lda, int j) {
        return switch (kind) {
            case "b" -> A_OFF + (uploC == Uplo.UPPER ? k : 0) + j * lda;
            case "p" -> A_OFF + (uploC == Uplo.UPPER ? j + j * (j + 1) / 2 : j + (2 * n - j - 1) * j / 2);
            default -> A_OFF + j + j * lda;
        };
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("triangular")
    void triangularRoutineMatchesReferenceBlas(C c) {
        Random random = new Random(c.toString().hashCode());
        P p = c.p;
        boolean rm = rowMajor(c);
        int n = c.n;
        int k = c.ku; // band width of tb?? (ku <= n - 1)
        String kind = c.routine.substring(1, 2).equals("p") ? "p" : c.routine.substring(1, 2).equals("b") ? "b" : "r";
        Uplo uc = rm ? flip(c.uplo) : c.uplo;
        Transpose tc = rm ? flip(c.trans) : (c.trans == Transpose.NO_TRANSPOSE ? c.trans : Transpose.TRANSPOSE);
        int lda = kind.equals("b") ? k + 1 + 3 : n + 3;
        int aLen = kind.equals("p") ? A_OFF + n * (n + 1) / 2 + 3 : A_OFF + lda * n + 3;
        double[] a = random(random, aLen);
        boolean solve = c.routine.endsWith("sv");
        if (solve) { // well conditioned: small off-diagonal, diagonal 2 + |r| (only read for NON_UNIT)
            int width = kind.equals("b") ? k + 1 : n;
            for (int i = 0; i < a.length; i++) a[i] = (float) (a[i] / width);
            if (c.diag == Diag.NON_UNIT) {
                for (int j = 0; j < n; j++) {
                    double d = 2 + Math.abs(RealOracle.value(random));
                    a[diagonal(kind, uc, n, k, lda, j)] = (float) (random.nextBoolean() ? d : -d);
                }
            }
        }
        double[] x = random(random, vectorLength(n, c.incx, X_OFF));
        double[] ex = x.clone();
        boolean[] tx = new boolean[x.length];
        markVector(tx, n, c.incx, X_OFF);
        String u = f(uc), t = f(tc), d = f(c.diag);
        switch (c.routine) {
            case "trmv" -> F2J.dtrmv(u, t, d, n, a, A_OFF, lda, ex, X_OFF, c.incx);
            case "trsv" -> F2J.dtrsv(u, t, d, n, a, A_OFF, lda, ex, X_OFF, c.incx);
            case "tbmv" -> F2J.dtbmv(u, t, d, n, k, a, A_OFF, lda, ex, X_OFF, c.incx);
            case "tbsv" -> F2J.dtbsv(u, t, d, n, k, a, A_OFF, lda, ex, X_OFF, c.incx);
            case "tpmv" -> F2J.dtpmv(u, t, d, n, a, A_OFF, ex, X_OFF, c.incx);
            default -> F2J.dtpsv(u, t, d, n, a, A_OFF, ex, X_OFF, c.incx);
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment as = p.segment(a, arena, c.heap);
            MemorySegment xs = p.segment(x, arena, c.heap);
            Layout l = c.layout;
            if (p == P.S) {
                switch (c.routine) {
                    case "trmv" -> Blas.strmv(l, c.uplo, c.trans, c.diag, n, as, A_OFF, lda, xs, X_OFF, c.incx);
                    case "trsv" -> Blas.strsv(l, c.uplo, c.trans, c.diag, n, as, A_OFF, lda, xs, X_OFF, c.incx);
                    case "tbmv" -> Blas.stbmv(l, c.uplo, c.trans, c.diag, n, k, as, A_OFF, lda, xs, X_OFF, c.incx);
                    case "tbsv" -> Blas.stbsv(l, c.uplo, c.trans, c.diag, n, k, as, A_OFF, lda, xs, X_OFF, c.incx);
                    case "tpmv" -> Blas.stpmv(l, c.uplo, c.trans, c.diag, n, as, A_OFF, xs, X_OFF, c.incx);
                    default -> Blas.stpsv(l, c.uplo, c.trans, c.diag, n, as, A_OFF, xs, X_OFF, c.incx);
                }
            } else {
                switch (c.routine) {
                    case "trmv" -> Blas.dtrmv(l, c.uplo, c.trans, c.diag, n, as, A_OFF, lda, xs, X_OFF, c.incx);
                    case "trsv" -> Blas.dtrsv(l, c.uplo, c.trans, c.diag, n, as, A_OFF, lda, xs, X_OFF, c.incx);
                    case "tbmv" -> Blas.dtbmv(l, c.uplo, c.trans, c.diag, n, k, as, A_OFF, lda, xs, X_OFF, c.incx);
                    case "tbsv" -> Blas.dtbsv(l, c.uplo, c.trans, c.diag, n, k, as, A_OFF, lda, xs, X_OFF, c.incx);
                    case "tpmv" -> Blas.dtpmv(l, c.uplo, c.trans, c.diag, n, as, A_OFF, xs, X_OFF, c.incx);
                    default -> Blas.dtpsv(l, c.uplo, c.trans, c.diag, n, as, A_OFF, xs, X_OFF, c.incx);
                }
            }
            double max = 1;
            for (double v : ex) max = Math.max(max, Math.abs(v));
            double tol = p.unit() * (n + 1) * (solve ? 10 * max : 2);
            assertUnchanged(c + " A", a, p.read(as));
            assertOutput(c + " x", x, ex, p.read(xs), tx, tol);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("symmetric")
    void symmetricRoutineMatchesReferenceBlas(C c) {
        Random random = new Random(c.toString().hashCode());
        P p = c.p;
        boolean rm = rowMajor(c);
        int n = c.n;
        int k = c.ku;
        boolean packed = c.routine.startsWith("sp");
        boolean band = c.routine.equals("sbmv");
        Uplo uc = rm ? flip(c.uplo) : c.uplo;
        String u = f(uc);
        int lda = band ? k + 1 + 3 : n + 3;
        int aLen = packed ? A_OFF + n * (n + 1) / 2 + 3 : A_OFF + lda * n + 3;
        double[] a = random(random, aLen);
        double[] x = random(random, vectorLength(n, c.incx, X_OFF));
        double[] y = random(random, vectorLength(n, c.incy, Y_OFF));
        double[] ea = a.clone();
        double[] ey = y.clone();
        boolean[] ta = new boolean[a.length];
        boolean[] ty = new boolean[y.length];
        float al = (float) c.alpha;
        float be = (float) c.beta;
        Layout l = c.layout;
        boolean update = c.routine.startsWith("syr") || c.routine.startsWith("spr");
        if (update) {
            if (packed) for (int i = 0; i < n * (n + 1) / 2; i++) ta[A_OFF + i] = true;
            else markTriangle(ta, uc, n, lda, A_OFF);
        } else {
            markVector(ty, n, c.incy, Y_OFF);
        }
        switch (c.routine) {
            case "symv" -> F2J.dsymv(u, n, c.alpha, a, A_OFF, lda, x, X_OFF, c.incx, c.beta, ey, Y_OFF, c.incy);
            case "sbmv" -> F2J.dsbmv(u, n, k, c.alpha, a, A_OFF, lda, x, X_OFF, c.incx, c.beta, ey, Y_OFF, c.incy);
            case "spmv" -> F2J.dspmv(u, n, c.alpha, a, A_OFF, x, X_OFF, c.incx, c.beta, ey, Y_OFF, c.incy);
            case "syr" -> F2J.dsyr(u, n, c.alpha, x, X_OFF, c.incx, ea, A_OFF, lda);
            case "syr2" -> F2J.dsyr2(u, n, c.alpha, x, X_OFF, c.incx, y, Y_OFF, c.incy, ea, A_OFF, lda);
            case "spr" -> F2J.dspr(u, n, c.alpha, x, X_OFF, c.incx, ea, A_OFF);
            default -> F2J.dspr2(u, n, c.alpha, x, X_OFF, c.incx, y, Y_OFF, c.incy, ea, A_OFF);
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment as = p.segment(a, arena, c.heap);
            MemorySegment xs = p.segment(x, arena, c.heap);
            MemorySegment ys = p.segment(y, arena, c.heap);
            if (p == P.S) {
                switch (c.routine) {
                    case "symv" -> Blas.ssymv(l, c.uplo, n, al, as, A_OFF, lda, xs, X_OFF, c.incx, be, ys, Y_OFF, c.incy);
                    case "sbmv" -> Blas.ssbmv(l, c.uplo, n, k, al, as, A_OFF, lda, xs, X_OFF, c.incx, be, ys, Y_OFF, c.incy);
                    case "spmv" -> Blas.sspmv(l, c.uplo, n, al, as, A_OFF, xs, X_OFF, c.incx, be, ys, Y_OFF, c.incy);
                    case "syr" -> Blas.ssyr(l, c.uplo, n, al, xs, X_OFF, c.incx, as, A_OFF, lda);
                    case "syr2" -> Blas.ssyr2(l, c.uplo, n, al, xs, X_OFF, c.incx, ys, Y_OFF, c.incy, as, A_OFF, lda);
                    case "spr" -> Blas.sspr(l, c.uplo, n, al, xs, X_OFF, c.incx, as, A_OFF);
                    default -> Blas.sspr2(l, c.uplo, n, al, xs, X_OFF, c.incx, ys, Y_OFF, c.incy, as, A_OFF);
                }
            } else {
                switch (c.routine) {
                    case "symv" -> Blas.dsymv(l, c.uplo, n, c.alpha, as, A_OFF, lda, xs, X_OFF, c.incx, c.beta, ys, Y_OFF, c.incy);
                    case "sbmv" -> Blas.dsbmv(l, c.uplo, n, k, c.alpha, as, A_OFF, lda, xs, X_OFF, c.incx, c.beta, ys, Y_OFF, c.incy);
                    case "spmv" -> Blas.dspmv(l, c.uplo, n, c.alpha, as, A_OFF, xs, X_OFF, c.incx, c.beta, ys, Y_OFF, c.incy);
                    case "syr" -> Blas.dsyr(l, c.uplo, n, c.alpha, xs, X_OFF, c.incx, as, A_OFF, lda);
                    case "syr2" -> Blas.dsyr2(l, c.uplo, n, c.alpha, xs, X_OFF, c.incx, ys, Y_OFF, c.incy, as, A_OFF, lda);
                    case "spr" -> Blas.dspr(l, c.uplo, n, c.alpha, xs, X_OFF, c.incx, as, A_OFF);
                    default -> Blas.dspr2(l, c.uplo, n, c.alpha, xs, X_OFF, c.incx, ys, Y_OFF, c.incy, as, A_OFF);
                }
            }
            double tol = p.unit() * (update ? 4 : (band ? 2 * k + 2 : n + 1)) * (2 + Math.abs(c.alpha) + Math.abs(c.beta));
            assertOutput(c + " A", a, ea, p.read(as), ta, tol);
            assertUnchanged(c + " x", x, p.read(xs));
            assertOutput(c + " y", y, ey, p.read(ys), ty, tol);
        }
    }
}
