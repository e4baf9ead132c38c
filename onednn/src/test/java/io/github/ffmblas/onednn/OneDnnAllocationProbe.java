package io.github.ffmblas.onednn;

import io.github.ffmblas.attention.AttentionOptions;
import io.github.ffmblas.attention.AttentionWeights;
import io.github.ffmblas.attention.Gemm;
import io.github.ffmblas.attention.PackedGemm;
import io.github.ffmblas.attention.MultiHeadAttention;
import io.github.ffmblas.attention.Tensor;
import io.github.ffmblas.attention.Workspace;
import java.lang.foreign.Arena;
import java.lang.management.ManagementFactory;
import java.util.Random;

/**
 * A steady-state forward on {@link OneDnnGemm} in a JVM of its own (B=1 L=64 d=128 H=8, the attention module's
 * allocation shape): prints {@code bytes=<heap bytes per forward>}, the least over rounds of 2,000, counted on the
 * calling thread and the workspace's helpers. Rounds go on (at most 30) until one allocates 64 bytes or less: on a
 * loaded machine C2 may compile the forward only after several rounds, and until then C1's code allocates the
 * slices escape analysis would remove (432 and 1,312 bytes at 1 and 2 threads with -XX:TieredStopAtLevel=1).
 * Arguments: the workspace's threads, and {@code packed} to run the projections on {@link PackedGemm} (the heads on
 * oneDNN, as {@code Backend.PACKED_AVX2}) instead of oneDNN.
 */
public final class OneDnnAllocationProbe {
    private OneDnnAllocationProbe() {}

    public static void main(String[] args) {
        int threads = Integer.parseInt(args[0]);
        boolean packed = args.length > 1 && args[1].equals("packed");
        int d = 128;
        int heads = 8;
        var mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        Random random = new Random(1);
        try (Arena arena = Arena.ofConfined(); Workspace workspace = Workspace.create(threads)) {
            AttentionWeights weights = AttentionWeights.ofPyTorch(gaussian(arena, random, 3 * d, d),
                    gaussian(arena, random, 3 * d), gaussian(arena, random, d, d), gaussian(arena, random, d));
            Tensor x = gaussian(arena, random, 1, 64, d);
            Tensor out = Tensor.allocate(arena, 1, 64, d);
            AttentionOptions options = AttentionOptions.DEFAULTS.withNeedWeights(false);
            long least = Long.MAX_VALUE;
            try (AutoCloseable owner = packed ? PackedGemm.forWeights(weights, OneDnnGemm.forWeights(weights))
                    : OneDnnGemm.forWeights(weights)) {
                Gemm gemm = (Gemm) owner;
                MultiHeadAttention mha = new MultiHeadAttention(d, heads, weights, gemm);
                for (int round = 0; round < 30 && least > 64; round++) {
                    long[] ids = Thread.getAllStackTraces().keySet().stream()
                            .filter(t -> t == Thread.currentThread() || t.getName().startsWith("ffmblas-team-"))
                            .mapToLong(Thread::threadId).toArray();
                    long before = sum(mx.getThreadAllocatedBytes(ids));
                    int n = 2000;
                    for (int i = 0; i < n; i++) {
                        mha.forward(x, x, x, options, workspace, out, null);
                    }
                    least = Math.min(least, (sum(mx.getThreadAllocatedBytes(ids)) - before) / n);
                }
            }
            System.out.println("bytes=" + least);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static long sum(long[] values) {
        long s = 0;
        for (long v : values) {
            s += v;
        }
        return s;
    }

    private static Tensor gaussian(Arena arena, Random random, int... shape) {
        int count = 1;
        for (int dim : shape) {
            count *= dim;
        }
        float[] values = new float[count];
        for (int i = 0; i < count; i++) {
            values[i] = (float) random.nextGaussian() * 0.1f;
        }
        return Tensor.copyOf(arena, values, shape);
    }
}
