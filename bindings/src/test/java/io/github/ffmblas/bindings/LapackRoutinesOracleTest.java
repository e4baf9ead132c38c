package io.github.ffmblas.bindings;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ludovic.netlib.lapack.JavaLAPACK;
import dev.ludovic.netlib.lapack.LAPACK;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.netlib.util.intW;

/**
 * The solvers, orthogonal factorizations, eigen- and singular value routines of {@link Lapack} beyond
 * {@link LapackOracleTest}'s, each in s and d against netlib's F2jLAPACK in double precision (reference LAPACK 3.1 in
 * Java, independent of OpenBLAS), at sizes 1, 7, 33 and 130 (s: to 33), with padded leading dimensions, offsets, in
 * native memory and on the heap; where LAPACK versions may legitimately differ (eigenvector signs, the order of
 * ?geev's eigenvalues) by sorted values and invariants; c and z ?heevd and ?gesdd against F2J on the real
 * 2n x 2n embedding [[Re, -Im], [Im, Re]], whose eigen- and singular values are the complex matrix's, each twice.
 */
class LapackRoutinesOracleTest {
    private static final LAPACK F2J = JavaLAPACK.getInstance();
    private static final int PAD = 3;
    private static final long OFFSET = 2;

    static Stream<Arguments> cases() {
        return Stream.of(1, 7, 33, 130).flatMap(n -> Stream.of(
                Arguments.of('d', n, n % 2 == 0), Arguments.of('d', n, n % 2 == 1), Arguments.of('s', n, n % 2 == 1)))
                .filter(a -> (char) a.get()[0] == 'd' || (int) a.get()[1] <= 33);
    }

    /** Arrays of one precision at OFFSET, native or on the heap, and the routines of that precision. */
    private record Mem(Arena arena, char precision, boolean heap) {
        boolean single() {
            return precision == 's';
        }

        MemorySegment of(double[] values) {
            int n = values.length + (int) OFFSET + 1;
            MemorySegment s = single() ? (heap ? MemorySegment.ofArray(new float[n]) : arena.allocate(4L * n, 4))
                    : heap ? MemorySegment.ofArray(new double[n]) : arena.allocate(8L * n, 8);
            for (int i = 0; i < values.length; i++) {
                if (single()) {
                    s.setAtIndex(ValueLayout.JAVA_FLOAT, OFFSET + i, (float) values[i]);
                } else {
                    s.setAtIndex(ValueLayout.JAVA_DOUBLE, OFFSET + i, values[i]);
                }
            }
            return s;
        }

        MemorySegment zeros(long n) {
            return of(new double[(int) n]);
        }

        MemorySegment ints(int n) {
            return heap ? MemorySegment.ofArray(new int[n + (int) OFFSET]) : arena.allocate(4L * (n + OFFSET), 4);
        }

        MemorySegment ints(int[] values) {
            MemorySegment s = ints(values.length);
            MemorySegment.copy(values, 0, s, ValueLayout.JAVA_INT, 4 * OFFSET, values.length);
            return s;
        }

        double[] read(MemorySegment s, int n) {
            double[] out = new double[n];
            for (int i = 0; i < n; i++) {
                out[i] = single() ? s.getAtIndex(ValueLayout.JAVA_FLOAT, OFFSET + i)
                        : s.getAtIndex(ValueLayout.JAVA_DOUBLE, OFFSET + i);
            }
            return out;
        }

        int[] readInts(MemorySegment s, int n) {
            int[] out = new int[n];
            MemorySegment.copy(s, ValueLayout.JAVA_INT, 4 * OFFSET, out, 0, n);
            return out;
        }

        /** Lapack's routine {@code precision + name}, by reflection; real scalars converted to its type. */
        Object call(String name, Object... args) {
            Method m = Arrays.stream(Lapack.class.getMethods()).filter(x -> x.getName().equals(precision + name))
                    .findFirst().orElseThrow();
            Class<?>[] types = m.getParameterTypes();
            for (int i = 0; i < args.length; i++) {
                if (types[i] == float.class && args[i] instanceof Double d) {
                    args[i] = (float) (double) d;
                }
            }
            return StaticCall.invoke(m, args);
        }

        /** The optimal lwork of {@code precision + name}, its workspace query's answer. */
        int lwork(String name, Object... args) {
            return Math.toIntExact(((Workspace) call(name + "Workspace", args)).work());
        }

        Workspace workspace(String name, Object... args) {
            return (Workspace) call(name + "Workspace", args);
        }

        double tolerance() {
            return single() ? 2e-4 : 1e-11;
        }
    }

    private static double[] matrix(Random random, int rows, int cols, int ld, double diagonal) {
        double[] a = new double[Math.max(1, ld * cols)];
        for (int j = 0; j < cols; j++) {
            for (int i = 0; i < rows; i++) {
                a[j * ld + i] = random.nextDouble() * 2 - 1 + (i == j ? diagonal : 0);
            }
        }
        return a;
    }

    private static double[] symmetric(Random random, int n, int ld, double diagonal) {
        double[] a = matrix(random, n, n, ld, diagonal);
        for (int j = 0; j < n; j++) {
            for (int i = j + 1; i < n; i++) {
                a[j * ld + i] = a[i * ld + j];
            }
        }
        return a;
    }

    /** The upper (or lower) triangle of the column-major n x n a, packed as LAPACK packs it. */
    private static double[] pack(double[] a, int n, int ld, boolean upper) {
        double[] p = new double[n * (n + 1) / 2];
        int k = 0;
        for (int j = 0; j < n; j++) {
            for (int i = upper ? 0 : j; i < (upper ? j + 1 : n); i++) {
                p[k++] = a[j * ld + i];
            }
        }
        return p;
    }

