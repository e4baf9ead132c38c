package io.github.ffmblas.bench.decode;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import ai.onnxruntime.OrtSession.SessionOptions;
import io.github.ffmblas.bench.onnx.OnnxModelWriter;
import io.github.ffmblas.bench.onnx.OnnxModelWriter.Attribute;
import io.github.ffmblas.bench.onnx.OnnxModelWriter.Graph;
import io.github.ffmblas.bench.onnx.OnnxModelWriter.Initializer;
import io.github.ffmblas.bench.onnx.OnnxModelWriter.Model;
import io.github.ffmblas.bench.onnx.OnnxModelWriter.Node;
import io.github.ffmblas.bench.onnx.OnnxModelWriter.OpsetImport;
import io.github.ffmblas.bench.onnx.OnnxModelWriter.ValueInfo;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * ONNX Runtime's decode step with a key/value cache: one new token {@code x [1, 1, d]} and the past keys and values
 * {@code [1, H, t-1, depth]} (ORT's BNSH layout) into {@code MatMul} by Wq^T, Wk^T, Wv^T, its contrib
 * {@code com.microsoft.MultiHeadAttention} with the packed in-projection bias and {@code past_key}/{@code past_value}
 * (which concatenates them with the new token's into {@code present_key}/{@code present_value} [1, H, t, depth] and
 * attends over those), then {@code MatMul + Add} for the output projection. Inputs and all three outputs are tensors
 * over our own native memory, made once, so a step is one {@code session.run} with no copy on the Java side.
 */
final class OrtDecodeStep implements AutoCloseable {
    private static final String MS = "com.microsoft";

    private final Arena arena = Arena.ofShared();
    private final SessionOptions options;
    private final OrtSession session;
    private final Map<String, OnnxTensor> inputs = new LinkedHashMap<>();
    private final Map<String, OnnxTensor> outputs = new LinkedHashMap<>();
    private final MemorySegment out;
    private final MemorySegment pastKey;
    private final MemorySegment pastValue;

    /**
     * @param inProj  PyTorch's in_proj_weight {@code [3d, d]}, row-major; {@code inBias [3d]}
     * @param outProj out_proj.weight {@code [d, d]}; {@code outBias [d]}
     */
    OrtDecodeStep(int d, int heads, int past, int threads, float[] inProj, float[] inBias, float[] outProj,
                  float[] outBias, MemorySegment x) throws OrtException {
        int depth = d / heads;
        Graph graph = new Graph("decode_step",
                List.of(new Node("q_proj", "MatMul", "", List.of("x", "wq_t"), List.of("q"), List.of()),
                        new Node("k_proj", "MatMul", "", List.of("x", "wk_t"), List.of("k"), List.of()),
                        new Node("v_proj", "MatMul", "", List.of("x", "wv_t"), List.of("v"), List.of()),
                        new Node("attention", "MultiHeadAttention", MS,
                                List.of("q", "k", "v", "bias", "", "", "past_key", "past_value"),
                                List.of("context", "present_key", "present_value"),
                                List.of(Attribute.ofInt("num_heads", heads))),
                        new Node("out_matmul", "MatMul", "", List.of("context", "wo_t"), List.of("projected"),
                                List.of()),
                        new Node("out_add", "Add", "", List.of("projected", "bo"), List.of("output"), List.of())),
                List.of(new Initializer("wq_t", new long[] {d, d}, transposedRows(inProj, 0, d)),
                        new Initializer("wk_t", new long[] {d, d}, transposedRows(inProj, d, d)),
                        new Initializer("wv_t", new long[] {d, d}, transposedRows(inProj, 2 * d, d)),
                        new Initializer("bias", new long[] {3L * d}, inBias),
                        new Initializer("wo_t", new long[] {d, d}, OnnxModelWriter.transpose(outProj, d, d)),
                        new Initializer("bo", new long[] {d}, outBias)),
                List.of(new ValueInfo("x", 1, 1, d), new ValueInfo("past_key", 1, heads, past, depth),
                        new ValueInfo("past_value", 1, heads, past, depth)),
                List.of(new ValueInfo("output", 1, 1, d), new ValueInfo("present_key", 1, heads, past + 1, depth),
                        new ValueInfo("present_value", 1, heads, past + 1, depth)));
        byte[] model = OnnxModelWriter.write(new Model(OnnxModelWriter.IR_VERSION,
                List.of(new OpsetImport("", 17), new OpsetImport(MS, 1)), "ffmblas-bench", graph));
        OrtEnvironment env = OrtEnvironment.getEnvironment();
        SessionOptions opts = new SessionOptions();
        OrtSession s = null;
        try {
            opts.setIntraOpNumThreads(threads);
            opts.setInterOpNumThreads(1);
            opts.setExecutionMode(SessionOptions.ExecutionMode.SEQUENTIAL);
            opts.setOptimizationLevel(SessionOptions.OptLevel.ALL_OPT);
            s = env.createSession(model, opts);
            long pastFloats = (long) heads * past * depth;
            pastKey = arena.allocate(Math.max(1, pastFloats) * Float.BYTES, 64);
            pastValue = arena.allocate(Math.max(1, pastFloats) * Float.BYTES, 64);
            out = arena.allocate((long) d * Float.BYTES, 64);
            long presentFloats = (long) heads * (past + 1) * depth;
            MemorySegment presentKey = arena.allocate(presentFloats * Float.BYTES, 64);
            MemorySegment presentValue = arena.allocate(presentFloats * Float.BYTES, 64);
            inputs.put("x", tensor(env, x, 1, 1, d));
            inputs.put("past_key", tensor(env, pastKey, 1, heads, past, depth));
            inputs.put("past_value", tensor(env, pastValue, 1, heads, past, depth));
            outputs.put("output", tensor(env, out, 1, 1, d));
            outputs.put("present_key", tensor(env, presentKey, 1, heads, past + 1, depth));
            outputs.put("present_value", tensor(env, presentValue, 1, heads, past + 1, depth));
        } catch (OrtException | RuntimeException e) {
            inputs.values().forEach(OnnxTensor::close);
            outputs.values().forEach(OnnxTensor::close);
            if (s != null) {
                s.close();
            }
            opts.close();
            arena.close();
            throw e;
        }
        options = opts;
        session = s;
    }

    /** Sets the past keys and values, each {@code [H, t-1, depth]} floats (BNSH, as ffmblas's cache holds them). */
    void setPast(float[] keys, float[] values) {
        MemorySegment.copy(keys, 0, pastKey, ValueLayout.JAVA_FLOAT, 0, keys.length);
        MemorySegment.copy(values, 0, pastValue, ValueLayout.JAVA_FLOAT, 0, values.length);
    }

    void run() throws OrtException {
        session.run(inputs, outputs).close();
    }

    float[] output() {
        return out.toArray(ValueLayout.JAVA_FLOAT);
    }

    @Override
    public void close() throws OrtException {
        inputs.values().forEach(OnnxTensor::close);
        outputs.values().forEach(OnnxTensor::close);
        session.close();
        options.close();
        arena.close();
    }

    private static OnnxTensor tensor(OrtEnvironment env, MemorySegment s, long... shape) throws OrtException {
        return OnnxTensor.createTensor(env, s.asByteBuffer().order(ByteOrder.nativeOrder()).asFloatBuffer(), shape);
    }

    private static float[] transposedRows(float[] m, int first, int d) {
        return OnnxModelWriter.transpose(Arrays.copyOfRange(m, first * d, (first + d) * d), d, d);
    }
}
