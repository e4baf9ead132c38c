package io.github.ffmblas.bench.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ffmblas.bindings.Blas;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The interleaved call-cost measurement runs every path (each checked against a plain loop first) and reports it. */
class InterleavedCallsTest {
    private static final int DEFAULT_FFM_THREADS = Blas.numThreads();
    private static final int DEFAULT_JNI_THREADS = JavaCppOpenBlas.numThreads();

    @AfterAll
    static void restoreThreads() {
        Blas.setNumThreads(DEFAULT_FFM_THREADS);
        JavaCppOpenBlas.setNumThreads(DEFAULT_JNI_THREADS);
    }

    @ParameterizedTest(name = "n={0} threads={1}")
    @CsvSource({"1,1", "7,2"})
    void measuresEveryPathInEveryRound(int n, int threads) {
        InterleavedCalls.Row row = InterleavedCalls.measure(n, threads, 6, 0.2, 0);
        assertEquals(n, row.n());
        assertEquals(threads, row.threads());
        assertEquals(6, row.rounds());
        assertTrue(row.facadeNs() > 0 && row.rawNs() > 0 && row.jniNs() > 0 && row.facadeOverRaw() > 0, row::toString);
        assertTrue(row.facadeOverJniQ1() <= row.facadeOverJni() && row.facadeOverJni() <= row.facadeOverJniQ3(),
                row::toString);
        assertTrue(row.roundsFacadeSlower() >= 0 && row.roundsFacadeSlower() <= 6, row::toString);
        assertTrue(row.format().startsWith("n=" + n + " threads=" + threads + ": facade "), row.format());
    }

    @Test
    void mixingShapesMakesValidCallsOnly() {
        // An invalid call would throw. 0.2 s is over a million calls: every size, layout and transpose many times.
        assertTrue(InterleavedCalls.mixShapes(0.2, 3) > 100);
    }

    @Test
    void refusesNonsense() {
        assertThrows(IllegalArgumentException.class, () -> InterleavedCalls.measure(0, 1, 5, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> InterleavedCalls.measure(4, 1, 0, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> InterleavedCalls.measure(4, 1, 5, 0, 0));
    }
}
