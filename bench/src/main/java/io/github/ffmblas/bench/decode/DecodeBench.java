package io.github.ffmblas.bench.decode;

import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import io.github.ffmblas.attention.AttentionModel;
import io.github.ffmblas.attention.AttentionOptions;
import io.github.ffmblas.attention.AttentionWeights;
import io.github.ffmblas.attention.Backend;
import io.github.ffmblas.attention.KeyValueCache;
import io.github.ffmblas.attention.Loading;
import io.github.ffmblas.attention.StepOptions;
import io.github.ffmblas.attention.Tensor;
import io.github.ffmblas.attention.Workspace;
import io.github.ffmblas.attention.safetensors.SafeTensorsWriter;
import io.github.ffmblas.bench.Environment;
import io.github.ffmblas.bench.Interleaved;
import io.github.ffmblas.bindings.Blas;
import io.github.ffmblas.cli.Subcommand;
import io.github.ffmblas.cli.UsageException;
import io.github.ffmblas.nativelib.OpenBlasLibrary;
import java.io.PrintWriter;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Per-token latency of incremental decoding at batch 1: one new token over a cache of {@code t - 1} tokens (so it
 * attends over t keys), for each model size, cache length and thread count, against the full causal forward over the
 * t tokens recomputed each step, ONNX Runtime's decode step with past key/value ({@link OrtDecodeStep}), and the
 * memory-bandwidth floor: the bytes a step must read (the four projection matrices and biases, the cached keys and
 * values) divided by the streaming read rate measured in the same rounds (sasum over 256 MiB, split over the same
 * threads). Everything takes turns in interleaved rounds ({@link Interleaved}); ratios are medians of per-round
 * ratios. Before timing, each group checks that the three agree on the step's output, and measures the heap the
 * ffmblas step allocates.
 */
@Command(name = "bench-decode", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Per-token decode latency over a KeyValueCache at B=1 against the full forward recomputed,"
                + " ONNX Runtime with past key/value and the memory-bandwidth floor, interleaved rounds.")
public final class DecodeBench implements Subcommand {
    private static final long STREAM_BYTES = 256L << 20;

    @Spec
    private CommandSpec spec;

    @Option(names = "--lengths", split = ",", paramLabel = "T", defaultValue = "128,512,2048",
            description = "cache lengths: keys attended by the new token (default ${DEFAULT-VALUE})")
    private List<Integer> lengths;
    @Option(names = "--models", split = ",", paramLabel = "DxH", defaultValue = "768x12,1024x16",
            description = "d_model x heads (default ${DEFAULT-VALUE})")
    private List<String> models;
    @Option(names = "--threads", split = ",", paramLabel = "N", defaultValue = "1,2",
            description = "threads per step: the workspace's, ONNX Runtime's intra-op, the stream read's")
    private List<Integer> threads;
    @Option(names = "--impls", split = ",", paramLabel = "NAME", defaultValue = "ffmblas,forward,onnxruntime",
            description = "among ffmblas, forward, onnxruntime (the floor is always measured)")
    private List<String> impls;
    @Option(names = "--rounds", defaultValue = "9", description = "interleaved rounds per group")
    private int rounds;
    @Option(names = "--batch-ms", defaultValue = "200", description = "each round's batch of steps lasts at least this")
    private long batchMs;
    @Option(names = "--warmup-ms", defaultValue = "1000", description = "warm-up per implementation and group")
    private long warmupMs;
    @Option(names = "--quick", description = "3 rounds, 20 ms batches, 100 ms warm-up: a smoke run")
    private boolean quick;
    @Option(names = "--out", paramLabel = "DIR", description = "write report.md and results.csv here")
    private Path out;
    @Option(names = "--seed", defaultValue = "42", description = "seed of the weights and tokens")
    private long seed;

    /** One group's figures: medians of per-call times (ns) and of per-round ratios. */
    record Row(int d, int heads, int length, int threads, Map<String, Double> nanos, double floorNanos,
               double ratioOrt, double ratioFloor, double ratioForward, double streamGBs, double stepGBs,
               double diffForward, double diffOrt, double bytesPerStep) {}

