package io.github.ffmblas.bindings;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;


import io.github.ffmblas.nativelib.LibrarySource;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link Blas#sgemmBatchStrided} equals a loop of {@link Blas#sgemm} over its items, on both sides of the
 * OpenBLAS 0.3.31 crash threshold, with shared inputs and with items interleaved the way attention heads are.
 * Routes may round differently, so results are compared with the oracle's tolerance, while every float outside
 * the items (padding, gaps between items) must keep its exact bits.
 */
class SgemmBatchStridedTest {
    private static final Transpose N = Transpose.NO_TRANSPOSE;
    private static final Transpose T = Transpose.TRANSPOSE;
    /** M*N*K = 557,700: at or below the limit, so 0.3.31 would crash and the facade loops. */
    private static final int[] LOOP_SHAPE = {130, 130, 33};
    /** M*N*K = 1,048,576: above the limit, so the facade calls cblas_sgemm_batch_strided. */
    private static final int[] NATIVE_SHAPE = {128, 128, 64};

    /** Where one operand's items are: the first at {@code offset}, then {@code stride} floats apart. */
    record View(int offset, int ld, long stride) {}

    private static boolean bundled0331() {
        OpenBlasRuntime runtime = Blas.runtime();
        return runtime.library().source() == LibrarySource.BUNDLED && runtime.version().equals("0.3.31");
    }

    @Test
    void routeFollowsTheCrashThresholdOfTheBundledLibrary() {
        assumeTrue(bundled0331(), "the route thresholds are those of the bundled OpenBLAS 0.3.31");
        assertEquals(BatchRoute.LOOP_AVOIDS_CRASH, Blas.batchRoute(LOOP_SHAPE[0], LOOP_SHAPE[1], LOOP_SHAPE[2]));
        assertEquals(BatchRoute.NATIVE, Blas.batchRoute(NATIVE_SHAPE[0], NATIVE_SHAPE[1], NATIVE_SHAPE[2]));
        // The limit itself still crashes (M*N*K <= 1,000,000); one more is safe.
        assertEquals(1_000_000L, Quirks.SMALL_BATCH_CRASH_LIMIT);
        assertEquals(BatchRoute.LOOP_AVOIDS_CRASH, Blas.batchRoute(100, 100, 100));
        assertEquals(BatchRoute.NATIVE, Blas.batchRoute(100, 100, 101));
        assertEquals(BatchRoute.LOOP_AVOIDS_CRASH, Blas.batchRoute(0, 5000, 5000));
        assertEquals(BatchPolicy.NATIVE_ABOVE_CRASH_LIMIT, Blas.runtime().batchPolicy());
    }

