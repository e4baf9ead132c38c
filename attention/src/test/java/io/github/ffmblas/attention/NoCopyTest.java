package io.github.ffmblas.attention;

import io.github.ffmblas.attention.internal.Scratch;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ffmblas.bindings.Transpose;
import java.lang.foreign.Arena;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Proves heads are split by views, not copies: every per-head product reads Q, K and V where the projection
 * wrote them (column offset h*depth, the projection buffer's leading dimension) and writes its output straight
 * into that head's Q columns (no longer needed), which together are the concatenated context the output
 * projection reads; the workspace holds exactly the projection buffer (plus one tile of logits when the
 * weights are not kept), with no room for a head copy; and the result still matches the reference.
 */
class NoCopyTest {

    @Test
    void selfAttentionHeadsAreViewsOfTheFusedProjection() {
        int batch = 2, seq = 5, d = 12, heads = 3, depth = d / heads;
        Random random = new Random(7);
        try (Arena arena = Arena.ofConfined(); Workspace workspace = Workspace.create()) {
            AttentionWeights weights = RandomTensors.weights(arena, random, d);
            RecordingGemm gemm = new RecordingGemm();
            MultiHeadAttention mha = new MultiHeadAttention(d, heads, weights, gemm);
            Tensor x = RandomTensors.gaussian(arena, random, 1f, batch, seq, d);
            Tensor out = Tensor.allocate(arena, batch, seq, d);
            Tensor attn = Tensor.allocate(arena, batch, heads, seq, seq);

            mha.forward(x, x, x, AttentionOptions.DEFAULTS, workspace, out, attn);

            List<RecordingGemm.Call> calls = gemm.calls;
            assertEquals(2 + 2 * batch * heads, calls.size(), "one fused QKV GEMM, two per head, one output GEMM");
            RecordingGemm.Call qkv = calls.getFirst();
            assertEquals(3 * d, qkv.n(), "Q, K and V are projected together");
            assertEquals(3 * d, qkv.ldc());
            long projection = qkv.cStart();
            long slabStart = qkv.cAddress();
            long slabEnd = slabStart + workspace.capacityBytes();

            for (int b = 0; b < batch; b++) {
                for (int h = 0; h < heads; h++) {
                    // Per batch row: the heads' Q*K^T products (one batch), then their A*V products.
                    RecordingGemm.Call scores = calls.get(1 + 2 * b * heads + h);
                    RecordingGemm.Call context = calls.get(1 + 2 * b * heads + heads + h);
                    long row = (long) b * seq * 3 * d;
                    assertEquals(Transpose.TRANSPOSE, scores.transB());
                    assertEquals(3 * d, scores.lda(), "Q_h keeps the fused buffer's leading dimension");
                    assertEquals(3 * d, scores.ldb(), "K_h keeps the fused buffer's leading dimension");
                    assertEquals(projection + (row + (long) h * depth) * Float.BYTES, scores.aStart(), "Q_h in place");
                    assertEquals(projection + (row + d + (long) h * depth) * Float.BYTES, scores.bStart(), "K_h in place");
                    assertEquals((float) (1 / Math.sqrt(depth)), scores.alpha(), "scale folded into alpha");
                    assertEquals(attn.segment().address() + ((long) (b * heads + h) * seq * seq) * Float.BYTES,
                            scores.cStart(), "logits land in the returned weights");
                    assertEquals(3 * d, context.ldb());
                    assertEquals(projection + (row + 2L * d + (long) h * depth) * Float.BYTES, context.bStart(), "V_h in place");
                    assertEquals(3 * d, context.ldc(), "A*V writes into the fused buffer");
                    assertEquals(scores.aStart(), context.cStart(), "head output goes straight to Q_h's own columns");
                    for (long address : new long[] {scores.aStart(), scores.bStart(), context.bStart(), context.cStart()}) {
                        assertTrue(address >= slabStart && address < slabEnd, "views share the workspace's memory");
                    }
                }
            }
            RecordingGemm.Call outProjection = calls.getLast();
            assertEquals(projection, outProjection.aStart(), "the output projection reads the context in place");
            assertEquals(3 * d, outProjection.lda(), "... as the Q columns of the fused buffer");
            assertEquals(out.segment().address(), outProjection.cStart());

            assertEquals(Scratch.aligned((long) batch * seq * 3 * d) * Float.BYTES, workspace.capacityBytes(),
                    "scratch is the projection only: nothing to hold a head copy or even the context");

            AttentionResult reference = new ReferenceMultiHeadAttention(d, heads, weights).forward(x, x, x, AttentionOptions.DEFAULTS);
            assertTrue(RandomTensors.maxAbsDiff(reference.output(), out) < 1e-4f);
            assertTrue(RandomTensors.maxAbsDiff(reference.attentionWeights().orElseThrow(), attn) < 1e-4f);
        }
    }

    @Test
    void crossAttentionProjectsKeyAndValueTogetherAndKeepsViews() {
        int batch = 2, lq = 3, lk = 7, d = 8, heads = 2, depth = d / heads;
        Random random = new Random(11);
        try (Arena arena = Arena.ofConfined(); Workspace workspace = Workspace.create()) {
            AttentionWeights weights = RandomTensors.weights(arena, random, d);
            RecordingGemm gemm = new RecordingGemm();
            MultiHeadAttention mha = new MultiHeadAttention(d, heads, weights, gemm);
            Tensor q = RandomTensors.gaussian(arena, random, 1f, batch, lq, d);
            Tensor memory = RandomTensors.gaussian(arena, random, 1f, batch, lk, d);
            Tensor out = Tensor.allocate(arena, batch, lq, d);

            mha.forward(q, memory, memory, AttentionOptions.DEFAULTS.withNeedWeights(false), workspace, out, null);

            List<RecordingGemm.Call> calls = gemm.calls;
            assertEquals(3 + 2 * batch * heads, calls.size(), "Q GEMM, fused K/V GEMM, two per head, output GEMM");
            assertEquals(d, calls.get(0).n());
            RecordingGemm.Call kv = calls.get(1);
            assertEquals(2 * d, kv.n(), "key == value: K and V projected together");
            for (int b = 0; b < batch; b++) {
                for (int h = 0; h < heads; h++) {
                    RecordingGemm.Call scores = calls.get(2 + 2 * b * heads + h);
                    RecordingGemm.Call context = calls.get(2 + 2 * b * heads + heads + h);
                    assertEquals(d, scores.lda());
                    assertEquals(calls.get(0).cStart() + ((long) b * lq * d + (long) h * depth) * Float.BYTES, scores.aStart());
                    assertEquals(2 * d, scores.ldb());
                    assertEquals(kv.cStart() + ((long) b * lk * 2 * d + (long) h * depth) * Float.BYTES, scores.bStart());
                    assertEquals(kv.cStart() + ((long) b * lk * 2 * d + d + (long) h * depth) * Float.BYTES, context.bStart());
                    assertEquals(lk, scores.ldc(), "reusable [tile, seq_k] blocks when weights are not kept");
                    assertEquals(scores.aStart(), context.cStart(), "head output goes straight to Q_h's own columns");
                }
            }
            AttentionResult reference = new ReferenceMultiHeadAttention(d, heads, weights)
                    .forward(q, memory, memory, AttentionOptions.DEFAULTS);
            assertTrue(RandomTensors.maxAbsDiff(reference.output(), out) < 1e-4f);
        }
    }
}
