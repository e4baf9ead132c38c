package io.github.ffmblas.bench.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ffmblas.bench.AttentionProblem;
import io.github.ffmblas.bench.Candidate;
import io.github.ffmblas.bench.SgemmProblem;
import io.github.ffmblas.bench.Workload;
import io.github.ffmblas.bindings.Blas;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The OpenBLAS-threaded forward computes what native's split forward does, and only runs where it differs. */
class NativeOpenBlasThreadsImplementationTest {
    private final int threadsBefore = Blas.numThreads();

    @AfterEach
    void restoreThreads() {
        Blas.setNumThreads(threadsBefore);
    }

    @Test
    void matchesNativeAtTwoThreads() throws Exception {
        NativeOpenBlasThreadsImplementation impl = new NativeOpenBlasThreadsImplementation();
        assertTrue(impl.unsupported(new SgemmProblem(64), 2).isPresent());
        assertTrue(impl.unsupported(new AttentionProblem(1, 8, 8, 16, 2), 1).isPresent());
        for (AttentionProblem problem : new AttentionProblem[] {new AttentionProblem(2, 17, 17, 40, 8),
                new AttentionProblem(1, 130, 130, 64, 4), new AttentionProblem(1, 9, 20, 24, 3)}) {
            assertTrue(impl.unsupported(problem, 2).isEmpty());
            try (Workload workload = Workload.of(problem, 7)) {
                float[] expected;
                try (Candidate reference = new NativeImplementation().prepare(workload, 2)) {
                    reference.run();
                    expected = reference.result();
                }
                try (Candidate candidate = impl.prepare(workload, 2)) {
                    assertEquals(2, Blas.numThreads());
                    candidate.run();
                    candidate.run();
                    float[] actual = candidate.result();
                    float worst = 0f;
                    for (int i = 0; i < expected.length; i++) {
                        worst = Math.max(worst, Math.abs(expected[i] - actual[i]));
                    }
                    assertTrue(worst <= 1e-5f, problem.label() + ": differs from native by " + worst);
                }
            }
        }
    }
}
