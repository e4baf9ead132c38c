package io.github.ffmblas.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ffmblas.attention.AttentionModel;
import io.github.ffmblas.attention.AttentionResult;
import io.github.ffmblas.attention.Loading;
import io.github.ffmblas.attention.Tensor;
import io.github.ffmblas.attention.safetensors.SafeTensorsFile;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The stage's results against the same rows through {@code AttentionModel.forward} one at a time (unbatched,
 * unpadded), and against PyTorch's for the masks and cross-attention.
 */
class AttentionTransformerTest {
    private static final int D = 24;
    private static final int HEADS = 3;
    /** Awkward lengths, mixed in every batch of 3, so batches are padded. */
    private static final int[] LENGTHS = {1, 7, 33, 130, 7, 7, 2, 33, 1, 5, 13};

    @TempDir
    static Path dir;
    private static Path weights;
    private static SparkSession spark;

    @BeforeAll
    static void setUp() throws IOException {
        spark = TestSpark.session();
        weights = Sequences.randomWeights(dir, "layer.safetensors", D, "encoder.layers.0.self_attn.", 7);
    }

    private static AttentionTransformer stage() {
        return new AttentionTransformer().setWeightsPath(weights.toString())
                .setPrefix("encoder.layers.0.self_attn.").setHeads(HEADS).setQueryCol("tokens").setBatchSize(3);
    }

    private static List<float[][]> randomSequences(long seed) {
        Random random = new Random(seed);
        List<float[][]> sequences = new ArrayList<>();
        for (int length : LENGTHS) {
            sequences.add(Sequences.sequence(random, length, D));
        }
        return sequences;
    }

