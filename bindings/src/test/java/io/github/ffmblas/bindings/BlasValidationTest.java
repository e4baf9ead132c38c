package io.github.ffmblas.bindings;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every argument check of {@link Blas}: the exception type, a message naming routine and parameter, and the
 * output left exactly as it was (so the check ran before any native code).
 */
class BlasValidationTest {
    private static final Transpose N = Transpose.NO_TRANSPOSE;
    private static final Transpose T = Transpose.TRANSPOSE;
    private static final int FLOATS = 64;

    private Arena arena;
    private final Random random = new Random(2024);

    @BeforeEach
    void openArena() {
        arena = Arena.ofConfined();
    }

    @AfterEach
    void closeArena() {
        arena.close();
    }

    /** {@code count} random floats in native memory. */
    private MemorySegment floats(int count) {
        float[] data = new float[count];
        for (int i = 0; i < count; i++) {
            data[i] = TestData.value(random);
        }
        return TestData.copy(arena, data);
    }

    /**
     * Expects {@code call} to throw {@code type} with every fragment in its message, and {@code output} to keep
     * its bits.
     */
    private static <E extends Throwable> E assertRejected(Class<E> type, MemorySegment output, Executable call,
                                                          String... fragments) {
        int[] before = TestData.bits(TestData.read(output));
        E e = assertThrows(type, call);
        for (String fragment : fragments) {
            assertTrue(e.getMessage() != null && e.getMessage().contains(fragment),
                    "message lacks '" + fragment + "': " + e.getMessage());
        }
        assertArrayEquals(before, TestData.bits(TestData.read(output)), "the output changed: " + e.getMessage());
        return e;
    }

    /**
     * A valid GEMM (row-major, 3x4x5, tight operands in separate 64-float segments) that each test breaks in one
     * way. {@link #sgemm} and {@link #batch} make the call.
     */
    final class Gemm {
        Layout layout = Layout.ROW_MAJOR;
        Transpose transA = N;
        Transpose transB = N;
        int m = 3;
        int n = 4;
        int k = 5;
        MemorySegment a = floats(FLOATS);
        MemorySegment b = floats(FLOATS);
        MemorySegment c = floats(FLOATS);
        long aOffset;
        long bOffset;
        long cOffset;
        int lda = 5;
        int ldb = 4;
        int ldc = 4;
        long strideA;
        long strideB;
        long strideC;
        int count = 1;

        void sgemm() {
            Blas.sgemm(layout, transA, transB, m, n, k, 1f, a, aOffset, lda, b, bOffset, ldb, 0.5f, c, cOffset, ldc);
        }

        void batch() {
            Blas.sgemmBatchStrided(layout, transA, transB, m, n, k, 1f, a, aOffset, lda, strideA, b, bOffset, ldb,
                    strideB, 0.5f, c, cOffset, ldc, strideC, count);
        }

        /** The oracle's C for the current arguments (sgemm, offsets and lds as set). */
        NaiveBlas.Expected expected(float[] cBefore) {
            return NaiveBlas.sgemm(layout, transA, transB, m, n, k, 1f, TestData.read(a), (int) aOffset, lda,
                    TestData.read(b), (int) bOffset, ldb, 0.5f, cBefore, (int) cOffset, ldc);
        }
    }

    // ---- dimensions, counts, strides, offsets ------------------------------------------------------------------

    @ParameterizedTest
    @ValueSource(strings = {"m", "n", "k"})
    void negativeDimension(String which) {
        Gemm g = new Gemm();
        switch (which) {
            case "m" -> g.m = -1;
            case "n" -> g.n = -1;
            default -> g.k = -1;
        }
        assertRejected(IllegalArgumentException.class, g.c, g::sgemm, "sgemm: " + which + "=-1 must be >= 0");
        assertRejected(IllegalArgumentException.class, g.c, g::batch, "sgemmBatchStrided: " + which + "=-1");
    }

    @Test
    void negativeCount() {
        Gemm g = new Gemm();
        g.count = -1;
        assertRejected(IllegalArgumentException.class, g.c, g::batch, "sgemmBatchStrided: count=-1 must be >= 0");
    }

    @ParameterizedTest
    @ValueSource(strings = {"strideA", "strideB", "strideC"})
    void negativeStride(String which) {
        Gemm g = new Gemm();
        g.count = 2;
        switch (which) {
            case "strideA" -> g.strideA = -15;
            case "strideB" -> g.strideB = -20;
            default -> g.strideC = -12;
        }
        assertRejected(IllegalArgumentException.class, g.c, g::batch, "sgemmBatchStrided: " + which + "=-",
                "must be >= 0");
    }

