package io.github.ffmblas.bench.jmh;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.ffmblas.bindings.Blas;
import java.lang.foreign.ValueLayout;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The benchmark's shapes parse, and its three call paths compute the same C (JMH itself checks nothing). */
class SgemmBenchmarkTest {
    private static final int DEFAULT_FFM_THREADS = Blas.numThreads();

    @AfterAll
    static void restoreThreads() {
        Blas.setNumThreads(DEFAULT_FFM_THREADS);
    }

    @Test
    void shapeIsASizeOrMxNxK() {
        assertArrayEquals(new int[] {256, 256, 256}, SgemmBenchmark.parseShape("256"));
        assertArrayEquals(new int[] {128, 2304, 768}, SgemmBenchmark.parseShape("128x2304x768"));
        assertArrayEquals(new int[] {128, 2304, 768}, SgemmBenchmark.parseShape("128,2304,768"));
        assertThrows(IllegalArgumentException.class, () -> SgemmBenchmark.parseShape("1x2"));
        assertThrows(IllegalArgumentException.class, () -> SgemmBenchmark.parseShape("1x2xk"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"16", "5x7x3", "128x64x128"})
    void nativeFfmRawAndJniComputeTheSameC(String shape) {
        float[] nativeC = run(shape, "native");
        int[] mnk = SgemmBenchmark.parseShape(shape);
        assertEquals(mnk[0] * mnk[1], nativeC.length);
        // One library build, one thread, the same inputs: the same kernel, so the same bits.
        assertArrayEquals(nativeC, run(shape, "ffm-raw"), "ffm-raw " + shape);
        assertArrayEquals(nativeC, run(shape, "jni"), "jni " + shape);
    }

    private static float[] run(String shape, String impl) {
        SgemmBenchmark b = new SgemmBenchmark();
        b.n = shape;
        b.impl = impl;
        b.threads = 1;
        b.setUp();
        try {
            return b.sgemm().toArray(ValueLayout.JAVA_FLOAT);
        } finally {
            b.tearDown();
        }
    }
}
