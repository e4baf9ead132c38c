package io.github.ffmblas.bindings;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Heap bytes per checked call once the JIT has compiled it, measured in a JVM of its own ({@link AllocationTest})
 * so other tests' code paths do not change what the JIT does here. Routines of every shape kind run interleaved,
 * on native and heap segments, so the shared check code sees the mixed profile a real program gives it; prints
 * one {@code <routine> bytes=<per call>} line each.
 */
public final class AllocationProbe {
    private AllocationProbe() {}

    private static double sink;

    /**
     * Heap bytes per call a routine may allocate once compiled: a fraction of a byte is the JIT's own bookkeeping
     * over 2,000 calls; an escaping slice, operand, boxed scalar or {@code Optional} costs 16 bytes or more on
     * every one.
     */
    static final double LIMIT = 1;

    public static void main(String[] args) {
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        int n = 16;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment a = arena.allocate(16L * n * n, 64);
            MemorySegment b = arena.allocate(16L * n * n, 64);
            MemorySegment c = arena.allocate(16L * n * n, 64);
            MemorySegment x = arena.allocate(16L * n, 64);
            MemorySegment y = arena.allocate(16L * n, 64);
            for (long i = 0; i < n * n; i++) { // a well-conditioned triangle for the solves
                a.setAtIndex(java.lang.foreign.ValueLayout.JAVA_DOUBLE, i, i % (n + 1) == 0 ? 4 : 0.01);
            }
            MemorySegment hx = MemorySegment.ofArray(new double[n]);
            MemorySegment hy = MemorySegment.ofArray(new double[n]);
            MemorySegment fa = MemorySegment.ofArray(new float[n * n]);
            MemorySegment fb = MemorySegment.ofArray(new float[n * n]);
            MemorySegment fc = MemorySegment.ofArray(new float[n * n]);
            Map<String, Runnable> calls = new LinkedHashMap<>();
            calls.put("ddot", () -> sink += Blas.ddot(n, x, 0, 1, y, 0, 1));
            calls.put("ddot-heap", () -> sink += Blas.ddot(n, hx, 0, 1, hy, 0, 1));
            calls.put("daxpy", () -> Blas.daxpy(n, 0.5, x, 0, 1, y, 0, 1));
            calls.put("idamax", () -> sink += Blas.idamax(n, x, 0, 1));
            calls.put("dgemv", () -> Blas.dgemv(Layout.COLUMN_MAJOR, Transpose.NO_TRANSPOSE, n, n, 1, a, 0, n, x, 0, 1,
                    0, y, 0, 1));
            calls.put("dtrsv", () -> Blas.dtrsv(Layout.ROW_MAJOR, Uplo.UPPER, Transpose.NO_TRANSPOSE, Diag.NON_UNIT,
                    n, a, 0, n, y, 0, 1));
            calls.put("dtbmv", () -> Blas.dtbmv(Layout.COLUMN_MAJOR, Uplo.LOWER, Transpose.NO_TRANSPOSE,
                    Diag.UNIT, n, 2, a, 0, 3, y, 0, 1));
            calls.put("dspmv", () -> Blas.dspmv(Layout.COLUMN_MAJOR, Uplo.UPPER, n, 1, a, 0, x, 0, 1, 0, y, 0, 1));
            calls.put("dgemm", () -> Blas.dgemm(Layout.ROW_MAJOR, Transpose.NO_TRANSPOSE, Transpose.TRANSPOSE, n, n,
                    n, 1, a, 0, n, b, 0, n, 0, c, 0, n));
            calls.put("sgemm-heap", () -> Blas.sgemm(Layout.ROW_MAJOR, Transpose.NO_TRANSPOSE,
                    Transpose.NO_TRANSPOSE, 8, 8, 8, 1, fa, 0, 8, fb, 0, 8, 0, fc, 0, 8));
            // (At an offset a heap operand goes as a slice, which C2 sometimes leaves on the heap: see docs/bindings.md.)
            calls.put("zgemm", () -> Blas.zgemm(Layout.COLUMN_MAJOR, Transpose.NO_TRANSPOSE,
                    Transpose.CONJUGATE_TRANSPOSE, 4, 4, 4, ComplexDouble.ONE, a, 0, 4, b, 0, 4, ComplexDouble.ZERO,
                    c, 0, 4));
            int perRound = 2_000;
            long[] bytes = new long[calls.size()];
            java.util.Arrays.fill(bytes, Long.MAX_VALUE);
            // Each routine's fewest bytes in any round: a call that allocates once compiled does so in every round.
            // The rounds go on until every routine has read within its limit, for up to a minute: on one CPU, C2
            // took so long that a fixed 70 rounds failed one JVM in five (zgemm, 80 bytes).
            long deadline = System.nanoTime() + 60_000_000_000L;
            for (boolean settled = false; !settled && System.nanoTime() < deadline; ) {
                settled = true;
                int k = 0;
                for (Map.Entry<String, Runnable> call : calls.entrySet()) {
                    long before = threads.getCurrentThreadAllocatedBytes();
                    for (int i = 0; i < perRound; i++) {
                        call.getValue().run();
                    }
                    bytes[k] = Math.min(bytes[k], threads.getCurrentThreadAllocatedBytes() - before);
                    settled &= bytes[k] < LIMIT * perRound;
                    k++;
                }
            }
            int k = 0;
            for (String routine : calls.keySet()) {
                System.out.printf("%s bytes=%.1f%n", routine, bytes[k++] / (double) perRound);
            }
        }
        System.out.println(sink != 1 ? "" : " ");
    }
}
