package io.github.ffmblas.onednn;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ffmblas.attention.AttentionOptions;
import io.github.ffmblas.attention.AttentionResult;
import io.github.ffmblas.attention.AttentionWeights;
import io.github.ffmblas.attention.DType;
import io.github.ffmblas.attention.MultiHeadAttention;
import io.github.ffmblas.attention.ReferenceMultiHeadAttention;
import io.github.ffmblas.attention.Tensor;
import io.github.ffmblas.attention.Workspace;
import io.github.ffmblas.attention.safetensors.SafeTensorsFile;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The forward with its projections on oneDNN against the plain-Java reference and the PyTorch fixtures, on one and
 * two threads, with inputs oneDNN reads in place (confined to the test's thread) and inputs it must stage (a
 * shared arena).
 */
class OneDnnForwardTest {
    private static final float TOLERANCE = 1e-4f;
    private static final Path FIXTURES = Path.of("../attention/src/test/resources/fixtures");

    @ParameterizedTest(name = "B={0} Lq={1} Lk={2} d={3} H={4} causal={5} padding={6}")
    @CsvSource({"1, 1, 1, 8, 2, false, false", "2, 7, 7, 16, 4, true, false", "3, 5, 9, 12, 3, false, true",
            "1, 33, 33, 20, 4, true, true", "1, 130, 130, 24, 3, true, false", "2, 7, 33, 10, 1, false, true",
            "1, 130, 7, 18, 3, false, false", "1, 64, 64, 128, 8, false, false",
            // P V 600 keys deep: B reordered on every call
            "2, 33, 600, 16, 2, false, true"})
    void matchesTheReference(int batch, int lq, int lk, int d, int heads, boolean causal, boolean padding) {
        Random random = new Random(31L * batch + 7L * lq + lk + 1000L * d + heads);
        try (Arena confined = Arena.ofConfined(); Arena shared = Arena.ofShared()) {
            // Scaled as PyTorch initialises them, so outputs stay near 1 and 1e-4 measures rounding, not magnitude.
            float w = (float) (1 / Math.sqrt(d));
            AttentionWeights weights = AttentionWeights.ofPyTorch(gaussian(confined, random, w, 3 * d, d),
                    gaussian(confined, random, w, 3 * d), gaussian(confined, random, w, d, d),
                    gaussian(confined, random, w, d));
            AttentionOptions options = AttentionOptions.DEFAULTS.withCausal(causal);
            if (padding) {
                Tensor mask = Tensor.allocate(confined, DType.BOOL, batch, lk);
                for (int i = 0; i < batch * lk; i++) {
                    mask.segment().set(java.lang.foreign.ValueLayout.JAVA_BYTE, i, (byte) (i % 3 == 1 ? 1 : 0));
                }
                options = options.withKeyPaddingMask(mask);
            }
            for (Arena inputArena : List.of(confined, shared)) {
                Tensor query = gaussian(inputArena, random, 1f, batch, lq, d);
                Tensor key = lq == lk ? query : gaussian(inputArena, random, 1f, batch, lk, d);
                AttentionResult expected = new ReferenceMultiHeadAttention(d, heads, weights)
                        .forward(query, key, key, options);
                try (OneDnnGemm gemm = OneDnnGemm.forWeights(weights)) {
                    MultiHeadAttention mha = new MultiHeadAttention(d, heads, weights, gemm);
                    for (int threads : new int[] {1, 2}) {
                        Tensor out = Tensor.allocate(inputArena, batch, lq, d);
                        Tensor attn = Tensor.allocate(inputArena, batch, heads, lq, lk);
                        try (Workspace workspace = Workspace.create(threads)) {
                            for (int round = 0; round < 2; round++) { // the second on the primitives of the first
                                out.segment().fill((byte) 0xFF); // NaN: every element must be written
                                mha.forward(query, key, key, options, workspace, out, attn);
                                String who = threads + " thread(s), inputs " + (inputArena == shared ? "shared" : "confined");
                                float outDiff = maxAbsDiff(expected.output(), out);
                                float attnDiff = maxAbsDiff(expected.attentionWeights().orElseThrow(), attn);
                                assertTrue(outDiff <= TOLERANCE, who + ": output differs by " + outDiff);
                                assertTrue(attnDiff <= TOLERANCE, who + ": attention weights differ by " + attnDiff);
                            }
                        }
                    }
                    assertTrue(gemm.packedBytes() >= 4L * d * d * Float.BYTES, "the weights were packed");
                }
            }
        }
    }

    static List<Path> fixtures() throws IOException {
        try (Stream<Path> files = Files.list(FIXTURES)) {
            return files.filter(p -> p.toString().endsWith(".safetensors")).sorted().toList();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void reproducesPyTorch(Path fixture) throws IOException {
        try (SafeTensorsFile file = SafeTensorsFile.open(fixture); Arena arena = Arena.ofConfined()) {
            Map<String, String> meta = file.metadata();
            int heads = Integer.parseInt(meta.get("heads"));
            AttentionWeights weights = AttentionWeights.load(file, meta.getOrDefault("prefix", ""), arena);
            Tensor query = file.tensor("query");
            Tensor key = file.find("key").orElse(query);
            Tensor value = file.find("value").orElse(query);
            AttentionOptions options = new AttentionOptions(Boolean.parseBoolean(meta.get("causal")),
                    file.find("attn_mask").orElse(null), file.find("key_padding_mask").orElse(null), true);
            try (OneDnnGemm gemm = OneDnnGemm.forWeights(weights)) {
                AttentionResult result = new MultiHeadAttention(query.dim(2), heads, weights, gemm)
                        .forward(query, key, value, options);
                float out = maxAbsDiff(file.tensor("expected.output"), result.output());
                float att = maxAbsDiff(file.tensor("expected.attention_weights"), result.attentionWeights().orElseThrow());
                assertTrue(out <= TOLERANCE, fixture.getFileName() + ": output differs from PyTorch by " + out);
                assertTrue(att <= TOLERANCE, fixture.getFileName() + ": attention weights differ by " + att);
                assertTrue(gemm.packedBytes() > 0, "oneDNN computed the projections");
            }
        }
    }

    private static Tensor gaussian(Arena arena, Random random, float scale, int... shape) {
        int count = 1;
        for (int dim : shape) {
            count *= dim;
        }
        float[] values = new float[count];
        for (int i = 0; i < count; i++) {
            values[i] = (float) random.nextGaussian() * scale;
        }
        return Tensor.copyOf(arena, values, shape);
    }

    private static float maxAbsDiff(Tensor a, Tensor b) {
        float[] x = a.toFloatArray();
        float[] y = b.toFloatArray();
        assertTrue(x.length == y.length, "sizes differ");
        float max = 0;
        for (int i = 0; i < x.length; i++) {
            float diff = Math.abs(x[i] - y[i]);
            if (!(diff <= max)) {
                max = Float.isNaN(diff) ? Float.POSITIVE_INFINITY : diff;
            }
        }
        return max;
    }
}
