package io.github.ffmblas.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.spark.ml.Pipeline;
import org.apache.spark.ml.PipelineModel;
import org.apache.spark.ml.PipelineStage;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the stage promises as a Spark ML citizen: schema checks before any job, and persistence in a Pipeline. */
class StageContractTest {
    private static final int D = 12;
    @TempDir
    static Path dir;
    private static Path weights;
    private static SparkSession spark;

    @BeforeAll
    static void setUp() throws IOException {
        spark = TestSpark.session();
        weights = Sequences.randomWeights(dir, "contract.safetensors", D, "", 21);
    }

    private static AttentionTransformer stage() {
        return new AttentionTransformer().setWeightsPath(weights.toString()).setHeads(2).setQueryCol("q");
    }

    private static String schemaError(AttentionTransformer stage, StructType schema) {
        return assertThrows(IllegalArgumentException.class, () -> stage.transformSchema(schema)).getMessage();
    }

    @Test
    void transformSchemaNamesTheParamOrColumnAndWhatIsWrong() {
        StructType good = Sequences.schema("q");
        assertTrue(schemaError(new AttentionTransformer().setHeads(2), good).contains("weightsPath is not set"));
        assertTrue(schemaError(new AttentionTransformer().setWeightsPath("w"), good).contains("heads is not set"));
        assertTrue(schemaError(stage().setQueryCol("tokens"), good)
                .contains("queryCol 'tokens' is not a column of the input; it has id, q"));
        StructType doubles = new StructType().add("q", DataTypes.createArrayType(
                DataTypes.createArrayType(DataTypes.DoubleType)));
        assertTrue(schemaError(stage(), doubles).contains(
                "queryCol 'q' must be array<array<float>> [seq, d_model], it is array<array<double>> (cast it to float)"));
        StructType flat = new StructType().add("q", DataTypes.createArrayType(DataTypes.FloatType));
        assertTrue(schemaError(stage(), flat).contains("it is array<float>"));
        assertTrue(schemaError(stage().setKeyCol("k"), good).contains("keyCol 'k' is not a column"));
        assertTrue(schemaError(stage().setKeyCol("q").setValueCol("id"), good)
                .contains("valueCol 'id' must be array<array<float>>"));
        assertTrue(schemaError(stage().setKeyPaddingMaskCol("q"), good)
                .contains("keyPaddingMaskCol 'q' must be array<boolean> [seq_k], it is array<array<float>>"));
        assertTrue(schemaError(stage().setOutputCol("id"), good).contains("outputCol 'id' already exists"));
        assertTrue(schemaError(stage().setAttentionWeightsCol("attention"), good)
                .contains("attentionWeightsCol and outputCol are both 'attention'"));
        assertThrows(IllegalArgumentException.class, () -> stage().setHeads(0), "Spark's validator: heads >= 1");
        assertThrows(IllegalArgumentException.class, () -> stage().setBatchSize(0));
        assertThrows(IllegalArgumentException.class, () -> stage().set(stage().nanPolicy(), "IGNORE"));
    }

    @Test
    void transformSchemaAppendsTheOutputColumns() {
        StructType out = stage().setAttentionWeightsCol("w").transformSchema(Sequences.schema("q"));
        assertEquals(List.of("id", "q", "attention", "w"), List.of(out.fieldNames()));
        assertEquals("array<array<float>>", out.apply("attention").dataType().simpleString());
        assertEquals("array<array<array<float>>>", out.apply("w").dataType().simpleString());
    }

    @Test
    void aBadSchemaFailsInTransformBeforeAnyJob() {
        Dataset<Row> df = spark.createDataFrame(List.of(RowFactory.create(0, new float[][] {new float[D]})),
                Sequences.schema("tokens"));
        spark.sparkContext().setJobGroup("bad-schema", "a stage with a bad schema", false);
        try {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> stage().transform(df));
            assertTrue(e.getMessage().contains("queryCol 'q' is not a column"), e.getMessage());
            assertEquals(0, spark.sparkContext().statusTracker().getJobIdsForGroup("bad-schema").length);
        } finally {
            spark.sparkContext().clearJobGroup();
        }
    }

    private static Dataset<Row> frame() {
        Random random = new Random(22);
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            rows.add(RowFactory.create(i, Sequences.sequence(random, 1 + 3 * i, D)));
        }
        return spark.createDataFrame(rows, Sequences.schema("q")).coalesce(1);
    }

    private static void assertSameOutput(Dataset<Row> a, Dataset<Row> b) {
        List<Row> x = a.collectAsList();
        List<Row> y = b.collectAsList();
        assertEquals(x.size(), y.size());
        for (int i = 0; i < x.size(); i++) {
            assertArrayEquals((float[][]) x.get(i).getAs("attention"), (float[][]) y.get(i).getAs("attention"));
        }
    }

    @Test
    void savedAndLoadedStageKeepsEveryParam() throws IOException {
        AttentionTransformer stage = stage().setCausal(true).setBatchSize(3).setNanPolicy(NanPolicy.PROPAGATE)
                .setAttentionWeightsCol("w").setPrefix("");
        String path = dir.resolve("stage").toString();
        stage.write().overwrite().save(path);
        AttentionTransformer loaded = AttentionTransformer.load(path);
        assertEquals(stage.uid(), loaded.uid());
        assertEquals(stage.extractParamMap().toString(), loaded.extractParamMap().toString());
        assertEquals(WeightsShipping.SHARED_PATH, loaded.getWeightsShipping());
        assertEquals(NanPolicy.PROPAGATE, loaded.getNanPolicy());
        assertEquals("q", loaded.getValueCol(), "an unset value column stays unset: the query's");
        assertEquals(java.util.Optional.of("w"), loaded.getAttentionWeightsCol());
        assertEquals(java.util.Optional.empty(), loaded.getKeyPaddingMaskCol());
        assertSameOutput(stage.transform(frame()), loaded.transform(frame()));
    }

    @Test
    void pipelineWithTheStagePersists() throws IOException {
        Pipeline pipeline = new Pipeline().setStages(new PipelineStage[] {stage().setCausal(true)});
        PipelineModel model = pipeline.fit(frame());
        String modelPath = dir.resolve("pipeline-model").toString();
        model.write().overwrite().save(modelPath);
        PipelineModel loadedModel = PipelineModel.load(modelPath);
        assertTrue(loadedModel.stages()[0] instanceof AttentionTransformer);
        assertTrue(((AttentionTransformer) loadedModel.stages()[0]).getCausal());
        assertSameOutput(model.transform(frame()), loadedModel.transform(frame()));

        String pipelinePath = dir.resolve("pipeline").toString();
        pipeline.write().overwrite().save(pipelinePath);
        Pipeline loaded = Pipeline.load(pipelinePath);
        assertSameOutput(model.transform(frame()), loaded.fit(frame()).transform(frame()));
    }
}
