package io.github.ffmblas.attention;

import io.github.ffmblas.attention.internal.Scratch;

/**
 * Scratch memory for forward passes, reused from call to call so a steady-state forward allocates no native
 * memory: it grows to the largest shape seen and stays there.
 *
 * <p>A workspace belongs to one thread. {@link #create()} makes one owned by the calling thread and freed by
 * {@link #close()}; {@link #forCurrentThread()} is the per-thread default that the forward calls without a
 * workspace use (its memory is freed by the garbage collector once the thread is gone).
 */
public final class Workspace implements AutoCloseable {
    private static final ThreadLocal<Workspace> PER_THREAD = ThreadLocal.withInitial(() -> new Workspace(false, 1));

    private final Scratch scratch;

    private Workspace(boolean closeable, int threads) {
        this.scratch = new Scratch(this, closeable, threads);
    }

    /** A workspace owned by the calling thread; close it to free its memory. Forwards run on the caller alone. */
    public static Workspace create() {
        return new Workspace(true, 1);
    }

    /**
     * A workspace owned by the calling thread whose forwards run on {@code threads} threads: the caller and
     * {@code threads - 1} helpers it owns (stopped by {@link #close()}). The projections are split by output
     * columns and the attention by heads and query tiles, each part one single-threaded OpenBLAS call, so set
     * OpenBLAS to one thread ({@code Blas.setNumThreads(1)}): its own workers would compete with these for the
     * cores. (How that compares with OpenBLAS's own threading: docs/performance.md.)
     */
    public static Workspace create(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1, got " + threads);
        }
        return new Workspace(true, threads);
    }

    /** The calling thread's default workspace. */
    public static Workspace forCurrentThread() {
        return PER_THREAD.get();
    }

    /** The thread that may use this workspace. */
    public Thread owner() {
        return scratch.owner();
    }

    /** How many threads a forward with this workspace runs on, the owner included. */
    public int threads() {
        return scratch.threads();
    }

    /** Native bytes this workspace has allocated over its life (it only grows). */
    public long allocatedBytes() {
        return scratch.allocatedBytes();
    }

    /** How many times this workspace has allocated memory. */
    public int allocations() {
        return scratch.allocations();
    }

    /** Bytes held now. */
    public long capacityBytes() {
        return scratch.capacityBytes();
    }

    /** The memory, helpers and plan behind this workspace, for the forward pass. */
    Scratch scratch() {
        return scratch;
    }

    @Override
    public void close() {
        scratch.close();
    }
}
