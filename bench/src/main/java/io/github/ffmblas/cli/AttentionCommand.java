package io.github.ffmblas.cli;

import io.github.ffmblas.attention.AttentionOptions;
import io.github.ffmblas.attention.AttentionResult;
import io.github.ffmblas.attention.AttentionWeights;
import io.github.ffmblas.attention.MultiHeadAttention;
import io.github.ffmblas.attention.Tensor;
import io.github.ffmblas.attention.Workspace;
import io.github.ffmblas.attention.safetensors.SafeTensorsFile;
import io.github.ffmblas.attention.safetensors.SafeTensorsWriter;
import io.github.ffmblas.bindings.Blas;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.foreign.Arena;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code ffmblas attention --weights W --inputs X --output Y --heads H [--causal] [--no-weights] [--prefix P]
 * [--threads N]}: one multi-head attention forward pass from safetensors files to a safetensors file.
 */
final class AttentionCommand {
    static final String USAGE = "ffmblas attention --weights W.safetensors --inputs X.safetensors --output Y.safetensors"
            + " --heads H [--causal] [--no-weights] [--prefix P] [--threads N]";

    private static final Set<String> VALUE_FLAGS = Set.of("--weights", "--inputs", "--output", "--heads", "--prefix", "--threads");
    private static final Set<String> SWITCHES = Set.of("--causal", "--no-weights");

    private AttentionCommand() {}

    static int run(List<String> args, PrintStream out) throws IOException {
        Arguments a = Arguments.parse(args, VALUE_FLAGS, SWITCHES);
        Path weightsPath = a.requiredPath("--weights");
        Path inputsPath = a.requiredPath("--inputs");
        Path outputPath = a.requiredPath("--output");
        int heads = a.integer("--heads", 1, 1 << 20, -1);
        if (heads < 0) {
            throw new UsageException("missing --heads");
        }
        int threads = a.integer("--threads", 1, 256, 0); // each thread beyond the first is a helper the workspace starts
        String prefix = a.optional("--prefix", "");
        boolean causal = a.has("--causal");
        boolean needWeights = !a.has("--no-weights");
        if (Files.isDirectory(outputPath)) {
            throw new UsageException("--output " + outputPath + " is a directory");
        }
        // Before the forward pass, so a run does not compute a result it cannot keep.
        Path directory = outputPath.toAbsolutePath().getParent();
        if (!Files.isDirectory(directory)) {
            throw new UsageException("--output " + outputPath + ": " + directory
                    + (Files.exists(directory) ? " is not a directory" : " does not exist"));
        }

        long start = System.nanoTime();
        if (threads > 0) {
            // ffmblas splits the forward among the threads, each product on one OpenBLAS thread (whose own
            // workers would only compete for the cores).
            Blas.setNumThreads(1);
        }
        try (SafeTensorsFile weightsFile = open(weightsPath, "--weights");
             SafeTensorsFile inputsFile = open(inputsPath, "--inputs");
             Arena arena = Arena.ofConfined();
             Workspace workspace = Workspace.create(Math.max(1, threads))) {
            Tensor query = inputsFile.find("query").orElseThrow(() ->
                    new UsageException(inputsPath + " has no tensor 'query' (it has: " + names(inputsFile) + ")"));
            Optional<Tensor> key = inputsFile.find("key");
            Optional<Tensor> value = inputsFile.find("value");
            if (key.isPresent() != value.isPresent()) {
                throw new UsageException(inputsPath + " has '" + (key.isPresent() ? "key" : "value")
                        + "' without '" + (key.isPresent() ? "value" : "key") + "': give both, or neither for self-attention");
            }
            if (query.rank() != 3) {
                throw new UsageException("query must be [batch, seq, d_model], got " + Arrays.toString(query.shape()));
            }
            int dModel = query.dim(2);
            AttentionWeights weights = AttentionWeights.load(weightsFile, prefix, arena);
            if (weights.dModel() != dModel) {
                throw new UsageException("the weights are for d_model " + weights.dModel() + " but query has d_model " + dModel);
            }
            MultiHeadAttention attention = new MultiHeadAttention(dModel, heads, weights);
            AttentionOptions options = new AttentionOptions(causal, inputsFile.find("attn_mask").orElse(null),
                    inputsFile.find("key_padding_mask").orElse(null), needWeights);
            AttentionResult result = attention.forward(query, key.orElse(query), value.orElse(query), options,
                    workspace);

            Map<String, Tensor> outputs = new LinkedHashMap<>();
            outputs.put("output", result.output());
            result.attentionWeights().ifPresent(w -> outputs.put("attention_weights", w));
            Map<String, String> metadata = new LinkedHashMap<>();
            metadata.put("heads", Integer.toString(heads));
            metadata.put("causal", Boolean.toString(causal));
            metadata.put("generator", "ffmblas " + Main.version());
            SafeTensorsWriter.write(outputPath, outputs, metadata);
            out.printf("wrote %s: output %s%s (%s attention, %d heads, %.1f ms)%n", outputPath,
                    Arrays.toString(result.output().shape()),
                    result.attentionWeights().map(w -> ", attention_weights " + Arrays.toString(w.shape())).orElse(""),
                    key.isPresent() ? "cross" : "self", heads, (System.nanoTime() - start) / 1e6);
        }
        return 0;
    }

    private static SafeTensorsFile open(Path path, String flag) throws IOException {
        if (!Files.exists(path)) {
            throw new UsageException(flag + " " + path + " does not exist");
        }
        if (!Files.isRegularFile(path) || !Files.isReadable(path)) {
            throw new UsageException(flag + " " + path + " is not a readable file");
        }
        return SafeTensorsFile.open(path);
    }

    private static String names(SafeTensorsFile file) {
        return file.names().isEmpty() ? "no tensors" : String.join(", ", file.names());
    }
}
