package io.github.ffmblas.spark;

import io.github.ffmblas.spark.internal.AttentionPartitions;
import io.github.ffmblas.spark.internal.RowEncoders;
import io.github.ffmblas.spark.internal.StagePlan;
import io.github.ffmblas.spark.internal.WeightsRef;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.spark.ml.Transformer;
import org.apache.spark.ml.param.BooleanParam;
import org.apache.spark.ml.param.IntParam;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.param.ParamValidators;
import org.apache.spark.ml.util.DefaultParamsReadable;
import org.apache.spark.ml.util.DefaultParamsWritable;
import org.apache.spark.ml.util.Identifiable$;
import org.apache.spark.ml.util.MLReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoder;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Multi-head attention (PyTorch {@code nn.MultiheadAttention}'s forward) as a Spark ML stage: each row's sequence
 * {@code array<array<float>>} ({@code [seq, d_model]}) in, its attention output {@code [seq, d_model]} out, and,
 * when {@link #setAttentionWeightsCol asked}, the per-head weights {@code [heads, seq_q, seq_k]}.
 *
 * <pre>{@code
 * AttentionTransformer attention = new AttentionTransformer()
 *         .setWeightsPath("/models/layer.safetensors").setPrefix("encoder.layers.0.self_attn.").setHeads(12)
 *         .setQueryCol("tokens").setOutputCol("context");
 * Dataset<Row> out = attention.transform(df);   // or a stage of a Pipeline; save and load like any other
 * }</pre>
 *
 * <p>Each executor JVM opens one {@code AttentionModel} per weights file, on the first task that needs it, shares it
 * between its tasks and closes it when the JVM exits; OpenBLAS runs one thread per task, so Spark's task slots are the
 * parallelism. A task batches {@link #setBatchSize batchSize} consecutive rows into one forward, padding the shorter
 * sequences and masking their padding keys, and frees its native memory when its partition ends or fails. Rows keep
 * their order and their other columns.
 *
 * <p>Key and value default to the query column (self-attention); set them for cross-attention (key and value of a row
 * must have the same length). A bad row (null, empty, wrong width, NaN under {@link NanPolicy#FAIL}, a mask of the
 * wrong length or masking every key) fails its task with an {@link IllegalArgumentException} naming the partition,
 * the row, the column and the problem.
 */
public final class AttentionTransformer extends Transformer implements DefaultParamsWritable {
    private static final long serialVersionUID = 1L;

    private final String uid;
    private final Param<String> weightsPath;
    private final Param<String> weightsShipping;
    private final Param<String> prefix;
    private final IntParam heads;
    private final Param<String> queryCol;
    private final Param<String> keyCol;
    private final Param<String> valueCol;
    private final Param<String> outputCol;
    private final Param<String> attentionWeightsCol;
    private final BooleanParam causal;
    private final Param<String> keyPaddingMaskCol;
    private final IntParam batchSize;
    private final Param<String> nanPolicy;

    public AttentionTransformer() {
        this(Identifiable$.MODULE$.randomUID("attention"));
    }

    /** With a given uid; Spark ML's readers and {@code copy} construct stages this way. */
    public AttentionTransformer(String uid) {
        this.uid = uid;
        weightsPath = new Param<>(this, "weightsPath",
                "safetensors file with the attention weights (PyTorch nn.MultiheadAttention's names, or separate"
                        + " wq/wk/wv/dense projections), F32/F16/BF16");
        weightsShipping = new Param<>(this, "weightsShipping",
                "how the weights file reaches the executors: " + names(WeightsShipping.values()),
                ParamValidators.inArray(names(WeightsShipping.values())));
        prefix = new Param<>(this, "prefix", "tensor names start with this, e.g. encoder.layers.0.self_attn.");
        heads = new IntParam(this, "heads", "number of attention heads; d_model must be divisible by it",
                ParamValidators.gtEq(1));
        queryCol = new Param<>(this, "queryCol", "query sequences, array<array<float>> [seq_q, d_model]");
        keyCol = new Param<>(this, "keyCol", "key sequences, array<array<float>> [seq_k, d_model]; default queryCol");
        valueCol = new Param<>(this, "valueCol",
                "value sequences, array<array<float>> [seq_k, d_model]; default keyCol");
        outputCol = new Param<>(this, "outputCol", "attention output, array<array<float>> [seq_q, d_model]");
        attentionWeightsCol = new Param<>(this, "attentionWeightsCol",
                "per-head attention weights, array<array<array<float>>> [heads, seq_q, seq_k]; unset: not computed");
        causal = new BooleanParam(this, "causal", "query position i attends only to key positions j <= i");
        keyPaddingMaskCol = new Param<>(this, "keyPaddingMaskCol",
                "array<boolean> [seq_k] per row, true = ignore that key (PyTorch's key_padding_mask); unset: none");
        batchSize = new IntParam(this, "batchSize", "rows per forward pass within a task", ParamValidators.gtEq(1));
        nanPolicy = new Param<>(this, "nanPolicy", "NaN or infinite input values: " + names(NanPolicy.values()),
                ParamValidators.inArray(names(NanPolicy.values())));
        setDefault(weightsShipping, WeightsShipping.SHARED_PATH.name());
        setDefault(prefix, "");
        setDefault(queryCol, "query");
        setDefault(outputCol, "attention");
        setDefault(causal, false);
        setDefault(batchSize, 8);
        setDefault(nanPolicy, NanPolicy.FAIL.name());
    }

    private static List<String> names(Enum<?>[] values) {
        return Arrays.stream(values).map(Enum::name).toList();
    }

    @Override
    public String uid() {
        return uid;
    }

    // Params: Spark finds them by these public no-argument methods (Params.params), named as the params.

    public Param<String> weightsPath() {
        return weightsPath;
    }

    public Param<String> weightsShipping() {
        return weightsShipping;
    }

    public Param<String> prefix() {
        return prefix;
    }

    public IntParam heads() {
        return heads;
    }

    public Param<String> queryCol() {
        return queryCol;
    }

    public Param<String> keyCol() {
        return keyCol;
    }

    public Param<String> valueCol() {
        return valueCol;
    }

    public Param<String> outputCol() {
        return outputCol;
    }

    public Param<String> attentionWeightsCol() {
        return attentionWeightsCol;
    }

    public BooleanParam causal() {
        return causal;
    }

    public Param<String> keyPaddingMaskCol() {
        return keyPaddingMaskCol;
    }

    public IntParam batchSize() {
        return batchSize;
    }

    public Param<String> nanPolicy() {
        return nanPolicy;
    }

    // Setters and getters.

    /** Required: the weights file (how executors reach it: {@link #setWeightsShipping}). */
    public AttentionTransformer setWeightsPath(String value) {
        set(weightsPath, value);
        return this;
    }

    /** Default {@link WeightsShipping#SHARED_PATH}. */
    public AttentionTransformer setWeightsShipping(WeightsShipping value) {
        set(weightsShipping, value.name());
        return this;
    }

    /** Default {@code ""}. */
    public AttentionTransformer setPrefix(String value) {
        set(prefix, value);
        return this;
    }

    /** Required. */
    public AttentionTransformer setHeads(int value) {
        set(heads, value);
        return this;
    }

    /** Default {@code "query"}. */
    public AttentionTransformer setQueryCol(String value) {
        set(queryCol, value);
        return this;
    }

    /** Default: the query column (self-attention). */
    public AttentionTransformer setKeyCol(String value) {
        set(keyCol, value);
        return this;
    }

    /** Default: the key column. */
    public AttentionTransformer setValueCol(String value) {
        set(valueCol, value);
        return this;
    }

    /** Default {@code "attention"}. */
    public AttentionTransformer setOutputCol(String value) {
        set(outputCol, value);
        return this;
    }

    /** Default: unset, the weights are neither computed for all heads at once nor returned. */
    public AttentionTransformer setAttentionWeightsCol(String value) {
        set(attentionWeightsCol, value);
        return this;
    }

    /** Default false. */
    public AttentionTransformer setCausal(boolean value) {
        set(causal, value);
        return this;
    }

    /** Default: unset, every key of a row is attended (padding added for batching is masked regardless). */
    public AttentionTransformer setKeyPaddingMaskCol(String value) {
        set(keyPaddingMaskCol, value);
        return this;
    }

    /** Default 8. */
    public AttentionTransformer setBatchSize(int value) {
        set(batchSize, value);
        return this;
    }

    /** Default {@link NanPolicy#FAIL}. */
    public AttentionTransformer setNanPolicy(NanPolicy value) {
        set(nanPolicy, value.name());
        return this;
    }

    public String getWeightsPath() {
        return $(weightsPath);
    }

    public WeightsShipping getWeightsShipping() {
        return WeightsShipping.valueOf($(weightsShipping));
    }

    public String getPrefix() {
        return $(prefix);
    }

    public int getHeads() {
        return (Integer) $(heads);
    }

    public String getQueryCol() {
        return $(queryCol);
    }

    /** The key column: the one set, else the query column. */
    public String getKeyCol() {
        return isDefined(keyCol) ? $(keyCol) : getQueryCol();
    }

    /** The value column: the one set, else the key column. */
    public String getValueCol() {
        return isDefined(valueCol) ? $(valueCol) : getKeyCol();
    }

    public String getOutputCol() {
        return $(outputCol);
    }

    /** The attention weights column, if one is set. */
    public Optional<String> getAttentionWeightsCol() {
        return isDefined(attentionWeightsCol) ? Optional.of($(attentionWeightsCol)) : Optional.empty();
    }

    /** The key-padding mask column, if one is set. */
    public Optional<String> getKeyPaddingMaskCol() {
        return isDefined(keyPaddingMaskCol) ? Optional.of($(keyPaddingMaskCol)) : Optional.empty();
    }

    public boolean getCausal() {
        return (Boolean) $(causal);
    }

    public int getBatchSize() {
        return (Integer) $(batchSize);
    }

    public NanPolicy getNanPolicy() {
        return NanPolicy.valueOf($(nanPolicy));
    }

    /**
     * Checks the params and the input columns' types, and returns the schema with the output columns appended.
     * Called by {@link #transform} and by a {@code Pipeline} before any job runs.
     *
     * @throws IllegalArgumentException naming the param or column and what is wrong with it
     */
    @Override
    public StructType transformSchema(StructType schema) {
        require(weightsPath, "the weights file (setWeightsPath)");
        require(heads, "the number of heads (setHeads)");
        if (getWeightsPath().isBlank()) {
            throw new IllegalArgumentException(uid + ": weightsPath is empty");
        }
        requireColumn(schema, getQueryCol(), "queryCol", true);
        requireColumn(schema, getKeyCol(), "keyCol", true);
        requireColumn(schema, getValueCol(), "valueCol", true);
        if (isDefined(keyPaddingMaskCol)) {
            requireColumn(schema, $(keyPaddingMaskCol), "keyPaddingMaskCol", false);
        }
        StructType out = RowEncoders.inputSchema(schema, sequenceColumns(), maskColumns());
        out = appendColumn(out, getOutputCol(), "outputCol", RowEncoders.OUTPUT_TYPE);
        if (isDefined(attentionWeightsCol)) {
            if ($(attentionWeightsCol).equals(getOutputCol())) {
                throw new IllegalArgumentException(uid + ": attentionWeightsCol and outputCol are both '"
                        + getOutputCol() + "'");
            }
            out = appendColumn(out, $(attentionWeightsCol), "attentionWeightsCol", RowEncoders.WEIGHTS_TYPE);
        }
        return out;
    }

    private void require(Param<?> param, String what) {
        if (!isDefined(param)) {
            throw new IllegalArgumentException(uid + ": " + param.name() + " is not set: " + what);
        }
    }

    private void requireColumn(StructType schema, String column, String param, boolean sequence) {
        if (!Arrays.asList(schema.fieldNames()).contains(column)) {
            throw new IllegalArgumentException(uid + ": " + param + " '" + column + "' is not a column of the input;"
                    + " it has " + String.join(", ", schema.fieldNames()));
        }
        DataType actual = schema.apply(column).dataType();
        if (sequence ? !RowEncoders.isSequence(actual) : !RowEncoders.isMask(actual)) {
            throw new IllegalArgumentException(uid + ": " + param + " '" + column + "' must be "
                    + (sequence ? "array<array<float>> [seq, d_model]" : "array<boolean> [seq_k]") + ", it is "
                    + actual.simpleString() + (actual.simpleString().contains("double") ? " (cast it to float)" : ""));
        }
    }

    private Set<String> sequenceColumns() {
        return new HashSet<>(List.of(getQueryCol(), getKeyCol(), getValueCol()));
    }

    private Set<String> maskColumns() {
        return isDefined(keyPaddingMaskCol) ? Set.of($(keyPaddingMaskCol)) : Set.of();
    }

    private StructType appendColumn(StructType schema, String column, String param, DataType type) {
        if (column.isBlank()) {
            throw new IllegalArgumentException(uid + ": " + param + " is empty");
        }
        if (Arrays.asList(schema.fieldNames()).contains(column)) {
            throw new IllegalArgumentException(uid + ": " + param + " '" + column + "' already exists in the input;"
                    + " choose another name");
        }
        return schema.add(new StructField(column, type, false, org.apache.spark.sql.types.Metadata.empty()));
    }

    /**
     * Runs the attention over every row, lazily like every transformation: a Spark job starts when the result is
     * used. With {@link WeightsShipping#ADD_FILE} the file is added to the Spark context here.
     */
    @Override
    public Dataset<Row> transform(Dataset<?> dataset) {
        StructType schema = dataset.schema();
        StructType out = transformSchema(schema, true);
        WeightsShipping shipping = getWeightsShipping();
        String path = getWeightsPath();
        if (shipping == WeightsShipping.ADD_FILE) {
            dataset.sparkSession().sparkContext().addFile(path);
        }
        String fileName = shipping == WeightsShipping.ADD_FILE ? lastSegment(path) : null;
        StagePlan plan = new StagePlan(uid,
                new WeightsRef(shipping == WeightsShipping.SHARED_PATH ? path : null, fileName, getPrefix(),
                        getHeads()),
                column(schema, getQueryCol()), column(schema, getKeyCol()), column(schema, getValueCol()),
                isDefined(keyPaddingMaskCol) ? column(schema, $(keyPaddingMaskCol)) : null,
                new StagePlan.Choices(getCausal(), isDefined(attentionWeightsCol), getBatchSize(),
                        getNanPolicy() == NanPolicy.FAIL));
        Set<String> inputs = new HashSet<>(sequenceColumns());
        inputs.addAll(maskColumns());
        Set<String> outputs = new HashSet<>(inputs);
        outputs.add(getOutputCol());
        if (isDefined(attentionWeightsCol)) {
            outputs.add($(attentionWeightsCol));
        }
        Encoder<Row> in = RowEncoders.forSchema(RowEncoders.inputSchema(schema, sequenceColumns(), maskColumns()),
                inputs);
        return dataset.toDF().as(in).mapPartitions(new AttentionPartitions(plan), RowEncoders.forSchema(out, outputs));
    }

    private static StagePlan.Column column(StructType schema, String name) {
        return new StagePlan.Column(schema.fieldIndex(name), name);
    }

    /** The file name {@code SparkFiles.get} knows an added file by: the path's last segment. */
    private static String lastSegment(String path) {
        String p = path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
        int slash = p.lastIndexOf('/');
        String name = slash < 0 ? p : p.substring(slash + 1);
        if (name.isEmpty()) {
            throw new IllegalArgumentException("weightsPath '" + path + "' names no file");
        }
        return name;
    }

    @Override
    public AttentionTransformer copy(ParamMap extra) {
        return defaultCopy(extra);
    }

    private static final DefaultParamsReadable<AttentionTransformer> READABLE = new DefaultParamsReadable<>() { };

    /** Spark ML's reader, which {@code Pipeline.load} and {@code PipelineModel.load} call for this stage. */
    public static MLReader<AttentionTransformer> read() {
        return READABLE.read();
    }

    /** Loads a stage saved with {@code write().save(path)} (or {@code save(path)}). */
    public static AttentionTransformer load(String path) {
        return READABLE.load(path);
    }

    @Override
    public String toString() {
        return "AttentionTransformer[" + uid + "]";
    }
}
