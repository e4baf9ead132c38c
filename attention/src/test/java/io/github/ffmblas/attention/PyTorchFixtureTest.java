package io.github.ffmblas.attention;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ffmblas.attention.safetensors.SafeTensorsFile;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Golden outputs from PyTorch (the seed module and {@code nn.MultiheadAttention}, made by
 * {@code src/test/python/make_fixtures.py}): both implementations must reproduce them within 1e-4, weights
 * read from the same files as the CLI reads them.
 */
class PyTorchFixtureTest {
    private static final float TOLERANCE = 1e-4f;
    static final Path FIXTURES = Path.of("src/test/resources/fixtures");

    static List<Path> fixtures() throws IOException {
        try (Stream<Path> files = Files.list(FIXTURES)) {
            List<Path> all = files.filter(p -> p.toString().endsWith(".safetensors")).sorted().toList();
            assertFalse(all.isEmpty(), "no fixtures in " + FIXTURES.toAbsolutePath());
            return all;
        }
    }

    /** One fixture's model and call: its weights (read into {@code arena}), heads, inputs and options. */
    record Fixture(AttentionWeights weights, int heads, Tensor query, Tensor key, Tensor value,
                   AttentionOptions options) {
        static Fixture read(SafeTensorsFile file, Arena arena) throws IOException {
            Map<String, String> meta = file.metadata();
            Tensor query = file.tensor("query");
            return new Fixture(AttentionWeights.load(file, meta.getOrDefault("prefix", ""), arena),
                    Integer.parseInt(meta.get("heads")), query, file.find("key").orElse(query),
                    file.find("value").orElse(query), new AttentionOptions(Boolean.parseBoolean(meta.get("causal")),
                    file.find("attn_mask").orElse(null), file.find("key_padding_mask").orElse(null), true));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void bothImplementationsReproducePyTorch(Path fixture) throws IOException {
        try (SafeTensorsFile file = SafeTensorsFile.open(fixture); Arena arena = Arena.ofConfined()) {
            Map<String, String> meta = file.metadata();
            Fixture f = Fixture.read(file, arena);
            int heads = f.heads();
            AttentionWeights weights = f.weights();
            Tensor query = f.query();
            Tensor key = f.key();
            Tensor value = f.value();
            AttentionOptions options = f.options();
            Tensor expectedOutput = file.tensor("expected.output");
            Tensor expectedWeights = file.tensor("expected.attention_weights");
            int d = query.dim(2);

            for (Attention attention : List.of(new MultiHeadAttention(d, heads, weights),
                    new ReferenceMultiHeadAttention(d, heads, weights))) {
                AttentionResult result = "seed".equals(meta.get("weights_format")) && options.equals(AttentionOptions.DEFAULTS)
                        ? attention.forwardValueKeyQuery(value, key, query) // the original module's call order
                        : attention.forward(query, key, value, options);
                float out = RandomTensors.maxAbsDiff(expectedOutput, result.output());
                float att = RandomTensors.maxAbsDiff(expectedWeights, result.attentionWeights().orElseThrow());
                String who = attention.getClass().getSimpleName() + " on " + fixture.getFileName();
                assertTrue(out <= TOLERANCE, who + ": output differs from PyTorch by " + out);
                assertTrue(att <= TOLERANCE, who + ": attention weights differ from PyTorch by " + att);
            }
        }
    }
}