    @ParameterizedTest
    @ValueSource(strings = {"strideA", "strideB", "strideC"})
    void strideThatDoesNotFitInABlasint(String which) {
        Gemm g = new Gemm();
        g.count = 2;
        long tooBig = 1L << 31;
        switch (which) {
            case "strideA" -> g.strideA = tooBig;
            case "strideB" -> g.strideB = tooBig;
            default -> g.strideC = tooBig;
        }
        assertRejected(IllegalArgumentException.class, g.c, g::batch,
                "sgemmBatchStrided: " + which + "=2147483648 does not fit in a 32-bit blasint");
    }

    @ParameterizedTest
    @ValueSource(strings = {"A", "B", "C"})
    void negativeOffset(String which) {
        Gemm g = new Gemm();
        switch (which) {
            case "A" -> g.aOffset = -1;
            case "B" -> g.bOffset = -1;
            default -> g.cOffset = -1;
        }
        assertRejected(IllegalArgumentException.class, g.c, g::sgemm, "sgemm: offset of " + which + "=-1 must be >= 0");
    }

    // ---- leading dimensions ------------------------------------------------------------------------------------

    static Stream<Arguments> layoutsAndTransposes() {
        List<Arguments> cases = new ArrayList<>();
        for (Layout layout : Layout.values()) {
            for (Transpose transA : Transpose.values()) {
                for (Transpose transB : Transpose.values()) {
                    cases.add(Arguments.of(layout, transA, transB));
                }
            }
        }
        return cases.stream();
    }

    /**
     * m, n and k differ (3, 4, 5), so each layout/transpose has its own minimum for each leading dimension: one
     * below is refused naming that parameter, the minimum itself is accepted and computes the right thing.
     */
    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("layoutsAndTransposes")
    void leadingDimensionBelowTheMinimum(Layout layout, Transpose transA, Transpose transB) {
        Gemm g = new Gemm();
        g.layout = layout;
        g.transA = transA;
        g.transB = transB;
        boolean rowMajor = layout == Layout.ROW_MAJOR;
        int aRows = transA != Transpose.NO_TRANSPOSE ? g.k : g.m;
        int aCols = transA != Transpose.NO_TRANSPOSE ? g.m : g.k;
        int bRows = transB != Transpose.NO_TRANSPOSE ? g.n : g.k;
        int bCols = transB != Transpose.NO_TRANSPOSE ? g.k : g.n;
        int minA = rowMajor ? aCols : aRows;
        int minB = rowMajor ? bCols : bRows;
        int minC = rowMajor ? g.n : g.m;
        g.lda = minA;
        g.ldb = minB;
        g.ldc = minC;

        g.lda = minA - 1;
        assertRejected(IllegalArgumentException.class, g.c, g::sgemm, "sgemm: lda=" + (minA - 1) + " must be >= " + minA);
        g.lda = minA;
        g.ldb = minB - 1;
        assertRejected(IllegalArgumentException.class, g.c, g::sgemm, "sgemm: ldb=" + (minB - 1) + " must be >= " + minB);
        g.ldb = minB;
        g.ldc = minC - 1;
        assertRejected(IllegalArgumentException.class, g.c, g::sgemm, "sgemm: ldc=" + (minC - 1) + " must be >= " + minC);
        g.ldc = minC;

        float[] before = TestData.read(g.c);
        g.sgemm();
        g.expected(before).assertMatches(TestData.read(g.c), layout + " " + transA + " " + transB + " at minimum ld");
    }

    @Test
    void leadingDimensionMustBePositiveEvenForAnEmptyMatrix() {
        Gemm g = new Gemm();
        g.k = 0; // A is 3x0: row-major needs lda >= max(1, 0)
        g.lda = 0;
        assertRejected(IllegalArgumentException.class, g.c, g::sgemm, "sgemm: lda=0 must be >= 1");
    }

    // ---- extents -----------------------------------------------------------------------------------------------

    @ParameterizedTest
    @ValueSource(strings = {"A", "B", "C"})
    void segmentOneFloatShort(String which) {
        Gemm g = new Gemm();
        g.lda = 7; // padded A: needs (3-1)*7 + 5 = 19 floats, not 3*7
        int needed = switch (which) {
            case "A" -> 19;
            case "B" -> 20;
            default -> 12;
        };
        MemorySegment exact = floats(needed);
        MemorySegment shortOne = floats(needed - 1);
        set(g, which, shortOne);
        assertRejected(IllegalArgumentException.class, g.c, g::sgemm,
                "sgemm: " + which + " needs floats up to index " + (needed - 1) + " but its segment holds "
                        + (needed - 1) + " floats");
        set(g, which, exact);
        assertDoesNotThrow(g::sgemm);
    }

