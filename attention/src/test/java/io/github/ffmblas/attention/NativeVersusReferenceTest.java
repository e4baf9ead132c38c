package io.github.ffmblas.attention;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The OpenBLAS implementation against the plain-Java transliteration of the seed, over awkward shapes and masks. */
class NativeVersusReferenceTest {
    private static final float TOLERANCE = 1e-4f;

    enum Inputs { SELF, CROSS_SHARED_KV, CROSS_DISTINCT }

    enum Masks { NONE, CAUSAL, FLOAT, BOOL, PADDING, CAUSAL_AND_PADDING, CAUSAL_AND_FLOAT, ALL }

    static Stream<Arguments> cases() {
        return Stream.of(
                Arguments.of(1, 1, 1, 8, 2, Inputs.SELF, Masks.NONE),
                Arguments.of(2, 7, 7, 16, 4, Inputs.SELF, Masks.NONE),
                Arguments.of(2, 7, 7, 16, 4, Inputs.SELF, Masks.CAUSAL),
                Arguments.of(3, 5, 9, 12, 3, Inputs.CROSS_DISTINCT, Masks.FLOAT),
                Arguments.of(2, 4, 13, 12, 2, Inputs.CROSS_SHARED_KV, Masks.PADDING),
                Arguments.of(1, 33, 33, 20, 4, Inputs.SELF, Masks.BOOL),
                Arguments.of(2, 9, 9, 15, 3, Inputs.SELF, Masks.CAUSAL_AND_PADDING),
                Arguments.of(1, 130, 130, 24, 3, Inputs.SELF, Masks.CAUSAL),
                Arguments.of(2, 7, 33, 10, 1, Inputs.CROSS_DISTINCT, Masks.ALL),
                Arguments.of(1, 130, 7, 18, 3, Inputs.CROSS_SHARED_KV, Masks.NONE),
                Arguments.of(2, 9, 33, 12, 2, Inputs.CROSS_DISTINCT, Masks.CAUSAL_AND_FLOAT),
                // Without the weights, eight tiles of 75 query rows, whose products stop at keys 75, 150, ...
                Arguments.of(1, 600, 600, 24, 3, Inputs.SELF, Masks.CAUSAL_AND_FLOAT));
    }

    @ParameterizedTest(name = "B={0} Lq={1} Lk={2} d={3} H={4} {5} {6}")
    @MethodSource("cases")
    void nativeMatchesReference(int batch, int lq, int lk, int d, int heads, Inputs inputs, Masks masks) {
        Random random = new Random(31L * batch + 7L * lq + lk + 1000L * d + heads);
        try (Arena arena = Arena.ofConfined()) {
            AttentionWeights weights = RandomTensors.weights(arena, random, d);
            Tensor[] qkv = inputs(arena, random, inputs, batch, lq, lk, d);
            Tensor query = qkv[0];
            Tensor key = qkv[1];
            Tensor value = qkv[2];
            AttentionOptions options = options(arena, random, masks, batch, lq, lk);

            AttentionResult expected = new ReferenceMultiHeadAttention(d, heads, weights).forward(query, key, value, options);
            AttentionResult actual = new MultiHeadAttention(d, heads, weights).forward(query, key, value, options);

            float outDiff = RandomTensors.maxAbsDiff(expected.output(), actual.output());
            float weightDiff = RandomTensors.maxAbsDiff(expected.attentionWeights().orElseThrow(),
                    actual.attentionWeights().orElseThrow());
            assertTrue(outDiff <= TOLERANCE, "output differs by " + outDiff);
            assertTrue(weightDiff <= TOLERANCE, "attention weights differ by " + weightDiff);

            AttentionResult noWeights = new MultiHeadAttention(d, heads, weights)
                    .forward(query, key, value, options.withNeedWeights(false));
            assertTrue(noWeights.attentionWeights().isEmpty());
            // Without weights the normalisation is applied to the head outputs instead: same math, other rounding.
            float deferredDiff = RandomTensors.maxAbsDiff(actual.output(), noWeights.output());
            assertTrue(deferredDiff <= 1e-5f, "needWeights=false differs by " + deferredDiff);
            assertTrue(RandomTensors.maxAbsDiff(expected.output(), noWeights.output()) <= TOLERANCE);

            // Into the caller's memory, full of NaN beforehand: every weight and output is written, masked ones
            // included (a causal product that stops short of seq_k leaves the keys past it to the softmax to zero).
            Tensor out = Tensor.allocate(arena, batch, lq, d);
            Tensor attn = Tensor.allocate(arena, batch, heads, lq, lk);
            out.segment().fill((byte) 0xFF); // 0xFFFFFFFF is a NaN
            attn.segment().fill((byte) 0xFF);
            try (Workspace workspace = Workspace.create()) {
                new MultiHeadAttention(d, heads, weights).forward(query, key, value, options, workspace, out, attn);
            }
            assertTrue(RandomTensors.maxAbsDiff(expected.output(), out) <= TOLERANCE, "caller's output");
            assertTrue(RandomTensors.maxAbsDiff(expected.attentionWeights().orElseThrow(), attn) <= TOLERANCE,
                    "caller's attention weights");
        }
    }

    /** The options of a case: its masks drawn from {@code random} (weights returned). */
    static AttentionOptions options(Arena arena, Random random, Masks masks, int batch, int lq, int lk) {
        AttentionOptions options = AttentionOptions.DEFAULTS
                .withCausal(masks == Masks.CAUSAL || masks == Masks.CAUSAL_AND_PADDING
                        || masks == Masks.CAUSAL_AND_FLOAT || masks == Masks.ALL);
        if (masks == Masks.FLOAT || masks == Masks.CAUSAL_AND_FLOAT) {
            options = options.withAttnMask(RandomTensors.gaussian(arena, random, 2f, lq, lk));
        }
        if (masks == Masks.BOOL || masks == Masks.ALL) {
            options = options.withAttnMask(RandomTensors.bools(arena, random, 0.3, lq, lk));
        }
        if (masks == Masks.PADDING || masks == Masks.CAUSAL_AND_PADDING || masks == Masks.ALL) {
            options = options.withKeyPaddingMask(RandomTensors.bools(arena, random, 0.3, batch, lk));
        }
        return options;
    }

    /** Query, key and value of a case, drawn from {@code random}; the same tensor where the case shares them. */
    static Tensor[] inputs(Arena arena, Random random, Inputs inputs, int batch, int lq, int lk, int d) {
        Tensor query = RandomTensors.gaussian(arena, random, 1f, batch, lq, d);
        Tensor key = inputs == Inputs.SELF ? query : RandomTensors.gaussian(arena, random, 1f, batch, lk, d);
        Tensor value = switch (inputs) {
            case SELF -> query;
            case CROSS_SHARED_KV -> key;
            case CROSS_DISTINCT -> RandomTensors.gaussian(arena, random, 1f, batch, lk, d);
        };
        return new Tensor[] {query, key, value};
    }
}
