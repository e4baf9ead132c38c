package io.github.ffmblas.attention;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * Keeps an {@link AttentionModel}'s forwards and its {@code close()} apart: close refuses new forwards, then waits
 * for those in flight before the model frees its weights. Freeing them under a running forward could otherwise
 * unmap memory that OpenBLAS is reading (FFM refuses to close an arena in use by a downcall, but memory handed to
 * the forward by address, as the model does to avoid allocating, has no such guard: this gate is that guard).
 *
 * <p>One atomic int, so a forward allocates nothing and threads contend only on one cache line (a forward takes
 * at least tens of microseconds): twice the forwards in flight, plus one once closed.
 */
final class ModelGate {
    private static final int CLOSED = 1;
    private static final long PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    private final AtomicInteger state = new AtomicInteger();
    /** The most forwards seen in flight at once. */
    private final AtomicInteger peak = new AtomicInteger();
    /** The thread waiting in {@link #closeAndDrain}, woken by the last forward to leave. */
    private volatile Thread closer;

    /**
     * Counts a forward in; returns how many are in flight now, this one included.
     *
     * @throws IllegalStateException naming the model once it is closed (or closing)
     */
    int enter(String model) {
        for (;;) {
            int s = state.get();
            if ((s & CLOSED) != 0) {
                throw new IllegalStateException("AttentionModel '" + model + "' is closed");
            }
            if (state.compareAndSet(s, s + 2)) {
                int inFlight = (s >> 1) + 1;
                int p = peak.get();
                while (inFlight > p && !peak.compareAndSet(p, inFlight)) {
                    p = peak.get();
                }
                return inFlight;
            }
        }
    }

    void leave() {
        if (state.addAndGet(-2) == CLOSED) {
            Thread t = closer;
            if (t != null) {
                LockSupport.unpark(t);
            }
        }
    }

    /** Forwards in flight now. */
    int inFlight() {
        return state.get() >> 1;
    }

    int peak() {
        return peak.get();
    }

    boolean isClosed() {
        return (state.get() & CLOSED) != 0;
    }

    /**
     * Refuses new forwards, then waits for those in flight to return, however long they take: the memory they
     * use may only be freed after. An interrupt does not end the wait (it is kept for the thread). Returns
     * whether this call closed the gate (false when it was closed already).
     */
    boolean closeAndDrain() {
        closer = Thread.currentThread();
        int before;
        do {
            before = state.get();
        } while (!state.compareAndSet(before, before | CLOSED));
        boolean interrupted = false;
        while (state.get() != CLOSED) {
            LockSupport.parkNanos(this, PARK_NANOS); // bounded: a second closer may have taken the wake-up
            interrupted |= Thread.interrupted();
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        return (before & CLOSED) == 0;
    }
}