    private static void assertClose(double[] expected, double[] actual, double tol, String what) {
        assertEquals(expected.length, actual.length, what + ": length");
        double scale = 1;
        for (double e : expected) {
            scale = Math.max(scale, Math.abs(e));
        }
        for (int i = 0; i < expected.length; i++) {
            assertEquals(expected[i], actual[i], tol * scale, what + " at " + i);
        }
    }

    private static String what(Mem mem, String routine, int n) {
        return mem.precision + routine + " n=" + n + (mem.heap ? " heap" : " native");
    }

    // ---- linear systems --------------------------------------------------------------------------------------

    @ParameterizedTest
    @MethodSource("cases")
    void getriInvertsAsReferenceLapackDoes(char p, int n, boolean heap) {
        Random random = new Random(n);
        int lda = n + PAD;
        double[] a = matrix(random, n, n, lda, n);
        int[] fipiv = new int[n];
        intW info = new intW(0);
        double[] fa = a.clone();
        F2J.dgetrf(n, n, fa, lda, fipiv, info);
        double[] lu = fa.clone();
        double[] work = new double[Math.max(1, 64 * n)];
        F2J.dgetri(n, fa, lda, fipiv, work, work.length, info);
        assertEquals(0, info.val);
        try (Arena arena = Arena.ofConfined()) {
            Mem mem = new Mem(arena, p, heap);
            MemorySegment sa = mem.of(lu);
            MemorySegment ipiv = mem.ints(fipiv);
            int lwork = mem.lwork("getri", n, sa, OFFSET, lda, ipiv, OFFSET);
            assertTrue(lwork >= Math.max(1, n));
            mem.call("getri", n, sa, OFFSET, lda, ipiv, OFFSET, mem.zeros(lwork), OFFSET, lwork);
            assertClose(fa, mem.read(sa, fa.length), mem.tolerance() * n, what(mem, "getri", n));
        }
    }

    @ParameterizedTest
    @MethodSource("cases")
    void ppsvAndPptriMatchReferenceLapack(char p, int n, boolean heap) {
        for (Uplo uplo : Uplo.values()) {
            Random random = new Random(7 * n + uplo.ordinal());
            boolean upper = uplo == Uplo.UPPER;
            double[] ap = pack(symmetric(random, n, n, 2 * n), n, n, upper);
            int nrhs = 2;
            int ldb = n + PAD;
            double[] b = matrix(random, n, nrhs, ldb, 0);
            double[] fap = ap.clone();
            double[] fb = b.clone();
            intW info = new intW(0);
            String letter = upper ? "U" : "L";
            F2J.dppsv(letter, n, nrhs, fap, fb, ldb, info);
            assertEquals(0, info.val);
            double[] factor = fap.clone();
            F2J.dpptri(letter, n, fap, info);
            assertEquals(0, info.val);
            try (Arena arena = Arena.ofConfined()) {
                Mem mem = new Mem(arena, p, heap);
                MemorySegment sap = mem.of(ap);
                MemorySegment sb = mem.of(b);
                mem.call("ppsv", uplo, n, nrhs, sap, OFFSET, sb, OFFSET, ldb);
                String what = what(mem, "ppsv " + uplo, n);
                assertClose(fb, mem.read(sb, b.length), mem.tolerance() * n, what + " X");
                assertClose(factor, mem.read(sap, ap.length), mem.tolerance() * n, what + " factor");
                mem.call("pptri", uplo, n, sap, OFFSET);
                assertClose(fap, mem.read(sap, ap.length), mem.tolerance() * n, what(mem, "pptri " + uplo, n));
            }
        }
    }

    @ParameterizedTest
    @MethodSource("cases")
    void sysvMatchesReferenceLapack(char p, int n, boolean heap) {
        for (Uplo uplo : Uplo.values()) {
            Random random = new Random(11 * n + uplo.ordinal());
            int lda = n + PAD;
            double[] a = symmetric(random, n, lda, 0); // indefinite: 2 x 2 pivots happen
            int nrhs = 3;
            double[] b = matrix(random, n, nrhs, n, 0);
            double[] fa = a.clone();
            double[] fb = b.clone();
            int[] fipiv = new int[n];
            double[] work = new double[Math.max(1, 64 * n)];
            intW info = new intW(0);
            F2J.dsysv(uplo == Uplo.UPPER ? "U" : "L", n, nrhs, fa, lda, fipiv, fb, n, work, work.length, info);
            assertEquals(0, info.val);
            try (Arena arena = Arena.ofConfined()) {
                Mem mem = new Mem(arena, p, heap);
                MemorySegment sa = mem.of(a);
                MemorySegment sb = mem.of(b);
                MemorySegment ipiv = mem.ints(n);
                int lwork = mem.lwork("sysv", uplo, n, nrhs, sa, OFFSET, lda, ipiv, OFFSET, sb, OFFSET, n);
                mem.call("sysv", uplo, n, nrhs, sa, OFFSET, lda, ipiv, OFFSET, sb, OFFSET, n, mem.zeros(lwork),
                        OFFSET, lwork);
                // X is unique; the factorization's pivots can differ where two pivots tie in LAPACK 3.1 and 3.12
                assertClose(fb, mem.read(sb, b.length), mem.tolerance() * n * n, what(mem, "sysv " + uplo, n));
            }
        }
    }

