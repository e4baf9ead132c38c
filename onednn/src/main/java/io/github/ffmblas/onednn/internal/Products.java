package io.github.ffmblas.onednn.internal;

import static io.github.ffmblas.onednn.dnnl.dnnl_h.C_POINTER;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_stream_create;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_stream_default_flags;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_stream_destroy;
import static io.github.ffmblas.onednn.internal.Dnnl.check;
import static io.github.ffmblas.onednn.internal.Dnnl.read;

import io.github.ffmblas.bindings.SgemmContract;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * One thread's oneDNN state: its stream (streams are not thread-safe) and the primitives it made, one per product
 * shape, the most recent first. Used by its thread only; destroyed by whoever closes the owner once no product runs.
 */
public final class Products {
    private final PackedWeights packs;
    private final MemorySegment stream;
    private final ShapeCache<Matmul> matmuls = new ShapeCache<>();
    private final ShapeCache<BatchMatmul> batches = new ShapeCache<>();
    /** The key of the call at hand, refilled on every call (looking up allocates nothing). */
    private final long[] matmulKey = new long[Matmul.KEY_LENGTH];
    private final long[] batchKey = new long[BatchMatmul.KEY_LENGTH];
    /** Staging for operands in memory another thread could free: A, and C. */
    private MemorySegment stagedA = MemorySegment.NULL;
    private MemorySegment stagedC = MemorySegment.NULL;

    public Products(PackedWeights packs) {
        this.packs = packs;
        Dnnl.oneOpenMpThread();
        try (Arena temp = Arena.ofConfined()) {
            MemorySegment out = temp.allocate(C_POINTER);
            check(dnnl_stream_create(out, Dnnl.engine(), dnnl_stream_default_flags()), "dnnl_stream_create");
            stream = read(out);
        }
    }

    /**
     * Runs {@code C (+)= A op(B)} on oneDNN and returns true, or returns false where oneDNN has no primitive for
     * the shape. Operands are checked; B is a constant. oneDNN reads A and writes C by address, which the JDK
     * cannot keep alive during the call: memory nobody else can free meanwhile (global scope, or confined to this
     * thread, whose owner is here) is used in place; other memory (a shared or automatic arena, a file's mapping)
     * is staged: A copied in, C copied in and out, through the segment API, which fails cleanly if it was freed.
     */
    public boolean run(int m, int n, int k, MemorySegment a, long aOffset, int lda, MemorySegment b, long bOffset,
                       int ldb, boolean transposed, MemorySegment c, long cOffset, int ldc, boolean accumulate) {
        return run(m, n, k, a, aOffset, lda, b, bOffset, ldb, transposed, null, 0, c, cOffset, ldc, accumulate);
    }

    /** As {@link #run(int, int, int, MemorySegment, long, int, MemorySegment, long, int, boolean, MemorySegment,
     * long, int, boolean)}, plus a constant bias ({@code n} floats at {@code biasOffset}) when {@code bias} is not null. */
    public boolean run(int m, int n, int k, MemorySegment a, long aOffset, int lda, MemorySegment b, long bOffset,
                       int ldb, boolean transposed, MemorySegment bias, long biasOffset, MemorySegment c,
                       long cOffset, int ldc, boolean accumulate) {
        long biasAddress = bias == null ? 0 : bias.address() + biasOffset * Float.BYTES;
        boolean stageA = !guarded(a);
        boolean stageC = !guarded(c);
        int lda2 = stageA ? k : lda;
        int ldc2 = stageC ? n : ldc;
        Matmul.key(matmulKey, m, n, k, lda2, ldc2, accumulate, b.address() + bOffset * Float.BYTES, ldb, transposed,
                biasAddress);
        Matmul matmul = matmuls.find(matmulKey);
        if (matmul == null) {
            if (matmuls.isUnsupported(matmulKey)) {
                return false;
            }
            matmul = matmuls.add(matmulKey, Matmul.create(packs, stream, m, n, k, b, bOffset, ldb, transposed, lda2,
                    ldc2, accumulate, bias, biasOffset));
            if (matmul == null) {
                return false;
            }
        }
        long aAddress = a.address() + aOffset * Float.BYTES;
        if (stageA) {
            stagedA = atLeast(stagedA, (long) m * k);
            copyRows(a, aOffset, lda, stagedA, 0, k, m, k);
            aAddress = stagedA.address();
        }
        long cAddress = c.address() + cOffset * Float.BYTES;
        if (stageC) {
            stagedC = atLeast(stagedC, (long) m * n);
            if (accumulate) {
                copyRows(c, cOffset, ldc, stagedC, 0, n, m, n);
            }
            cAddress = stagedC.address();
        }
        matmul.run(stream, aAddress, cAddress);
        if (stageC) {
            copyRows(stagedC, 0, n, c, cOffset, ldc, m, n);
        }
        return true;
    }

    /**
     * Runs a batch ({@code count} items at {@code offset + i * stride}; nothing constant) on oneDNN and returns true,
     * or returns false where it cannot: oneDNN has no primitive, or an operand is memory another thread could free
     * (a batch is not staged). Operands are checked.
     */
    public boolean runBatch(int m, int n, int k, float alpha, MemorySegment a, long aOffset, int lda, long strideA,
                            MemorySegment b, long bOffset, int ldb, long strideB, boolean transposed,
                            MemorySegment c, long cOffset, int ldc, long strideC, int count, boolean accumulate) {
        if (!guarded(a) || !guarded(b) || !guarded(c)) {
            return false;
        }
        BatchMatmul.key(batchKey, m, n, k, lda, ldb, ldc, strideA, strideB, strideC, count, transposed, accumulate,
                alpha);
        BatchMatmul batch = batches.find(batchKey);
        if (batch == null) {
            if (batches.isUnsupported(batchKey)) {
                return false;
            }
            batch = batches.add(batchKey, BatchMatmul.create(batchKey));
            if (batch == null) {
                return false;
            }
        }
        batch.run(stream, a.address() + aOffset * Float.BYTES, b.address() + bOffset * Float.BYTES,
                c.address() + cOffset * Float.BYTES);
        return true;
    }

    /** Nobody can free {@code s} while this thread is here: global scope, or confined to this thread. */
    static boolean guarded(MemorySegment s) {
        if (s.isMapped()) {
            return false; // never read in place: a file truncated meanwhile would fault inside native code
        }
        return SgemmContract.ownedOrGlobal(s); // the facade's checks have run: confined means to this thread
    }

    private static MemorySegment atLeast(MemorySegment current, long floats) {
        // Automatic memory: this object holds it while in use; destroy() may run on another thread.
        return current.byteSize() >= floats * Float.BYTES ? current : Arena.ofAuto().allocate(floats * Float.BYTES, 64);
    }

    /** {@code rows} rows of {@code cols} floats from one strided matrix to another, through the segment API. */
    static void copyRows(MemorySegment from, long fromOffset, int fromLd, MemorySegment to, long toOffset,
                                 int toLd, int rows, int cols) {
        for (int r = 0; r < rows; r++) {
            MemorySegment.copy(from, (fromOffset + (long) r * fromLd) * Float.BYTES, to,
                    (toOffset + (long) r * toLd) * Float.BYTES, (long) cols * Float.BYTES);
        }
    }

    /** The implementations of the primitives held, most recent first (for reports). */
    public List<String> implementations() {
        return matmuls.primitives().stream().map(Matmul::implementation).toList();
    }

    public void destroy() {
        matmuls.destroy();
        batches.destroy();
        dnnl_stream_destroy(stream);
        stagedA = MemorySegment.NULL;
        stagedC = MemorySegment.NULL;
    }
}
