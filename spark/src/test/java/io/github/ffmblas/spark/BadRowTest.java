package io.github.ffmblas.spark;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.spark.SparkException;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each bad row fails its task with a message naming the partition, the row, the column and the problem. */
class BadRowTest {
    private static final int D = 10;
    @TempDir
    static Path dir;
    private static Path weights;
    private static SparkSession spark;

    @BeforeAll
    static void setUp() throws IOException {
        spark = TestSpark.session();
        weights = Sequences.randomWeights(dir, "bad-rows.safetensors", D, "", 31);
    }

    /** Rows 0, 1 and 3 good, row 2 {@code bad}, in one partition; the task's failure message. */
    private static String failure(AttentionTransformer stage, StructType schema, Object... bad) {
        Random random = new Random(32);
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            if (i == 2) {
                Object[] fields = new Object[bad.length + 1];
                fields[0] = i;
                System.arraycopy(bad, 0, fields, 1, bad.length);
                rows.add(RowFactory.create(fields));
            } else {
                float[][] s = Sequences.sequence(random, 3, D);
                Object[] fields = new Object[bad.length + 1];
                fields[0] = i;
                for (int f = 1; f < fields.length; f++) {
                    fields[f] = schema.fields()[f].dataType().equals(Sequences.MASK) ? new boolean[3] : s;
                }
                rows.add(RowFactory.create(fields));
            }
        }
        SparkException e = assertThrows(SparkException.class,
                () -> stage.transform(spark.createDataFrame(rows, schema).coalesce(1)).collectAsList());
        return e.getMessage();
    }

    private static AttentionTransformer stage() {
        return new AttentionTransformer().setWeightsPath(weights.toString()).setHeads(2).setQueryCol("q");
    }

    private static void assertNames(String message, String problem) {
        assertTrue(message.contains("IllegalArgumentException: AttentionTransformer attention_"), message);
        assertTrue(message.contains(": partition 0, row 2: " + problem), message);
    }

    @Test
    void wrongWidth() {
        float[][] s = {new float[D], new float[D - 1]};
        assertNames(failure(stage(), Sequences.schema("q"), (Object) s),
                "column 'q' position 1 has 9 values, the model's d_model is 10");
    }

    @Test
    void nanAndInfinityUnderFail() {
        float[][] s = {new float[D], new float[D]};
        s[1][4] = Float.NaN;
        assertNames(failure(stage(), Sequences.schema("q"), (Object) s),
                "column 'q' position 1 value 4 is NaN (NanPolicy.FAIL");
        s[1][4] = Float.NEGATIVE_INFINITY;
        assertNames(failure(stage(), Sequences.schema("q"), (Object) s), "column 'q' position 1 value 4 is -Infinity");
    }

    @Test
    void emptyAndNullSequences() {
        assertNames(failure(stage(), Sequences.schema("q"), (Object) new float[0][]),
                "column 'q' is an empty sequence");
        assertNames(failure(stage(), Sequences.schema("q"), (Object) null), "column 'q' is null");
        assertNames(failure(stage(), Sequences.schema("q"), (Object) new float[][] {new float[D], null}),
                "column 'q' position 1 is null");
    }

    @Test
    void nullValueInsideAPosition() {
        Float[][] s = {new Float[D]};
        for (int j = 0; j < D; j++) {
            s[0][j] = j == 3 ? null : 1f;
        }
        assertNames(failure(stage(), Sequences.schema("q"), (Object) s),
                "a null value inside a sequence or mask (columns 'q')");
    }

    @Test
    void keyAndValueOfDifferentLengths() {
        float[][] q = {new float[D]};
        assertNames(failure(stage().setKeyCol("k").setValueCol("v"), Sequences.schema("q", "k", "v"),
                        q, new float[2][D], new float[3][D]),
                "key 'k' has 2 positions, value 'v' has 3; they must be equal");
    }

    @Test
    void badMasks() {
        StructType schema = Sequences.schema("q").add("mask", Sequences.MASK);
        float[][] s = new float[3][D];
        assertNames(failure(stage().setKeyPaddingMaskCol("mask"), schema, s, new boolean[2]),
                "mask column 'mask' has 2 entries, the key has 3 positions");
        assertNames(failure(stage().setKeyPaddingMaskCol("mask"), schema, s, new boolean[] {true, true, true}),
                "mask column 'mask' masks every key");
        assertNames(failure(stage().setKeyPaddingMaskCol("mask"), schema, s, null), "mask column 'mask' is null");
    }

    @Test
    void missingWeightsFileNamesIt() {
        String message = failure(new AttentionTransformer().setWeightsPath(dir.resolve("absent.safetensors").toString())
                .setHeads(2).setQueryCol("q"), Sequences.schema("q"), (Object) new float[1][D]);
        assertTrue(message.contains("UncheckedIOException: cannot open the attention weights "
                        + dir.resolve("absent.safetensors")),
                message);
    }

    @Test
    void headsThatDoNotDivideDModel() {
        String message = failure(stage().setHeads(3), Sequences.schema("q"), (Object) new float[1][D]);
        assertTrue(message.contains(
                "IllegalArgumentException: cannot open the attention weights " + weights + " (prefix '', 3 heads) in this"
                        + " executor: d_model must be divisible by num_heads (d_model=10, num_heads=3)"), message);
    }
}
