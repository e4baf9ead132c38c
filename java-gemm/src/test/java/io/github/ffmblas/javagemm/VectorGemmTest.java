package io.github.ffmblas.javagemm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.ffmblas.attention.AttentionOptions;
import io.github.ffmblas.attention.MultiHeadAttention;
import io.github.ffmblas.attention.ReferenceMultiHeadAttention;
import io.github.ffmblas.attention.Tensor;
import io.github.ffmblas.attention.Workspace;
import io.github.ffmblas.attention.AttentionWeights;
import io.github.ffmblas.attention.Gemm;
import io.github.ffmblas.bindings.Transpose;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link VectorGemm} against a double-accumulating triple loop: both layouts of B, every alpha/beta pair from
 * {0, 1, 0.5, -1.5}, NaN in C under beta 0, strided views whose padding must stay untouched, edge sizes that
 * leave partial micro-tiles, panels and blocks, one and two threads (two forced to split even tiny products);
 * and multi-head attention on it against the plain-Java reference.
 */
class VectorGemmTest {
    private static final float[] SCALARS = {0f, 1f, 0.5f, -1.5f};
    private static final int[] SIZES = {1, 7, 33, 130};
    /** Fills the padding of every view; must still be there afterwards. */
    private static final float SENTINEL = -7777f;
    private static final ValueLayout.OfFloat F = ValueLayout.JAVA_FLOAT;

    static Stream<Arguments> sizes() {
        List<Arguments> cases = new ArrayList<>();
        for (int m : SIZES) {
            for (int n : SIZES) {
                for (int k : SIZES) {
                    for (Transpose t : new Transpose[] {Transpose.NO_TRANSPOSE, Transpose.TRANSPOSE}) {
                        cases.add(Arguments.of(m, n, k, t));
                    }
                }
            }
        }
        return cases.stream();
    }

