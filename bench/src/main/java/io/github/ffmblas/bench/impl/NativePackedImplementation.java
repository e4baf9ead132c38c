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
 * ffmblas's forward with the weights' products on its own AVX2/FMA kernel ({@link PackedGemm}: weights packed
 * once, before timing), the heads' products on oneDNN, as {@code Backend.PACKED_AVX2} does with ffmblas-onednn
 * present. No sgemm: the kernel computes {@code x W^T} only.
 */
public final class NativePackedImplementation implements Implementation {

    @Override
    public String name() {
        return "native-packed";
    }

    @Override
    public String details() {
        return "ffmblas's forward with Backend.PACKED_AVX2: the projections on ffmblas's AVX2/FMA kernel with the"
                + " weights packed once, the heads' products as oneDNN's batched matmuls (as native-onednn), split"
                + " among the row's threads like native";
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
        Blas.setNumThreads(1);
        return switch (workload.problem()) {
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
        };
    }
}
