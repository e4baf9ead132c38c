package io.github.ffmblas.bench.onnx;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import ai.onnx.proto.OnnxMl;
import ai.onnxruntime.NodeInfo;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtSession;
import ai.onnxruntime.TensorInfo;
import io.github.ffmblas.bench.onnx.OnnxModelWriter.Attribute;
import io.github.ffmblas.bench.onnx.OnnxModelWriter.Graph;
import io.github.ffmblas.bench.onnx.OnnxModelWriter.Initializer;
import io.github.ffmblas.bench.onnx.OnnxModelWriter.Model;
import io.github.ffmblas.bench.onnx.OnnxModelWriter.Node;
import io.github.ffmblas.bench.onnx.OnnxModelWriter.OpsetImport;
import io.github.ffmblas.bench.onnx.OnnxModelWriter.ValueInfo;
import java.nio.FloatBuffer;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each record as the ONNX message it becomes, the bytes parsed back, then a whole model through ONNX Runtime. */
class OnnxModelWriterTest {

    private static byte[] hex(String h) {
        return HexFormat.of().parseHex(h.replace(" ", ""));
    }

    @Test
    void operatorSetId() {
        OnnxMl.OperatorSetIdProto opset = OnnxModelWriter.opsetImport(new OpsetImport("com.microsoft", 1));
        assertEquals("com.microsoft", opset.getDomain());
        assertEquals(1, opset.getVersion());
    }

    @Test
    void attributesCarryTheirTypeDiscriminator() {
        OnnxMl.AttributeProto heads = OnnxModelWriter.attribute(Attribute.ofInt("num_heads", 12));
        assertEquals("num_heads", heads.getName());
        assertEquals(OnnxMl.AttributeProto.AttributeType.INT, heads.getType());
        assertEquals(12, heads.getI());
        OnnxMl.AttributeProto a = OnnxModelWriter.attribute(Attribute.ofFloat("a", 0.5f));
        assertEquals(OnnxMl.AttributeProto.AttributeType.FLOAT, a.getType());
        assertEquals(0.5f, a.getF());
        OnnxMl.AttributeProto s = OnnxModelWriter.attribute(Attribute.ofString("mode", "x"));
        assertEquals(OnnxMl.AttributeProto.AttributeType.STRING, s.getType());
        assertEquals("x", s.getS().toStringUtf8());
    }

    @Test
    void initializerIsRawLittleEndianFloats() {
        OnnxMl.TensorProto t = OnnxModelWriter.tensor(new Initializer("w", new long[] {2, 1}, new float[] {1f, -2f}));
        assertEquals(List.of(2L, 1L), t.getDimsList());
        assertEquals(OnnxMl.TensorProto.DataType.FLOAT.getNumber(), t.getDataType());
        assertEquals("w", t.getName());
        assertArrayEquals(hex("0000803f 000000c0"), t.getRawData().toByteArray());
        assertEquals(0, t.getFloatDataCount(), "values only in raw_data");
    }

    @Test
    void valueInfoIsAFloatTensorTypeWithFixedDims() {
        OnnxMl.ValueInfoProto x = OnnxModelWriter.valueInfo(new ValueInfo("x", 2, 3));
        assertEquals("x", x.getName());
        OnnxMl.TypeProto.Tensor tensor = x.getType().getTensorType();
        assertEquals(OnnxMl.TensorProto.DataType.FLOAT.getNumber(), tensor.getElemType());
        assertEquals(List.of(2L, 3L), tensor.getShape().getDimList().stream()
                .map(OnnxMl.TensorShapeProto.Dimension::getDimValue).toList());
    }

    @Test
    void nodeOmitsTheDefaultDomain() {
        OnnxMl.NodeProto standard = OnnxModelWriter.node(new Node("n", "Add", "", List.of("x", "y"), List.of("z"),
                List.of()));
        assertEquals(List.of("x", "y"), standard.getInputList());
        assertEquals(List.of("z"), standard.getOutputList());
        assertEquals("Add", standard.getOpType());
        assertFalse(standard.hasDomain());
        OnnxMl.NodeProto contrib = OnnxModelWriter.node(new Node("n", "Gelu", "com.microsoft", List.of("x"),
                List.of("z"), List.of()));
        assertEquals("com.microsoft", contrib.getDomain());
    }

