package io.github.ffmblas.attention;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ffmblas.bindings.Transpose;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Incremental decoding over a {@link KeyValueCache} equals the full causal forward over the same sequence (same
 * backend, computed per item alone): token by token, in chunks, whole, with ragged batches, after truncation, on one
 * and two threads, on OpenBLAS and on a gemm that is not OpenBLAS's (so the projections take the model's products,
 * not sgemv); cross-attention over a cache filled once equals the forward with a key padding mask.
 */
class DecodeTest {
    private static final float TOLERANCE = 1e-4f;

    /** Runs every product on OpenBLAS but is not {@link Gemm#NATIVE}: the path another backend takes. */
    static final Gemm OTHER = new Gemm() {
        @Override
        public void multiply(Transpose transB, int m, int n, int k, float alpha, MemorySegment a, long aOffset,
                             int lda, MemorySegment b, long bOffset, int ldb, float beta, MemorySegment c,
                             long cOffset, int ldc) {
            Gemm.NATIVE.multiply(transB, m, n, k, alpha, a, aOffset, lda, b, bOffset, ldb, beta, c, cOffset, ldc);
        }
    };

    static DecodeDriver.Stepper stepper(MultiHeadAttention mha, Workspace workspace) {
        return (x, cache, options, out, attention) -> mha.decode(x, x, x, cache, options, workspace, out, attention);
    }

    /** Schedules: 0 token by token, 1 chunks of 3, 2 random chunks, 3 the whole sequence at once. */
    private static int chunk(int schedule, Random random, int remaining) {
        return switch (schedule) {
            case 0 -> 1;
            case 1 -> Math.min(3, remaining);
            case 2 -> 1 + random.nextInt(Math.min(remaining, 9));
            default -> remaining;
        };
    }

    @ParameterizedTest(name = "d={0} H={1} B={2} L={3} threads={4} gemm={5}")
    @CsvSource({"16,4,1,7,1,native", "33,3,2,33,1,native", "8,1,1,1,1,native", "24,3,1,130,1,native",
            "12,2,3,9,2,native", "20,4,2,17,2,other", "7,7,1,13,1,other", "64,8,1,70,2,native"})
    void everyScheduleEqualsTheFullCausalForward(int d, int heads, int batch, int length, int threads, String gemm) {
        Random random = new Random(31L * d + length);
        try (Arena arena = Arena.ofConfined(); Workspace workspace = Workspace.create(threads)) {
            AttentionWeights w = RandomTensors.weights(arena, random, d);
            MultiHeadAttention mha = new MultiHeadAttention(d, heads, w, gemm.equals("native") ? Gemm.NATIVE : OTHER);
            int[] lengths = new int[batch];
            Arrays.fill(lengths, length);
            for (int schedule = 0; schedule < 4; schedule++) {
                DecodeDriver driver = new DecodeDriver(mha, arena, random, d, heads, lengths);
                try (KeyValueCache cache = KeyValueCache.allocate(mha, batch, length + 1)) {
                    while (!driver.done()) {
                        int n = chunk(schedule, random, driver.remaining(0));
                        int[] tokens = new int[batch];
                        Arrays.fill(tokens, n);
                        driver.step(stepper(mha, workspace), cache, arena, n, tokens, schedule % 2 == 0 ? length : 0,
                                TOLERANCE);
                    }
                }
            }
        }
    }

    @ParameterizedTest(name = "threads={0}")
    @CsvSource({"1", "2"})
    void raggedBatchItemsSeeOnlyTheirOwnTokens(int threads) {
        Random random = new Random(7);
        int d = 24;
        int heads = 4;
        try (Arena arena = Arena.ofConfined(); Workspace workspace = Workspace.create(threads)) {
            MultiHeadAttention mha = new MultiHeadAttention(d, heads, RandomTensors.weights(arena, random, d));
            KeyValueCache cache = KeyValueCache.allocate(arena, mha, 3, 20);
            DecodeDriver driver = new DecodeDriver(mha, arena, random, d, heads, new int[] {12, 3, 20});
            DecodeDriver.Stepper s = stepper(mha, workspace);
            // Prompts of 5, 1 and 9 tokens, padded to 9 rows, then single tokens; item 1 stops after 3.
            driver.step(s, cache, arena, 9, new int[] {5, 1, 9}, 20, TOLERANCE);
            while (!driver.done()) {
                int[] tokens = new int[3];
                for (int b = 0; b < 3; b++) {
                    tokens[b] = Math.min(1, driver.remaining(b));
                }
                driver.step(s, cache, arena, 1, tokens, cache.maxCachedLength() + 1, TOLERANCE);
            }
            assertEquals(List.of(12, 3, 20), List.of(cache.length(0), cache.length(1), cache.length(2)));
        }
    }