    private static void set(Gemm g, String which, MemorySegment segment) {
        switch (which) {
            case "A" -> g.a = segment;
            case "B" -> g.b = segment;
            default -> g.c = segment;
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"A", "B", "C"})
    void offsetPastTheEnd(String which) {
        Gemm g = new Gemm();
        switch (which) {
            case "A" -> g.aOffset = FLOATS;
            case "B" -> g.bOffset = FLOATS - 19; // B needs 20 floats from its offset
            default -> g.cOffset = FLOATS - 11;
        }
        assertRejected(IllegalArgumentException.class, g.c, g::sgemm, "sgemm: " + which + " needs floats up to index");
    }

    @Test
    void batchItemsPastTheEnd() {
        Gemm g = new Gemm();
        g.count = 4;
        g.strideA = 15;
        g.strideB = 20;
        g.strideC = 12; // C needs 48 floats: fits; B needs 80: does not
        assertRejected(IllegalArgumentException.class, g.c, g::batch,
                "sgemmBatchStrided: B needs floats up to index 79", "stride 20, count 4");
    }

    /** Extents computed in long arithmetic must not wrap around or escape as ArithmeticException. */
    @Test
    void overflowingExtentsAreIllegalArguments() {
        Gemm rows = new Gemm();
        rows.m = Integer.MAX_VALUE; // 2^31-1 rows of A, 2^31-1 floats apart: ~2^62 floats, 2^64 bytes
        rows.k = 1;
        rows.lda = Integer.MAX_VALUE;
        assertRejected(IllegalArgumentException.class, rows.c, rows::sgemm, "sgemm: A extends past 2^63 bytes");

        Gemm strides = new Gemm();
        strides.m = 1;
        strides.n = 1;
        strides.k = 1;
        strides.count = Integer.MAX_VALUE;
        strides.strideA = Integer.MAX_VALUE;
        strides.strideB = 1;
        strides.strideC = 1;
        assertRejected(IllegalArgumentException.class, strides.c, strides::batch,
                "sgemmBatchStrided: A extends past 2^63 bytes");

        Gemm offset = new Gemm();
        offset.cOffset = Long.MAX_VALUE / 2;
        assertRejected(IllegalArgumentException.class, offset.c, offset::sgemm, "sgemm: C extends past 2^63 bytes");

        Gemm big = new Gemm(); // no overflow, just far too big: still an IllegalArgumentException
        big.m = 1 << 20;
        big.ldc = 1 << 20;
        assertRejected(IllegalArgumentException.class, big.c, big::sgemm, "sgemm: A needs floats up to index");
    }

    // ---- overlap -----------------------------------------------------------------------------------------------

    @Test
    void outputOverlappingAnInputInTheSameSegment() {
        Gemm g = new Gemm();
        MemorySegment shared = floats(FLOATS);
        g.a = shared; // floats 0..14
        g.c = shared;
        g.cOffset = 14; // floats 14..25: one float in common with A
        assertRejected(IllegalArgumentException.class, shared, g::sgemm, "sgemm: output C overlaps input A");
        g.cOffset = 15; // right after A: fine
        assertDoesNotThrow(g::sgemm);

        Gemm h = new Gemm();
        h.b = shared; // floats 30..49
        h.bOffset = 30;
        h.c = shared;
        h.cOffset = 49 - 11; // floats 38..49
        assertRejected(IllegalArgumentException.class, shared, h::sgemm, "sgemm: output C overlaps input B");
    }

    /** Two segment objects over the same memory are caught by address, not by identity. */
    @Test
    @SuppressWarnings("restricted") // reinterpret: a second segment over the same memory, on purpose
    void outputAliasingAnInputThroughAnotherSegment() {
        Gemm g = new Gemm();
        g.c = MemorySegment.ofAddress(g.a.address()).reinterpret(g.a.byteSize());
        g.cOffset = 3;
        assertRejected(IllegalArgumentException.class, g.c, g::sgemm, "sgemm: output C overlaps input A");

        Gemm h = new Gemm();
        h.c = MemorySegment.ofAddress(h.b.address() + 8 * Float.BYTES).reinterpret(40L * Float.BYTES);
        assertRejected(IllegalArgumentException.class, h.c, h::sgemm, "sgemm: output C overlaps input B");
    }

    /**
     * A and C interleaved column-wise in one buffer (rows 10 floats apart: A in columns 0-4, C in 5-8): their
     * ranges overlap but no float is shared, so the call is accepted and must compute the right thing.
     */
    @Test
    void elementDisjointInterleavedOperandsAreAccepted() {
        Gemm g = new Gemm();
        MemorySegment shared = floats(FLOATS);
        g.a = shared;
        g.lda = 10;
        g.c = shared;
        g.cOffset = 5;
        g.ldc = 10;
        float[] before = TestData.read(shared);
        NaiveBlas.Expected expected = NaiveBlas.sgemm(g.layout, N, N, 3, 4, 5, 1f, before, 0, 10,
                TestData.read(g.b), 0, 4, 0.5f, before, 5, 10);

        g.sgemm();

        expected.assertMatches(TestData.read(shared), "interleaved A and C");
    }