    @Override
    public Integer call() throws Exception {
        if (quick) {
            rounds = 3;
            batchMs = 20;
            warmupMs = 100;
        }
        List<int[]> sizes = new ArrayList<>();
        for (String m : models) {
            String[] p = m.strip().split("x");
            try {
                int d = Integer.parseInt(p[0]);
                int h = Integer.parseInt(p[1]);
                if (p.length != 2 || d < 1 || h < 1 || d % h != 0 || d > 8192) {
                    throw new NumberFormatException();
                }
                sizes.add(new int[] {d, h});
            } catch (RuntimeException e) {
                throw new UsageException("--models: '" + m + "' must be DxH with H dividing D (D <= 8192)");
            }
        }
        for (int t : lengths) {
            if (t < 2 || t > 65536) {
                throw new UsageException("--lengths: " + t + " is outside 2..65536");
            }
        }
        for (int n : threads) {
            if (n < 1 || n > 64) {
                throw new UsageException("--threads: " + n + " is outside 1..64");
            }
        }
        for (String i : impls) {
            if (!List.of("ffmblas", "forward", "onnxruntime").contains(i)) {
                throw new UsageException("--impls: unknown '" + i + "' (ffmblas, forward, onnxruntime)");
            }
        }
        if (rounds < 1 || batchMs < 1 || warmupMs < 0) {
            throw new UsageException("--rounds and --batch-ms must be >= 1, --warmup-ms >= 0");
        }
        PrintWriter console = spec.commandLine().getOut();
        OpenBlasLibrary.load();
        Blas.setNumThreads(1); // each product on the thread that calls it; the workspace's threads split a step
        Map<String, String> env = new LinkedHashMap<>(Environment.capture(List.of()).values());
        env.remove("batched_sgemm");
        if (impls.contains("onnxruntime")) {
            env.put("onnxruntime", "ONNX Runtime " + OrtEnvironment.getEnvironment().getVersion() + " (CPU): MatMul"
                    + " q/k/v, com.microsoft.MultiHeadAttention with past_key/past_value [1,H,t-1,depth] (BNSH),"
                    + " MatMul+Add; intra-op threads = the row's, inputs and present_* outputs pinned");
        }
        env.put("ffmblas", "AttentionModel (COPIED, OPENBLAS), decode of one token over a KeyValueCache of t-1"
                + " then truncate(1), Workspace.create(threads), OpenBLAS at 1 thread");
        env.put("forward", "the same model's causal forward over all t tokens, weights not returned: the step"
                + " recomputed without a cache");
        env.put("floor", "(4 d^2 + 4 d + 2 t d) floats / the streaming read rate (sasum over 256 MiB, split over the"
                + " row's threads) of the same rounds");
        env.forEach((k, v) -> console.printf("  %-22s %s%n", k, v));
        console.println();
        console.println(header());
        console.flush();

        List<Row> rows = new ArrayList<>();
        try (Arena shared = Arena.ofShared(); StreamRead stream = new StreamRead(shared, threads)) {
            for (int[] size : sizes) {
                Random random = new Random(seed + size[0]);
                Path file = Files.createTempFile("ffmblas-bench-decode", ".safetensors");
                try {
                    Weights w = Weights.random(shared, random, size[0]);
                    SafeTensorsWriter.write(file, w.tensors(), Map.of());
                    try (AttentionModel model = AttentionModel.builder(file, size[1]).loading(Loading.COPIED)
                            .backend(Backend.OPENBLAS).open()) {
                        for (int t : lengths) {
                            for (int n : threads) {
                                Row row = group(model, w, t, n, stream, random);
                                rows.add(row);
                                console.println(line(row));
                                console.flush();
                            }
                        }
                    }
                } finally {
                    Files.deleteIfExists(file);
                }
            }
        }
        if (out != null) {
            Files.createDirectories(out);
            Files.writeString(out.resolve("report.md"), markdown(env, rows));
            Files.writeString(out.resolve("results.csv"), csv(rows));
            console.println("wrote " + out.resolve("report.md") + ", " + out.resolve("results.csv"));
        }
        return 0;
    }

