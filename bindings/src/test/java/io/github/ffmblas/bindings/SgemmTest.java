package io.github.ffmblas.bindings;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/** {@link Blas#sgemm} against {@link NaiveBlas}: layouts, transposes, awkward sizes, scalars and views. */
class SgemmTest {
    private static final float[] SCALARS = {0f, 1f, 0.5f, -1.5f};
    /** (m, n, k): every size of {1, 7, 33, 130} alone, and mixed shapes where each dimension differs. */
    private static final int[][] SHAPES = {
            {1, 1, 1}, {7, 7, 7}, {33, 33, 33}, {130, 130, 130},
            {130, 7, 33}, {1, 130, 7}, {33, 1, 130}, {7, 130, 1}};

    static Stream<Arguments> cases() {
        List<Arguments> cases = new ArrayList<>();
        for (Layout layout : Layout.values()) {
            for (Transpose transA : Transpose.values()) {
                for (Transpose transB : Transpose.values()) {
                    for (int[] s : SHAPES) {
                        cases.add(Arguments.of(layout, transA, transB, s[0], s[1], s[2]));
                    }
                }
            }
        }
        return cases.stream();
    }

    /**
     * Every alpha/beta pair, once on tight operands (offset 0, minimal leading dimensions) and once on
     * sub-matrix views (non-zero offsets, leading dimensions above the minimum, sentinel padding).
     */
    @ParameterizedTest(name = "{0} {1} {2} m={3} n={4} k={5}")
    @MethodSource("cases")
    void matchesTheOracle(Layout layout, Transpose transA, Transpose transB, int m, int n, int k) {
        Random random = new Random(31L * m + 1009L * n + 7919L * k + layout.ordinal() * 2 + transA.ordinal() * 4
                + transB.ordinal() * 8);
        for (boolean padded : new boolean[] {false, true}) {
            Gemm gemm = new Gemm(random, layout, transA, transB, m, n, k, padded);
            for (float alpha : SCALARS) {
                for (float beta : SCALARS) {
                    gemm.check(random, alpha, beta);
                }
            }
        }
    }

    /**
     * Either side of {@link GemmCalls#SHORT_CALL_LIMIT} and of {@link GemmCalls#SHORT_VECTOR_LIMIT}: the first of each pair
     * goes as a critical downcall, the second as an ordinary one ({@link #shortCallsAreSmallProductsOnUnmappedMemory}).
     * All must agree with the oracle.
     */
    @ParameterizedTest
    @EnumSource(Layout.class)
    void shortAndOrdinaryCallsMatchTheOracle(Layout layout) {
        Random random = new Random(32);
        for (int[] s : new int[][] {{32, 32, 32}, {32, 32, 33}, {1, 48, 48}, {1, 32, 73}}) {
            for (boolean padded : new boolean[] {false, true}) {
                new Gemm(random, layout, Transpose.TRANSPOSE, Transpose.NO_TRANSPOSE, s[0], s[1], s[2], padded)
                        .check(random, 0.75f, 0.5f);
            }
        }
    }

