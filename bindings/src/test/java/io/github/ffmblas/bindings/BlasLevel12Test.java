package io.github.ffmblas.bindings;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Level 1 and 2 routines against {@link NaiveBlas}, with positive and negative increments: with a negative
 * increment element i sits at (n-1-i)*|inc| from the offset, and the floats in between must stay untouched.
 */
class BlasLevel12Test {
    private static final int[] INCREMENTS = {1, -1, 3, -3};
    /** (alpha, beta) pairs, cycled through the increment combinations. */
    private static final float[][] SCALARS = {{1f, 0f}, {0.5f, 1f}, {-1.5f, 0.5f}, {0f, -1.5f}, {1f, 1f}};
    private static final int[] LENGTHS = {1, 7, 33, 130, 1000};

    static Stream<Arguments> gemvCases() {
        List<Arguments> cases = new ArrayList<>();
        int[][] shapes = {{1, 1}, {7, 33}, {33, 7}, {130, 1}, {1, 130}, {130, 33}};
        for (Layout layout : Layout.values()) {
            for (Transpose trans : Transpose.values()) {
                for (int[] shape : shapes) {
                    cases.add(Arguments.of(layout, trans, shape[0], shape[1]));
                }
            }
        }
        return cases.stream();
    }

    /** Every pair of increments on a padded A at an offset; beta = 0 with y full of NaN. */
    @ParameterizedTest(name = "{0} {1} m={2} n={3}")
    @MethodSource("gemvCases")
    void sgemvMatchesTheOracle(Layout layout, Transpose trans, int m, int n) {
        Random random = new Random(m * 131L + n + layout.ordinal() * 7 + trans.ordinal() * 13);
        int lda = Math.max(1, layout == Layout.ROW_MAJOR ? n : m) + 3;
        int aOffset = 2;
        float[] a = TestData.matrix(random, layout, m, n, aOffset, lda);
        int xLength = trans != Transpose.NO_TRANSPOSE ? m : n;
        int yLength = trans != Transpose.NO_TRANSPOSE ? n : m;
        int round = 0;
        for (int incx : INCREMENTS) {
            for (int incy : INCREMENTS) {
                float alpha = SCALARS[round % SCALARS.length][0];
                float beta = SCALARS[round % SCALARS.length][1];
                round++;
                float[] x = TestData.vector(random, xLength, incx, 1);
                float[] y = TestData.vector(random, yLength, incy, 2);
                if (beta == 0) {
                    for (int i = 0; i < yLength; i++) {
                        y[NaiveBlas.index(2, yLength, incy, i)] = Float.NaN;
                    }
                }
                String context = "sgemv " + layout + " " + trans + " m=" + m + " n=" + n + " incx=" + incx
                        + " incy=" + incy + " alpha=" + alpha + " beta=" + beta;
                NaiveBlas.Expected expected = NaiveBlas.sgemv(layout, trans, m, n, alpha, a, aOffset, lda,
                        x, 1, incx, beta, y, 2, incy);
                try (Arena arena = Arena.ofConfined()) {
                    MemorySegment sa = TestData.copy(arena, a);
                    MemorySegment sx = TestData.copy(arena, x);
                    MemorySegment sy = TestData.copy(arena, y);

                    Blas.sgemv(layout, trans, m, n, alpha, sa, aOffset, lda, sx, 1, incx, beta, sy, 2, incy);

                    expected.assertMatches(TestData.read(sy), context);
                    assertUnchanged(a, sa, context + ": A");
                    assertUnchanged(x, sx, context + ": x");
                }
            }
        }
    }

    static Stream<Arguments> vectorCases() {
        return IntStream.of(LENGTHS).boxed().flatMap(n -> IntStream.of(INCREMENTS).boxed()
                .flatMap(incx -> IntStream.of(INCREMENTS).mapToObj(incy -> Arguments.of(n, incx, incy))));
    }

