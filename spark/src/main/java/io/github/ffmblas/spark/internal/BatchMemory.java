package io.github.ffmblas.spark.internal;

import io.github.ffmblas.attention.DType;
import io.github.ffmblas.attention.Tensor;
import io.github.ffmblas.attention.Workspace;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A task's native memory: the batch's input, mask and output tensors and the forward's {@link Workspace}, all owned
 * by the thread that runs the task. Buffers grow to the largest batch seen and are reused; {@link #close()} frees
 * everything, when the partition ends or when the task completes however it completes.
 *
 * <p>Confined to the task's thread, not shared: oneDNN (with {@code ffmblas-onednn}) reads such memory in place,
 * where it would first copy memory another thread could free.
 */
final class BatchMemory implements AutoCloseable {
    /** Native bytes held by the batch buffers of every task of this JVM, for tests (workspaces not counted). */
    static final AtomicLong LIVE_BYTES = new AtomicLong();
    /** Open instances in this JVM, for tests. */
    static final AtomicLong LIVE = new AtomicLong();

    enum Role { QUERY, KEY, VALUE, MASK, OUTPUT, WEIGHTS }

    private final int threads;
    private final long[] capacity = new long[Role.values().length];
    private final MemorySegment[] segments = new MemorySegment[Role.values().length];
    private Arena arena;
    private long held;
    private Workspace workspace;
    private boolean closed;

    /** @param threads how many threads each forward runs on (the task's cores) */
    BatchMemory(int threads) {
        this.threads = threads;
        LIVE.incrementAndGet();
    }

    /**
     * Makes every role at least {@code bytes[role]} large (0: unused); when one must grow, all are allocated anew
     * at the larger of their old and new sizes, in a fresh arena, and the old one is freed.
     */
    void reserve(long[] bytes) {
        checkOpen();
        boolean grow = arena == null;
        for (int r = 0; r < bytes.length && !grow; r++) {
            grow = bytes[r] > capacity[r];
        }
        if (!grow) {
            return;
        }
        freeArena();
        arena = Arena.ofConfined();
        for (int r = 0; r < bytes.length; r++) {
            capacity[r] = Math.max(capacity[r], bytes[r]);
            segments[r] = capacity[r] == 0 ? MemorySegment.NULL : arena.allocate(capacity[r], 64);
            held += capacity[r];
        }
        LIVE_BYTES.addAndGet(held);
    }

    /** An F32 tensor of {@code shape} at the start of {@code role}'s buffer (reserved large enough). */
    Tensor tensor(Role role, int... shape) {
        return tensor(role, DType.F32, shape);
    }

    Tensor tensor(Role role, DType dtype, int... shape) {
        long bytes = (long) dtype.byteSize();
        for (int d : shape) {
            bytes *= d;
        }
        return Tensor.of(segments[role.ordinal()].asSlice(0, bytes), dtype, shape);
    }

    Workspace workspace() {
        checkOpen();
        if (workspace == null) {
            workspace = Workspace.create(threads);
        }
        return workspace;
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("the task's attention buffers are already freed");
        }
    }

    private void freeArena() {
        if (arena != null) {
            arena.close();
            arena = null;
            LIVE_BYTES.addAndGet(-held);
            held = 0;
        }
    }

    /** Frees the buffers and the workspace; again does nothing. Must run on the task's thread. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        LIVE.decrementAndGet();
        try {
            if (workspace != null) {
                workspace.close();
            }
        } finally {
            freeArena();
        }
    }
}
