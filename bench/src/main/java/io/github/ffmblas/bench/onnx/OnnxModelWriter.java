package io.github.ffmblas.bench.onnx;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Objects;

/**
 * Serialises a small ONNX model (a {@code ModelProto}) without the onnx or protobuf libraries: just the fields of
 * onnx/onnx.proto that a float graph of a few nodes with initializers needs. Field numbers are cited from
 * onnx.proto next to each write; every message writes its fields in ascending field-number order, so the bytes
 * are deterministic. Only FLOAT tensors, and only INT, FLOAT and STRING attributes.
 */
public final class OnnxModelWriter {
    /** {@code TensorProto.DataType.FLOAT}. */
    public static final int FLOAT = 1;
    /** ONNX IR version 8 (ONNX 1.10): old enough for any ONNX Runtime from 1.10 on, new enough for opset 17. */
    public static final long IR_VERSION = 8;

    private OnnxModelWriter() {}

    /** {@code OperatorSetIdProto}: a domain ("" is the standard ai.onnx one) and its opset version. */
    public record OpsetImport(String domain, long version) {
        public OpsetImport {
            Objects.requireNonNull(domain, "domain");
        }
    }

    /** {@code AttributeProto}: one of an INT, a FLOAT or a STRING. */
    public record Attribute(String name, AttributeType type, long intValue, float floatValue, String stringValue) {
        public static Attribute ofInt(String name, long value) {
            return new Attribute(name, AttributeType.INT, value, 0f, null);
        }

        public static Attribute ofFloat(String name, float value) {
            return new Attribute(name, AttributeType.FLOAT, 0, value, null);
        }

        public static Attribute ofString(String name, String value) {
            return new Attribute(name, AttributeType.STRING, 0, 0f, Objects.requireNonNull(value, "value"));
        }
    }

    /** The {@code AttributeProto.AttributeType} values this writer can emit. */
    public enum AttributeType {
        FLOAT(1), INT(2), STRING(3);

        final int code;

        AttributeType(int code) {
            this.code = code;
        }
    }

    /** {@code NodeProto}. {@code domain} is "" for standard operators, e.g. "com.microsoft" for ORT's contrib ops. */
    public record Node(String name, String opType, String domain, List<String> inputs, List<String> outputs,
                       List<Attribute> attributes) {
        public Node {
            inputs = List.copyOf(inputs);
            outputs = List.copyOf(outputs);
            attributes = List.copyOf(attributes);
        }
    }

    /** A FLOAT {@code TensorProto} initializer, stored as little-endian {@code raw_data}. */
    public record Initializer(String name, long[] dims, float[] values) {
        public Initializer {
            long count = 1;
            for (long d : dims) {
                count *= d;
            }
            if (count != values.length) {
                throw new IllegalArgumentException("initializer " + name + ": " + values.length
                        + " values do not fill its dims (" + count + ")");
            }
        }
    }

    /** A FLOAT tensor {@code ValueInfoProto} with a fixed shape: a graph input or output. */
    public record ValueInfo(String name, long... dims) {}

    /** {@code GraphProto}: nodes in topological order. */
    public record Graph(String name, List<Node> nodes, List<Initializer> initializers, List<ValueInfo> inputs,
                        List<ValueInfo> outputs) {
        public Graph {
            nodes = List.copyOf(nodes);
            initializers = List.copyOf(initializers);
            inputs = List.copyOf(inputs);
            outputs = List.copyOf(outputs);
        }
    }

    /** {@code ModelProto}. */
    public record Model(long irVersion, List<OpsetImport> opsetImports, String producerName, Graph graph) {
        public Model {
            opsetImports = List.copyOf(opsetImports);
        }
    }

    /** The serialised {@code ModelProto}, ready for {@code OrtEnvironment.createSession(byte[])}. */
    public static byte[] write(Model model) {
        return model(model).toByteArray();
    }

    static ProtoWriter model(Model model) {
        ProtoWriter w = new ProtoWriter();
        w.int64(1, model.irVersion());                         // ModelProto.ir_version = 1 (int64)
        w.string(2, model.producerName());                     // ModelProto.producer_name = 2
        w.message(7, graph(model.graph()));                    // ModelProto.graph = 7
        for (OpsetImport opset : model.opsetImports()) {
            w.message(8, opsetImport(opset));                  // ModelProto.opset_import = 8 (repeated)
        }
        return w;
    }

    static ProtoWriter opsetImport(OpsetImport opset) {
        ProtoWriter w = new ProtoWriter();
        w.string(1, opset.domain());                           // OperatorSetIdProto.domain = 1
        w.int64(2, opset.version());                           // OperatorSetIdProto.version = 2 (int64)
        return w;
    }

