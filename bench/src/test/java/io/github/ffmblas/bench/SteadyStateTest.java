package io.github.ffmblas.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import java.util.function.IntToLongFunction;
import org.junit.jupiter.api.Test;

/**
 * Warm-up ends when the run time is steady, not when a time budget is spent: on a fake clock, where run i takes
 * whatever the test says, so nothing here depends on this machine's speed.
 */
class SteadyStateTest {

    /** Runs whose duration (ns) is given by run index; counts them. */
    private static final class FakeRuns implements SteadyState.Operation {
        final IntToLongFunction duration;
        long now;
        int runs;

        FakeRuns(IntToLongFunction duration) {
            this.duration = duration;
        }

        @Override
        public void run() {
            now += duration.applyAsLong(runs++);
        }
    }

    @Test
    void warmUpOutlastsASlowStartThatATimeBudgetWouldHaveMeasured() throws Exception {
        // Like `bench --quick` at B=1 L=64 d=128 H=8: 14.3 ms a run while interpreted, 0.164 ms once compiled,
        // the switch at run 60 (0.86 s): far past the old 0.3 s budget. The interpreted runs agree with each other;
        // what tells them apart is the JIT, busy compiling (here 30 ms of every 100) until the switch.
        FakeRuns runs = new FakeRuns(i -> i < 60 ? 14_300_000 : 164_000);
        Optional<String> unsteady = SteadyState.warmUp(runs, 1, 0.3, 5, () -> runs.now,
                () -> runs.runs < 60 ? runs.now * 3 / 10 / 1_000_000 : 258);
        assertEquals(Optional.empty(), unsteady);
        assertTrue(runs.runs > 60 + 2 * SteadyState.WINDOW_RUNS, "stopped at run " + runs.runs + ", before it settled");
    }

    @Test
    void aSteadyOperationStopsAtTheMinimumWarmUp() throws Exception {
        FakeRuns runs = new FakeRuns(i -> 1_000_000);
        assertEquals(Optional.empty(), SteadyState.warmUp(runs, 2, 0.5, 5, () -> runs.now, () -> 0));
        // 0.5 s of 1 ms runs, then the window in progress: a tenth of a second at most beyond the minimum.
        assertTrue(runs.now >= 500_000_000L && runs.now <= 600_000_000L + 1_000_000L, "ran for " + runs.now + " ns");
    }

    @Test
    void runsThatKeepChangingAreNotSteadyAtTheCap() throws Exception {
        // Each run 5% slower than the one before (a leak, a filling cache): a window of five or more runs is
        // always more than 10% slower than the one before it.
        FakeRuns runs = new FakeRuns(i -> (long) (1_000_000 * Math.pow(1.05, i)));
        Optional<String> unsteady = SteadyState.warmUp(runs, 1, 0.3, 2, () -> runs.now, () -> 0);
        assertTrue(unsteady.isPresent());
        assertTrue(unsteady.get().startsWith("not steady: after 2."), unsteady.get());
        assertTrue(runs.now >= 2_000_000_000L && runs.now < 2_200_000_000L, "ran for " + runs.now + " ns");
    }

    @Test
    void aJitThatKeepsCompilingIsNotSteadyEvenWhenRunsAgree() throws Exception {
        FakeRuns runs = new FakeRuns(i -> 2_000_000);
        Optional<String> unsteady = SteadyState.warmUp(runs, 1, 0.3, 2, () -> runs.now,
                () -> runs.now / 10_000_000); // compiling a tenth of the time
        assertTrue(unsteady.isPresent(), "steady while the JIT compiled");
    }

    @Test
    void driftBetweenTheHalvesOfTheMeasurementIsReported() {
        assertEquals(Optional.empty(), SteadyState.drift(new long[] {10, 11, 10, 12, 10, 11, 10, 10}));
        assertEquals(Optional.empty(), SteadyState.drift(new long[] {100, 1, 1}), "too few runs to tell");
        Optional<String> drift = SteadyState.drift(new long[] {2_000_000, 2_100_000, 1_900_000, 1_000_000,
                1_000_000, 1_100_000});
        assertTrue(drift.isPresent());
        assertTrue(drift.get().contains("2.00 ms in the first half, 1.00 ms in the second"), drift.get());
        assertFalse(SteadyState.agree(1.0, 1.2));
        assertTrue(SteadyState.agree(1.0, 1.09));
    }
}
