package io.github.ffmblas.attention;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.ffmblas.bindings.Transpose;
import io.github.ffmblas.nativelib.CpuInfo;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@link PackedGemm} against double-precision loops at awkward sizes (C's elements outside the product untouched),
 * the products it leaves to OpenBLAS equal to {@link Gemm#NATIVE}'s to the bit, and every refusal the facade's.
 */
class PackedGemmTest {
    private static final float SENTINEL = -12345.5f;

    @BeforeAll
    static void kernelIsHere() {
        assumeKernel();
    }

    /**
     * Skips the calling test only on a CPU without AVX2 and FMA (or off Linux x86-64); where the build had a C
     * compiler, a missing kernel fails it.
     */
    static void assumeKernel() {
        assumeTrue(CpuInfo.current().vectorIsa() != CpuInfo.VectorIsa.OTHER, "no AVX2 and FMA on this CPU");
        if (Files.exists(Path.of("/usr/bin/cc"))) {
            assertNull(PackedGemm.unavailable(), "the build had /usr/bin/cc, so the kernel must be in the jar");
        }
        assumeTrue(PackedGemm.unavailable() == null, PackedGemm.unavailable());
    }

    /** A weight {@code [rows, k]} and its bias {@code [rows]}. */
    private record Weight(Tensor matrix, Tensor bias) {
        MemorySegment w() {
            return matrix.segment();
        }

        MemorySegment b() {
            return bias.segment();
        }
    }

    private static Weight weight(Arena arena, Random random, int rows, int k) {
        return new Weight(gaussian(arena, random, rows, k), gaussian(arena, random, rows));
    }

    @Test
    void matchesDoubleLoopsAtAwkwardSizes() {
        Random random = new Random(7);
        for (int k : new int[] {1, 7, 33, 130, 600}) {
            for (int n : new int[] {1, 7, 16, 33, 130, 1040}) { // 1040: past the kernel's 1,024-column block
                // Rows for a product starting at row 0, 16 or 32 (the team's column parts start at multiples of 16).
                int rows = n + 32;
                try (Arena arena = Arena.ofConfined()) {
                    Weight weight = weight(arena, random, rows, k);
                    MemorySegment w = weight.w();
                    MemorySegment bias = weight.b();
                    try (PackedGemm gemm = PackedGemm.forConstants(List.of(weight.matrix()), Gemm.NATIVE)) {
                        int checked = 0;
                        for (int m : new int[] {1, 2, 7, 8, 33, 130}) { // tails of 1, 2, 1, 2, 3 and 4 rows
                            for (int start : new int[] {0, 16, 32}) {
                                for (boolean withBias : new boolean[] {true, false}) {
                                    check(gemm, random, arena, m, n, k, w, start, withBias ? bias : null);
                                    checked += m > 1 ? 1 : 0; // one row goes to sgemv
                                }
                            }
                        }
                        assertEquals(checked, gemm.kernelCalls(), "the kernel ran every product of 2+ rows");
                    }
                }
            }
        }
    }

    /**
     * Past the kernel's blocks: 769 deep (one block of more than 768, so 72 rows a block), 1,025 and 2,049 deep (two
     * and three depth blocks, C accumulated across them, the bias added once), 133 and 270 rows (two and three row
     * blocks of 132).
     */
    @Test
    void matchesDoubleLoopsAcrossDepthAndRowBlocks() {
        Random random = new Random(23);
        for (int k : new int[] {769, 1025, 2049}) {
            int n = 33;
            try (Arena arena = Arena.ofConfined()) {
                Weight weight = weight(arena, random, n + 16, k);
                try (PackedGemm gemm = PackedGemm.forConstants(List.of(weight.matrix()), Gemm.NATIVE)) {
                    for (int m : new int[] {7, 73, 133, 270}) {
                        check(gemm, random, arena, m, n, k, weight.w(), 16, weight.b());
                        check(gemm, random, arena, m, n, k, weight.w(), 0, null);
                    }
                    assertEquals(8, gemm.kernelCalls(), "the kernel ran every product");
                }
            }
        }
    }

    /** One product at padded leading dimensions and offsets, against double loops; C outside it unchanged. */
    private static void check(PackedGemm gemm, Random random, Arena arena, int m, int n, int k, MemorySegment w,
                              int start, MemorySegment bias) {
        int lda = k + 3;
        int ldc = n + 2;
        long aOffset = 5;
        long cOffset = 3;
        MemorySegment a = gaussian(arena, random, (int) aOffset + m * lda).segment();
        MemorySegment c = arena.allocate((cOffset + (long) m * ldc + 4) * Float.BYTES);
        for (long i = 0; i < c.byteSize() / Float.BYTES; i++) {
            c.setAtIndex(ValueLayout.JAVA_FLOAT, i, SENTINEL);
        }
        if (bias == null) {
            gemm.multiply(Transpose.TRANSPOSE, m, n, k, 1f, a, aOffset, lda, w, (long) start * k, k, 0f, c, cOffset,
                    ldc);
        } else {
            gemm.multiplyAddBias(Transpose.TRANSPOSE, m, n, k, a, aOffset, lda, w, (long) start * k, k, bias, start,
                    c, cOffset, ldc);
        }
        String shape = "m=" + m + " n=" + n + " k=" + k + " from row " + start + (bias == null ? "" : " with bias");
        for (long i = 0; i < c.byteSize() / Float.BYTES; i++) {
            long r = (i - cOffset) / ldc;
            long j = (i - cOffset) % ldc;
            boolean inside = i >= cOffset && r < m && j < n;
            float got = c.getAtIndex(ValueLayout.JAVA_FLOAT, i);
            if (!inside) {
                assertEquals(SENTINEL, got, shape + ": element " + i + " outside C was written");
                continue;
            }
            double want = bias == null ? 0 : bias.getAtIndex(ValueLayout.JAVA_FLOAT, start + j);
            double scale = Math.abs(want);
            for (int q = 0; q < k; q++) {
                double term = (double) a.getAtIndex(ValueLayout.JAVA_FLOAT, aOffset + r * lda + q)
                        * w.getAtIndex(ValueLayout.JAVA_FLOAT, (start + j) * k + q);
                want += term;
                scale += Math.abs(term);
            }
            assertEquals(want, got, 1e-6 * (1 + scale), shape + ": C[" + r + "][" + j + "]");
        }
    }

    @Test
    void leavesOtherProductsToOpenBlasWithItsResults() {
        Random random = new Random(11);
        int m = 9;
        int n = 20;
        int k = 33;
        try (Arena arena = Arena.ofConfined()) {
            Weight weight = weight(arena, random, 48, k);
            MemorySegment w = weight.w();
            MemorySegment bias = weight.b();
            MemorySegment a = gaussian(arena, random, m * k).segment();
            MemorySegment heapA = MemorySegment.ofArray(a.toArray(ValueLayout.JAVA_FLOAT));
            MemorySegment other = gaussian(arena, random, 48 * k).segment();
            try (PackedGemm gemm = PackedGemm.forConstants(List.of(weight.matrix()), Gemm.NATIVE)) {
                // Not from a panel's first row; A on the heap; B not a weight; B not transposed; alpha 2; a partial
                // depth of the weight (k = 32 of 33); ldb not the weight's width.
                record Case(String name, MemorySegment a, MemorySegment b, long bOffset, int ldb, int k, float alpha,
                            Transpose transB) {}
                List<Case> cases = List.of(
                        new Case("row 8", a, w, 8L * k, k, k, 1f, Transpose.TRANSPOSE),
                        new Case("heap A", heapA, w, 0, k, k, 1f, Transpose.TRANSPOSE),
                        new Case("B not a weight", a, other, 0, k, k, 1f, Transpose.TRANSPOSE),
                        new Case("B not transposed", a, w, 0, n, 20, 1f, Transpose.NO_TRANSPOSE),
                        new Case("alpha 2", a, w, 0, k, k, 2f, Transpose.TRANSPOSE),
                        new Case("part of the depth", a, w, 0, k, 32, 1f, Transpose.TRANSPOSE));
                for (Case x : cases) {
                    for (boolean withBias : new boolean[] {true, false}) {
                        if (withBias && x.alpha() != 1f) {
                            continue;
                        }
                        float[] mine = new float[m * n];
                        float[] openblas = new float[m * n];
                        MemorySegment c1 = arena.allocate((long) m * n * Float.BYTES);
                        MemorySegment c2 = arena.allocate((long) m * n * Float.BYTES);
                        long before = gemm.kernelCalls();
                        if (withBias) {
                            gemm.multiplyAddBias(x.transB(), m, n, x.k(), x.a(), 0, x.k(), x.b(), x.bOffset(),
                                    x.ldb(), bias, 0, c1, 0, n);
                            Gemm.NATIVE.multiplyAddBias(x.transB(), m, n, x.k(), x.a(), 0, x.k(), x.b(), x.bOffset(),
                                    x.ldb(), bias, 0, c2, 0, n);
                        } else {
                            gemm.multiply(x.transB(), m, n, x.k(), x.alpha(), x.a(), 0, x.k(), x.b(), x.bOffset(),
                                    x.ldb(), 0f, c1, 0, n);
                            Gemm.NATIVE.multiply(x.transB(), m, n, x.k(), x.alpha(), x.a(), 0, x.k(), x.b(),
                                    x.bOffset(), x.ldb(), 0f, c2, 0, n);
                        }
                        assertEquals(before, gemm.kernelCalls(), x.name() + ": went to OpenBLAS");
                        MemorySegment.copy(c1, ValueLayout.JAVA_FLOAT, 0, mine, 0, m * n);
                        MemorySegment.copy(c2, ValueLayout.JAVA_FLOAT, 0, openblas, 0, m * n);
                        assertArrayEquals(openblas, mine, x.name());
                    }
                }
                // A bias on the heap: the kernel takes native memory only.
                MemorySegment heapBias = MemorySegment.ofArray(bias.toArray(ValueLayout.JAVA_FLOAT));
                MemorySegment c1 = arena.allocate((long) m * n * Float.BYTES);
                MemorySegment c2 = arena.allocate((long) m * n * Float.BYTES);
                long before = gemm.kernelCalls();
                gemm.multiplyAddBias(Transpose.TRANSPOSE, m, n, k, a, 0, k, w, 0, k, heapBias, 0, c1, 0, n);
                Gemm.NATIVE.multiplyAddBias(Transpose.TRANSPOSE, m, n, k, a, 0, k, w, 0, k, heapBias, 0, c2, 0, n);
                assertEquals(before, gemm.kernelCalls(), "heap bias: went to OpenBLAS");
                assertArrayEquals(c2.toArray(ValueLayout.JAVA_FLOAT), c1.toArray(ValueLayout.JAVA_FLOAT), "heap bias");
            }
        }
    }

    @Test
    void closeWaitsForProductsInFlightAndRefusesTheNext() throws Exception {
        Random random = new Random(19);
        int m = 130;
        int n = 256;
        int k = 600;
        try (Arena arena = Arena.ofShared()) {
            Weight weight = weight(arena, random, n, k);
            MemorySegment a = gaussian(arena, random, m * k).segment();
            PackedGemm gemm = PackedGemm.forConstants(List.of(weight.matrix()), Gemm.NATIVE);
            java.util.concurrent.atomic.AtomicReference<Throwable> ended = new java.util.concurrent.atomic.AtomicReference<>();
            java.util.concurrent.atomic.AtomicLong products = new java.util.concurrent.atomic.AtomicLong();
            Thread worker = new Thread(() -> {
                MemorySegment c = arena.allocate((long) m * n * Float.BYTES);
                try {
                    while (true) {
                        gemm.multiplyAddBias(Transpose.TRANSPOSE, m, n, k, a, 0, k, weight.w(), 0, k, weight.b(), 0,
                                c, 0, n);
                        products.incrementAndGet();
                    }
                } catch (Throwable t) {
                    ended.set(t);
                }
            });
            worker.start();
            while (products.get() < 3) {
                Thread.onSpinWait();
            }
            gemm.close(); // while the worker is inside the kernel, or about to enter it
            gemm.close(); // a second close does nothing
            worker.join(10_000);
            Throwable t = ended.get();
            assertTrue(t instanceof IllegalStateException && t.getMessage().equals("this PackedGemm is closed"),
                    "the worker ended with " + t);
        }
    }

    @Test
    void refusesWhatTheFacadeRefusesWithItsMessages() {
        Random random = new Random(13);
        int m = 7;
        int n = 16;
        int k = 33;
        try (Arena arena = Arena.ofConfined()) {
            Weight weight = weight(arena, random, 48, k);
            MemorySegment w = weight.w();
            MemorySegment bias = weight.b();
            MemorySegment a = gaussian(arena, random, m * k + n * 2).segment();
            MemorySegment c = arena.allocate((long) m * n * Float.BYTES);
            Arena closed = Arena.ofConfined();
            MemorySegment freed = closed.allocate((long) m * n * Float.BYTES);
            closed.close();
            record Bad(String name, MemorySegment a, long aOffset, MemorySegment c, long cOffset, int ldc,
                       MemorySegment bias, long biasOffset) {}
            List<Bad> cases = List.of(
                    new Bad("read-only C", a, 0, c.asReadOnly(), 0, n, bias, 0),
                    new Bad("C overlapping A", a, 0, a, 5, n, bias, 0),
                    new Bad("bias inside C", a, 0, c, 0, n, c, 3),
                    new Bad("bias too short", a, 0, c, 0, n, bias, 40),
                    new Bad("freed C", a, 0, freed, 0, n, bias, 0),
                    new Bad("ldc below n", a, 0, c, 0, n - 1, bias, 0),
                    new Bad("A past its end", a, 2L * n + 1, c, 0, n, bias, 0));
            try (PackedGemm gemm = PackedGemm.forConstants(List.of(weight.matrix()), Gemm.NATIVE)) {
                for (Bad x : cases) {
                    byte[] cBefore = c.toArray(ValueLayout.JAVA_BYTE);
                    RuntimeException mine = assertThrows(RuntimeException.class, () -> gemm.multiplyAddBias(
                            Transpose.TRANSPOSE, m, n, k, x.a(), x.aOffset(), k, w, 0, k, x.bias(), x.biasOffset(),
                            x.c(), x.cOffset(), x.ldc()), x.name());
                    RuntimeException theirs = assertThrows(RuntimeException.class, () -> Gemm.NATIVE.multiplyAddBias(
                            Transpose.TRANSPOSE, m, n, k, x.a(), x.aOffset(), k, w, 0, k, x.bias(), x.biasOffset(),
                            x.c(), x.cOffset(), x.ldc()), x.name());
                    assertEquals(theirs.getClass(), mine.getClass(), x.name());
                    assertEquals(theirs.getMessage(), mine.getMessage(), x.name());
                    assertArrayEquals(cBefore, c.toArray(ValueLayout.JAVA_BYTE), x.name() + ": C unchanged");
                }
                assertEquals(0, gemm.kernelCalls());
            }
        }
    }

    @Test
    void refusesOnceClosedOrWhenTheWeightsAreFreed() {
        Random random = new Random(17);
        int k = 8;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment a = gaussian(arena, random, 2 * k).segment();
            MemorySegment c = arena.allocate(2L * 16 * Float.BYTES);
            Weight kept = weight(arena, random, 48, k);
            PackedGemm gemm = PackedGemm.forConstants(List.of(kept.matrix()), Gemm.NATIVE);
            gemm.close();
            IllegalStateException closed = assertThrows(IllegalStateException.class, () -> gemm.multiplyAddBias(
                    Transpose.TRANSPOSE, 2, 16, k, a, 0, k, kept.w(), 0, k,
                    kept.b(), 0, c, 0, 16));
            assertTrue(closed.getMessage().contains("closed"), closed.getMessage());

            // Weights freed after packing: a product naming them is the facade's to refuse (B is not alive).
            Arena shared = Arena.ofShared();
            Weight freed = weight(shared, random, 48, k);
            try (PackedGemm onFreed = PackedGemm.forConstants(List.of(freed.matrix()), Gemm.NATIVE)) {
                shared.close();
                RuntimeException e = assertThrows(IllegalStateException.class, () -> onFreed.multiplyAddBias(
                        Transpose.TRANSPOSE, 2, 16, k, a, 0, k, freed.w(), 0, k,
                        kept.b(), 0, c, 0, 16));
                assertEquals("sgemm: B belongs to an arena that is already closed", e.getMessage());
                assertEquals(0, onFreed.kernelCalls());
            }
        }
    }

    /** Gaussian entries scaled by 1/sqrt(the last dimension), so products stay near 1. */
    private static Tensor gaussian(Arena arena, Random random, int... shape) {
        return RandomTensors.gaussian(arena, random, (float) (1 / Math.sqrt(shape[shape.length - 1])), shape);
    }
}
