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

/**
 * The same forward as {@code native}, but on one calling thread with OpenBLAS running its own threads inside
 * each product: the alternative to splitting the forward in ffmblas, measured in the same run so the choice
 * stays an honest one.
 */
public final class NativeOpenBlasThreadsImplementation implements Implementation {

    @Override
    public String name() {
        return "native-openblas-threads";
    }

    @Override
    public String details() {
        return "native's forward on one thread, OpenBLAS splitting each product over the row's threads itself"
                + " (attention at 2+ threads only)";
    }

    @Override
    public Optional<String> unsupported(Problem problem, int threads) {
        if (problem instanceof SgemmProblem) {
            return Optional.of("sgemm: native already runs OpenBLAS's own threads");
        }
        return threads == 1 ? Optional.of("the same as native at one thread") : Optional.empty();
    }

    @Override
    public Candidate prepare(Workload workload, int threads) {
        return Candidate.withState(() -> Blas.setNumThreads(threads),
                new ForwardCandidate(workload, (AttentionProblem) workload.problem(), Gemm.NATIVE, 1, () -> { }));
    }
}
