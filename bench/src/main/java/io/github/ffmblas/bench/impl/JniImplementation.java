package io.github.ffmblas.bench.impl;

import io.github.ffmblas.bench.AttentionProblem;
import io.github.ffmblas.bench.Candidate;
import io.github.ffmblas.bench.Implementation;
import io.github.ffmblas.bench.Problem;
import io.github.ffmblas.bench.SgemmProblem;
import io.github.ffmblas.bench.Workload;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Optional;
import org.bytedeco.javacpp.FloatPointer;
import org.bytedeco.openblas.global.openblas_nolapack;

/**
 * The same OpenBLAS 0.3.31 called through JNI: JavaCPP's presets ({@code org.bytedeco:openblas:0.3.31-1.5.13}),
 * {@code cblas_sgemm} on the workload's own native memory (wrapped by address, no copy). What differs from
 * {@code native} is the call path: a JNI transition and JavaCPP's wrapper instead of an FFM downcall and
 * ffmblas's checks. JavaCPP calls its own copy of the library, byte for byte the same build; see
 * {@link JavaCppOpenBlas} for that and for how its thread count is set.
 */
public final class JniImplementation implements Implementation {

    @Override
    public String name() {
        return "jni";
    }

    @Override
    public String details() {
        return "JNI through JavaCPP's OpenBLAS presets: its own copy of " + JavaCppOpenBlas.config()
                + " (same file content as ffmblas's), on the same native memory";
    }

    @Override
    public Optional<String> unsupported(Problem problem, int threads) {
        if (problem instanceof AttentionProblem) {
            return Optional.of("JavaCPP's OpenBLAS presets have BLAS, not attention: jni runs sgemm only");
        }
        try {
            JavaCppOpenBlas.load();
        } catch (LinkageError | RuntimeException e) {
            return Optional.of("JavaCPP could not load its OpenBLAS JNI library: " + e);
        }
        return Optional.empty();
    }

    @Override
    public Candidate prepare(Workload workload, int threads) {
        if (!(workload.problem() instanceof SgemmProblem p)) {
            throw new UnsupportedOperationException(unsupported(workload.problem(), threads).orElseThrow());
        }
        return Candidate.withState(() -> JavaCppOpenBlas.setNumThreads(threads), new SgemmCandidate(workload, p));
    }

    private static final class SgemmCandidate implements Candidate {
        private final Arena arena = Arena.ofConfined();
        private final int m;
        private final int n;
        private final int k;
        private final MemorySegment c;
        private final FloatPointer pa;
        private final FloatPointer pb;
        private final FloatPointer pc;

        SgemmCandidate(Workload workload, SgemmProblem p) {
            m = p.m();
            n = p.n();
            k = p.k();
            c = arena.allocate((long) m * n * Float.BYTES, 64);
            pa = new SegmentFloatPointer(workload.a());
            pb = new SegmentFloatPointer(workload.b());
            pc = new SegmentFloatPointer(c);
        }

        @Override
        public void run() {
            openblas_nolapack.cblas_sgemm(openblas_nolapack.CblasRowMajor, openblas_nolapack.CblasNoTrans,
                    openblas_nolapack.CblasNoTrans, m, n, k, 1f, pa, k, pb, n, 0f, pc, n);
        }

        @Override
        public float[] result() {
            return c.toArray(ValueLayout.JAVA_FLOAT);
        }

        @Override
        public void close() {
            arena.close();
        }
    }
}