    @Test
    void batchItemsOfTheOutputOverlappingEachOther() {
        Gemm g = new Gemm();
        g.count = 2;
        g.strideA = 15;
        g.strideB = 20;
        g.strideC = 4; // one row: item 1 starts in item 0's second row
        assertRejected(IllegalArgumentException.class, g.c, g::batch,
                "sgemmBatchStrided: the 2 items of C overlap one another", "stride 4");
        g.strideC = 0;
        assertRejected(IllegalArgumentException.class, g.c, g::batch, "the 2 items of C overlap one another");
        g.strideA = 0; // shared inputs are fine; a shared output is not
        assertRejected(IllegalArgumentException.class, g.c, g::batch, "the 2 items of C overlap one another");
    }

    /** Heads side by side (stride = n, ldc = heads * n) are accepted; one column less apart they collide. */
    @Test
    void headLikeOutputItemsAreAcceptedWhenElementDisjoint() {
        Gemm g = new Gemm();
        g.count = 3;
        g.strideA = 15;
        g.strideB = 20;
        g.a = floats(45);
        g.b = floats(60);
        g.c = floats(36);
        g.ldc = 12;
        g.strideC = 4;
        float[] before = TestData.read(g.c);

        g.batch();

        NaiveBlas.Expected expected = null;
        float[] values = before;
        for (int i = 0; i < 3; i++) {
            expected = NaiveBlas.sgemm(g.layout, N, N, 3, 4, 5, 1f, TestData.read(g.a), 15 * i, 5,
                    TestData.read(g.b), 20 * i, 4, 0.5f, values, 4 * i, 12);
            values = expected.values();
        }
        for (int i = 0; i < values.length; i++) {
            assertEquals(values[i], TestData.read(g.c)[i], NaiveBlas.tolerance(10), "head layout, float " + i);
        }

        g.strideC = 3;
        assertRejected(IllegalArgumentException.class, g.c, g::batch, "the 3 items of C overlap one another");
    }

    // ---- segments ----------------------------------------------------------------------------------------------

    @ParameterizedTest
    @ValueSource(strings = {"A", "B", "C"})
    void heapSegmentsOverFloatArraysAreComputedInPlace(String which) {
        Gemm g = new Gemm();
        MemorySegment heap = MemorySegment.ofArray(new float[FLOATS]);
        MemorySegment.copy(which.equals("A") ? g.a : which.equals("B") ? g.b : g.c, 0, heap, 0, heap.byteSize());
        set(g, which, heap);
        float[] before = TestData.read(g.c);
        g.sgemm();
        g.expected(before).assertMatches(TestData.read(g.c), "heap " + which);
    }

    @ParameterizedTest
    @ValueSource(strings = {"A", "B", "C"})
    void heapSegmentsOverOtherArraysAreRefused(String which) {
        Gemm g = new Gemm();
        MemorySegment heap = MemorySegment.ofArray(new double[FLOATS]);
        set(g, which, heap);
        assertRejected(IllegalArgumentException.class, g.c, g::sgemm, "sgemm: " + which + " is a heap segment over double[]");
    }

    @Test
    void heapSegmentsOverOtherArraysAreRefusedEvenWhenNothingIsComputed() {
        Gemm g = new Gemm();
        g.m = 0;
        g.a = MemorySegment.ofArray(new double[FLOATS]);
        assertRejected(IllegalArgumentException.class, g.c, g::sgemm, "sgemm: A is a heap segment over double[]");
    }

    @Test
    void readOnlyOutputsAreRefused() {
        Gemm g = new Gemm();
        MemorySegment writable = g.c;
        g.c = writable.asReadOnly();
        assertRejected(IllegalArgumentException.class, writable, g::sgemm, "sgemm: output C is a read-only segment");
        g.c = MemorySegment.ofArray(TestData.read(writable)).asReadOnly();
        assertRejected(IllegalArgumentException.class, writable, g::sgemm, "sgemm: output C is a read-only segment");
        MemorySegment x = floats(FLOATS);
        assertRejected(IllegalArgumentException.class, x, () -> Blas.saxpy(4, 1f, x, 0, 1, x.asReadOnly(), 32, 1),
                "saxpy: output y is a read-only segment");
    }

