package io.github.ffmblas.bench.impl;

import io.github.ffmblas.attention.AttentionModel;
import io.github.ffmblas.attention.Backend;
import io.github.ffmblas.attention.AttentionOptions;
import io.github.ffmblas.attention.Loading;
import io.github.ffmblas.attention.Tensor;
import io.github.ffmblas.attention.ThreadPolicy;
import io.github.ffmblas.attention.Workspace;
import io.github.ffmblas.attention.safetensors.SafeTensorsWriter;
import io.github.ffmblas.bench.AttentionProblem;
import io.github.ffmblas.bench.Workload;
import io.github.ffmblas.bench.load.Service;
import io.github.ffmblas.bindings.Blas;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * ffmblas as a service: the workload's weights written to a safetensors file in PyTorch's layout and opened as an
 * {@link AttentionModel} ({@link Loading#MAPPED}), the way the README tells a service to. Each client runs the
 * allocation-free forward with a {@link Workspace} and an output of its own. With {@code openBlasThreads > 0} the
 * model keeps OpenBLAS's threads ({@link ThreadPolicy#KEEP_OPENBLAS_THREADS}) at that count: the set-up the
 * default policy exists to avoid, measured for comparison. The backend is named, not {@code AUTO}.
 */
public final class FfmblasLoadService implements Service {
    private final String name;
    private final Path directory;
    private final AttentionModel model;
    private final Tensor query;
    private final AttentionOptions options = AttentionOptions.DEFAULTS.withNeedWeights(false);
    private final AttentionProblem problem;

    /** {@code name} is the one the reports give it, as the bench's {@code --impls} lists it. */
    public FfmblasLoadService(String name, Workload workload, Backend backend, int openBlasThreads)
            throws IOException {
        this.name = name;
        this.problem = workload.attention();
        if (!problem.selfAttention()) {
            throw new IllegalArgumentException("the load test runs self-attention");
        }
        this.query = workload.query();
        int d = problem.dModel();
        directory = Files.createTempDirectory("ffmblas-load-");
        Path file = directory.resolve("weights.safetensors");
        try (Arena arena = Arena.ofConfined()) {
            Map<String, Tensor> tensors = new LinkedHashMap<>();
            tensors.put("in_proj_weight", Tensor.copyOf(arena, workload.inProjWeight(), 3 * d, d));
            tensors.put("in_proj_bias", Tensor.copyOf(arena, workload.inProjBias(), 3 * d));
            tensors.put("out_proj.weight", Tensor.copyOf(arena, workload.outProjWeight(), d, d));
            tensors.put("out_proj.bias", Tensor.copyOf(arena, workload.outProjBias(), d));
            SafeTensorsWriter.write(file, tensors, Map.of());
        }
        AttentionModel.Builder builder = AttentionModel.builder(file, problem.heads()).loading(Loading.MAPPED)
                .backend(backend);
        if (openBlasThreads > 0) {
            Blas.setNumThreads(openBlasThreads);
            builder.threadPolicy(ThreadPolicy.KEEP_OPENBLAS_THREADS);
        }
        model = builder.open();
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Client client() {
        Arena arena = Arena.ofConfined();
        Workspace workspace = Workspace.create();
        Tensor out = Tensor.allocate(arena, problem.batch(), problem.queryLength(), problem.dModel());
        return new Client() {
            @Override
            public void call() {
                model.forward(query, query, query, options, workspace, out, null);
            }

            @Override
            public float[] result() {
                return out.toFloatArray();
            }

            @Override
            public void close() {
                workspace.close();
                arena.close();
            }
        };
    }

    @Override
    public void close() throws IOException {
        model.close();
        try (var files = Files.list(directory)) {
            for (Path p : (Iterable<Path>) files::iterator) {
                Files.deleteIfExists(p);
            }
        }
        Files.deleteIfExists(directory);
    }
}
