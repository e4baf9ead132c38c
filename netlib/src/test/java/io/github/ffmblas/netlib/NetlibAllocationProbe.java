package io.github.ffmblas.netlib;

import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.Map;
import org.netlib.util.doubleW;

/**
 * Heap bytes per FfmBLAS call once the JIT has compiled it, in a JVM of its own ({@link NetlibAllocationTest}), as
 * the bindings' AllocationProbe measures the facade: each call wraps the caller's arrays in heap segments
 * ({@code MemorySegment.ofArray}) and maps netlib's flag strings, and none of that may reach the heap. Routines of
 * every level and storage kind run interleaved; prints one {@code <routine> bytes=<per call>} line each.
 */
public final class NetlibAllocationProbe {
    private NetlibAllocationProbe() {}

    private static double sink;

    /**
     * Heap bytes per call a routine may allocate once compiled: under a byte is the JIT's bookkeeping over 2,000
     * calls; an escaping segment or {@code Optional} costs 16 or more.
     */
    static final double LIMIT = 1;

    public static void main(String[] args) {
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        FfmBLAS blas = FfmBLAS.getInstance();
        int n = 16;
        double[] a = new double[n * n + 3];
        double[] b = new double[n * n + 3];
        double[] c = new double[n * n + 3];
        float[] fa = new float[n * n];
        float[] fb = new float[n * n];
        float[] fc = new float[n * n];
        double[] x = new double[2 * n + 1];
        double[] y = new double[2 * n + 1];
        for (int i = 0; i < n; i++) { // a well-conditioned triangle for the solve
            a[3 + i * n + i] = 4;
        }
        double[] param = new double[5];
        doubleW ra = new doubleW(3);
        doubleW rb = new doubleW(4);
        doubleW rc = new doubleW(0);
        doubleW rs = new doubleW(0);
        doubleW d1 = new doubleW(2);
        doubleW d2 = new doubleW(3);
        doubleW x1 = new doubleW(0.5);
        Map<String, Runnable> calls = new LinkedHashMap<>();
        calls.put("ddot", () -> sink += blas.ddot(n, x, 1, 2, y, 0, 1));
        calls.put("daxpy", () -> blas.daxpy(n, 1e-9, x, 0, 2, y, 1, 1));
        calls.put("idamax", () -> sink += blas.idamax(n, x, 1, 1));
        calls.put("dnrm2", () -> sink += blas.dnrm2(n, x, 1));
        calls.put("drotg", () -> {
            ra.val = 3;
            rb.val = 4;
            blas.drotg(ra, rb, rc, rs);
        });
        calls.put("drotmg", () -> {
            d1.val = 2;
            d2.val = 3;
            x1.val = 0.5;
            blas.drotmg(d1, d2, x1, 0.7, param);
        });
        calls.put("dgemv", () -> blas.dgemv("T", n, n, 1, a, 3, n, x, 0, 2, 0, y, 0, 1));
        calls.put("dtbmv", () -> blas.dtbmv("L", "N", "U", n, 2, a, 0, 3, y, 0, 1));
        calls.put("dspmv", () -> blas.dspmv("u", n, 1, a, x, 1, 0, y, 1));
        calls.put("dgemm", () -> blas.dgemm("N", "T", n, n, n, 1, a, 3, n, b, 0, n, 0, c, 1, n));
        calls.put("sgemm", () -> blas.sgemm("n", "n", n, n, n, 1, fa, n, fb, n, 0, fc, n));
        calls.put("dtrsm", () -> blas.dtrsm("L", "U", "N", "N", n, n, 1, a, 3, n, c, 0, n));
        calls.put("dsyrk", () -> blas.dsyrk("U", "T", n, n, 1, a, n, 0, c, n));
        int perRound = 2_000;
        long[] bytes = new long[calls.size()];
        java.util.Arrays.fill(bytes, Long.MAX_VALUE);
        // Each routine's fewest bytes in any round: a call that allocates once compiled does so in every round. The
        // rounds go on until every routine has read within its limit, for up to a minute: on one CPU C2 took 100 to
        // 150 rounds to compile dtrsm without its heap segments, and a fixed 60 rounds failed one JVM in two.
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
        System.out.println(sink != 1 ? "" : " ");
    }
}
