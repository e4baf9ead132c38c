package io.github.ffmblas.bench.blas;

import io.github.ffmblas.bench.blas.BlasSuite.PathKind;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The BLAS suite's warm-up figure ({@code bench --blas --warmup-report}): per routine and path, a fresh case at the
 * run's smallest size, and consecutive batches timed from its very first call for {@value #SECONDS} s of wall time.
 * The first batch is that one call; each later one is of up to {@value #MAX_BATCH} calls, fewer when, at the last
 * batch's pace, it would last over {@value #BATCH_NS} ns (so a slow call still leaves many batches in the second).
 * From the trace:
 * <ul>
 *   <li>the steady state: the median time per call of the batches in the last quarter of the trace's time;</li>
 *   <li>calls to steady: the calls made before the batch time stays within {@value #BAND} of the steady state for the
 *       rest of the second. One batch alone outside the band, between two within it, is taken for an interruption
 *       (a tick, a compile thread on the other core), not for a change, so it does not reset the count;</li>
 *   <li>calls to reach: the calls made before two batches in a row are first within the band. On a shared machine
 *       whose speed drifts (on the project's 2-core VMs, stretches of tens of ms at twice the time per call are
 *       common) the batch time rarely stays in a 10% band for a whole second, and calls to steady then says more
 *       about the machine than about the JIT; calls to reach is when the code got there;</li>
 *   <li>first-second cost: the time the second's calls took, over the steady-state time of as many calls.</li>
 * </ul>
 * Run at the start of each routine, before that routine is checked or timed, so its loops (one per path and
 * routine class) are cold; what they share with the routines before them (the facade's helpers, FFM's stubs,
 * JavaCPP, the harness) may already be warm, and the paths run in the order reported.
 */
public final class WarmupTrace {
    public static final double SECONDS = 1;
    static final int MAX_BATCH = 1000;
    static final double BATCH_NS = 1e6;
    static final double BAND = 0.10;
    /** Fewer batches than this in the second leave no steady state to speak of. */
    static final int MIN_BATCHES = 8;

    private WarmupTrace() {}

    /**
     * One routine and path. {@code status}: {@code ok}; {@code short} (fewer than {@value #MIN_BATCHES} batches fit
     * the second); {@code unsupported}; {@code failed}. {@code callsToSteady} is null when the last batches are not
     * in the band, {@code callsToReach} when no two batches in a row are.
     */
    public record Figure(String routine, int n, String path, String status, Double firstCallNs, long calls,
                         int batches, Double steadyNs, Long callsToSteady, Long callsToReach, Double firstSecondCost,
                         String note) {}

    /** {@code calls} calls along one path: nanoseconds for them all. */
    interface Batch {
        double nanos(int calls) throws IOException;
    }

    /** What one path did in its first second: calls and nanoseconds per batch. */
    record Trace(int[] calls, double[] nanos) {}

    /** Every path of {@code spec} at size n, each on a fresh case. */
    static List<Figure> figures(BlasCase.Spec spec, int n, long seed, BlasHarness harness, String harnessProblem,
                                Path dir) {
        List<Figure> figures = new ArrayList<>();
        for (PathKind kind : PathKind.values()) {
            if (kind == PathKind.JAVA && !spec.hasJava()) {
                figures.add(unsupported(spec, n, kind, "netlib's BLAS has no complex routines"));
                continue;
            }
            if (kind == PathKind.C && harness == null) {
                figures.add(unsupported(spec, n, kind, harnessProblem));
                continue;
            }
            try (BlasCase c = spec.factory().create(spec, n, seed)) {
                Batch batch;
                if (kind == PathKind.C) {
                    c.writeOperands(dir);
                    harness.load(spec.name(), n, spec.alpha(), dir);
                    batch = harness::time;
                } else {
                    batch = calls -> {
                        long start = System.nanoTime();
                        c.run(kind, calls);
                        return System.nanoTime() - start;
                    };
                }
                figures.add(figure(spec.name(), n, kind.label, record(batch, SECONDS)));
            } catch (IOException | RuntimeException e) {
                figures.add(new Figure(spec.name(), n, kind.label, "failed", null, 0, 0, null, null, null, null,
                        e.toString()));
            }
        }
        return figures;
    }

    private static Figure unsupported(BlasCase.Spec spec, int n, PathKind kind, String note) {
        return new Figure(spec.name(), n, kind.label, "unsupported", null, 0, 0, null, null, null, null, note);
    }

    /** Batches from the first call until {@code seconds} of wall time have passed. */
    static Trace record(Batch batch, double seconds) throws IOException {
        int[] calls = new int[1024];
        double[] nanos = new double[1024];
        int count = 0;
        long deadline = System.nanoTime() + (long) (seconds * 1e9);
        int next = 1;
        while (System.nanoTime() < deadline) {
            double t = batch.nanos(next);
            if (count == calls.length) {
                calls = Arrays.copyOf(calls, count * 2);
                nanos = Arrays.copyOf(nanos, count * 2);
            }
            calls[count] = next;
            nanos[count] = t;
            count++;
            next = (int) Math.max(1, Math.min(MAX_BATCH, BATCH_NS * next / Math.max(t, 1)));
        }
        return new Trace(Arrays.copyOf(calls, count), Arrays.copyOf(nanos, count));
    }

    /** The figure of one trace (see the class comment). */
    static Figure figure(String routine, int n, String path, Trace t) {
        int count = t.calls().length;
        long calls = 0;
        double total = 0;
        for (int i = 0; i < count; i++) {
            calls += t.calls()[i];
            total += t.nanos()[i];
        }
        Double first = count == 0 ? null : t.nanos()[0] / t.calls()[0];
        if (count < MIN_BATCHES) {
            return new Figure(routine, n, path, "short", first, calls, count, null, null, null, null,
                    count + " batches in " + SECONDS + " s");
        }
        double[] perCall = new double[count];
        for (int i = 0; i < count; i++) {
            perCall[i] = t.nanos()[i] / t.calls()[i];
        }
        double steady = steady(t, perCall, total);
        boolean[] out = new boolean[count];
        for (int i = 0; i < count; i++) {
            out[i] = Math.abs(perCall[i] / steady - 1) > BAND;
        }
        return new Figure(routine, n, path, "ok", first, calls, count, steady, callsToSteady(t, out),
                callsToReach(t, out), total / (steady * calls), "");
    }

    /** The median per call of the batches that began in the last quarter of the trace's time (at least 4 batches). */
    private static double steady(Trace t, double[] perCall, double total) {
        int from = perCall.length;
        double elapsed = total;
        while (from > 0 && (elapsed > 0.75 * total || perCall.length - from < 4)) {
            from--;
            elapsed -= t.nanos()[from];
        }
        return BlasSuite.quantile(Arrays.copyOfRange(perCall, from, perCall.length), 0.5);
    }

    /**
     * The calls up to the last batch that is out of the band ({@code out}) and not an isolated one; null if the last
     * two are out.
     */
    private static Long callsToSteady(Trace t, boolean[] out) {
        int count = out.length;
        if (out[count - 1] && out[count - 2]) {
            return null; // not steady at the end of the second
        }
        int last = -1;
        for (int i = 0; i < count; i++) {
            boolean isolated = i > 0 && !out[i - 1] && (i == count - 1 || !out[i + 1]);
            if (out[i] && !isolated) {
                last = i;
            }
        }
        return callsBefore(t, last + 1);
    }

    /** The calls before the first two batches in a row within the band; null if there are none. */
    private static Long callsToReach(Trace t, boolean[] out) {
        for (int i = 0; i + 1 < out.length; i++) {
            if (!out[i] && !out[i + 1]) {
                return callsBefore(t, i);
            }
        }
        return null;
    }

    private static long callsBefore(Trace t, int batch) {
        long calls = 0;
        for (int i = 0; i < batch; i++) {
            calls += t.calls()[i];
        }
        return calls;
    }
}