    /** Which products {@link GemmCalls#gemm} may make critical downcalls: small, not vectors, not memory-mapped. */
    @Test
    void shortCallsAreSmallProductsOnUnmappedMemory(@TempDir Path dir) throws IOException {
        String vm = System.getProperty("java.vm.name", "");
        assumeTrue(vm.contains("HotSpot") || vm.startsWith("OpenJDK"), "critical calls are used on HotSpot only: " + vm);
        assertEquals(32L * 32 * 32, GemmCalls.SHORT_CALL_LIMIT);
        assertEquals(48L * 48, GemmCalls.SHORT_VECTOR_LIMIT);
        try (Arena arena = Arena.ofConfined();
             FileChannel file = FileChannel.open(dir.resolve("mapped"), StandardOpenOption.CREATE,
                     StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            MemorySegment s = arena.allocate(64);
            MemorySegment mapped = file.map(FileChannel.MapMode.READ_WRITE, 0, 64, arena);
            assertTrue(GemmCalls.shortCall(32, 32, 32, s, s, s));
            assertTrue(GemmCalls.shortCall(2, 2, 0, s, s, s));
            assertFalse(GemmCalls.shortCall(32, 32, 33, s, s, s));
            assertFalse(GemmCalls.shortCall(4096, 4096, 0, s, s, s), "k = 0 still scales all of C");
            assertFalse(GemmCalls.shortCall(Integer.MAX_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE, s, s, s));
            assertTrue(GemmCalls.shortCall(1, 1, 1, s, s, s));
            assertTrue(GemmCalls.shortCall(1, 48, 48, s, s, s));
            assertFalse(GemmCalls.shortCall(1, 32, 73, s, s, s), "m = 1 may become a threaded sgemv");
            assertFalse(GemmCalls.shortCall(32, 1, 73, s, s, s), "n = 1 may become a threaded sgemv");
            assertFalse(GemmCalls.shortCall(8, 8, 8, mapped, s, s));
            assertFalse(GemmCalls.shortCall(8, 8, 8, s, mapped, s));
            assertFalse(GemmCalls.shortCall(8, 8, 8, s, s, mapped));
        }
    }

    /** k = 0: C = beta * C, whatever alpha is, and neither A nor B is read. */
    @ParameterizedTest
    @EnumSource(Layout.class)
    void kZeroScalesC(Layout layout) {
        Random random = new Random(42);
        for (Transpose trans : Transpose.values()) {
            Gemm gemm = new Gemm(random, layout, trans, trans, 7, 33, 0, true);
            for (float beta : SCALARS) {
                gemm.check(random, 1.5f, beta);
            }
        }
    }

    /** beta = 0 means C is not read: NaN and infinities already there must not leak into the result. */
    @ParameterizedTest
    @EnumSource(Layout.class)
    void betaZeroIgnoresNonFiniteValuesInC(Layout layout) {
        int m = 33;
        int n = 7;
        int k = 130;
        Random random = new Random(7);
        Gemm gemm = new Gemm(random, layout, Transpose.NO_TRANSPOSE, Transpose.TRANSPOSE, m, n, k, true);
        float[] c = gemm.newC(random);
        float[] poison = {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY};
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < n; j++) {
                c[NaiveBlas.index(layout, gemm.cOffset, gemm.ldc, i, j)] = poison[(i + j) % poison.length];
            }
        }
        gemm.check(c, 1f, 0f);
    }

    /** A result that depends on the data: the oracle agrees with a hand-computed product. */
    @Test
    void oracleAgreesWithAHandComputedProduct() {
        float[] a = {1, 2, 3, 4, 5, 6}; // 2x3 row-major
        float[] b = {7, 8, 9, 10, 11, 12}; // 3x2 row-major
        float[] c = {100, 200, 300, 400};
        float[] expected = {58 + 50, 64 + 100, 139 + 150, 154 + 200}; // A*B + 0.5*C
        assertArrayEquals(expected, NaiveBlas.sgemm(Layout.ROW_MAJOR, Transpose.NO_TRANSPOSE, Transpose.NO_TRANSPOSE,
                2, 2, 3, 1f, a, 0, 3, b, 0, 2, 0.5f, c, 0, 2).values());
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment sc = TestData.copy(arena, c);
            Blas.sgemm(Layout.ROW_MAJOR, Transpose.NO_TRANSPOSE, Transpose.NO_TRANSPOSE, 2, 2, 3, 1f,
                    TestData.copy(arena, a), 0, 3, TestData.copy(arena, b), 0, 2, 0.5f, sc, 0, 2);
            assertArrayEquals(expected, TestData.read(sc));
        }
    }

    /** One GEMM shape with its operand views; {@link #check} runs it natively and compares with the oracle. */
    static final class Gemm {
        final Layout layout;
        final Transpose transA;
        final Transpose transB;
        final int m;
        final int n;
        final int k;
        final int aRows;
        final int aCols;
        final int bRows;
        final int bCols;
        final int aOffset;
        final int bOffset;
        final int cOffset;
        final int lda;
        final int ldb;
        final int ldc;
        private final float[] a;
        private final float[] b;

        /** Random A and B (sentinel padding around them) drawn from {@code random}. */
        Gemm(Random random, Layout layout, Transpose transA, Transpose transB, int m, int n, int k, boolean padded) {
            this.layout = layout;
            this.transA = transA;
            this.transB = transB;
            this.m = m;
            this.n = n;
            this.k = k;
            boolean ta = transA != Transpose.NO_TRANSPOSE;
            boolean tb = transB != Transpose.NO_TRANSPOSE;
            aRows = ta ? k : m;
            aCols = ta ? m : k;
            bRows = tb ? n : k;
            bCols = tb ? k : n;
            aOffset = padded ? 5 : 0;
            bOffset = padded ? 2 : 0;
            cOffset = padded ? 7 : 0;
            lda = minimumLd(aRows, aCols) + (padded ? 3 : 0);
            ldb = minimumLd(bRows, bCols) + (padded ? 1 : 0);
            ldc = minimumLd(m, n) + (padded ? 4 : 0);
            a = TestData.matrix(random, layout, aRows, aCols, aOffset, lda);
            b = TestData.matrix(random, layout, bRows, bCols, bOffset, ldb);
        }

        private int minimumLd(int rows, int cols) {
            return Math.max(1, layout == Layout.ROW_MAJOR ? cols : rows);
        }

        float[] newC(Random random) {
            return TestData.matrix(random, layout, m, n, cOffset, ldc);
        }

        /** A fresh random C; with beta = 0 its elements are NaN, which BLAS must not read. */
        void check(Random random, float alpha, float beta) {
            float[] c = newC(random);
            if (beta == 0) {
                for (int i = 0; i < m; i++) {
                    for (int j = 0; j < n; j++) {
                        c[NaiveBlas.index(layout, cOffset, ldc, i, j)] = Float.NaN;
                    }
                }
            }
            check(c, alpha, beta);
        }

        /** Runs C = alpha * op(A) * op(B) + beta * C natively and compares with the oracle. */
        void check(float[] c, float alpha, float beta) {
            String context = layout + " " + transA + " " + transB + " m=" + m + " n=" + n + " k=" + k
                    + " alpha=" + alpha + " beta=" + beta + " offsets=" + aOffset + "/" + bOffset + "/" + cOffset
                    + " ld=" + lda + "/" + ldb + "/" + ldc;
            NaiveBlas.Expected expected = NaiveBlas.sgemm(layout, transA, transB, m, n, k, alpha,
                    a, aOffset, lda, b, bOffset, ldb, beta, c, cOffset, ldc);
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment sa = TestData.copy(arena, a);
                MemorySegment sb = TestData.copy(arena, b);
                MemorySegment sc = TestData.copy(arena, c);

                Blas.sgemm(layout, transA, transB, m, n, k, alpha, sa, aOffset, lda, sb, bOffset, ldb,
                        beta, sc, cOffset, ldc);

                expected.assertMatches(TestData.read(sc), context);
                assertArrayEquals(TestData.bits(a), TestData.bits(TestData.read(sa)), context + ": A changed");
                assertArrayEquals(TestData.bits(b), TestData.bits(TestData.read(sb)), context + ": B changed");
            }
        }
    }
}
