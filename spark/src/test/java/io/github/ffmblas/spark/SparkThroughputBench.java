package io.github.ffmblas.spark;

import io.github.ffmblas.attention.AttentionModel;
import io.github.ffmblas.attention.AttentionOptions;
import io.github.ffmblas.attention.Loading;
import io.github.ffmblas.attention.Tensor;
import io.github.ffmblas.attention.Workspace;
import io.github.ffmblas.spark.internal.StageTimes;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Rows per second through {@link AttentionTransformer} on local[2] against the same shapes through
 * {@link AttentionModel} directly on 2 threads (each with its own workspace, OpenBLAS at one thread), in interleaved
 * rounds; and where the Spark run's time goes (packing rows into tensors, the forwards, unpacking the results, and
 * the rest: Spark's scan of the cached input, its row conversion, the noop sink, scheduling).
 *
 * <p>Not part of the test run (tag {@code bench}). Settings, as system properties:
 * {@code bench.shapes} (default {@code 1x128x768x12,16x16x768x12}: rows per forward x sequence length x d_model x
 * heads), {@code bench.rows} (rows per round, default {@code 4096 / L * 16}), {@code bench.rounds} (default 5),
 * {@code bench.partitions} (default 8). The command is in docs/spark.md.
 */
@Tag("bench")
class SparkThroughputBench {

    record Shape(int batch, int length, int dModel, int heads) {
        static Shape parse(String s) {
            int[] v = Arrays.stream(s.trim().split("x")).mapToInt(Integer::parseInt).toArray();
            return new Shape(v[0], v[1], v[2], v[3]);
        }

        @Override
        public String toString() {
            return "B=" + batch + " L=" + length + " d=" + dModel + " H=" + heads;
        }
    }

    private static int intProperty(String name, int fallback) {
        String v = System.getProperty(name);
        return v == null || v.isBlank() ? fallback : Integer.parseInt(v.trim());
    }

    @Test
    void throughput() throws Exception {
        SparkSession spark = TestSpark.session();
        Path dir = Files.createTempDirectory("ffmblas-spark-bench");
        int rounds = intProperty("bench.rounds", 5);
        int partitions = intProperty("bench.partitions", 8);
        System.out.println("bench: " + Runtime.getRuntime().availableProcessors() + " cores, "
                + System.getProperty("java.vm.version") + ", local[2], " + rounds + " rounds, " + partitions
                + " partitions");
        for (String spec : System.getProperty("bench.shapes", "1x128x768x12,16x16x768x12").split(",")) {
            Shape shape = Shape.parse(spec);
            int rows = intProperty("bench.rows", Math.max(2 * shape.batch(), 4096 / shape.length() * 16));
            rows -= rows % (2 * shape.batch()); // whole batches on each of the two direct threads
            run(spark, dir, shape, rows, rounds, partitions);
        }
    }

