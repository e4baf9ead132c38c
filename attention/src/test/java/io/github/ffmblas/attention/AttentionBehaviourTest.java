package io.github.ffmblas.attention;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Defined results for edge cases, the seed's call order, and bad input refused with a clear message. */
class AttentionBehaviourTest {

    private static List<Attention> both(int d, int heads, AttentionWeights weights) {
        return List.of(new MultiHeadAttention(d, heads, weights), new ReferenceMultiHeadAttention(d, heads, weights));
    }

    @Test
    void aRowWithEveryKeyMaskedAttendsToNothing() {
        int batch = 2, lq = 4, lk = 5, d = 8, heads = 2;
        Random random = new Random(3);
        try (Arena arena = Arena.ofConfined()) {
            AttentionWeights weights = RandomTensors.weights(arena, random, d);
            Tensor q = RandomTensors.gaussian(arena, random, 1f, batch, lq, d);
            Tensor kv = RandomTensors.gaussian(arena, random, 1f, batch, lk, d);
            boolean[] mask = new boolean[lq * lk];
            for (int j = 0; j < lk; j++) {
                mask[lk + j] = true; // query row 1 sees nothing
            }
            boolean[] padding = new boolean[batch * lk];
            java.util.Arrays.fill(padding, lk, 2 * lk, true); // batch row 1: every key is padding
            float[] minusInfinity = new float[lq * lk];
            java.util.Arrays.fill(minusInfinity, 2 * lk, 3 * lk, Float.NEGATIVE_INFINITY); // row 2 all -inf
            AttentionOptions boolMask = AttentionOptions.DEFAULTS.withAttnMask(Tensor.copyOf(arena, mask, lq, lk))
                    .withKeyPaddingMask(Tensor.copyOf(arena, padding, batch, lk));
            AttentionOptions floatMask = AttentionOptions.DEFAULTS.withAttnMask(Tensor.copyOf(arena, minusInfinity, lq, lk));
            float[] outBias = weights.toArrays()[7];

            for (Attention attention : both(d, heads, weights)) {
                AttentionResult r = attention.forward(q, kv, kv, boolMask);
                float[] out = r.output().toFloatArray();
                float[] w = r.attentionWeights().orElseThrow().toFloatArray();
                for (int h = 0; h < heads; h++) {
                    for (int j = 0; j < lk; j++) {
                        assertEquals(0f, w[((0 * heads + h) * lq + 1) * lk + j], "masked row has zero weights");
                        for (int i = 0; i < lq; i++) {
                            assertEquals(0f, w[((1 * heads + h) * lq + i) * lk + j], "all-padding batch has zero weights");
                        }
                    }
                }
                for (int c = 0; c < d; c++) {
                    assertEquals(outBias[c], out[(0 * lq + 1) * d + c], 1e-6f, "output row = out_proj bias");
                    assertEquals(outBias[c], out[(1 * lq + 3) * d + c], 1e-6f);
                }
                assertTrue(Math.abs(out[0] - outBias[0]) > 1e-6f, "an unmasked row is not just the bias");

                float[] w2 = attention.forward(q, kv, kv, floatMask).attentionWeights().orElseThrow().toFloatArray();
                for (int j = 0; j < lk; j++) {
                    assertEquals(0f, w2[2 * lk + j], "a row of -inf logits has zero weights, not NaN");
                }
                for (float value : w2) {
                    assertTrue(!Float.isNaN(value), "no NaN anywhere");
                }
            }
        }
    }

