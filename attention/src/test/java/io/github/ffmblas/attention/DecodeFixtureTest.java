package io.github.ffmblas.attention;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ffmblas.attention.safetensors.SafeTensorsFile;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Incremental decoding reproduces PyTorch within 1e-4 ({@code fixtures/decode}, made by
 * {@code src/test/python/make_fixtures.py --decode}): {@code nn.MultiheadAttention} with a causal mask over each
 * item's growing prefix, decoded here token by token, in chunks of 3, in random chunks, whole, and with rejected
 * draft tokens truncated between steps, on one and two threads; cross-attention over a cache filled once from the
 * memory, queries in chunks, against PyTorch with a key padding mask.
 */
class DecodeFixtureTest {
    private static final float TOLERANCE = 1e-4f;
    private static final Path FIXTURES = PyTorchFixtureTest.FIXTURES.resolve("decode");

    static Stream<Arguments> cases() throws IOException {
        List<Path> files;
        try (Stream<Path> all = Files.list(FIXTURES)) {
            files = all.filter(p -> p.toString().endsWith(".safetensors")).sorted().toList();
        }
        assertFalse(files.isEmpty(), "no decode fixtures in " + FIXTURES.toAbsolutePath());
        List<Arguments> cases = new ArrayList<>();
        for (Path f : files) {
            for (String schedule : List.of("token-by-token", "chunks-of-3", "random-chunks", "whole", "drafts")) {
                for (int threads = 1; threads <= 2; threads++) {
                    cases.add(Arguments.of(f.getFileName().toString(), schedule, threads));
                }
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} {1} threads={2}")
    @MethodSource("cases")
    void decodingReproducesPyTorch(String fixture, String schedule, int threads) throws IOException {
        try (SafeTensorsFile file = SafeTensorsFile.open(FIXTURES.resolve(fixture)); Arena arena = Arena.ofConfined();
             Workspace workspace = Workspace.create(threads)) {
            int heads = Integer.parseInt(file.metadata().get("heads"));
            int[] lengths = Arrays.stream(file.metadata().get("lengths").split(",")).mapToInt(Integer::parseInt)
                    .toArray();
            AttentionWeights weights = AttentionWeights.load(file, "", arena);
            MultiHeadAttention mha = new MultiHeadAttention(weights.dModel(), heads, weights);
            float[] output = file.tensor("expected.output").toFloatArray();
            float[] attention = file.tensor("expected.attention_weights").toFloatArray();
            if (file.metadata().get("kind").equals("self")) {
                decodeSelf(mha, file.tensor("sequence"), lengths, output, attention, schedule, workspace, arena);
            } else {
                attendCross(mha, file, lengths, output, attention, schedule, workspace, arena);
            }
        }
    }

    private static void decodeSelf(MultiHeadAttention mha, Tensor sequence, int[] lengths, float[] output,
                                   float[] attention, String schedule, Workspace workspace, Arena arena) {
        int batch = sequence.dim(0);
        int length = sequence.dim(1);
        int d = sequence.dim(2);
        int heads = mha.numHeads();
        Random random = new Random(length);
        int[] at = new int[batch];
        try (KeyValueCache cache = KeyValueCache.allocate(mha, batch, length + 4)) {
            while (!Arrays.equals(at, lengths)) {
                int n = switch (schedule) {
                    case "chunks-of-3" -> 3;
                    case "random-chunks" -> 1 + random.nextInt(5);
                    case "whole" -> length;
                    default -> 1;
                };
                int[] tokens = new int[batch];
                for (int b = 0; b < batch; b++) {
                    tokens[b] = Math.min(n, lengths[b] - at[b]);
                }
                Tensor x = window(arena, sequence, at, n);
                Tensor out = Tensor.allocate(arena, batch, n, d);
                Tensor weights = Tensor.allocate(arena, batch, heads, n, length);
                mha.decode(x, x, x, cache, StepOptions.DEFAULTS.withTokens(tokens).withNeedWeights(true), workspace,
                        out, weights);
                float[] got = out.toFloatArray();
                float[] gotWeights = weights.toFloatArray();
                for (int b = 0; b < batch; b++) {
                    for (int r = 0; r < tokens[b]; r++) {
                        int t = at[b] + r;
                        for (int c = 0; c < d; c++) {
                            assertClose(output[(b * length + t) * d + c], got[(b * n + r) * d + c],
                                    "output item " + b + " token " + t);
                        }
                        for (int h = 0; h < heads; h++) {
                            for (int k = 0; k < length; k++) {
                                assertClose(attention[((b * heads + h) * length + t) * length + k],
                                        gotWeights[((b * heads + h) * n + r) * length + k],
                                        "weights item " + b + " head " + h + " token " + t + " key " + k);
                            }
                        }
                    }
                    at[b] += tokens[b];
                    assertEquals(at[b], cache.length(b));
                }
                if (schedule.equals("drafts")) { // a speculation of 1-3 tokens per item, rejected
                    int draft = 1 + random.nextInt(3);
                    Tensor junk = RandomTensors.gaussian(arena, random, 1f, batch, draft, d);
                    mha.decode(junk, junk, junk, cache, StepOptions.DEFAULTS, workspace,
                            Tensor.allocate(arena, batch, draft, d), null);
                    cache.truncate(draft);
                }
            }
        }
    }

    /** Rows {@code at[b] .. at[b] + n} of each item (zeros past the sequence). */
    private static Tensor window(Arena arena, Tensor sequence, int[] at, int n) {
        int batch = sequence.dim(0);
        int length = sequence.dim(1);
        int d = sequence.dim(2);
        float[] all = sequence.toFloatArray();
        float[] part = new float[batch * n * d];
        for (int b = 0; b < batch; b++) {
            int rows = Math.max(0, Math.min(n, length - at[b]));
            System.arraycopy(all, (b * length + at[b]) * d, part, b * n * d, rows * d);
        }
        return Tensor.copyOf(arena, part, batch, n, d);
    }

    private static void attendCross(MultiHeadAttention mha, SafeTensorsFile file, int[] lengths, float[] output,
                                    float[] attention, String schedule, Workspace workspace, Arena arena)
            throws IOException {
        Tensor query = file.tensor("query");
        Tensor key = file.tensor("memory_key");
        Tensor value = file.tensor("memory_value");
        int batch = query.dim(0);
        int queries = query.dim(1);
        int d = query.dim(2);
        int memory = key.dim(1);
        int heads = mha.numHeads();
        Random random = new Random(queries);
        try (KeyValueCache cache = KeyValueCache.allocate(mha, batch, memory)) {
            if (schedule.equals("token-by-token")) { // the memory appended a token at a time
                int[] at = new int[batch];
                for (int t = 0; t < memory; t++) {
                    int[] tokens = new int[batch];
                    for (int b = 0; b < batch; b++) {
                        tokens[b] = at[b] < lengths[b] ? 1 : 0;
                        at[b] += tokens[b];
                    }
                    mha.appendKeyValues(window(arena, key, new int[] {t, t}, 1), window(arena, value,
                            new int[] {t, t}, 1), cache, StepOptions.DEFAULTS.withTokens(tokens), workspace);
                }
            } else {
                mha.appendKeyValues(copy(arena, key), copy(arena, value), cache,
                        StepOptions.DEFAULTS.withTokens(lengths), workspace);
            }
            int row = 0;
            while (row < queries) {
                int n = switch (schedule) {
                    case "chunks-of-3" -> Math.min(3, queries - row);
                    case "random-chunks", "drafts" -> Math.min(1 + random.nextInt(4), queries - row);
                    case "whole" -> queries;
                    default -> 1;
                };
                Tensor q = DecodeTest.rows(arena, query, row, n);
                Tensor out = Tensor.allocate(arena, batch, n, d);
                Tensor weights = Tensor.allocate(arena, batch, heads, n, memory);
                mha.attend(q, cache, StepOptions.DEFAULTS.withNeedWeights(true), workspace, out, weights);
                float[] got = out.toFloatArray();
                float[] gotWeights = weights.toFloatArray();
                for (int b = 0; b < batch; b++) {
                    for (int r = 0; r < n; r++) {
                        for (int c = 0; c < d; c++) {
                            assertClose(output[(b * queries + row + r) * d + c], got[(b * n + r) * d + c],
                                    "output item " + b + " query " + (row + r));
                        }
                        for (int h = 0; h < heads; h++) {
                            for (int k = 0; k < memory; k++) {
                                assertClose(attention[((b * heads + h) * queries + row + r) * memory + k],
                                        gotWeights[((b * heads + h) * n + r) * memory + k], "weights item " + b);
                            }
                        }
                    }
                }
                row += n;
            }
        }
    }

    /** A file's tensor in native memory of its own (the file's mapping is read-only and may be unaligned). */
    private static Tensor copy(Arena arena, Tensor t) {
        return Tensor.copyOf(arena, t.toFloatArray(), t.shape());
    }

    private static void assertClose(float want, float got, String what) {
        assertTrue(Math.abs(want - got) <= TOLERANCE, () -> what + ": PyTorch " + want + ", decoded " + got);
    }
}