    @ParameterizedTest(name = "n={0} incx={1} incy={2}")
    @MethodSource("vectorCases")
    void saxpyMatchesTheOracle(int n, int incx, int incy) {
        Random random = new Random(n * 17L + incx * 5 + incy);
        for (float alpha : new float[] {0f, 1f, -1.5f}) {
            float[] x = TestData.vector(random, n, incx, 3);
            float[] y = TestData.vector(random, n, incy, 0);
            String context = "saxpy n=" + n + " incx=" + incx + " incy=" + incy + " alpha=" + alpha;
            NaiveBlas.Expected expected = NaiveBlas.saxpy(n, alpha, x, 3, incx, y, 0, incy);
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment sx = TestData.copy(arena, x);
                MemorySegment sy = TestData.copy(arena, y);

                Blas.saxpy(n, alpha, sx, 3, incx, sy, 0, incy);

                expected.assertMatches(TestData.read(sy), context);
                assertUnchanged(x, sx, context + ": x");
            }
        }
    }

    @ParameterizedTest(name = "n={0} incx={1} incy={2}")
    @MethodSource("vectorCases")
    void sdotMatchesTheOracle(int n, int incx, int incy) {
        Random random = new Random(n * 19L + incx * 3 + incy);
        float[] x = TestData.vector(random, n, incx, 2);
        float[] y = TestData.vector(random, n, incy, 5);
        double expected = NaiveBlas.sdot(n, x, 2, incx, y, 5, incy);
        double tol = NaiveBlas.tolerance(NaiveBlas.sdotSumAbs(n, x, 2, incx, y, 5, incy));
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment sx = TestData.copy(arena, x);
            MemorySegment sy = TestData.copy(arena, y);

            float actual = Blas.sdot(n, sx, 2, incx, sy, 5, incy);

            assertEquals(expected, actual, tol, "sdot n=" + n + " incx=" + incx + " incy=" + incy);
            assertUnchanged(x, sx, "sdot x");
            assertUnchanged(y, sy, "sdot y");
        }
    }

    static Stream<Arguments> scalCases() {
        return IntStream.of(LENGTHS).boxed()
                .flatMap(n -> IntStream.of(INCREMENTS).mapToObj(inc -> Arguments.of(n, inc)));
    }

    @ParameterizedTest(name = "n={0} incx={1}")
    @MethodSource("scalCases")
    void sscalMatchesTheOracle(int n, int incx) {
        Random random = new Random(n * 23L + incx);
        for (float alpha : new float[] {0f, 1f, 0.5f, -1.5f}) {
            float[] x = TestData.vector(random, n, incx, 4);
            String context = "sscal n=" + n + " incx=" + incx + " alpha=" + alpha;
            NaiveBlas.Expected expected = NaiveBlas.sscal(n, alpha, x, 4, incx);
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment sx = TestData.copy(arena, x);

                Blas.sscal(n, alpha, sx, 4, incx);

                expected.assertMatches(TestData.read(sx), context);
            }
        }
    }

    /** n = 0 (or m, n = 0 for sgemv): nothing is written and sdot is 0, even with offsets past the end. */
    @Test
    void emptyVectorsTouchNothing() {
        try (Arena arena = Arena.ofConfined()) {
            float[] data = TestData.sentinels(4);
            MemorySegment x = TestData.copy(arena, data);
            MemorySegment y = TestData.copy(arena, data);
            Blas.saxpy(0, 2f, x, 10, 1, y, 10, -1);
            Blas.sscal(0, 2f, y, 10, 3);
            assertEquals(0f, Blas.sdot(0, x, 10, 1, y, 10, 1));
            Blas.sgemv(Layout.ROW_MAJOR, Transpose.NO_TRANSPOSE, 0, 0, 1f, x, 10, 1, x, 10, 1, 0f, y, 10, 1);
            assertUnchanged(data, y, "y");
        }
    }

    /** The oracle itself, on numbers small enough to check by hand (a negative increment reverses a vector). */
    @Test
    void oracleAgreesWithHandComputedResults() {
        float[] x = {1, 2, 3};
        float[] y = {10, 20, 30};
        assertEquals(1 * 30 + 2 * 20 + 3 * 10, NaiveBlas.sdot(3, x, 0, 1, y, 0, -1));
        assertArrayEquals(new float[] {10 + 2 * 3, 20 + 2 * 2, 30 + 2 * 1},
                NaiveBlas.saxpy(3, 2f, x, 0, -1, y, 0, 1).values());
        float[] a = {1, 2, 3, 4, 5, 6}; // 2x3 row-major
        assertArrayEquals(new float[] {1 + 4 + 9, 4 + 10 + 18, 30},
                NaiveBlas.sgemv(Layout.ROW_MAJOR, Transpose.NO_TRANSPOSE, 2, 3, 1f, a, 0, 3, x, 0, 1, 0f,
                        y, 0, 1).values());
        assertTrue(NaiveBlas.sscal(3, -1f, x, 0, -1).values()[2] == -3f);
    }

    private static void assertUnchanged(float[] before, MemorySegment after, String what) {
        assertArrayEquals(TestData.bits(before), TestData.bits(TestData.read(after)), what + " changed");
    }
}