    @Test
    void truncatingDraftsAndRewindingRealTokensKeepsTheSequence() {
        Random random = new Random(11);
        int d = 16;
        int heads = 2;
        try (Arena arena = Arena.ofConfined(); Workspace workspace = Workspace.create()) {
            MultiHeadAttention mha = new MultiHeadAttention(d, heads, RandomTensors.weights(arena, random, d));
            KeyValueCache cache = KeyValueCache.allocate(arena, mha, 2, 40);
            DecodeDriver driver = new DecodeDriver(mha, arena, random, d, heads, new int[] {30, 30});
            DecodeDriver.Stepper s = stepper(mha, workspace);
            while (!driver.done()) {
                int n = 1 + random.nextInt(3);
                int[] tokens = {Math.min(n, driver.remaining(0)), Math.min(n, driver.remaining(1))};
                driver.step(s, cache, arena, Math.max(tokens[0], tokens[1]), tokens, 0, TOLERANCE);
                driver.speculateAndReject(s, cache, arena, 1 + random.nextInt(4));
                if (driver.position[1] > 4 && random.nextInt(3) == 0) {
                    driver.rewind(cache, 1, 1 + random.nextInt(3)); // item 1 decodes those again
                }
            }
            cache.reset();
            assertEquals(0, cache.maxCachedLength());
            assertThrows(IllegalArgumentException.class, () -> cache.truncate(1));
        }
    }

    @ParameterizedTest(name = "threads={0} separate key and value={1}")
    @CsvSource({"1,false", "2,true", "1,true"})
    void crossAttentionOverACacheFilledOnceEqualsTheForwardWithAKeyPaddingMask(int threads, boolean separate) {
        Random random = new Random(5);
        int d = 18;
        int heads = 3;
        int batch = 3;
        int memoryLength = 11;
        int[] lengths = {11, 4, 7};
        int queries = 6;
        try (Arena arena = Arena.ofConfined(); Workspace workspace = Workspace.create(threads)) {
            MultiHeadAttention mha = new MultiHeadAttention(d, heads, RandomTensors.weights(arena, random, d));
            KeyValueCache cache = KeyValueCache.allocate(arena, mha, batch, memoryLength);
            Tensor key = RandomTensors.gaussian(arena, random, 1f, batch, memoryLength, d);
            Tensor value = separate ? RandomTensors.gaussian(arena, random, 1f, batch, memoryLength, d) : key;
            Tensor query = RandomTensors.gaussian(arena, random, 1f, batch, queries, d);
            boolean[] padding = new boolean[batch * memoryLength];
            for (int b = 0; b < batch; b++) {
                for (int j = lengths[b]; j < memoryLength; j++) {
                    padding[b * memoryLength + j] = true;
                }
            }
            AttentionResult full = mha.forward(query, key, value, AttentionOptions.DEFAULTS
                    .withKeyPaddingMask(Tensor.copyOf(arena, padding, batch, memoryLength)));
            mha.appendKeyValues(key, value, cache, StepOptions.DEFAULTS.withTokens(lengths), workspace);
            assertEquals(7, cache.length(2));
            // Queries one, then two, then three at a time; the cache stays as it was.
            float[] want = full.output().toFloatArray();
            float[] wantWeights = full.attentionWeights().orElseThrow().toFloatArray();
            int row = 0;
            for (int n = 1; row < queries; row += n, n++) {
                Tensor q = rows(arena, query, row, n);
                Tensor out = Tensor.allocate(arena, batch, n, d);
                Tensor attention = Tensor.allocate(arena, batch, heads, n, memoryLength);
                mha.attend(q, cache, StepOptions.DEFAULTS.withNeedWeights(true), workspace, out, attention);
                float[] got = out.toFloatArray();
                float[] gotWeights = attention.toFloatArray();
                for (int b = 0; b < batch; b++) {
                    for (int r = 0; r < n; r++) {
                        for (int c = 0; c < d; c++) {
                            float expected = want[(b * queries + row + r) * d + c];
                            assertEquals(expected, got[(b * n + r) * d + c], TOLERANCE * Math.max(1, Math.abs(expected)));
                        }
                        for (int h = 0; h < heads; h++) {
                            for (int k = 0; k < memoryLength; k++) {
                                assertEquals(wantWeights[((b * heads + h) * queries + row + r) * memoryLength + k],
                                        gotWeights[((b * heads + h) * n + r) * memoryLength + k], TOLERANCE);
                            }
                        }
                    }
                }
                assertEquals(List.of(11, 4, 7), List.of(cache.length(0), cache.length(1), cache.length(2)));
            }
        }
    }