    @ParameterizedTest
    @MethodSource("cases")
    void trtrsMatchesReferenceLapack(char p, int n, boolean heap) {
        Random random = new Random(13 * n);
        int lda = n + PAD;
        double[] a = matrix(random, n, n, lda, n);
        int nrhs = 2;
        double[] b = matrix(random, n, nrhs, n, 0);
        for (Uplo uplo : Uplo.values()) {
            for (Transpose trans : Transpose.values()) {
                for (Diag diag : Diag.values()) {
                    double[] fb = b.clone();
                    intW info = new intW(0);
                    F2J.dtrtrs(uplo == Uplo.UPPER ? "U" : "L", String.valueOf((char) trans.letter()),
                            diag == Diag.UNIT ? "U" : "N", n, nrhs, a.clone(), lda, fb, n, info);
                    try (Arena arena = Arena.ofConfined()) {
                        Mem mem = new Mem(arena, p, heap);
                        MemorySegment sb = mem.of(b);
                        mem.call("trtrs", uplo, trans, diag, n, nrhs, mem.of(a), OFFSET, lda, sb, OFFSET, n);
                        assertClose(fb, mem.read(sb, b.length), mem.tolerance() * n,
                                what(mem, "trtrs " + uplo + " " + trans + " " + diag, n));
                    }
                }
            }
        }
    }

    @ParameterizedTest
    @MethodSource("cases")
    void gbtrfAndGbtrsMatchReferenceLapack(char p, int n, boolean heap) {
        Random random = new Random(17 * n);
        int kl = Math.min(2, Math.max(0, n - 1));
        int ku = Math.min(3, Math.max(0, n - 1));
        int ldab = 2 * kl + ku + 1 + PAD;
        double[] ab = new double[ldab * n];
        for (int j = 0; j < n; j++) {
            for (int i = Math.max(0, j - ku); i <= Math.min(n - 1, j + kl); i++) {
                ab[j * ldab + kl + ku + i - j] = random.nextDouble() * 2 - 1 + (i == j ? 0.5 : 0); // pivoting needed
            }
        }
        int nrhs = 2;
        double[] b = matrix(random, n, nrhs, n, 0);
        double[] fab = ab.clone();
        int[] fipiv = new int[n];
        intW info = new intW(0);
        F2J.dgbtrf(n, n, kl, ku, fab, ldab, fipiv, info);
        assertEquals(0, info.val);
        try (Arena arena = Arena.ofConfined()) {
            Mem mem = new Mem(arena, p, heap);
            MemorySegment sab = mem.of(ab);
            MemorySegment ipiv = mem.ints(n);
            mem.call("gbtrf", n, n, kl, ku, sab, OFFSET, ldab, ipiv, OFFSET);
            if (!mem.single()) { // in float the pivot choice may differ where two candidates are close
                assertArrayEquals(fipiv, mem.readInts(ipiv, n), what(mem, "gbtrf pivots", n));
                assertClose(fab, mem.read(sab, ab.length), mem.tolerance() * n, what(mem, "gbtrf", n));
            }
            for (Transpose trans : new Transpose[] {Transpose.NO_TRANSPOSE, Transpose.TRANSPOSE}) {
                double[] fb = b.clone();
                F2J.dgbtrs(String.valueOf((char) trans.letter()), n, kl, ku, nrhs, fab, ldab, fipiv, fb, n, info);
                MemorySegment sb = mem.of(b);
                mem.call("gbtrs", trans, n, kl, ku, nrhs, sab, OFFSET, ldab, ipiv, OFFSET, sb, OFFSET, n);
                assertClose(fb, mem.read(sb, b.length), mem.tolerance() * n * 10, what(mem, "gbtrs " + trans, n));
            }
        }
    }

    // ---- orthogonal factorizations and least squares -----------------------------------------------------------

