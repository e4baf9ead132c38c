package io.github.ffmblas.bench.impl;

import io.github.ffmblas.attention.PackedGemm;
import io.github.ffmblas.bench.AttentionProblem;
import io.github.ffmblas.bench.Candidate;
import io.github.ffmblas.bench.Implementation;
import io.github.ffmblas.bench.Problem;
import io.github.ffmblas.bench.SgemmProblem;
import io.github.ffmblas.bench.Workload;
import io.github.ffmblas.bindings.Blas;
import io.github.ffmblas.onednn.OneDnnGemm;
import java.util.Optional;

/**
 * ffmblas's forward on its own AVX2/FMA kernel ({@link PackedGemm}: weights packed once, before timing; each head's K
 * and V once per forward), what the kernel does not take on oneDNN, as {@code Backend.PACKED_AVX2} does with
 * ffmblas-onednn present. No sgemm: the kernel computes {@code x W^T} and the heads' products only.
 */
public final class NativePackedImplementation implements Implementation {

    @Override
    public String name() {
        return "native-packed";
    }

    @Override
    public String details() {
        return "ffmblas's forward with Backend.PACKED_AVX2: the projections and the heads' products on ffmblas's"
                + " AVX2/FMA kernel, the weights packed once and each head's K and V once per forward, split among"
                + " the row's threads like native";
    }

    @Override
    public Optional<String> unsupported(Problem problem, int threads) {
        String why = PackedGemm.unavailable();
        if (why != null) {
            return Optional.of(why);
        }
        return problem instanceof SgemmProblem
                ? Optional.of("the kernel takes x W^T with W constant (the projections); bench's sgemm is A B")
                : Optional.empty();
    }

    @Override
    public Candidate prepare(Workload workload, int threads) {
        return Candidate.withState(() -> Blas.setNumThreads(1), switch (workload.problem()) {
            case AttentionProblem p -> {
                OneDnnGemm heads = OneDnnGemm.forWeights(workload.weights());
                PackedGemm gemm;
                try {
                    gemm = PackedGemm.forWeights(workload.weights(), heads);
                } catch (RuntimeException e) {
                    heads.close();
                    throw e;
                }
                yield new ForwardCandidate(workload, p, gemm, threads, gemm);
            }
            case SgemmProblem p -> throw new UnsupportedOperationException(unsupported(p, threads).orElseThrow());
        });
    }
}