    /**
     * A read-only view of an output's own array is the output's memory. {@code heapBase()} is empty for such a
     * view, and the overlap test once compared arrays through it: these calls were made, and sgemm wrote zeros.
     * Covers the quick checks (sgemm, saxpy) and the general ones (a batch).
     */
    @Test
    void readOnlyViewsOfAnOutputsArrayAreOverlaps() {
        MemorySegment c = MemorySegment.ofArray(TestData.read(floats(FLOATS)));
        Gemm g = new Gemm();
        g.c = c;
        g.a = c.asReadOnly();
        assertRejected(IllegalArgumentException.class, c, g::sgemm, "sgemm: output C overlaps input A");
        g.count = 2;
        g.strideC = 12;
        assertRejected(IllegalArgumentException.class, c, g::batch, "output C overlaps input A");
        assertRejected(IllegalArgumentException.class, c, () -> Blas.saxpy(4, 1f, c.asReadOnly(), 0, 1, c, 0, 1),
                "saxpy: output y overlaps input x");
        MemorySegment d = MemorySegment.ofArray(new double[FLOATS]);
        assertRejected(IllegalArgumentException.class, d, () -> Blas.dcopy(8, d.asReadOnly(), 4, 1, d, 0, 1),
                "dcopy: output y overlaps input x");
    }

