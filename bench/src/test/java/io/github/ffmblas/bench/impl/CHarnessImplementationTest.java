package io.github.ffmblas.bench.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.ffmblas.bench.AttentionProblem;
import io.github.ffmblas.bench.Candidate;
import io.github.ffmblas.bench.Workload;
import io.github.ffmblas.bindings.Blas;
import io.github.ffmblas.nativelib.OpenBlasLibrary;
import java.util.Arrays;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The C peer computes what native does, with the same library file, and its output parses. */
class CHarnessImplementationTest {
    private static final int DEFAULT_FFM_THREADS = Blas.numThreads();

    @AfterAll
    static void restoreThreads() {
        Blas.setNumThreads(DEFAULT_FFM_THREADS);
    }

    private static void assumeCompiler() {
        assumeTrue(CHarnessImplementation.compiler().isPresent(), "no C compiler (cc/gcc) on PATH");
    }

    @ParameterizedTest(name = "m={0} n={1} k={2} threads={3}")
    @CsvSource({"1,1,1,1", "7,7,7,1", "64,64,64,1", "130,130,130,1", "1,1,1,2", "7,7,7,2", "64,64,64,2", "130,130,130,2",
            "7,33,130,1", "130,7,33,2", "33,130,1,1"})
    void sgemmEqualsNative(int m, int n, int k, int threads) throws Exception {
        assumeCompiler();
        CHarnessImplementation c = new CHarnessImplementation();
        try (Workload w = SgemmCheck.workload(m, n, k)) {
            assertTrue(c.unsupported(w.problem(), threads).isEmpty());
            float[] expected = SgemmCheck.nativeResult(w, threads);
            try (Candidate candidate = c.prepare(w, threads)) {
                long[] nanos = candidate.timeItself(1, 3).orElseThrow();
                assertEquals(3, nanos.length);
                assertTrue(Arrays.stream(nanos).allMatch(t -> t > 0), Arrays.toString(nanos));
                SgemmCheck.assertSameProduct(w, expected, candidate.result(), "c " + w.problem().label() + " threads=" + threads);
            }
        }
    }

    @Test
    void harnessLoadsTheFileThisJvmLoaded() throws Exception {
        assumeCompiler();
        String info = CHarnessImplementation.info();
        assertTrue(info.contains("# config=" + Blas.runtime().config() + "\n"), info);
        assertTrue(info.contains("# library=" + OpenBlasLibrary.load().path() + "\n"), info);
    }

    @Test
    void downcallModePrintsNanosPerCall() throws Exception {
        assumeCompiler();
        double[] ns = CHarnessImplementation.downcallNanosPerCall(1_000_000, 3);
        assertEquals(3, ns.length);
        assertTrue(Arrays.stream(ns).allMatch(v -> v > 0 && v < 1e6), Arrays.toString(ns));
        System.out.println("C openblas_get_num_threads(): " + Arrays.toString(ns) + " ns/call");
    }

    @Test
    void runIsNotTimedFromJavaAndResultNeedsARun() throws Exception {
        assumeCompiler();
        try (Workload w = SgemmCheck.workload(3, 3, 3); Candidate candidate = new CHarnessImplementation().prepare(w, 1)) {
            assertThrows(UnsupportedOperationException.class, candidate::run);
            assertThrows(IllegalStateException.class, candidate::result);
        }
    }

    @Test
    void attentionIsUnsupported() {
        CHarnessImplementation c = new CHarnessImplementation();
        assertEquals("c", c.name());
        assertEquals("the C harness runs sgemm only",
                c.unsupported(new AttentionProblem(1, 8, 8, 16, 2), 1).orElseThrow());
    }

    @Test
    void runOutputParses() {
        String out = "# config=OpenBLAS 0.3.31 DYNAMIC_ARCH NO_AFFINITY Haswell MAX_THREADS=64\n"
                + "# threads=2 n=64 warmups=1 runs=3\nns 2244\nns 171\n\nns 160\n";
        assertArrayEquals(new long[] {2244, 171, 160}, CHarnessImplementation.parseRunNanos(out, 3));
        assertArrayEquals(new long[0], CHarnessImplementation.parseRunNanos("# nothing timed\n", 0));
    }

    @Test
    void runOutputWithTheWrongCountOrAStrangeLineIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> CHarnessImplementation.parseRunNanos("ns 1\nns 2\n", 3));
        assertThrows(IllegalArgumentException.class, () -> CHarnessImplementation.parseRunNanos("ns 1\nns -2\n", 2));
        assertThrows(IllegalArgumentException.class, () -> CHarnessImplementation.parseRunNanos("ns 1\noops\n", 1));
        assertThrows(IllegalArgumentException.class, () -> CHarnessImplementation.parseRunNanos("ns/call 1.5\n", 1));
    }

    @Test
    void downcallOutputParses() {
        assertArrayEquals(new double[] {4.246, 72.0},
                CHarnessImplementation.parseNanosPerCall("ns/call 4.246\nns/call 72\n", 2));
        assertThrows(IllegalArgumentException.class, () -> CHarnessImplementation.parseNanosPerCall("ns 5\n", 1));
    }
}
