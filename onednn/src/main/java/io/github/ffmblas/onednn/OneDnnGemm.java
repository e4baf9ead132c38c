package io.github.ffmblas.onednn;

import io.github.ffmblas.attention.AttentionWeights;
import io.github.ffmblas.attention.Gemm;
import io.github.ffmblas.attention.Tensor;
import io.github.ffmblas.attention.spi.CallGate;
import io.github.ffmblas.bindings.Layout;
import io.github.ffmblas.bindings.SgemmContract;
import io.github.ffmblas.bindings.Transpose;
import io.github.ffmblas.onednn.internal.Dnnl;
import io.github.ffmblas.onednn.internal.PackedWeights;
import io.github.ffmblas.onednn.internal.Products;
import java.lang.foreign.MemorySegment;
import java.lang.ref.Reference;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Attention's products on oneDNN where B is a constant the caller named (the weights), with B reordered once into
 * the blocked layout oneDNN's AVX-512 matmul kernel reads, as ONNX Runtime packs its weights once; every other
 * product on {@code others} ({@link Gemm#NATIVE}, OpenBLAS, by default).
 *
 * <p>B is recognised by address: a product whose B lies inside one of the constant segments is computed from the
 * reordered copy made on its first use, so the constants must not change afterwards (like an ONNX Runtime session's
 * initializers). Arguments are checked as {@link io.github.ffmblas.bindings.Blas#sgemm} checks them
 * ({@link SgemmContract}): the same exceptions, before any work.
 *
 * <p>oneDNN reads A and writes C by address, outside any call through which the JDK could keep their memory alive.
 * Memory nobody can free while the product runs (the global scope, or confined to the calling thread, whose owner
 * is here) is used in place; other native memory (a shared or automatic arena, a file's mapping) is staged through
 * a per-thread buffer with the segment API, which fails cleanly if another thread frees it. Heap segments go to
 * {@code others}.
 *
 * <p>Any number of threads may use one instance; each gets its own oneDNN stream and primitives, and OpenMP inside
 * oneDNN runs on the calling thread alone. Virtual threads' products go to {@code others}: OpenMP's limit belongs
 * to the carrier thread, which a virtual thread may change between calls. {@link #close()} frees the reordered weights and every thread's
 * primitives; it waits for products in flight and refuses new ones.
 */
public final class OneDnnGemm implements Gemm, AutoCloseable {
    private final List<MemorySegment> constants;
    private final Gemm others;
    private final PackedWeights packs = new PackedWeights();
    private final ThreadLocal<Products> perThread = new ThreadLocal<>();
    private final ConcurrentLinkedQueue<Products> allThreads = new ConcurrentLinkedQueue<>();
    private final CallGate gate = new CallGate("this OneDnnGemm is closed");

    private OneDnnGemm(List<MemorySegment> constants, Gemm others) {
        this.constants = List.copyOf(constants);
        this.others = Objects.requireNonNull(others, "others");
        Dnnl.engine(); // loads oneDNN now: a missing library fails here, not in the first forward
    }

    /** For a model's weights: products on {@code in_proj_weight} and {@code out_proj.weight} go to oneDNN. */
    public static OneDnnGemm forWeights(AttentionWeights weights) {
        List<MemorySegment> segments = new ArrayList<>();
        for (Tensor t : weights.tensors()) {
            segments.add(t.segment());
        }
        return forConstants(segments, NATIVE);
    }

    /**
     * Products whose B lies inside one of {@code constants} (native segments the caller will not change) go to
     * oneDNN; the rest to {@code others}.
     */
    public static OneDnnGemm forConstants(List<MemorySegment> constants, Gemm others) {
        for (MemorySegment c : constants) {
            if (!Objects.requireNonNull(c, "constant").isNative()) {
                throw new IllegalArgumentException("a constant must be native memory, got a heap segment");
            }
        }
        return new OneDnnGemm(constants, others);
    }

    /** oneDNN's version, e.g. {@code 3.11.0}. */
    public static String version() {
        return Dnnl.version();
    }

    @Override
    public void multiply(Transpose transB, int m, int n, int k, float alpha, MemorySegment a, long aOffset, int lda,
                         MemorySegment b, long bOffset, int ldb, float beta, MemorySegment c, long cOffset, int ldc) {
        SgemmContract.check(Layout.ROW_MAJOR, Transpose.NO_TRANSPOSE, transB, m, n, k, a, aOffset, lda,
                b, bOffset, ldb, c, cOffset, ldc);
        gate.enter();
        try {
            if (m == 0 || n == 0) {
                return;
            }
            if (!oneDnnTakes(transB, n, k, alpha, a, b, bOffset, ldb, beta, c)
                    || !products().run(m, n, k, a, aOffset, lda, b, bOffset, ldb, transB != Transpose.NO_TRANSPOSE,
                    c, cOffset, ldc, beta == 1f)) {
                others.multiply(transB, m, n, k, alpha, a, aOffset, lda, b, bOffset, ldb, beta, c, cOffset, ldc);
            }
        } finally {
            Reference.reachabilityFence(a);
            Reference.reachabilityFence(c);
            gate.exit();
        }
    }

    /** The bias goes in as the primitive's own argument when it is a constant too (a copy made with the primitive). */
    @Override
    public void multiplyAddBias(Transpose transB, int m, int n, int k, MemorySegment a, long aOffset, int lda,
                                MemorySegment b, long bOffset, int ldb, MemorySegment bias, long biasOffset,
                                MemorySegment c, long cOffset, int ldc) {
        SgemmContract.check(Layout.ROW_MAJOR, Transpose.NO_TRANSPOSE, transB, m, n, k, a, aOffset, lda,
                b, bOffset, ldb, c, cOffset, ldc);
        SgemmContract.checkBias(m, n, bias, biasOffset, c, cOffset, ldc);
        gate.enter();
        try {
            if (m == 0 || n == 0) {
                return;
            }
            if (!oneDnnTakes(transB, n, k, 1f, a, b, bOffset, ldb, 0f, c) || !bias.isNative()
                    || !isConstant(bias.address() + biasOffset * Float.BYTES, (long) n * Float.BYTES)
                    || !products().run(m, n, k, a, aOffset, lda, b, bOffset, ldb, transB != Transpose.NO_TRANSPOSE,
                    bias, biasOffset, c, cOffset, ldc, false)) {
                Gemm.super.multiplyAddBias(transB, m, n, k, a, aOffset, lda, b, bOffset, ldb, bias, biasOffset,
                        c, cOffset, ldc);
            }
        } finally {
            Reference.reachabilityFence(a);
            Reference.reachabilityFence(c);
            gate.exit();
        }
    }

    /**
     * The heads' products: one oneDNN matmul over the whole batch, B read in place, or for {@code A B} batches
     * deeper than 512 reordered on every call into the kernel's layout (in place, oneDNN 3.11 took 1.2-1.5x
     * OpenBLAS's time there); all operands must be memory nobody else can free, else on {@code others}.
     */
    @Override
    public void multiplyBatch(Transpose transB, int m, int n, int k, float alpha,
                              MemorySegment a, long aOffset, int lda, long strideA,
                              MemorySegment b, long bOffset, int ldb, long strideB,
                              float beta, MemorySegment c, long cOffset, int ldc, long strideC, int count) {
        SgemmContract.checkBatch(Layout.ROW_MAJOR, Transpose.NO_TRANSPOSE, transB, m, n, k, a, aOffset, lda, strideA,
                b, bOffset, ldb, strideB, c, cOffset, ldc, strideC, count);
        gate.enter();
        try {
            if (m == 0 || n == 0 || count == 0) {
                return;
            }
            boolean transposed = transB != Transpose.NO_TRANSPOSE;
            // alpha = 0: BLAS reads neither A nor B (oneDNN would turn an Inf there into NaN in C).
            if (k == 0 || alpha == 0f || (beta != 0f && beta != 1f) || !a.isNative() || !b.isNative()
                    || !c.isNative() || Thread.currentThread().isVirtual()
                    || !products().runBatch(m, n, k, alpha, a, aOffset, lda, strideA, b, bOffset, ldb, strideB,
                    transposed, c, cOffset, ldc, strideC, count, beta == 1f)) {
                others.multiplyBatch(transB, m, n, k, alpha, a, aOffset, lda, strideA, b, bOffset, ldb, strideB,
                        beta, c, cOffset, ldc, strideC, count);
            }
        } finally {
            Reference.reachabilityFence(a);
            Reference.reachabilityFence(b);
            Reference.reachabilityFence(c);
            gate.exit();
        }
    }


    /** Whether this product is oneDNN's: plain (alpha 1, beta 0 or 1, k > 0), B a constant, A and C guarded. */
    private boolean oneDnnTakes(Transpose transB, int n, int k, float alpha, MemorySegment a, MemorySegment b,
                                long bOffset, int ldb, float beta, MemorySegment c) {
        if (k == 0 || alpha != 1f || (beta != 0f && beta != 1f) || !a.isNative() || !b.isNative()
                || !c.isNative() || Thread.currentThread().isVirtual()) {
            return false;
        }
        // B's extent: n rows of k (transposed) or k rows of n, at stride ldb.
        long floats = transB == Transpose.NO_TRANSPOSE ? (long) (k - 1) * ldb + n : (long) (n - 1) * ldb + k;
        return isConstant(b.address() + bOffset * Float.BYTES, floats * Float.BYTES);
    }

    /** Whether {@code bytes} from {@code start} lie inside one of the constants (which must still be alive). */
    private boolean isConstant(long start, long bytes) {
        for (int i = 0; i < constants.size(); i++) {
            MemorySegment constant = constants.get(i);
            long from = constant.address();
            if (start >= from && start + bytes <= from + constant.byteSize()) {
                if (!constant.scope().isAlive()) {
                    throw new IllegalStateException("the constants this OneDnnGemm was made for were freed");
                }
                return true;
            }
        }
        return false;
    }

    private Products products() {
        Products p = perThread.get();
        if (p == null) {
            p = new Products(packs);
            perThread.set(p);
            allThreads.add(p);
        }
        return p;
    }

    /** Bytes of reordered weights held (oneDNN's copies of the constants). */
    public long packedBytes() {
        return packs.bytes();
    }

    /** The oneDNN implementations of the calling thread's primitives, e.g. {@code brg_matmul:avx512_core}. */
    public List<String> implementations() {
        gate.enter();
        try {
            Products p = perThread.get();
            return p == null ? List.of() : p.implementations();
        } finally {
            gate.exit();
        }
    }

    /**
     * Frees the reordered weights and every thread's primitives, once no product runs; products after this throw
     * {@link IllegalStateException}. Idempotent.
     */
    @Override
    public void close() {
        if (!gate.close()) {
            return;
        }
        for (Products p; (p = allThreads.poll()) != null; ) {
            p.destroy();
        }
        packs.close();
    }

    @Override
    public String toString() {
        return "OneDnnGemm (oneDNN " + version() + ", others on " + others + ")";
    }
}