    @Test
    void theBytesParseBackAsTheModel() throws Exception {
        Graph graph = new Graph("g", List.of(new Node("mm", "MatMul", "", List.of("x", "w"), List.of("y"),
                List.of())), List.of(new Initializer("w", new long[] {1, 1}, new float[] {3f})),
                List.of(new ValueInfo("x", 1, 1)), List.of(new ValueInfo("y", 1, 1)));
        byte[] bytes = OnnxModelWriter.write(new Model(OnnxModelWriter.IR_VERSION, List.of(new OpsetImport("", 17)),
                "p", graph));
        OnnxMl.ModelProto model = OnnxMl.ModelProto.parseFrom(bytes);
        assertEquals(OnnxModelWriter.IR_VERSION, model.getIrVersion());
        assertEquals("p", model.getProducerName());
        assertEquals(17, model.getOpsetImport(0).getVersion());
        assertEquals("MatMul", model.getGraph().getNode(0).getOpType());
    }

    @Test
    void initializerMustFillItsDims() {
        assertThrows(IllegalArgumentException.class, () -> new Initializer("w", new long[] {2, 2}, new float[3]));
    }


    @Test
    void transposeSwapsRowsAndColumns() {
        assertArrayEquals(new float[] {1, 4, 2, 5, 3, 6}, OnnxModelWriter.transpose(new float[] {1, 2, 3, 4, 5, 6}, 2, 3));
        assertThrows(IllegalArgumentException.class, () -> OnnxModelWriter.transpose(new float[5], 2, 3));
    }

    /** A whole model: ONNX Runtime parses it, sees our names and shapes, and computes Gemm-free y = x·w + c. */
    @Test
    void onnxRuntimeLoadsAndRunsAWrittenModel() throws Exception {
        Graph graph = new Graph("tiny",
                List.of(new Node("mm", "MatMul", "", List.of("x", "w"), List.of("xw"), List.of()),
                        new Node("add", "Add", "", List.of("xw", "c"), List.of("y"), List.of())),
                List.of(new Initializer("w", new long[] {3, 2}, new float[] {1, 2, 3, 4, 5, 6}),
                        new Initializer("c", new long[] {2}, new float[] {0.5f, -0.5f})),
                List.of(new ValueInfo("x", 2, 3)),
                List.of(new ValueInfo("y", 2, 2)));
        byte[] model = OnnxModelWriter.write(new Model(OnnxModelWriter.IR_VERSION,
                List.of(new OpsetImport("", 17)), "writer-test", graph));

        OrtEnvironment env = OrtEnvironment.getEnvironment();
        try (OrtSession.SessionOptions options = new OrtSession.SessionOptions();
             OrtSession session = env.createSession(model, options);
             OnnxTensor x = OnnxTensor.createTensor(env, FloatBuffer.wrap(new float[] {1, 0, -1, 2, 1, 0}),
                     new long[] {2, 3})) {
            assertEquals("writer-test", session.getMetadata().getProducerName());
            Map<String, NodeInfo> inputs = session.getInputInfo();
            assertEquals(List.of("x"), List.copyOf(inputs.keySet()));
            assertArrayEquals(new long[] {2, 3}, ((TensorInfo) inputs.get("x").getInfo()).getShape());
            assertArrayEquals(new long[] {2, 2}, ((TensorInfo) session.getOutputInfo().get("y").getInfo()).getShape());
            try (OrtSession.Result result = session.run(Map.of("x", x))) {
                FloatBuffer out = ((OnnxTensor) result.get(0)).getFloatBuffer();
                float[] y = new float[out.remaining()];
                out.get(y);
                // [1 0 -1]·w = [1-5, 2-6] = [-4, -4]; [2 1 0]·w = [2+3, 4+4] = [5, 8]; plus c
                assertArrayEquals(new float[] {-3.5f, -4.5f, 5.5f, 7.5f}, y);
            }
        }
    }
}
