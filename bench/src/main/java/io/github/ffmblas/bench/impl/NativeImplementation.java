package io.github.ffmblas.bench.impl;

import io.github.ffmblas.attention.Gemm;
import io.github.ffmblas.attention.Tensor;
import io.github.ffmblas.bench.AttentionProblem;
import io.github.ffmblas.bench.Candidate;
import io.github.ffmblas.bench.Implementation;
import io.github.ffmblas.bench.Problem;
import io.github.ffmblas.bench.SgemmProblem;
import io.github.ffmblas.bench.Workload;
import io.github.ffmblas.bindings.Blas;
import io.github.ffmblas.bindings.Layout;
import io.github.ffmblas.bindings.Transpose;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
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
                + "; attention with a reused workspace and caller-provided output";
    }

    @Override
    public Optional<String> unsupported(Problem problem, int threads) {
        return Optional.empty();
    }

    @Override
    public Candidate prepare(Workload workload, int threads) {
        Blas.setNumThreads(threads);
        return switch (workload.problem()) {
            case AttentionProblem p -> new ForwardCandidate(workload, p, Gemm.NATIVE, () -> { });
            case SgemmProblem p -> new SgemmCandidate(workload, p);
        };
    }

    private static final class SgemmCandidate implements Candidate {
        private final Arena arena = Arena.ofConfined();
        private final MemorySegment a;
        private final MemorySegment b;
        private final MemorySegment c;
        private final int n;

        SgemmCandidate(Workload workload, SgemmProblem p) {
            n = p.n();
            a = workload.a();
            b = workload.b();
            c = arena.allocate((long) n * n * Float.BYTES, 64);
        }

        @Override
        public void run() {
            Blas.sgemm(Layout.ROW_MAJOR, Transpose.NO_TRANSPOSE, Transpose.NO_TRANSPOSE, n, n, n, 1f, a, 0, n, b, 0, n,
                    0f, c, 0, n);
        }

        @Override
        public float[] result() {
            return Tensor.of(c, n, n).toFloatArray();
        }

        @Override
        public void close() {
            arena.close();
        }
    }
}