    @ParameterizedTest
    @MethodSource("cases")
    void geqp3OrgqrAndOrmqrMatchReferenceLapack(char p, int n, boolean heap) {
        Random random = new Random(19 * n);
        int m = n + 3;
        int lda = m + PAD;
        double[] a = matrix(random, m, n, lda, 0);
        int k = n;
        double[] fa = a.clone();
        int[] fjpvt = new int[n];
        double[] ftau = new double[n];
        double[] work = new double[Math.max(1, 64 * (m + n))];
        intW info = new intW(0);
        F2J.dgeqp3(m, n, fa, lda, fjpvt, ftau, work, work.length, info);
        assertEquals(0, info.val);
        double[] qr = fa.clone();
        try (Arena arena = Arena.ofConfined()) {
            Mem mem = new Mem(arena, p, heap);
            MemorySegment sa = mem.of(a);
            MemorySegment jpvt = mem.ints(n);
            MemorySegment tau = mem.zeros(n);
            int lwork = mem.lwork("geqp3", m, n, sa, OFFSET, lda, jpvt, OFFSET, tau, OFFSET);
            mem.call("geqp3", m, n, sa, OFFSET, lda, jpvt, OFFSET, tau, OFFSET, mem.zeros(lwork), OFFSET, lwork);
            if (!mem.single()) { // float may pick another of two columns of nearly equal norm
                assertArrayEquals(fjpvt, mem.readInts(jpvt, n), what(mem, "geqp3 jpvt", n));
                assertClose(qr, mem.read(sa, a.length), mem.tolerance() * m, what(mem, "geqp3", n));
                assertClose(ftau, mem.read(tau, n), mem.tolerance() * m, what(mem, "geqp3 tau", n));
            }
            // ?ormqr with the reference factors: C = op(Q) C and C op(Q), each side and transpose
            MemorySegment sqr = mem.of(qr);
            MemorySegment stau = mem.of(ftau);
            double[] factors = mem.read(sqr, qr.length); // as stored in this precision
            for (Side side : Side.values()) {
                for (Transpose trans : new Transpose[] {Transpose.NO_TRANSPOSE, Transpose.TRANSPOSE}) {
                    int cm = side == Side.LEFT ? m : 5;
                    int cn = side == Side.LEFT ? 4 : m;
                    int ldc = cm + 1;
                    double[] c = matrix(random, cm, cn, ldc, 0);
                    double[] fc = c.clone();
                    F2J.dormqr(side == Side.LEFT ? "L" : "R", trans == Transpose.TRANSPOSE ? "T" : "N", cm, cn, k,
                            qr.clone(), lda, ftau, fc, ldc, work, work.length, info);
                    assertEquals(0, info.val);
                    MemorySegment sc = mem.of(c);
                    int lw = mem.lwork("ormqr", side, trans, cm, cn, k, sqr, OFFSET, lda, stau, OFFSET, sc, OFFSET,
                            ldc);
                    mem.call("ormqr", side, trans, cm, cn, k, sqr, OFFSET, lda, stau, OFFSET, sc, OFFSET, ldc,
                            mem.zeros(lw), OFFSET, lw);
                    assertClose(fc, mem.read(sc, c.length), mem.tolerance() * m,
                            what(mem, "ormqr " + side + " " + trans, n));
                }
            }
            assertArrayEquals(factors, mem.read(sqr, qr.length), what(mem, "ormqr restores A", n));
            // ?orgqr: Q itself
            double[] fq = qr.clone();
            F2J.dorgqr(m, n, k, fq, lda, ftau, work, work.length, info);
            assertEquals(0, info.val);
            int lw = mem.lwork("orgqr", m, n, k, sqr, OFFSET, lda, stau, OFFSET);
            mem.call("orgqr", m, n, k, sqr, OFFSET, lda, stau, OFFSET, mem.zeros(lw), OFFSET, lw);
            assertClose(fq, mem.read(sqr, qr.length), mem.tolerance() * m, what(mem, "orgqr", n));
        }
    }

    @ParameterizedTest
    @MethodSource("cases")
    void gelsMatchesReferenceLapack(char p, int n, boolean heap) {
        for (int[] shape : new int[][] {{n + 4, n}, {n, n + 4}}) {
            for (Transpose trans : new Transpose[] {Transpose.NO_TRANSPOSE, Transpose.TRANSPOSE}) {
                int m = shape[0];
                int cols = shape[1];
                Random random = new Random(23 * n + m);
                int lda = m + PAD;
                double[] a = matrix(random, m, cols, lda, 2);
                int nrhs = 2;
                int ldb = Math.max(m, cols) + 1;
                double[] b = matrix(random, Math.max(m, cols), nrhs, ldb, 0);
                double[] fb = b.clone();
                double[] work = new double[Math.max(1, 64 * (m + cols))];
                intW info = new intW(0);
                String t = trans == Transpose.TRANSPOSE ? "T" : "N";
                F2J.dgels(t, m, cols, nrhs, a.clone(), lda, fb, ldb, work, work.length, info);
                assertEquals(0, info.val);
                try (Arena arena = Arena.ofConfined()) {
                    Mem mem = new Mem(arena, p, heap);
                    MemorySegment sa = mem.of(a);
                    MemorySegment sb = mem.of(b);
                    int lwork = mem.lwork("gels", trans, m, cols, nrhs, sa, OFFSET, lda, sb, OFFSET, ldb);
                    mem.call("gels", trans, m, cols, nrhs, sa, OFFSET, lda, sb, OFFSET, ldb, mem.zeros(lwork),
                            OFFSET, lwork);
                    // The solution: the first n (op(A) x n) rows of each column; below them, residual terms
                    int rows = trans == Transpose.TRANSPOSE ? m : cols;
                    double[] actual = mem.read(sb, b.length);
                    for (int j = 0; j < nrhs; j++) {
                        double[] e = Arrays.copyOfRange(fb, j * ldb, j * ldb + rows);
                        double[] x = Arrays.copyOfRange(actual, j * ldb, j * ldb + rows);
                        assertClose(e, x, mem.tolerance() * m * 10,
                                what(mem, "gels " + trans + " " + m + "x" + cols + " column " + j, n));
                    }
                }
            }
        }
    }

    // ---- eigenvalues and singular values ---------------------------------------------------------------------

    /** ||A v - w v|| small for each column v of vectors and value of w; columns orthonormal. */
    private static void assertEigenvectors(double[] a, int lda, int n, double[] vectors, int ldv, double[] w,
                                           int count, double tol, String what) {
        for (int c = 0; c < count; c++) {
            for (int i = 0; i < n; i++) {
                double av = 0;
                for (int k = 0; k < n; k++) {
                    av += a[k * lda + i] * vectors[c * ldv + k];
                }
                assertEquals(w[c] * vectors[c * ldv + i], av, tol, what + ": (A v - w v)[" + i + "], vector " + c);
            }
            for (int d = 0; d <= c; d++) {
                double dot = 0;
                for (int k = 0; k < n; k++) {
                    dot += vectors[c * ldv + k] * vectors[d * ldv + k];
                }
                assertEquals(c == d ? 1 : 0, dot, tol, what + ": v" + c + " . v" + d);
            }
        }
    }

