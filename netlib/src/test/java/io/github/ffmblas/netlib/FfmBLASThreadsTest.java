package io.github.ffmblas.netlib;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.netlib.util.doubleW;

/**
 * One FfmBLAS shared by threads: its per-thread state (the segment cache, the ?rotg/?rotmg scratch) never mixes
 * one thread's arrays or holders with another's. Each thread runs its own inputs and checks against F2jBLAS.
 */
class FfmBLASThreadsTest {

    @Test
    void threadsShareOneInstance() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int seed = t;
                futures.add(pool.submit(() -> {
                    for (int i = 0; i < 2_000; i++) {
                        run(seed * 10_000 + i);
                    }
                    return null;
                }));
            }
            for (Future<?> f : futures) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static void run(int seed) {
        java.util.Random r = new java.util.Random(seed);
        int n = 1 + r.nextInt(20);
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = r.nextDouble();
            y[i] = r.nextDouble();
        }
        double expected = Netlib.F2J.ddot(n, x, 1, y, 1);
        assertEquals(expected, FfmBLAS.getInstance().ddot(n, x, 1, y, 1), 1e-12);
        double a = r.nextGaussian();
        double b = r.nextGaussian();
        doubleW ea = new doubleW(a);
        doubleW eb = new doubleW(b);
        doubleW ec = new doubleW(0);
        doubleW es = new doubleW(0);
        Netlib.F2J.drotg(ea, eb, ec, es);
        doubleW fa = new doubleW(a);
        doubleW fb = new doubleW(b);
        doubleW fc = new doubleW(0);
        doubleW fs = new doubleW(0);
        FfmBLAS.getInstance().drotg(fa, fb, fc, fs);
        assertEquals(ea.val, fa.val, 1e-12 * Math.max(1, Math.abs(ea.val)));
        assertEquals(ec.val, fc.val, 1e-12);
        assertEquals(es.val, fs.val, 1e-12);
        assertEquals(eb.val, fb.val, 1e-11 * Math.max(1, Math.abs(eb.val)));
    }
}
