package io.github.ffmblas.bench.impl;

import io.github.ffmblas.attention.Tensor;
import io.github.ffmblas.bench.AttentionProblem;
import io.github.ffmblas.bench.Candidate;
import io.github.ffmblas.bench.Implementation;
import io.github.ffmblas.bench.Problem;
import io.github.ffmblas.bench.SgemmProblem;
import io.github.ffmblas.bench.Workload;
import io.github.ffmblas.bindings.Transpose;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
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
                + jdk.incubator.vector.FloatVector.SPECIES_PREFERRED.vectorBitSize() + "-bit), same softmax";
    }

    @Override
    public Optional<String> unsupported(Problem problem, int threads) {
        return threads < 1 ? Optional.of("threads must be >= 1") : Optional.empty();
    }

    @Override
    public Candidate prepare(Workload workload, int threads) {
        return switch (workload.problem()) {
            case AttentionProblem p -> {
                VectorGemm gemm = new VectorGemm(threads);
                yield new ForwardCandidate(workload, p, gemm, gemm);
            }
            case SgemmProblem p -> new SgemmCandidate(workload, p, threads);
        };
    }

    private static final class SgemmCandidate implements Candidate {
        private final VectorGemm gemm;
        private final Arena arena = Arena.ofConfined();
        private final MemorySegment a;
        private final MemorySegment b;
        private final MemorySegment c;
        private final int n;

        SgemmCandidate(Workload workload, SgemmProblem p, int threads) {
            gemm = new VectorGemm(threads);
            n = p.n();
            a = workload.a();
            b = workload.b();
            c = arena.allocate((long) n * n * Float.BYTES, 64);
        }

        @Override
        public void run() {
            gemm.multiply(Transpose.NO_TRANSPOSE, n, n, n, 1f, a, 0, n, b, 0, n, 0f, c, 0, n);
        }

        @Override
        public float[] result() {
            return Tensor.of(c, n, n).toFloatArray();
        }

        @Override
        public void close() {
            gemm.close();
            arena.close();
        }
    }
}