    private static Dataset<Row> frame(List<float[][]> sequences) {
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < sequences.size(); i++) {
            rows.add(RowFactory.create(i, sequences.get(i)));
        }
        return spark.createDataFrame(rows, Sequences.schema("tokens")).repartition(3);
    }

    private static float tolerance(float[] expected) {
        float max = 0;
        for (float v : expected) {
            max = Math.max(max, Math.abs(v));
        }
        return 2e-6f * (1 + max) * 8;
    }

    @ParameterizedTest(name = "causal={0}")
    @ValueSource(booleans = {false, true})
    void selfAttentionEqualsDirectForwardsRowByRow(boolean causal) throws IOException {
        List<float[][]> sequences = randomSequences(causal ? 11 : 12);
        List<Row> out = stage().setCausal(causal).setAttentionWeightsCol("weights")
                .transform(frame(sequences)).collectAsList();
        assertEquals(sequences.size(), out.size());
        try (AttentionModel model = AttentionModel.open(weights, "encoder.layers.0.self_attn.", HEADS, Loading.MAPPED);
             Arena arena = Arena.ofConfined()) {
            for (Row row : out) {
                int id = row.getInt(0);
                float[][] q = sequences.get(id);
                assertArrayEquals(q, (float[][]) row.get(1), "row " + id + ": the input column passes through");
                AttentionResult expected = Sequences.direct(model, q, q, q, null, causal, arena);
                float[] o = expected.output().toFloatArray();
                float diff = Sequences.maxAbsDiff((float[][]) row.getAs("attention"), o);
                assertTrue(diff <= tolerance(o), "row " + id + " (length " + q.length + "): output differs by " + diff);
                float[][][] w = (float[][][]) row.getAs("weights");
                assertEquals(HEADS, w.length);
                assertEquals(q.length, w[0].length);
                assertEquals(q.length, w[0][0].length, "the padding keys are cut off");
                float wdiff = Sequences.maxAbsDiff(w, expected.attentionWeights().orElseThrow().toFloatArray());
                assertTrue(wdiff <= 1e-5f, "row " + id + ": attention weights differ by " + wdiff);
            }
        }
    }

    @Test
    void rowsKeepTheirOrderAndOtherColumns() {
        List<float[][]> sequences = randomSequences(13);
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < sequences.size(); i++) {
            rows.add(RowFactory.create(i, sequences.get(i), "name " + i));
        }
        StructType schema = Sequences.schema("tokens").add("name", org.apache.spark.sql.types.DataTypes.StringType);
        Dataset<Row> df = spark.createDataFrame(rows, schema).coalesce(1);
        List<Row> out = stage().setOutputCol("context").transform(df).collectAsList();
        for (int i = 0; i < out.size(); i++) {
            Row row = out.get(i);
            assertEquals(i, row.getInt(0));
            assertEquals("name " + i, row.getString(2));
            assertEquals(sequences.get(i).length, ((float[][]) row.getAs("context")).length);
            assertEquals(4, row.length(), "no weights column unless asked");
        }
    }

    @Test
    void nanPropagatesOnlyInItsOwnRowUnderPropagate() throws IOException {
        List<float[][]> sequences = randomSequences(14);
        sequences.get(1)[3][5] = Float.NaN; // row 1 shares its batch with rows 0 and 2
        List<Row> out = stage().setNanPolicy(NanPolicy.PROPAGATE).transform(frame(sequences).coalesce(1))
                .collectAsList();
        try (AttentionModel model = AttentionModel.open(weights, "encoder.layers.0.self_attn.", HEADS, Loading.MAPPED);
             Arena arena = Arena.ofConfined()) {
            for (Row row : out) {
                int id = row.getInt(0);
                float[][] result = (float[][]) row.getAs("attention");
                if (id == 1) {
                    assertTrue(Float.isNaN(result[0][0]), "a NaN key reaches every query of its row");
                } else {
                    float[][] q = sequences.get(id);
                    float[] o = Sequences.direct(model, q, q, q, null, false, arena).output().toFloatArray();
                    assertTrue(Sequences.maxAbsDiff(result, o) <= tolerance(o), "row " + id + " is untouched");
                }
            }
        }
    }

    @Test
    void addedFileReachesTheTasks() throws IOException {
        Path shipped = Sequences.randomWeights(dir, "shipped.safetensors", D, "", 8);
        List<float[][]> sequences = randomSequences(15).subList(0, 4);
        List<Row> out = new AttentionTransformer().setWeightsPath(shipped.toString())
                .setWeightsShipping(WeightsShipping.ADD_FILE).setHeads(HEADS).setQueryCol("tokens")
                .transform(frame(sequences)).collectAsList();
        try (AttentionModel model = AttentionModel.open(shipped, "", HEADS, Loading.MAPPED);
             Arena arena = Arena.ofConfined()) {
            for (Row row : out) {
                float[][] q = sequences.get(row.getInt(0));
                float[] o = Sequences.direct(model, q, q, q, null, false, arena).output().toFloatArray();
                assertTrue(Sequences.maxAbsDiff((float[][]) row.getAs("attention"), o) <= tolerance(o));
            }
        }
        assertTrue(io.github.ffmblas.spark.internal.ExecutorModels.openModels().stream()
                .anyMatch(m -> m.name().startsWith("shipped.safetensors")));
    }

    // PyTorch's results (fixtures of the attention module, made by nn.MultiheadAttention).

    /** [batch, seq, d] as one float[seq][d] per batch row. */
    private static float[][][] rowsOf(Tensor t) {
        int b = t.dim(0), s = t.dim(1), d = t.dim(2);
        float[] f = t.toFloatArray();
        float[][][] out = new float[b][s][d];
        for (int i = 0; i < b; i++) {
            for (int j = 0; j < s; j++) {
                System.arraycopy(f, (i * s + j) * d, out[i][j], 0, d);
            }
        }
        return out;
    }

    private static float[] slice(Tensor t, int b) {
        float[] f = t.toFloatArray();
        int n = f.length / t.dim(0);
        return Arrays.copyOfRange(f, b * n, (b + 1) * n);
    }

    @Test
    void causalWithKeyPaddingMaskEqualsPyTorchAlsoWhenPadded() throws IOException {
        Path file = Sequences.fixture(dir, "pt_causal_key_padding"); // B=3, L=8, d=16, H=4
        try (SafeTensorsFile f = SafeTensorsFile.open(file)) {
            float[][][] queries = rowsOf(f.find("query").orElseThrow());
            Tensor maskTensor = f.find("key_padding_mask").orElseThrow();
            Tensor expected = f.find("expected.output").orElseThrow();
            Tensor expectedWeights = f.find("expected.attention_weights").orElseThrow();
            List<Row> rows = new ArrayList<>();
            Random random = new Random(16);
            for (int b = 0; b < 3; b++) {
                boolean[] mask = Arrays.copyOfRange(maskTensor.toBooleanArray(), b * 8, (b + 1) * 8);
                rows.add(RowFactory.create(b, queries[b], mask));
                // Longer and shorter neighbours in the same batch: the fixture's rows are padded to 11 keys.
                int length = b == 1 ? 3 : 11;
                rows.add(RowFactory.create(100 + b, Sequences.sequence(random, length, 16), new boolean[length]));
            }
            StructType schema = Sequences.schema("q").add("mask", Sequences.MASK);
            List<Row> out = new AttentionTransformer().setWeightsPath(file.toString()).setHeads(4).setQueryCol("q")
                    .setCausal(true).setKeyPaddingMaskCol("mask").setAttentionWeightsCol("w").setBatchSize(4)
                    .transform(spark.createDataFrame(rows, schema).coalesce(1)).collectAsList();
            int checked = 0;
            for (Row row : out) {
                int b = row.getInt(0);
                if (b >= 100) {
                    continue;
                }
                float[] o = slice(expected, b);
                float diff = Sequences.maxAbsDiff((float[][]) row.getAs("attention"), o);
                assertTrue(diff <= 1e-5f, "batch row " + b + ": output differs from PyTorch's by " + diff);
                float wdiff = Sequences.maxAbsDiff((float[][][]) row.getAs("w"), slice(expectedWeights, b));
                assertTrue(wdiff <= 1e-5f, "batch row " + b + ": weights differ from PyTorch's by " + wdiff);
                checked++;
            }
            assertEquals(3, checked);
        }
    }

    @ParameterizedTest(name = "{0}, value column {1}")
    @org.junit.jupiter.params.provider.CsvSource({"pt_cross_attention_kv, k", "pt_cross_attention_kv, v",
        "seed_cross_attention, v"})
    void crossAttentionEqualsPyTorch(String fixture, String valueCol) throws IOException {
        Path file = Sequences.fixture(dir, fixture);
        try (SafeTensorsFile f = SafeTensorsFile.open(file)) {
            float[][][] q = rowsOf(f.find("query").orElseThrow());
            float[][][] k = rowsOf(f.find("key").orElseThrow());
            float[][][] v = rowsOf(f.find("value").orElseThrow());
            int heads = Integer.parseInt(f.metadata().get("heads"));
            Tensor expected = f.find("expected.output").orElseThrow();
            Tensor expectedWeights = f.find("expected.attention_weights").orElseThrow();
            if (valueCol.equals("k")) {
                assertArrayEquals(k, v, "this fixture's key is its value");
            }
            List<Row> rows = new ArrayList<>();
            for (int b = 0; b < q.length; b++) {
                rows.add(RowFactory.create(b, q[b], k[b], v[b]));
            }
            List<Row> out = new AttentionTransformer().setWeightsPath(file.toString()).setHeads(heads)
                    .setQueryCol("q").setKeyCol("k").setValueCol(valueCol).setAttentionWeightsCol("w")
                    .transform(spark.createDataFrame(rows, Sequences.schema("q", "k", "v")))
                    .collectAsList();
            assertEquals(q.length, out.size());
            for (Row row : out) {
                int b = row.getInt(0);
                float diff = Sequences.maxAbsDiff((float[][]) row.getAs("attention"), slice(expected, b));
                assertTrue(diff <= 1e-5f, "batch row " + b + ": output differs from PyTorch's by " + diff);
                float wdiff = Sequences.maxAbsDiff((float[][][]) row.getAs("w"), slice(expectedWeights, b));
                assertTrue(wdiff <= 1e-5f, "batch row " + b + ": weights differ from PyTorch's by " + wdiff);
            }
        }
    }

    @Test
    void crossAttentionOfMixedLengthsEqualsDirectForwards() throws IOException {
        Random random = new Random(17);
        List<Row> rows = new ArrayList<>();
        List<float[][][]> inputs = new ArrayList<>();
        for (int i = 0; i < 9; i++) {
            int lq = LENGTHS[i], lk = LENGTHS[(i + 4) % LENGTHS.length];
            float[][][] qkv = {Sequences.sequence(random, lq, D), Sequences.sequence(random, lk, D),
                Sequences.sequence(random, lk, D)};
            inputs.add(qkv);
            rows.add(RowFactory.create(i, qkv[0], qkv[1], qkv[2]));
        }
        List<Row> out = stage().setQueryCol("q").setKeyCol("k").setValueCol("v").setCausal(true)
                .transform(spark.createDataFrame(rows, Sequences.schema("q", "k", "v"))).collectAsList();
        try (AttentionModel model = AttentionModel.open(weights, "encoder.layers.0.self_attn.", HEADS, Loading.MAPPED);
             Arena arena = Arena.ofConfined()) {
            for (Row row : out) {
                float[][][] qkv = inputs.get(row.getInt(0));
                float[] o = Sequences.direct(model, qkv[0], qkv[1], qkv[2], null, true, arena).output().toFloatArray();
                float diff = Sequences.maxAbsDiff((float[][]) row.getAs("attention"), o);
                assertTrue(diff <= tolerance(o), "row " + row.getInt(0) + ": differs by " + diff);
            }
        }
        assertFalse(out.isEmpty());
    }
}
