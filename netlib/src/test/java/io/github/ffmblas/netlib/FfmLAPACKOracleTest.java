package io.github.ffmblas.netlib;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ludovic.netlib.lapack.JavaLAPACK;
import dev.ludovic.netlib.lapack.LAPACK;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.netlib.util.intW;

/**
 * {@link FfmLAPACK} as Spark and Breeze call it: each scenario is code written against netlib's {@link LAPACK}
 * interface (workspace query with lwork = -1, then the call, as Breeze does), run once on F2jLAPACK (reference LAPACK
 * in Java) and once on FfmLAPACK, and their outputs compared; eigen- and singular vectors by absolute value (a
 * vector's sign is LAPACK's choice), ?geev's eigenvalues as a sorted set. Then the interface's other routines
 * refuse, and INFO reaches the caller as netlib's does.
 */
class FfmLAPACKOracleTest {
    private static final LAPACK F2J = JavaLAPACK.getInstance();
    private static final LAPACK FFM = FfmLAPACK.getInstance();

    private static double[] matrix(Random random, int rows, int cols, double diagonal) {
        double[] a = new double[rows * cols];
        for (int j = 0; j < cols; j++) {
            for (int i = 0; i < rows; i++) {
                a[j * rows + i] = random.nextDouble() * 2 - 1 + (i == j ? diagonal : 0);
            }
        }
        return a;
    }

    private static double[] symmetric(Random random, int n, double diagonal) {
        double[] a = matrix(random, n, n, diagonal);
        for (int j = 0; j < n; j++) {
            for (int i = j + 1; i < n; i++) {
                a[j * n + i] = a[i * n + j];
            }
        }
        return a;
    }

    /** The optimal lwork as a netlib caller asks for it: lwork = -1, the answer in work[0]. */
    private static int query(double[] work) {
        return (int) work[0];
    }

    /** A scenario: the arrays it leaves, and the INFOs, as doubles; abs where LAPACK picks signs. */
    private static void compare(String name, Function<LAPACK, List<double[]>> scenario, double tolerance) {
        List<double[]> expected = scenario.apply(F2J);
        List<double[]> actual = scenario.apply(FFM);
        assertEquals(expected.size(), actual.size(), name);
        for (int k = 0; k < expected.size(); k++) {
            double[] e = expected.get(k);
            double[] a = actual.get(k);
            assertEquals(e.length, a.length, name + " output " + k);
            for (int i = 0; i < e.length; i++) {
                assertEquals(e[i], a[i], tolerance * Math.max(1, Math.abs(e[i])), name + " output " + k + " at " + i);
            }
        }
    }

    private static double[] abs(double[] v) {
        return Arrays.stream(v).map(Math::abs).toArray();
    }

    private static double[] ints(int[] v) {
        return Arrays.stream(v).asDoubleStream().toArray();
    }

