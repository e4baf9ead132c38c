package io.github.ffmblas.bench.impl;

import io.github.ffmblas.attention.Gemm;
import io.github.ffmblas.bench.AttentionProblem;
import io.github.ffmblas.bench.Candidate;
import io.github.ffmblas.bench.Implementation;
import io.github.ffmblas.bench.Problem;
import io.github.ffmblas.bench.SgemmProblem;
import io.github.ffmblas.bench.Workload;
import io.github.ffmblas.bindings.Blas;
import io.github.ffmblas.onednn.OneDnnGemm;
import java.util.List;
import java.util.Optional;

/**
 * ffmblas's forward with the weights' products on oneDNN ({@link OneDnnGemm}: weights reordered once, at the first
 * forward, outside the timed region), the heads' products as batched matmuls; sgemm with B taken as the constant.
 */
public final class NativeOneDnnImplementation implements Implementation {

    @Override
    public String name() {
        return "native-onednn";
    }

    @Override
    public String details() {
        return "ffmblas's forward on oneDNN " + OneDnnGemm.version() + " (projections with the weights reordered once,"
                + " the heads' products as batched matmuls; OpenMP at one thread per calling thread), split"
                + " among the row's threads like native; sgemm: B as the constant, one thread";
    }

    @Override
    public Optional<String> unsupported(Problem problem, int threads) {
        return problem instanceof SgemmProblem && threads != 1
                ? Optional.of("OneDnnGemm runs each product on the calling thread") : Optional.empty();
    }

    @Override
    public Candidate prepare(Workload workload, int threads) {
        return Candidate.withState(() -> Blas.setNumThreads(1), switch (workload.problem()) {
            case AttentionProblem p -> {
                OneDnnGemm gemm = OneDnnGemm.forWeights(workload.weights());
                yield new ForwardCandidate(workload, p, gemm, threads, gemm);
            }
            case SgemmProblem p -> {
                OneDnnGemm gemm = OneDnnGemm.forConstants(List.of(workload.b()), Gemm.NATIVE);
                yield new SgemmCandidate(workload, p, gemm, gemm);
            }
        });
    }
}