    @ParameterizedTest
    @MethodSource("cases")
    void syevAndSyevrMatchReferenceLapack(char p, int n, boolean heap) {
        Random random = new Random(29 * n);
        int lda = n + PAD;
        double[] a = symmetric(random, n, lda, 0);
        double[] fw = new double[n];
        double[] work = new double[Math.max(1, 64 * n)];
        intW info = new intW(0);
        F2J.dsyev("N", "U", n, a.clone(), lda, fw, work, work.length, info);
        assertEquals(0, info.val);
        try (Arena arena = Arena.ofConfined()) {
            Mem mem = new Mem(arena, p, heap);
            double tol = mem.tolerance() * n * n * 10;
            for (Uplo uplo : Uplo.values()) {
                MemorySegment sa = mem.of(a);
                MemorySegment w = mem.zeros(n);
                int lwork = mem.lwork("syev", EigenJob.VALUES_AND_VECTORS, uplo, n, sa, OFFSET, lda, w, OFFSET);
                mem.call("syev", EigenJob.VALUES_AND_VECTORS, uplo, n, sa, OFFSET, lda, w, OFFSET, mem.zeros(lwork),
                        OFFSET, lwork);
                double[] values = mem.read(w, n);
                assertClose(fw, values, tol, what(mem, "syev " + uplo, n));
                assertEigenvectors(a, lda, n, mem.read(sa, a.length), lda, values, n, tol, what(mem, "syev", n));
            }
            // ?syevr: all, by index (the middle third) and by value (an interval around the middle), with vectors
            int il = Math.max(1, n / 3);
            int iu = Math.max(il, 2 * n / 3);
            double vl = n == 1 ? fw[0] - 1 : (fw[il - 1] + fw[Math.max(0, il - 2)]) / 2 - (il == 1 ? 1 : 0);
            double vu = fw[iu - 1] + (iu < n ? (fw[iu] - fw[iu - 1]) / 2 : 1);
            for (EigenRange range : EigenRange.values()) {
                int ldz = n + 1;
                MemorySegment sa = mem.of(a);
                MemorySegment w = mem.zeros(n);
                MemorySegment z = mem.zeros((long) ldz * n);
                MemorySegment isuppz = mem.ints(2 * n);
                Workspace ws = mem.workspace("syevr", EigenJob.VALUES_AND_VECTORS, range, Uplo.LOWER, n, sa, OFFSET,
                        lda, vl, vu, il, iu, 0.0, w, OFFSET, z, OFFSET, ldz, isuppz, OFFSET);
                int lw = Math.toIntExact(ws.work());
                int liw = Math.toIntExact(ws.iwork());
                int found = (int) mem.call("syevr", EigenJob.VALUES_AND_VECTORS, range, Uplo.LOWER, n, sa, OFFSET,
                        lda, vl, vu, il, iu, 0.0, w, OFFSET, z, OFFSET, ldz, isuppz, OFFSET, mem.zeros(lw), OFFSET, lw,
                        mem.ints(liw), OFFSET, liw);
                int from = range == EigenRange.ALL ? 0 : il - 1;
                int expected = range == EigenRange.ALL ? n : iu - il + 1;
                String what = what(mem, "syevr " + range, n);
                assertEquals(expected, found, what + ": eigenvalues found");
                double[] values = Arrays.copyOf(mem.read(w, n), found);
                assertClose(Arrays.copyOfRange(fw, from, from + found), values, tol, what);
                assertEigenvectors(a, lda, n, mem.read(z, ldz * n), ldz, values, found, tol, what);
            }
        }
    }

    @ParameterizedTest
    @MethodSource("cases")
    void geevMatchesReferenceLapack(char p, int n, boolean heap) {
        Random random = new Random(31 * n);
        int lda = n + PAD;
        double[] a = matrix(random, n, n, lda, 0);
        double[] fwr = new double[n];
        double[] fwi = new double[n];
        double[] work = new double[Math.max(1, 64 * n)];
        intW info = new intW(0);
        F2J.dgeev("N", "N", n, a.clone(), lda, fwr, fwi, new double[1], 1, new double[1], 1, work, work.length, info);
        assertEquals(0, info.val);
        try (Arena arena = Arena.ofConfined()) {
            Mem mem = new Mem(arena, p, heap);
            double tol = mem.tolerance() * n * n * 100;
            int ldv = n + 1;
            MemorySegment sa = mem.of(a);
            MemorySegment wr = mem.zeros(n);
            MemorySegment wi = mem.zeros(n);
            MemorySegment vl = mem.zeros((long) ldv * n);
            MemorySegment vr = mem.zeros((long) ldv * n);
            EigenJob both = EigenJob.VALUES_AND_VECTORS;
            int lwork = mem.lwork("geev", both, both, n, sa, OFFSET, lda, wr, OFFSET, wi, OFFSET, vl, OFFSET, ldv, vr,
                    OFFSET, ldv);
            mem.call("geev", both, both, n, sa, OFFSET, lda, wr, OFFSET, wi, OFFSET, vl, OFFSET, ldv, vr, OFFSET, ldv,
                    mem.zeros(lwork), OFFSET, lwork);
            double[] re = mem.read(wr, n);
            double[] im = mem.read(wi, n);
            String what = what(mem, "geev", n);
            // The same spectrum, in whatever order each LAPACK version leaves it
            assertClose(sortedByValue(fwr, fwi), sortedByValue(re, im), tol, what + " eigenvalues");
            // A v = lambda v for each right vector (a complex pair: columns j, j + 1 = re, im), u^H A = lambda u^H left
            double[] r = mem.read(vr, ldv * n);
            double[] l = mem.read(vl, ldv * n);
            for (int j = 0; j < n; j++) {
                boolean pair = im[j] != 0;
                for (int i = 0; i < n; i++) {
                    double[] right = residual(a, lda, n, r, ldv, re[j], im[j], j, pair, i, false);
                    double[] left = residual(a, lda, n, l, ldv, re[j], im[j], j, pair, i, true);
                    assertEquals(0, Math.hypot(right[0], right[1]), tol, what + ": (A v - lambda v)[" + i + "], " + j);
                    assertEquals(0, Math.hypot(left[0], left[1]), tol, what + ": (u^H A - lambda u^H)[" + i + "], "
                            + j);
                }
                if (pair) {
                    j++;
                }
            }
        }
    }

