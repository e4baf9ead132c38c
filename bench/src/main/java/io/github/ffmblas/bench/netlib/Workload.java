package io.github.ffmblas.bench.netlib;

import dev.ludovic.netlib.blas.BLAS;
import io.github.ffmblas.bench.blas.RawDowncalls;
import io.github.ffmblas.bindings.cblas.cblas_h;
import java.lang.foreign.MemorySegment;
import java.util.Random;

/**
 * The operands of one routine at size n, as netlib code holds them (column-major heap arrays, lda = n), and the
 * call that each implementation repeats on them. Repeated calls must keep the numbers ordinary: daxpy adds 1e-9 x,
 * products overwrite C (beta = 0), and dtrsm solves with a triangle of 1s on the diagonal and 0s elsewhere, so B
 * stays what it is while OpenBLAS and netlib do a full solve's work.
 *
 * <p>{@link #raw} makes the same call, column-major as netlib makes it, through the bare critical downcall of the
 * cblas symbol ({@link RawDowncalls}, {@code critical(true)}) on heap segments over these very arrays, made once here:
 * the floor the others are read against.
 */
final class Workload {
    private static final int COL = cblas_h.CblasColMajor();
    private static final int NO_TRANS = cblas_h.CblasNoTrans();
    private static final int UPPER = cblas_h.CblasUpper();
    private static final int LEFT = cblas_h.CblasLeft();
    private static final int NON_UNIT = cblas_h.CblasNonUnit();

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
    private final MemorySegment ha;
    private final MemorySegment hb;
    private final MemorySegment hc;
    private final MemorySegment hfa;
    private final MemorySegment hfb;
    private final MemorySegment hfc;
    private final MemorySegment hx;
    private final MemorySegment hy;
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
        ha = MemorySegment.ofArray(a);
        hb = MemorySegment.ofArray(b);
        hc = MemorySegment.ofArray(c);
        hfa = MemorySegment.ofArray(fa);
        hfb = MemorySegment.ofArray(fb);
        hfc = MemorySegment.ofArray(fc);
        hx = MemorySegment.ofArray(x);
        hy = MemorySegment.ofArray(y);
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

    /** The same call as {@link #call}'s, through the bare downcall: no checks, no BLAS interface in between. */
    Runnable raw() {
        return switch (routine) {
            case "ddot" -> () -> {
                try {
                    sink += (double) RawDowncalls.Ddot.HEAP.invokeExact(n, hx, 1, hy, 1);
                } catch (Throwable e) {
                    throw RawDowncalls.failed("cblas_ddot", e);
                }
            };
            case "daxpy" -> () -> {
                try {
                    RawDowncalls.Daxpy.HEAP.invokeExact(n, 1e-9, hx, 1, hy, 1);
                } catch (Throwable e) {
                    throw RawDowncalls.failed("cblas_daxpy", e);
                }
            };
            case "dgemv" -> () -> {
                try {
                    RawDowncalls.Dgemv.HEAP.invokeExact(COL, NO_TRANS, n, n, 1d, ha, n, hx, 1, 0d, hy, 1);
                } catch (Throwable e) {
                    throw RawDowncalls.failed("cblas_dgemv", e);
                }
            };
            case "dgemm" -> () -> {
                try {
                    RawDowncalls.Dgemm.HEAP.invokeExact(COL, NO_TRANS, NO_TRANS, n, n, n, 1d, ha, n, hb, n, 0d, hc, n);
                } catch (Throwable e) {
                    throw RawDowncalls.failed("cblas_dgemm", e);
                }
            };
            case "sgemm" -> () -> {
                try {
                    RawDowncalls.Sgemm.HEAP.invokeExact(COL, NO_TRANS, NO_TRANS, n, n, n, 1f, hfa, n, hfb, n, 0f, hfc,
                            n);
                } catch (Throwable e) {
                    throw RawDowncalls.failed("cblas_sgemm", e);
                }
            };
            case "dtrsm" -> () -> {
                try {
                    RawDowncalls.Dtrsm.HEAP.invokeExact(COL, LEFT, UPPER, NO_TRANS, NON_UNIT, n, n, 1d, ha, n, hb, n);
                } catch (Throwable e) {
                    throw RawDowncalls.failed("cblas_dtrsm", e);
                }
            };
            case "dsyrk" -> () -> {
                try {
                    RawDowncalls.Dsyrk.HEAP.invokeExact(COL, UPPER, NO_TRANS, n, n, 1d, ha, n, 0d, hc, n);
                } catch (Throwable e) {
                    throw RawDowncalls.failed("cblas_dsyrk", e);
                }
            };
            default -> throw new IllegalArgumentException(routine);
        };
    }

    /** What the routine computed, for comparing implementations after one call on fresh operands. */
    double[] result() {
        return switch (routine) {
            case "ddot" -> new double[] {sink};
            case "daxpy", "dgemv" -> y.clone();
            case "dtrsm" -> b.clone();
            case "sgemm" -> toDoubles(fc);
            default -> c.clone();
        };
    }

    private static double[] toDoubles(float[] f) {
        double[] d = new double[f.length];
        for (int i = 0; i < f.length; i++) {
            d[i] = f[i];
        }
        return d;
    }
}
