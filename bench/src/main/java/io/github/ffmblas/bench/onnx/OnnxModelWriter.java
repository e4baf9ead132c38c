package io.github.ffmblas.bench.onnx;

import ai.onnx.proto.OnnxMl;
import com.google.protobuf.ByteString;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Objects;

/**
 * A small float ONNX graph (nodes, initializers, fixed-shape inputs and outputs) described in a few records and
 * serialised as a {@code ModelProto} with ONNX's own generated classes ({@code ai.onnx.proto.OnnxMl}, from
 * {@code org.tribuo:tribuo-util-onnx}) on protobuf-java. Only FLOAT tensors, and INT, FLOAT and STRING attributes.
 */
public final class OnnxModelWriter {
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

    /** The attribute types this writer can emit. */
    public enum AttributeType { FLOAT, INT, STRING }

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

    static OnnxMl.ModelProto model(Model model) {
        OnnxMl.ModelProto.Builder b = OnnxMl.ModelProto.newBuilder()
                .setIrVersion(model.irVersion())
                .setProducerName(model.producerName())
                .setGraph(graph(model.graph()));
        model.opsetImports().forEach(opset -> b.addOpsetImport(opsetImport(opset)));
        return b.build();
    }

    static OnnxMl.OperatorSetIdProto opsetImport(OpsetImport opset) {
        return OnnxMl.OperatorSetIdProto.newBuilder().setDomain(opset.domain()).setVersion(opset.version()).build();
    }

    static OnnxMl.GraphProto graph(Graph graph) {
        OnnxMl.GraphProto.Builder b = OnnxMl.GraphProto.newBuilder().setName(graph.name());
        graph.nodes().forEach(node -> b.addNode(node(node)));
        graph.initializers().forEach(init -> b.addInitializer(tensor(init)));
        graph.inputs().forEach(in -> b.addInput(valueInfo(in)));
        graph.outputs().forEach(out -> b.addOutput(valueInfo(out)));
        return b.build();
    }

    static OnnxMl.NodeProto node(Node node) {
        OnnxMl.NodeProto.Builder b = OnnxMl.NodeProto.newBuilder()
                .addAllInput(node.inputs())
                .addAllOutput(node.outputs())
                .setName(node.name())
                .setOpType(node.opType());
        node.attributes().forEach(a -> b.addAttribute(attribute(a)));
        if (!node.domain().isEmpty()) {
            b.setDomain(node.domain());
        }
        return b.build();
    }

    static OnnxMl.AttributeProto attribute(Attribute a) {
        OnnxMl.AttributeProto.Builder b = OnnxMl.AttributeProto.newBuilder().setName(a.name());
        return switch (a.type()) {
            case FLOAT -> b.setF(a.floatValue()).setType(OnnxMl.AttributeProto.AttributeType.FLOAT).build();
            case INT -> b.setI(a.intValue()).setType(OnnxMl.AttributeProto.AttributeType.INT).build();
            case STRING -> b.setS(ByteString.copyFromUtf8(a.stringValue()))
                    .setType(OnnxMl.AttributeProto.AttributeType.STRING).build();
        };
    }

    /** A FLOAT tensor with its values as little-endian {@code raw_data}, as ONNX stores them. */
    static OnnxMl.TensorProto tensor(Initializer init) {
        OnnxMl.TensorProto.Builder b = OnnxMl.TensorProto.newBuilder()
                .setDataType(OnnxMl.TensorProto.DataType.FLOAT.getNumber())
                .setName(init.name())
                .setRawData(ByteString.copyFrom(littleEndian(init.values())));
        for (long d : init.dims()) {
            b.addDims(d);
        }
        return b.build();
    }

    static OnnxMl.ValueInfoProto valueInfo(ValueInfo info) {
        OnnxMl.TensorShapeProto.Builder shape = OnnxMl.TensorShapeProto.newBuilder();
        for (long d : info.dims()) {
            shape.addDim(OnnxMl.TensorShapeProto.Dimension.newBuilder().setDimValue(d));
        }
        OnnxMl.TypeProto.Tensor tensorType = OnnxMl.TypeProto.Tensor.newBuilder()
                .setElemType(OnnxMl.TensorProto.DataType.FLOAT.getNumber())
                .setShape(shape)
                .build();
        return OnnxMl.ValueInfoProto.newBuilder()
                .setName(info.name())
                .setType(OnnxMl.TypeProto.newBuilder().setTensorType(tensorType))
                .build();
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