    private static void run(SparkSession spark, Path dir, Shape shape, int rows, int rounds, int partitions)
            throws Exception {
        Path weights = Sequences.randomWeights(dir, "bench-" + shape.dModel() + ".safetensors", shape.dModel(), "", 1);
        Dataset<Row> input = spark.range(0, rows, 1, partitions).selectExpr("cast(id as int) as id",
                "transform(sequence(0, " + (shape.length() - 1) + "), i -> transform(sequence(0, "
                        + (shape.dModel() - 1) + "), j -> cast(sin(id * 131 + i * 7 + j) as float))) as q").cache();
        input.count();
        AttentionTransformer stage = new AttentionTransformer().setWeightsPath(weights.toString())
                .setHeads(shape.heads()).setQueryCol("q").setBatchSize(shape.batch());
        try (AttentionModel model = AttentionModel.builder(weights, shape.heads()).loading(Loading.COPIED).open()) {
            double[] direct = new double[rounds];
            double[] viaSpark = new double[rounds];
            StageTimes.Snapshot split = new StageTimes.Snapshot(0, 0, 0, 0);
            double sparkSeconds = 0;
            for (int round = -1; round < rounds; round++) { // round -1 warms both up
                double d = directSeconds(model, shape, rows);
                StageTimes.Snapshot before = StageTimes.snapshot();
                long start = System.nanoTime();
                stage.transform(input).write().format("noop").mode("overwrite").save();
                double s = (System.nanoTime() - start) / 1e9;
                if (round >= 0) {
                    direct[round] = rows / d;
                    viaSpark[round] = rows / s;
                    split = add(split, StageTimes.snapshot().minus(before));
                    sparkSeconds += s;
                    System.out.printf(Locale.ROOT, "bench: %s round %d: direct %.1f rows/s, spark %.1f rows/s,"
                            + " ratio %.3f%n", shape, round, direct[round], viaSpark[round], viaSpark[round] / direct[round]);
                }
            }
            double[] ratios = new double[rounds];
            for (int r = 0; r < rounds; r++) {
                ratios[r] = viaSpark[r] / direct[r];
            }
            // Task time is wall time on 2 slots; the stage's timers sum both task threads.
            double taskMs = 2 * sparkSeconds * 1e3 / split.rows();
            double forwardMs = split.forwardNanos() / 1e6 / split.rows();
            double packMs = split.packNanos() / 1e6 / split.rows();
            double unpackMs = split.unpackNanos() / 1e6 / split.rows();
            System.out.printf(Locale.ROOT, "bench: %s, %d rows a round: direct %.1f rows/s, spark %.1f rows/s"
                            + " (medians); spark/direct %.3f (median of per-round ratios, min %.3f, max %.3f)%n",
                    shape, rows, median(direct), median(viaSpark), median(ratios), min(ratios), max(ratios));
            System.out.printf(Locale.ROOT, "bench: %s, per row and task thread: forward %.3f ms, pack %.3f ms,"
                            + " unpack %.3f ms, the rest (Spark: scan, row conversion, sink, scheduling) %.3f ms"
                            + " of %.3f ms%n",
                    shape, forwardMs, packMs, unpackMs, taskMs - forwardMs - packMs - unpackMs, taskMs);
        } finally {
            input.unpersist();
        }
    }

    private static StageTimes.Snapshot add(StageTimes.Snapshot a, StageTimes.Snapshot b) {
        return new StageTimes.Snapshot(a.packNanos() + b.packNanos(), a.forwardNanos() + b.forwardNanos(),
                a.unpackNanos() + b.unpackNanos(), a.rows() + b.rows());
    }

