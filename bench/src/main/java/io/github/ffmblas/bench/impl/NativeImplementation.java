package io.github.ffmblas.bench.impl;

import io.github.ffmblas.attention.Gemm;
import io.github.ffmblas.bench.AttentionProblem;
import io.github.ffmblas.bench.Candidate;
import io.github.ffmblas.bench.Implementation;
import io.github.ffmblas.bench.Problem;
import io.github.ffmblas.bench.SgemmProblem;
import io.github.ffmblas.bench.Workload;
import io.github.ffmblas.bindings.Blas;
import java.util.Optional;

/** ffmblas: FFM downcalls into OpenBLAS, the allocation-free forward with a workspace. */
public final class NativeImplementation implements Implementation {

    @Override
    public String name() {
        return "native";
    }

    @Override
    public String details() {
        return "ffmblas: FFM downcalls through the checked Blas facade into " + Blas.runtime().config()
                + "; attention with a reused workspace and caller-provided output, split among the row's threads"
                + " by ffmblas (OpenBLAS at one thread); sgemm on OpenBLAS's own threads";
    }

    @Override
    public Optional<String> unsupported(Problem problem, int threads) {
        return Optional.empty();
    }

    @Override
    public Candidate prepare(Workload workload, int threads) {
        return switch (workload.problem()) {
            case AttentionProblem p -> {
                // The workspace's team splits the forward; OpenBLAS's own workers would compete with it.
                yield Candidate.withState(() -> Blas.setNumThreads(1),
                        new ForwardCandidate(workload, p, Gemm.NATIVE, threads, () -> { }));
            }
            case SgemmProblem p -> {
                yield Candidate.withState(() -> Blas.setNumThreads(threads),
                        new SgemmCandidate(workload, p, Gemm.NATIVE, () -> { }));
            }
        };
    }
}
