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
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.netlib.util.intW;

/**
 * The double-precision routines of {@link Lapack} against netlib's F2jLAPACK (f2j's Java translation of reference
 * LAPACK, independent of OpenBLAS), at sizes 1, 7, 33 and 130 with padded leading dimensions and offsets, in native
 * memory and on heap arrays; the single-precision ones against the double results; where conventions may differ
 * (eigen- and singular vectors' signs), by invariants: A V = V diag(w), A = U S V^T, orthogonality.
 */
class LapackOracleTest {
    private static final LAPACK F2J = JavaLAPACK.getInstance();
    private static final int PAD = 3;
    private static final long OFFSET = 2;

    /** A well-conditioned n x n matrix, column-major with leading dimension ld: random, diagonal made dominant. */
    private static double[] matrix(Random random, int rows, int cols, int ld, boolean dominant) {
        double[] a = new double[ld * cols];
        for (int j = 0; j < cols; j++) {
            for (int i = 0; i < rows; i++) {
                a[j * ld + i] = random.nextDouble() * 2 - 1 + (dominant && i == j ? rows : 0);
            }
        }
        return a;
    }

    /** A symmetric positive definite n x n: M M^T + n I. */
    private static double[] spd(Random random, int n, int ld) {
        double[] m = matrix(random, n, n, n, false);
        double[] a = new double[ld * n];
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < n; i++) {
                double s = i == j ? n : 0;
                for (int k = 0; k < n; k++) {
                    s += m[k * n + i] * m[k * n + j];
                }
                a[j * ld + i] = s;
            }
        }
        return a;
    }

    /** The array in native memory at element OFFSET (heap false) or as a heap segment at the same offset. */
    private static MemorySegment segment(Arena arena, double[] values, boolean heap) {
        double[] copy = new double[values.length + (int) OFFSET + 1];
        System.arraycopy(values, 0, copy, (int) OFFSET, values.length);
        if (heap) {
            return MemorySegment.ofArray(copy);
        }
        MemorySegment s = arena.allocate((long) copy.length * Double.BYTES, 8);
        MemorySegment.copy(copy, 0, s, ValueLayout.JAVA_DOUBLE, 0, copy.length);
        return s;
    }

    private static MemorySegment ints(Arena arena, int n, boolean heap) {
        return heap ? MemorySegment.ofArray(new int[n + (int) OFFSET]) : arena.allocate(4L * (n + OFFSET), 4);
    }

    private static double[] read(MemorySegment s, int n) {
        double[] out = new double[n];
        MemorySegment.copy(s, ValueLayout.JAVA_DOUBLE, OFFSET * Double.BYTES, out, 0, n);
        return out;
    }

    private static int[] readInts(MemorySegment s, int n) {
        int[] out = new int[n];
        MemorySegment.copy(s, ValueLayout.JAVA_INT, OFFSET * 4, out, 0, n);
        return out;
    }

    private static void assertClose(double[] expected, double[] actual, double scale, String what) {
        assertEquals(expected.length, actual.length, what);
        for (int i = 0; i < expected.length; i++) {
            double tol = 1e-10 * scale * Math.max(1, Math.abs(expected[i]));
            assertEquals(expected[i], actual[i], tol, what + " at " + i);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 7, 33, 130})
    void dgesvMatchesReferenceLapack(int n) {
        for (boolean heap : new boolean[] {false, true}) {
            Random random = new Random(n);
            int lda = n + PAD;
            int nrhs = 3;
            int ldb = n + 1;
            double[] a = matrix(random, n, n, lda, true);
            double[] b = matrix(random, n, nrhs, ldb, false);
            double[] fa = a.clone();
            double[] fb = b.clone();
            int[] fipiv = new int[n];
            intW info = new intW(0);
            F2J.dgesv(n, nrhs, fa, lda, fipiv, fb, ldb, info);
            assertEquals(0, info.val);
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment sa = segment(arena, a, heap);
                MemorySegment sb = segment(arena, b, heap);
                MemorySegment ipiv = ints(arena, n, heap);
                Lapack.dgesv(n, nrhs, sa, OFFSET, lda, ipiv, OFFSET, sb, OFFSET, ldb);
                assertClose(fb, read(sb, b.length), n, "X, n=" + n + (heap ? " heap" : ""));
                assertClose(fa, read(sa, a.length), n, "LU, n=" + n);
                assertArrayEquals(fipiv, readInts(ipiv, n), "pivots, n=" + n);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 7, 33, 130})
    void dgetrfThenDgetrsMatchReferenceLapack(int n) {
        Random random = new Random(31 * n);
        int m = n + 2;
        int lda = m + PAD;
        double[] a = matrix(random, m, n, lda, true);
        double[] fa = a.clone();
        int[] fipiv = new int[n];
        intW info = new intW(0);
        F2J.dgetrf(m, n, fa, lda, fipiv, info);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment sa = segment(arena, a, false);
            MemorySegment ipiv = ints(arena, n, false);
            Lapack.dgetrf(m, n, sa, OFFSET, lda, ipiv, OFFSET);
            assertClose(fa, read(sa, a.length), n, "LU");
            assertArrayEquals(fipiv, readInts(ipiv, n), "pivots");
            // getrs on the square leading block's factorization
            double[] sq = matrix(random, n, n, n, true);
            double[] fsq = sq.clone();
            int[] fp = new int[n];
            F2J.dgetrf(n, n, fsq, n, fp, info);
            double[] b = matrix(random, n, 2, n, false);
            double[] fb = b.clone();
            F2J.dgetrs("T", n, 2, fsq, n, fp, fb, n, info);
            MemorySegment ssq = segment(arena, sq, true);
            MemorySegment p2 = ints(arena, n, true);
            Lapack.dgetrf(n, n, ssq, OFFSET, n, p2, OFFSET);
            MemorySegment sb = segment(arena, b, true);
            Lapack.dgetrs(Transpose.TRANSPOSE, n, 2, ssq, OFFSET, n, p2, OFFSET, sb, OFFSET, n);
            assertClose(fb, read(sb, b.length), n, "getrs X");
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 7, 33, 130})
    void dpotrfThenDpotrsMatchReferenceLapack(int n) {
        for (Uplo uplo : Uplo.values()) {
            Random random = new Random(7 * n);
            int lda = n + PAD;
            double[] a = spd(random, n, lda);
            double[] fa = a.clone();
            intW info = new intW(0);
            String u = uplo == Uplo.UPPER ? "U" : "L";
            F2J.dpotrf(u, n, fa, lda, info);
            double[] b = matrix(random, n, 2, n, false);
            double[] fb = b.clone();
            F2J.dpotrs(u, n, 2, fa, lda, fb, n, info);
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment sa = segment(arena, a, false);
                Lapack.dpotrf(uplo, n, sa, OFFSET, lda);
                assertClose(fa, read(sa, a.length), n, "Cholesky factor " + uplo); // the other triangle untouched
                MemorySegment sb = segment(arena, b, false);
                Lapack.dpotrs(uplo, n, 2, sa, OFFSET, lda, sb, OFFSET, n);
                assertClose(fb, read(sb, b.length), n, "X " + uplo);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 7, 33, 130})
    void dgeqrfMatchesReferenceLapack(int n) {
        Random random = new Random(3 * n);
        int m = n + 5;
        int lda = m + PAD;
        double[] a = matrix(random, m, n, lda, false);
        double[] fa = a.clone();
        double[] ftau = new double[n];
        double[] fwork = new double[n * 64];
        intW info = new intW(0);
        F2J.dgeqrf(m, n, fa, lda, ftau, fwork, fwork.length, info);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment sa = segment(arena, a, false);
            MemorySegment tau = segment(arena, new double[n], false);
            Workspace w = Lapack.dgeqrfWorkspace(m, n, sa, OFFSET, lda, tau, OFFSET);
            assertTrue(w.work() >= n, "optimal lwork " + w.work());
            MemorySegment work = arena.allocate(8 * w.work(), 8);
            Lapack.dgeqrf(m, n, sa, OFFSET, lda, tau, OFFSET, work, 0, (int) w.work());
            assertClose(fa, read(sa, a.length), 10 * n, "R and the reflectors");
            assertClose(ftau, read(tau, n), 10 * n, "tau");
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 7, 33, 130})
    void dsyevdMatchesReferenceLapackEigenvaluesAndItsVectorsAreEigenvectors(int n) {
        Random random = new Random(5 * n);
        int lda = n + PAD;
        double[] a = spd(random, n, lda);
        for (int j = 0; j < n; j++) { // make it indefinite: eigenvalues of both signs
            a[j * lda + j] -= 1.5 * n;
        }
        double[] fa = a.clone();
        double[] fw = new double[n];
        double[] fwork = new double[Math.max(1, 3 * n * n)];
        intW info = new intW(0);
        F2J.dsyev("N", "L", n, fa, lda, fw, fwork, fwork.length, info);
        assertEquals(0, info.val);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment sa = segment(arena, a, false);
            MemorySegment w = segment(arena, new double[n], false);
            Workspace ws = Lapack.dsyevdWorkspace(EigenJob.VALUES_AND_VECTORS, Uplo.LOWER, n, sa, OFFSET, lda, w,
                    OFFSET);
            MemorySegment work = arena.allocate(8 * ws.work(), 8);
            MemorySegment iwork = arena.allocate(4 * ws.iwork(), 4);
            Lapack.dsyevd(EigenJob.VALUES_AND_VECTORS, Uplo.LOWER, n, sa, OFFSET, lda, w, OFFSET, work, 0,
                    (int) ws.work(), iwork, 0, (int) ws.iwork());
            double[] values = read(w, n);
            assertClose(fw, values, 100 * n, "eigenvalues");
            double[] v = read(sa, a.length);
            double norm = 0;
            for (double x : values) {
                norm = Math.max(norm, Math.abs(x));
            }
            for (int k = 0; k < n; k++) { // A v_k = w_k v_k, with A from its lower triangle
                for (int i = 0; i < n; i++) {
                    double av = 0;
                    for (int j = 0; j < n; j++) {
                        double aij = i >= j ? a[j * lda + i] : a[i * lda + j];
                        av += aij * v[k * lda + j];
                    }
                    assertEquals(values[k] * v[k * lda + i], av, 1e-10 * n * norm, "A v = w v, k=" + k + " i=" + i);
                }
                for (int l = 0; l <= k; l++) {
                    double dot = 0;
                    for (int i = 0; i < n; i++) {
                        dot += v[k * lda + i] * v[l * lda + i];
                    }
                    assertEquals(k == l ? 1 : 0, dot, 1e-12 * n, "V^T V = I at " + k + "," + l);
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 7, 33, 130})
    void dgesddMatchesReferenceLapackSingularValuesAndReconstructsA(int n) {
        for (int m : new int[] {n, n + 4}) {
            for (SvdJob job : SvdJob.values()) {
                Random random = new Random(11 * n + m);
                int lda = m + PAD;
                double[] a = matrix(random, m, n, lda, false);
                int mn = Math.min(m, n);
                double[] fa = a.clone();
                double[] fs = new double[mn];
                double[] fwork = new double[4 * mn * mn + 7 * mn + Math.max(m, n) + 64];
                intW info = new intW(0);
                F2J.dgesdd("N", m, n, fa, lda, fs, new double[1], 1, new double[1], 1, fwork, fwork.length,
                        new int[8 * mn], info);
                assertEquals(0, info.val);
                try (Arena arena = Arena.ofConfined()) {
                    MemorySegment sa = segment(arena, a, false);
                    MemorySegment s = segment(arena, new double[mn], false);
                    int ldu = m + 1;
                    int ldvt = n + 1;
                    MemorySegment u = segment(arena, new double[ldu * m], false);
                    MemorySegment vt = segment(arena, new double[ldvt * n], false);
                    Workspace ws = Lapack.dgesddWorkspace(job, m, n, sa, OFFSET, lda, s, OFFSET, u, OFFSET, ldu, vt,
                            OFFSET, ldvt);
                    MemorySegment work = arena.allocate(8 * ws.work(), 8);
                    MemorySegment iwork = arena.allocate(4 * Math.max(1, ws.iwork()), 4);
                    Lapack.dgesdd(job, m, n, sa, OFFSET, lda, s, OFFSET, u, OFFSET, ldu, vt, OFFSET, ldvt, work, 0,
                            (int) ws.work(), iwork, 0);
                    double[] sv = read(s, mn);
                    assertClose(fs, sv, 100 * n, job + " singular values, " + m + " x " + n);
                    if (job == SvdJob.ALL || job == SvdJob.REDUCED) { // A = U S V^T from the first mn vectors
                        double[] uu = read(u, ldu * m);
                        double[] vv = read(vt, ldvt * n);
                        for (int i = 0; i < m; i++) {
                            for (int j = 0; j < n; j++) {
                                double x = 0;
                                for (int k = 0; k < mn; k++) {
                                    x += uu[k * ldu + i] * sv[k] * vv[j * ldvt + k];
                                }
                                assertEquals(a[j * lda + i], x, 1e-11 * n * Math.max(1, sv[0]),
                                        job + " A = U S V^T at " + i + "," + j);
                            }
                        }
                    }
                }
            }
        }
    }

    @Test
    void singlePrecisionRoutinesAgreeWithTheDoubleOnes() {
        int n = 33;
        Random random = new Random(1);
        double[] a = matrix(random, n, n, n, true);
        double[] b = matrix(random, n, 1, n, false);
        float[] fa = new float[a.length];
        float[] fb = new float[b.length];
        for (int i = 0; i < a.length; i++) {
            fa[i] = (float) a[i];
        }
        for (int i = 0; i < b.length; i++) {
            fb[i] = (float) b[i];
        }
        double[] da = new double[a.length];
        double[] db = new double[b.length];
        for (int i = 0; i < a.length; i++) {
            da[i] = fa[i];
        }
        for (int i = 0; i < b.length; i++) {
            db[i] = fb[i];
        }
        Lapack.sgesv(n, 1, MemorySegment.ofArray(fa), 0, n, MemorySegment.ofArray(new int[n]), 0,
                MemorySegment.ofArray(fb), 0, n);
        Lapack.dgesv(n, 1, MemorySegment.ofArray(da), 0, n, MemorySegment.ofArray(new int[n]), 0,
                MemorySegment.ofArray(db), 0, n);
        for (int i = 0; i < n; i++) {
            assertEquals(db[i], fb[i], 1e-4 * Math.max(1, Math.abs(db[i])), "sgesv x " + i);
        }
        assertEquals(F2J.slamch("E"), Lapack.slamch(MachineParameter.EPSILON));
        assertEquals(F2J.dlamch("E"), Lapack.dlamch(MachineParameter.EPSILON));
        for (MachineParameter p : MachineParameter.values()) {
            String letter = String.valueOf((char) p.letter());
            assertEquals(F2J.dlamch(letter), Lapack.dlamch(p), p.toString());
            assertEquals(F2J.slamch(letter), Lapack.slamch(p), p.toString());
        }
    }

    private static float[] floats(double[] d) {
        float[] f = new float[d.length];
        for (int i = 0; i < d.length; i++) {
            f[i] = (float) d[i];
        }
        return f;
    }

    private static void assertCloseF(float[] expected, MemorySegment actual, double tol, String what) {
        for (int i = 0; i < expected.length; i++) {
            assertEquals(expected[i], actual.getAtIndex(ValueLayout.JAVA_FLOAT, i), tol * Math.max(1,
                    Math.abs(expected[i])), what + " at " + i);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 7, 33})
    void singlePrecisionRoutinesMatchReferenceLapack(int n) {
        Random random = new Random(17 * n);
        intW info = new intW(0);
        try (Arena arena = Arena.ofConfined()) {
            // sgetrf, sgetrs
            float[] a = floats(matrix(random, n, n, n, true));
            float[] fa = a.clone();
            int[] fp = new int[n];
            F2J.sgetrf(n, n, fa, n, fp, info);
            MemorySegment sa = arena.allocateFrom(ValueLayout.JAVA_FLOAT, a);
            MemorySegment ipiv = arena.allocate(4L * n, 4);
            Lapack.sgetrf(n, n, sa, 0, n, ipiv, 0);
            assertCloseF(fa, sa, 1e-4 * n, "sgetrf");
            float[] b = floats(matrix(random, n, 2, n, false));
            float[] fb = b.clone();
            F2J.sgetrs("N", n, 2, fa, n, fp, fb, n, info);
            MemorySegment sb = arena.allocateFrom(ValueLayout.JAVA_FLOAT, b);
            Lapack.sgetrs(Transpose.NO_TRANSPOSE, n, 2, sa, 0, n, ipiv, 0, sb, 0, n);
            assertCloseF(fb, sb, 1e-3 * n, "sgetrs");
            // spotrf, spotrs
            float[] p = floats(spd(random, n, n));
            float[] fpd = p.clone();
            F2J.spotrf("U", n, fpd, n, info);
            MemorySegment sp = arena.allocateFrom(ValueLayout.JAVA_FLOAT, p);
            Lapack.spotrf(Uplo.UPPER, n, sp, 0, n);
            assertCloseF(fpd, sp, 1e-4 * n, "spotrf");
            float[] c = floats(matrix(random, n, 1, n, false));
            float[] fc = c.clone();
            F2J.spotrs("U", n, 1, fpd, n, fc, n, info);
            MemorySegment sc = arena.allocateFrom(ValueLayout.JAVA_FLOAT, c);
            Lapack.spotrs(Uplo.UPPER, n, 1, sp, 0, n, sc, 0, n);
            assertCloseF(fc, sc, 1e-3 * n, "spotrs");
            // sgeqrf
            float[] q = floats(matrix(random, n + 2, n, n + 2, false));
            float[] fq = q.clone();
            float[] ftau = new float[n];
            float[] fwork = new float[64 * n];
            F2J.sgeqrf(n + 2, n, fq, n + 2, ftau, fwork, fwork.length, info);
            MemorySegment sq = arena.allocateFrom(ValueLayout.JAVA_FLOAT, q);
            MemorySegment tau = arena.allocate(4L * n, 4);
            Workspace w = Lapack.sgeqrfWorkspace(n + 2, n, sq, 0, n + 2, tau, 0);
            Lapack.sgeqrf(n + 2, n, sq, 0, n + 2, tau, 0, arena.allocate(4 * w.work(), 4), 0, (int) w.work());
            assertCloseF(fq, sq, 1e-3 * n, "sgeqrf");
            // ssyevd and sgesdd values
            float[] e = floats(spd(random, n, n));
            float[] fe = e.clone();
            float[] fw = new float[n];
            F2J.ssyev("N", "U", n, fe, n, fw, new float[3 * n + 64], 3 * n + 64, info);
            MemorySegment se = arena.allocateFrom(ValueLayout.JAVA_FLOAT, e);
            MemorySegment sw = arena.allocate(4L * n, 4);
            Workspace ew = Lapack.ssyevdWorkspace(EigenJob.VALUES, Uplo.UPPER, n, se, 0, n, sw, 0);
            Lapack.ssyevd(EigenJob.VALUES, Uplo.UPPER, n, se, 0, n, sw, 0, arena.allocate(4 * ew.work(), 4), 0,
                    (int) ew.work(), arena.allocate(4 * ew.iwork(), 4), 0, (int) ew.iwork());
            assertCloseF(fw, sw, 1e-4 * n, "ssyevd eigenvalues");
            float[] g = floats(matrix(random, n, n, n, false));
            float[] fg = g.clone();
            float[] fs = new float[n];
            F2J.sgesdd("N", n, n, fg, n, fs, new float[1], 1, new float[1], 1, new float[7 * n + 3 * n + 64],
                    7 * n + 3 * n + 64, new int[8 * n], info);
            MemorySegment sg = arena.allocateFrom(ValueLayout.JAVA_FLOAT, g);
            MemorySegment ss = arena.allocate(4L * n, 4);
            MemorySegment none = arena.allocate(4, 4);
            Workspace gw = Lapack.sgesddWorkspace(SvdJob.NONE, n, n, sg, 0, n, ss, 0, none, 0, 1, none, 0, 1);
            Lapack.sgesdd(SvdJob.NONE, n, n, sg, 0, n, ss, 0, none, 0, 1, none, 0, 1,
                    arena.allocate(4 * gw.work(), 4), 0, (int) gw.work(), arena.allocate(4 * gw.iwork(), 4), 0);
            assertCloseF(fs, ss, 1e-4 * n, "sgesdd singular values");
        }
    }

    /** A complex n x n column-major, interleaved (re, im), made diagonally dominant; Hermitian positive when spd. */
    private static double[] complexMatrix(Random random, int n, boolean spd) {
        double[] m = new double[2 * n * n];
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < n; i++) {
                m[2 * (j * n + i)] = random.nextDouble() * 2 - 1 + (i == j ? 2 * n : 0);
                m[2 * (j * n + i) + 1] = i == j && spd ? 0 : random.nextDouble() * 2 - 1;
            }
        }
        if (spd) { // Hermitian: the upper triangle the conjugate of the lower
            for (int j = 0; j < n; j++) {
                for (int i = 0; i < j; i++) {
                    m[2 * (j * n + i)] = m[2 * (i * n + j)];
                    m[2 * (j * n + i) + 1] = -m[2 * (i * n + j) + 1];
                }
            }
        }
        return m;
    }

    /** (A B)[i, j], or (A^H B)[i, j]: complex, column-major n x n interleaved. */
    private static double[] product(double[] a, double[] b, int n, int i, int j, boolean conjugateTransposeA) {
        double re = 0;
        double im = 0;
        for (int k = 0; k < n; k++) {
            int at = conjugateTransposeA ? 2 * (i * n + k) : 2 * (k * n + i); // A^H[i,k] = conj(A[k,i])
            double ar = a[at];
            double ai = conjugateTransposeA ? -a[at + 1] : a[at + 1];
            double br = b[2 * (j * n + k)];
            double bi = b[2 * (j * n + k) + 1];
            re += ar * br - ai * bi;
            im += ar * bi + ai * br;
        }
        return new double[] {re, im};
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 7, 33})
    void complexRoutinesSatisfyTheirDefinitions(int n) {
        for (boolean single : new boolean[] {false, true}) {
            Random random = new Random(23 * n);
            double tol = (single ? 1e-4 : 1e-11) * n * n;
            try (Arena arena = Arena.ofConfined()) {
                // ?gesv: A X = B
                double[] a = complexMatrix(random, n, false);
                double[] b = complexMatrix(random, n, false);
                MemorySegment sa = complex(arena, a, single);
                MemorySegment sb = complex(arena, b, single);
                MemorySegment ipiv = arena.allocate(4L * n, 4);
                if (single) {
                    Lapack.cgesv(n, n, sa, 0, n, ipiv, 0, sb, 0, n);
                } else {
                    Lapack.zgesv(n, n, sa, 0, n, ipiv, 0, sb, 0, n);
                }
                double[] x = values(sb, single);
                for (int i = 0; i < n; i++) {
                    for (int j = 0; j < n; j++) {
                        double[] ax = product(a, x, n, i, j, false);
                        assertEquals(b[2 * (j * n + i)], ax[0], tol, (single ? "c" : "z") + "gesv re " + i + "," + j);
                        assertEquals(b[2 * (j * n + i) + 1], ax[1], tol, "gesv im " + i + "," + j);
                    }
                }
                // ?getrf: the factors of the same A as ?gesv's
                MemorySegment fa = complex(arena, a, single);
                if (single) {
                    Lapack.cgetrf(n, n, fa, 0, n, ipiv, 0);
                } else {
                    Lapack.zgetrf(n, n, fa, 0, n, ipiv, 0);
                }
                assertArrayEquals(values(sa, single), values(fa, single), tol, "getrf: gesv's factors");
                // ?potrf: A = L L^H
                double[] h = complexMatrix(random, n, true);
                MemorySegment sh = complex(arena, h, single);
                if (single) {
                    Lapack.cpotrf(Uplo.LOWER, n, sh, 0, n);
                } else {
                    Lapack.zpotrf(Uplo.LOWER, n, sh, 0, n);
                }
                double[] l = values(sh, single);
                for (int j = 0; j < n; j++) {
                    for (int i = 0; i < j; i++) { // zero the strict upper triangle (A's, untouched)
                        l[2 * (j * n + i)] = 0;
                        l[2 * (j * n + i) + 1] = 0;
                    }
                }
                double[] lh = conjugateTranspose(l, n);
                for (int i = 0; i < n; i++) {
                    for (int j = 0; j <= i; j++) {
                        double[] llh = product(lh, lh, n, i, j, true); // (L^H)^H L^H = L L^H
                        assertEquals(h[2 * (j * n + i)], llh[0], tol * n, "potrf re " + i + "," + j);
                        assertEquals(h[2 * (j * n + i) + 1], llh[1], tol * n, "potrf im " + i + "," + j);
                    }
                }
                // ?geqrf: R^H R = A^H A
                MemorySegment sq = complex(arena, a, single);
                MemorySegment tau = arena.allocate((single ? 8L : 16L) * n, 8);
                Workspace w = single ? Lapack.cgeqrfWorkspace(n, n, sq, 0, n, tau, 0)
                        : Lapack.zgeqrfWorkspace(n, n, sq, 0, n, tau, 0);
                MemorySegment work = arena.allocate((single ? 8 : 16) * w.work(), 8);
                if (single) {
                    Lapack.cgeqrf(n, n, sq, 0, n, tau, 0, work, 0, (int) w.work());
                } else {
                    Lapack.zgeqrf(n, n, sq, 0, n, tau, 0, work, 0, (int) w.work());
                }
                double[] r = values(sq, single);
                for (int j = 0; j < n; j++) {
                    for (int i = j + 1; i < n; i++) {
                        r[2 * (j * n + i)] = 0;
                        r[2 * (j * n + i) + 1] = 0;
                    }
                }
                for (int i = 0; i < n; i++) {
                    for (int j = 0; j < n; j++) {
                        double[] rr = product(r, r, n, i, j, true);
                        double[] aa = product(a, a, n, i, j, true);
                        assertEquals(aa[0], rr[0], tol * n * n, "geqrf re " + i + "," + j);
                        assertEquals(aa[1], rr[1], tol * n * n, "geqrf im " + i + "," + j);
                    }
                }
            }
        }
    }

    private static double[] conjugateTranspose(double[] m, int n) {
        double[] t = new double[m.length];
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < n; i++) {
                t[2 * (i * n + j)] = m[2 * (j * n + i)];
                t[2 * (i * n + j) + 1] = -m[2 * (j * n + i) + 1];
            }
        }
        return t;
    }

    private static MemorySegment complex(Arena arena, double[] values, boolean single) {
        return single ? arena.allocateFrom(ValueLayout.JAVA_FLOAT, floats(values))
                : arena.allocateFrom(ValueLayout.JAVA_DOUBLE, values);
    }

    private static double[] values(MemorySegment s, boolean single) {
        if (!single) {
            return s.toArray(ValueLayout.JAVA_DOUBLE);
        }
        float[] f = s.toArray(ValueLayout.JAVA_FLOAT);
        double[] d = new double[f.length];
        for (int i = 0; i < f.length; i++) {
            d[i] = f[i];
        }
        return d;
    }

    @Test
    void failuresReachTheCallerAsLapackExceptions() {
        try (Arena arena = Arena.ofConfined()) {
            // a singular A: column 3 is zero
            int n = 5;
            double[] a = matrix(new Random(2), n, n, n, true);
            for (int i = 0; i < n; i++) {
                a[2 * n + i] = 0;
            }
            LapackException e = assertThrows(LapackException.class, () -> Lapack.dgesv(n, 1,
                    segment(arena, a, false), OFFSET, n, ints(arena, n, false), OFFSET,
                    segment(arena, new double[n], false), OFFSET, n));
            assertEquals(LapackException.Reason.SINGULAR, e.reason());
            assertEquals(3, e.info());
            assertEquals("dgesv", e.routine());
            // not positive definite: a negative diagonal element
            double[] spd = spd(new Random(3), n, n);
            spd[3 * n + 3] = -1;
            e = assertThrows(LapackException.class, () -> Lapack.dpotrf(Uplo.LOWER, n, segment(arena, spd, false),
                    OFFSET, n));
            assertEquals(LapackException.Reason.NOT_POSITIVE_DEFINITE, e.reason());
            assertEquals(4, e.info());
        }
    }

    @Test
    void badArgumentsAreRefusedBeforeLapackRunsWithEveryByteUnchanged() {
        try (Arena arena = Arena.ofConfined()) {
            int n = 7;
            double[] a = matrix(new Random(4), n, n, n, true);
            MemorySegment sa = segment(arena, a, false);
            MemorySegment before = arena.allocate(sa.byteSize(), 8).copyFrom(sa);
            // a pivot array one int short
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Lapack.dgetrf(n, n, sa,
                    OFFSET, n, ints(arena, n - 1, false), OFFSET));
            assertTrue(e.getMessage().contains("ipiv"), e.getMessage());
            // a work array below LAPACK's minimum
            e = assertThrows(IllegalArgumentException.class, () -> Lapack.dgeqrf(n, n, sa, OFFSET, n,
                    segment(arena, new double[n], false), OFFSET, arena.allocate(8 * 64), 0, n - 1));
            assertTrue(e.getMessage().contains("lwork=6 must be >= 7"), e.getMessage());
            // lwork inside the array: a work segment shorter than lwork
            e = assertThrows(IllegalArgumentException.class, () -> Lapack.dgeqrf(n, n, sa, OFFSET, n,
                    segment(arena, new double[n], false), OFFSET, arena.allocate(8 * 10), 0, 11));
            assertTrue(e.getMessage().contains("work"), e.getMessage());
            // a leading dimension too small, a read-only output, an output overlapping another
            e = assertThrows(IllegalArgumentException.class, () -> Lapack.dpotrf(Uplo.UPPER, n, sa, OFFSET, n - 1));
            assertTrue(e.getMessage().contains("lda=6"), e.getMessage());
            e = assertThrows(IllegalArgumentException.class, () -> Lapack.dpotrf(Uplo.UPPER, n, sa.asReadOnly(),
                    OFFSET, n));
            assertTrue(e.getMessage().contains("read-only"), e.getMessage());
            e = assertThrows(IllegalArgumentException.class, () -> Lapack.dgesv(n, 1, sa, OFFSET, n,
                    ints(arena, n, false), OFFSET, sa, OFFSET + 3, n));
            assertTrue(e.getMessage().contains("overlap"), e.getMessage());
            assertEquals(-1, before.mismatch(sa), "a refused call changed A");
            assertThrows(NullPointerException.class, () -> Lapack.dgetrs(null, n, 1, sa, OFFSET, n,
                    ints(arena, n, false), OFFSET, segment(arena, new double[n], false), OFFSET, n));
        }
    }
}
