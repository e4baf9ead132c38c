package io.github.ffmblas.attention.spi;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The calls in flight on a gemm that holds native resources: {@link #close()} waits for them and refuses later
 * ones, so the resources are freed only when nothing uses them. {@code enter(); try { ... } finally { exit(); }}
 * around every call.
 */
public final class CallGate {
    /** Calls in flight; {@link Integer#MIN_VALUE} added once closed. */
    private final AtomicInteger inFlight = new AtomicInteger();
    private final String closedMessage;

    /** {@code closedMessage}: what a call after {@link #close()} is told, e.g. "this OneDnnGemm is closed". */
    public CallGate(String closedMessage) {
        this.closedMessage = closedMessage;
    }

    /**
     * Counts a call in.
     *
     * @throws IllegalStateException once closed
     */
    public void enter() {
        if (inFlight.getAndIncrement() < 0) {
            inFlight.getAndDecrement();
            throw new IllegalStateException(closedMessage);
        }
    }

    /** Counts a call out. */
    public void exit() {
        inFlight.getAndDecrement();
    }

    /**
     * Refuses later calls and waits for those in flight.
     *
     * @return whether this call closed it (false: it was closed already)
     */
    public boolean close() {
        int seen;
        do {
            seen = inFlight.get();
            if (seen < 0) {
                return false;
            }
        } while (!inFlight.compareAndSet(seen, seen + Integer.MIN_VALUE));
        while (inFlight.get() != Integer.MIN_VALUE) {
            Thread.onSpinWait();
        }
        return true;
    }
}
