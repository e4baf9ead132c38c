package io.github.ffmblas.bench.onnx;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each ONNX message against hand-encoded bytes (field numbers from onnx.proto), then a whole model through ORT. */
class OnnxModelWriterTest {

    private static byte[] hex(String h) {
        return HexFormat.of().parseHex(h.replace(" ", ""));
    }

    private static String ascii(String s) {
        return HexFormat.of().formatHex(s.getBytes(StandardCharsets.US_ASCII));
    }

    @Test
    void operatorSetId() {
        // domain = 1 (len 13), version = 2
        assertArrayEquals(hex("0a 0d" + ascii("com.microsoft") + "10 01"),
                OnnxModelWriter.opsetImport(new OpsetImport("com.microsoft", 1)).toByteArray());
    }

    @Test
    void intAttributeCarriesItsTypeDiscriminator() {
        // name = 1, i = 3, type = 20 (INT = 2)
        assertArrayEquals(hex("0a 09" + ascii("num_heads") + "18 0c a0 01 02"),
                OnnxModelWriter.attribute(Attribute.ofInt("num_heads", 12)).toByteArray());
        // name = 1, f = 2 (fixed32), type = 20 (FLOAT = 1)
        assertArrayEquals(hex("0a 01" + ascii("a") + "15 00 00 00 3f a0 01 01"),
                OnnxModelWriter.attribute(Attribute.ofFloat("a", 0.5f)).toByteArray());
    }

    @Test
    void initializerIsRawLittleEndianFloats() {
        // dims = 1 (each), data_type = 2 (FLOAT = 1), name = 8, raw_data = 9
        assertArrayEquals(hex("08 02 08 01 10 01 42 01" + ascii("w") + "4a 08 0000803f 000000c0"),
                OnnxModelWriter.tensor(new Initializer("w", new long[] {2, 1}, new float[] {1f, -2f})).toByteArray());
    }

    @Test
    void initializerMustFillItsDims() {
        assertThrows(IllegalArgumentException.class, () -> new Initializer("w", new long[] {2, 2}, new float[3]));
    }

    @Test
    void valueInfoIsAFloatTensorTypeWithFixedDims() {
        // ValueInfoProto{name=1 "x", type=2 TypeProto{tensor_type=1 {elem_type=1 FLOAT, shape=2 {dim=1 {dim_value=1}...}}}}
        String shape = "0a 02 08 02 0a 02 08 03";
        String tensorType = "08 01 12 08" + shape;
        String type = "0a 0c" + tensorType;
        assertArrayEquals(hex("0a 01 78 12 0e" + type),
                OnnxModelWriter.valueInfo(new ValueInfo("x", 2, 3)).toByteArray());
    }

    @Test
    void nodeOmitsTheDefaultDomain() {
        // input = 1, output = 2, name = 3, op_type = 4; domain = 7 only when not ""
        byte[] standard = OnnxModelWriter.node(new Node("n", "Add", "", List.of("x", "y"), List.of("z"), List.of()))
                .toByteArray();
        assertArrayEquals(hex("0a 01 78 0a 01 79 12 01 7a 1a 01 6e 22 03" + ascii("Add")), standard);
        byte[] contrib = OnnxModelWriter.node(new Node("n", "Gelu", "com.microsoft", List.of("x"), List.of("z"),
                List.of())).toByteArray();
        assertArrayEquals(hex("0a 01 78 12 01 7a 1a 01 6e 22 04" + ascii("Gelu") + "3a 0d" + ascii("com.microsoft")),
                contrib);
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
