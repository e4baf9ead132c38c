package io.github.ffmblas.bindings;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * Run in a child JVM by {@link ExitDuringCallTest}: {@code <threads> <n>} threads each run back-to-back
 * {@code n x n} sgemm calls on OpenBLAS at one thread, and another thread calls {@code System.exit(0)} while
 * they do. Prints "calling" once the calls run and "refused" when a call is turned away during exit.
 */
public final class ExitDuringCallProbe {
    private ExitDuringCallProbe() {}

    public static void main(String[] args) throws Exception {
        int threads = Integer.parseInt(args[0]);
        int n = Integer.parseInt(args[1]);
        Blas.setNumThreads(1);
        for (int t = 0; t < threads; t++) {
            Thread caller = new Thread(() -> loop(n), "caller-" + t);
            caller.setDaemon(true); // daemon or not, exit must wait for its call
            caller.start();
        }
        // Exit only once every caller is inside a call: a fixed sleep lost that race on a loaded machine.
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (ExitGate.inFlight() < threads && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        Thread.sleep(20);
        System.out.println("exiting, calls in flight: " + ExitGate.inFlight());
        System.exit(0);
    }

    private static void loop(int n) {
        Arena arena = Arena.ofConfined();
        MemorySegment a = arena.allocate((long) n * n * Float.BYTES, 64);
        MemorySegment c = arena.allocate((long) n * n * Float.BYTES, 64);
        System.out.println("calling");
        try {
            while (true) {
                Blas.sgemm(Layout.ROW_MAJOR, Transpose.NO_TRANSPOSE, Transpose.NO_TRANSPOSE, n, n, n, 1f, a, 0, n,
                        a, 0, n, 0f, c, 0, n);
            }
        } catch (IllegalStateException refused) {
            System.out.println("refused: " + refused.getMessage());
        }
    }
}
