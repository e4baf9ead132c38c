package io.github.ffmblas.onednn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ffmblas.attention.Gemm;
import io.github.ffmblas.bindings.Transpose;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** OneDnnGemm against naive loops in double precision, on awkward sizes, strided operands and both orientations. */
class OneDnnGemmTest {
    private static final ValueLayout.OfFloat F = ValueLayout.JAVA_FLOAT;

    /** Counts the products that reach the fallback, and computes them with naive loops (an independent oracle). */
    static class Naive implements Gemm {
        final AtomicInteger calls = new AtomicInteger();

        @Override
        public void multiply(Transpose transB, int m, int n, int k, float alpha, MemorySegment a, long aOffset, int lda,
                             MemorySegment b, long bOffset, int ldb, float beta, MemorySegment c, long cOffset, int ldc) {
            calls.incrementAndGet();
            float[] result = reference(transB, m, n, k, alpha, a, aOffset, lda, b, bOffset, ldb, beta, c, cOffset, ldc);
            for (int i = 0; i < m; i++) {
                for (int j = 0; j < n; j++) {
                    c.setAtIndex(F, cOffset + (long) i * ldc + j, result[i * n + j]);
                }
            }
        }
    }

    static float[] reference(Transpose transB, int m, int n, int k, float alpha, MemorySegment a, long aOffset, int lda,
                             MemorySegment b, long bOffset, int ldb, float beta, MemorySegment c, long cOffset, int ldc) {
        float[] out = new float[m * n];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < n; j++) {
                double sum = 0;
                for (int p = 0; p < k; p++) {
                    float bv = transB == Transpose.NO_TRANSPOSE ? b.getAtIndex(F, bOffset + (long) p * ldb + j)
                            : b.getAtIndex(F, bOffset + (long) j * ldb + p);
                    sum += (double) a.getAtIndex(F, aOffset + (long) i * lda + p) * bv;
                }
                double prior = beta == 0f ? 0 : beta * (double) c.getAtIndex(F, cOffset + (long) i * ldc + j);
                out[i * n + j] = (float) ((alpha == 0f ? 0 : alpha * sum) + prior); // BLAS: alpha 0 reads no A, B
            }
        }
        return out;
    }

    private static MemorySegment random(Arena arena, long floats, Random random) {
        MemorySegment s = arena.allocate(floats * Float.BYTES, 64);
        for (long i = 0; i < floats; i++) {
            s.setAtIndex(F, i, random.nextFloat() * 2 - 1);
        }
        return s;
    }

    @ParameterizedTest(name = "m={0} n={1} k={2} transB={3} beta={4}")
    @CsvSource({
            "1, 1, 1, TRANSPOSE, 0", "7, 33, 130, TRANSPOSE, 1", "33, 7, 1, TRANSPOSE, 0", "130, 130, 33, TRANSPOSE, 1",
            "64, 384, 128, TRANSPOSE, 1", "7, 33, 130, NO_TRANSPOSE, 0", "130, 7, 33, NO_TRANSPOSE, 1",
            "1, 130, 7, NO_TRANSPOSE, 1"})
    void matchesNaiveLoopsOnConstantB(int m, int n, int k, Transpose transB, float beta) {
        Random random = new Random(m * 31L + n * 7L + k);
        try (Arena arena = Arena.ofConfined()) {
            int lda = k + 3, ldc = n + 5;
            int bRows = transB == Transpose.NO_TRANSPOSE ? k : n;
            int bCols = transB == Transpose.NO_TRANSPOSE ? n : k;
            int ldb = bCols + 2;
            long bOffset = 11;
            MemorySegment weights = random(arena, bOffset + (long) bRows * ldb, random);
            MemorySegment a = random(arena, 2 + (long) m * lda, random);
            MemorySegment c = random(arena, 3 + (long) m * ldc, random);
            MemorySegment before = arena.allocate(c.byteSize()).copyFrom(c);
            float[] expected = reference(transB, m, n, k, 1f, a, 2, lda, weights, bOffset, ldb, beta, c, 3, ldc);
            Naive others = new Naive();
            try (OneDnnGemm gemm = OneDnnGemm.forConstants(List.of(weights), others)) {
                for (int round = 0; round < 2; round++) { // the second runs the primitive made by the first
                    c.copyFrom(before);
                    gemm.multiply(transB, m, n, k, 1f, a, 2, lda, weights, bOffset, ldb, beta, c, 3, ldc);
                    assertEquals(0, others.calls.get(), "oneDNN took the product");
                    for (int i = 0; i < m; i++) {
                        for (int j = 0; j < n; j++) {
                            float got = c.getAtIndex(F, 3 + (long) i * ldc + j);
                            float want = expected[i * n + j];
                            assertEquals(want, got, 1e-5f * (1 + Math.abs(want)) * Math.sqrt(k), "C[" + i + "," + j + "]");
                        }
                    }
                    // Padding between rows and before C untouched.
                    for (long e = 0; e < c.byteSize() / Float.BYTES; e++) {
                        long rel = e - 3;
                        boolean inside = rel >= 0 && rel / ldc < m && rel % ldc < n;
                        if (!inside) {
                            assertEquals(before.getAtIndex(F, e), c.getAtIndex(F, e), "C element " + e + " outside the product");
                        }
                    }
                }
                assertTrue(gemm.packedBytes() > 0);
            }
        }
    }

    @ParameterizedTest(name = "m={0} n={1} k={2}")
    @CsvSource({"1, 1, 1", "7, 33, 130", "130, 7, 33", "64, 384, 128"})
    void addsAConstantBiasAsThePrimitivesArgument(int m, int n, int k) {
        Random random = new Random(m + 5L * n + 17L * k);
        try (Arena arena = Arena.ofConfined()) {
            int ldc = n + 1;
            MemorySegment constants = random(arena, (long) n * k + 3 + n, random); // weights, a gap, then the bias
            long biasOffset = (long) n * k + 3;
            MemorySegment otherBias = random(arena, n, random);
            MemorySegment a = random(arena, (long) m * k, random);
            MemorySegment c = random(arena, (long) m * ldc, random);
            MemorySegment before = arena.allocate(c.byteSize()).copyFrom(c);
            Naive others = new Naive();
            try (OneDnnGemm gemm = OneDnnGemm.forConstants(List.of(constants), others)) {
                for (MemorySegment bias : List.of(constants, otherBias)) {
                    long offset = bias == constants ? biasOffset : 0;
                    c.copyFrom(before);
                    gemm.multiplyAddBias(Transpose.TRANSPOSE, m, n, k, a, 0, k, constants, 0, k, bias, offset, c, 0, ldc);
                    for (int i = 0; i < m; i++) {
                        for (int j = 0; j < n; j++) {
                            double sum = bias.getAtIndex(F, offset + j);
                            for (int p = 0; p < k; p++) {
                                sum += (double) a.getAtIndex(F, (long) i * k + p) * constants.getAtIndex(F, (long) j * k + p);
                            }
                            assertEquals((float) sum, c.getAtIndex(F, (long) i * ldc + j), 1e-5f * (1 + Math.abs(sum)) * Math.sqrt(k));
                        }
                        assertEquals(before.getAtIndex(F, (long) i * ldc + n), c.getAtIndex(F, (long) i * ldc + n), "padding");
                    }
                    // A bias outside the constants is written into C first and the product accumulates: oneDNN's too.
                    assertEquals(0, others.calls.get(), "oneDNN took the product");
                }
            }
        }
    }

    /** Counts batches that reach the fallback, computing them item by item with naive loops. */
    static final class NaiveBatches extends Naive {
        final AtomicInteger batches = new AtomicInteger();

        @Override
        public void multiplyBatch(Transpose transB, int m, int n, int k, float alpha, MemorySegment a, long aOffset,
                                  int lda, long strideA, MemorySegment b, long bOffset, int ldb, long strideB,
                                  float beta, MemorySegment c, long cOffset, int ldc, long strideC, int count) {
            batches.incrementAndGet();
            super.multiplyBatch(transB, m, n, k, alpha, a, aOffset, lda, strideA, b, bOffset, ldb, strideB, beta,
                    c, cOffset, ldc, strideC, count);
        }
    }

    @ParameterizedTest(name = "m={0} n={1} k={2} heads={3} transB={4} alpha={5} beta={6}")
    @CsvSource({"1, 1, 1, 1, TRANSPOSE, 1, 0", "7, 33, 5, 3, TRANSPOSE, 0.125, 1", "33, 7, 130, 2, NO_TRANSPOSE, 1, 0",
            "130, 16, 130, 4, NO_TRANSPOSE, 1, 0", "64, 64, 16, 8, TRANSPOSE, 0.25, 0", "7, 5, 600, 2, NO_TRANSPOSE, 1, 0", "33, 64, 2048, 1, NO_TRANSPOSE, 1, 1"})
    void batchesOfHeadsMatchNaiveLoops(int m, int n, int k, int heads, Transpose transB, float alpha, float beta) {
        // Heads side by side as in attention: A and B items are column blocks of one wide matrix each.
        Random random = new Random(m + 3L * n + 7L * k + heads);
        try (Arena arena = Arena.ofConfined()) {
            int bRows = transB == Transpose.NO_TRANSPOSE ? k : n;
            int bCols = transB == Transpose.NO_TRANSPOSE ? n : k;
            int lda = heads * k + 1, ldb = heads * bCols + 2, ldc = n + 3;
            long strideC = (long) m * ldc + 5;
            MemorySegment a = random(arena, (long) m * lda, random);
            MemorySegment b = random(arena, (long) bRows * ldb, random);
            MemorySegment c = random(arena, strideC * heads, random);
            MemorySegment before = arena.allocate(c.byteSize()).copyFrom(c);
            float[][] expected = new float[heads][];
            for (int h = 0; h < heads; h++) {
                expected[h] = reference(transB, m, n, k, alpha, a, (long) h * k, lda, b, (long) h * bCols, ldb, beta,
                        c, h * strideC, ldc);
            }
            NaiveBatches others = new NaiveBatches();
            try (OneDnnGemm gemm = OneDnnGemm.forConstants(List.of(), others)) {
                gemm.multiplyBatch(transB, m, n, k, alpha, a, 0, lda, k, b, 0, ldb, bCols, beta, c, 0, ldc, strideC, heads);
                assertEquals(0, others.batches.get(), "oneDNN took the batch");
                for (int h = 0; h < heads; h++) {
                    for (int i = 0; i < m; i++) {
                        for (int j = 0; j < n; j++) {
                            assertEquals(expected[h][i * n + j], c.getAtIndex(F, h * strideC + (long) i * ldc + j),
                                    1e-5f * (1 + Math.abs(expected[h][i * n + j])) * Math.sqrt(k), "item " + h);
                        }
                        for (int j = n; j < ldc && h * strideC + (long) i * ldc + j < c.byteSize() / 4; j++) {
                            assertEquals(before.getAtIndex(F, h * strideC + (long) i * ldc + j),
                                    c.getAtIndex(F, h * strideC + (long) i * ldc + j), "padding untouched");
                        }
                    }
                }
            }
        }
    }

    @Test
    void batchesOneDnnCannotDescribeGoElsewhereAndAlphaZeroReadsNothing() {
        try (Arena arena = Arena.ofConfined()) {
            NaiveBatches others = new NaiveBatches();
            try (OneDnnGemm gemm = OneDnnGemm.forConstants(List.of(), others)) {
                // Items of A overlapping (stride 1 < the item's 4 floats): allowed for inputs, not a oneDNN layout.
                MemorySegment a = random(arena, 8, new Random(5));
                MemorySegment b = random(arena, 8, new Random(6));
                MemorySegment c = arena.allocate(2L * 2 * Float.BYTES);
                gemm.multiplyBatch(Transpose.TRANSPOSE, 1, 1, 4, 1f, a, 0, 4, 1, b, 0, 4, 4, 0f, c, 0, 1, 2, 2);
                assertEquals(1, others.batches.get(), "went to the fallback, no exception");
                for (int i = 0; i < 2; i++) {
                    double sum = 0;
                    for (int p = 0; p < 4; p++) {
                        sum += (double) a.getAtIndex(F, i + p) * b.getAtIndex(F, 4L * i + p);
                    }
                    assertEquals((float) sum, c.getAtIndex(F, 2L * i), 1e-5f);
                }
                // alpha = 0: C = beta C, whatever A and B hold (here infinities).
                MemorySegment inf = arena.allocate(64L * Float.BYTES);
                inf.fill((byte) 0x7F); // 0x7F7F7F7F: a large finite float; make the first an Inf
                inf.setAtIndex(F, 0, Float.POSITIVE_INFINITY);
                MemorySegment c2 = arena.allocate(4L * Float.BYTES);
                c2.setAtIndex(F, 0, 3f);
                gemm.multiplyBatch(Transpose.TRANSPOSE, 1, 1, 4, 0f, inf, 0, 4, 4, inf, 0, 4, 4, 1f, c2, 0, 1, 1, 2);
                assertEquals(3f, c2.getAtIndex(F, 0), "alpha 0, beta 1 leaves C");
            }
        }
    }

    @Test
    void productsOnOtherMemoryGoElsewhere() {
        Random random = new Random(1);
        try (Arena arena = Arena.ofConfined(); Arena shared = Arena.ofShared()) {
            int m = 7, n = 33, k = 130;
            MemorySegment weights = random(arena, (long) n * k, random);
            MemorySegment notWeights = random(arena, (long) n * k, random);
            MemorySegment a = random(arena, (long) m * k, random);
            MemorySegment sharedA = random(shared, (long) m * k, random);
            MemorySegment c = arena.allocate((long) m * n * Float.BYTES);
            Naive others = new Naive();
            try (OneDnnGemm gemm = OneDnnGemm.forConstants(List.of(weights), others)) {
                gemm.multiply(Transpose.TRANSPOSE, m, n, k, 1f, a, 0, k, notWeights, 0, k, 0f, c, 0, n);
                assertEquals(1, others.calls.get(), "B not a constant");
                gemm.multiply(Transpose.TRANSPOSE, m, n, k, 0.5f, a, 0, k, weights, 0, k, 0f, c, 0, n);
                assertEquals(2, others.calls.get(), "alpha != 1");
                MemorySegment heapC = MemorySegment.ofArray(new float[m * n]);
                gemm.multiply(Transpose.TRANSPOSE, m, n, k, 1f, a, 0, k, weights, 0, k, 0f, heapC, 0, n);
                assertEquals(3, others.calls.get(), "C on the heap");
                gemm.multiply(Transpose.TRANSPOSE, m, n, k, 1f, a, 0, k, weights, 0, k, 0f, c, 0, n);
                assertEquals(3, others.calls.get(), "oneDNN's");
            }
        }
    }

    @Test
    void stagesMemoryAnotherThreadCouldFree() {
        Random random = new Random(2);
        try (Arena arena = Arena.ofConfined(); Arena shared = Arena.ofShared()) {
            int m = 33, n = 130, k = 7;
            MemorySegment weights = random(arena, (long) n * k, random);
            MemorySegment a = random(shared, 1 + (long) m * (k + 1), random);
            MemorySegment c = random(Arena.ofAuto(), 2 + (long) m * (n + 3), random);
            float[] expected = reference(Transpose.TRANSPOSE, m, n, k, 1f, a, 1, k + 1, weights, 0, k, 1f, c, 2, n + 3);
            Naive others = new Naive();
            try (OneDnnGemm gemm = OneDnnGemm.forConstants(List.of(weights), others)) {
                gemm.multiply(Transpose.TRANSPOSE, m, n, k, 1f, a, 1, k + 1, weights, 0, k, 1f, c, 2, n + 3);
                assertEquals(0, others.calls.get(), "oneDNN took the product");
                for (int i = 0; i < m; i++) {
                    for (int j = 0; j < n; j++) {
                        assertEquals(expected[i * n + j], c.getAtIndex(F, 2 + (long) i * (n + 3) + j), 1e-5f);
                    }
                }
            }
        }
    }

    @Test
    void checksLikeTheFacadeAndRefusesAfterClose() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment w = arena.allocate(4L * 4 * Float.BYTES);
            MemorySegment a = arena.allocate(4L * 4 * Float.BYTES);
            MemorySegment c = arena.allocate(4L * 4 * Float.BYTES);
            OneDnnGemm gemm = OneDnnGemm.forConstants(List.of(w), Gemm.NATIVE);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> gemm.multiply(
                    Transpose.TRANSPOSE, 4, 4, 4, 1f, a, 0, 4, w, 0, 4, 0f, c.asReadOnly(), 0, 4));
            assertTrue(e.getMessage().contains("read-only"), e.getMessage());
            // A bias on C's elements is refused before anything is written; one in C's padding is not on them.
            MemorySegment wide = arena.allocate(4L * 6 * Float.BYTES);
            MemorySegment untouched = arena.allocate(wide.byteSize()).copyFrom(wide);
            IllegalArgumentException overlap = assertThrows(IllegalArgumentException.class, () -> gemm.multiplyAddBias(
                    Transpose.TRANSPOSE, 4, 4, 4, a, 0, 4, w, 0, 4, wide, 7, wide, 0, 6));
            assertTrue(overlap.getMessage().contains("bias shares memory with C"), overlap.getMessage());
            assertEquals(-1, wide.mismatch(untouched), "nothing written");
            assertThrows(IndexOutOfBoundsException.class, () -> gemm.multiplyAddBias(
                    Transpose.TRANSPOSE, 4, 4, 4, a, 0, 4, w, 0, 4, w, 13, c, 0, 4));
            MemorySegment padded = arena.allocate(4L * 8 * Float.BYTES); // rows of 4 at stride 8, bias in row 0's gap
            gemm.multiplyAddBias(Transpose.TRANSPOSE, 4, 4, 4, a, 0, 4, w, 0, 4, padded, 4, padded, 0, 8);
            gemm.close();
            assertThrows(IllegalStateException.class, () -> gemm.multiply(
                    Transpose.TRANSPOSE, 4, 4, 4, 1f, a, 0, 4, w, 0, 4, 0f, c, 0, 4));
        }
    }
}