    /** Row i of A v - lambda v (right) or of A^T u - conj(lambda) u (left, u^H A = lambda u^H), as (re, im). */
    private static double[] residual(double[] a, int lda, int n, double[] v, int ldv, double re, double im, int j,
                                     boolean pair, int i, boolean left) {
        double sr = 0;
        double si = 0;
        for (int k = 0; k < n; k++) {
            double aik = left ? a[i * lda + k] : a[k * lda + i];
            sr += aik * v[j * ldv + k];
            si += pair ? aik * v[(j + 1) * ldv + k] : 0;
        }
        double vr = v[j * ldv + i];
        double vi = pair ? v[(j + 1) * ldv + i] : 0;
        double lim = left ? -im : im;
        return new double[] {sr - (re * vr - lim * vi), si - (re * vi + lim * vr)};
    }

    private static double[] sortedByValue(double[] re, double[] im) {
        Integer[] order = new Integer[re.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (x, y) -> Math.abs(re[x] - re[y]) > 1e-3 ? Double.compare(re[x], re[y])
                : Double.compare(im[x], im[y]));
        double[] out = new double[2 * re.length];
        for (int i = 0; i < order.length; i++) {
            out[2 * i] = re[order[i]];
            out[2 * i + 1] = im[order[i]];
        }
        return out;
    }

    @ParameterizedTest
    @MethodSource("cases")
    void gesvdMatchesReferenceLapack(char p, int n, boolean heap) {
        for (int m : new int[] {n + 5, Math.max(1, n - 1)}) {
            Random random = new Random(37 * n + m);
            int lda = m + PAD;
            double[] a = matrix(random, m, n, lda, 0);
            int mn = Math.min(m, n);
            double[] fs = new double[mn];
            double[] work = new double[Math.max(1, 64 * (m + n))];
            intW info = new intW(0);
            F2J.dgesvd("N", "N", m, n, a.clone(), lda, fs, new double[1], 1, new double[1], 1, work, work.length,
                    info);
            assertEquals(0, info.val);
            try (Arena arena = Arena.ofConfined()) {
                Mem mem = new Mem(arena, p, heap);
                double tol = mem.tolerance() * (m + n) * 100;
                for (SvdJob job : new SvdJob[] {SvdJob.ALL, SvdJob.REDUCED, SvdJob.NONE}) {
                    int ldu = m + 1;
                    int ldvt = n + 2;
                    MemorySegment sa = mem.of(a);
                    MemorySegment s = mem.zeros(mn);
                    MemorySegment u = mem.zeros((long) ldu * m);
                    MemorySegment vt = mem.zeros((long) ldvt * n);
                    int lwork = mem.lwork("gesvd", job, job, m, n, sa, OFFSET, lda, s, OFFSET, u, OFFSET, ldu, vt,
                            OFFSET, ldvt);
                    mem.call("gesvd", job, job, m, n, sa, OFFSET, lda, s, OFFSET, u, OFFSET, ldu, vt, OFFSET, ldvt,
                            mem.zeros(lwork), OFFSET, lwork);
                    String what = what(mem, "gesvd " + job + " " + m + "x" + n, n);
                    double[] values = mem.read(s, mn);
                    assertClose(fs, values, tol, what);
                    if (job != SvdJob.NONE) { // A = U S V^T over the first min(m, n) vectors
                        double[] uu = mem.read(u, ldu * m);
                        double[] vv = mem.read(vt, ldvt * n);
                        for (int i = 0; i < m; i++) {
                            for (int j = 0; j < n; j++) {
                                double usv = 0;
                                for (int k = 0; k < mn; k++) {
                                    usv += uu[k * ldu + i] * values[k] * vv[j * ldvt + k];
                                }
                                assertEquals(a[j * lda + i], usv, tol, what + ": (U S V^T)[" + i + "," + j + "]");
                            }
                        }
                    }
                }
            }
        }
    }

    // ---- complex: against the real embedding -----------------------------------------------------------------

