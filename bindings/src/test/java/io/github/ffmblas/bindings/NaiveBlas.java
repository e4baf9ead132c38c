package io.github.ffmblas.bindings;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * A plain-Java BLAS oracle over float arrays, with offsets, leading dimensions and increments in floats as
 * in CBLAS. Sums are accumulated in double and rounded once, so the result is close to the exact one.
 *
 * <p>Every routine that writes returns an {@link Expected}: the whole output array after the call (untouched
 * positions keep their bits), which positions were written, and per written position the sum of the absolute
 * values of the terms that made it, so a tolerance can scale with the size of what was summed.
 */
final class NaiveBlas {
    private NaiveBlas() {}

    /**
     * The expected output array.
     *
     * @param values  every position: the result where written, the original bits elsewhere
     * @param written which positions the routine computes
     * @param sumAbs  per written position, the sum of |terms| (0 elsewhere)
     */
    record Expected(float[] values, boolean[] written, double[] sumAbs) {
        /**
         * Written positions must be within {@link #tolerance} of the oracle; all others must keep their bits
         * exactly (padding, gaps between batch items, elements skipped by an increment).
         */
        void assertMatches(float[] actual, String context) {
            if (actual.length != values.length) {
                fail(context + ": output has " + actual.length + " floats, expected " + values.length);
            }
            for (int i = 0; i < values.length; i++) {
                if (written[i]) {
                    double tol = tolerance(sumAbs[i]);
                    if (!(Math.abs((double) actual[i] - values[i]) <= tol)) { // also fails for NaN
                        fail(context + ": element at " + i + " is " + actual[i] + ", expected " + values[i]
                                + " +- " + tol);
                    }
                } else if (Float.floatToRawIntBits(actual[i]) != Float.floatToRawIntBits(values[i])) {
                    fail(context + ": position " + i + " is outside the output but changed from "
                            + Float.floatToRawIntBits(values[i]) + " to " + Float.floatToRawIntBits(actual[i])
                            + " (raw bits)");
                }
            }
        }
    }

    /** How far single precision may stray from the exact result given the sum of |terms|. */
    static double tolerance(double sumAbs) {
        return 4e-6 * sumAbs + 1e-6;
    }

    /** Position of element (i, j) of a matrix stored in {@code layout} from {@code offset} with {@code ld}. */
    static int index(Layout layout, int offset, int ld, int i, int j) {
        return layout == Layout.ROW_MAJOR ? offset + i * ld + j : offset + i + j * ld;
    }

    /** Position of element {@code i} of an {@code n}-vector: with a negative inc it runs backwards. */
    static int index(int offset, int n, int inc, int i) {
        return inc > 0 ? offset + i * inc : offset + (n - 1 - i) * -inc;
    }

    /** Element (i, p) of op(X), X stored in {@code layout}. */
    private static double op(Layout layout, Transpose trans, float[] x, int offset, int ld, int i, int p) {
        return trans != Transpose.NO_TRANSPOSE ? x[index(layout, offset, ld, p, i)] : x[index(layout, offset, ld, i, p)];
    }

    /** C = alpha * op(A) * op(B) + beta * C; beta = 0 ignores what C held (NaN included), as BLAS does. */
    static Expected sgemm(Layout layout, Transpose transA, Transpose transB, int m, int n, int k, float alpha,
                          float[] a, int aOffset, int lda, float[] b, int bOffset, int ldb,
                          float beta, float[] c, int cOffset, int ldc) {
        float[] values = c.clone();
        boolean[] written = new boolean[c.length];
        double[] sumAbs = new double[c.length];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < n; j++) {
                double sum = 0;
                double abs = 0;
                for (int p = 0; p < k; p++) {
                    double term = op(layout, transA, a, aOffset, lda, i, p) * op(layout, transB, b, bOffset, ldb, p, j);
                    sum += term;
                    abs += Math.abs(term);
                }
                int at = index(layout, cOffset, ldc, i, j);
                double old = beta == 0 ? 0 : (double) beta * c[at];
                values[at] = (float) ((double) alpha * sum + old);
                written[at] = true;
                sumAbs[at] = Math.abs(alpha) * abs + Math.abs(old);
            }
        }
        return new Expected(values, written, sumAbs);
    }

    /**
     * y = alpha * op(A) * x + beta * y with A stored {@code m x n}; x has n elements (m when transposed), y has
     * m (n when transposed). beta = 0 ignores what y held.
     */
    static Expected sgemv(Layout layout, Transpose trans, int m, int n, float alpha, float[] a, int aOffset, int lda,
                          float[] x, int xOffset, int incx, float beta, float[] y, int yOffset, int incy) {
        boolean t = trans != Transpose.NO_TRANSPOSE;
        int xLength = t ? m : n;
        int yLength = t ? n : m;
        float[] values = y.clone();
        boolean[] written = new boolean[y.length];
        double[] sumAbs = new double[y.length];
        for (int i = 0; i < yLength; i++) {
            double sum = 0;
            double abs = 0;
            for (int p = 0; p < xLength; p++) {
                double term = op(layout, trans, a, aOffset, lda, i, p) * x[index(xOffset, xLength, incx, p)];
                sum += term;
                abs += Math.abs(term);
            }
            int at = index(yOffset, yLength, incy, i);
            double old = beta == 0 ? 0 : (double) beta * y[at];
            values[at] = (float) ((double) alpha * sum + old);
            written[at] = true;
            sumAbs[at] = Math.abs(alpha) * abs + Math.abs(old);
        }
        return new Expected(values, written, sumAbs);
    }

    /** y = alpha * x + y. */
    static Expected saxpy(int n, float alpha, float[] x, int xOffset, int incx, float[] y, int yOffset, int incy) {
        float[] values = y.clone();
        boolean[] written = new boolean[y.length];
        double[] sumAbs = new double[y.length];
        for (int i = 0; i < n; i++) {
            int at = index(yOffset, n, incy, i);
            double term = (double) alpha * x[index(xOffset, n, incx, i)];
            values[at] = (float) (term + y[at]);
            written[at] = true;
            sumAbs[at] = Math.abs(term) + Math.abs(y[at]);
        }
        return new Expected(values, written, sumAbs);
    }

    /** x = alpha * x. */
    static Expected sscal(int n, float alpha, float[] x, int xOffset, int incx) {
        float[] values = x.clone();
        boolean[] written = new boolean[x.length];
        double[] sumAbs = new double[x.length];
        for (int i = 0; i < n; i++) {
            int at = index(xOffset, n, incx, i);
            values[at] = (float) ((double) alpha * x[at]);
            written[at] = true;
            sumAbs[at] = Math.abs(values[at]);
        }
        return new Expected(values, written, sumAbs);
    }

    /** The dot product of x and y, in double. */
    static double sdot(int n, float[] x, int xOffset, int incx, float[] y, int yOffset, int incy) {
        double sum = 0;
        for (int i = 0; i < n; i++) {
            sum += (double) x[index(xOffset, n, incx, i)] * y[index(yOffset, n, incy, i)];
        }
        return sum;
    }

    /** The sum of |x_i * y_i|: what the tolerance of {@link #sdot} scales with. */
    static double sdotSumAbs(int n, float[] x, int xOffset, int incx, float[] y, int yOffset, int incy) {
        double sum = 0;
        for (int i = 0; i < n; i++) {
            sum += Math.abs((double) x[index(xOffset, n, incx, i)] * y[index(yOffset, n, incy, i)]);
        }
        return sum;
    }
}
