package io.github.ffmblas.attention;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.util.Random;

/**
 * Decodes per-item sequences step by step over a {@link KeyValueCache} and checks every step's rows against the
 * full causal forward of each item's sequence, computed alone (batch 1) by an oracle: an item of a ragged batch
 * must see exactly its own tokens. A schedule says, per step, how many rows the step has and how many each item
 * takes; steps may also append draft tokens that are then truncated (speculative decoding), or drop real tokens
 * and decode them again.
 */
final class DecodeDriver {
    /** One step of the attention under test. */
    @FunctionalInterface
    interface Stepper {
        void decode(Tensor x, KeyValueCache cache, StepOptions options, Tensor out, Tensor attention);
    }

    /** The expected rows of one item: output {@code [len, d]} and weights {@code [H, len, len]}, flattened. */
    record Expected(float[] output, float[] weights) {}

    final int d;
    final int heads;
    final float[][][] sequences; // [item][position][d]
    final Expected[] expected;
    final Random random;
    final int[] position;
    int steps;

    DecodeDriver(Attention oracle, Arena arena, Random random, int d, int heads, int[] lengths) {
        this.d = d;
        this.heads = heads;
        this.random = random;
        this.sequences = new float[lengths.length][][];
        this.expected = new Expected[lengths.length];
        this.position = new int[lengths.length];
        for (int b = 0; b < lengths.length; b++) {
            sequences[b] = new float[lengths[b]][d];
            float[] flat = new float[lengths[b] * d];
            for (int t = 0; t < lengths[b]; t++) {
                for (int c = 0; c < d; c++) {
                    sequences[b][t][c] = (float) random.nextGaussian();
                    flat[t * d + c] = sequences[b][t][c];
                }
            }
            if (lengths[b] > 0) {
                Tensor x = Tensor.copyOf(arena, flat, 1, lengths[b], d);
                AttentionResult r = oracle.forward(x, x, x, AttentionOptions.DEFAULTS.withCausal(true));
                expected[b] = new Expected(r.output().toFloatArray(), r.attentionWeights().orElseThrow().toFloatArray());
            } else {
                expected[b] = new Expected(new float[0], new float[0]);
            }
        }
    }

    int batch() {
        return sequences.length;
    }

    int remaining(int b) {
        return sequences[b].length - position[b];
    }

    boolean done() {
        for (int b = 0; b < batch(); b++) {
            if (remaining(b) > 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * One step of {@code n} rows, item b taking {@code tokens[b]} of its next tokens (the rest of its rows random
     * padding); checks the outputs and, when {@code weightsWidth > 0}, the weights ({@code [B, H, n, weightsWidth]}).
     */
    void step(Stepper stepper, KeyValueCache cache, Arena arena, int n, int[] tokens, int weightsWidth,
              float tolerance) {
        float[] x = new float[batch() * n * d];
        for (int b = 0; b < batch(); b++) {
            for (int r = 0; r < n; r++) {
                for (int c = 0; c < d; c++) {
                    x[(b * n + r) * d + c] = r < tokens[b] ? sequences[b][position[b] + r][c]
                            : (float) random.nextGaussian() * 3;
                }
            }
        }
        Tensor input = Tensor.copyOf(arena, x, batch(), n, d);
        Tensor out = RandomTensors.gaussian(arena, random, 1f, batch(), n, d); // stale values must be overwritten
        Tensor attention = weightsWidth > 0
                ? RandomTensors.gaussian(arena, random, 1f, batch(), heads, n, weightsWidth) : null;
        StepOptions options = StepOptions.DEFAULTS.withTokens(tokens).withNeedWeights(attention != null);
        stepper.decode(input, cache, options, out, attention);
        float[] o = out.toFloatArray();
        float[] w = attention == null ? null : attention.toFloatArray();
        for (int b = 0; b < batch(); b++) {
            int length = sequences[b].length;
            for (int r = 0; r < n; r++) {
                for (int c = 0; c < d; c++) {
                    float got = o[(b * n + r) * d + c];
                    float want = r < tokens[b] ? expected[b].output()[(position[b] + r) * d + c] : 0f;
                    check(got, want, tolerance, "output", b, r, c);
                }
                if (w == null) {
                    continue;
                }
                for (int h = 0; h < heads; h++) {
                    for (int k = 0; k < weightsWidth; k++) {
                        float got = w[((b * heads + h) * n + r) * weightsWidth + k];
                        float want = r < tokens[b] && k < length
                                ? expected[b].weights()[(h * length + position[b] + r) * length + k] : 0f;
                        check(got, want, tolerance, "weights head " + h + " key " + k, b, r, 0);
                    }
                }
            }
        }
        for (int b = 0; b < batch(); b++) {
            position[b] += tokens[b];
            assertEquals(position[b], cache.length(b), "item " + b + "'s cached length after step " + steps);
        }
        steps++;
    }

    /** Appends {@code draft} random tokens to every item (as a rejected speculation would), then drops them. */
    void speculateAndReject(Stepper stepper, KeyValueCache cache, Arena arena, int draft) {
        int[] tokens = new int[batch()];
        for (int b = 0; b < batch(); b++) {
            tokens[b] = Math.min(draft, cache.maxLength() - cache.length(b));
        }
        int[] before = new int[batch()];
        for (int b = 0; b < batch(); b++) {
            before[b] = cache.length(b);
        }
        Tensor junk = RandomTensors.gaussian(arena, random, 1f, batch(), draft, d);
        Tensor out = Tensor.allocate(arena, batch(), draft, d);
        stepper.decode(junk, cache, StepOptions.DEFAULTS.withTokens(tokens), out, null);
        for (int b = 0; b < batch(); b++) {
            cache.truncate(b, tokens[b]);
            assertEquals(before[b], cache.length(b));
        }
    }

    /** Drops the last {@code k} real tokens of item {@code b}, which the next steps decode again. */
    void rewind(KeyValueCache cache, int b, int k) {
        cache.truncate(b, k);
        position[b] -= k;
    }

    private void check(float got, float want, float tolerance, String what, int b, int r, int c) {
        float scaled = tolerance * Math.max(1f, Math.abs(want));
        assertTrue(Math.abs(got - want) <= scaled, () -> what + " of item " + b + ", step " + steps + " row " + r
                + " col " + c + " (position " + (position[b] + r) + "): got " + got + ", want " + want);
    }
}