    /** A random complex m x n (Hermitian when asked), interleaved column-major with leading dimension m. */
    private static double[] complexMatrix(Random random, int m, int n, boolean hermitian) {
        double[] a = new double[2 * m * n];
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < m; i++) {
                a[2 * (j * m + i)] = random.nextDouble() * 2 - 1;
                a[2 * (j * m + i) + 1] = hermitian && i == j ? 0 : random.nextDouble() * 2 - 1;
            }
        }
        if (hermitian) {
            for (int j = 0; j < n; j++) {
                for (int i = j + 1; i < n; i++) {
                    a[2 * (j * m + i)] = a[2 * (i * m + j)];
                    a[2 * (j * m + i) + 1] = -a[2 * (i * m + j) + 1];
                }
            }
        }
        return a;
    }

    /** [[Re, -Im], [Im, Re]], 2m x 2n column-major: its eigen- and singular values are A's, each twice. */
    private static double[] embedding(double[] a, int m, int n) {
        double[] e = new double[4 * m * n];
        int ld = 2 * m;
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < m; i++) {
                double re = a[2 * (j * m + i)];
                double im = a[2 * (j * m + i) + 1];
                e[j * ld + i] = re;
                e[(j + n) * ld + i + m] = re;
                e[j * ld + i + m] = im;
                e[(j + n) * ld + i] = -im;
            }
        }
        return e;
    }

    private static double[] everyOther(double[] values, boolean descending) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        double[] out = new double[values.length / 2];
        for (int i = 0; i < out.length; i++) {
            out[i] = sorted[descending ? sorted.length - 1 - 2 * i : 2 * i];
        }
        return out;
    }

    private static MemorySegment complex(Arena arena, double[] a, boolean single) {
        MemorySegment s = arena.allocate((long) a.length * (single ? 4 : 8), 8);
        for (int i = 0; i < a.length; i++) {
            if (single) {
                s.setAtIndex(ValueLayout.JAVA_FLOAT, i, (float) a[i]);
            } else {
                s.setAtIndex(ValueLayout.JAVA_DOUBLE, i, a[i]);
            }
        }
        return s;
    }

    private static double[] reals(MemorySegment s, int n, boolean single) {
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            out[i] = single ? s.getAtIndex(ValueLayout.JAVA_FLOAT, i) : s.getAtIndex(ValueLayout.JAVA_DOUBLE, i);
        }
        return out;
    }

    static Stream<Arguments> complexCases() {
        return Stream.of(1, 7, 33).flatMap(n -> Stream.of(Arguments.of(n, true), Arguments.of(n, false)));
    }

    @ParameterizedTest
    @MethodSource("complexCases")
    void heevdGivesTheEigenvaluesOfTheRealEmbeddingAndEigenvectors(int n, boolean single) {
        Random random = new Random(41 * n);
        double[] h = complexMatrix(random, n, n, true);
        double[] e = embedding(h, n, n);
        double[] ew = new double[2 * n];
        double[] work = new double[Math.max(1, 64 * n)];
        intW info = new intW(0);
        F2J.dsyev("N", "U", 2 * n, e, 2 * n, ew, work, work.length, info);
        assertEquals(0, info.val);
        double tol = (single ? 1e-4 : 1e-11) * n * n * 10;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment a = complex(arena, h, single);
            MemorySegment w = complex(arena, new double[n], single);
            EigenJob job = EigenJob.VALUES_AND_VECTORS;
            Workspace ws = single ? Lapack.cheevdWorkspace(job, Uplo.UPPER, n, a, 0, n, w, 0)
                    : Lapack.zheevdWorkspace(job, Uplo.UPPER, n, a, 0, n, w, 0);
            assertTrue(ws.rwork() >= (n <= 1 ? 1 : 1 + 5L * n + 2L * n * n), "rwork " + ws);
            int lw = Math.toIntExact(ws.work());
            int lrw = Math.toIntExact(ws.rwork());
            int liw = Math.toIntExact(ws.iwork());
            MemorySegment wk = complex(arena, new double[2 * lw], single);
            MemorySegment rw = complex(arena, new double[lrw], single);
            MemorySegment iw = arena.allocate(4L * liw, 4);
            if (single) {
                Lapack.cheevd(job, Uplo.UPPER, n, a, 0, n, w, 0, wk, 0, lw, rw, 0, lrw, iw, 0, liw);
            } else {
                Lapack.zheevd(job, Uplo.UPPER, n, a, 0, n, w, 0, wk, 0, lw, rw, 0, lrw, iw, 0, liw);
            }
            double[] values = reals(w, n, single);
            String what = (single ? "c" : "z") + "heevd n=" + n;
            assertClose(everyOther(ew, false), values, tol, what);
            double[] v = reals(a, 2 * n * n, single);
            for (int c = 0; c < n; c++) { // H v = w v
                for (int i = 0; i < n; i++) {
                    double re = 0;
                    double im = 0;
                    for (int k = 0; k < n; k++) {
                        double hr = h[2 * (k * n + i)];
                        double hi = h[2 * (k * n + i) + 1];
                        double vr = v[2 * (c * n + k)];
                        double vi = v[2 * (c * n + k) + 1];
                        re += hr * vr - hi * vi;
                        im += hr * vi + hi * vr;
                    }
                    assertEquals(values[c] * v[2 * (c * n + i)], re, tol, what + ": re (H v - w v)[" + i + "]");
                    assertEquals(values[c] * v[2 * (c * n + i) + 1], im, tol, what + ": im (H v - w v)[" + i + "]");
                }
            }
        }
    }

    @ParameterizedTest
    @MethodSource("complexCases")
    void complexGesddGivesTheSingularValuesOfTheRealEmbeddingAndReconstructsA(int n, boolean single) {
        int m = n + 2;
        Random random = new Random(43 * n);
        double[] a = complexMatrix(random, m, n, false);
        double[] e = embedding(a, m, n);
        double[] es = new double[2 * n];
        double[] work = new double[Math.max(1, 64 * (m + n))];
        intW info = new intW(0);
        F2J.dgesdd("N", 2 * m, 2 * n, e, 2 * m, es, new double[1], 1, new double[1], 1, work, work.length,
                new int[16 * n], info);
        assertEquals(0, info.val);
        double tol = (single ? 1e-4 : 1e-11) * (m + n) * 10;
        try (Arena arena = Arena.ofConfined()) {
            SvdJob job = SvdJob.REDUCED;
            MemorySegment sa = complex(arena, a, single);
            MemorySegment s = complex(arena, new double[n], single);
            MemorySegment u = complex(arena, new double[2 * m * n], single);
            MemorySegment vt = complex(arena, new double[2 * n * n], single);
            Workspace ws = single ? Lapack.cgesddWorkspace(job, m, n, sa, 0, m, s, 0, u, 0, m, vt, 0, n)
                    : Lapack.zgesddWorkspace(job, m, n, sa, 0, m, s, 0, u, 0, m, vt, 0, n);
            int lw = Math.toIntExact(ws.work());
            long mn = n;
            long mx = m;
            long lrwork = Math.max(5 * mn * mn + 5 * mn, 2 * mx * mn + 2 * mn * mn + mn);
            assertEquals(lrwork, ws.rwork(), "rwork: the documented size");
            MemorySegment wk = complex(arena, new double[2 * lw], single);
            MemorySegment rw = complex(arena, new double[(int) lrwork], single);
            MemorySegment iw = arena.allocate(4L * 8 * n, 4);
            if (single) {
                Lapack.cgesdd(job, m, n, sa, 0, m, s, 0, u, 0, m, vt, 0, n, wk, 0, lw, rw, 0, iw, 0);
            } else {
                Lapack.zgesdd(job, m, n, sa, 0, m, s, 0, u, 0, m, vt, 0, n, wk, 0, lw, rw, 0, iw, 0);
            }
            double[] values = reals(s, n, single);
            String what = (single ? "c" : "z") + "gesdd n=" + n;
            assertClose(everyOther(es, true), values, tol, what);
            double[] uu = reals(u, 2 * m * n, single);
            double[] vv = reals(vt, 2 * n * n, single);
            for (int i = 0; i < m; i++) {
                for (int j = 0; j < n; j++) { // A = U S V^H: sum_k U[i,k] s_k VT[k,j]
                    double re = 0;
                    double im = 0;
                    for (int k = 0; k < n; k++) {
                        double ur = uu[2 * (k * m + i)];
                        double ui = uu[2 * (k * m + i) + 1];
                        double vr = vv[2 * (j * n + k)];
                        double vi = vv[2 * (j * n + k) + 1];
                        re += values[k] * (ur * vr - ui * vi);
                        im += values[k] * (ur * vi + ui * vr);
                    }
                    assertEquals(a[2 * (j * m + i)], re, tol, what + ": re (U S V^H)[" + i + "," + j + "]");
                    assertEquals(a[2 * (j * m + i) + 1], im, tol, what + ": im (U S V^H)[" + i + "," + j + "]");
                }
            }
        }
    }

    // ---- refusals that need a routine's meaning --------------------------------------------------------------

    @ParameterizedTest
    @MethodSource("cases")
    void meaningfulRefusalsComeBeforeLapackRuns(char p, int n, boolean heap) {
        try (Arena arena = Arena.ofConfined()) {
            Mem mem = new Mem(arena, p, heap);
            int m = n + 1;
            MemorySegment a = mem.zeros((long) m * m);
            MemorySegment tau = mem.zeros(m);
            MemorySegment work = mem.zeros(64L * m);
            // ?orgqr: n <= m, k <= n
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> mem.call("orgqr", n, m, n, a, OFFSET, m, tau, OFFSET, work, OFFSET, 64 * m));
            assertTrue(e.getMessage().contains("must be <= m"), e.getMessage());
            // ?gels and ?ormqr: real matrices have no conjugate transpose
            e = assertThrows(IllegalArgumentException.class, () -> mem.call("gels", Transpose.CONJUGATE_TRANSPOSE,
                    n, n, 1, a, OFFSET, m, mem.zeros(m), OFFSET, m, work, OFFSET, 64 * m));
            assertTrue(e.getMessage().contains("CONJUGATE_TRANSPOSE"), e.getMessage());
            // ?syevr: 1 <= il <= iu <= n
            e = assertThrows(IllegalArgumentException.class, () -> mem.call("syevr", EigenJob.VALUES,
                    EigenRange.INDICES, Uplo.UPPER, n, a, OFFSET, m, 0.0, 0.0, 2, 1, 0.0, mem.zeros(n), OFFSET,
                    mem.zeros(1), OFFSET, 1, mem.ints(2 * n + 2), OFFSET, work, OFFSET, 64 * m, mem.ints(10 * m),
                    OFFSET, 10 * m));
            assertTrue(e.getMessage().contains("il=2 and iu=1"), e.getMessage());
            // ?gesvd: not both OVERWRITE
            e = assertThrows(IllegalArgumentException.class, () -> mem.call("gesvd", SvdJob.OVERWRITE,
                    SvdJob.OVERWRITE, n, n, a, OFFSET, m, mem.zeros(n), OFFSET, mem.zeros(1), OFFSET, 1,
                    mem.zeros(1), OFFSET, 1, work, OFFSET, 64 * m));
            assertTrue(e.getMessage().contains("both be OVERWRITE"), e.getMessage());
            // a singular triangle: LapackException, B unchanged
            double[] ones = new double[n];
            Arrays.fill(ones, 1);
            MemorySegment b = mem.of(ones);
            double[] before = mem.read(b, n);
            LapackException singular = assertThrows(LapackException.class, () -> mem.call("trtrs", Uplo.UPPER,
                    Transpose.NO_TRANSPOSE, Diag.NON_UNIT, n, 1, a, OFFSET, m, b, OFFSET, Math.max(1, n)));
            assertEquals(LapackException.Reason.SINGULAR, singular.reason());
            assertEquals(1, singular.info());
            assertArrayEquals(before, mem.read(b, n));
        }
    }
}
