package io.github.ffmblas.attention;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.Objects;

/**
 * The projected keys and values of up to {@code maxLength} tokens for each of {@code batch} sequences: what
 * incremental decoding attends over, so a step projects and attends only its new tokens. Keys and values are two
 * {@code [batch, heads, maxLength, depth]} buffers (ONNX Runtime's BNSH): head {@code h} of item {@code b} is a
 * dense {@code [maxLength, depth]} matrix, handed to BLAS as a view. (Heads as column blocks of one
 * {@code [batch, maxLength, d_model]} buffer, as the forward keeps them, cost a one-token step at 2,048 cached tokens
 * about a quarter more: each head then reads 256 of every 3,072 bytes, which the hardware prefetches poorly.)
 * Each item has its own length (ragged batches): the rows past it are unused.
 *
 * <p>Filled by the steps of a {@link MultiHeadAttention} or {@link AttentionModel}: {@code decode} appends the new
 * tokens' keys and values and attends over everything cached (self-attention); {@code appendKeyValues} only appends
 * (an encoder's output, projected once for cross-attention) and {@code attend} only attends. The cache holds no
 * weights: any model of its {@code d_model} and heads may use it, which is the caller's business.
 *
 * <p>A cache belongs to the thread that made it, like a {@link Workspace}: give each request thread its own.
 * {@link #allocate(Attention, int, int)} owns its memory (freed by {@link #close()});
 * {@link #allocate(Arena, Attention, int, int)} takes it from the caller's arena, which decides how long it lives.
 */
public final class KeyValueCache implements AutoCloseable {
    private final int batch;
    private final int maxLength;
    private final int dModel;
    private final int heads;
    private final Thread owner = Thread.currentThread();
    /** Ours to close, or null when the memory is the caller's. */
    private final Arena arena;
    /** Keys, then values: {@code 2 * batch * maxLength * dModel} floats. */
    private final MemorySegment memory;
    private final long valuesAt;
    private final int[] lengths;
    private boolean closed;

    private KeyValueCache(Arena arena, MemorySegment memory, int batch, int maxLength, int dModel, int heads) {
        this.arena = arena;
        this.memory = memory;
        this.batch = batch;
        this.maxLength = maxLength;
        this.dModel = dModel;
        this.heads = heads;
        this.valuesAt = (long) batch * maxLength * dModel;
        this.lengths = new int[batch];
    }

    /**
     * A cache for {@code model}'s d_model and heads, in memory of its own, confined to the calling thread and freed
     * by {@link #close()}.
     */
    public static KeyValueCache allocate(Attention model, int batch, int maxLength) {
        long bytes = bytes(model, batch, maxLength);
        Arena arena = Arena.ofConfined();
        try {
            return new KeyValueCache(arena, arena.allocate(bytes, 64), batch, maxLength, model.dModel(),
                    model.numHeads());
        } catch (RuntimeException | Error e) {
            arena.close();
            throw e;
        }
    }

    /**
     * A cache in {@code arena}'s memory, which lives as long as that arena; {@link #close()} then only retires the
     * cache. Still used by the calling thread alone.
     */
    public static KeyValueCache allocate(Arena arena, Attention model, int batch, int maxLength) {
        Objects.requireNonNull(arena, "arena");
        MemorySegment memory = arena.allocate(bytes(model, batch, maxLength), 64);
        if (memory.isReadOnly() || !memory.isNative()) {
            throw new IllegalArgumentException("the arena gave read-only or heap memory; a cache is written to");
        }
        return new KeyValueCache(null, memory, batch, maxLength, model.dModel(), model.numHeads());
    }

    private static long bytes(Attention model, int batch, int maxLength) {
        Objects.requireNonNull(model, "model");
        int dModel = model.dModel();
        if (batch < 1 || maxLength < 1) {
            throw new IllegalArgumentException("batch and maxLength must be >= 1, got " + batch + " and "
                    + maxLength);
        }
        long rows = Math.multiplyExact((long) batch, (long) maxLength);
        if (rows > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("batch * maxLength = " + rows + " rows: more than 2^31");
        }
        return Math.multiplyExact(Math.multiplyExact(rows, 2L * dModel), (long) Float.BYTES);
    }

