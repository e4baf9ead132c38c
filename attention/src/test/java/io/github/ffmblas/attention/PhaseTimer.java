package io.github.ffmblas.attention;

import io.github.ffmblas.bindings.Transpose;
import java.lang.foreign.MemorySegment;

/**
 * {@link Gemm#NATIVE} with a stopwatch: time and FLOPs of a forward's projections ({@link #multiply}), logits
 * (batched, B transposed) and context (batched, B as stored), so {@link PhaseProbe} can tell what the rest of a
 * forward (softmax, bias, bookkeeping) costs. Single-threaded use only.
 */
final class PhaseTimer implements Gemm {
    enum Phase { PROJECTIONS, LOGITS, CONTEXT }

    private final long[] nanos = new long[Phase.values().length];
    private final double[] flops = new double[Phase.values().length];

    @Override
    public void multiply(Transpose transB, int m, int n, int k, float alpha, MemorySegment a, long aOffset, int lda,
                         MemorySegment b, long bOffset, int ldb, float beta, MemorySegment c, long cOffset, int ldc) {
        long start = System.nanoTime();
        Gemm.NATIVE.multiply(transB, m, n, k, alpha, a, aOffset, lda, b, bOffset, ldb, beta, c, cOffset, ldc);
        add(Phase.PROJECTIONS, System.nanoTime() - start, 2.0 * m * n * k);
    }

    @Override
    public void multiplyBatch(Transpose transB, int m, int n, int k, float alpha,
                              MemorySegment a, long aOffset, int lda, long strideA,
                              MemorySegment b, long bOffset, int ldb, long strideB,
                              float beta, MemorySegment c, long cOffset, int ldc, long strideC, int count) {
        long start = System.nanoTime();
        Gemm.NATIVE.multiplyBatch(transB, m, n, k, alpha, a, aOffset, lda, strideA, b, bOffset, ldb, strideB, beta,
                c, cOffset, ldc, strideC, count);
        add(transB == Transpose.TRANSPOSE ? Phase.LOGITS : Phase.CONTEXT, System.nanoTime() - start,
                2.0 * m * n * k * count);
    }

    private void add(Phase phase, long elapsed, double work) {
        nanos[phase.ordinal()] += elapsed;
        flops[phase.ordinal()] += work;
    }

    long nanos(Phase phase) {
        return nanos[phase.ordinal()];
    }

    double flops(Phase phase) {
        return flops[phase.ordinal()];
    }

    double totalFlops() {
        double sum = 0;
        for (double f : flops) {
            sum += f;
        }
        return sum;
    }

    void reset() {
        java.util.Arrays.fill(nanos, 0);
        java.util.Arrays.fill(flops, 0);
    }
}
