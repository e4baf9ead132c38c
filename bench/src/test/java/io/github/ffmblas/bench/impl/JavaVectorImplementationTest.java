package io.github.ffmblas.bench.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ffmblas.bench.AttentionProblem;
import io.github.ffmblas.bench.Candidate;
import io.github.ffmblas.bench.Problem;
import io.github.ffmblas.bench.SgemmProblem;
import io.github.ffmblas.bench.Workload;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The java-vector candidates compute what the native ones do, for both problem kinds and thread counts. */
class JavaVectorImplementationTest {

    @ParameterizedTest(name = "threads={0}")
    @ValueSource(ints = {1, 2})
    void matchesNative(int threads) throws Exception {
        JavaVectorImplementation impl = new JavaVectorImplementation();
        assertEquals("java-vector", impl.name());
        Problem[] problems = {new SgemmProblem(33), new SgemmProblem(256), new SgemmProblem(7, 130, 33),
                new SgemmProblem(130, 33, 7), new AttentionProblem(2, 17, 17, 40, 8),
                new AttentionProblem(1, 64, 64, 128, 2), new AttentionProblem(1, 9, 20, 24, 3)};
        for (Problem problem : problems) {
            assertTrue(impl.unsupported(problem, threads).isEmpty());
            try (Workload workload = Workload.of(problem, 5)) {
                float[] expected;
                try (Candidate reference = new NativeImplementation().prepare(workload, threads)) {
                    reference.run();
                    expected = reference.result();
                }
                try (Candidate candidate = impl.prepare(workload, threads)) {
                    candidate.run();
                    candidate.run(); // a second run reuses everything and must give the same
                    float[] actual = candidate.result();
                    assertEquals(expected.length, actual.length);
                    float tolerance = problem instanceof SgemmProblem s ? 2e-6f * s.k() : 1e-4f;
                    float worst = 0f;
                    for (int i = 0; i < expected.length; i++) {
                        worst = Math.max(worst, Math.abs(expected[i] - actual[i]));
                    }
                    assertTrue(worst <= tolerance, problem.label() + ": differs from native by " + worst);
                }
            }
        }
    }
}
