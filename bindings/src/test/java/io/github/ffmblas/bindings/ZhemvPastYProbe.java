package io.github.ffmblas.bindings;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Random;

/**
 * {@code zhemv} with y ending where readable memory ends (an inaccessible page right after it), in a JVM of its own
 * ({@link ZhemvPastYTest}): OpenBLAS 0.3.31 reads 16 bytes past y for column-major upper, odd n and incy = 1,
 * which kills the process unless the facade gives it room ({@code Quirks.zhemvReadsPastY}). Every layout and
 * triangle, n = 1, 2, 7, 33, each result against a naive Hermitian product; prints {@code ok <case>} per case.
 */
public final class ZhemvPastYProbe {
    private ZhemvPastYProbe() {}

    public static void main(String[] args) {
        Random random = new Random(7);
        for (Layout layout : Layout.values()) {
            for (Uplo uplo : Uplo.values()) {
                for (int n : new int[] {1, 2, 7, 33}) {
                    try (GuardedMemory memory = new GuardedMemory()) {
                        run(layout, uplo, n, memory.allocate(16L * n, GuardedMemory.Guard.AFTER_END), random);
                    }
                    System.out.println("ok " + layout + " " + uplo + " n=" + n);
                }
            }
        }
    }

    private static void run(Layout layout, Uplo uplo, int n, MemorySegment y, Random random) {
        int lda = n + 1;
        double[] a = gaussian(random, 2 * lda * n);
        double[] x = gaussian(random, 2 * n);
        double[] y0 = gaussian(random, 2 * n);
        ComplexDouble alpha = new ComplexDouble(0.75, -0.5);
        ComplexDouble beta = new ComplexDouble(-0.25, 0.5);
        MemorySegment.copy(y0, 0, y, ValueLayout.JAVA_DOUBLE, 0, 2 * n);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment as = arena.allocateFrom(ValueLayout.JAVA_DOUBLE, a);
            MemorySegment xs = arena.allocateFrom(ValueLayout.JAVA_DOUBLE, x);
            Blas.zhemv(layout, uplo, n, alpha, as, 0, lda, xs, 0, 1, beta, y, 0, 1);
        }
        for (int i = 0; i < n; i++) { // y_i = alpha * sum_j H(i, j) x_j + beta * y_i
            double re = 0;
            double im = 0;
            for (int j = 0; j < n; j++) {
                boolean stored = uplo == Uplo.UPPER ? i <= j : i >= j;
                int r = stored ? i : j;
                int c = stored ? j : i;
                int at = 2 * (layout == Layout.COLUMN_MAJOR ? r + c * lda : r * lda + c);
                double hr = a[at];
                double hi = i == j ? 0 : stored ? a[at + 1] : -a[at + 1];
                re += hr * x[2 * j] - hi * x[2 * j + 1];
                im += hr * x[2 * j + 1] + hi * x[2 * j];
            }
            double er = alpha.re() * re - alpha.im() * im + beta.re() * y0[2 * i] - beta.im() * y0[2 * i + 1];
            double ei = alpha.re() * im + alpha.im() * re + beta.re() * y0[2 * i + 1] + beta.im() * y0[2 * i];
            double gr = y.getAtIndex(ValueLayout.JAVA_DOUBLE, 2L * i);
            double gi = y.getAtIndex(ValueLayout.JAVA_DOUBLE, 2L * i + 1);
            if (Math.abs(gr - er) > 1e-9 * (1 + n) || Math.abs(gi - ei) > 1e-9 * (1 + n)) {
                throw new AssertionError(layout + " " + uplo + " n=" + n + ": y[" + i + "] = " + gr + "+" + gi
                        + "i, expected " + er + "+" + ei + "i");
            }
        }
    }

    private static double[] gaussian(Random random, int count) {
        double[] values = new double[count];
        for (int i = 0; i < count; i++) {
            values[i] = random.nextGaussian();
        }
        return values;
    }
}
