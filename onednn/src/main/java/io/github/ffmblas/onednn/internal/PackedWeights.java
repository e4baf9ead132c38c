package io.github.ffmblas.onednn.internal;

import static io.github.ffmblas.onednn.dnnl.dnnl_h.C_POINTER;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.DNNL_ARG_FROM;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.DNNL_ARG_TO;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.DNNL_MEMORY_ALLOCATE;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_f32;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_memory_create;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_memory_desc_clone;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_memory_desc_create_with_strides;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_memory_desc_destroy;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_memory_desc_equal;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_memory_desc_get_size;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_memory_destroy;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_primitive_create;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_primitive_desc_destroy;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_primitive_destroy;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_primitive_execute;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_reorder_primitive_desc_create;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_stream_wait;
import static io.github.ffmblas.onednn.internal.Dnnl.check;
import static io.github.ffmblas.onednn.internal.Dnnl.read;

import io.github.ffmblas.onednn.dnnl.dnnl_exec_arg_t;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;

/**
 * Constant B operands reordered once into the layout a matmul primitive reads (oneDNN's blocked weights), shared
 * by every thread: one entry per block of constant memory and layout. The reorder reads a copy of the block taken
 * through the segment API, so memory freed meanwhile fails in Java, not in native code.
 */
public final class PackedWeights implements AutoCloseable {
    /** One reordered block: where it came from (address, shape, stride, orientation) and its layout. */
    record Entry(long address, int n, int k, int ldb, boolean transposed, MemorySegment md, MemorySegment memory) {
        boolean holds(long address, int n, int k, int ldb, boolean transposed, MemorySegment md) {
            return this.address == address && this.n == n && this.k == k && this.ldb == ldb
                    && this.transposed == transposed && dnnl_memory_desc_equal(this.md, md) == 1;
        }
    }

    private final List<Entry> entries = new ArrayList<>();
    private long bytes;
    private boolean closed;

    /**
     * The oneDNN memory holding op(B) ({@code k x n}, B at {@code offset} floats in {@code b} with leading dimension
     * {@code ldb}, stored {@code n x k} when transposed) in layout {@code md}, reordered on first request on
     * {@code stream}.
     */
    public synchronized MemorySegment packed(MemorySegment b, long offset, int ldb, boolean transposed, int n, int k,
                                             MemorySegment md, MemorySegment stream) {
        if (closed) {
            throw new IllegalStateException("the packed weights were freed (the OneDnnGemm is closed)");
        }
        long address = b.address() + offset * Float.BYTES;
        for (Entry e : entries) {
            if (e.holds(address, n, k, ldb, transposed, md)) {
                return e.memory();
            }
        }
        Entry e = reorder(b, offset, ldb, transposed, n, k, md, stream);
        entries.add(e);
        bytes += dnnl_memory_desc_get_size(md);
        return e.memory();
    }

    /** Bytes of reordered weights held. */
    public synchronized long bytes() {
        return bytes;
    }

    private static Entry reorder(MemorySegment b, long offset, int ldb, boolean transposed, int n, int k,
                                 MemorySegment md, MemorySegment stream) {
        MemorySegment engine = Dnnl.engine();
        try (Arena arena = Arena.ofConfined()) {
            // The block, dense: n rows of k (transposed) or k rows of n.
            int rows = transposed ? n : k;
            int cols = transposed ? k : n;
            MemorySegment dense = arena.allocate((long) rows * cols * Float.BYTES, 64);
            Products.copyRows(b, offset, ldb, dense, 0, cols, rows, cols);
            MemorySegment dims = arena.allocateFrom(ValueLayout.JAVA_LONG, k, n);
            MemorySegment strides = transposed ? arena.allocateFrom(ValueLayout.JAVA_LONG, 1, k)
                    : arena.allocateFrom(ValueLayout.JAVA_LONG, n, 1);
            MemorySegment out = arena.allocate(C_POINTER);
            check(dnnl_memory_desc_create_with_strides(out, 2, dims, dnnl_f32(), strides), "dnnl_memory_desc_create_with_strides");
            MemorySegment userMd = read(out);
            check(dnnl_memory_create(out, userMd, engine, dense), "dnnl_memory_create");
            MemorySegment user = read(out);
            check(dnnl_memory_desc_clone(out, md), "dnnl_memory_desc_clone");
            MemorySegment ownMd = read(out);
            check(dnnl_memory_create(out, ownMd, engine, DNNL_MEMORY_ALLOCATE()), "dnnl_memory_create");
            MemorySegment packed = read(out);
            check(dnnl_reorder_primitive_desc_create(out, userMd, engine, ownMd, engine, MemorySegment.NULL),
                    "dnnl_reorder_primitive_desc_create");
            MemorySegment pd = read(out);
            check(dnnl_primitive_create(out, pd), "dnnl_primitive_create");
            MemorySegment reorder = read(out);
            MemorySegment args = dnnl_exec_arg_t.allocateArray(2, arena);
            dnnl_exec_arg_t.arg(dnnl_exec_arg_t.asSlice(args, 0), DNNL_ARG_FROM());
            dnnl_exec_arg_t.memory(dnnl_exec_arg_t.asSlice(args, 0), user);
            dnnl_exec_arg_t.arg(dnnl_exec_arg_t.asSlice(args, 1), DNNL_ARG_TO());
            dnnl_exec_arg_t.memory(dnnl_exec_arg_t.asSlice(args, 1), packed);
            check(dnnl_primitive_execute(reorder, stream, 2, args), "dnnl_primitive_execute (reorder)");
            check(dnnl_stream_wait(stream), "dnnl_stream_wait");
            dnnl_primitive_destroy(reorder);
            dnnl_primitive_desc_destroy(pd);
            dnnl_memory_destroy(user);
            dnnl_memory_desc_destroy(userMd);
            long address = b.address() + offset * Float.BYTES;
            return new Entry(address, n, k, ldb, transposed, ownMd, packed);
        }
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (Entry e : entries) {
            dnnl_memory_destroy(e.memory());
            dnnl_memory_desc_destroy(e.md());
        }
        entries.clear();
        bytes = 0;
    }
}
