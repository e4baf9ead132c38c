package io.github.ffmblas.bench.load;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;

/**
 * How much the machine itself holds up threads that only want to run: {@code threads} threads read the clock back
 * to back for a while, and every gap between two readings longer than 0.1 ms is time the thread did not run. It
 * is measured next to each load table because a response time's tail is bounded below by these stalls, whatever
 * the library: on this project's 2-core VMs, two such threads lost 0.1-1.8% of their time, with 5-23 gaps over
 * 1 ms per thread in 10 s and, in two runs of four, one of 100 ms (docs/bench/load/README.md).
 *
 * @param threads      how many threads read the clock (at most the processors, so they do not share a core)
 * @param seconds      for how long each read it
 * @param lostFraction the share of the threads' time lost in gaps over 0.1 ms
 * @param over1ms      gaps over 1 ms, all threads together
 * @param maxMs        the longest gap over 0.1 ms, or 0 if there was none
 */
public record MachineStalls(int threads, double seconds, double lostFraction, long over1ms, double maxMs) {
    private static final long GAP_NANOS = 100_000;

    /** Measures with {@code threads} threads, released together, each for {@code seconds}. */
    public static MachineStalls measure(int threads, double seconds) throws InterruptedException {
        long[][] found = new long[threads][];
        CountDownLatch ready = new CountDownLatch(threads);
        List<Thread> running = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            int index = i;
            Thread t = new Thread(() -> {
                ready.countDown();
                try {
                    ready.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                found[index] = readClock((long) (seconds * 1e9));
            }, "machine-stalls-" + i);
            running.add(t);
            t.start();
        }
        long lost = 0;
        long over = 0;
        long max = 0;
        long window = 0;
        for (int i = 0; i < threads; i++) {
            running.get(i).join();
            lost += found[i][0];
            over += found[i][1];
            max = Math.max(max, found[i][2]);
            window += found[i][3];
        }
        return new MachineStalls(threads, seconds, (double) lost / window, over, max / 1e6);
    }

    /**
     * Lost nanoseconds, gaps over 1 ms, the longest gap and the time it read for, reading the clock for
     * {@code nanos}. A gap that runs past the end counts whole, and so does the time it read for.
     */
    private static long[] readClock(long nanos) {
        long lost = 0;
        long over = 0;
        long max = 0;
        long first = System.nanoTime();
        long end = first + nanos;
        long previous = first;
        long now;
        do {
            now = System.nanoTime();
            long gap = now - previous;
            if (gap > GAP_NANOS) {
                lost += gap;
                over += gap > 1_000_000 ? 1 : 0;
                max = Math.max(max, gap);
            }
            previous = now;
        } while (now < end);
        return new long[] {lost, over, max, Math.max(1, now - first)};
    }

    /** One sentence for the reports. */
    public String describe() {
        String longest = maxMs == 0 ? "none over 0.1 ms"
                : String.format(Locale.ROOT, "%d gap%s over 1 ms, the longest %.2f ms", over1ms,
                        over1ms == 1 ? "" : "s", maxMs);
        return String.format(Locale.ROOT, "Machine stalls: %d thread%s reading the clock for %.1f s lost %.2f%% of"
                + " %s time, %s", threads, threads == 1 ? "" : "s", seconds, 100 * lostFraction,
                threads == 1 ? "its" : "their", longest);
    }
}
