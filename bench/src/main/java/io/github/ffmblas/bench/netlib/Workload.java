package io.github.ffmblas.bench.netlib;

import dev.ludovic.netlib.blas.BLAS;
import java.util.Random;

/**
 * The operands of one routine at size n, as netlib code holds them (column-major heap arrays, lda = n), and the
 * call that each implementation repeats on them. Repeated calls must keep the numbers ordinary: daxpy adds 1e-9 x,
 * products overwrite C (beta = 0), and dtrsm solves with a triangle of 1s on the diagonal and 0s elsewhere, so B
 * stays what it is while OpenBLAS and netlib do a full solve's work.
 */
final class Workload {
    private final String routine;
    private final int n;
    private final double[] a;
    private final double[] b;
    private final double[] c;
    private final float[] fa;
    private final float[] fb;
    private final float[] fc;
    private final double[] x;
    private final double[] y;
    private double sink;

    Workload(String routine, int n) {
        this.routine = routine;
        this.n = n;
        Random r = new Random(n * 31L + routine.hashCode());
        boolean matrices = !routine.equals("ddot") && !routine.equals("daxpy") && !routine.equals("dgemv");
        boolean single = routine.equals("sgemm");
        int nn = n * n;
        a = new double[routine.equals("dgemv") || (matrices && !single) ? nn : 0];
        b = new double[matrices && !single ? nn : 0];
        c = new double[matrices && !single ? nn : 0];
        fa = new float[single ? nn : 0];
        fb = new float[single ? nn : 0];
        fc = new float[single ? nn : 0];
        x = new double[n];
        y = new double[n];
        fill(r, a);
        fill(r, b);
        fill(r, x);
        fill(r, y);
        for (int i = 0; i < fa.length; i++) {
            fa[i] = (float) (r.nextDouble() * 2 - 1);
            fb[i] = (float) (r.nextDouble() * 2 - 1);
        }
        if (routine.equals("dtrsm")) {
            java.util.Arrays.fill(a, 0);
            for (int i = 0; i < n; i++) {
                a[i * n + i] = 1;
            }
        }
    }

    private static void fill(Random r, double[] v) {
        for (int i = 0; i < v.length; i++) {
            v[i] = r.nextDouble() * 2 - 1;
        }
    }

    Runnable call(BLAS blas) {
        return switch (routine) {
            case "ddot" -> () -> sink += blas.ddot(n, x, 1, y, 1);
            case "daxpy" -> () -> blas.daxpy(n, 1e-9, x, 1, y, 1);
            case "dgemv" -> () -> blas.dgemv("N", n, n, 1, a, n, x, 1, 0, y, 1);
            case "dgemm" -> () -> blas.dgemm("N", "N", n, n, n, 1, a, n, b, n, 0, c, n);
            case "sgemm" -> () -> blas.sgemm("N", "N", n, n, n, 1, fa, n, fb, n, 0, fc, n);
            case "dtrsm" -> () -> blas.dtrsm("L", "U", "N", "N", n, n, 1, a, n, b, n);
            case "dsyrk" -> () -> blas.dsyrk("U", "N", n, n, 1, a, n, 0, c, n);
            default -> throw new IllegalArgumentException(routine);
        };
    }

    /** What the routine computed, for comparing implementations after one call on fresh operands. */
    double[] result() {
        return switch (routine) {
            case "ddot" -> new double[] {sink};
            case "daxpy", "dgemv" -> y.clone();
            case "dtrsm" -> b.clone();
            default -> c.clone();
        };
    }
}
