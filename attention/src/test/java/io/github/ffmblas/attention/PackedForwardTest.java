package io.github.ffmblas.attention;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ffmblas.attention.safetensors.SafeTensorsFile;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The forward with its projections and its heads on {@link Backend#PACKED_AVX2} against the plain-Java reference (one
 * and two threads: the team's column parts and tiles must reach the kernel too; with and without the weights returned)
 * and against the PyTorch fixtures, and the backend through {@link AttentionModel}.
 */
class PackedForwardTest {
    private static final float TOLERANCE = 1e-4f;

    @BeforeAll
    static void kernelIsHere() {
        PackedGemmTest.assumeKernel();
    }

    @ParameterizedTest(name = "B={0} Lq={1} Lk={2} d={3} H={4} causal={5} padding={6}")
    @CsvSource({"1, 1, 1, 8, 2, false, false", "2, 7, 7, 16, 4, true, false", "3, 5, 9, 12, 3, false, true",
            "1, 33, 33, 20, 4, true, true", "1, 130, 130, 24, 3, true, false", "2, 7, 33, 10, 1, false, true",
            "1, 130, 7, 18, 3, false, false", "1, 64, 64, 128, 8, false, false", "2, 33, 600, 96, 2, false, true",
            "1, 130, 130, 96, 2, true, true", "4, 33, 33, 16, 4, true, false", "3, 70, 70, 24, 3, false, true",
            "2, 64, 100, 32, 4, false, false"})
    void matchesTheReference(int batch, int lq, int lk, int d, int heads, boolean causal, boolean padding) {
        Random random = new Random(31L * batch + 7L * lq + lk + 1000L * d + heads);
        try (Arena confined = Arena.ofConfined(); Arena shared = Arena.ofShared()) {
            float w = (float) (1 / Math.sqrt(d));
            AttentionWeights weights = AttentionWeights.ofPyTorch(RandomTensors.gaussian(confined, random, w, 3 * d, d),
                    RandomTensors.gaussian(confined, random, w, 3 * d), RandomTensors.gaussian(confined, random, w, d, d),
                    RandomTensors.gaussian(confined, random, w, d));
            AttentionOptions options = AttentionOptions.DEFAULTS.withCausal(causal);
            if (padding) {
                options = options.withKeyPaddingMask(RandomTensors.bools(confined, random, 0.3, batch, lk));
            }
            for (Arena inputs : List.of(confined, shared)) {
                Tensor query = RandomTensors.gaussian(inputs, random, 1f, batch, lq, d);
                Tensor key = lq == lk ? query : RandomTensors.gaussian(inputs, random, 1f, batch, lk, d);
                AttentionResult expected = new ReferenceMultiHeadAttention(d, heads, weights).forward(query, key, key,
                        options);
                try (PackedGemm gemm = PackedGemm.forWeights(weights)) {
                    MultiHeadAttention mha = new MultiHeadAttention(d, heads, weights, gemm);
                    for (int run = 0; run < 4; run++) {
                        int threads = 1 + run % 2;
                        boolean needWeights = run < 2;
                        Tensor out = Tensor.allocate(inputs, batch, lq, d);
                        Tensor attn = needWeights ? Tensor.allocate(inputs, batch, heads, lq, lk) : null;
                        try (Workspace workspace = Workspace.create(threads)) {
                            long before = gemm.kernelCalls();
                            long headsBefore = gemm.headCalls();
                            out.segment().fill((byte) 0xFF); // NaN: every element must be written
                            mha.forward(query, key, key, options.withNeedWeights(needWeights), workspace, out, attn);
                            String who = threads + " thread(s), inputs " + (inputs == shared ? "shared" : "confined")
                                    + (needWeights ? ", weights returned" : "");
                            float outDiff = RandomTensors.maxAbsDiff(expected.output(), out);
                            assertTrue(outDiff <= TOLERANCE, who + ": output differs by " + outDiff);
                            if (needWeights) {
                                float attnDiff = RandomTensors.maxAbsDiff(expected.attentionWeights().orElseThrow(),
                                        attn);
                                assertTrue(attnDiff <= TOLERANCE, who + ": attention weights differ by " + attnDiff);
                            }
                            // Every head of every batch row: its logits and its context on the kernel, per tile.
                            assertTrue(gemm.headCalls() - headsBefore >= 2L * batch * heads, who + ": the kernel ran "
                                    + (gemm.headCalls() - headsBefore) + " head products, not at least "
                                    + 2L * batch * heads);
                            // Q/K/V (fused, or Q and K/V) and the output projection, each in the team's column
                            // parts (as wide as a thread's share rounded up to 16 columns).
                            int width = (d + threads - 1) / threads;
                            int parts = (d + (width + 15) / 16 * 16 - 1) / ((width + 15) / 16 * 16);
                            // (Products of one row go to sgemv.)
                            long least = batch * Math.min(lq, lk) > 1 ? 2L * parts : 0;
                            assertTrue(gemm.kernelCalls() - before >= least, who + ": the kernel ran "
                                    + (gemm.kernelCalls() - before) + " products, not at least " + least);
                        }
                    }
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.github.ffmblas.attention.PyTorchFixtureTest#fixtures")
    void reproducesPyTorch(Path fixture) throws IOException {
        try (SafeTensorsFile file = SafeTensorsFile.open(fixture); Arena arena = Arena.ofConfined()) {
            PyTorchFixtureTest.Fixture f = PyTorchFixtureTest.Fixture.read(file, arena);
            try (PackedGemm gemm = PackedGemm.forWeights(f.weights())) {
                AttentionResult result = new MultiHeadAttention(f.query().dim(2), f.heads(), f.weights(), gemm)
                        .forward(f.query(), f.key(), f.value(), f.options());
                float out = RandomTensors.maxAbsDiff(file.tensor("expected.output"), result.output());
                float att = RandomTensors.maxAbsDiff(file.tensor("expected.attention_weights"),
                        result.attentionWeights().orElseThrow());
                assertTrue(out <= TOLERANCE, fixture.getFileName() + ": output differs from PyTorch by " + out);
                assertTrue(att <= TOLERANCE, fixture.getFileName() + ": attention weights differ by " + att);
                long rows = Math.max((long) f.query().dim(0) * f.query().dim(1), (long) f.key().dim(0) * f.key().dim(1));
                assertTrue(gemm.kernelCalls() >= (rows > 1 ? 1 : 0), "the kernel ran the projections of 2+ rows");
            }
        }
    }

    /**
     * One workspace, several forwards: a thread's panels are repacked for each forward, not kept from the last one
     * (one head, one batch row: the head of every forward has the same index); with masks, at two threads; and
     * attention weights returned into a file's writable mapping (those heads stay batched) and on the heap.
     */
    @Test
    void aWorkspaceRepacksForEachForwardAndMasksAndMappedWeightsWork(@TempDir Path tmp) throws IOException {
        Random random = new Random(77);
        int d = 40;
        try (Arena arena = Arena.ofConfined()) {
            AttentionWeights weights = AttentionWeights.ofPyTorch(RandomTensors.gaussian(arena, random, 0.15f, 3 * d, d),
                    RandomTensors.gaussian(arena, random, 0.15f, 3 * d), RandomTensors.gaussian(arena, random, 0.15f, d, d),
                    RandomTensors.gaussian(arena, random, 0.15f, d));
            try (PackedGemm gemm = PackedGemm.forWeights(weights)) {
                for (int heads : new int[] {1, 2}) {
                    MultiHeadAttention mha = new MultiHeadAttention(d, heads, weights, gemm);
                    ReferenceMultiHeadAttention reference = new ReferenceMultiHeadAttention(d, heads, weights);
                    for (int threads : new int[] {1, 2}) {
                        try (Workspace workspace = Workspace.create(threads)) {
                            for (int call = 0; call < 4; call++) {
                                int lq = 37;
                                Tensor x = RandomTensors.gaussian(arena, random, 1f, 2, lq, d);
                                AttentionOptions options = AttentionOptions.DEFAULTS.withNeedWeights(false)
                                        .withCausal(call % 2 == 1);
                                if (call >= 2) {
                                    options = options.withKeyPaddingMask(RandomTensors.bools(arena, random, 0.3, 2, lq))
                                            .withAttnMask(RandomTensors.bools(arena, random, 0.2, lq, lq));
                                }
                                Tensor out = Tensor.allocate(arena, 2, lq, d);
                                long before = gemm.headCalls();
                                mha.forward(x, x, x, options, workspace, out, null);
                                float diff = RandomTensors.maxAbsDiff(reference.forward(x, x, x, options).output(), out);
                                String who = "H=" + heads + ", " + threads + " thread(s), forward " + call;
                                assertTrue(diff <= TOLERANCE, who + ": output differs by " + diff);
                                assertTrue(gemm.headCalls() - before >= 4L * heads, who + ": heads not on the kernel");
                            }
                        }
                    }
                    Tensor x = RandomTensors.gaussian(arena, random, 1f, 1, 9, d);
                    AttentionOptions options = AttentionOptions.DEFAULTS.withCausal(true);
                    Tensor expected = reference.forward(x, x, x, options).attentionWeights().orElseThrow();
                    Path file = tmp.resolve("weights" + heads);
                    long bytes = (long) heads * 9 * 9 * Float.BYTES;
                    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                            StandardOpenOption.WRITE)) {
                        MemorySegment mapped = channel.map(FileChannel.MapMode.READ_WRITE, 0, bytes, arena);
                        Tensor inFile = Tensor.of(mapped, 1, heads, 9, 9);
                        Tensor onHeap = Tensor.of(MemorySegment.ofArray(new float[heads * 81]), 1, heads, 9, 9);
                        for (Tensor attn : List.of(inFile, onHeap)) {
                            mha.forward(x, x, x, options, Workspace.forCurrentThread(), Tensor.allocate(arena, 1, 9, d),
                                    attn);
                            float diff = RandomTensors.maxAbsDiff(expected, attn);
                            assertTrue(diff <= TOLERANCE, "weights " + (attn == inFile ? "mapped" : "on the heap")
                                    + " differ by " + diff);
                        }
                    }
                }
            }
        }
    }

    @Test
    void theModelRunsOnItAndRefusesAfterClose() throws IOException {
        Path fixture = PyTorchFixtureTest.FIXTURES.resolve("pt_seq130.safetensors");
        try (SafeTensorsFile file = SafeTensorsFile.open(fixture)) {
            Map<String, String> meta = file.metadata();
            Tensor query = file.tensor("query");
            AttentionOptions options = AttentionOptions.DEFAULTS.withCausal(Boolean.parseBoolean(meta.get("causal")));
            AttentionModel model = AttentionModel.builder(fixture, Integer.parseInt(meta.get("heads")))
                    .prefix(meta.getOrDefault("prefix", "")).backend(Backend.PACKED_AVX2).open();
            try (model) {
                assertEquals(Backend.PACKED_AVX2, model.backend());
                float diff = RandomTensors.maxAbsDiff(file.tensor("expected.output"),
                        model.forward(query, query, query, options).output());
                assertTrue(diff <= TOLERANCE, "output differs from PyTorch by " + diff);
            }
            assertThrows(IllegalStateException.class, () -> model.forward(query, query, query, options));
        }
    }
}
