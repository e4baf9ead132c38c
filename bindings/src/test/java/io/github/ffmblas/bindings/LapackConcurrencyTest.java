package io.github.ffmblas.bindings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ludovic.netlib.lapack.JavaLAPACK;
import dev.ludovic.netlib.lapack.LAPACK;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.netlib.util.intW;

/**
 * LAPACK and BLAS on several threads at once, as a service calls them: one thread in ?syevd (the eigensolver of
 * OpenBLAS issue 5825, where ?gemm on another thread went wrong meanwhile), others in dgemm, dgesv and dgesdd, OpenBLAS
 * at its own thread count; every result against its oracle (F2jLAPACK's, or all-ones products that must equal K),
 * every round. The bundled OpenBLAS is a pthreads build, which 5825's OpenMP build was not: the test says so first.
 */
class LapackConcurrencyTest {
    private static final LAPACK F2J = JavaLAPACK.getInstance();
    private static final long MILLIS = 3_000;

    @Test
    void lapackAndBlasOnSeveralThreadsMatchTheirOracles() throws Exception {
        assertEquals(Parallelism.PTHREADS, Blas.runtime().parallelism(), "the OpenBLAS these results hold for");
        int n = 96;
        Random random = new Random(3);
        double[] sym = new double[n * n];
        for (int j = 0; j < n; j++) {
            for (int i = 0; i <= j; i++) {
                sym[j * n + i] = sym[i * n + j] = random.nextDouble() * 2 - 1;
            }
        }
        double[] eigenvalues = new double[n];
        double[] fwork = new double[64 * n];
        intW info = new intW(0);
        F2J.dsyev("N", "U", n, sym.clone(), n, eigenvalues, fwork, fwork.length, info);
        double[] general = new double[n * n];
        double[] rhs = new double[n];
        for (int i = 0; i < general.length; i++) {
            general[i] = random.nextDouble() * 2 - 1 + (i % (n + 1) == 0 ? n : 0);
        }
        for (int i = 0; i < n; i++) {
            rhs[i] = random.nextDouble();
        }
        double[] solution = rhs.clone();
        F2J.dgesv(n, 1, general.clone(), n, new int[n], solution, n, info);
        double[] singular = new double[n];
        F2J.dgesdd("N", n, n, general.clone(), n, singular, new double[1], 1, new double[1], 1, fwork, fwork.length,
                new int[8 * n], info);

        List<Callable<Integer>> tasks = new ArrayList<>();
        tasks.add(() -> rounds(() -> {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment a = segment(arena, sym);
                MemorySegment w = arena.allocate(8L * n, 8);
                Workspace ws = Lapack.dsyevdWorkspace(EigenJob.VALUES_AND_VECTORS, Uplo.UPPER, n, a, 0, n, w, 0);
                int lw = (int) ws.work();
                int liw = (int) ws.iwork();
                Lapack.dsyevd(EigenJob.VALUES_AND_VECTORS, Uplo.UPPER, n, a, 0, n, w, 0,
                        arena.allocate(8L * lw, 8), 0, lw, arena.allocate(4L * liw, 4), 0, liw);
                assertClose(eigenvalues, w, 1e-10 * n, "dsyevd eigenvalues");
            }
        }));
        for (int k : new int[] {64, 200}) {
            tasks.add(() -> rounds(() -> {
                try (Arena arena = Arena.ofConfined()) {
                    int m = 128;
                    MemorySegment a = arena.allocate(8L * m * k, 8).fill((byte) 0);
                    MemorySegment b = arena.allocate(8L * k * m, 8);
                    for (long i = 0; i < (long) m * k; i++) {
                        a.setAtIndex(ValueLayout.JAVA_DOUBLE, i, 1);
                        b.setAtIndex(ValueLayout.JAVA_DOUBLE, i, 1);
                    }
                    MemorySegment c = arena.allocate(8L * m * m, 8);
                    Blas.dgemm(Layout.COLUMN_MAJOR, Transpose.NO_TRANSPOSE, Transpose.NO_TRANSPOSE, m, m, k, 1, a, 0,
                            m, b, 0, k, 0, c, 0, m);
                    for (long i = 0; i < (long) m * m; i++) {
                        double v = c.getAtIndex(ValueLayout.JAVA_DOUBLE, i);
                        if (v != k) {
                            throw new AssertionError("dgemm of ones: C[" + i + "] = " + v + ", not K = " + k);
                        }
                    }
                }
            }));
        }
        tasks.add(() -> rounds(() -> {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment a = segment(arena, general);
                MemorySegment b = segment(arena, rhs);
                Lapack.dgesv(n, 1, a, 0, n, arena.allocate(4L * n, 4), 0, b, 0, n);
                assertClose(solution, b, 1e-12 * n, "dgesv x");
                MemorySegment s = arena.allocate(8L * n, 8);
                MemorySegment a2 = segment(arena, general);
                MemorySegment u = arena.allocate(8, 8);
                Workspace ws = Lapack.dgesddWorkspace(SvdJob.NONE, n, n, a2, 0, n, s, 0, u, 0, 1, u, 0, 1);
                int lw = (int) ws.work();
                Lapack.dgesdd(SvdJob.NONE, n, n, a2, 0, n, s, 0, u, 0, 1, arena.allocate(8, 8), 0, 1,
                        arena.allocate(8L * lw, 8), 0, lw, arena.allocate(4L * 8 * n, 4), 0);
                assertClose(singular, s, 1e-11 * n, "dgesdd singular values");
            }
        }));
        ExecutorService pool = Executors.newFixedThreadPool(tasks.size());
        try {
            int total = 0;
            for (Future<Integer> f : pool.invokeAll(tasks)) {
                int rounds = f.get();
                assertTrue(rounds > 0, "a task ran no round");
                total += rounds;
            }
            System.out.printf("LapackConcurrencyTest: %d threads, %d rounds, OpenBLAS at %d threads%n", tasks.size(),
                    total, Blas.numThreads());
        } finally {
            pool.shutdown();
            pool.awaitTermination(1, TimeUnit.MINUTES);
        }
    }

    /** Runs the round again and again for {@link #MILLIS}; how many ran. */
    private static int rounds(Runnable round) {
        long end = System.nanoTime() + MILLIS * 1_000_000;
        int rounds = 0;
        while (System.nanoTime() < end) {
            round.run();
            rounds++;
        }
        return rounds;
    }

    private static MemorySegment segment(Arena arena, double[] values) {
        MemorySegment s = arena.allocate(8L * values.length, 8);
        MemorySegment.copy(values, 0, s, ValueLayout.JAVA_DOUBLE, 0, values.length);
        return s;
    }

    private static void assertClose(double[] expected, MemorySegment actual, double tol, String what) {
        for (int i = 0; i < expected.length; i++) {
            double a = actual.getAtIndex(ValueLayout.JAVA_DOUBLE, i);
            if (Math.abs(expected[i] - a) > tol * Math.max(1, Math.abs(expected[i]))) {
                throw new AssertionError(what + "[" + i + "]: " + a + ", expected " + expected[i]);
            }
        }
    }
}
