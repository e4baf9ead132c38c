package io.github.ffmblas.bench.impl;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import ai.onnxruntime.OrtSession.SessionOptions;
import io.github.ffmblas.bench.AttentionProblem;
import io.github.ffmblas.bench.Workload;
import io.github.ffmblas.bench.load.Service;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Map;

/**
 * ONNX Runtime as a service: one {@link OrtSession} (the graph of {@link OnnxRuntimeImplementation}, intra-op
 * threads 1, so that N request threads use N cores, as ffmblas's default policy does) shared by every client;
 * each client reads the shared input tensor and writes a pinned output of its own.
 */
public final class OnnxRuntimeLoadService implements Service {
    private final SessionOptions options;
    private final OrtSession session;
    private final OnnxTensor query;
    private final long[] outShape;

    public OnnxRuntimeLoadService(Workload workload) throws OrtException {
        AttentionProblem p = workload.attention();
        if (!p.selfAttention()) {
            throw new IllegalArgumentException("the load test runs self-attention");
        }
        OrtEnvironment env = OnnxRuntimeImplementation.environment();
        outShape = new long[] {p.batch(), p.queryLength(), p.dModel()};
        options = OnnxRuntimeImplementation.sessionOptions(1);
        OrtSession s = null;
        try {
            s = env.createSession(OnnxRuntimeImplementation.selfAttentionModel(workload), options);
            query = OnnxTensor.createTensor(env, OnnxRuntimeImplementation.floatView(workload.query().segment()),
                    new long[] {p.batch(), p.queryLength(), p.dModel()});
        } catch (OrtException | RuntimeException e) {
            if (s != null) {
                s.close();
            }
            options.close();
            throw e;
        }
        session = s;
    }

    @Override
    public String name() {
        return "onnxruntime";
    }

    @Override
    public Client client() throws OrtException {
        Arena arena = Arena.ofShared();
        long count = outShape[0] * outShape[1] * outShape[2];
        MemorySegment out = arena.allocate(count * Float.BYTES, 64);
        OnnxTensor output = OnnxTensor.createTensor(OnnxRuntimeImplementation.environment(),
                OnnxRuntimeImplementation.floatView(out), outShape);
        Map<String, OnnxTensor> inputs = Map.of("query", query);
        Map<String, OnnxTensor> outputs = Map.of("output", output);
        return new Client() {
            @Override
            public void call() throws OrtException {
                session.run(inputs, outputs).close(); // the output is pinned: closing the result frees nothing we read
            }

            @Override
            public float[] result() {
                return out.toArray(ValueLayout.JAVA_FLOAT);
            }

            @Override
            public void close() {
                output.close();
                arena.close();
            }
        };
    }

    @Override
    public void close() throws OrtException {
        query.close();
        session.close();
        options.close();
    }
}
