package io.github.ffmblas.attention;

import io.github.ffmblas.attention.spi.PackedHeads;
import io.github.ffmblas.bindings.Transpose;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAdder;

/**
 * A {@link Gemm} ({@link Gemm#NATIVE} unless given another, e.g. oneDNN's) with a stopwatch: time and FLOPs of a
 * forward's projections ({@link #multiply}), logits (batched, B transposed) and context (batched, B as stored),
 * summed over every thread that calls it (a workspace's team), so {@link PhaseProbe} can tell what the rest of a
 * forward (softmax, bias, bookkeeping, threads waiting) costs. Also counts the products, to see how a team splits
 * them. A delegate that packs heads ({@link PackedHeads}) still does: the packing of K and V is timed with the
 * logits and the context, counted as no work.
 */
final class PhaseTimer implements Gemm, PackedHeads {
    enum Phase { PROJECTIONS, LOGITS, CONTEXT }

    private final Gemm delegate;
    private final LongAdder[] nanos = new LongAdder[Phase.values().length];
    private final DoubleAdder[] flops = new DoubleAdder[Phase.values().length];
    private final LongAdder[] calls = new LongAdder[Phase.values().length];

    PhaseTimer() {
        this(Gemm.NATIVE);
    }

    PhaseTimer(Gemm delegate) {
        this.delegate = delegate;
        for (int i = 0; i < nanos.length; i++) {
            nanos[i] = new LongAdder();
            flops[i] = new DoubleAdder();
            calls[i] = new LongAdder();
        }
    }

    @Override
    public void multiply(Transpose transB, int m, int n, int k, float alpha, MemorySegment a, long aOffset, int lda,
                         MemorySegment b, long bOffset, int ldb, float beta, MemorySegment c, long cOffset, int ldc) {
        long start = System.nanoTime();
        delegate.multiply(transB, m, n, k, alpha, a, aOffset, lda, b, bOffset, ldb, beta, c, cOffset, ldc);
        add(Phase.PROJECTIONS, System.nanoTime() - start, 2.0 * m * n * k);
    }

    /** The delegate's own bias path (oneDNN's and the packed kernel's take the bias as an argument). */
    @Override
    public void multiplyAddBias(Transpose transB, int m, int n, int k, MemorySegment a, long aOffset, int lda,
                                MemorySegment b, long bOffset, int ldb, MemorySegment bias, long biasOffset,
                                MemorySegment c, long cOffset, int ldc) {
        long start = System.nanoTime();
        delegate.multiplyAddBias(transB, m, n, k, a, aOffset, lda, b, bOffset, ldb, bias, biasOffset, c, cOffset, ldc);
        add(Phase.PROJECTIONS, System.nanoTime() - start, 2.0 * m * n * k);
    }

    @Override
    public void multiplyBatch(Transpose transB, int m, int n, int k, float alpha,
                              MemorySegment a, long aOffset, int lda, long strideA,
                              MemorySegment b, long bOffset, int ldb, long strideB,
                              float beta, MemorySegment c, long cOffset, int ldc, long strideC, int count) {
        long start = System.nanoTime();
        delegate.multiplyBatch(transB, m, n, k, alpha, a, aOffset, lda, strideA, b, bOffset, ldb, strideB, beta,
                c, cOffset, ldc, strideC, count);
        add(transB == Transpose.TRANSPOSE ? Phase.LOGITS : Phase.CONTEXT, System.nanoTime() - start,
                2.0 * m * n * k * count);
    }

    @Override
    public int partsPerThread() {
        return delegate.partsPerThread();
    }

    @Override
    public boolean packsHeads() {
        return delegate instanceof PackedHeads p && p.packsHeads();
    }

    @Override
    public long panelFloats(int keys, int depth) {
        return ((PackedHeads) delegate).panelFloats(keys, depth);
    }

    @Override
    public void packKeys(int keys, int depth, MemorySegment k, long kOffset, int ldk, MemorySegment panels,
                         long panelsOffset) {
        long start = System.nanoTime();
        ((PackedHeads) delegate).packKeys(keys, depth, k, kOffset, ldk, panels, panelsOffset);
        add(Phase.LOGITS, System.nanoTime() - start, 0);
    }

    @Override
    public void packValues(int keys, int depth, MemorySegment v, long vOffset, int ldv, MemorySegment panels,
                           long panelsOffset) {
        long start = System.nanoTime();
        ((PackedHeads) delegate).packValues(keys, depth, v, vOffset, ldv, panels, panelsOffset);
        add(Phase.CONTEXT, System.nanoTime() - start, 0);
    }

    @Override
    public void logits(int rows, int keys, int depth, float scale, MemorySegment q, long qOffset, int ldq,
                       MemorySegment panels, long panelsOffset, MemorySegment s, long sOffset, int lds) {
        long start = System.nanoTime();
        ((PackedHeads) delegate).logits(rows, keys, depth, scale, q, qOffset, ldq, panels, panelsOffset, s, sOffset,
                lds);
        add(Phase.LOGITS, System.nanoTime() - start, 2.0 * rows * keys * depth);
    }

    @Override
    public void context(int rows, int depth, int keys, MemorySegment p, long pOffset, int ldp, MemorySegment panels,
                        long panelsOffset, int packedKeys, MemorySegment o, long oOffset, int ldo) {
        long start = System.nanoTime();
        ((PackedHeads) delegate).context(rows, depth, keys, p, pOffset, ldp, panels, panelsOffset, packedKeys, o,
                oOffset, ldo);
        add(Phase.CONTEXT, System.nanoTime() - start, 2.0 * rows * keys * depth);
    }

    private void add(Phase phase, long elapsed, double work) {
        nanos[phase.ordinal()].add(elapsed);
        flops[phase.ordinal()].add(work);
        if (work > 0) {
            calls[phase.ordinal()].increment(); // a product, not a packing
        }
    }

    /** Time in the phase's products, summed over threads. */
    long nanos(Phase phase) {
        return nanos[phase.ordinal()].sum();
    }

    double flops(Phase phase) {
        return flops[phase.ordinal()].sum();
    }

    long calls(Phase phase) {
        return calls[phase.ordinal()].sum();
    }

    double totalFlops() {
        double sum = 0;
        for (DoubleAdder f : flops) {
            sum += f.sum();
        }
        return sum;
    }

    void reset() {
        for (int i = 0; i < nanos.length; i++) {
            nanos[i].reset();
            flops[i].reset();
            calls[i].reset();
        }
    }
}