    private static double[] info(intW... infos) {
        return Arrays.stream(infos).mapToDouble(i -> i.val).toArray();
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 7, 33})
    void breezeAndSparkRoutinesAgreeWithReferenceLapack(int n) {
        double tol = 1e-9 * n;
        compare("dgesv", l -> {
            Random r = new Random(n);
            double[] a = matrix(r, n, n, n);
            double[] b = matrix(r, n, 2, 0);
            int[] ipiv = new int[n];
            intW info = new intW(-9);
            l.dgesv(n, 2, a, n, ipiv, b, n, info);
            return List.of(a, b, ints(ipiv), info(info));
        }, tol);
        compare("dgetrf dgetri dgetrs", l -> {
            Random r = new Random(n + 1);
            double[] a = matrix(r, n, n, n);
            double[] b = matrix(r, n, 3, 0);
            int[] ipiv = new int[n];
            intW info = new intW(-9);
            l.dgetrf(n, n, a, n, ipiv, info);
            l.dgetrs("N", n, 3, a, n, ipiv, b, n, info);
            double[] inverse = a.clone();
            double[] work = new double[1];
            l.dgetri(n, inverse, n, ipiv, work, -1, info);
            work = new double[query(work)];
            l.dgetri(n, inverse, n, ipiv, work, work.length, info);
            return List.of(a, b, inverse, ints(ipiv), info(info));
        }, tol);
        compare("dpotrf dpotrs", l -> {
            Random r = new Random(n + 2);
            double[] a = symmetric(r, n, 2 * n);
            double[] b = matrix(r, n, 2, 0);
            intW info = new intW(-9);
            l.dpotrf("L", n, a, n, info);
            l.dpotrs("L", n, 2, a, n, b, n, info);
            return List.of(a, b, info(info));
        }, tol);
        compare("dppsv dpptri (Spark's normal equations)", l -> {
            Random r = new Random(n + 3);
            double[] full = symmetric(r, n, 2 * n);
            double[] ap = new double[n * (n + 1) / 2];
            for (int j = 0, k = 0; j < n; j++) {
                for (int i = 0; i <= j; i++) {
                    ap[k++] = full[j * n + i];
                }
            }
            double[] b = matrix(r, n, 1, 0);
            intW info = new intW(-9);
            l.dppsv("U", n, 1, ap, b, n, info);
            l.dpptri("U", n, ap, info);
            return List.of(ap, b, info(info));
        }, tol);
        compare("dsysv", l -> {
            Random r = new Random(n + 4);
            double[] a = symmetric(r, n, 0);
            double[] b = matrix(r, n, 2, 0);
            int[] ipiv = new int[n];
            double[] work = new double[1];
            intW info = new intW(-9);
            l.dsysv("U", n, 2, a, n, ipiv, b, n, work, -1, info);
            work = new double[query(work)];
            l.dsysv("U", n, 2, a, n, ipiv, b, n, work, work.length, info);
            return List.of(b, info(info));
        }, tol * n);
        compare("dtrtrs", l -> {
            Random r = new Random(n + 5);
            double[] a = matrix(r, n, n, n);
            double[] b = matrix(r, n, 2, 0);
            intW info = new intW(-9);
            l.dtrtrs("L", "T", "N", n, 2, a, n, b, n, info);
            return List.of(b, info(info));
        }, tol);
        compare("dgbtrf dgbtrs", l -> {
            Random r = new Random(n + 6);
            int kl = Math.min(1, n - 1);
            int ku = Math.min(2, n - 1);
            int ldab = 2 * kl + ku + 1;
            double[] ab = new double[ldab * n];
            for (int j = 0; j < n; j++) {
                for (int i = Math.max(0, j - ku); i <= Math.min(n - 1, j + kl); i++) {
                    ab[j * ldab + kl + ku + i - j] = r.nextDouble() + (i == j ? 0.5 : 0);
                }
            }
            double[] b = matrix(r, n, 1, 0);
            int[] ipiv = new int[n];
            intW info = new intW(-9);
            l.dgbtrf(n, n, kl, ku, ab, ldab, ipiv, info);
            l.dgbtrs("N", n, kl, ku, 1, ab, ldab, ipiv, b, n, info);
            return List.of(ab, b, ints(ipiv), info(info));
        }, tol);
        int m = n + 3;
        compare("dgeqrf dorgqr dormqr", l -> {
            Random r = new Random(n + 7);
            double[] a = matrix(r, m, n, 0);
            double[] tau = new double[n];
            double[] work = new double[1];
            intW info = new intW(-9);
            l.dgeqrf(m, n, a, m, tau, work, -1, info);
            work = new double[query(work)];
            l.dgeqrf(m, n, a, m, tau, work, work.length, info);
            double[] c = matrix(r, m, 2, 0);
            double[] w2 = new double[1];
            l.dormqr("L", "T", m, 2, n, a, m, tau, c, m, w2, -1, info);
            w2 = new double[query(w2)];
            l.dormqr("L", "T", m, 2, n, a, m, tau, c, m, w2, w2.length, info);
            double[] q = a.clone();
            double[] w3 = new double[1];
            l.dorgqr(m, n, n, q, m, tau, w3, -1, info);
            w3 = new double[query(w3)];
            l.dorgqr(m, n, n, q, m, tau, w3, w3.length, info);
            return List.of(a, tau, c, q, info(info));
        }, tol);
        compare("dgeqp3", l -> {
            Random r = new Random(n + 8);
            double[] a = matrix(r, m, n, 0);
            int[] jpvt = new int[n];
            double[] tau = new double[n];
            double[] work = new double[1];
            intW info = new intW(-9);
            l.dgeqp3(m, n, a, m, jpvt, tau, work, -1, info);
            work = new double[query(work)];
            l.dgeqp3(m, n, a, m, jpvt, tau, work, work.length, info);
            return List.of(a, tau, ints(jpvt), info(info));
        }, tol);
        compare("dgels", l -> {
            Random r = new Random(n + 9);
            double[] a = matrix(r, m, n, 2);
            double[] b = matrix(r, m, 2, 0);
            double[] work = new double[1];
            intW info = new intW(-9);
            l.dgels("N", m, n, 2, a, m, b, m, work, -1, info);
            work = new double[query(work)];
            l.dgels("N", m, n, 2, a, m, b, m, work, work.length, info);
            return List.of(Arrays.copyOf(b, n), Arrays.copyOfRange(b, m, m + n), info(info));
        }, tol * 10);
        compare("dsyev dsyevd dsyevr", l -> {
            Random r = new Random(n + 10);
            double[] a = symmetric(r, n, 0);
            double[] w = new double[n];
            double[] work = new double[1];
            intW info = new intW(-9);
            double[] v = a.clone();
            l.dsyev("V", "U", n, v, n, w, work, -1, info);
            work = new double[query(work)];
            l.dsyev("V", "U", n, v, n, w, work, work.length, info);
            double[] wd = new double[n];
            double[] vd = a.clone();
            double[] work2 = new double[1];
            int[] iwork = new int[1];
            l.dsyevd("N", "L", n, vd, n, wd, work2, -1, iwork, -1, info);
            work2 = new double[query(work2)];
            iwork = new int[iwork[0]];
            l.dsyevd("N", "L", n, vd, n, wd, work2, work2.length, iwork, iwork.length, info);
            double[] wr = new double[n];
            double[] z = new double[n * n];
            int[] isuppz = new int[2 * n];
            intW found = new intW(-9);
            double[] work3 = new double[1];
            int[] iwork3 = new int[1];
            l.dsyevr("V", "A", "U", n, a.clone(), n, 0, 0, 0, 0, 0, found, wr, z, n, isuppz, work3, -1, iwork3, -1,
                    info);
            work3 = new double[query(work3)];
            iwork3 = new int[iwork3[0]];
            l.dsyevr("V", "A", "U", n, a.clone(), n, 0, 0, 0, 0, 0, found, wr, z, n, isuppz, work3, work3.length,
                    iwork3, iwork3.length, info);
            return List.of(w, abs(v), wd, wr, abs(z), new double[] {found.val}, info(info));
        }, tol * n);
        compare("dgeev", l -> {
            Random r = new Random(n + 11);
            double[] a = matrix(r, n, n, 0);
            double[] wr = new double[n];
            double[] wi = new double[n];
            double[] vr = new double[n * n];
            double[] work = new double[1];
            intW info = new intW(-9);
            l.dgeev("N", "V", n, a, n, wr, wi, new double[1], 1, vr, n, work, -1, info);
            work = new double[query(work)];
            l.dgeev("N", "V", n, a, n, wr, wi, new double[1], 1, vr, n, work, work.length, info);
            double[] sorted = new double[2 * n];
            Integer[] order = new Integer[n];
            for (int i = 0; i < n; i++) {
                order[i] = i;
            }
            Arrays.sort(order, (x, y) -> Math.abs(wr[x] - wr[y]) > 1e-6 ? Double.compare(wr[x], wr[y])
                    : Double.compare(wi[x], wi[y]));
            for (int i = 0; i < n; i++) {
                sorted[2 * i] = wr[order[i]];
                sorted[2 * i + 1] = wi[order[i]];
            }
            return List.of(sorted, info(info));
        }, tol * n);
        compare("dgesvd dgesdd", l -> {
            Random r = new Random(n + 12);
            double[] a = matrix(r, m, n, 0);
            double[] s = new double[n];
            double[] u = new double[m * m]; // netlib 3.2.0's check asks for m columns whatever jobu says
            double[] vt = new double[n * n];
            double[] work = new double[1];
            intW info = new intW(-9);
            l.dgesvd("S", "S", m, n, a.clone(), m, s, u, m, vt, n, work, -1, info);
            work = new double[query(work)];
            l.dgesvd("S", "S", m, n, a.clone(), m, s, u, m, vt, n, work, work.length, info);
            double[] sd = new double[n];
            double[] ud = new double[m * m]; // the same check in netlib 3.2.0
            double[] vtd = new double[n * n];
            double[] work2 = new double[1];
            int[] iwork = new int[8 * n];
            l.dgesdd("S", m, n, a.clone(), m, sd, ud, m, vtd, n, work2, -1, iwork, info);
            work2 = new double[query(work2)];
            l.dgesdd("S", m, n, a.clone(), m, sd, ud, m, vtd, n, work2, work2.length, iwork, info);
            return List.of(s, abs(u), abs(vt), sd, abs(ud), abs(vtd), info(info));
        }, tol * n);
    }

    @Test
    void singlePrecisionRoutinesAndMachineParametersAgreeWithReferenceLapack() {
        int n = 9;
        Random random = new Random(5);
        float[] a = new float[n * n];
        float[] b = new float[n];
        for (int i = 0; i < a.length; i++) {
            a[i] = (float) (random.nextDouble() * 2 - 1 + (i % (n + 1) == 0 ? n : 0));
        }
        for (int i = 0; i < n; i++) {
            b[i] = (float) random.nextDouble();
        }
        float[] fa = a.clone();
        float[] fb = b.clone();
        intW info = new intW(-9);
        intW finfo = new intW(-9);
        FFM.sgesv(n, 1, a, n, new int[n], b, n, info);
        F2J.sgesv(n, 1, fa, n, new int[n], fb, n, finfo);
        assertEquals(finfo.val, info.val);
        for (int i = 0; i < n; i++) {
            assertEquals(fb[i], b[i], 1e-5f * Math.max(1, Math.abs(fb[i])), "sgesv x " + i);
        }
        float[] work = new float[1];
        FFM.sgesdd("N", n, n, a.clone(), n, new float[n], new float[1], 1, new float[1], 1, work, -1, new int[8 * n],
                info);
        assertTrue(work[0] >= 3 * n + Math.max(n, 7 * n), "sgesdd query " + work[0]);
        for (String letter : List.of("E", "S", "B", "P", "N", "R", "M", "U", "L", "O", "e", "Eps")) {
            assertEquals(F2J.dlamch(letter), FFM.dlamch(letter), "dlamch " + letter);
            assertEquals(F2J.slamch(letter), FFM.slamch(letter), "slamch " + letter);
        }
        IllegalArgumentException netlib = assertThrows(IllegalArgumentException.class, () -> F2J.dlamch("x"));
        IllegalArgumentException ours = assertThrows(IllegalArgumentException.class, () -> FFM.dlamch("x"));
        assertEquals(netlib.getMessage(), ours.getMessage());
    }

    @Test
    void infoReachesTheCallerAsLapacksDoes() {
        double[] singular = {1, 2, 2, 4}; // rank 1
        intW info = new intW(-9);
        intW finfo = new intW(-9);
        FFM.dgesv(2, 1, singular.clone(), 2, new int[2], new double[2], 2, info);
        F2J.dgesv(2, 1, singular.clone(), 2, new int[2], new double[2], 2, finfo);
        assertEquals(finfo.val, info.val);
        assertEquals(2, info.val);
        double[] indefinite = {1, 2, 2, 1};
        FFM.dpotrf("U", 2, indefinite.clone(), 2, info);
        F2J.dpotrf("U", 2, indefinite.clone(), 2, finfo);
        assertEquals(finfo.val, info.val);
        assertEquals(2, info.val);
        // What LAPACK would answer with INFO < 0 is refused before it runs, as netlib's checks refuse it
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FFM.dpotrf("X", 2, indefinite.clone(), 2, new intW(0)));
        assertEquals("** On entry to 'DPOTRF' parameter number 1 had an illegal value", e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> FFM.dgesv(3, 1, new double[8], 3, new int[3], new double[3], 3, new intW(0)));
        assertTrue(e.getMessage().contains("dgesv") && e.getMessage().contains("A"), e.getMessage());
        // a work array shorter than LAPACK's minimum, which LAPACK itself would not notice past lwork
        e = assertThrows(IllegalArgumentException.class, () -> FFM.dgeqrf(4, 4, new double[16], 4, new double[4],
                new double[2], 4, new intW(0)));
        assertTrue(e.getMessage().contains("work"), e.getMessage());
    }

    @Test
    void everyOtherRoutineOfTheInterfaceRefusesNamingItself() throws Exception {
        Set<String> bound = new TreeSet<>();
        List<String> refused = new ArrayList<>();
        for (Method m : LAPACK.class.getMethods()) {
            if (!Modifier.isAbstract(m.getModifiers())) {
                continue;
            }
            Object[] args = new Object[m.getParameterCount()];
            Class<?>[] types = m.getParameterTypes();
            for (int i = 0; i < args.length; i++) {
                args[i] = types[i] == int.class ? 0 : types[i] == double.class ? 0.0 : types[i] == float.class ? 0f
                        : types[i] == boolean.class ? false : null;
            }
            try {
                m.invoke(FFM, args);
                bound.add(m.getName());
            } catch (InvocationTargetException e) {
                if (e.getCause() instanceof UnsupportedOperationException u) {
                    assertTrue(u.getMessage().contains(" " + m.getName() + " is not bound"), u.getMessage());
                    refused.add(m.getName());
                } else {
                    bound.add(m.getName()); // ran into a check: the facade's
                }
            }
        }
        assertEquals(1400, refused.size() + 2 * bound.size() - 2, "every method answered"); // ?lamch: one overload
        assertEquals(48, bound.size(), "bound: " + bound);
        assertTrue(bound.containsAll(Set.of("dgesv", "dppsv", "dpptri", "dgesdd", "dsyevr", "dgeqp3", "dlamch")));
        assertArrayEquals(new String[0], refused.stream().filter(bound::contains).toArray(), "both overloads agree");
    }
}
