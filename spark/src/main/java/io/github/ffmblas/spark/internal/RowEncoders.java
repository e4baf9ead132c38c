package io.github.ffmblas.spark.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.spark.sql.Encoder;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.encoders.AgnosticEncoder;
import org.apache.spark.sql.catalyst.encoders.AgnosticEncoders;
import org.apache.spark.sql.catalyst.encoders.RowEncoder$;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import scala.Option;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Row encoders whose sequence columns are Java primitive arrays: {@code float[][]} for {@code array<array<float>>},
 * {@code float[][][]} for the attention weights, {@code boolean[]} for a mask. Spark's default {@code Row} encoder
 * gives and takes Scala sequences of boxed floats, which cost more than the attention itself at d_model = 768 (a
 * [128, 768] sequence is 98,304 boxes each way). Spark's own primitive-array encoders (those of {@code Encoders.bean}
 * for a {@code float[][]} property: {@code UnsafeArrayData.toFloatArray} and {@code fromPrimitiveArray}) do it as
 * bulk copies; they are built here from {@code AgnosticEncoders}, the encoder descriptions Spark 4 builds every
 * encoder from. A null element inside an inner array then fails in Spark's deserializer
 * ({@code NOT_NULL_ASSERT_VIOLATION}), which the partition turns into a message naming the row.
 *
 * <p>Only the stage's own columns are encoded this way; every other column keeps Spark's default encoding.
 */
public final class RowEncoders {
    private RowEncoders() {
    }

    /** {@code array<array<float>>} as {@code float[][]}: inner arrays may be null (a row the stage refuses), not floats. */
    static final AgnosticEncoder<?> SEQUENCE = array(array(AgnosticEncoders.PrimitiveFloatEncoder$.MODULE$, false), true);
    /** An output sequence: nothing null. */
    static final AgnosticEncoder<?> OUTPUT = array(array(AgnosticEncoders.PrimitiveFloatEncoder$.MODULE$, false), false);
    /** Per-head attention weights {@code [heads, seq_q, seq_k]} as {@code float[][][]}. */
    static final AgnosticEncoder<?> WEIGHTS = array(OUTPUT, false);
    /** {@code array<boolean>} as {@code boolean[]}. */
    static final AgnosticEncoder<?> MASK = array(AgnosticEncoders.PrimitiveBooleanEncoder$.MODULE$, false);

    /** The type of a sequence column in the stage's output (and of its own input columns there). */
    public static final DataType SEQUENCE_TYPE = SEQUENCE.dataType();
    public static final DataType OUTPUT_TYPE = OUTPUT.dataType();
    public static final DataType WEIGHTS_TYPE = WEIGHTS.dataType();
    public static final DataType MASK_TYPE = MASK.dataType();

    private static AgnosticEncoder<?> array(AgnosticEncoder<?> element, boolean containsNull) {
        return new AgnosticEncoders.ArrayEncoder<>(element, containsNull);
    }

    /**
     * The schema the stage reads its input as: {@code schema} with the sequence and mask columns named in
     * {@code sequences} and {@code masks} typed as this class encodes them.
     */
    public static StructType inputSchema(StructType schema, Set<String> sequences, Set<String> masks) {
        StructType out = new StructType();
        for (StructField f : schema.fields()) {
            DataType type = sequences.contains(f.name()) ? SEQUENCE_TYPE : masks.contains(f.name()) ? MASK_TYPE
                    : f.dataType();
            out = out.add(new StructField(f.name(), type, f.nullable(), f.metadata()));
        }
        return out;
    }

    /**
     * An encoder for rows of {@code schema} whose fields of this class's types (as {@link #inputSchema} and the
     * output columns make them) are primitive arrays; other fields as Spark encodes them by default.
     */
    public static Encoder<Row> forSchema(StructType schema, Set<String> ours) {
        List<AgnosticEncoders.EncoderField> fields = new ArrayList<>();
        for (StructField f : schema.fields()) {
            AgnosticEncoder<?> enc = ours.contains(f.name()) ? ours(f.dataType())
                    : RowEncoder$.MODULE$.encoderForDataType(f.dataType(), true);
            fields.add(new AgnosticEncoders.EncoderField(f.name(), enc, f.nullable(), f.metadata(), Option.empty(),
                    Option.empty()));
        }
        return new AgnosticEncoders.RowEncoder(CollectionConverters.asScala(fields).toList());
    }

    private static AgnosticEncoder<?> ours(DataType type) {
        if (type.equals(SEQUENCE_TYPE)) {
            return SEQUENCE;
        } else if (type.equals(OUTPUT_TYPE)) {
            return OUTPUT;
        } else if (type.equals(WEIGHTS_TYPE)) {
            return WEIGHTS;
        } else if (type.equals(MASK_TYPE)) {
            return MASK;
        }
        throw new IllegalArgumentException("not a type of the attention stage: " + type.simpleString());
    }

    /** True when {@code type} is an array of arrays of floats, whatever its nullability. */
    public static boolean isSequence(DataType type) {
        return type instanceof ArrayType outer && outer.elementType() instanceof ArrayType inner
                && inner.elementType().equals(DataTypes.FloatType);
    }

    /** True when {@code type} is an array of booleans, whatever its nullability. */
    public static boolean isMask(DataType type) {
        return type instanceof ArrayType a && a.elementType().equals(DataTypes.BooleanType);
    }
}
