package io.github.ffmblas.attention;

import io.github.ffmblas.attention.internal.NativeKernels;
import io.github.ffmblas.attention.spi.CallGate;
import io.github.ffmblas.attention.spi.PackedHeads;
import io.github.ffmblas.bindings.Blas;
import io.github.ffmblas.bindings.Layout;
import io.github.ffmblas.bindings.SgemmContract;
import io.github.ffmblas.bindings.Transpose;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@link Backend#PACKED_AVX2}: the products on a model's weights ({@code x W^T}, the projections) on ffmblas's own
 * AVX2/FMA kernel with each weight packed once, here, into 16-column panels; a forward's head products on the same
 * kernel with each head's K and V packed once a forward by each thread that takes its tiles ({@link PackedHeads});
 * every other product on another gemm ({@link Gemm#NATIVE}, or oneDNN's for {@code Backend.PACKED_AVX2}). OpenBLAS
 * packs all of W on every call, a fixed 1.0 ms of the 5.8 ms L = 128 projection on Zen 3, and a head's K or V on every
 * tile (docs/performance.md).
 *
 * <p>A weight is recognised by address: a product whose B is whole rows of one, starting at a panel's first row
 * (a multiple of 16: the team's column parts are), with A and C native, runs on the packed copy. So the weights must
 * not change after this is made (as with oneDNN's reordered copies); products on weights freed since go to the other
 * gemm, whose checks see them.
 */
public final class PackedGemm implements Gemm, PackedHeads, AutoCloseable {
    private static final int PANEL = 16;

    /** A weight {@code [rows, cols]}, dense, at {@code address} in {@code source}, and its panels. */
    private record Packed(MemorySegment source, long address, int rows, int cols, MemorySegment panels) {}

    private final Arena arena = Arena.ofShared();
    private final Packed[] packed;
    private final AtomicLong kernelCalls = new AtomicLong();
    private final AtomicLong headCalls = new AtomicLong();
    private final CallGate gate = new CallGate("this PackedGemm is closed");
    private final Gemm others;

    private PackedGemm(List<MemorySegment> weights, List<int[]> shapes, Gemm others) {
        this.others = Objects.requireNonNull(others, "others");
        Packed[] all = new Packed[weights.size()];
        try {
            for (int i = 0; i < all.length; i++) {
                all[i] = pack(weights.get(i), shapes.get(i)[0], shapes.get(i)[1]);
            }
        } catch (RuntimeException e) {
            arena.close();
            throw e;
        }
        this.packed = all;
    }

    /**
     * Packs the model's weight matrices ({@code in_proj_weight}, {@code out_proj.weight}: its tensors of rank 2).
     *
     * @throws IllegalStateException when the kernel cannot run here, saying why (the CPU, or a jar built without it)
     */
    public static PackedGemm forWeights(AttentionWeights weights) {
        return forWeights(weights, NATIVE);
    }

    /**
     * As {@link #forWeights(AttentionWeights)}, every other product on {@code others}, which this then owns: closing
     * this closes it when it is {@link AutoCloseable}.
     */
    public static PackedGemm forWeights(AttentionWeights weights, Gemm others) {
        return forConstants(weights.tensors().stream().filter(t -> t.rank() == 2).toList(), others);
    }

    /**
     * Packs {@code matrices} (dense {@code [rows, cols]} float tensors; others, and those on the heap, are left to
     * {@code others}) as constant B operands of {@code x W^T} products; every other product on {@code others}
     * (owned, as above).
     *
     * @throws IllegalStateException when the kernel cannot run here, saying why
     */
    public static PackedGemm forConstants(List<Tensor> matrices, Gemm others) {
        String why = NativeKernels.unavailable();
        if (why != null) {
            throw new IllegalStateException(why);
        }
        List<MemorySegment> segments = new ArrayList<>();
        List<int[]> shapes = new ArrayList<>();
        for (Tensor t : matrices) {
            if (t.rank() == 2 && t.dtype() == DType.F32 && t.segment().isNative()) {
                segments.add(t.segment());
                shapes.add(new int[] {t.dim(0), t.dim(1)});
            }
        }
        return new PackedGemm(segments, shapes, others);
    }

    /** Why the kernel cannot run here, or null when it can. */
    public static String unavailable() {
        return NativeKernels.unavailable();
    }

    /**
     * Panel p of {@code w [rows, cols]}: its rows 16p .. 16p + 15 as cols x 16 floats, depth-major, zero-padded: the
     * layout {@code ffmblas_pack_rows} writes for a head's K too.
     */
    private Packed pack(MemorySegment w, int rows, int cols) {
        int panels = (rows + PANEL - 1) / PANEL;
        MemorySegment out = arena.allocate((long) panels * PANEL * cols * Float.BYTES, 64);
        NativeKernels.packRows(rows, cols, w, 0, cols, out, 0);
        return new Packed(w, w.address(), rows, cols, out);
    }

    @Override
    public void multiply(Transpose transB, int m, int n, int k, float alpha, MemorySegment a, long aOffset, int lda,
                         MemorySegment b, long bOffset, int ldb, float beta, MemorySegment c, long cOffset, int ldc) {
        gate.enter();
        try {
            Packed p = alpha == 1f && beta == 0f ? packedFor(transB, m, n, k, a, aOffset, lda, b, bOffset, ldb, c,
                    cOffset, ldc) : null;
            if (p == null) {
                others.multiply(transB, m, n, k, alpha, a, aOffset, lda, b, bOffset, ldb, beta, c, cOffset, ldc);
            } else if (m == 1) {
                Blas.sgemv(Layout.ROW_MAJOR, Transpose.NO_TRANSPOSE, n, k, 1f, b, bOffset, ldb, a, aOffset, 1, 0f, c,
                        cOffset, 1);
            } else {
                run(p, m, n, k, a, aOffset, lda, b, bOffset, MemorySegment.NULL, 0, c, cOffset, ldc);
            }
        } finally {
            gate.exit();
        }
    }

    @Override
    public void multiplyAddBias(Transpose transB, int m, int n, int k, MemorySegment a, long aOffset, int lda,
                                MemorySegment b, long bOffset, int ldb, MemorySegment bias, long biasOffset,
                                MemorySegment c, long cOffset, int ldc) {
        gate.enter();
        try {
            multiplyAddBiasEntered(transB, m, n, k, a, aOffset, lda, b, bOffset, ldb, bias, biasOffset, c, cOffset,
                    ldc);
        } finally {
            gate.exit();
        }
    }

    private void multiplyAddBiasEntered(Transpose transB, int m, int n, int k, MemorySegment a, long aOffset, int lda,
                                        MemorySegment b, long bOffset, int ldb, MemorySegment bias, long biasOffset,
                                        MemorySegment c, long cOffset, int ldc) {
        Packed p = packedFor(transB, m, n, k, a, aOffset, lda, b, bOffset, ldb, c, cOffset, ldc);
        if (p != null) {
            SgemmContract.checkBias(m, n, bias, biasOffset, c, cOffset, ldc);
        }
        if (p == null || !bias.isNative()) {
            others.multiplyAddBias(transB, m, n, k, a, aOffset, lda, b, bOffset, ldb, bias, biasOffset, c, cOffset,
                    ldc);
        } else if (m == 1) {
            // One row (a decoding step): OpenBLAS's sgemv on W as it is was as fast as the kernel at 2304 x 768
            // (110-135 us against 113-133, three runs; docs/bench/packed-sgemm-avx2.txt); both read every weight once.
            MemorySegment.copy(bias, biasOffset * Float.BYTES, c, cOffset * Float.BYTES, (long) n * Float.BYTES);
            Blas.sgemv(Layout.ROW_MAJOR, Transpose.NO_TRANSPOSE, n, k, 1f, b, bOffset, ldb, a, aOffset, 1, 1f, c,
                    cOffset, 1);
        } else {
            run(p, m, n, k, a, aOffset, lda, b, bOffset, bias, biasOffset, c, cOffset, ldc);
        }
    }

    @Override
    public void multiplyBatch(Transpose transB, int m, int n, int k, float alpha,
                              MemorySegment a, long aOffset, int lda, long strideA,
                              MemorySegment b, long bOffset, int ldb, long strideB,
                              float beta, MemorySegment c, long cOffset, int ldc, long strideC, int count) {
        gate.enter();
        try {
            others.multiplyBatch(transB, m, n, k, alpha, a, aOffset, lda, strideA, b, bOffset, ldb, strideB, beta,
                    c, cOffset, ldc, strideC, count);
        } finally {
            gate.exit();
        }
    }

    /**
     * The packed weight this product's B is, after the facade's checks of every operand, or null when the kernel
     * does not take it (B not whole rows of a weight from a panel's first row, A or C on the heap, an empty product).
     */
    private Packed packedFor(Transpose transB, int m, int n, int k, MemorySegment a, long aOffset, int lda,
                             MemorySegment b, long bOffset, int ldb, MemorySegment c, long cOffset, int ldc) {
        SgemmContract.check(Layout.ROW_MAJOR, Transpose.NO_TRANSPOSE, transB, m, n, k, a, aOffset, lda,
                b, bOffset, ldb, c, cOffset, ldc);
        if (transB == Transpose.NO_TRANSPOSE || m == 0 || n == 0 || k == 0 || !a.isNative() || !b.isNative()
                || !c.isNative()) {
            return null;
        }
        long start = b.address() + bOffset * Float.BYTES;
        for (Packed p : packed) {
            if (!p.source().scope().isAlive()) {
                continue; // freed since: B (checked alive above) is other memory now at that address
            }
            long rowBytes = (long) p.cols() * Float.BYTES;
            long at = start - p.address();
            if (at >= 0 && at < p.rows() * rowBytes && ldb == p.cols() && k == p.cols() && at % rowBytes == 0) {
                long row = at / rowBytes;
                return row % PANEL == 0 && row + n <= p.rows() ? p : null;
            }
        }
        return null;
    }

    private void run(Packed p, int m, int n, int k, MemorySegment a, long aOffset, int lda, MemorySegment b,
                     long bOffset, MemorySegment bias, long biasOffset, MemorySegment c, long cOffset, int ldc) {
        long row = (b.address() + bOffset * Float.BYTES - p.address()) / ((long) p.cols() * Float.BYTES);
        NativeKernels.sgemm(m, n, k, a, aOffset, lda, p.panels(), row * k, bias, biasOffset, c, cOffset, ldc);
        kernelCalls.incrementAndGet();
    }

    /**
     * Four when it packed weights: a part then costs a downcall and A read once more (on Zen 3, AVX2, with one of its
     * two cores slowed 17% by a neighbour, one part a thread left the faster thread waiting; docs/performance.md). One
     * otherwise: the projections go to the other gemm.
     */
    @Override
    public int partsPerThread() {
        return packed.length > 0 ? 4 : others.partsPerThread();
    }

    @Override
    public boolean packsHeads() {
        return true;
    }

    /** K's panels are ceil16(keys) x depth, V's keys x ceil16(depth): both fit in ceil16(keys) x ceil16(depth). */
    @Override
    public long panelFloats(int keys, int depth) {
        return panelled(keys) * panelled(depth);
    }

    @Override
    public void packKeys(int keys, int depth, MemorySegment k, long kOffset, int ldk, MemorySegment panels,
                         long panelsOffset) {
        String routine = "PackedGemm.packKeys";
        PanelChecks.positive(routine, "keys and depth", keys, depth);
        long span = PanelChecks.matrix(routine, "K", k, kOffset, keys, depth, ldk);
        long floats = panelled(keys) * depth;
        checkOutputPanels(routine, panels, panelsOffset, floats, "K", k, kOffset, span);
        gate.enter();
        try {
            NativeKernels.packRows(keys, depth, k, kOffset, ldk, panels, panelsOffset);
        } finally {
            gate.exit();
        }
    }

    @Override
    public void packValues(int keys, int depth, MemorySegment v, long vOffset, int ldv, MemorySegment panels,
                           long panelsOffset) {
        String routine = "PackedGemm.packValues";
        PanelChecks.positive(routine, "keys and depth", keys, depth);
        long span = PanelChecks.matrix(routine, "V", v, vOffset, keys, depth, ldv);
        long floats = keys * panelled(depth);
        checkOutputPanels(routine, panels, panelsOffset, floats, "V", v, vOffset, span);
        gate.enter();
        try {
            NativeKernels.packColumns(keys, depth, v, vOffset, ldv, panels, panelsOffset, (long) PANEL * keys);
        } finally {
            gate.exit();
        }
    }

    private static void checkOutputPanels(String routine, MemorySegment panels, long offset, long floats,
                                          String input, MemorySegment x, long xOffset, long span) {
        PanelChecks.panels(routine, panels, offset, floats);
        PanelChecks.writable(routine, "the panels", panels);
        PanelChecks.apart(routine, "the panels", panels, offset, floats, input, x, xOffset, span);
    }

    @Override
    public void logits(int rows, int keys, int depth, float scale, MemorySegment q, long qOffset, int ldq,
                       MemorySegment panels, long panelsOffset, MemorySegment s, long sOffset, int lds) {
        String routine = "PackedGemm.logits";
        PanelChecks.positive(routine, "rows, keys and depth", rows, keys, depth);
        checkProduct(routine, rows, "Q", q, qOffset, depth, ldq, panels, panelsOffset, panelled(keys) * depth, "S", s,
                sOffset, keys, lds);
        gate.enter();
        try {
            NativeKernels.sgemmPanels(rows, keys, depth, scale, q, qOffset, ldq, panels, panelsOffset,
                    (long) PANEL * depth, s, sOffset, lds);
            headCalls.incrementAndGet();
        } finally {
            gate.exit();
        }
    }

    @Override
    public void context(int rows, int depth, int keys, MemorySegment p, long pOffset, int ldp, MemorySegment panels,
                        long panelsOffset, int packedKeys, MemorySegment o, long oOffset, int ldo) {
        String routine = "PackedGemm.context";
        PanelChecks.positive(routine, "rows, depth and keys", rows, depth, keys);
        if (keys > packedKeys) {
            throw new IllegalArgumentException(routine + ": " + keys + " keys, but the panels hold " + packedKeys);
        }
        checkProduct(routine, rows, "P", p, pOffset, keys, ldp, panels, panelsOffset, packedKeys * panelled(depth), "O",
                o, oOffset, depth, ldo);
        gate.enter();
        try {
            NativeKernels.sgemmPanels(rows, depth, keys, 1f, p, pOffset, ldp, panels, panelsOffset,
                    (long) PANEL * packedKeys, o, oOffset, ldo);
            headCalls.incrementAndGet();
        } finally {
            gate.exit();
        }
    }

    /**
     * A head product's operands: A ({@code rows x inner}) and C ({@code rows x cols}) inside their segments, the
     * panels ({@code floats}) too and aligned, C writable and apart from A and the panels.
     */
    private static void checkProduct(String routine, int rows, String aName, MemorySegment a, long aOffset, int inner,
                                     int lda, MemorySegment panels, long panelsOffset, long floats, String cName,
                                     MemorySegment c, long cOffset, int cols, int ldc) {
        long aSpan = PanelChecks.matrix(routine, aName, a, aOffset, rows, inner, lda);
        PanelChecks.panels(routine, panels, panelsOffset, floats);
        long cSpan = PanelChecks.matrix(routine, cName, c, cOffset, rows, cols, ldc);
        PanelChecks.writable(routine, cName, c);
        PanelChecks.apart(routine, cName, c, cOffset, cSpan, aName, a, aOffset, aSpan);
        PanelChecks.apart(routine, cName, c, cOffset, cSpan, "the panels", panels, panelsOffset, floats);
    }

    /** {@code n} rounded up to whole panels. */
    private static long panelled(int n) {
        return (n + (long) PANEL - 1) / PANEL * PANEL;
    }

    /** Head products ({@link #logits}, {@link #context}) the kernel has run. */
    public long headCalls() {
        return headCalls.get();
    }

    /** Products the kernel has run (the rest went to sgemv or the other gemm). */
    public long kernelCalls() {
        return kernelCalls.get();
    }

    /** Bytes of packed weights held. */
    public long packedBytes() {
        long bytes = 0;
        for (Packed p : packed) {
            bytes += p.panels().byteSize();
        }
        return bytes;
    }

    /**
     * Waits for products in flight, frees the packed copies and closes the other gemm; products after this throw
     * {@link IllegalStateException}. A second call does nothing.
     */
    @Override
    public void close() {
        if (!gate.close()) {
            return;
        }
        arena.close();
        if (others instanceof AutoCloseable closeable) {
            try {
                closeable.close();
            } catch (Exception e) {
                throw new IllegalStateException("closing " + others + " failed", e);
            }
        }
    }

    @Override
    public String toString() {
        return "PackedGemm(AVX2/FMA kernel on " + packed.length + " packed weights, the rest on " + others + ")";
    }
}
