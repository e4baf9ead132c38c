package io.github.ffmblas.attention.internal;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Nanoseconds per logit of one softmax row pass (max, then exp-and-sum), on a 4 MiB block of Gaussian logits
 * like one tile of a long forward, for the Java row kernel this JVM picks, the plain-Java one and, where it runs,
 * the native rows ({@code ffmblas_softmax_rows}, storing each row's 1/sum as a forward does), alternated in one
 * JVM after 3 s of warm-up.
 * Arguments: row lengths, e.g. {@code 128 512 2048}. Run it with {@code --add-modules jdk.incubator.vector}, as
 * the benchmark does, or both kernels are plain Java.
 */
public final class SoftmaxProbe {
    private static final int BLOCK_FLOATS = 1 << 20;

    private SoftmaxProbe() {}

    /** One pass over {@code rows} rows of {@code n} logits; returns something of the result, so it is not dead. */
    private interface Pass {
        double run(MemorySegment block, int rows, int n);
    }

    public static void main(String[] args) {
        RowKernel java = RowKernel.INSTANCE;
        RowKernel scalar = new ScalarRowKernel();
        List<String> names = new ArrayList<>(List.of(java.description(), "plain Java"));
        List<Pass> passes = new ArrayList<>(List.of((b, r, n) -> pass(java, b, r, n), (b, r, n) -> pass(scalar, b, r, n)));
        System.out.println("kernel: " + Softmax.implementation());
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment block = arena.allocate((long) BLOCK_FLOATS * Float.BYTES, 64);
            MemorySegment inverses = arena.allocate((long) BLOCK_FLOATS * Float.BYTES, 64);
            if (Softmax.nativeRows()) {
                names.add("native");
                passes.add((b, r, n) -> {
                    Softmax.nativeRows(b, 0, r, n, n, n, 0, false, null, null, 0, inverses, 0);
                    return inverses.getAtIndex(ValueLayout.JAVA_FLOAT, 0);
                });
            }
            float[] logits = new float[BLOCK_FLOATS];
            Random random = new Random(8);
            for (int i = 0; i < logits.length; i++) {
                logits[i] = (float) random.nextGaussian() * 3;
            }
            int[] lengths = Arrays.stream(args).mapToInt(Integer::parseInt).toArray();
            long warm = System.nanoTime() + 3_000_000_000L; // every length and kernel first, so C2 has settled
            while (System.nanoTime() < warm) {
                for (int n : lengths) {
                    for (Pass pass : passes) {
                        fill(block, logits);
                        pass.run(block, BLOCK_FLOATS / n, n);
                    }
                }
            }
            for (int n : lengths) {
                int rows = BLOCK_FLOATS / n;
                double[][] ns = new double[passes.size()][20];
                for (int round = 0; round < 25; round++) {
                    for (int i = 0; i < passes.size(); i++) {
                        int which = round % 2 == 0 ? i : passes.size() - 1 - i;
                        fill(block, logits);
                        long start = System.nanoTime();
                        double sink = passes.get(which).run(block, rows, n);
                        double perLogit = (System.nanoTime() - start) / (double) BLOCK_FLOATS;
                        if (round >= 5) {
                            ns[which][round - 5] = perLogit;
                        }
                        if (Double.isNaN(sink)) {
                            throw new AssertionError("NaN sum");
                        }
                    }
                }
                StringBuilder line = new StringBuilder("row of " + n + ":");
                for (int i = 0; i < passes.size(); i++) {
                    line.append(String.format(" %s %.3f ns a logit%s", names.get(i), median(ns[i]),
                            i + 1 < passes.size() ? "," : " (medians of 20 rounds)"));
                }
                System.out.println(line);
            }
        }
    }

    /**
     * Fresh logits, then a read of every cache line: the bulk copy can leave the block out of cache (a single pass
     * over rows of 512 then took twice as long), whereas a forward's logits come straight from the GEMM's stores.
     */
    private static void fill(MemorySegment block, float[] logits) {
        MemorySegment.copy(logits, 0, block, ValueLayout.JAVA_FLOAT, 0, logits.length);
        float touch = 0;
        for (long i = 0; i < BLOCK_FLOATS; i += 16) {
            touch += block.getAtIndex(ValueLayout.JAVA_FLOAT, i);
        }
        if (Float.isNaN(touch)) {
            throw new AssertionError("NaN logits");
        }
    }

    private static double pass(RowKernel kernel, MemorySegment block, int rows, int n) {
        double sum = 0;
        for (int row = 0; row < rows; row++) {
            long offset = (long) row * n * Float.BYTES;
            sum += kernel.expAndSum(block, offset, n, kernel.max(block, offset, n));
        }
        return sum;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
    }
}
