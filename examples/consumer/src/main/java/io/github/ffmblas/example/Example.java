package io.github.ffmblas.example;

import io.github.ffmblas.attention.AttentionOptions;
import io.github.ffmblas.attention.AttentionResult;
import io.github.ffmblas.attention.AttentionWeights;
import io.github.ffmblas.attention.MultiHeadAttention;
import io.github.ffmblas.attention.Tensor;
import io.github.ffmblas.attention.safetensors.SafeTensorsFile;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The README's example: one causal self-attention forward with PyTorch weights read from a safetensors file,
 * compared with PyTorch's own result. Argument: the {@code examples} directory (default {@code examples}).
 */
public final class Example {
    private Example() {}

    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args.length > 0 ? args[0] : "examples");
        // README begin
        try (Arena arena = Arena.ofConfined();
             SafeTensorsFile file = SafeTensorsFile.open(dir.resolve("mha.weights.safetensors"));
             SafeTensorsFile inputs = SafeTensorsFile.open(dir.resolve("mha.inputs.safetensors"))) {
            AttentionWeights weights = AttentionWeights.load(file, "encoder.layers.0.self_attn.", arena);
            MultiHeadAttention mha = new MultiHeadAttention(128, 8, weights); // immutable; see Threads
            Tensor x = inputs.find("query").orElseThrow();                    // [batch, seq, 128]
            AttentionResult r = mha.forward(x, x, x, AttentionOptions.DEFAULTS.withCausal(true));
            Tensor out = r.output();                                          // [batch, seq, 128]
            Tensor attn = r.attentionWeights().orElseThrow();                 // [batch, 8, seq, seq]
            // README end
            try (SafeTensorsFile expected = SafeTensorsFile.open(dir.resolve("mha.expected.safetensors"))) {
                System.out.printf("output %s, attention weights %s, max |difference| from PyTorch: %.1e, %.1e%n",
                        Arrays.toString(out.shape()), Arrays.toString(attn.shape()),
                        maxAbsDiff(out, expected.find("output").orElseThrow()),
                        maxAbsDiff(attn, expected.find("attention_weights").orElseThrow()));
            }
        }
    }

    private static double maxAbsDiff(Tensor a, Tensor b) {
        float[] x = a.toFloatArray();
        float[] y = b.toFloatArray();
        if (x.length != y.length) {
            return Double.POSITIVE_INFINITY;
        }
        double max = 0;
        for (int i = 0; i < x.length; i++) {
            double d = Math.abs((double) x[i] - y[i]);
            max = Double.isNaN(d) ? Double.POSITIVE_INFINITY : Math.max(max, d);
        }
        return max;
    }
}
