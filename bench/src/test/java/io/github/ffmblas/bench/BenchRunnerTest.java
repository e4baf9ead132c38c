package io.github.ffmblas.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ffmblas.bench.impl.NativeImplementation;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class BenchRunnerTest {

    /** Computes nothing: its "result" is zeros, which must void its timing. */
    static final class Broken implements Implementation {
        @Override
        public String name() {
            return "broken";
        }

        @Override
        public Optional<String> unsupported(Problem problem, int threads) {
            return Optional.empty();
        }

        @Override
        public Candidate prepare(Workload workload, int threads) {
            int size = workload.problem() instanceof SgemmProblem p ? p.m() * p.n()
                    : workload.attention().batch() * workload.attention().queryLength() * workload.attention().dModel();
            return new Candidate() {
                @Override
                public void run() {}

                @Override
                public float[] result() {
                    return new float[size];
                }
            };
        }
    }

    @Test
    void aWrongResultVoidsTheTimingAndCorrectOnesAreTimed() throws Exception {
        List<List<Result>> groups = new ArrayList<>();
        BenchRunner runner = new BenchRunner(List.of(new SgemmProblem(33), new AttentionProblem(2, 7, 7, 16, 4)),
                List.of(1), List.of(new NativeImplementation(), new Broken()),
                new BenchRunner.Budget(1, 0.01, 0.5, 3, 5, 0.01), 1);
        List<Result> results = runner.run(line -> {}, groups::add);
        assertEquals(4, results.size());
        assertEquals(2, groups.size());
        for (Result r : results) {
            if (r.impl().equals("native")) {
                assertTrue(r.isTimed());
                assertEquals(0.0, r.maxAbsDiff());
                assertTrue(r.runs() >= 3);
                assertTrue(r.gflops() > 0);
                assertTrue(r.p90Ms() >= r.medianMs());
            } else {
                assertNull(r.medianMs(), "a wrong result is not timed");
                assertTrue(r.note().startsWith("WRONG RESULT"), r.note());
                assertNotNull(r.maxAbsDiff());
            }
        }
    }

    /** Native's forward under another name, logging its runs; each run requires its own activation first. */
    static final class Turns implements Implementation {
        static Object active;
        private final String name;
        private final List<String> log;

        Turns(String name, List<String> log) {
            this.name = name;
            this.log = log;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public Optional<String> unsupported(Problem problem, int threads) {
            return Optional.empty();
        }

        @Override
        public Candidate prepare(Workload workload, int threads) throws Exception {
            Candidate inner = new NativeImplementation().prepare(workload, threads);
            return new Candidate() {
                @Override
                public void activate() {
                    inner.activate();
                    active = this;
                }

                @Override
                public void run() throws Exception {
                    if (active != this) {
                        throw new IllegalStateException(name + " ran after another candidate's activation");
                    }
                    inner.run();
                    log.add(name);
                }

                @Override
                public float[] result() throws Exception {
                    return inner.result();
                }

                @Override
                public void close() throws Exception {
                    inner.close();
                }
            };
        }
    }

    @Test
    void theCandidatesOfAGroupTakeTurnsEachActivatedFirst() throws Exception {
        List<String> log = new ArrayList<>();
        Turns.active = null;
        BenchRunner runner = new BenchRunner(List.of(new AttentionProblem(1, 7, 7, 16, 4)), List.of(1),
                List.of(new NativeImplementation(), new Turns("a", log), new Turns("b", log)),
                new BenchRunner.Budget(1, 0.01, 0.5, 4, 8, 0.02), 1);
        List<Result> results = runner.run(line -> {}, group -> {});
        for (Result r : results) {
            assertTrue(r.isTimed(), r.impl() + ": " + r.note());
            assertTrue(r.runs() >= 4, r.impl() + " ran " + r.runs() + " times");
        }
        int switches = 0;
        for (int i = 1; i < log.size(); i++) {
            switches += log.get(i).equals(log.get(i - 1)) ? 0 : 1;
        }
        // Checked and warmed up one after the other: a b a b. Then timed in sequence: a b (five switches in all);
        // in four rounds of turns, the order rotating among native, a and b: a b, a b, b a, a b (nine).
        assertTrue(switches >= 8, "a and b took " + switches + " turns: " + log);
    }

    @Test
    void flopCountsAreExact() {
        // 8·B·L·d² + 4·B·L²·d for self-attention.
        assertEquals(8.0 * 128 * 768 * 768 + 4.0 * 128 * 128 * 768, new AttentionProblem(1, 128, 128, 768, 12).flops());
        assertEquals(2.0 * 64 * 64 * 64, new SgemmProblem(64).flops());
        assertEquals(2.0 * 128 * 2304 * 768, new SgemmProblem(128, 2304, 768).flops());
        assertThrows(IllegalArgumentException.class, () -> new SgemmProblem(0, 4, 4));
        assertThrows(IllegalArgumentException.class, () -> new SgemmProblem(4, 4, -1));
        assertThrows(IllegalArgumentException.class, () -> new SgemmProblem(1 << 16, 1 << 16, 1));
        assertThrows(IllegalArgumentException.class, () -> new SgemmProblem(1, 1 << 13, (1 << 13) + 1));
        new SgemmProblem(1 << 13, 1 << 13, 1 << 13); // 8192^2 floats a matrix: the largest square allowed
        AttentionProblem cross = new AttentionProblem(2, 3, 5, 8, 2);
        assertEquals(2 * (4.0 * 3 * 64 + 4.0 * 5 * 64 + 4.0 * 3 * 5 * 8), cross.flops());
    }

    @Test
    void sgemmToleranceGrowsWithTheInnerDimension() {
        float[] ones = {1f, -1f};
        assertEquals(2e-5 * 64, BenchRunner.tolerance(new SgemmProblem(2, 2, 4096), ones), 1e-12);
        assertEquals(2e-5 * Math.sqrt(2), BenchRunner.tolerance(new SgemmProblem(4096, 4096, 2), ones), 1e-12);
    }

    @Test
    void percentilesInterpolate() {
        long[] sorted = {10, 20, 30, 40, 50};
        assertEquals(30, BenchRunner.percentile(sorted, 0.5));
        assertEquals(46, BenchRunner.percentile(sorted, 0.9), 1e-9);
    }
}
