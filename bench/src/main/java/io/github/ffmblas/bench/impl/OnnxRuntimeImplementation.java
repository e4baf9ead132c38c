package io.github.ffmblas.bench.impl;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import ai.onnxruntime.OrtSession.SessionOptions;
import ai.onnxruntime.OrtSession.SessionOptions.ExecutionMode;
import ai.onnxruntime.OrtSession.SessionOptions.OptLevel;
import io.github.ffmblas.attention.Tensor;
import io.github.ffmblas.bench.AttentionProblem;
import io.github.ffmblas.bench.Candidate;
import io.github.ffmblas.bench.Implementation;
import io.github.ffmblas.bench.Problem;
import io.github.ffmblas.bench.SgemmProblem;
import io.github.ffmblas.bench.Workload;
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
import java.nio.FloatBuffer;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * ONNX Runtime (the Java API, CPU execution provider, MLAS kernels) as a peer: the same problem written as an ONNX
 * graph built in memory from the workload's weights.
 *
 * <ul>
 *   <li>Self-attention: {@code com.microsoft.Attention} (fused QKV projection, scaled dot-product softmax, per head)
 *       with {@code weights [d, 3d]} = in_proj_weight transposed and {@code bias [3d]}, then {@code MatMul} by
 *       out_proj.weight transposed and {@code Add} out_proj.bias.</li>
 *   <li>Cross-attention (Lq != Lk): three {@code MatMul} projections and {@code com.microsoft.MultiHeadAttention}
 *       with the packed {@code [3d]} in-projection bias, then the same output projection.</li>
 *   <li>Sgemm: one {@code MatMul}, A the input and B an initializer (so ORT may pre-pack B at session creation).</li>
 * </ul>
 *
 * <p>Inputs and outputs are not copied per run: the input {@link OnnxTensor}s are made once over the workload's
 * native memory (direct buffers, which ORT uses in place), and the output is a pre-allocated tensor over our own
 * native memory that ORT writes into (a "pinned" output). {@link Candidate#run()} is one {@code session.run}.
 * Session options: intra-op threads = {@code threads}, inter-op threads 1, sequential execution, all graph
 * optimisations, and {@code session.force_spinning_stop}, ORT's option for sharing a machine: the pool's threads spin
 * during a run as by default but stop when it returns (left spinning, they slowed the next implementation's turn
 * 1.7-2x at two threads; ORT's own times did not move: 3.89-4.05 against 4.05-4.21 ms at L = 128, 14.2-14.5 against
 * 13.9-14.7 ms at B = 8, three runs each on the AVX2 EPYC). Everything else is ORT's default.
 *
 * <p>What ORT 1.22.0 runs (its optimised model, dumped with {@code setOptimizedModelFilePath}): the contrib
 * {@code Attention} / {@code MultiHeadAttention} node stays one fused CPU kernel, and MatMulAddFusion turns the output
 * {@code MatMul + Add} into {@code Reshape -> Gemm(bias) -> Reshape}. Initializers are constants, so ORT may pre-pack
 * the weights (and sgemm's B) once at session creation, which ffmblas, calling sgemm per forward, does not.
 */
public final class OnnxRuntimeImplementation implements Implementation {
    /** ORT's contrib-operator domain. */
    static final String MS_DOMAIN = "com.microsoft";
    /** The standard ("ai.onnx") opset the graphs import: MatMul and Add are unchanged since 13. */
    static final long ONNX_OPSET = 17;
    private static final List<OpsetImport> OPSETS = List.of(new OpsetImport("", ONNX_OPSET), new OpsetImport(MS_DOMAIN, 1));
    private static final String PRODUCER = "ffmblas-bench";

    @Override
    public String name() {
        return "onnxruntime";
    }

    @Override
    public String details() {
        return "ONNX Runtime " + version() + " (CPU): com.microsoft.Attention, then MatMul + Add for the output"
                + " projection; intra-op threads = the row's thread count";
    }

    /** The ONNX Runtime version in use, e.g. {@code 1.22.0}. Loads the native library. */
    public static String version() {
        return environment().getVersion();
    }

    @Override
    public Optional<String> unsupported(Problem problem, int threads) {
        if (threads < 1) {
            return Optional.of("needs at least one thread");
        }
        return Optional.empty();
    }

    @Override
    public Candidate prepare(Workload workload, int threads) throws OrtException {
        return switch (workload.problem()) {
            case AttentionProblem p -> {
                long[] outShape = {p.batch(), p.queryLength(), p.dModel()};
                if (p.selfAttention()) {
                    yield new OrtCandidate(selfAttentionModel(workload), threads,
                            Map.of("query", workload.query()), "output", outShape);
                }
                Map<String, Tensor> inputs = new LinkedHashMap<>();
                inputs.put("query", workload.query());
                inputs.put("key", workload.key());
                yield new OrtCandidate(crossAttentionModel(workload), threads, inputs, "output", outShape);
            }
            case SgemmProblem p -> new OrtCandidate(sgemmModel(workload), threads,
                    Map.of("a", Tensor.of(workload.a(), p.m(), p.k())), "c", new long[] {p.m(), p.n()});
        };
    }

    /**
     * {@code query [B, L, d] -> Attention(weights [d, 3d], bias [3d], num_heads) -> MatMul(Wo^T) -> Add(bo) -> output}.
     * The Attention op computes {@code x·weights + bias} and splits the columns q | k | v, so its weights are
     * PyTorch's in_proj_weight ({@code [3d, d]}, rows Wq; Wk; Wv) transposed.
     */
    static byte[] selfAttentionModel(Workload workload) {
        AttentionProblem p = workload.attention();
        int b = p.batch(), l = p.queryLength(), d = p.dModel();
        Graph graph = new Graph("self_attention",
                List.of(new Node("attention", "Attention", MS_DOMAIN, List.of("query", "weights", "bias"),
                                List.of("context"), List.of(Attribute.ofInt("num_heads", p.heads()))),
                        new Node("out_proj_matmul", "MatMul", "", List.of("context", "out_proj_weight_t"),
                                List.of("projected"), List.of()),
                        new Node("out_proj_add", "Add", "", List.of("projected", "out_proj_bias"), List.of("output"),
                                List.of())),
                List.of(new Initializer("weights", new long[] {d, 3L * d},
                                OnnxModelWriter.transpose(workload.inProjWeight(), 3 * d, d)),
                        new Initializer("bias", new long[] {3L * d}, workload.inProjBias()),
                        outProjWeightT(workload),
                        new Initializer("out_proj_bias", new long[] {d}, workload.outProjBias())),
                List.of(new ValueInfo("query", b, l, d)),
                List.of(new ValueInfo("output", b, l, d)));
        return OnnxModelWriter.write(new Model(OnnxModelWriter.IR_VERSION, OPSETS, PRODUCER, graph));
    }

    /**
     * {@code query [B, Lq, d]}, {@code key [B, Lk, d]} (also the value): {@code MatMul} by Wq^T, Wk^T and Wv^T
     * (no bias), {@code MultiHeadAttention(q, k, v, bias [3d], num_heads)} which adds the packed in-projection bias
     * itself, then the output projection as for self-attention.
     */
    static byte[] crossAttentionModel(Workload workload) {
        AttentionProblem p = workload.attention();
        int b = p.batch(), lq = p.queryLength(), lk = p.keyLength(), d = p.dModel();
        float[] w = workload.inProjWeight();
        Graph graph = new Graph("cross_attention",
                List.of(new Node("q_proj", "MatMul", "", List.of("query", "wq_t"), List.of("q"), List.of()),
                        new Node("k_proj", "MatMul", "", List.of("key", "wk_t"), List.of("k"), List.of()),
                        new Node("v_proj", "MatMul", "", List.of("key", "wv_t"), List.of("v"), List.of()),
                        new Node("attention", "MultiHeadAttention", MS_DOMAIN, List.of("q", "k", "v", "bias"),
                                List.of("context"), List.of(Attribute.ofInt("num_heads", p.heads()))),
                        new Node("out_proj_matmul", "MatMul", "", List.of("context", "out_proj_weight_t"),
                                List.of("projected"), List.of()),
                        new Node("out_proj_add", "Add", "", List.of("projected", "out_proj_bias"), List.of("output"),
                                List.of())),
                List.of(new Initializer("wq_t", new long[] {d, d}, transposedRows(w, 0, d)),
                        new Initializer("wk_t", new long[] {d, d}, transposedRows(w, d, d)),
                        new Initializer("wv_t", new long[] {d, d}, transposedRows(w, 2 * d, d)),
                        new Initializer("bias", new long[] {3L * d}, workload.inProjBias()),
                        outProjWeightT(workload),
                        new Initializer("out_proj_bias", new long[] {d}, workload.outProjBias())),
                List.of(new ValueInfo("query", b, lq, d), new ValueInfo("key", b, lk, d)),
                List.of(new ValueInfo("output", b, lq, d)));
        return OnnxModelWriter.write(new Model(OnnxModelWriter.IR_VERSION, OPSETS, PRODUCER, graph));
    }

    /**
     * {@code a [m, k] -> MatMul(b [k, n]) -> c [m, n]}. B is a constant of the graph, as weights are, so ONNX
     * Runtime may pack it once when the session is created.
     */
    static byte[] sgemmModel(Workload workload) {
        SgemmProblem p = workload.sgemm();
        float[] bValues = Tensor.of(workload.b(), p.k(), p.n()).toFloatArray();
        Graph graph = new Graph("sgemm",
                List.of(new Node("matmul", "MatMul", "", List.of("a", "b"), List.of("c"), List.of())),
                List.of(new Initializer("b", new long[] {p.k(), p.n()}, bValues)),
                List.of(new ValueInfo("a", p.m(), p.k())),
                List.of(new ValueInfo("c", p.m(), p.n())));
        return OnnxModelWriter.write(new Model(OnnxModelWriter.IR_VERSION, List.of(new OpsetImport("", ONNX_OPSET)),
                PRODUCER, graph));
    }

    private static Initializer outProjWeightT(Workload workload) {
        int d = workload.attention().dModel();
        return new Initializer("out_proj_weight_t", new long[] {d, d},
                OnnxModelWriter.transpose(workload.outProjWeight(), d, d));
    }

    /** Rows {@code first .. first+d-1} of a {@code [*, d]} matrix, transposed to {@code [d, d]}. */
    private static float[] transposedRows(float[] m, int first, int d) {
        return OnnxModelWriter.transpose(Arrays.copyOfRange(m, first * d, (first + d) * d), d, d);
    }

    /**
     * The process-wide environment (default name, WARNING logging); never closed: ORT wants one per process, alive
     * until exit. Asking for another name or level once it exists only logs a warning, so we never do.
     */
    static OrtEnvironment environment() {
        return OrtEnvironment.getEnvironment();
    }

    /** A float buffer over {@code segment}'s memory: direct, native order, so ORT reads or writes it in place. */
    static FloatBuffer floatView(MemorySegment segment) {
        return segment.asByteBuffer().order(ByteOrder.nativeOrder()).asFloatBuffer();
    }

    static SessionOptions sessionOptions(int threads) throws OrtException {
        SessionOptions options = new SessionOptions();
        try {
            options.setIntraOpNumThreads(threads);
            options.setInterOpNumThreads(1);
            options.setExecutionMode(ExecutionMode.SEQUENTIAL);
            options.setOptimizationLevel(OptLevel.ALL_OPT);
            // Its threads spin during a run as by default, but stop when it returns: the benchmark times the
            // implementations in turns, and threads left spinning would take a core from the next one's turn.
            options.addConfigEntry("session.force_spinning_stop", "1");
            return options;
        } catch (OrtException | RuntimeException e) {
            options.close();
            throw e;
        }
    }

    /** One session, its input tensors over the workload's memory and its output tensor over ours. */
    static final class OrtCandidate implements Candidate {
        private final Arena arena = Arena.ofShared();
        private final SessionOptions options;
        private final OrtSession session;
        private final Map<String, OnnxTensor> inputs = new LinkedHashMap<>();
        private final Map<String, OnnxTensor> outputs;
        private final MemorySegment out;

        OrtCandidate(byte[] model, int threads, Map<String, Tensor> inputTensors, String outputName, long[] outputShape)
                throws OrtException {
            OrtEnvironment env = environment();
            SessionOptions opts = null;
            OrtSession s = null;
            try {
                opts = sessionOptions(threads);
                s = env.createSession(model, opts);
                for (Map.Entry<String, Tensor> e : inputTensors.entrySet()) {
                    Tensor t = e.getValue();
                    inputs.put(e.getKey(), OnnxTensor.createTensor(env, floatView(t.segment()), longs(t.shape())));
                }
                long count = 1;
                for (long dim : outputShape) {
                    count *= dim;
                }
                out = arena.allocate(count * Float.BYTES, 64);
                outputs = Map.of(outputName, OnnxTensor.createTensor(env, floatView(out), outputShape));
            } catch (OrtException | RuntimeException | Error e) {
                inputs.values().forEach(OnnxTensor::close);
                if (s != null) {
                    s.close();
                }
                if (opts != null) {
                    opts.close();
                }
                arena.close();
                throw e;
            }
            options = opts;
            session = s;
        }

        @Override
        public void run() throws OrtException {
            // The output is pinned: the result does not own it, so closing the result frees nothing we read.
            session.run(inputs, outputs).close();
        }

        @Override
        public float[] result() {
            return out.toArray(ValueLayout.JAVA_FLOAT); // native order, as ORT wrote it
        }

        /** The session, for tests. */
        OrtSession session() {
            return session;
        }

        /** The input tensors by name, for tests. */
        Map<String, OnnxTensor> inputs() {
            return inputs;
        }

        @Override
        public void close() throws OrtException {
            inputs.values().forEach(OnnxTensor::close);
            outputs.values().forEach(OnnxTensor::close);
            session.close();
            options.close();
            arena.close();
        }
    }

    private static long[] longs(int[] shape) {
        long[] l = new long[shape.length];
        for (int i = 0; i < shape.length; i++) {
            l[i] = shape[i];
        }
        return l;
    }
}
