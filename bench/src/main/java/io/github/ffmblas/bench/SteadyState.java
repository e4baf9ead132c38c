package io.github.ffmblas.bench;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * Warm-up until the run time stops changing, and a check that it did not change while being measured. A time
 * budget alone is wrong at both ends: `bench --quick` gave native 14.3 ms for B=1 L=64 d=128 H=8, where a full
 * run gives 0.164 ms, because its 0.3 s of warm-up ended before the JIT had compiled the forward (the first runs
 * interpret the Vector API's softmax); and a long one wastes time on shapes that settle in milliseconds.
 *
 * <p>Runs are timed in windows of at least {@value #WINDOW_RUNS} runs and {@value #WINDOW_SECONDS} s; warm-up ends
 * once two consecutive windows' medians agree within {@value #AGREE} while the JIT was quiet (compiling for at most
 * {@value #QUIET} of the window's time, by the JVM's compilation counter), and the minimum warm-up is done; or at
 * the cap, which makes the result "not steady". The JIT's activity tells a plateau of interpreted runs, which
 * agree with each other as well, from compiled code. The measurement's own drift check (first half against
 * second half) catches what is left.
 */
final class SteadyState {
    static final int WINDOW_RUNS = 5;
    static final double WINDOW_SECONDS = 0.1;
    static final double AGREE = 0.10;
    /** At most this share of a window's time spent compiling (all compiler threads) counts as a quiet JIT. */
    static final double QUIET = 0.05;
    /** Medians of the measured runs' halves further apart than this make the result "not steady". */
    static final double DRIFT = 0.25;

    /** One operation to warm up. */
    interface Operation {
        void run() throws Exception;
    }

    private SteadyState() {}

    /**
     * Runs {@code operation} until two consecutive windows agree, after at least {@code minRuns} runs and
     * {@code minSeconds}; gives up after {@code maxSeconds}. Returns why the result is not steady, if it is not.
     */
    static Optional<String> warmUp(Operation operation, int minRuns, double minSeconds, double maxSeconds)
            throws Exception {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        LongSupplier compiling = jit != null && jit.isCompilationTimeMonitoringSupported()
                ? jit::getTotalCompilationTime : () -> 0;
        return warmUp(operation, minRuns, minSeconds, maxSeconds, System::nanoTime, compiling);
    }

    /**
     * {@link #warmUp} on the given clock (nanoseconds) and compilation counter (milliseconds), so tests can give
     * runs any duration and the JIT any activity.
     */
    static Optional<String> warmUp(Operation operation, int minRuns, double minSeconds, double maxSeconds,
                                   LongSupplier clock, LongSupplier compilingMillis)
            throws Exception {
        long start = clock.getAsLong();
        long compiledAtWindowStart = compilingMillis.getAsLong();
        long minEnd = start + (long) (minSeconds * 1e9);
        long maxEnd = start + (long) (maxSeconds * 1e9);
        long[] window = new long[64];
        int inWindow = 0;
        long windowStart = start;
        double previous = Double.NaN;
        double last = Double.NaN;
        for (int runs = 1; ; runs++) {
            long t0 = clock.getAsLong();
            operation.run();
            long now = clock.getAsLong();
            if (inWindow == window.length) {
                window = Arrays.copyOf(window, 2 * window.length);
            }
            window[inWindow++] = now - t0;
            boolean full = inWindow >= WINDOW_RUNS && now - windowStart >= WINDOW_SECONDS * 1e9;
            if (full) {
                double median = median(window, inWindow);
                long compiled = compilingMillis.getAsLong();
                boolean quiet = (compiled - compiledAtWindowStart) * 1e6 <= QUIET * (now - windowStart);
                compiledAtWindowStart = compiled;
                if (agree(previous, median) && quiet && runs >= minRuns && now >= minEnd) {
                    return Optional.empty();
                }
                previous = median;
                last = median;
                inWindow = 0;
                windowStart = now;
            }
            if (now >= maxEnd && runs >= minRuns) {
                if (inWindow > 0) {
                    last = median(window, inWindow);
                }
                return Optional.of(String.format(Locale.ROOT, "not steady: after %.1f s of warm-up (%d runs) the"
                        + " run time still moved or the JIT still compiled (%s ms, then %s)", (now - start) / 1e9, runs,
                        ms(previous), ms(last)));
            }
        }
    }

    /**
     * Why runs measured in this order are not steady: their first and second halves' medians differ by more than
     * {@value #DRIFT}. Empty for fewer than six runs.
     */
    static Optional<String> drift(long[] inOrder) {
        if (inOrder.length < 6) {
            return Optional.empty();
        }
        int half = inOrder.length / 2;
        double first = median(inOrder, half);
        long[] last = Arrays.copyOfRange(inOrder, inOrder.length - half, inOrder.length);
        double second = median(last, half);
        if (Math.abs(first - second) <= DRIFT * Math.min(first, second)) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "not steady: the measured runs drifted (median %s ms in the"
                + " first half, %s ms in the second)", ms(first), ms(second)));
    }

    static boolean agree(double a, double b) {
        return !Double.isNaN(a) && !Double.isNaN(b) && Math.abs(a - b) <= AGREE * Math.min(a, b);
    }

    /** The median of the first {@code count} values (sorted in a copy). */
    static double median(long[] values, int count) {
        long[] sorted = Arrays.copyOf(values, count);
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
    }

    private static String ms(double nanos) {
        return Double.isNaN(nanos) ? "?" : String.format(Locale.ROOT, "%.3g", nanos / 1e6);
    }
}
