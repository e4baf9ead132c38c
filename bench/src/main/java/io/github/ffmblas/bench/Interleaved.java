package io.github.ffmblas.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Times several implementations of one call against each other on a noisy machine: each is warmed up, its batch
 * sized to last about {@code batchNanos}, then all take turns in interleaved rounds (the order rotating each round),
 * so that a drift of the machine's speed hits every implementation alike; compare them by the per-round ratios'
 * median. Round -1 warms up and is dropped.
 */
public final class Interleaved {
    private Interleaved() {}

    /** Per implementation, in {@code calls}' order, the time per call (ns) of each of {@code rounds} rounds. */
    public static Map<String, double[]> measure(Map<String, Runnable> calls, int rounds, long batchNanos,
                                               long warmupNanos) {
        for (Runnable call : calls.values()) {
            long until = System.nanoTime() + warmupNanos;
            int calls0 = 0;
            while (System.nanoTime() < until || calls0 < 3) {
                call.run();
                calls0++;
            }
        }
        Map<String, Integer> reps = new LinkedHashMap<>();
        for (var e : calls.entrySet()) { // size a batch to last about batchNanos
            int k = 1;
            long t;
            while ((t = time(e.getValue(), k)) < batchNanos / 4 && k < (1 << 24)) {
                k *= 2;
            }
            reps.put(e.getKey(), (int) Math.max(1, Math.min(1 << 26, (long) k * batchNanos / Math.max(1, t))));
        }
        Map<String, double[]> nanos = new LinkedHashMap<>();
        for (String impl : calls.keySet()) {
            nanos.put(impl, new double[rounds]);
        }
        List<String> order = new ArrayList<>(calls.keySet());
        for (int round = -1; round < rounds; round++) {
            for (String impl : order) {
                int k = reps.get(impl);
                double perCall = time(calls.get(impl), k) / (double) k;
                if (round >= 0) {
                    nanos.get(impl)[round] = perCall;
                }
            }
            order.add(order.removeFirst());
        }
        return nanos;
    }

    /** The median of the per-round ratios a[i] / b[i]. */
    public static double ratio(double[] a, double[] b) {
        double[] r = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i] / b[i];
        }
        return median(r);
    }

    public static double median(double[] values) {
        double[] s = values.clone();
        Arrays.sort(s);
        int m = s.length / 2;
        return s.length % 2 == 1 ? s[m] : (s[m - 1] + s[m]) / 2;
    }

    private static long time(Runnable call, int reps) {
        long start = System.nanoTime();
        for (int i = 0; i < reps; i++) {
            call.run();
        }
        return System.nanoTime() - start;
    }
}