    /**
     * Items 2^30 floats apart: OpenBLAS 0.3.31's batch computes item 2's offset, 2 * 2^30, in an int, and wrote its
     * C 8 GiB before C (native/src/test/c/openblas_batch_stride_wrap.c). C lies 8 GiB into a sparse file's mapping,
     * so a wrapped write lands in the mapping, where it is seen, and not in memory of the JVM's. Both a wide
     * stride of C and of A are run; the items must be where they belong and nothing else written.
     */
    @ParameterizedTest
    @ValueSource(strings = {"C", "A"})
    void itemsMoreThan2To31FloatsApartAreWhereTheyBelong(String wide, @TempDir Path tmp) throws Exception {
        int n = 101; // M*N*K above the crash limit: the native route unless the strides forbid it
        long stride = 1L << 30;
        long before = 1L << 31; // floats in front of the wide operand
        long floats = before + 2 * stride + (long) n * n;
        Path file = tmp.resolve("sparse");
        try (var channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW,
                StandardOpenOption.READ, StandardOpenOption.WRITE,
                StandardOpenOption.SPARSE);
             Arena arena = Arena.ofConfined()) {
            MemorySegment map;
            try {
                channel.truncate(0);
                channel.write(ByteBuffer.allocate(1), floats * Float.BYTES - 1); // a hole up to the end
                map = channel.map(FileChannel.MapMode.READ_WRITE, 0, floats * Float.BYTES, arena);
            } catch (IOException | OutOfMemoryError e) {
                assumeTrue(false, "no sparse 16 GiB mapping here: " + e);
                return;
            }
            MemorySegment wideOperand = map.asSlice(before * Float.BYTES);
            float[] ones = new float[n * n];
            Arrays.fill(ones, 1f);
            float[] twos = ones.clone();
            Arrays.fill(twos, 2f);
            MemorySegment a = wide.equals("A") ? wideOperand : TestData.copy(arena, ones);
            MemorySegment c = wide.equals("C") ? wideOperand : arena.allocate(3L * n * n * Float.BYTES, 64);
            if (wide.equals("A")) { // item i of A holds i + 1, so C's item i must be (i + 1) * n
                for (int i = 0; i < 3; i++) {
                    for (long e = 0; e < (long) n * n; e++) {
                        a.setAtIndex(ValueLayout.JAVA_FLOAT, i * stride + e, i + 1);
                    }
                }
            }
            MemorySegment b = TestData.copy(arena, twos);
            long strideA = wide.equals("A") ? stride : 0;
            long strideC = wide.equals("C") ? stride : (long) n * n;
            Blas.sgemmBatchStrided(Layout.ROW_MAJOR, N, N, n, n, n, 1f, a, 0, n, strideA, b, 0, n, 0, 0f, c, 0, n,
                    strideC, 3);
            for (int i = 0; i < 3; i++) {
                float expected = (wide.equals("A") ? i + 1 : 1) * 2f * n;
                for (long e : new long[] {0, n + 3, (long) n * n - 1}) {
                    assertEquals(expected, c.getAtIndex(ValueLayout.JAVA_FLOAT, i * strideC + e),
                            "item " + i + ", element " + e);
                }
            }
            assertEquals(-1L, map.asSlice(0, 1L << 20).mismatch(arena.allocate(1L << 20)),
                    "something was written 8 GiB before the wide operand");
        }
    }

    static Stream<Arguments> everyTransposeOnBothRoutes() {
        List<Arguments> cases = new ArrayList<>();
        for (int[] shape : new int[][] {NATIVE_SHAPE, LOOP_SHAPE}) {
            for (Layout layout : Layout.values()) {
                for (Transpose transA : Transpose.values()) {
                    for (Transpose transB : Transpose.values()) {
                        cases.add(Arguments.of(layout, transA, transB, shape[0], shape[1], shape[2]));
                    }
                }
            }
        }
        return cases.stream();
    }

    /** Padded items with gaps between them: each item is a sub-matrix view, and the gaps must stay untouched. */
    @ParameterizedTest(name = "{0} {1} {2} m={3} n={4} k={5}")
    @MethodSource("everyTransposeOnBothRoutes")
    void matchesALoopOfSgemm(Layout layout, Transpose transA, Transpose transB, int m, int n, int k) {
        Batch batch = new Batch(layout, transA, transB, m, n, k);
        int lda = batch.minimumLd(batch.aRows(), batch.aCols()) + 2;
        int ldb = batch.minimumLd(batch.bRows(), batch.bCols()) + 1;
        int ldc = batch.minimumLd(m, n) + 3;
        batch.check(new Random(m * 31L + transA.ordinal() * 2 + transB.ordinal()), 0.5f, -1.5f,
                new View(3, lda, batch.itemExtent(batch.aRows(), batch.aCols(), lda) + 5),
                new View(1, ldb, batch.itemExtent(batch.bRows(), batch.bCols(), ldb) + 2),
                new View(4, ldc, batch.itemExtent(m, n, ldc) + 7), 3);
    }

    /** Stride 0 shares one A among all items (one query against several keys, say). */
    @ParameterizedTest
    @EnumSource(Layout.class)
    void sharedInputWithStrideZero(Layout layout) {
        for (int[] shape : new int[][] {NATIVE_SHAPE, LOOP_SHAPE}) {
            Batch batch = new Batch(layout, N, T, shape[0], shape[1], shape[2]);
            int lda = batch.minimumLd(batch.aRows(), batch.aCols());
            int ldb = batch.minimumLd(batch.bRows(), batch.bCols());
            int ldc = batch.minimumLd(shape[0], shape[1]);
            batch.check(new Random(5), 1f, 0f, new View(2, lda, 0),
                    new View(0, ldb, batch.itemExtent(batch.bRows(), batch.bCols(), ldb)),
                    new View(0, ldc, batch.itemExtent(shape[0], shape[1], ldc)), 4);
        }
    }

    /**
     * Attention's context step, P_h * V_h for every head h: V and the output hold the heads side by side
     * (stride = depth, leading dimension = heads * depth), so the output items interleave without sharing a
     * float. Column-major stacks them as row blocks instead.
     */
    @ParameterizedTest
    @EnumSource(Layout.class)
    void interleavedHeadsAsOutput(Layout layout) {
        for (int[] seqDepthHeads : new int[][] {{128, 64, 3}, {33, 16, 4}}) {
            int seq = seqDepthHeads[0];
            int depth = seqDepthHeads[1];
            int heads = seqDepthHeads[2];
            Batch batch = new Batch(layout, N, N, seq, depth, seq);
            // Row-major: C is seq x depth per head, heads across a row. Column-major: the same with rows and
            // columns exchanged (runs are columns, so heads sit one above another within each column).
            int along = layout == Layout.ROW_MAJOR ? depth : seq;
            batch.check(new Random(seq), 1f, 0.5f,
                    new View(0, seq, (long) seq * seq),
                    new View(0, layout == Layout.ROW_MAJOR ? heads * depth : seq,
                            layout == Layout.ROW_MAJOR ? depth : (long) seq * depth),
                    new View(0, heads * along, along), heads);
        }
    }

    /** Attention's score step, Q_h * K_h^T: both inputs interleaved by head, outputs one after another. */
    @Test
    void interleavedHeadsAsInputs() {
        for (int[] seqDepthHeads : new int[][] {{128, 64, 3}, {33, 16, 4}}) {
            int seq = seqDepthHeads[0];
            int depth = seqDepthHeads[1];
            int heads = seqDepthHeads[2];
            Batch batch = new Batch(Layout.ROW_MAJOR, N, T, seq, seq, depth);
            View interleaved = new View(0, heads * depth, depth);
            batch.check(new Random(depth), 0.125f, 0f, interleaved, interleaved, new View(0, seq, (long) seq * seq),
                    heads);
        }
    }

    @Test
    void countZeroTouchesNothing() {
        Batch batch = new Batch(Layout.ROW_MAJOR, N, N, 7, 5, 3);
        batch.check(new Random(0), 1f, 0f, new View(0, 3, 21), new View(0, 5, 15), new View(0, 5, 35), 0);
    }

    @Test
    void countOneIsAPlainGemm() {
        for (int[] shape : new int[][] {NATIVE_SHAPE, LOOP_SHAPE}) {
            Batch batch = new Batch(Layout.COLUMN_MAJOR, T, N, shape[0], shape[1], shape[2]);
            batch.check(new Random(1), -1.5f, 1f, new View(1, shape[2] + 1, 0), new View(2, shape[2], 0),
                    new View(3, shape[0] + 2, 0), 1);
        }
    }

    /** Shapes that crash OpenBLAS 0.3.31's batch call: the JVM must survive them (the facade loops). */
    @Test
    void smallShapesDoNotCrash() {
        for (int[] mnkCount : new int[][] {{1, 1, 1, 100}, {2, 3, 4, 5}, {64, 64, 64, 2}, {100, 100, 100, 2}}) {
            Batch batch = new Batch(Layout.ROW_MAJOR, N, N, mnkCount[0], mnkCount[1], mnkCount[2]);
            batch.check(new Random(mnkCount[3]), 1f, 0f,
                    new View(0, mnkCount[2], (long) mnkCount[0] * mnkCount[2]),
                    new View(0, mnkCount[1], (long) mnkCount[2] * mnkCount[1]),
                    new View(0, mnkCount[1], (long) mnkCount[0] * mnkCount[1]), mnkCount[3]);
        }
    }

    /** One batched GEMM shape; {@link #check} builds its operands, runs both routes and compares. */
    record Batch(Layout layout, Transpose transA, Transpose transB, int m, int n, int k) {
        int aRows() {
            return transA != Transpose.NO_TRANSPOSE ? k : m;
        }

        int aCols() {
            return transA != Transpose.NO_TRANSPOSE ? m : k;
        }

        int bRows() {
            return transB != Transpose.NO_TRANSPOSE ? n : k;
        }

        int bCols() {
            return transB != Transpose.NO_TRANSPOSE ? k : n;
        }

        int minimumLd(int rows, int cols) {
            return Math.max(1, layout == Layout.ROW_MAJOR ? cols : rows);
        }

        /** Floats one item spans from its first to one past its last element. */
        int itemExtent(int rows, int cols, int ld) {
            return TestData.extent(layout, rows, cols, 0, ld);
        }

        /** {@code count} random items of a {@code rows x cols} operand at {@code view}, sentinels elsewhere. */
        float[] operand(Random random, int rows, int cols, View view, int count) {
            long last = view.offset() + (long) Math.max(0, count - 1) * view.stride();
            float[] data = TestData.sentinels(Math.toIntExact(last + itemExtent(rows, cols, view.ld()) + TestData.TAIL));
            for (int i = 0; i < count; i++) {
                TestData.fillMatrix(random, data, layout, rows, cols, Math.toIntExact(view.offset() + i * view.stride()),
                        view.ld());
            }
            return data;
        }

        void check(Random random, float alpha, float beta, View va, View vb, View vc, int count) {
            float[] a = operand(random, aRows(), aCols(), va, count);
            float[] b = operand(random, bRows(), bCols(), vb, count);
            float[] c = operand(random, m, n, vc, count);
            String context = this + " count=" + count + " " + va + " " + vb + " " + vc + " route="
                    + Blas.batchRoute(m, n, k);

            NaiveBlas.Expected oracle = oracle(alpha, a, va, b, vb, beta, c, vc, count);
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment sa = TestData.copy(arena, a);
                MemorySegment sb = TestData.copy(arena, b);
                MemorySegment batched = TestData.copy(arena, c);
                MemorySegment looped = TestData.copy(arena, c);

                Blas.sgemmBatchStrided(layout, transA, transB, m, n, k, alpha, sa, va.offset(), va.ld(), va.stride(),
                        sb, vb.offset(), vb.ld(), vb.stride(), beta, batched, vc.offset(), vc.ld(), vc.stride(), count);
                for (int i = 0; i < count; i++) {
                    Blas.sgemm(layout, transA, transB, m, n, k, alpha, sa, va.offset() + i * va.stride(), va.ld(),
                            sb, vb.offset() + i * vb.stride(), vb.ld(), beta, looped, vc.offset() + i * vc.stride(),
                            vc.ld());
                }

                float[] loop = TestData.read(looped);
                oracle.assertMatches(loop, context + " (loop of sgemm vs oracle)");
                new NaiveBlas.Expected(loop, oracle.written(), oracle.sumAbs())
                        .assertMatches(TestData.read(batched), context + " (batched vs loop of sgemm)");
                assertArrayEquals(TestData.bits(a), TestData.bits(TestData.read(sa)), context + ": A changed");
                assertArrayEquals(TestData.bits(b), TestData.bits(TestData.read(sb)), context + ": B changed");

                // Confined memory goes to OpenBLAS by address; shared memory as segments FFM holds: both paths.
                try (Arena shared = Arena.ofShared()) {
                    MemorySegment viaSegments = TestData.copy(shared, c);
                    Blas.sgemmBatchStrided(layout, transA, transB, m, n, k, alpha, TestData.copy(shared, a),
                            va.offset(), va.ld(), va.stride(), TestData.copy(shared, b), vb.offset(), vb.ld(),
                            vb.stride(), beta, viaSegments, vc.offset(), vc.ld(), vc.stride(), count);
                    new NaiveBlas.Expected(loop, oracle.written(), oracle.sumAbs())
                            .assertMatches(TestData.read(viaSegments), context + " (batched on shared memory)");
                }
            }
        }

        /** The items one after another through the oracle (output items are disjoint, so order is moot). */
        private NaiveBlas.Expected oracle(float alpha, float[] a, View va, float[] b, View vb, float beta, float[] c,
                                          View vc, int count) {
            float[] values = c;
            boolean[] written = new boolean[c.length];
            double[] sumAbs = new double[c.length];
            for (int i = 0; i < count; i++) {
                NaiveBlas.Expected item = NaiveBlas.sgemm(layout, transA, transB, m, n, k, alpha,
                        a, Math.toIntExact(va.offset() + i * va.stride()), va.ld(),
                        b, Math.toIntExact(vb.offset() + i * vb.stride()), vb.ld(),
                        beta, values, Math.toIntExact(vc.offset() + i * vc.stride()), vc.ld());
                values = item.values();
                for (int p = 0; p < c.length; p++) {
                    if (item.written()[p]) {
                        written[p] = true;
                        sumAbs[p] = item.sumAbs()[p];
                    }
                }
            }
            return new NaiveBlas.Expected(values.clone(), written, sumAbs);
        }
    }
}
