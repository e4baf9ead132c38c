package io.github.ffmblas.bench.load;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How much the machine itself holds up threads that only want to run: {@code threads} threads read the clock back
 * to back for a while, and every gap between two readings longer than 0.1 ms is time the thread did not run. It
 * is measured next to each load table because a response time's tail is bounded below by these stalls, whatever
 * the library: on this project's 2-core VMs, two such threads lost 0.1-1.8% of their time, with 6-23 stalls over
 * 1 ms in 10 s and some of 100 ms (docs/bench/load/README.md).
 *
 * @param threads      how many threads read the clock (at most the processors, so they do not share a core)
 * @param seconds      for how long
 * @param lostFraction the share of the threads' time lost in gaps over 0.1 ms
 * @param over1ms      gaps over 1 ms, all threads together
 * @param maxMs        the longest gap
 */
public record MachineStalls(int threads, double seconds, double lostFraction, long over1ms, double maxMs) {
    private static final long GAP_NANOS = 100_000;

    /** Measures with {@code threads} threads for {@code seconds}. */
    public static MachineStalls measure(int threads, double seconds) throws InterruptedException {
        long[][] found = new long[threads][];
        List<Thread> running = new ArrayList<>();
        long end = System.nanoTime() + (long) (seconds * 1e9);
        for (int i = 0; i < threads; i++) {
            int index = i;
            Thread t = new Thread(() -> found[index] = readClock(end), "machine-stalls-" + i);
            running.add(t);
            t.start();
        }
        long lost = 0;
        long over = 0;
        long max = 0;
        for (int i = 0; i < threads; i++) {
            running.get(i).join();
            lost += found[i][0];
            over += found[i][1];
            max = Math.max(max, found[i][2]);
        }
        return new MachineStalls(threads, seconds, lost / (threads * seconds * 1e9), over, max / 1e6);
    }

    /** Lost nanoseconds, gaps over 1 ms and the longest gap, reading the clock until {@code end}. */
    private static long[] readClock(long end) {
        long lost = 0;
        long over = 0;
        long max = 0;
        long previous = System.nanoTime();
        for (long now; (now = System.nanoTime()) < end; previous = now) {
            long gap = now - previous;
            if (gap > GAP_NANOS) {
                lost += gap;
                over += gap > 1_000_000 ? 1 : 0;
                max = Math.max(max, gap);
            }
        }
        return new long[] {lost, over, max};
    }

    /** One sentence for the reports. */
    public String describe() {
        return String.format(Locale.ROOT, "Machine stalls: %d thread%s reading the clock for %.0f s lost %.2f%% of"
                + " %s time, %d stall%s over 1 ms, the longest %.2f ms", threads, threads == 1 ? "" : "s", seconds,
                100 * lostFraction, threads == 1 ? "its" : "their", over1ms, over1ms == 1 ? "" : "s", maxMs);
    }
}