    static ProtoWriter graph(Graph graph) {
        ProtoWriter w = new ProtoWriter();
        for (Node node : graph.nodes()) {
            w.message(1, node(node));                          // GraphProto.node = 1 (repeated)
        }
        w.string(2, graph.name());                             // GraphProto.name = 2
        for (Initializer init : graph.initializers()) {
            w.message(5, tensor(init));                        // GraphProto.initializer = 5 (repeated TensorProto)
        }
        for (ValueInfo in : graph.inputs()) {
            w.message(11, valueInfo(in));                      // GraphProto.input = 11 (repeated ValueInfoProto)
        }
        for (ValueInfo out : graph.outputs()) {
            w.message(12, valueInfo(out));                     // GraphProto.output = 12 (repeated ValueInfoProto)
        }
        return w;
    }

    static ProtoWriter node(Node node) {
        ProtoWriter w = new ProtoWriter();
        for (String in : node.inputs()) {
            w.string(1, in);                                   // NodeProto.input = 1 (repeated string)
        }
        for (String out : node.outputs()) {
            w.string(2, out);                                  // NodeProto.output = 2 (repeated string)
        }
        w.string(3, node.name());                              // NodeProto.name = 3
        w.string(4, node.opType());                            // NodeProto.op_type = 4
        for (Attribute a : node.attributes()) {
            w.message(5, attribute(a));                        // NodeProto.attribute = 5 (repeated AttributeProto)
        }
        if (!node.domain().isEmpty()) {
            w.string(7, node.domain());                        // NodeProto.domain = 7
        }
        return w;
    }

    static ProtoWriter attribute(Attribute a) {
        ProtoWriter w = new ProtoWriter();
        w.string(1, a.name());                                 // AttributeProto.name = 1
        switch (a.type()) {
            case FLOAT -> w.float32(2, a.floatValue());        // AttributeProto.f = 2 (float, wire type 5)
            case INT -> w.int64(3, a.intValue());              // AttributeProto.i = 3 (int64)
            case STRING -> w.string(4, a.stringValue());       // AttributeProto.s = 4 (bytes)
        }
        w.int64(20, a.type().code);                            // AttributeProto.type = 20 (AttributeType enum)
        return w;
    }

    static ProtoWriter tensor(Initializer init) {
        ProtoWriter w = new ProtoWriter();
        for (long d : init.dims()) {
            w.int64(1, d);                                     // TensorProto.dims = 1 (repeated int64, unpacked)
        }
        w.int64(2, FLOAT);                                     // TensorProto.data_type = 2 (int32: DataType)
        w.string(8, init.name());                              // TensorProto.name = 8
        w.bytes(9, littleEndian(init.values()));               // TensorProto.raw_data = 9: fixed-width little-endian
        return w;
    }

    static ProtoWriter valueInfo(ValueInfo info) {
        ProtoWriter shape = new ProtoWriter();
        for (long d : info.dims()) {
            ProtoWriter dim = new ProtoWriter().int64(1, d);   // TensorShapeProto.Dimension.dim_value = 1 (int64)
            shape.message(1, dim);                             // TensorShapeProto.dim = 1 (repeated Dimension)
        }
        ProtoWriter tensorType = new ProtoWriter();
        tensorType.int64(1, FLOAT);                            // TypeProto.Tensor.elem_type = 1 (int32)
        tensorType.message(2, shape);                          // TypeProto.Tensor.shape = 2 (TensorShapeProto)
        ProtoWriter type = new ProtoWriter().message(1, tensorType); // TypeProto.tensor_type = 1
        ProtoWriter w = new ProtoWriter();
        w.string(1, info.name());                              // ValueInfoProto.name = 1
        w.message(2, type);                                    // ValueInfoProto.type = 2 (TypeProto)
        return w;
    }

    static byte[] littleEndian(float[] values) {
        ByteBuffer bytes = ByteBuffer.allocate(Math.multiplyExact(values.length, Float.BYTES)).order(ByteOrder.LITTLE_ENDIAN);
        bytes.asFloatBuffer().put(values);
        return bytes.array();
    }

    /** {@code m} ({@code rows x cols}, row-major) transposed: {@code cols x rows}, row-major. */
    public static float[] transpose(float[] m, int rows, int cols) {
        if (m.length != rows * cols) {
            throw new IllegalArgumentException(m.length + " values are not " + rows + " x " + cols);
        }
        float[] t = new float[m.length];
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
                t[c * rows + r] = m[r * cols + c];
            }
        }
        return t;
    }
}
