package io.github.ffmblas.bench.blas;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The warm-up figure of made-up traces: steady state, calls to steady, first-second cost. */
class WarmupTraceTest {

    /** One first call, then batches of {@code calls} at the given ns per call. */
    private static WarmupTrace.Trace trace(double firstNs, int calls, double... perCall) {
        int[] c = new int[perCall.length + 1];
        double[] t = new double[perCall.length + 1];
        c[0] = 1;
        t[0] = firstNs;
        for (int i = 0; i < perCall.length; i++) {
            c[i + 1] = calls;
            t[i + 1] = perCall[i] * calls;
        }
        return new WarmupTrace.Trace(c, t);
    }

    private static double[] repeat(double v, int times) {
        double[] a = new double[times];
        Arrays.fill(a, v);
        return a;
    }

    private static double[] concat(double[]... parts) {
        List<Double> all = new ArrayList<>();
        for (double[] p : parts) {
            for (double v : p) {
                all.add(v);
            }
        }
        return all.stream().mapToDouble(Double::doubleValue).toArray();
    }

    @Test
    void aColdStartThenASteadyRate() {
        // 20 batches at 30 ns (an early tier), then 80 at 10 ns
        WarmupTrace.Figure f = WarmupTrace.figure("sdot", 8, "ffmblas",
                trace(50_000, 1000, concat(repeat(30, 20), repeat(10, 80))));
        assertEquals("ok", f.status());
        assertEquals(50_000, f.firstCallNs(), 1e-9);
        assertEquals(10, f.steadyNs(), 1e-9);
        assertEquals(1 + 20 * 1000, f.callsToSteady());
        assertEquals(1 + 20 * 1000, f.callsToReach());
        assertEquals(1 + 100 * 1000, f.calls());
        assertEquals(101, f.batches());
        double total = 50_000 + 20 * 30_000 + 80 * 10_000;
        assertEquals(total / (10.0 * f.calls()), f.firstSecondCost(), 1e-12);
    }

    @Test
    void aLoneSlowBatchIsAnInterruptionNotAChange() {
        double[] perCall = repeat(10, 100);
        perCall[70] = 25; // one tick
        perCall[99] = 40; // and one at the very end
        WarmupTrace.Figure f = WarmupTrace.figure("sdot", 8, "raw", trace(9_000, 1000, perCall));
        assertEquals(1, f.callsToSteady(), "only the first call was out of the band");
        perCall[71] = 25; // two in a row: a change
        f = WarmupTrace.figure("sdot", 8, "raw", trace(9_000, 1000, perCall));
        assertEquals(1 + 72 * 1000, f.callsToSteady());
    }

    @Test
    void notSteadyAtTheEndOfTheSecond() {
        double[] perCall = concat(repeat(10, 90), repeat(13, 2));
        WarmupTrace.Figure f = WarmupTrace.figure("sdot", 8, "jni", trace(9_000, 1000, perCall));
        assertNull(f.callsToSteady());
        assertEquals(1, f.callsToReach());
    }

    /** A stretch of a slower machine after the code got there: calls to reach still tells when it did. */
    @Test
    void aDriftLaterMovesCallsToSteadyButNotCallsToReach() {
        double[] perCall = concat(repeat(50, 5), repeat(10, 40), repeat(20, 10), repeat(10, 45));
        WarmupTrace.Figure f = WarmupTrace.figure("sdot", 8, "ffmblas", trace(9_000, 1000, perCall));
        assertEquals(1 + 5 * 1000, f.callsToReach());
        assertEquals(1 + 55 * 1000, f.callsToSteady());
    }

    @Test
    void tooFewBatchesAreShort() {
        WarmupTrace.Figure f = WarmupTrace.figure("dgemm", 1024, "java", trace(2e9, 1, 1e9, 1e9));
        assertEquals("short", f.status());
        assertNull(f.steadyNs());
        assertEquals(2e9, f.firstCallNs(), 1e-9);
    }

    @Test
    void recordStartsWithOneCallAndKeepsBatchesShort() throws Exception {
        // 2 us per call: a batch of 1000 would last 2 ms, over the 1 ms a batch may take
        WarmupTrace.Trace t = WarmupTrace.record(calls -> {
            long until = System.nanoTime() + 2_000L * calls;
            while (System.nanoTime() < until) {
                Thread.onSpinWait();
            }
            return 2_000.0 * calls;
        }, 0.05);
        assertEquals(1, t.calls()[0]);
        assertTrue(t.calls().length > 8, Arrays.toString(t.calls()));
        for (int i = 1; i < t.calls().length; i++) {
            assertEquals(500, t.calls()[i], "1 ms at 2 us a call");
        }
        // and fast calls are batched by 1000 at most
        t = WarmupTrace.record(calls -> 5.0 * calls, 0.01);
        assertEquals(WarmupTrace.MAX_BATCH, Arrays.stream(t.calls()).max().orElseThrow());
    }
}