    /** {@code rows} rows as forwards of {@code shape.batch()} rows, half on each of two threads; seconds. */
    private static double directSeconds(AttentionModel model, Shape shape, int rows) throws Exception {
        int forwardsPerThread = rows / 2 / shape.batch();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Callable<Void>> work = new ArrayList<>();
            for (int t = 0; t < 2; t++) {
                long seed = t;
                work.add(() -> {
                    try (Arena arena = Arena.ofConfined(); Workspace workspace = Workspace.create()) {
                        int n = shape.batch() * shape.length() * shape.dModel();
                        Tensor x = Tensor.copyOf(arena, Sequences.gaussian(new Random(seed), n, 1f), shape.batch(),
                                shape.length(), shape.dModel());
                        Tensor out = Tensor.allocate(arena, shape.batch(), shape.length(), shape.dModel());
                        AttentionOptions options = AttentionOptions.DEFAULTS.withNeedWeights(false);
                        for (int i = 0; i < forwardsPerThread; i++) {
                            model.forward(x, x, x, options, workspace, out, null);
                        }
                    }
                    return null;
                });
            }
            long start = System.nanoTime();
            for (Future<Void> f : pool.invokeAll(work)) {
                f.get();
            }
            return (System.nanoTime() - start) / 1e9;
        } finally {
            pool.shutdown();
        }
    }

    /**
     * The batching choice, measured on the attention API alone: {@code batch} sequences of random lengths in
     * [{@code bench.minLength}, {@code bench.maxLength}] as one forward padded to the longest with a key-padding
     * mask, against one forward per distinct length (what grouping by length does with a batch's rows).
     */
    @Test
    void paddingVersusGrouping() throws IOException {
        int d = intProperty("bench.dModel", 768);
        int heads = intProperty("bench.heads", 12);
        int batch = intProperty("bench.batch", 16);
        int minLength = intProperty("bench.minLength", 8);
        int maxLength = intProperty("bench.maxLength", 32);
        int rounds = intProperty("bench.rounds", 5);
        int batches = intProperty("bench.batches", 20);
        Path dir = Files.createTempDirectory("ffmblas-spark-bench");
        Path weights = Sequences.randomWeights(dir, "grouping.safetensors", d, "", 2);
        Random random = new Random(3);
        try (AttentionModel model = AttentionModel.builder(weights, heads).loading(Loading.COPIED).open();
             Arena arena = Arena.ofConfined(); Workspace workspace = Workspace.create()) {
            int[][] lengths = new int[batches][batch];
            for (int[] l : lengths) {
                for (int b = 0; b < batch; b++) {
                    l[b] = minLength + random.nextInt(maxLength - minLength + 1);
                }
            }
            Tensor big = Tensor.copyOf(arena, Sequences.gaussian(random, batch * maxLength * d, 1f), batch, maxLength, d);
            Tensor out = Tensor.allocate(arena, batch, maxLength, d);
            double[] padded = new double[rounds];
            double[] grouped = new double[rounds];
            for (int round = -1; round < rounds; round++) {
                long start = System.nanoTime();
                long tokensPadded = 0;
                for (int[] l : lengths) {
                    int lmax = Arrays.stream(l).max().orElseThrow();
                    boolean[] mask = new boolean[batch * lmax];
                    for (int b = 0; b < batch; b++) {
                        for (int j = l[b]; j < lmax; j++) {
                            mask[b * lmax + j] = true;
                        }
                    }
                    Tensor x = view(big, batch, lmax, d);
                    model.forward(x, x, x, AttentionOptions.DEFAULTS.withNeedWeights(false)
                            .withKeyPaddingMask(Tensor.copyOf(arena, mask, batch, lmax)), workspace, view(out, batch,
                            lmax, d), null);
                    tokensPadded += (long) batch * lmax;
                }
                long middle = System.nanoTime();
                for (int[] l : lengths) {
                    int[] sorted = l.clone();
                    Arrays.sort(sorted);
                    for (int i = 0; i < batch; ) {
                        int j = i;
                        while (j < batch && sorted[j] == sorted[i]) {
                            j++;
                        }
                        Tensor x = view(big, j - i, sorted[i], d);
                        model.forward(x, x, x, AttentionOptions.DEFAULTS.withNeedWeights(false), workspace,
                                view(out, j - i, sorted[i], d), null);
                        i = j;
                    }
                }
                long end = System.nanoTime();
                if (round >= 0) {
                    padded[round] = (middle - start) / 1e6 / (batches * batch);
                    grouped[round] = (end - middle) / 1e6 / (batches * batch);
                    System.out.printf(Locale.ROOT, "bench: padding vs grouping round %d: padded %.3f ms/row, grouped"
                            + " %.3f ms/row (padding adds %.0f%% tokens)%n", round, padded[round], grouped[round],
                            100.0 * tokensPadded / Arrays.stream(lengths).flatMapToInt(Arrays::stream).sum() - 100);
                }
            }
            System.out.printf(Locale.ROOT, "bench: padding vs grouping, d=%d H=%d, %d rows a batch, lengths %d-%d:"
                            + " padded %.3f ms/row, grouped %.3f ms/row (medians of %d rounds)%n", d, heads, batch,
                    minLength, maxLength, median(padded), median(grouped), rounds);
        }
    }

    /** The first {@code [b, l, d]} elements of {@code t} as a tensor. */
    private static Tensor view(Tensor t, int b, int l, int d) {
        return Tensor.of(t.segment().asSlice(0, (long) b * l * d * Float.BYTES), b, l, d);
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    private static double min(double[] v) {
        return Arrays.stream(v).min().orElse(Double.NaN);
    }

    private static double max(double[] v) {
        return Arrays.stream(v).max().orElse(Double.NaN);
    }
}