    public int batch() {
        return batch;
    }

    public int maxLength() {
        return maxLength;
    }

    public int dModel() {
        return dModel;
    }

    public int numHeads() {
        return heads;
    }

    /** The thread that may use this cache. */
    public Thread owner() {
        return owner;
    }

    /** Tokens cached for batch item {@code item}. */
    public int length(int item) {
        Objects.checkIndex(item, batch);
        return lengths[item];
    }

    /** The longest item's length. */
    public int maxCachedLength() {
        int max = 0;
        for (int l : lengths) {
            max = Math.max(max, l);
        }
        return max;
    }

    /** Empties every item (the memory is kept). */
    public void reset() {
        checkUsable();
        Arrays.fill(lengths, 0);
    }

    /**
     * Drops the last {@code tokens} tokens of every item, e.g. the rejected draft tokens of speculative decoding.
     *
     * @throws IllegalArgumentException when an item holds fewer; nothing is dropped then
     */
    public void truncate(int tokens) {
        checkUsable();
        for (int b = 0; b < batch; b++) {
            checkTruncate(b, tokens);
        }
        for (int b = 0; b < batch; b++) {
            lengths[b] -= tokens;
        }
    }

    /** Drops the last {@code tokens} tokens of item {@code item}. */
    public void truncate(int item, int tokens) {
        checkUsable();
        Objects.checkIndex(item, batch);
        checkTruncate(item, tokens);
        lengths[item] -= tokens;
    }

    private void checkTruncate(int item, int tokens) {
        if (tokens < 0 || tokens > lengths[item]) {
            throw new IllegalArgumentException("cannot drop " + tokens + " tokens of item " + item + ", which holds "
                    + lengths[item]);
        }
    }

    /**
     * The keys, {@code [batch, heads, maxLength, depth]}, read-only: key j of item b for head h is at
     * {@code [b, h, j]} (rows past each item's length are stale).
     */
    public Tensor keys() {
        return Tensor.of(memory.asSlice(0, valuesAt * Float.BYTES).asReadOnly(), batch, heads, maxLength,
                dModel / heads);
    }

    /** The values, {@code [batch, heads, maxLength, depth]}, read-only. */
    public Tensor values() {
        return Tensor.of(memory.asSlice(valuesAt * Float.BYTES).asReadOnly(), batch, heads, maxLength,
                dModel / heads);
    }

    /** Bytes of keys and values. */
    public long byteSize() {
        return memory.byteSize();
    }

    public boolean isClosed() {
        return closed;
    }

    /** Frees the memory when the cache owns it; either way the cache may not be used any more. Idempotent. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        checkOwner();
        closed = true;
        if (arena != null) {
            arena.close();
        }
    }

    /** Usable by this thread now: not closed, its memory alive, the caller its owner. Allocates nothing. */
    void checkUsable() {
        checkOwner();
        if (closed) {
            throw new IllegalStateException("this KeyValueCache is closed");
        }
        if (!memory.scope().isAlive()) {
            throw new IllegalStateException("the KeyValueCache's memory was freed (the arena it came from is closed)");
        }
    }

    private void checkOwner() {
        if (Thread.currentThread() != owner) {
            throw new WrongThreadException("this KeyValueCache belongs to thread '" + owner.getName()
                    + "'; give each thread its own");
        }
    }

    MemorySegment memory() {
        return memory;
    }

    /** Where the values start in {@link #memory()}, in floats (the keys start at 0). */
    long valuesAt() {
        return valuesAt;
    }

    /** The live per-item lengths, which a step reads and advances. */
    int[] lengthsArray() {
        return lengths;
    }

    @Override
    public String toString() {
        return "KeyValueCache[batch=" + batch + ", maxLength=" + maxLength + ", d_model=" + dModel + ", heads="
                + heads + ", lengths="
                + Arrays.toString(lengths) + (closed ? ", closed" : "") + "]";
    }
}
