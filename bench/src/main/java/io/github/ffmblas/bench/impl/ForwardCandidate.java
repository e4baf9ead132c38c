package io.github.ffmblas.bench.impl;

import io.github.ffmblas.attention.AttentionOptions;
import io.github.ffmblas.attention.Gemm;
import io.github.ffmblas.attention.MultiHeadAttention;
import io.github.ffmblas.attention.Tensor;
import io.github.ffmblas.attention.Workspace;
import io.github.ffmblas.bench.AttentionProblem;
import io.github.ffmblas.bench.Candidate;
import io.github.ffmblas.bench.Workload;
import java.lang.foreign.Arena;

/**
 * ffmblas's allocation-free forward (caller's output, a reused workspace, weights not kept) on a given
 * {@link Gemm}: OpenBLAS for {@code native}, {@code VectorGemm} for {@code java-vector}. Runs on the thread that
 * prepared it (the benchmark thread), like the workspace it owns, whose team splits the forward among
 * {@code threads} threads, each product single-threaded.
 */
final class ForwardCandidate implements Candidate {
    private final Arena arena = Arena.ofConfined();
    private final Workspace workspace;
    private final MultiHeadAttention attention;
    private final Tensor query;
    private final Tensor key;
    private final Tensor out;
    private final AttentionOptions options = AttentionOptions.DEFAULTS.withNeedWeights(false);
    private final AutoCloseable onClose;

    /** {@code onClose} releases what belongs to {@code gemm} (its threads), or is a no-op. */
    ForwardCandidate(Workload workload, AttentionProblem p, Gemm gemm, int threads, AutoCloseable onClose) {
        workspace = Workspace.create(threads);
        attention = new MultiHeadAttention(p.dModel(), p.heads(), workload.weights(), gemm);
        query = workload.query();
        key = workload.key();
        out = Tensor.allocate(arena, p.batch(), p.queryLength(), p.dModel());
        this.onClose = onClose;
    }

    @Override
    public void run() {
        attention.forward(query, key, key, options, workspace, out, null);
    }

    @Override
    public float[] result() {
        return out.toFloatArray();
    }

    @Override
    public void close() throws Exception {
        try {
            onClose.close();
        } finally {
            workspace.close();
            arena.close();
        }
    }
}
