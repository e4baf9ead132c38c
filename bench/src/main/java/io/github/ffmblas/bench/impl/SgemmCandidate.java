package io.github.ffmblas.bench.impl;

import io.github.ffmblas.attention.Gemm;
import io.github.ffmblas.attention.Tensor;
import io.github.ffmblas.bench.Candidate;
import io.github.ffmblas.bench.SgemmProblem;
import io.github.ffmblas.bench.Workload;
import io.github.ffmblas.bindings.Transpose;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * C = A·B on the workload's matrices through a given {@link Gemm}: OpenBLAS for {@code native},
 * {@code VectorGemm} for {@code java-vector}.
 */
final class SgemmCandidate implements Candidate {
    private final Arena arena = Arena.ofConfined();
    private final Gemm gemm;
    private final AutoCloseable onClose;
    private final MemorySegment a;
    private final MemorySegment b;
    private final MemorySegment c;
    private final int m;
    private final int n;
    private final int k;

    /** {@code onClose} releases what belongs to {@code gemm} (its threads), or is a no-op. */
    SgemmCandidate(Workload workload, SgemmProblem p, Gemm gemm, AutoCloseable onClose) {
        this.gemm = gemm;
        this.onClose = onClose;
        m = p.m();
        n = p.n();
        k = p.k();
        a = workload.a();
        b = workload.b();
        c = arena.allocate((long) m * n * Float.BYTES, 64);
    }

    @Override
    public void run() {
        gemm.multiply(Transpose.NO_TRANSPOSE, m, n, k, 1f, a, 0, k, b, 0, n, 0f, c, 0, n);
    }

    @Override
    public float[] result() {
        return Tensor.of(c, m, n).toFloatArray();
    }

    @Override
    public void close() throws Exception {
        onClose.close();
        arena.close();
    }
}