    /** Distinct query, key and value tokens (or key = value): each projected by its own rows of in_proj. */
    @ParameterizedTest(name = "key is value={0} threads={1}")
    @CsvSource({"false,1", "true,2", "false,2"})
    void separateQueryKeyAndValueInputsEqualTheCausalForward(boolean keyIsValue, int threads) {
        Random random = new Random(19);
        int d = 20;
        int heads = 5;
        int batch = 2;
        int length = 11;
        try (Arena arena = Arena.ofConfined(); Workspace workspace = Workspace.create(threads)) {
            MultiHeadAttention mha = new MultiHeadAttention(d, heads, RandomTensors.weights(arena, random, d));
            KeyValueCache cache = KeyValueCache.allocate(arena, mha, batch, length);
            Tensor query = RandomTensors.gaussian(arena, random, 1f, batch, length, d);
            Tensor key = RandomTensors.gaussian(arena, random, 1f, batch, length, d);
            Tensor value = keyIsValue ? key : RandomTensors.gaussian(arena, random, 1f, batch, length, d);
            float[] want = mha.forward(query, key, value, AttentionOptions.DEFAULTS.withCausal(true))
                    .output().toFloatArray();
            int row = 0;
            for (int n : new int[] {3, 1, 4, 1, 2}) {
                Tensor k = rows(arena, key, row, n);
                Tensor out = Tensor.allocate(arena, batch, n, d);
                mha.decode(rows(arena, query, row, n), k, keyIsValue ? k : rows(arena, value, row, n), cache,
                        StepOptions.DEFAULTS, workspace, out, null);
                float[] got = out.toFloatArray();
                for (int b = 0; b < batch; b++) {
                    for (int i = 0; i < n * d; i++) {
                        float expected = want[(b * length + row) * d + i];
                        assertEquals(expected, got[b * n * d + i], TOLERANCE * Math.max(1, Math.abs(expected)));
                    }
                }
                row += n;
            }
            assertEquals(length, cache.length(1));
        }
    }

    /** Rows {@code [from, from + n)} of every item of {@code x}, copied. */
    static Tensor rows(Arena arena, Tensor x, int from, int n) {
        int batch = x.dim(0);
        int length = x.dim(1);
        int d = x.dim(2);
        float[] all = x.toFloatArray();
        float[] part = new float[batch * n * d];
        for (int b = 0; b < batch; b++) {
            System.arraycopy(all, (b * length + from) * d, part, b * n * d, n * d);
        }
        return Tensor.copyOf(arena, part, batch, n, d);
    }

    @Test
    void anEmptyCacheAttendsToNothingAndATokenCountOfZeroLeavesAnItemAlone() {
        Random random = new Random(3);
        int d = 8;
        try (Arena arena = Arena.ofConfined(); Workspace workspace = Workspace.create()) {
            MultiHeadAttention mha = new MultiHeadAttention(d, 2, RandomTensors.weights(arena, random, d));
            KeyValueCache cache = KeyValueCache.allocate(arena, mha, 2, 4);
            Tensor q = RandomTensors.gaussian(arena, random, 1f, 2, 1, d);
            AttentionResult r = mha.attend(q, cache, StepOptions.DEFAULTS.withNeedWeights(true));
            // No keys: the context is 0, so each row is the output projection's bias, and every weight is 0.
            float[] bias = w(mha).tensors().get(3).toFloatArray();
            float[] out = r.output().toFloatArray();
            for (int i = 0; i < out.length; i++) {
                assertEquals(bias[i % d], out[i], 1e-6f);
            }
            assertTrue(allZero(r.attentionWeights().orElseThrow().toFloatArray()));
            AttentionResult s = mha.decode(q, q, q, cache, StepOptions.DEFAULTS.withTokens(0, 1));
            assertEquals(0, cache.length(0));
            assertEquals(1, cache.length(1));
            float[] first = s.output().toFloatArray();
            assertTrue(allZero(Arrays.copyOfRange(first, 0, d)), "a padding row's output is 0");
        }
    }

    private static AttentionWeights w(MultiHeadAttention mha) {
        return mha.weights();
    }

    private static boolean allZero(float[] values) {
        for (float v : values) {
            if (v != 0f) {
                return false;
            }
        }
        return true;
    }