    static Stream<Arguments> mixed() {
        List<Arguments> cases = new ArrayList<>();
        int[][] shapes = {
                {5, 3, 5}, {6, 64, 16}, {12, 128, 32}, {17, 65, 31}, {96, 63, 257}, // tiles, panels, one KC past
                {200, 1100, 300}, // several row blocks, two NC panels, two KC passes
                {128, 128, 64}, {128, 64, 128}, {64, 2304 / 8, 96}, // attention-like
                {3, 500, 40}, {500, 3, 40}}; // split along N, and along M
        for (int[] s : shapes) {
            for (Transpose t : new Transpose[] {Transpose.NO_TRANSPOSE, Transpose.TRANSPOSE}) {
                for (int threads : new int[] {1, 2}) {
                    cases.add(Arguments.of(s[0], s[1], s[2], t, threads));
                }
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "m={0} n={1} k={2} {3}")
    @MethodSource("sizes")
    void edgeSizesOneThread(int m, int n, int k, Transpose transB) {
        try (VectorGemm gemm = new VectorGemm(1)) {
            checkAllScalars(gemm, m, n, k, transB);
        }
    }

    @ParameterizedTest(name = "m={0} n={1} k={2} {3}")
    @MethodSource("sizes")
    void edgeSizesTwoThreads(int m, int n, int k, Transpose transB) {
        try (VectorGemm gemm = new VectorGemm(2, 0)) {
            checkAllScalars(gemm, m, n, k, transB);
        }
    }

    @ParameterizedTest(name = "m={0} n={1} k={2} {3} threads={4}")
    @MethodSource("mixed")
    void mixedSizes(int m, int n, int k, Transpose transB, int threads) {
        try (VectorGemm gemm = new VectorGemm(threads, 0)) {
            checkAllScalars(gemm, m, n, k, transB);
        }
    }

    /** The default threshold: large products split, small ones stay on the caller; both must be right. */
    @Test
    void defaultThresholdWithTwoThreads() {
        try (VectorGemm gemm = new VectorGemm(2)) {
            check(gemm, 256, 256, 256, Transpose.NO_TRANSPOSE, 1f, 0f, new Random(1), Views.DENSE);
            check(gemm, 300, 200, 100, Transpose.TRANSPOSE, -1.5f, 0.5f, new Random(2), Views.STRIDED);
            check(gemm, 9, 9, 9, Transpose.TRANSPOSE, 0.5f, 1f, new Random(3), Views.STRIDED);
        }
    }

    /** Heap segments (backed by float[], which the Vector API cannot read) take the scalar paths. */
    @Test
    void heapSegments() {
        for (Transpose t : new Transpose[] {Transpose.NO_TRANSPOSE, Transpose.TRANSPOSE}) {
            for (int threads : new int[] {1, 2}) {
                try (VectorGemm gemm = new VectorGemm(threads, 0)) {
                    check(gemm, 37, 70, 19, t, 0.5f, -1.5f, new Random(4), Views.HEAP);
                    check(gemm, 37, 70, 19, t, 1f, 0f, new Random(5), Views.HEAP);
                }
            }
        }
    }

    /** A and B may be read-only (attention's inputs are); a closed pool falls back to the caller. */
    @Test
    void readOnlyInputsAndClosedPool() {
        VectorGemm gemm = new VectorGemm(2, 0);
        check(gemm, 40, 50, 60, Transpose.TRANSPOSE, 1f, 1f, new Random(6), Views.READ_ONLY_INPUTS);
        gemm.close();
        check(gemm, 40, 50, 60, Transpose.NO_TRANSPOSE, 1f, 0.5f, new Random(7), Views.READ_ONLY_INPUTS);
    }

    /** Two callers sharing one instance: one gets the workers, the other runs alone; both must be right. */
    @Test
    void concurrentCallers() throws Exception {
        try (VectorGemm gemm = new VectorGemm(2, 0)) {
            List<Thread> callers = new ArrayList<>();
            List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
            for (int caller = 0; caller < 3; caller++) {
                int seed = caller;
                callers.add(new Thread(() -> {
                    try {
                        Random random = new Random(seed);
                        for (int round = 0; round < 20; round++) {
                            check(gemm, 70 + seed, 90, 40, round % 2 == 0 ? Transpose.NO_TRANSPOSE : Transpose.TRANSPOSE,
                                    1f, 0.5f, random, Views.STRIDED);
                        }
                    } catch (Throwable e) {
                        failures.add(e);
                    }
                }));
            }
            callers.forEach(Thread::start);
            for (Thread t : callers) {
                t.join();
            }
            assertTrue(failures.isEmpty(), () -> "failures: " + failures);
        }
    }

    /** A call both backends refuse, with what it breaks. */
    private record Bad(String what, Transpose transB, int m, int n, int k, MemorySegment a, long aOffset, int lda,
                       MemorySegment b, long bOffset, int ldb, MemorySegment c, long cOffset, int ldc) {
        void on(Gemm gemm) {
            gemm.multiply(transB, m, n, k, 1f, a, aOffset, lda, b, bOffset, ldb, 0f, c, cOffset, ldc);
        }
    }

    /** The facade's contract: every call OpenBLAS's path refuses, VectorGemm refuses with the same exception. */
    @Test
    void refusesWhatTheFacadeRefusesWithTheSameException() throws Exception {
        try (Arena arena = Arena.ofConfined(); VectorGemm gemm = new VectorGemm(1)) {
            Arena closed = Arena.ofConfined();
            MemorySegment a = arena.allocate(100 * Float.BYTES, 64);
            MemorySegment b = arena.allocate(100 * Float.BYTES, 64);
            MemorySegment c = arena.allocate(100 * Float.BYTES, 64);
            MemorySegment dead = closed.allocate(100 * Float.BYTES, 64);
            closed.close();
            MemorySegment[] foreign = new MemorySegment[1];
            Thread other = new Thread(() -> foreign[0] = Arena.ofConfined().allocate(100 * Float.BYTES, 64));
            other.start();
            other.join();
            List<Bad> bad = List.of(
                    new Bad("lda below k", Transpose.NO_TRANSPOSE, 4, 4, 4, a, 0, 3, b, 0, 4, c, 0, 4),
                    new Bad("ldb below k (B transposed)", Transpose.TRANSPOSE, 4, 4, 5, a, 0, 5, b, 0, 4, c, 0, 4),
                    new Bad("negative m", Transpose.NO_TRANSPOSE, -1, 4, 4, a, 0, 4, b, 0, 4, c, 0, 4),
                    new Bad("null transB", null, 4, 4, 4, a, 0, 4, b, 0, 4, c, 0, 4),
                    new Bad("A past its segment", Transpose.NO_TRANSPOSE, 4, 4, 4, a, 90, 4, b, 0, 4, c, 0, 4),
                    new Bad("negative offset", Transpose.NO_TRANSPOSE, 4, 4, 4, a, -1, 4, b, 0, 4, c, 0, 4),
                    new Bad("read-only C", Transpose.NO_TRANSPOSE, 4, 4, 4, a, 0, 4, b, 0, 4, c.asReadOnly(), 0, 4),
                    new Bad("C overlaps A", Transpose.NO_TRANSPOSE, 4, 4, 4, a, 0, 4, b, 0, 4, a, 8, 4),
                    new Bad("C overlaps B", Transpose.NO_TRANSPOSE, 4, 4, 4, a, 0, 4, b, 0, 4, b, 0, 4),
                    new Bad("closed arena", Transpose.NO_TRANSPOSE, 4, 4, 4, dead, 0, 4, b, 0, 4, c, 0, 4),
                    new Bad("another thread's memory", Transpose.NO_TRANSPOSE, 4, 4, 4, a, 0, 4, foreign[0], 0, 4,
                            c, 0, 4),
                    new Bad("byte[] heap segment", Transpose.NO_TRANSPOSE, 4, 4, 4, MemorySegment.ofArray(new byte[400]),
                            0, 4, b, 0, 4, c, 0, 4),
                    new Bad("null C", Transpose.NO_TRANSPOSE, 4, 4, 4, a, 0, 4, b, 0, 4, null, 0, 4));
            for (Bad call : bad) {
                float[] before = c.toArray(F);
                Throwable expected = assertThrows(RuntimeException.class, () -> call.on(Gemm.NATIVE), call.what());
                Throwable actual = assertThrows(RuntimeException.class, () -> call.on(gemm), call.what());
                assertEquals(expected.getClass(), actual.getClass(), call.what());
                assertEquals(expected.getMessage(), actual.getMessage(), call.what());
                assertTrue(java.util.Arrays.equals(before, c.toArray(F)), call.what() + ": C changed");
            }
            assertThrows(IllegalArgumentException.class, () -> new VectorGemm(0));
            // Empty products touch nothing and are accepted, as by the facade, even with all operands in one buffer.
            gemm.multiply(Transpose.NO_TRANSPOSE, 0, 4, 4, 1f, a, 0, 4, a, 0, 4, 0f, a, 0, 4);
            gemm.multiply(Transpose.TRANSPOSE, 4, 0, 4, 1f, a, 0, 4, a, 0, 4, 0f, a, 0, 1);
        }
    }

    static Stream<Arguments> attentionShapes() {
        return Stream.of(
                // batch, lq, lk, d, heads, threads, masks
                Arguments.of(2, 33, 33, 40, 8, 1, false), // depth 5
                Arguments.of(2, 33, 33, 40, 8, 2, true),
                Arguments.of(1, 130, 7, 64, 4, 2, false), // cross attention, depth 16
                Arguments.of(1, 64, 64, 96, 2, 1, true), // depth 48
                Arguments.of(1, 128, 128, 128, 2, 2, false)); // depth 64, the benchmark head size
    }

    @ParameterizedTest(name = "B={0} Lq={1} Lk={2} d={3} H={4} threads={5} masks={6}")
    @MethodSource("attentionShapes")
    void attentionMatchesReference(int batch, int lq, int lk, int d, int heads, int threads, boolean masks) {
        try (Arena arena = Arena.ofConfined();
             Workspace workspace = Workspace.create();
             VectorGemm gemm = new VectorGemm(threads, 0)) {
            Random inputs = new Random(11L * lq + d);
            Tensor query = Gaussian.tensor(arena, inputs, 1f, batch, lq, d);
            Tensor key = Gaussian.tensor(arena, inputs, 1f, batch, lk, d);
            float scale = (float) (1 / Math.sqrt(d)); // keeps each projection's outputs near unit size
            AttentionWeights weights = AttentionWeights.ofPyTorch(Gaussian.tensor(arena, inputs, scale, 3 * d, d),
                    Gaussian.tensor(arena, inputs, scale, 3 * d), Gaussian.tensor(arena, inputs, scale, d, d),
                    Gaussian.tensor(arena, inputs, scale, d));
            AttentionOptions options = AttentionOptions.DEFAULTS.withNeedWeights(false);
            if (masks) {
                // An additive mask makes the score products accumulate (beta 1); causal exercises the softmax.
                Random random = new Random(d);
                float[] additive = new float[lq * lk];
                for (int i = 0; i < additive.length; i++) {
                    additive[i] = (float) random.nextGaussian();
                }
                options = options.withCausal(true).withAttnMask(Tensor.copyOf(arena, additive, lq, lk));
            }
            Tensor expected = new ReferenceMultiHeadAttention(d, heads, weights)
                    .forward(query, key, key, options).output();
            Tensor actual = Tensor.allocate(arena, batch, lq, d);
            new MultiHeadAttention(d, heads, weights, gemm)
                    .forward(query, key, key, options, workspace, actual, null);
            float[] e = expected.toFloatArray();
            float[] a = actual.toFloatArray();
            float worst = 0f;
            for (int i = 0; i < e.length; i++) {
                worst = Math.max(worst, Math.abs(e[i] - a[i]));
            }
            assertTrue(worst <= 1e-4f, "attention output differs from the reference by " + worst);
        }
    }

    // ---- the oracle ----------------------------------------------------------------------------------------

    enum Views { DENSE, STRIDED, HEAP, READ_ONLY_INPUTS }

    private static void checkAllScalars(VectorGemm gemm, int m, int n, int k, Transpose transB) {
        Random random = new Random(1_000_003L * m + 1_009L * n + k + (transB == Transpose.TRANSPOSE ? 7 : 0));
        for (float alpha : SCALARS) {
            for (float beta : SCALARS) {
                check(gemm, m, n, k, transB, alpha, beta, random, Views.STRIDED);
            }
        }
    }

    /**
     * One product on views with non-zero offsets and leading dimensions past the columns (unless DENSE), C
     * prefilled with NaN when beta is 0; compares with the double-precision product and checks the padding.
     */
    private static void check(VectorGemm gemm, int m, int n, int k, Transpose transB, float alpha, float beta,
                              Random random, Views views) {
        boolean t = transB == Transpose.TRANSPOSE;
        boolean dense = views == Views.DENSE;
        int bRows = t ? n : k;
        int bCols = t ? k : n;
        int lda = dense ? k : k + 3;
        int ldb = dense ? bCols : bCols + 5;
        int ldc = dense ? n : n + 2;
        int aOff = dense ? 0 : 5;
        int bOff = dense ? 0 : 3;
        int cOff = dense ? 0 : 7;
        float[] a = filled(aOff + m * lda + 1, random, aOff, m, k, lda);
        float[] b = filled(bOff + bRows * ldb + 1, random, bOff, bRows, bCols, ldb);
        float[] c = filled(cOff + m * ldc + 1, random, cOff, m, n, ldc);
        if (beta == 0f) {
            for (int i = 0; i < m; i++) {
                for (int j = 0; j < n; j++) {
                    c[cOff + i * ldc + j] = Float.NaN; // must be ignored, not multiplied by zero
                }
            }
        }
        float[] c0 = c.clone();

        try (Arena arena = Arena.ofConfined()) {
            MemorySegment as;
            MemorySegment bs;
            MemorySegment cs;
            if (views == Views.HEAP) {
                as = MemorySegment.ofArray(a);
                bs = MemorySegment.ofArray(b);
                cs = MemorySegment.ofArray(c);
            } else {
                as = arena.allocateFrom(F, a);
                bs = arena.allocateFrom(F, b);
                cs = arena.allocateFrom(F, c);
                if (views == Views.READ_ONLY_INPUTS) {
                    as = as.asReadOnly();
                    bs = bs.asReadOnly();
                }
            }
            gemm.multiply(transB, m, n, k, alpha, as, aOff, lda, bs, bOff, ldb, beta, cs, cOff, ldc);
            float[] out = views == Views.HEAP ? c : cs.toArray(F);

            String where = "m=" + m + " n=" + n + " k=" + k + " " + transB + " alpha=" + alpha + " beta=" + beta
                    + " threads=" + gemm.threads() + " " + views;
            for (int idx = 0; idx < out.length; idx++) {
                int rel = idx - cOff;
                boolean inside = rel >= 0 && rel / ldc < m && rel % ldc < n;
                if (!inside) {
                    assertEquals(c0[idx], out[idx], "padding at " + idx + " changed, " + where);
                }
            }
            for (int i = 0; i < m; i++) {
                for (int j = 0; j < n; j++) {
                    double sum = 0;
                    double magnitude = 0;
                    for (int p = 0; p < k; p++) {
                        double x = a[aOff + i * lda + p];
                        double y = t ? b[bOff + j * ldb + p] : b[bOff + p * ldb + j];
                        sum += x * y;
                        magnitude += Math.abs(x * y);
                    }
                    double old = c0[cOff + i * ldc + j];
                    double kept = beta == 0f ? 0 : beta * old;
                    double expected = alpha * sum + kept;
                    double tolerance = 1e-6 * (k + 2) * (Math.abs(alpha) * magnitude + Math.abs(kept)) + 1e-6;
                    float actual = out[cOff + i * ldc + j];
                    if (!(Math.abs(actual - expected) <= tolerance)) {
                        fail("C[" + i + "][" + j + "] = " + actual + ", expected " + expected + " (tolerance "
                                + tolerance + "), " + where);
                    }
                }
            }
        }
    }

    /** Sentinels everywhere, Gaussian values in the rows x cols view at {@code offset} with {@code ld}. */
    private static float[] filled(int length, Random random, int offset, int rows, int cols, int ld) {
        float[] v = new float[length];
        java.util.Arrays.fill(v, SENTINEL);
        for (int r = 0; r < rows; r++) {
            for (int col = 0; col < cols; col++) {
                v[offset + r * ld + col] = (float) random.nextGaussian();
            }
        }
        return v;
    }

    /** The parallel path lends only the caller's own live memory: freed or foreign memory fails, as on one thread. */
    @Test
    void parallelProductsRefuseFreedAndForeignMemory() throws Exception {
        int n = 64;
        try (VectorGemm gemm = new VectorGemm(2, 0); Arena mine = Arena.ofConfined()) {
            MemorySegment b = mine.allocate((long) n * n * Float.BYTES, 64);
            MemorySegment c = mine.allocate((long) n * n * Float.BYTES, 64);
            Arena closed = Arena.ofConfined();
            MemorySegment freed = closed.allocate((long) n * n * Float.BYTES, 64);
            closed.close();
            assertThrows(IllegalStateException.class, () -> gemm.multiply(Transpose.NO_TRANSPOSE, n, n, n, 1f,
                    freed, 0, n, b, 0, n, 0f, c, 0, n));
            MemorySegment[] foreign = new MemorySegment[1];
            Thread owner = new Thread(() -> foreign[0] = Arena.ofConfined().allocate((long) n * n * Float.BYTES, 64));
            owner.start();
            owner.join();
            assertThrows(WrongThreadException.class, () -> gemm.multiply(Transpose.NO_TRANSPOSE, n, n, n, 1f,
                    foreign[0], 0, n, b, 0, n, 0f, c, 0, n));
        }
    }
}