    /** Read-only heap inputs over other arrays are computed, by the quick checks (one product) and the general. */
    @Test
    void readOnlyHeapInputsAreComputed() {
        for (int count : new int[] {1, 2}) {
            Gemm g = new Gemm();
            g.a = MemorySegment.ofArray(TestData.read(g.a)).asReadOnly();
            g.b = MemorySegment.ofArray(TestData.read(g.b)).asReadOnly();
            g.c = MemorySegment.ofArray(TestData.read(g.c));
            float[] before = TestData.read(g.c);
            if (count == 1) {
                g.sgemm();
                g.expected(before).assertMatches(TestData.read(g.c), "read-only heap inputs");
                continue;
            }
            g.count = 2; // strides of 0 for A and B: two equal items, C's side by side (12 floats each)
            g.strideC = 12;
            g.batch();
            float[] after = TestData.read(g.c);
            for (int item = 0; item < 2; item++) { // the oracle for one item; the other item's floats as before
                float[] one = before.clone();
                System.arraycopy(after, 12 * item, one, 12 * item, 12);
                g.cOffset = 12 * item;
                g.expected(before).assertMatches(one, "read-only heap inputs, batch item " + item);
            }
        }
        assertRejected(IllegalArgumentException.class, floats(FLOATS), () -> Blas.sdot(4,
                MemorySegment.ofArray(new double[8]).asReadOnly(), 0, 1, floats(8), 0, 1),
                "sdot: x is a heap segment over double[] (a read-only view)");
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3})
    void misalignedStartIsRefused(int byteOffset) {
        Gemm g = new Gemm();
        MemorySegment base = floats(FLOATS);
        g.a = base.asSlice(byteOffset);
        assertRejected(IllegalArgumentException.class, g.c, g::sgemm, "sgemm: A starts at address 0x",
                "not 4-byte aligned");
        g.a = base.asSlice(4); // one float in: aligned
        assertDoesNotThrow(g::sgemm);
    }

    /**
     * A heap slice that starts inside an element is misaligned too: its floats would straddle the array's. It
     * was taken (sscal scaled the straddling floats) until the alignment check covered heap segments.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3})
    void misalignedHeapSlicesAreRefused(int byteOffset) {
        MemorySegment floats = MemorySegment.ofArray(TestData.read(floats(FLOATS)));
        MemorySegment x = floats.asSlice(byteOffset, 128);
        assertRejected(IllegalArgumentException.class, floats, () -> Blas.sscal(32, 2f, x, 0, 1),
                "sscal: x starts at byte " + byteOffset + " of its array, which is not 4-byte aligned");
        MemorySegment doubles = MemorySegment.ofArray(new double[FLOATS]);
        doubles.copyFrom(floats);
        MemorySegment d = doubles.asSlice(4L * byteOffset + 1, 128); // 5, 9, 13: not a multiple of 8
        assertRejected(IllegalArgumentException.class, doubles, () -> Blas.dscal(16, 2, d, 0, 1),
                "dscal: x starts at byte " + (4 * byteOffset + 1) + " of its array, which is not 8-byte aligned");
        Gemm g = new Gemm(); // the general checks: a batch of two
        g.a = MemorySegment.ofArray(TestData.read(g.a)).asSlice(byteOffset, 128);
        g.count = 2;
        g.strideC = 12;
        assertRejected(IllegalArgumentException.class, g.c, g::batch, "A starts at byte " + byteOffset,
                "not 4-byte aligned");
        MemorySegment aligned = MemorySegment.ofArray(new float[FLOATS]).asSlice(4, 128);
        aligned.setAtIndex(java.lang.foreign.ValueLayout.JAVA_FLOAT, 31, 1.5f);
        Blas.sscal(32, 2f, aligned, 0, 1);
        assertEquals(3f, aligned.getAtIndex(java.lang.foreign.ValueLayout.JAVA_FLOAT, 31));
    }

    @Test
    void closedArenaIsAnIllegalState() {
        Gemm g = new Gemm();
        Arena other = Arena.ofConfined();
        g.b = other.allocate(FLOATS * Float.BYTES, Float.BYTES);
        other.close();
        assertRejected(IllegalStateException.class, g.c, g::sgemm, "sgemm: B belongs to an arena that is already closed");
    }

    @Test
    void confinedSegmentUsedFromAnotherThread() throws InterruptedException {
        Gemm g = new Gemm(); // all three segments confined to this thread
        int[] before = TestData.bits(TestData.read(g.c));
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread other = new Thread(() -> {
            try {
                g.sgemm();
            } catch (Throwable t) {
                thrown.set(t);
            }
        }, "not-the-owner");
        other.start();
        other.join(30_000);

        Throwable t = thrown.get();
        assertTrue(t instanceof WrongThreadException, "expected WrongThreadException, got " + t);
        assertTrue(t.getMessage().startsWith("sgemm: A is confined to another thread than not-the-owner"),
                t.getMessage());
        assertArrayEquals(before, TestData.bits(TestData.read(g.c)));
    }

    @Test
    void nullsNameTheParameter() {
        Gemm g = new Gemm();
        g.layout = null;
        assertRejected(NullPointerException.class, g.c, g::sgemm, "sgemm: layout is null");
        g.layout = Layout.ROW_MAJOR;
        g.transB = null;
        assertRejected(NullPointerException.class, g.c, g::batch, "sgemmBatchStrided: transB is null");
        g.transB = N;
        MemorySegment c = g.c;
        g.b = null;
        assertRejected(NullPointerException.class, c, g::sgemm, "sgemm: B is null");
        g.b = floats(FLOATS);
        g.c = null;
        assertThrows(NullPointerException.class, g::sgemm, "sgemm: C is null");
        assertEquals("sgemm: C is null", assertThrows(NullPointerException.class, g::sgemm).getMessage());
    }

    // ---- nothing to compute ------------------------------------------------------------------------------------

    /** A zero dimension or count returns before any extent check: no float of any operand is touched. */
    @ParameterizedTest
    @ValueSource(strings = {"m", "n", "count"})
    void zeroDimensionReturnsEarlyEvenWithOffsetsPastTheEnd(String which) {
        Gemm g = new Gemm();
        switch (which) {
            case "m" -> g.m = 0;
            case "n" -> g.n = 0;
            default -> g.count = 0;
        }
        g.aOffset = 1000;
        g.bOffset = 1000;
        g.cOffset = 1000;
        float[] before = TestData.read(g.c);
        assertDoesNotThrow(g::batch);
        if (!which.equals("count")) {
            assertDoesNotThrow(g::sgemm);
        }
        assertArrayEquals(TestData.bits(before), TestData.bits(TestData.read(g.c)));
    }

    /** sgemv with m or n zero: neither vector is touched (y is not even scaled by beta), wherever it points. */
    @Test
    void sgemvWithAZeroDimensionReturnsEarly() {
        MemorySegment a = floats(FLOATS);
        MemorySegment x = floats(4);
        MemorySegment y = floats(4);
        float[] before = TestData.read(y);
        Blas.sgemv(Layout.ROW_MAJOR, N, 0, 4, 1f, a, 0, 4, x, 100, 1, 0.5f, y, 100, 1); // x has 4 by shape
        Blas.sgemv(Layout.COLUMN_MAJOR, T, 0, 4, 1f, a, 0, 1, x, 100, -1, 0.5f, y, 0, 1); // y has 4 by shape
        Blas.sgemv(Layout.ROW_MAJOR, T, 3, 0, 1f, a, 0, 1, x, 100, 1, 0.5f, y, 0, 1);
        assertArrayEquals(TestData.bits(before), TestData.bits(TestData.read(y)));
        assertRejected(IllegalArgumentException.class, y,
                () -> Blas.sgemv(Layout.ROW_MAJOR, N, 0, 4, 1f, a, -1, 4, x, 0, 1, 0.5f, y, 0, 1),
                "sgemv: offset of A=-1 must be >= 0");
    }

    @Test
    void zeroKStillScalesCAndChecksIt() {
        Gemm g = new Gemm();
        g.k = 0;
        g.lda = 1;
        g.aOffset = 1000; // A and B are empty: not read, so not checked
        g.bOffset = 1000;
        float[] before = TestData.read(g.c);
        g.sgemm();
        for (int i = 0; i < 12; i++) {
            assertEquals(0.5f * before[i], TestData.read(g.c)[i], "C = beta * C");
        }
        g.cOffset = FLOATS - 11;
        assertRejected(IllegalArgumentException.class, g.c, g::sgemm, "sgemm: C needs floats up to index");
    }

    /** The same on shared memory, which goes to OpenBLAS as segments rather than by address. */
    @Test
    void zeroKOnSharedMemoryIgnoresTheOffsetsOfAAndB() {
        try (Arena shared = Arena.ofShared()) {
            MemorySegment a = shared.allocate(4L * Float.BYTES, 64);
            MemorySegment b = shared.allocate(4L * Float.BYTES, 64);
            MemorySegment c = TestData.copy(shared, new float[] {1f, 2f, 3f, 4f});
            Blas.sgemm(Layout.ROW_MAJOR, N, N, 2, 2, 0, 1f, a, 1000, 1, b, Long.MAX_VALUE / 8, 2, 0.5f, c, 0, 2);
            assertArrayEquals(new float[] {0.5f, 1f, 1.5f, 2f}, TestData.read(c));
            Blas.sgemm(Layout.ROW_MAJOR, N, N, 2, 2, 0, 1f, a, Long.MAX_VALUE / 8, 1, b, 7, 2, 2f, c.asSlice(0),
                    0, 2);
            assertArrayEquals(new float[] {1f, 2f, 3f, 4f}, TestData.read(c));
        }
    }

    // ---- level 1 and 2 -----------------------------------------------------------------------------------------

    @Test
    void zeroIncrementsAreRefused() {
        MemorySegment x = floats(FLOATS);
        MemorySegment y = floats(FLOATS);
        MemorySegment a = floats(FLOATS);
        assertRejected(IllegalArgumentException.class, y, () -> Blas.saxpy(4, 1f, x, 0, 0, y, 0, 1),
                "saxpy: incx=0; it must be non-zero");
        assertRejected(IllegalArgumentException.class, y, () -> Blas.saxpy(4, 1f, x, 0, 1, y, 0, 0),
                "saxpy: incy=0");
        assertRejected(IllegalArgumentException.class, y, () -> Blas.sdot(4, x, 0, 1, y, 0, 0), "sdot: incy=0");
        assertRejected(IllegalArgumentException.class, x, () -> Blas.sscal(4, 2f, x, 0, 0), "sscal: incx=0");
        assertRejected(IllegalArgumentException.class, y,
                () -> Blas.sgemv(Layout.ROW_MAJOR, N, 3, 4, 1f, a, 0, 4, x, 0, 0, 0f, y, 0, 1), "sgemv: incx=0");
        assertRejected(IllegalArgumentException.class, y,
                () -> Blas.sgemv(Layout.ROW_MAJOR, N, 3, 4, 1f, a, 0, 4, x, 0, 1, 0f, y, 0, 0), "sgemv: incy=0");
    }

    @Test
    void shortVectorsAreRefused() {
        MemorySegment nine = floats(9);
        MemorySegment ten = floats(10);
        MemorySegment big = floats(FLOATS);
        assertRejected(IllegalArgumentException.class, big, () -> Blas.saxpy(10, 1f, nine, 0, 1, big, 0, 1),
                "saxpy: x needs floats up to index 9 but its segment holds 9 floats");
        assertRejected(IllegalArgumentException.class, nine, () -> Blas.saxpy(10, 1f, big, 0, 1, nine, 0, 1),
                "saxpy: y needs floats up to index 9");
        // 4 elements 3 apart, either way round, span 10 floats.
        assertRejected(IllegalArgumentException.class, big, () -> Blas.saxpy(4, 1f, nine, 0, -3, big, 0, 1),
                "saxpy: x needs floats up to index 9 but its segment holds 9 floats");
        assertDoesNotThrow(() -> Blas.saxpy(4, 1f, ten, 0, -3, big, 0, 1));
        assertRejected(IllegalArgumentException.class, ten, () -> Blas.sscal(4, 2f, ten, 1, -3),
                "sscal: x needs floats up to index 10");
        assertRejected(IllegalArgumentException.class, big, () -> Blas.sdot(10, big, 0, 1, nine, 0, 1),
                "sdot: y needs floats up to index 9");
        // sgemv, no transpose: x has n = 4 elements, y has m = 3; transposed the other way round.
        MemorySegment a = floats(12);
        MemorySegment three = floats(3);
        assertRejected(IllegalArgumentException.class, big,
                () -> Blas.sgemv(Layout.ROW_MAJOR, N, 3, 4, 1f, a, 0, 4, three, 0, 1, 0f, big, 0, 1),
                "sgemv: x needs floats up to index 3 but its segment holds 3 floats");
        assertRejected(IllegalArgumentException.class, three,
                () -> Blas.sgemv(Layout.ROW_MAJOR, T, 3, 4, 1f, a, 0, 4, big, 0, 1, 0f, three, 0, 1),
                "sgemv: y needs floats up to index 3");
        assertRejected(IllegalArgumentException.class, big,
                () -> Blas.sgemv(Layout.ROW_MAJOR, N, 3, 4, 1f, floats(11), 0, 4, big, 0, 1, 0f, big, 32, 1),
                "sgemv: A needs floats up to index 11");
    }

    @Test
    void sgemvLeadingDimension() {
        MemorySegment a = floats(FLOATS);
        MemorySegment x = floats(FLOATS);
        MemorySegment y = floats(FLOATS);
        assertRejected(IllegalArgumentException.class, y,
                () -> Blas.sgemv(Layout.ROW_MAJOR, N, 3, 4, 1f, a, 0, 3, x, 0, 1, 0f, y, 0, 1), "sgemv: lda=3 must be >= 4");
        assertRejected(IllegalArgumentException.class, y,
                () -> Blas.sgemv(Layout.COLUMN_MAJOR, T, 3, 4, 1f, a, 0, 2, x, 0, 1, 0f, y, 0, 1), "sgemv: lda=2 must be >= 3");
    }

    @Test
    @SuppressWarnings("restricted") // reinterpret: a second segment over the same memory, on purpose
    void outputVectorOverlappingAnInput() {
        MemorySegment shared = floats(FLOATS);
        assertRejected(IllegalArgumentException.class, shared, () -> Blas.saxpy(10, 1f, shared, 0, 1, shared, 9, 1),
                "saxpy: output y overlaps input x");
        assertRejected(IllegalArgumentException.class, shared, () -> Blas.saxpy(5, 1f, shared, 0, -2, shared, 8, 1),
                "saxpy: output y overlaps input x");
        MemorySegment x = floats(FLOATS);
        assertRejected(IllegalArgumentException.class, shared,
                () -> Blas.sgemv(Layout.ROW_MAJOR, N, 3, 4, 1f, shared, 0, 4, x, 0, 1, 0f, shared, 11, 1),
                "sgemv: output y overlaps input A");
        MemorySegment a = floats(FLOATS);
        MemorySegment alias = MemorySegment.ofAddress(shared.address()).reinterpret(shared.byteSize());
        assertRejected(IllegalArgumentException.class, shared,
                () -> Blas.sgemv(Layout.ROW_MAJOR, T, 3, 4, 1f, a, 0, 4, shared, 0, 1, 0f, alias, 2, 1),
                "sgemv: output y overlaps input x");
    }

    /** x on the even floats and y on the odd ones of one buffer: interleaved, disjoint, accepted and right. */
    @Test
    @SuppressWarnings("restricted") // reinterpret: a second segment over the same memory, on purpose
    void interleavedDisjointVectorsAreAccepted() {
        MemorySegment shared = floats(FLOATS);
        float[] before = TestData.read(shared);
        NaiveBlas.Expected expected = NaiveBlas.saxpy(32, -1.5f, before, 0, 2, before, 1, -2);

        Blas.saxpy(32, -1.5f, shared, 0, 2, shared, 1, -2);

        float[] after = TestData.read(shared);
        expected.assertMatches(after, "saxpy on interleaved vectors");
        // Reading the same floats as x and y, even through another segment, is fine: sdot writes nothing.
        assertEquals(NaiveBlas.sdot(64, after, 0, 1, after, 0, 1),
                Blas.sdot(64, MemorySegment.ofAddress(shared.address()).reinterpret(256), 0, 1, shared, 0, 1),
                NaiveBlas.tolerance(NaiveBlas.sdotSumAbs(64, after, 0, 1, after, 0, 1)));
    }

    @Test
    void levelOneAndTwoNullsAndHeapSegments() {
        MemorySegment x = floats(FLOATS);
        MemorySegment doubles = MemorySegment.ofArray(new double[FLOATS]);
        MemorySegment ints = MemorySegment.ofArray(new int[FLOATS]);
        assertRejected(NullPointerException.class, x, () -> Blas.saxpy(4, 1f, null, 0, 1, x, 0, 1), "saxpy: x is null");
        assertRejected(NullPointerException.class, x, () -> Blas.sgemv(Layout.ROW_MAJOR, null, 3, 4, 1f, x, 0, 4,
                x, 0, 1, 0f, x, 32, 1), "sgemv: trans is null");
        // Heap segments pass only over the precision's own array type (float[] here), by a critical downcall.
        assertRejected(IllegalArgumentException.class, x, () -> Blas.sdot(4, x, 0, 1, doubles, 0, 1),
                "sdot: y is a heap segment over double[]");
        assertRejected(IllegalArgumentException.class, ints, () -> Blas.sscal(4, 2f, ints, 0, 1),
                "sscal: x is a heap segment over int[]");
        assertRejected(IllegalArgumentException.class, x, () -> Blas.sscal(-1, 2f, x, 0, 1), "sscal: n=-1 must be >= 0");
    }
}
