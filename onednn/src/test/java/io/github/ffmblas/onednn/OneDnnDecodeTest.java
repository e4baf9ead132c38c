package io.github.ffmblas.onednn;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.ffmblas.attention.AttentionModel;
import io.github.ffmblas.attention.AttentionOptions;
import io.github.ffmblas.attention.Backend;
import io.github.ffmblas.attention.KeyValueCache;
import io.github.ffmblas.attention.StepOptions;
import io.github.ffmblas.attention.Tensor;
import io.github.ffmblas.attention.Workspace;
import io.github.ffmblas.attention.safetensors.SafeTensorsFile;
import java.lang.foreign.Arena;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Decoding over a {@code KeyValueCache} on the oneDNN backend: token by token and in chunks, the outputs equal
 * PyTorch's causal forward over the whole sequence (the attention module's decode fixtures) and this model's own
 * causal forward.
 */
class OneDnnDecodeTest {
    private static final Path FIXTURES = Path.of("../attention/src/test/resources/fixtures/decode");
    private static final float TOLERANCE = 1e-4f;

    @ParameterizedTest(name = "{0}, chunks of {1}, {2} threads")
    @CsvSource({"decode_self.safetensors,1,1", "decode_self.safetensors,4,2", "decode_self_depth5.safetensors,1,1",
            "decode_self_depth5.safetensors,7,2", "decode_self_depth5.safetensors,33,1"})
    void decodingOnOneDnnEqualsTheCausalForward(String fixture, int chunk, int threads) throws Exception {
        Path path = FIXTURES.resolve(fixture);
        try (SafeTensorsFile file = SafeTensorsFile.open(path); Arena arena = Arena.ofConfined()) {
            int heads = Integer.parseInt(file.metadata().get("heads"));
            Tensor sequence = file.tensor("sequence");
            float[] pytorch = file.tensor("expected.output").toFloatArray();
            int batch = sequence.dim(0);
            int length = sequence.dim(1);
            int d = sequence.dim(2);
            // Items shorter than the sequence are padded with zeros: their rows past their length are no tokens
            int[] lengths = Arrays.stream(file.metadata().get("lengths").split(","))
                    .mapToInt(Integer::parseInt).toArray();
            try (AttentionModel model = AttentionModel.builder(path, heads).backend(Backend.ONEDNN).open();
                 KeyValueCache cache = KeyValueCache.allocate(model, batch, length);
                 Workspace workspace = Workspace.create(threads)) {
                assertEquals(Backend.ONEDNN, model.backend());
                float[] forward = model.forward(sequence, sequence, sequence,
                        AttentionOptions.DEFAULTS.withCausal(true).withNeedWeights(false)).output().toFloatArray();
                float[] all = sequence.toFloatArray();
                float[] decoded = new float[all.length];
                for (int from = 0; from < length; from += chunk) {
                    int n = Math.min(chunk, length - from);
                    float[] part = new float[batch * n * d];
                    for (int b = 0; b < batch; b++) {
                        System.arraycopy(all, (b * length + from) * d, part, b * n * d, n * d);
                    }
                    Tensor x = Tensor.copyOf(arena, part, batch, n, d);
                    Tensor out = Tensor.allocate(arena, batch, n, d);
                    int[] tokens = new int[batch];
                    for (int b = 0; b < batch; b++) {
                        tokens[b] = Math.max(0, Math.min(n, lengths[b] - from));
                    }
                    model.decode(x, x, x, cache, StepOptions.DEFAULTS.withTokens(tokens), workspace, out, null);
                    float[] o = out.toFloatArray();
                    for (int b = 0; b < batch; b++) {
                        System.arraycopy(o, b * n * d, decoded, (b * length + from) * d, n * d);
                    }
                }
                for (int i = 0; i < decoded.length; i++) {
                    assertEquals(pytorch[i], decoded[i], TOLERANCE, fixture + ": against PyTorch at " + i);
                    int b = i / (length * d);
                    if (i / d % length < lengths[b]) { // causal: a real row of the padded forward sees no padding
                        assertEquals(forward[i], decoded[i], 1e-5f, fixture + ": against the forward at " + i);
                    }
                }
            }
        }
    }
}