    @Test
    void exceedingMaxLengthIsRefusedNamingTheItemAndChangesNothing() {
        Random random = new Random(9);
        int d = 8;
        try (Arena arena = Arena.ofConfined(); Workspace workspace = Workspace.create()) {
            MultiHeadAttention mha = new MultiHeadAttention(d, 2, RandomTensors.weights(arena, random, d));
            KeyValueCache cache = KeyValueCache.allocate(arena, mha, 2, 5);
            Tensor x = RandomTensors.gaussian(arena, random, 1f, 2, 3, d);
            Tensor out = Tensor.allocate(arena, 2, 3, d);
            mha.decode(x, x, x, cache, StepOptions.DEFAULTS.withTokens(3, 1), workspace, out, null);
            byte[] keys = cache.keys().segment().toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
            byte[] values = cache.values().segment().toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
            float[] before = out.toFloatArray();
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> mha.decode(x, x, x, cache, StepOptions.DEFAULTS, workspace, out, null));
            assertTrue(e.getMessage().startsWith("cache item 0 holds 3 of its maxLength 5 tokens"), e.getMessage());
            assertEquals(3, cache.length(0));
            assertEquals(1, cache.length(1));
            assertArrayEquals(keys, cache.keys().segment().toArray(java.lang.foreign.ValueLayout.JAVA_BYTE));
            assertArrayEquals(values, cache.values().segment().toArray(java.lang.foreign.ValueLayout.JAVA_BYTE));
            assertArrayEquals(before, out.toFloatArray());
            // Item 1 still has room: a step that leaves item 0 alone goes through.
            mha.decode(x, x, x, cache, StepOptions.DEFAULTS.withTokens(0, 3), workspace, out, null);
            assertEquals(4, cache.length(1));
        }
    }

    @Test
    void aModelDecodesOnManyThreadsEachWithItsOwnCache() throws Exception {
        Random random = new Random(13);
        int d = 32;
        int heads = 4;
        Path file = Files.createTempFile("ffmblas-decode", ".safetensors");
        try (Arena arena = Arena.ofShared()) {
            AttentionWeights w = RandomTensors.weights(arena, random, d);
            io.github.ffmblas.attention.safetensors.SafeTensorsWriter.write(file, RandomTensors.pyTorchTensors(w, ""),
                    java.util.Map.of());
            MultiHeadAttention oracle = new MultiHeadAttention(d, heads, w);
            try (AttentionModel model = AttentionModel.builder(file, heads).backend(Backend.OPENBLAS).open();
                 ExecutorService pool = Executors.newFixedThreadPool(3)) {
                List<Future<Integer>> done = new ArrayList<>();
                for (int t = 0; t < 3; t++) {
                    long seed = 100 + t;
                    done.add(pool.submit(() -> {
                        Random r = new Random(seed);
                        try (Arena mine = Arena.ofConfined(); Workspace workspace = Workspace.create(1 + (int) (seed % 2));
                             KeyValueCache cache = KeyValueCache.allocate(model, 2, 25)) {
                            DecodeDriver driver = new DecodeDriver(oracle, mine, r, d, heads, new int[] {25, 19});
                            DecodeDriver.Stepper s = (x, c, o, out, a) -> model.decode(x, x, x, c, o, workspace, out, a);
                            while (!driver.done()) {
                                driver.step(s, cache, mine, 1, new int[] {Math.min(1, driver.remaining(0)),
                                        Math.min(1, driver.remaining(1))}, 25, TOLERANCE);
                            }
                            return driver.steps;
                        }
                    }));
                }
                for (Future<Integer> f : done) {
                    assertEquals(25, f.get());
                }
                assertTrue(model.maxConcurrentForwards() >= 1);
            }
        } finally {
            Files.deleteIfExists(file);
        }
    }

    @Test
    void aClosedModelRefusesStepsByName() throws IOException {
        Random random = new Random(17);
        int d = 8;
        Path file = Files.createTempFile("ffmblas-decode", ".safetensors");
        try (Arena arena = Arena.ofConfined()) {
            io.github.ffmblas.attention.safetensors.SafeTensorsWriter.write(file,
                    RandomTensors.pyTorchTensors(RandomTensors.weights(arena, random, d), ""), java.util.Map.of());
            AttentionModel model = AttentionModel.builder(file, 2).name("decoder").open();
            KeyValueCache cache = KeyValueCache.allocate(arena, model, 1, 4);
            model.close();
            Tensor x = RandomTensors.gaussian(arena, random, 1f, 1, 1, d);
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> model.decode(x, x, x, cache,
                    StepOptions.DEFAULTS, Workspace.forCurrentThread(), Tensor.allocate(arena, 1, 1, d), null));
            assertEquals("AttentionModel 'decoder' is closed", e.getMessage());
            assertEquals(0, cache.length(0));
        } finally {
            Files.deleteIfExists(file);
        }
    }
}
