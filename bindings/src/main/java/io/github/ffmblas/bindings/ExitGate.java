package io.github.ffmblas.bindings;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * Keeps OpenBLAS calls and JVM exit apart. OpenBLAS frees its buffers and stops its threads in a library
 * destructor, which runs when the process exits; a thread still inside a BLAS call then faults (SIGSEGV, and the
 * JVM's crash report can hang). So a shutdown hook closes this gate, waits for the calls in flight to return, and
 * any call that would start afterwards throws instead of entering OpenBLAS.
 *
 * <p>Short sgemm calls are not counted: they are critical downcalls, which the JVM's exit waits for by itself
 * (see {@code GemmCalls.shortCall}). They are refused after shutdown has begun all the same ({@link #ensureOpen}).
 *
 * <p>The wait is bounded ({@value #DRAIN_SECONDS} s): a call that takes longer, or a thread stuck in OpenBLAS,
 * must not stop the JVM from exiting. Calls are counted in per-thread-hashed stripes, one cache line each, so
 * threads calling OpenBLAS concurrently do not contend on one counter.
 */
final class ExitGate {
    static final long DRAIN_SECONDS = 60;
    private static final int STRIPES = 32; // a power of two
    private static final int SPACING = 16; // ints per 64-byte cache line
    private static final AtomicIntegerArray IN_FLIGHT = new AtomicIntegerArray(STRIPES * SPACING);
    private static volatile boolean closed;

    static {
        try {
            Runtime.getRuntime().addShutdownHook(new Thread(ExitGate::drain, "ffmblas-exit-gate"));
        } catch (IllegalStateException shuttingDown) {
            closed = true; // first used by another shutdown hook: too late to start anything
        }
    }

    private ExitGate() {}

    /**
     * Counts the calling thread into a BLAS call; returns the stripe to pass to {@link #leave}.
     *
     * @throws IllegalStateException when the JVM is shutting down
     */
    static int enter(String routine) {
        int stripe = (int) (Thread.currentThread().threadId() & (STRIPES - 1)) * SPACING;
        // Count first, then read the flag; drain() sets the flag, then reads the counts. Both are volatile
        // accesses, so either drain() sees this call or this call sees the flag.
        IN_FLIGHT.getAndIncrement(stripe);
        if (closed) {
            IN_FLIGHT.getAndDecrement(stripe);
            throw shuttingDown(routine);
        }
        return stripe;
    }

    /**
     * For a critical downcall, which needs no count (the JVM cannot exit while one runs, see {@code GemmCalls.gemm}):
     * refuses it once the JVM is shutting down, as {@link #enter} does, so every call keeps one rule.
     *
     * @throws IllegalStateException when the JVM is shutting down
     */
    static void ensureOpen(String routine) {
        if (closed) {
            throw shuttingDown(routine);
        }
    }

    /** Whether calls may still start; the quick paths ask this and leave a closed gate's refusal to the checks. */
    static boolean isOpen() {
        return !closed;
    }

    private static IllegalStateException shuttingDown(String routine) {
        return new IllegalStateException(routine + ": the JVM is shutting down, and OpenBLAS frees its memory as the"
                + " process exits, so no new OpenBLAS call may start");
    }

    /** What a call that was not counted passes to {@link #leave}. */
    static final int NONE = -1;

    static void leave(int stripe) {
        if (stripe != NONE) {
            IN_FLIGHT.getAndDecrement(stripe);
        }
    }

    /** The calls in flight now, over all threads. */
    static int inFlight() {
        int sum = 0;
        for (int i = 0; i < STRIPES; i++) {
            sum += IN_FLIGHT.get(i * SPACING);
        }
        return sum;
    }

    /**
     * The shutdown hook: refuse new calls, then wait (bounded) for those in flight. An interrupt does not end the
     * wait early (returning would let OpenBLAS unload under the running calls); it is kept for the thread.
     */
    static void drain() {
        closed = true;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(DRAIN_SECONDS);
        boolean told = false;
        boolean interrupted = false;
        while (inFlight() > 0) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                System.err.println("ffmblas: the JVM is exiting while " + inFlight() + " OpenBLAS call(s) still run"
                        + " after " + DRAIN_SECONDS + " s; OpenBLAS may crash the process as it unloads");
                break;
            }
            if (!told && left < TimeUnit.SECONDS.toNanos(DRAIN_SECONDS - 1)) {
                System.err.println("ffmblas: the JVM is exiting; waiting up to " + DRAIN_SECONDS + " s for "
                        + inFlight() + " running OpenBLAS call(s) to return");
                told = true;
            }
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
