package io.github.ffmblas.attention;

import io.github.ffmblas.bindings.Transpose;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.ref.WeakReference;
import java.util.Random;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A team workspace passed as a temporary, {@code forward(.., Workspace.create(2), ..)}, must stay reachable for the
 * whole forward: its cleaner stops the helpers and frees the memory the forward is using. In a JVM of its own
 * ({@link WorkspaceReachabilityTest}), since a failure frees memory under a running forward. Compiles the forward
 * first (dead locals are GC roots in interpreted frames, not in compiled ones), then, during the first product of
 * a forward on a fresh workspace that only a weak reference names outside the call, collects garbage and prints
 * whether the workspace survived: {@code kept} or {@code collected}.
 */
public final class WorkspaceReachabilityProbe {
    private WorkspaceReachabilityProbe() {}

    /** OpenBLAS, and once armed, a collection inside the first product that follows. */
    private static final class CollectingGemm implements Gemm {
        final AtomicReference<WeakReference<Workspace>> watched = new AtomicReference<>();
        volatile String verdict;

        @Override
        public void multiply(Transpose transB, int m, int n, int k, float alpha, MemorySegment a, long aOffset,
                             int lda, MemorySegment b, long bOffset, int ldb, float beta, MemorySegment c,
                             long cOffset, int ldc) {
            WeakReference<Workspace> ref = watched.getAndSet(null);
            if (ref != null) {
                for (int i = 0; i < 3 && ref.get() != null; i++) {
                    System.gc();
                }
                verdict = ref.get() == null ? "collected" : "kept";
            }
            Gemm.NATIVE.multiply(transB, m, n, k, alpha, a, aOffset, lda, b, bOffset, ldb, beta, c, cOffset, ldc);
        }
    }

    public static void main(String[] args) {
        int d = 16;
        Random random = new Random(3);
        Arena arena = Arena.global();
        CollectingGemm gemm = new CollectingGemm();
        MultiHeadAttention attention = new MultiHeadAttention(d, 2, RandomTensors.weights(arena, random, d), gemm);
        Tensor query = RandomTensors.gaussian(arena, random, 1f, 1, 4, d);
        Tensor out = Tensor.allocate(arena, 1, 4, d);
        AttentionOptions options = AttentionOptions.DEFAULTS.withNeedWeights(false);
        try (Workspace warm = Workspace.create(2)) {
            for (int i = 0; i < 30_000; i++) {
                attention.forward(query, query, query, options, warm, out, null);
            }
        }
        for (int attempt = 0; attempt < 5; attempt++) {
            WeakReference<Workspace> ref = new WeakReference<>(Workspace.create(2));
            gemm.watched.set(ref);
            attention.forward(query, query, query, options, ref.get(), out, null);
            System.out.println(gemm.verdict);
        }
    }
}
