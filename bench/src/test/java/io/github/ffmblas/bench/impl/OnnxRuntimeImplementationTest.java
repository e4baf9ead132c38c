package io.github.ffmblas.bench.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.onnxruntime.OnnxTensor;
import io.github.ffmblas.attention.AttentionOptions;
import io.github.ffmblas.attention.ReferenceMultiHeadAttention;
import io.github.ffmblas.attention.Tensor;
import io.github.ffmblas.bench.AttentionProblem;
import io.github.ffmblas.bench.Candidate;
import io.github.ffmblas.bench.Problem;
import io.github.ffmblas.bench.SgemmProblem;
import io.github.ffmblas.bench.Workload;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.Buffer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** ONNX Runtime's graphs compute what the plain-Java reference does, read the workload in place, and repeat. */
class OnnxRuntimeImplementationTest {
    private static final float TOLERANCE = 1e-4f;
    private static final long SEED = 20240611L;
    private final OnnxRuntimeImplementation ort = new OnnxRuntimeImplementation();

    static Stream<Arguments> selfAttention() {
        return Stream.of(
                Arguments.of(1, 7, 16, 4, 1), Arguments.of(1, 7, 16, 4, 2),
                Arguments.of(2, 33, 24, 3, 1), Arguments.of(2, 33, 24, 3, 2),
                Arguments.of(1, 128, 64, 4, 1), Arguments.of(1, 128, 64, 4, 2),
                Arguments.of(3, 1, 8, 8, 1), Arguments.of(2, 5, 10, 1, 2));
    }

    @ParameterizedTest(name = "B={0} L={1} d={2} H={3} threads={4}")
    @MethodSource("selfAttention")
    void selfAttentionMatchesReference(int b, int l, int d, int h, int threads) throws Exception {
        assertMatchesReference(new AttentionProblem(b, l, l, d, h), threads);
    }

    static Stream<Arguments> crossAttention() {
        return Stream.of(
                Arguments.of(1, 5, 9, 16, 2, 1), Arguments.of(2, 5, 9, 16, 2, 2),
                Arguments.of(2, 33, 7, 24, 3, 1), Arguments.of(1, 1, 130, 12, 4, 2));
    }

    @ParameterizedTest(name = "B={0} Lq={1} Lk={2} d={3} H={4} threads={5}")
    @MethodSource("crossAttention")
    void crossAttentionMatchesReference(int b, int lq, int lk, int d, int h, int threads) throws Exception {
        assertMatchesReference(new AttentionProblem(b, lq, lk, d, h), threads);
    }

    private void assertMatchesReference(AttentionProblem p, int threads) throws Exception {
        try (Workload w = Workload.of(p, SEED)) {
            assertTrue(ort.unsupported(p, threads).isEmpty());
            float[] expected = new ReferenceMultiHeadAttention(p.dModel(), p.heads(), w.weights())
                    .forward(w.query(), w.key(), w.key(), AttentionOptions.DEFAULTS).output().toFloatArray();
            try (Candidate c = ort.prepare(w, threads)) {
                c.run();
                assertClose(expected, c.result(), TOLERANCE, p);
            }
        }
    }

    @ParameterizedTest(name = "m={0} n={1} k={2} threads={3}")
    @MethodSource("sgemmCases")
    void sgemmMatchesNaiveProduct(int m, int n, int k, int threads) throws Exception {
        SgemmProblem p = new SgemmProblem(m, n, k);
        try (Workload w = Workload.of(p, SEED); Candidate c = ort.prepare(w, threads)) {
            float[] a = Tensor.of(w.a(), m, k).toFloatArray();
            float[] b = Tensor.of(w.b(), k, n).toFloatArray();
            float[] expected = new float[m * n];
            for (int i = 0; i < m; i++) {
                for (int j = 0; j < n; j++) {
                    double acc = 0;
                    for (int t = 0; t < k; t++) {
                        acc += (double) a[i * k + t] * b[t * n + j];
                    }
                    expected[i * n + j] = (float) acc;
                }
            }
            c.run();
            assertClose(expected, c.result(), TOLERANCE, p);
        }
    }

    static Stream<Arguments> sgemmCases() {
        return Stream.of(Arguments.of(1, 1, 1, 1), Arguments.of(17, 17, 17, 1), Arguments.of(17, 17, 17, 2),
                Arguments.of(64, 64, 64, 2), Arguments.of(7, 130, 33, 1), Arguments.of(130, 7, 33, 2));
    }

    /** The input tensor is a view of the workload's memory: no copy at preparation, none per run. */
    @Test
    void inputIsTheWorkloadsMemoryNotACopy() throws Exception {
        AttentionProblem p = new AttentionProblem(2, 6, 6, 16, 4);
        try (Workload w = Workload.of(p, SEED);
             var c = (OnnxRuntimeImplementation.OrtCandidate) ort.prepare(w, 1)) {
            OnnxTensor input = c.inputs().get("query");
            assertFalse(input.ownsBuffer(), "ORT copied the input into a buffer of its own");
            Buffer ref = input.getBufferRef().orElseThrow();
            assertEquals(w.query().segment().address(), MemorySegment.ofBuffer(ref).address());

            c.run();
            float[] before = c.result();
            // The test owns this workload, so it may change it: the next run must see the change without re-preparing.
            MemorySegment q = w.query().segment();
            for (long i = 0; i < q.byteSize() / Float.BYTES; i++) {
                q.setAtIndex(ValueLayout.JAVA_FLOAT_UNALIGNED, i, -q.getAtIndex(ValueLayout.JAVA_FLOAT_UNALIGNED, i));
            }
            c.run();
            float[] after = c.result();
            float[] expected = new ReferenceMultiHeadAttention(p.dModel(), p.heads(), w.weights())
                    .forward(w.query(), w.query(), w.query(), AttentionOptions.DEFAULTS).output().toFloatArray();
            assertClose(expected, after, TOLERANCE, p);
            assertFalse(java.util.Arrays.equals(before, after));
        }
    }

    /** The pinned output is overwritten, not accumulated into, and the result does not change between runs. */
    @Test
    void repeatedRunsGiveTheSameResult() throws Exception {
        AttentionProblem p = new AttentionProblem(1, 9, 9, 12, 3);
        try (Workload w = Workload.of(p, SEED); Candidate c = ort.prepare(w, 2)) {
            c.run();
            float[] first = c.result();
            for (int i = 0; i < 3; i++) {
                c.run();
            }
            assertArrayEquals(first, c.result());
        }
    }

    @Test
    void identifiesItself() {
        assertEquals("onnxruntime", ort.name());
        assertTrue(OnnxRuntimeImplementation.version().startsWith("1.22."), OnnxRuntimeImplementation.version());
        assertTrue(ort.unsupported(new SgemmProblem(4), 1).isEmpty());
        assertFalse(ort.unsupported(new SgemmProblem(4), 0).isEmpty());
    }

    private static void assertClose(float[] expected, float[] actual, float tolerance, Problem p) {
        assertEquals(expected.length, actual.length, "result length for " + p.label());
        float worst = 0;
        int at = -1;
        for (int i = 0; i < expected.length; i++) {
            float diff = Math.abs(expected[i] - actual[i]);
            if (!(diff <= worst)) {
                worst = diff;
                at = i;
            }
        }
        final float w = worst;
        final int i = at;
        assertTrue(w <= tolerance, () -> p.label() + ": max |diff| " + w + " at " + i + " (expected "
                + expected[i] + ", got " + actual[i] + ")");
    }
}
