package io.github.ffmblas.attention;

import io.github.ffmblas.attention.internal.ForwardPlan;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Without the weights returned, scratch is the projection plus a fixed budget of logits shared by the threads:
 * it grows with seq, not seq², and not with the thread count. The performance issue's case: L=2048, d=1024,
 * H=16 in at most 32 MiB (its full score matrices alone would be 256 MiB), on the packed kernel too.
 */
class ScratchTest {
    private static final long MIB = 1 << 20;

    @ParameterizedTest(name = "threads={0}")
    @ValueSource(ints = {1, 2, 3})
    void longSequenceScratchIsTheProjectionPlusAFixedLogitBudget(int threads) {
        int seq = 2048;
        int d = 1024;
        int heads = 16;
        // The products do nothing: only the workspace's size is under test, not the arithmetic.
        Gemm none = (transB, m, n, k, alpha, a, aOffset, lda, b, bOffset, ldb, beta, c, cOffset, ldc) -> { };
        try (Arena arena = Arena.ofConfined(); Workspace workspace = Workspace.create(threads)) {
            AttentionWeights weights = AttentionWeights.ofPyTorch(Tensor.allocate(arena, 3 * d, d),
                    Tensor.allocate(arena, 3 * d), Tensor.allocate(arena, d, d), Tensor.allocate(arena, d));
            Tensor x = Tensor.allocate(arena, 1, seq, d);
            Tensor out = Tensor.allocate(arena, 1, seq, d);
            new MultiHeadAttention(d, heads, weights, none)
                    .forward(x, x, x, AttentionOptions.DEFAULTS.withNeedWeights(false), workspace, out, null);
            long projection = (long) seq * 3 * d * Float.BYTES;
            long logits = workspace.capacityBytes() - projection;
            assertEquals(1, workspace.allocations());
            assertTrue(logits <= ForwardPlan.TILE_FLOATS * (long) Float.BYTES + 64 * 1024,
                    "logits and row sums take " + logits + " bytes at " + threads + " threads");
            assertTrue(workspace.capacityBytes() <= 32 * MIB, "scratch is " + workspace.capacityBytes() + " bytes");
        }
    }

    /** On the packed kernel each thread also holds one head's K and V panels: 2 x 2048 x 64 floats, 1 MiB. */
    @ParameterizedTest(name = "threads={0}")
    @ValueSource(ints = {1, 3})
    void thePackedKernelAddsOneHeadsPanelsAThread(int threads) {
        PackedGemmTest.assumeKernel();
        int seq = 2048;
        int d = 1024;
        int heads = 16;
        try (Arena arena = Arena.ofConfined(); Workspace workspace = Workspace.create(threads)) {
            AttentionWeights weights = AttentionWeights.ofPyTorch(Tensor.allocate(arena, 3 * d, d),
                    Tensor.allocate(arena, 3 * d), Tensor.allocate(arena, d, d), Tensor.allocate(arena, d));
            Tensor x = Tensor.allocate(arena, 1, seq, d);
            Tensor out = Tensor.allocate(arena, 1, seq, d);
            try (PackedGemm gemm = PackedGemm.forWeights(weights)) {
                new MultiHeadAttention(d, heads, weights, gemm)
                        .forward(x, x, x, AttentionOptions.DEFAULTS.withNeedWeights(false), workspace, out, null);
                assertTrue(gemm.headCalls() >= 2L * heads, "the heads ran on the kernel");
            }
            long projection = (long) seq * 3 * d * Float.BYTES;
            long panels = 2L * seq * (d / heads) * Float.BYTES;
            long rest = workspace.capacityBytes() - projection - threads * panels;
            assertTrue(rest <= ForwardPlan.TILE_FLOATS * (long) Float.BYTES + 64 * 1024,
                    "logits and row sums take " + rest + " bytes at " + threads + " threads");
            assertTrue(workspace.capacityBytes() <= 32 * MIB, "scratch is " + workspace.capacityBytes() + " bytes");
        }
    }

    @Test
    void causalSequencesGoInAboutEightTilesOfAbout64RowsOrMore() {
        assertEquals(256, ForwardPlan.tileRows(2048, 2048, 1, 1, true));
        assertEquals(512, ForwardPlan.tileRows(2048, 2048, 1, 1, false));
        assertEquals(64, ForwardPlan.tileRows(512, 512, 4, 1, true));
        assertEquals(512, ForwardPlan.tileRows(512, 512, 4, 1, false));
        assertEquals(64, ForwardPlan.tileRows(128, 128, 12, 1, true));
        assertEquals(75, ForwardPlan.tileRows(600, 600, 3, 1, true));
        assertEquals(64, ForwardPlan.tileRows(64, 64, 8, 2, true)); // one tile: nothing to skip
        assertEquals(50, ForwardPlan.tileRows(100, 100, 8, 1, true)); // two even tiles, not 64 + 36
        // With the weights returned there is no scratch budget: whole heads, or causal tiles.
        assertEquals(2048, ForwardPlan.weightTileRows(2048, false));
        assertEquals(256, ForwardPlan.weightTileRows(2048, true));
        assertEquals(33, ForwardPlan.weightTileRows(33, true));
    }
}
