package io.github.ffmblas.attention;

import io.github.ffmblas.bindings.Blas;
import java.lang.foreign.Arena;
import java.util.Arrays;
import java.util.Random;

/**
 * What masks cost: one-thread forwards ({@code needWeights=false}, OpenBLAS at one thread) with no mask, causal,
 * a key padding mask (the last quarter of the keys) and a BOOL attn_mask (the causal pattern as bytes), in
 * rotating order in one JVM; each one's median over five rounds (after one of warm-up) and its time over the
 * unmasked forward's. Arguments: batch, seq, d_model, heads and forwards per round, e.g. {@code 1 512 768 12 10},
 * and {@code weights} to have the attention weights returned (into one reused tensor).
 * Run it with {@code --add-modules jdk.incubator.vector}, as the benchmark does.
 */
public final class MaskProbe {
    private MaskProbe() {}

    public static void main(String[] args) {
        int batch = Integer.parseInt(args[0]);
        int seq = Integer.parseInt(args[1]);
        int d = Integer.parseInt(args[2]);
        int heads = Integer.parseInt(args[3]);
        int forwards = Integer.parseInt(args[4]);
        boolean needWeights = args.length > 5 && args[5].equals("weights");
        Blas.setNumThreads(1);
        System.out.println(Blas.runtime().config() + "; softmax: " + MultiHeadAttention.softmaxImplementation()
                + (needWeights ? "; weights returned" : ""));
        Random random = new Random(6);
        try (Arena arena = Arena.ofConfined(); Workspace workspace = Workspace.create(1)) {
            MultiHeadAttention mha = new MultiHeadAttention(d, heads, RandomTensors.weights(arena, random, d));
            Tensor x = RandomTensors.gaussian(arena, random, 1f, batch, seq, d);
            Tensor out = Tensor.allocate(arena, batch, seq, d);
            Tensor attn = needWeights ? Tensor.allocate(arena, batch, heads, seq, seq) : null;
            boolean[] padding = new boolean[batch * seq];
            for (int b = 0; b < batch; b++) {
                Arrays.fill(padding, b * seq + seq - seq / 4, (b + 1) * seq, true);
            }
            boolean[] later = new boolean[seq * seq];
            for (int i = 0; i < seq; i++) {
                Arrays.fill(later, i * seq + i + 1, (i + 1) * seq, true);
            }
            AttentionOptions none = AttentionOptions.DEFAULTS.withNeedWeights(needWeights);
            AttentionOptions[] options = {none, none.withCausal(true),
                    none.withKeyPaddingMask(Tensor.copyOf(arena, padding, batch, seq)),
                    none.withAttnMask(Tensor.copyOf(arena, later, seq, seq))};
            String[] names = {"no mask", "causal", "key padding, last quarter", "BOOL attn_mask, causal pattern"};
            double[][] ms = new double[options.length][5];
            for (int round = -1; round < 5; round++) {
                for (int i = 0; i < options.length; i++) {
                    int o = (i + Math.max(round, 0)) % options.length;
                    long start = System.nanoTime();
                    for (int f = 0; f < forwards; f++) {
                        mha.forward(x, x, x, options[o], workspace, out, attn);
                    }
                    if (round >= 0) {
                        ms[o][round] = (System.nanoTime() - start) / 1e6 / forwards;
                    }
                }
            }
            double unmasked = median(ms[0]);
            for (int o = 0; o < options.length; o++) {
                System.out.printf("%-31s %8.2f ms, %.2fx no mask's time%n", names[o], median(ms[o]),
                        median(ms[o]) / unmasked);
            }
        }
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
