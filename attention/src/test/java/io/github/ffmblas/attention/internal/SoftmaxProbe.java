package io.github.ffmblas.attention.internal;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.Random;

/**
 * Nanoseconds per logit of one softmax row pass (max, then exp-and-sum), on a 4 MiB block of Gaussian logits
 * like one tile of a long forward, for the kernel this JVM uses and the plain-Java one, alternated in one JVM
 * after 3 s of warm-up.
 * Arguments: row lengths, e.g. {@code 128 512 2048}. Run it with {@code --add-modules jdk.incubator.vector}, as
 * the benchmark does, or both kernels are plain Java.
 */
public final class SoftmaxProbe {
    private static final int BLOCK_FLOATS = 1 << 20;

    private SoftmaxProbe() {}

    public static void main(String[] args) {
        RowKernel[] kernels = {RowKernel.INSTANCE, new ScalarRowKernel()};
        System.out.println("kernel: " + Softmax.implementation());
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment block = arena.allocate((long) BLOCK_FLOATS * Float.BYTES, 64);
            float[] logits = new float[BLOCK_FLOATS];
            Random random = new Random(8);
            for (int i = 0; i < logits.length; i++) {
                logits[i] = (float) random.nextGaussian() * 3;
            }
            int[] lengths = Arrays.stream(args).mapToInt(Integer::parseInt).toArray();
            long warm = System.nanoTime() + 3_000_000_000L; // every length and kernel first, so C2 has settled
            while (System.nanoTime() < warm) {
                for (int n : lengths) {
                    for (RowKernel kernel : kernels) {
                        fill(block, logits);
                        pass(kernel, block, BLOCK_FLOATS / n, n);
                    }
                }
            }
            for (int n : lengths) {
                int rows = BLOCK_FLOATS / n;
                double[][] ns = new double[kernels.length][20];
                for (int round = 0; round < 25; round++) {
                    for (int i = 0; i < kernels.length; i++) {
                        int kernel = round % 2 == 0 ? i : kernels.length - 1 - i;
                        fill(block, logits);
                        long start = System.nanoTime();
                        double sink = pass(kernels[kernel], block, rows, n);
                        double perLogit = (System.nanoTime() - start) / (double) BLOCK_FLOATS;
                        if (round >= 5) {
                            ns[kernel][round - 5] = perLogit;
                        }
                        if (Double.isNaN(sink)) {
                            throw new AssertionError("NaN sum");
                        }
                    }
                }
                System.out.printf("row of %d: this JVM's kernel %.3f ns a logit, plain Java %.3f (medians of 20 rounds)%n",
                        n, median(ns[0]), median(ns[1]));
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
