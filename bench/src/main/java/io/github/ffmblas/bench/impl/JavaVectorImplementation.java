package io.github.ffmblas.bench.impl;

import io.github.ffmblas.bench.AttentionProblem;
import io.github.ffmblas.bench.Candidate;
import io.github.ffmblas.bench.Implementation;
import io.github.ffmblas.bench.Problem;
import io.github.ffmblas.bench.SgemmProblem;
import io.github.ffmblas.bench.Workload;
import io.github.ffmblas.javagemm.VectorGemm;
import java.util.Optional;

/**
 * Pure Java on the Vector API: ffmblas's own attention code with every matrix product done by
 * {@link VectorGemm} instead of OpenBLAS, so the comparison isolates the GEMM; sgemm is VectorGemm alone.
 * Needs {@code --add-modules jdk.incubator.vector} (the launcher adds it for {@code bench} and {@code jmh}).
 */
public final class JavaVectorImplementation implements Implementation {

    @Override
    public String name() {
        return "java-vector";
    }

    @Override
    public String details() {
        return "ffmblas's attention code on VectorGemm, a pure-Java blocked, register-tiled SGEMM on the Vector API ("
                + jdk.incubator.vector.FloatVector.SPECIES_PREFERRED.vectorBitSize() + "-bit), same softmax, split among the row's threads the same way";
    }

    @Override
    public Optional<String> unsupported(Problem problem, int threads) {
        return threads < 1 ? Optional.of("threads must be >= 1") : Optional.empty();
    }

    @Override
    public Candidate prepare(Workload workload, int threads) {
        return switch (workload.problem()) {
            case AttentionProblem p -> {
                // Split like native's forward: by the workspace's team, each product on one thread.
                VectorGemm gemm = new VectorGemm(1);
                yield new ForwardCandidate(workload, p, gemm, threads, gemm);
            }
            case SgemmProblem p -> {
                VectorGemm gemm = new VectorGemm(threads);
                yield new SgemmCandidate(workload, p, gemm, gemm);
            }
        };
    }
}