    private Row group(AttentionModel model, Weights w, int t, int n, StreamRead stream, Random random)
            throws OrtException {
        int d = model.dModel();
        int heads = model.numHeads();
        try (Arena arena = Arena.ofConfined(); Workspace workspace = Workspace.create(n);
             KeyValueCache cache = KeyValueCache.allocate(model, 1, t)) {
            float[] tokens = new float[t * d];
            for (int i = 0; i < tokens.length; i++) {
                tokens[i] = (float) random.nextGaussian();
            }
            Tensor sequence = Tensor.copyOf(arena, tokens, 1, t, d);
            Tensor prompt = Tensor.of(sequence.segment().asSlice(0, (long) (t - 1) * d * Float.BYTES), 1, t - 1, d);
            Tensor x = Tensor.of(arena.allocate((long) d * Float.BYTES, 64), 1, 1, d);
            MemorySegment.copy(sequence.segment(), (long) (t - 1) * d * Float.BYTES, x.segment(), 0,
                    (long) d * Float.BYTES);
            model.decode(prompt, prompt, prompt, cache, StepOptions.DEFAULTS, workspace,
                    Tensor.allocate(arena, 1, t - 1, d), null);
            Tensor stepOut = Tensor.allocate(arena, 1, 1, d);
            Tensor forwardOut = Tensor.allocate(arena, 1, t, d);
            AttentionOptions causal = AttentionOptions.DEFAULTS.withCausal(true).withNeedWeights(false);
            Runnable step = () -> {
                model.decode(x, x, x, cache, StepOptions.DEFAULTS, workspace, stepOut, null);
                cache.truncate(1);
            };
            Runnable forward = () -> model.forward(sequence, sequence, sequence, causal, workspace, forwardOut, null);
            step.run();
            forward.run();
            float[] got = stepOut.toFloatArray();
            float[] all = forwardOut.toFloatArray();
            double diffForward = 0;
            for (int c = 0; c < d; c++) {
                diffForward = Math.max(diffForward, Math.abs(got[c] - all[(t - 1) * d + c]));
            }
            double diffOrt = Double.NaN;
            Map<String, Runnable> calls = new LinkedHashMap<>();
            calls.put("ffmblas", step);
            if (impls.contains("forward")) {
                calls.put("forward", forward);
            }
            calls.put("stream", () -> stream.read(n));
            OrtDecodeStep ort = null;
            try {
                if (impls.contains("onnxruntime")) {
                    ort = new OrtDecodeStep(d, heads, t - 1, n, w.inProj(), w.inBias(), w.outProj(), w.outBias(),
                            x.segment());
                    ort.setPast(past(cache.keys(), t - 1), past(cache.values(), t - 1));
                    ort.run();
                    float[] o = ort.output();
                    diffOrt = 0;
                    for (int c = 0; c < d; c++) {
                        diffOrt = Math.max(diffOrt, Math.abs(got[c] - o[c]));
                    }
                    OrtDecodeStep session = ort;
                    calls.put("onnxruntime", () -> {
                        try {
                            session.run();
                        } catch (OrtException e) {
                            throw new IllegalStateException(e);
                        }
                    });
                }
                Map<String, double[]> nanos = Interleaved.measure(calls, rounds, batchMs * 1_000_000L,
                        warmupMs * 1_000_000L);
                double bytesPerStep = allocatedPerStep(step, 1000);
                long stepBytes = (4L * d * d + 4L * d + 2L * t * d) * Float.BYTES;
                double[] stream0 = nanos.get("stream");
                double[] floor = new double[rounds];
                for (int r = 0; r < rounds; r++) {
                    floor[r] = stepBytes * stream0[r] / STREAM_BYTES;
                }
                Map<String, Double> medians = new LinkedHashMap<>();
                nanos.forEach((k, v) -> medians.put(k, Interleaved.median(v)));
                double[] ours = nanos.get("ffmblas");
                return new Row(d, heads, t, n, medians, Interleaved.median(floor),
                        nanos.containsKey("onnxruntime") ? Interleaved.ratio(ours, nanos.get("onnxruntime")) : Double.NaN,
                        Interleaved.ratio(ours, floor),
                        nanos.containsKey("forward") ? Interleaved.ratio(nanos.get("forward"), ours) : Double.NaN,
                        STREAM_BYTES / medians.get("stream"), stepBytes / medians.get("ffmblas"), diffForward,
                        diffOrt, bytesPerStep);
            } finally {
                if (ort != null) {
                    ort.close();
                }
            }
        }
    }

