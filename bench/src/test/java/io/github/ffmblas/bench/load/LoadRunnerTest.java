package io.github.ffmblas.bench.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ffmblas.bench.AttentionProblem;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The load harness measures response times from when each request was due: a stall delays every request queued
 * behind it, and those delays must show (a harness that timed each call from its actual start would report the
 * stall once and call the rest fast). Only lower bounds on elapsed time are asserted, which no slow machine breaks.
 */
class LoadRunnerTest {
    private static final long STALL_NANOS = 30_000_000;

    /**
     * Instant calls, except that in the open-loop run (the third set of {@code clients} clients made: warm-up and
     * saturation come first) each client's 11th call (the 10th timed one) stalls 30 ms.
     */
    private static final class StallingService implements Service {
        private final int clients;
        private final java.util.concurrent.atomic.AtomicInteger made = new java.util.concurrent.atomic.AtomicInteger();

        StallingService(int clients) {
            this.clients = clients;
        }

        @Override
        public String name() {
            return "stalling";
        }

        @Override
        public Client client() {
            boolean openLoop = made.getAndIncrement() >= 2 * clients;
            return new Client() {
                int calls;

                @Override
                public void call() throws InterruptedException {
                    if (++calls == 11 && openLoop) {
                        long end = System.nanoTime() + STALL_NANOS;
                        while (System.nanoTime() < end) {
                            Thread.sleep(1);
                        }
                    }
                }

                @Override
                public float[] result() {
                    return new float[1];
                }
            };
        }

        @Override
        public void close() {}
    }

    @Test
    void requestsQueuedBehindAStallCountTheirWait() throws Exception {
        List<LoadRunner.Row> rows = new ArrayList<>();
        for (int clients : new int[] {1, 2}) {
            LoadRunner.Settings settings = new LoadRunner.Settings(List.of(clients), List.of(0.5), 0.001, 60, 60,
                    0.001, 0.05, 0.01);
            LoadRunner.Factory factory = new LoadRunner.Factory("stalling", workload -> new StallingService(clients));
            List<LoadRunner.Group> finished = new ArrayList<>();
            List<LoadRunner.Group> groups = new LoadRunner(List.of(new AttentionProblem(1, 4, 4, 8, 2)),
                    List.of(factory), settings, 1).run(line -> {}, finished::add);
            assertEquals(groups, finished);
            assertEquals(1, groups.size());
            assertEquals(Math.min(clients, Runtime.getRuntime().availableProcessors()),
                    groups.getFirst().stalls().threads());
            rows.addAll(groups.getFirst().rows());
        }
        assertEquals(4, rows.size(), "a saturation row and one load level per client count");
        for (LoadRunner.Row r : rows) {
            if (r.saturation()) {
                continue;
            }
            assertEquals(60, r.requests());
            // The offered rate is half of a saturation measured on instant calls: every request is due within
            // microseconds, so the 50 of the 60 queued behind the stall (per client) wait for it.
            assertTrue(r.p50Ms() >= STALL_NANOS / 1e6, "p50 " + r.p50Ms() + " ms hides the wait behind the stall");
            assertTrue(r.maxMs() >= STALL_NANOS / 1e6);
            assertEquals("", r.note());
        }
    }

    @Test
    void percentilesAreNearestRank() {
        long[] sorted = new long[1000];
        for (int i = 0; i < sorted.length; i++) {
            sorted[i] = i + 1;
        }
        assertEquals(500, LoadRunner.percentile(sorted, 0.5));
        assertEquals(990, LoadRunner.percentile(sorted, 0.99));
        assertEquals(999, LoadRunner.percentile(sorted, 0.999));
        assertEquals(7, LoadRunner.percentile(new long[] {7}, 0.999));
    }
}
