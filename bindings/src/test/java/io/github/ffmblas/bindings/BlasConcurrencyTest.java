package io.github.ffmblas.bindings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

/**
 * Many Java threads calling {@link Blas#sgemm} at once, each on buffers of its own, get exactly (bit for bit)
 * what the same calls gave one after another: no shared state in the facade or OpenBLAS leaks between callers.
 */
class BlasConcurrencyTest {
    private static final int THREADS = 8;
    private static final int CALLS = 50;
    /** A deadlock fails the test after this long instead of hanging the build. */
    private static final long TIMEOUT_SECONDS = 120;
    private static final int[][] SHAPES = {{33, 130, 7}, {64, 64, 64}};

    /** Call {@code j} of worker {@code t}: its shape, layout and transposes vary by worker, its data by call. */
    record Call(int worker, int index, Layout layout, Transpose transA, Transpose transB, int m, int n, int k,
                float alpha, float beta, float[] a, int lda, float[] b, int ldb, float[] c, int ldc) {

        static Call of(int worker, int index) {
            Random random = new Random(worker * 1_000_003L + index);
            int[] shape = SHAPES[worker % 2];
            Layout layout = (worker / 2) % 2 == 0 ? Layout.ROW_MAJOR : Layout.COLUMN_MAJOR;
            Transpose transA = (worker / 4) % 2 == 0 ? Transpose.NO_TRANSPOSE : Transpose.TRANSPOSE;
            Transpose transB = index % 2 == 0 ? Transpose.NO_TRANSPOSE : Transpose.TRANSPOSE;
            int m = shape[0];
            int n = shape[1];
            int k = shape[2];
            boolean rowMajor = layout == Layout.ROW_MAJOR;
            int aRows = transA != Transpose.NO_TRANSPOSE ? k : m;
            int aCols = transA != Transpose.NO_TRANSPOSE ? m : k;
            int bRows = transB != Transpose.NO_TRANSPOSE ? n : k;
            int bCols = transB != Transpose.NO_TRANSPOSE ? k : n;
            int lda = rowMajor ? aCols : aRows;
            int ldb = rowMajor ? bCols : bRows;
            int ldc = rowMajor ? n : m;
            return new Call(worker, index, layout, transA, transB, m, n, k, 0.5f + index % 3, index % 2 == 0 ? 0f : 1f,
                    TestData.matrix(random, layout, aRows, aCols, 0, lda), lda,
                    TestData.matrix(random, layout, bRows, bCols, 0, ldb), ldb,
                    TestData.matrix(random, layout, m, n, 0, ldc), ldc);
        }

        /** Native copies of the operands, made in advance so the timed part is only BLAS calls. */
        Operands copy(Arena arena) {
            return new Operands(this, TestData.copy(arena, a), TestData.copy(arena, b), TestData.copy(arena, c));
        }

        @Override
        public String toString() {
            return "worker " + worker + " call " + index + ": " + layout + " " + transA + " " + transB + " " + m + "x"
                    + n + "x" + k;
        }
    }

    record Operands(Call call, MemorySegment a, MemorySegment b, MemorySegment c) {
        int[] run() {
            Call x = call;
            Blas.sgemm(x.layout(), x.transA(), x.transB(), x.m(), x.n(), x.k(), x.alpha(), a, 0, x.lda(), b, 0, x.ldb(),
                    x.beta(), c, 0, x.ldc());
            return TestData.bits(TestData.read(c));
        }
    }

    @Test
    void concurrentCallsGiveTheSerialResultsBitForBit() throws Exception {
        int[][][] serial = new int[THREADS][CALLS][];
        try (Arena arena = Arena.ofConfined()) {
            for (int t = 0; t < THREADS; t++) {
                for (int j = 0; j < CALLS; j++) {
                    Call call = Call.of(t, j);
                    serial[t][j] = call.copy(arena).run();
                    if (j < 2) { // the baseline itself is right (one of each transB per worker)
                        NaiveBlas.sgemm(call.layout(), call.transA(), call.transB(), call.m(), call.n(), call.k(),
                                call.alpha(), call.a(), 0, call.lda(), call.b(), 0, call.ldb(), call.beta(), call.c(), 0,
                                call.ldc()).assertMatches(toFloats(serial[t][j]), call.toString());
                    }
                }
            }
        }

        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        CyclicBarrier start = new CyclicBarrier(THREADS);
        try {
            List<Future<List<String>>> workers = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int worker = t;
                workers.add(pool.submit(() -> runWorker(worker, serial[worker], start)));
            }
            List<String> mismatches = new ArrayList<>();
            for (Future<List<String>> worker : workers) {
                mismatches.addAll(await(worker));
            }
            assertEquals(List.of(), mismatches);
        } finally {
            pool.shutdownNow();
            if (!pool.awaitTermination(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                fail("BLAS worker threads did not stop");
            }
        }
    }

    /** Prepares all its calls in a confined arena, waits for the others, then calls BLAS back to back. */
    private static List<String> runWorker(int worker, int[][] expected, CyclicBarrier start) throws Exception {
        try (Arena arena = Arena.ofConfined()) {
            Operands[] operands = new Operands[CALLS];
            for (int j = 0; j < CALLS; j++) {
                operands[j] = Call.of(worker, j).copy(arena);
            }
            start.await(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            int[][] results = new int[CALLS][];
            for (int j = 0; j < CALLS; j++) {
                results[j] = operands[j].run();
            }
            List<String> mismatches = new ArrayList<>();
            for (int j = 0; j < CALLS; j++) {
                if (!Arrays.equals(expected[j], results[j])) {
                    mismatches.add(operands[j].call() + " differs from the serial result");
                }
            }
            return mismatches;
        }
    }

    private static List<String> await(Future<List<String>> worker) throws InterruptedException {
        try {
            return worker.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            throw new AssertionError("a worker did not finish within " + TIMEOUT_SECONDS + " s: deadlock?", e);
        } catch (ExecutionException e) {
            throw new AssertionError("a worker failed", e.getCause());
        }
    }

    private static float[] toFloats(int[] bits) {
        float[] floats = new float[bits.length];
        for (int i = 0; i < bits.length; i++) {
            floats[i] = Float.intBitsToFloat(bits[i]);
        }
        return floats;
    }
}
