package io.github.ffmblas.cli;

import io.github.ffmblas.attention.AttentionOptions;
import io.github.ffmblas.attention.AttentionResult;
import io.github.ffmblas.attention.AttentionWeights;
import io.github.ffmblas.attention.KeyValueCache;
import io.github.ffmblas.attention.MultiHeadAttention;
import io.github.ffmblas.attention.StepOptions;
import io.github.ffmblas.attention.Tensor;
import io.github.ffmblas.attention.Workspace;
import io.github.ffmblas.attention.safetensors.SafeTensorsFile;
import io.github.ffmblas.attention.safetensors.SafeTensorsWriter;
import io.github.ffmblas.bindings.Blas;
import java.io.IOException;
import java.io.PrintWriter;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code ffmblas attention}: one multi-head attention forward pass from safetensors files to a safetensors file. */
@Command(name = "attention", mixinStandardHelpOptions = true, sortOptions = false,
        description = "One multi-head attention forward pass from safetensors files to a safetensors file.",
        footer = {"", "Exit codes: 0 success; 2 a problem with the arguments or the files (one line on stderr);"
                + " 1 an internal error (FFMBLAS_DEBUG=1 prints its stack trace)."})
final class AttentionCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Option(names = "--weights", required = true, paramLabel = "W.safetensors",
            description = "PyTorch nn.MultiheadAttention weights (in_proj_weight, in_proj_bias, out_proj.*) or separate"
                    + " q/k/v projections (wq.*, wk.*, wv.*, dense.*); F32, F16 or BF16")
    private Path weightsPath;

    @Option(names = "--inputs", required = true, paramLabel = "X.safetensors",
            description = "query [B, Lq, d]; optionally key and value [B, Lk, d], attn_mask, key_padding_mask")
    private Path inputsPath;

    @Option(names = "--output", required = true, paramLabel = "Y.safetensors",
            description = "output [B, Lq, d] and attention_weights [B, H, Lq, Lk]; written whole or not at all")
    private Path outputPath;

    @Option(names = "--heads", required = true, paramLabel = "H", description = "number of heads; divides d")
    private int heads;

    @Option(names = "--causal", description = "query position i attends to keys j <= i")
    private boolean causal;

    @Option(names = "--no-weights", description = "do not compute or write attention_weights")
    private boolean noWeights;

    @Option(names = "--prefix", paramLabel = "P", defaultValue = "",
            description = "prefix of the weight names, e.g. encoder.layers.0.self_attn.")
    private String prefix;

    @Option(names = "--decode", description = "decode the query's tokens one at a time over a key/value cache, as an"
            + " autoregressive decoder does (causal self-attention: the output is --causal's)")
    private boolean decode;

    @Option(names = "--threads", paramLabel = "N",
            description = "split the forward over N threads, each product on one OpenBLAS thread (absent: one thread,"
                    + " OpenBLAS's own threading)")
    private Integer threadsOption;

    /** For picocli, which sets the fields from the annotated options. */
    AttentionCommand() {}

    /** The command as {@link DirectAttention} parsed it: the options' values, {@code threads} null when absent. */
    AttentionCommand(Path weights, Path inputs, Path output, int heads, boolean causal, boolean noWeights,
                     String prefix, Integer threads) {
        this.weightsPath = weights;
        this.inputsPath = inputs;
        this.outputPath = output;
        this.heads = heads;
        this.causal = causal;
        this.noWeights = noWeights;
        this.prefix = prefix;
        this.threadsOption = threads;
    }

    /** The options' values, to compare two parses of one command line. */
    @Override
    public String toString() {
        return "attention --weights " + weightsPath + " --inputs " + inputsPath + " --output " + outputPath
                + " --heads " + heads + " --causal " + causal + " --no-weights " + noWeights + " --prefix '" + prefix
                + "' --threads " + threadsOption + (decode ? " --decode" : "");
    }

    @Override
    public Integer call() throws IOException {
        return call(spec.commandLine().getOut());
    }

    /** Runs the command, printing its one line to {@code out}; returns the exit code. */
    Integer call(PrintWriter out) throws IOException {
        if (heads < 1 || heads > 1 << 20) {
            throw new UsageException("--heads must be between 1 and " + (1 << 20) + ", got " + heads);
        }
        if (threadsOption != null && (threadsOption < 1 || threadsOption > 256)) {
            throw new UsageException("--threads must be between 1 and 256, got " + threadsOption);
        }
        Map<String, Path> files = new LinkedHashMap<>();
        files.put("--weights", weightsPath);
        files.put("--inputs", inputsPath);
        files.put("--output", outputPath);
        files.forEach((flag, path) -> {
            if (path.toString().isBlank()) {
                throw new UsageException(flag + " needs a file name");
            }
        });
        int threads = threadsOption == null ? 0 : threadsOption; // each thread beyond the first is a helper
        boolean needWeights = !noWeights;
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
            if (decode) {
                for (String name : List.of("key", "value", "attn_mask", "key_padding_mask")) {
                    if (inputsFile.find(name).isPresent()) {
                        throw new UsageException("--decode runs causal self-attention on query alone, but "
                                + inputsPath + " has '" + name + "'");
                    }
                }
            }
            AttentionOptions options = new AttentionOptions(causal, inputsFile.find("attn_mask").orElse(null),
                    inputsFile.find("key_padding_mask").orElse(null), needWeights);
            AttentionResult result = decode ? decode(attention, query, needWeights, workspace, arena)
                    : attention.forward(query, key.orElse(query), value.orElse(query), options, workspace);

            Map<String, Tensor> outputs = new LinkedHashMap<>();
            outputs.put("output", result.output());
            result.attentionWeights().ifPresent(w -> outputs.put("attention_weights", w));
            Map<String, String> metadata = new LinkedHashMap<>();
            metadata.put("heads", Integer.toString(heads));
            metadata.put("causal", Boolean.toString(causal || decode));
            metadata.put("generator", "ffmblas " + Main.version());
            SafeTensorsWriter.write(outputPath, outputs, metadata);
            out.printf("wrote %s: output %s%s (%s attention, %d heads, %.1f ms%s)%n", outputPath,
                    Arrays.toString(result.output().shape()),
                    result.attentionWeights().map(w -> ", attention_weights " + Arrays.toString(w.shape())).orElse(""),
                    decode ? "self" : key.isPresent() ? "cross" : "self", heads, (System.nanoTime() - start) / 1e6,
                    decode ? ", decoded token by token" : "");
        }
        return 0;
    }

    /**
     * The query's tokens decoded one at a time over a key/value cache: each step appends a token's keys and values
     * and attends over the prefix, so the rows are those of the causal forward.
     */
    private static AttentionResult decode(MultiHeadAttention attention, Tensor query, boolean needWeights,
                                          Workspace workspace, Arena arena) {
        int batch = query.dim(0);
        int length = query.dim(1);
        int d = query.dim(2);
        int heads = attention.numHeads();
        Tensor output = Tensor.allocate(arena, batch, length, d);
        Tensor weights = needWeights ? Tensor.allocate(arena, batch, heads, length, length) : null;
        Tensor token = Tensor.allocate(arena, batch, 1, d);
        Tensor out = Tensor.allocate(arena, batch, 1, d);
        Tensor stepWeights = needWeights ? Tensor.allocate(arena, batch, heads, 1, length) : null;
        StepOptions options = StepOptions.DEFAULTS.withNeedWeights(needWeights);
        long row = (long) d * Float.BYTES;
        long weightsRow = (long) length * Float.BYTES;
        try (KeyValueCache cache = KeyValueCache.allocate(attention, batch, length)) {
            for (int t = 0; t < length; t++) {
                for (int b = 0; b < batch; b++) {
                    MemorySegment.copy(query.segment(), ((long) b * length + t) * row, token.segment(), b * row, row);
                }
                attention.decode(token, token, token, cache, options, workspace, out, stepWeights);
                for (int b = 0; b < batch; b++) {
                    MemorySegment.copy(out.segment(), b * row, output.segment(), ((long) b * length + t) * row, row);
                    for (int h = 0; h < heads && needWeights; h++) {
                        long to = (((long) b * heads + h) * length + t) * weightsRow;
                        MemorySegment.copy(stepWeights.segment(), ((long) b * heads + h) * weightsRow,
                                weights.segment(), to, weightsRow);
                    }
                }
            }
        }
        return new AttentionResult(output, Optional.ofNullable(weights));
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