    @Test
    void seedCallOrderIsValueKeyQuery() {
        int d = 12, heads = 3;
        Random random = new Random(5);
        try (Arena arena = Arena.ofConfined()) {
            AttentionWeights weights = RandomTensors.weights(arena, random, d);
            Tensor q = RandomTensors.gaussian(arena, random, 1f, 2, 3, d);
            Tensor k = RandomTensors.gaussian(arena, random, 1f, 2, 6, d);
            Tensor v = RandomTensors.gaussian(arena, random, 1f, 2, 6, d);
            for (Attention attention : both(d, heads, weights)) {
                AttentionResult seed = attention.forwardValueKeyQuery(v, k, q);
                AttentionResult idiomatic = attention.forward(q, k, v, AttentionOptions.DEFAULTS);
                assertArrayEquals(idiomatic.output().toFloatArray(), seed.output().toFloatArray());
                assertArrayEquals(new int[] {2, heads, 3, 6}, seed.attentionWeights().orElseThrow().shape());
            }
        }
    }

    @Test
    void headsMustDivideDModelWithTheSeedsMessage() {
        try (Arena arena = Arena.ofConfined()) {
            AttentionWeights weights = RandomTensors.weights(arena, new Random(1), 10);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new MultiHeadAttention(10, 3, weights));
            assertTrue(e.getMessage().contains("d_model must be divisible by num_heads"), e.getMessage());
            e = assertThrows(IllegalArgumentException.class, () -> new ReferenceMultiHeadAttention(10, 4, weights));
            assertTrue(e.getMessage().contains("d_model must be divisible by num_heads"), e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> new MultiHeadAttention(10, 0, weights));
            assertThrows(IllegalArgumentException.class, () -> new MultiHeadAttention(12, 3, weights), "wrong d_model");
        }
    }

    @Test
    void badShapesAreRefusedByName() {
        int d = 8;
        try (Arena arena = Arena.ofConfined()) {
            Random random = new Random(2);
            AttentionWeights weights = RandomTensors.weights(arena, random, d);
            Tensor q = RandomTensors.gaussian(arena, random, 1f, 2, 3, d);
            Tensor k5 = RandomTensors.gaussian(arena, random, 1f, 2, 5, d);
            Tensor v4 = RandomTensors.gaussian(arena, random, 1f, 2, 4, d);
            for (Attention attention : both(d, 2, weights)) {
                assertMessage(() -> attention.forward(q, k5, v4, AttentionOptions.DEFAULTS), "same length");
                assertMessage(() -> attention.forward(RandomTensors.gaussian(arena, random, 1f, 2, 3, 6), k5, k5,
                        AttentionOptions.DEFAULTS), "d_model");
                assertMessage(() -> attention.forward(q, RandomTensors.gaussian(arena, random, 1f, 1, 5, d),
                        RandomTensors.gaussian(arena, random, 1f, 1, 5, d), AttentionOptions.DEFAULTS), "key must be");
                assertMessage(() -> attention.forward(q, k5, k5, AttentionOptions.DEFAULTS.withAttnMask(
                        RandomTensors.gaussian(arena, random, 1f, 5, 3))), "attn_mask must be [3, 5]");
                assertMessage(() -> attention.forward(q, k5, k5, AttentionOptions.DEFAULTS.withKeyPaddingMask(
                        RandomTensors.gaussian(arena, random, 1f, 2, 5))), "key_padding_mask must be BOOL");
                assertMessage(() -> attention.forward(q, k5, k5, AttentionOptions.DEFAULTS.withKeyPaddingMask(
                        RandomTensors.bools(arena, random, 0.5, 2, 4))), "key_padding_mask must be [2, 5]");
                assertMessage(() -> attention.forward(RandomTensors.gaussian(arena, random, 1f, 6, d), k5, k5,
                        AttentionOptions.DEFAULTS), "query must be");
            }
        }
    }

    /**
     * A weight of the wrong rank, a scalar above all, is refused by name, through the API and from a file. Before,
     * a rank-0 in_proj_weight (or wq.weight) threw ArrayIndexOutOfBoundsException from reading its last dimension.
     */
    @Test
    void weightsOfTheWrongRankAreRefusedByName(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        int d = 4;
        try (Arena arena = Arena.ofConfined()) {
            Random random = new Random(11);
            Tensor scalar = Tensor.allocate(arena);
            Tensor vector = RandomTensors.gaussian(arena, random, 1f, 3 * d);
            Tensor bias = RandomTensors.gaussian(arena, random, 1f, 3 * d);
            Tensor out = RandomTensors.gaussian(arena, random, 1f, d, d);
            Tensor outBias = RandomTensors.gaussian(arena, random, 1f, d);
            for (Tensor wrong : new Tensor[] {scalar, vector}) {
                assertMessage(() -> AttentionWeights.ofPyTorch(wrong, bias, out, outBias),
                        "in_proj_weight must have rank 2");
                assertMessage(() -> AttentionWeights.ofSeparateProjections(arena, wrong, outBias, out, outBias, out, outBias, out,
                        outBias), "wq.weight must have rank 2");
                java.nio.file.Path file = dir.resolve("rank" + wrong.rank() + ".safetensors");
                java.util.Map<String, Tensor> tensors = new java.util.LinkedHashMap<>();
                tensors.put("layer.in_proj_weight", wrong);
                tensors.put("layer.in_proj_bias", bias);
                tensors.put("layer.out_proj.weight", out);
                tensors.put("layer.out_proj.bias", outBias);
                io.github.ffmblas.attention.safetensors.SafeTensorsWriter.write(file, tensors, java.util.Map.of());
                try (var weights = io.github.ffmblas.attention.safetensors.SafeTensorsFile.open(file)) {
                    assertMessage(() -> AttentionWeights.load(weights, "layer.", arena),
                            "layer.in_proj_weight must have rank 2");
                }
            }
            assertMessage(() -> AttentionWeights.ofPyTorch(out, bias, out, outBias), "in_proj_weight must have shape");
        }
    }

    /**
     * Key and value on two read-only views of different heap arrays: same shape, same address (0, the start of
     * each array), and no array to tell them apart through {@code heapBase()}, which is empty for read-only heap
     * segments. They are still two tensors. Before, they were taken for one (key reused as value).
     */
    @Test
    void keyAndValueOnDifferentReadOnlyHeapArraysAreTwoTensors() {
        int d = 8, heads = 2;
        try (Arena arena = Arena.ofConfined()) {
            Random random = new Random(12);
            AttentionWeights weights = RandomTensors.weights(arena, random, d);
            Tensor q = RandomTensors.gaussian(arena, random, 1f, 2, 3, d);
            float[] k = RandomTensors.gaussian(arena, random, 1f, 2, 4, d).toFloatArray();
            float[] v = RandomTensors.gaussian(arena, random, 1f, 2, 4, d).toFloatArray();
            Tensor key = Tensor.of(java.lang.foreign.MemorySegment.ofArray(k).asReadOnly(), 2, 4, d);
            Tensor value = Tensor.of(java.lang.foreign.MemorySegment.ofArray(v).asReadOnly(), 2, 4, d);
            AttentionResult expected = new ReferenceMultiHeadAttention(d, heads, weights).forward(q,
                    Tensor.copyOf(arena, k, 2, 4, d), Tensor.copyOf(arena, v, 2, 4, d), AttentionOptions.DEFAULTS);
            AttentionResult got = new MultiHeadAttention(d, heads, weights).forward(q, key, value,
                    AttentionOptions.DEFAULTS);
            assertTrue(RandomTensors.maxAbsDiff(expected.output(), got.output()) < 1e-4f,
                    "value was not used: " + RandomTensors.maxAbsDiff(expected.output(), got.output()));
        }
    }

    private static void assertMessage(org.junit.jupiter.api.function.Executable call, String fragment) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
        assertTrue(e.getMessage().contains(fragment), "message '" + e.getMessage() + "' should mention '" + fragment + "'");
    }

    @Test
    void closedArenasAndForeignWorkspacesFailCleanly() throws Exception {
        int d = 8;
        Random random = new Random(9);
        Arena weightsArena = Arena.ofShared();
        AttentionWeights weights = RandomTensors.weights(weightsArena, random, d);
        MultiHeadAttention mha = new MultiHeadAttention(d, 2, weights);
        try (Arena arena = Arena.ofConfined()) {
            Tensor x = RandomTensors.gaussian(arena, random, 1f, 1, 4, d);
            mha.forward(x, x, x, AttentionOptions.DEFAULTS);

            Workspace mine = Workspace.create();
            Tensor out = Tensor.allocate(arena, 1, 4, d);
            ExecutorService other = Executors.newSingleThreadExecutor();
            try {
                Future<?> misuse = other.submit(() -> {
                    try (Arena local = Arena.ofConfined()) {
                        Tensor y = RandomTensors.gaussian(local, new Random(1), 1f, 1, 4, d);
                        Tensor o = Tensor.allocate(local, 1, 4, d);
                        mha.forward(y, y, y, AttentionOptions.DEFAULTS.withNeedWeights(false), mine, o, null);
                    }
                    return null;
                });
                Exception e = assertThrows(java.util.concurrent.ExecutionException.class, misuse::get);
                assertTrue(e.getCause() instanceof WrongThreadException, "got " + e.getCause());
                assertTrue(e.getCause().getMessage().contains("Workspace"), e.getCause().getMessage());

                Future<?> confined = other.submit(() -> mha.forward(x, x, x, AttentionOptions.DEFAULTS));
                Exception wrongThread = assertThrows(java.util.concurrent.ExecutionException.class, confined::get);
                assertTrue(wrongThread.getCause() instanceof WrongThreadException, "got " + wrongThread.getCause());
            } finally {
                other.shutdownNow();
                mine.close();
            }

            weightsArena.close();
            IllegalStateException closed = assertThrows(IllegalStateException.class,
                    () -> mha.forward(x, x, x, AttentionOptions.DEFAULTS));
            assertTrue(closed.getMessage().contains("weights"), closed.getMessage());
        }
        Arena inputs = Arena.ofConfined();
        Tensor x = RandomTensors.gaussian(inputs, random, 1f, 1, 4, d);
        inputs.close();
        try (Arena fresh = Arena.ofShared()) {
            MultiHeadAttention live = new MultiHeadAttention(d, 2, RandomTensors.weights(fresh, random, d));
            assertThrows(IllegalStateException.class, () -> live.forward(x, x, x, AttentionOptions.DEFAULTS));
        }
    }

    @Test
    void manyThreadsShareOneInstanceAndGetSerialResults() throws Exception {
        int d = 16, heads = 4, threads = 8, rounds = 40;
        Random random = new Random(8);
        try (Arena arena = Arena.ofShared()) {
            AttentionWeights weights = RandomTensors.weights(arena, random, d);
            MultiHeadAttention mha = new MultiHeadAttention(d, heads, weights);
            Tensor[] inputs = new Tensor[threads];
            float[][] expected = new float[threads][];
            for (int t = 0; t < threads; t++) {
                inputs[t] = RandomTensors.gaussian(arena, random, 1f, 2, 5 + t, d);
                expected[t] = mha.forward(inputs[t], inputs[t], inputs[t], AttentionOptions.DEFAULTS.withCausal(true))
                        .output().toFloatArray();
            }
            ExecutorService pool = Executors.newFixedThreadPool(threads);
            try {
                List<Future<Boolean>> results = new java.util.ArrayList<>();
                for (int t = 0; t < threads; t++) {
                    int id = t;
                    results.add(pool.submit(() -> {
                        for (int r = 0; r < rounds; r++) {
                            float[] out = mha.forward(inputs[id], inputs[id], inputs[id],
                                    AttentionOptions.DEFAULTS.withCausal(true)).output().toFloatArray();
                            if (!java.util.Arrays.equals(expected[id], out)) {
                                return false;
                            }
                        }
                        return true;
                    }));
                }
                for (Future<Boolean> result : results) {
                    assertTrue(result.get(2, TimeUnit.MINUTES), "a concurrent forward differed from the serial one");
                }
            } finally {
                pool.shutdownNow();
            }
        }
    }
}