    /** The first {@code past} rows of each head of a cache's {@code [1, H, maxLength, depth]} keys or values. */
    private static float[] past(Tensor cached, int past) {
        int heads = cached.dim(1);
        int maxLength = cached.dim(2);
        int depth = cached.dim(3);
        float[] all = cached.toFloatArray();
        float[] rows = new float[heads * past * depth];
        for (int h = 0; h < heads; h++) {
            System.arraycopy(all, h * maxLength * depth, rows, h * past * depth, past * depth);
        }
        return rows;
    }

    /** Heap bytes a step allocates, on the caller and the workspace's helpers, over {@code steps} steps. */
    private static double allocatedPerStep(Runnable step, int steps) {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long[] ids = Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t == Thread.currentThread() || t.getName().startsWith("ffmblas-team-"))
                .mapToLong(Thread::threadId).toArray();
        long before = sum(mx.getThreadAllocatedBytes(ids));
        for (int i = 0; i < steps; i++) {
            step.run();
        }
        return (sum(mx.getThreadAllocatedBytes(ids)) - before) / (double) steps;
    }

    private static long sum(long[] values) {
        long s = 0;
        for (long v : values) {
            s += v;
        }
        return s;
    }

    private static String header() {
        return String.format(Locale.ROOT, "%-9s %6s %3s %10s %10s %10s %10s %8s %8s %9s %8s %8s %9s %9s %7s",
                "model", "t", "thr", "ffmblas_us", "ort_us", "forward_us", "floor_us", "vs_ort", "vs_floor",
                "fwd/step", "read_GBs", "step_GBs", "d_fwd", "d_ort", "B/step");
    }

    private static String line(Row r) {
        return String.format(Locale.ROOT, "%-9s %6d %3d %10.1f %10.1f %10.1f %10.1f %8.2f %8.2f %9.1f %8.1f %8.1f"
                        + " %9.1e %9.1e %7.2f",
                r.d() + "x" + r.heads(), r.length(), r.threads(), us(r.nanos().get("ffmblas")),
                us(r.nanos().get("onnxruntime")), us(r.nanos().get("forward")), r.floorNanos() / 1e3, r.ratioOrt(),
                r.ratioFloor(), r.ratioForward(), r.streamGBs(), r.stepGBs(), r.diffForward(), r.diffOrt(),
                r.bytesPerStep());
    }

    private static double us(Double nanos) {
        return nanos == null ? Double.NaN : nanos / 1e3;
    }

    private String markdown(Map<String, String> env, List<Row> rows) {
        StringBuilder b = new StringBuilder("# Decode latency: one token over a KeyValueCache, B=1\n\n");
        b.append("Command: `./ffmblas ").append(String.join(" ", spec.commandLine().getParseResult().originalArgs()))
                .append("`; ").append(rounds).append(" interleaved rounds, ratios are medians of per-round ratios.\n\n");
        env.forEach((k, v) -> b.append("- ").append(k).append(": ").append(v).append('\n'));
        b.append("\nThe floor is read from memory (256 MiB, past any cache); a step whose weights and cache fit the"
                + " last-level cache (about 12 MB at d=768, t=512) can beat it, since its batch of steps repeats on"
                + " the same bytes. Step GB/s = the step's bytes / its time.\n");
        b.append("\n| d x H | t | threads | ffmblas µs | ORT µs | forward µs | floor µs | ffmblas/ORT | ffmblas/floor |"
                + " forward/ffmblas | read GB/s | step GB/s | heap B/step |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
        for (Row r : rows) {
            b.append(String.format(Locale.ROOT, "| %dx%d | %d | %d | %.1f | %.1f | %.1f | %.1f | %.2f | %.2f | %.1f |"
                            + " %.1f | %.1f | %.2f |%n", r.d(), r.heads(), r.length(), r.threads(),
                    us(r.nanos().get("ffmblas")), us(r.nanos().get("onnxruntime")), us(r.nanos().get("forward")),
                    r.floorNanos() / 1e3, r.ratioOrt(), r.ratioFloor(), r.ratioForward(), r.streamGBs(), r.stepGBs(),
                    r.bytesPerStep()));
        }
        return b.toString();
    }

    private static String csv(List<Row> rows) {
        StringBuilder b = new StringBuilder("d,heads,length,threads,ffmblas_ns,onnxruntime_ns,forward_ns,floor_ns,"
                + "ffmblas_over_ort,ffmblas_over_floor,forward_over_ffmblas,read_gbs,step_gbs,diff_forward,diff_ort,"
                + "heap_bytes_per_step\n");
        for (Row r : rows) {
            b.append(String.format(Locale.ROOT, "%d,%d,%d,%d,%.0f,%.0f,%.0f,%.0f,%.4f,%.4f,%.2f,%.2f,%.2f,%.3g,%.3g,%.2f%n",
                    r.d(), r.heads(), r.length(), r.threads(), r.nanos().get("ffmblas"),
                    r.nanos().getOrDefault("onnxruntime", Double.NaN), r.nanos().getOrDefault("forward", Double.NaN),
                    r.floorNanos(), r.ratioOrt(), r.ratioFloor(), r.ratioForward(), r.streamGBs(), r.stepGBs(),
                    r.diffForward(), r.diffOrt(), r.bytesPerStep()));
        }
        return b.toString();
    }

    /** PyTorch-layout weights, on the heap for ONNX Runtime's graph and as tensors for the model's file. */
    record Weights(float[] inProj, float[] inBias, float[] outProj, float[] outBias, Arena arena, int d) {
        static Weights random(Arena arena, Random random, int d) {
            float scale = (float) (1 / Math.sqrt(d));
            return new Weights(gaussian(random, 3 * d * d, scale), gaussian(random, 3 * d, 0.1f),
                    gaussian(random, d * d, scale), gaussian(random, d, 0.1f), arena, d);
        }

        private static float[] gaussian(Random random, int n, float scale) {
            float[] v = new float[n];
            for (int i = 0; i < n; i++) {
                v[i] = (float) random.nextGaussian() * scale;
            }
            return v;
        }

        Map<String, Tensor> tensors() {
            Map<String, Tensor> t = new LinkedHashMap<>();
            t.put(AttentionWeights.PYTORCH_NAMES.get(0), Tensor.copyOf(arena, inProj, 3 * d, d));
            t.put(AttentionWeights.PYTORCH_NAMES.get(1), Tensor.copyOf(arena, inBias, 3 * d));
            t.put(AttentionWeights.PYTORCH_NAMES.get(2), Tensor.copyOf(arena, outProj, d, d));
            t.put(AttentionWeights.PYTORCH_NAMES.get(3), Tensor.copyOf(arena, outBias, d));
            return t;
        }
    }

    /** A streaming read of 256 MiB (OpenBLAS sasum, memory-bound), split over n threads. */
    static final class StreamRead implements AutoCloseable {
        private final MemorySegment buffer;
        private final ExecutorService helpers;
        private final Future<?>[] pending = new Future<?>[64];
        private volatile float sink;

        StreamRead(Arena arena, List<Integer> threads) {
            buffer = arena.allocate(STREAM_BYTES, 64);
            buffer.fill((byte) 1);
            int most = threads.stream().mapToInt(Integer::intValue).max().orElse(1);
            helpers = most > 1 ? Executors.newFixedThreadPool(most - 1) : null;
        }

        void read(int threads) {
            int floats = (int) (STREAM_BYTES / Float.BYTES);
            int part = floats / threads;
            for (int i = 1; i < threads; i++) {
                long from = (long) i * part;
                pending[i] = helpers.submit(() -> {
                    sink += Blas.sasum(part, buffer, from, 1);
                });
            }
            float s = Blas.sasum(part, buffer, 0, 1);
            for (int i = 1; i < threads; i++) {
                try {
                    pending[i].get();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }
            sink += s;
        }

        @Override
        public void close() {
            if (helpers != null) {
                helpers.shutdownNow();
            }
        }
    }
}
