package io.github.ffmblas.attention;

import io.github.ffmblas.bindings.Blas;
import io.github.ffmblas.bindings.Layout;
import io.github.ffmblas.bindings.Transpose;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Random;

/**
 * Where a one-thread forward ({@code needWeights=false}, OpenBLAS at one thread) spends its time: the projections,
 * the logits and the context products, each with its GFLOP/s, and the rest (softmax, bias, bookkeeping), beside
 * the same JVM's n=1024 sgemm rate and the forward's share of that roofline. Arguments: batch, seq, d_model,
 * heads and optionally forwards per round (default 5), e.g. {@code 1 2048 1024 16 3}; prints four rounds after one
 * of warm-up. Run it with {@code --add-modules jdk.incubator.vector}, as the benchmark does, or the softmax is
 * plain Java.
 */
public final class PhaseProbe {
    private PhaseProbe() {}

    public static void main(String[] args) {
        int batch = Integer.parseInt(args[0]);
        int seq = Integer.parseInt(args[1]);
        int d = Integer.parseInt(args[2]);
        int heads = Integer.parseInt(args[3]);
        int forwards = args.length > 4 ? Integer.parseInt(args[4]) : 5;
        Blas.setNumThreads(1);
        System.out.println(Blas.runtime().config() + "; core " + Blas.runtime().coreName() + "; softmax: "
                + MultiHeadAttention.softmaxImplementation());
        Random random = new Random(6);
        PhaseTimer timer = new PhaseTimer();
        try (Arena arena = Arena.ofConfined(); Workspace workspace = Workspace.create(1)) {
            double rate = sgemmRate(arena);
            MultiHeadAttention mha = new MultiHeadAttention(d, heads, RandomTensors.weights(arena, random, d), timer);
            Tensor x = RandomTensors.gaussian(arena, random, 1f, batch, seq, d);
            Tensor out = Tensor.allocate(arena, batch, seq, d);
            AttentionOptions options = AttentionOptions.DEFAULTS.withNeedWeights(false);
            for (int round = 0; round < 5; round++) { // the first round warms the JIT up and is not printed
                timer.reset();
                long start = System.nanoTime();
                for (int i = 0; i < forwards; i++) {
                    mha.forward(x, x, x, options, workspace, out, null);
                }
                double total = (System.nanoTime() - start) / 1e6 / forwards;
                StringBuilder line = new StringBuilder(String.format("sgemm n=1024 %.0f GFLOP/s | forward %.2f ms, %.0f%% of roofline",
                        rate, total, 100 * timer.totalFlops() / forwards / (rate * 1e6) / total));
                double products = 0;
                for (PhaseTimer.Phase phase : PhaseTimer.Phase.values()) {
                    double ms = timer.nanos(phase) / 1e6 / forwards;
                    products += ms;
                    line.append(String.format(" | %s %.2f ms, %.0f GFLOP/s", phase.name().toLowerCase(), ms,
                            timer.flops(phase) / forwards / ms / 1e6));
                }
                if (round > 0) {
                    System.out.println(line.append(String.format(" | rest %.2f ms", total - products)));
                }
            }
        }
    }

    /** The fastest of 10 n=1024 products, in GFLOP/s. */
    private static double sgemmRate(Arena arena) {
        int n = 1024;
        MemorySegment a = arena.allocate((long) n * n * Float.BYTES, 64);
        MemorySegment b = arena.allocate((long) n * n * Float.BYTES, 64);
        MemorySegment c = arena.allocate((long) n * n * Float.BYTES, 64);
        long best = Long.MAX_VALUE;
        for (int i = 0; i < 10; i++) {
            long start = System.nanoTime();
            Blas.sgemm(Layout.ROW_MAJOR, Transpose.NO_TRANSPOSE, Transpose.NO_TRANSPOSE, n, n, n, 1f, a, 0, n, b, 0, n,
                    0f, c, 0, n);
            best = Math.min(best, System.nanoTime() - start);
        }
        return 2.0 * n * n * n / best;
    }
}
