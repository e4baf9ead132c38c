package io.github.ffmblas.attention;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * Scratch memory for forward passes, reused from call to call so a steady-state forward allocates no native
 * memory: it grows to the largest shape seen and stays there.
 *
 * <p>A workspace belongs to one thread. {@link #create()} makes one owned by the calling thread and freed by
 * {@link #close()}; {@link #forCurrentThread()} is the per-thread default that the forward calls without a
 * workspace use (its memory is freed by the garbage collector once the thread is gone).
 */
public final class Workspace implements AutoCloseable {
    private static final ThreadLocal<Workspace> PER_THREAD = ThreadLocal.withInitial(() -> new Workspace(false));
    /** Carved regions start on 64-byte boundaries. */
    private static final long ALIGN_FLOATS = 16;

    private final Thread owner;
    private final boolean closeable;
    private Arena arena;
    private MemorySegment slab = MemorySegment.NULL;
    private long allocatedBytes;
    private int allocations;
    private boolean closed;

    private Workspace(boolean closeable) {
        this.owner = Thread.currentThread();
        this.closeable = closeable;
    }

    /** A workspace owned by the calling thread; close it to free its memory. */
    public static Workspace create() {
        return new Workspace(true);
    }

    /** The calling thread's default workspace. */
    public static Workspace forCurrentThread() {
        return PER_THREAD.get();
    }

    /** The thread that may use this workspace. */
    public Thread owner() {
        return owner;
    }

    /** Native bytes this workspace has allocated over its life (it only grows). */
    public long allocatedBytes() {
        return allocatedBytes;
    }

    /** How many times this workspace has allocated memory. */
    public int allocations() {
        return allocations;
    }

    /** Bytes held now. */
    public long capacityBytes() {
        return slab.byteSize();
    }

    /**
     * A segment of at least {@code floats} floats, valid until the next call. Grows (dropping the old contents)
     * only when the current one is too small.
     */
    MemorySegment reserve(long floats) {
        checkUsable();
        long bytes = Math.multiplyExact(floats, (long) Float.BYTES);
        if (slab.byteSize() < bytes) {
            // Free the old slab before taking a bigger one: an explicit workspace never holds two.
            if (arena != null && closeable) {
                arena.close();
            }
            arena = closeable ? Arena.ofConfined() : Arena.ofAuto();
            slab = arena.allocate(Math.max(bytes, 64), 64);
            allocatedBytes += slab.byteSize();
            allocations++;
        }
        return slab;
    }

    void checkUsable() {
        if (Thread.currentThread() != owner) {
            throw new WrongThreadException("this Workspace belongs to thread '" + owner.getName()
                    + "'; give each thread its own (Workspace.create() or Workspace.forCurrentThread())");
        }
        if (closed) {
            throw new IllegalStateException("this Workspace is closed");
        }
    }

    /** Rounds a float count up to the alignment of carved regions. */
    static long aligned(long floats) {
        return (floats + ALIGN_FLOATS - 1) / ALIGN_FLOATS * ALIGN_FLOATS;
    }

    @Override
    public void close() {
        if (!closeable) {
            throw new UnsupportedOperationException("the per-thread workspace is freed by the garbage collector");
        }
        checkUsable();
        closed = true;
        if (arena != null) {
            arena.close();
        }
        slab = MemorySegment.NULL;
    }
}
