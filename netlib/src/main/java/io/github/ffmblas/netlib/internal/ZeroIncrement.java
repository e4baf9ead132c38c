package io.github.ffmblas.netlib.internal;

/**
 * Level 1 routines given a zero increment, which BLAS defines (every step reads or writes the same element: a dot
 * product with a scalar, an axpy accumulating into one element) and netlib passes through, but the bindings' facade
 * refuses. They run here in plain Java, in reference BLAS's order, on the caller's arrays; element i of a vector lies
 * where BLAS puts it ({@link #at}). Each first checks, as the facade would, that both vectors lie inside their arrays
 * in exact arithmetic (netlib's int check can wrap, and lets a negative offset through), so that nothing is written
 * by a call that then fails.
 */
public final class ZeroIncrement {
    private ZeroIncrement() {}

    /** Where element i of an n-vector lies: BLAS puts a negative increment's element 0 last in memory. */
    static int at(int offset, int n, int inc, int i) {
        return inc >= 0 ? offset + i * inc : offset + (n - 1 - i) * -inc;
    }

    private static void inside(String routine, String name, int offset, int n, int inc, int length) {
        long last = offset + (n - 1L) * Math.abs((long) inc);
        if (offset < 0 || last >= length) {
            throw new IllegalArgumentException(routine + ": " + name + " (offset " + offset + ", n " + n + ", inc "
                    + inc + ") needs elements " + offset + " to " + last + ", its array has " + length);
        }
    }

    private static void inside(String routine, int n, int ox, int incx, int xLength, int oy, int incy, int yLength) {
        inside(routine, "x", ox, n, incx, xLength);
        inside(routine, "y", oy, n, incy, yLength);
    }

    public static double ddot(int n, double[] x, int ox, int incx, double[] y, int oy, int incy) {
        inside("ddot", n, ox, incx, x.length, oy, incy, y.length);
        double sum = 0;
        for (int i = 0; i < n; i++) {
            sum += x[at(ox, n, incx, i)] * y[at(oy, n, incy, i)];
        }
        return sum;
    }

    public static float sdot(int n, float[] x, int ox, int incx, float[] y, int oy, int incy) {
        inside("sdot", n, ox, incx, x.length, oy, incy, y.length);
        float sum = 0;
        for (int i = 0; i < n; i++) {
            sum += x[at(ox, n, incx, i)] * y[at(oy, n, incy, i)];
        }
        return sum;
    }

    /** sb + x.y with the products and the sum in double, rounded once (reference BLAS's sdsdot). */
    public static float sdsdot(int n, float sb, float[] x, int ox, int incx, float[] y, int oy, int incy) {
        inside("sdsdot", n, ox, incx, x.length, oy, incy, y.length);
        double sum = sb;
        for (int i = 0; i < n; i++) {
            sum += (double) x[at(ox, n, incx, i)] * y[at(oy, n, incy, i)];
        }
        return (float) sum;
    }

    public static void daxpy(int n, double alpha, double[] x, int ox, int incx, double[] y, int oy, int incy) {
        inside("daxpy", n, ox, incx, x.length, oy, incy, y.length);
        for (int i = 0; i < n; i++) {
            y[at(oy, n, incy, i)] += alpha * x[at(ox, n, incx, i)];
        }
    }

    public static void saxpy(int n, float alpha, float[] x, int ox, int incx, float[] y, int oy, int incy) {
        inside("saxpy", n, ox, incx, x.length, oy, incy, y.length);
        for (int i = 0; i < n; i++) {
            y[at(oy, n, incy, i)] += alpha * x[at(ox, n, incx, i)];
        }
    }

    public static void dcopy(int n, double[] x, int ox, int incx, double[] y, int oy, int incy) {
        inside("dcopy", n, ox, incx, x.length, oy, incy, y.length);
        for (int i = 0; i < n; i++) {
            y[at(oy, n, incy, i)] = x[at(ox, n, incx, i)];
        }
    }

    public static void scopy(int n, float[] x, int ox, int incx, float[] y, int oy, int incy) {
        inside("scopy", n, ox, incx, x.length, oy, incy, y.length);
        for (int i = 0; i < n; i++) {
            y[at(oy, n, incy, i)] = x[at(ox, n, incx, i)];
        }
    }

    public static void dswap(int n, double[] x, int ox, int incx, double[] y, int oy, int incy) {
        inside("dswap", n, ox, incx, x.length, oy, incy, y.length);
        for (int i = 0; i < n; i++) {
            int xi = at(ox, n, incx, i);
            int yi = at(oy, n, incy, i);
            double t = x[xi];
            x[xi] = y[yi];
            y[yi] = t;
        }
    }

    public static void sswap(int n, float[] x, int ox, int incx, float[] y, int oy, int incy) {
        inside("sswap", n, ox, incx, x.length, oy, incy, y.length);
        for (int i = 0; i < n; i++) {
            int xi = at(ox, n, incx, i);
            int yi = at(oy, n, incy, i);
            float t = x[xi];
            x[xi] = y[yi];
            y[yi] = t;
        }
    }

    public static void drot(int n, double[] x, int ox, int incx, double[] y, int oy, int incy, double c, double s) {
        inside("drot", n, ox, incx, x.length, oy, incy, y.length);
        for (int i = 0; i < n; i++) {
            int xi = at(ox, n, incx, i);
            int yi = at(oy, n, incy, i);
            double t = c * x[xi] + s * y[yi];
            y[yi] = c * y[yi] - s * x[xi];
            x[xi] = t;
        }
    }

    public static void srot(int n, float[] x, int ox, int incx, float[] y, int oy, int incy, float c, float s) {
        inside("srot", n, ox, incx, x.length, oy, incy, y.length);
        for (int i = 0; i < n; i++) {
            int xi = at(ox, n, incx, i);
            int yi = at(oy, n, incy, i);
            float t = c * x[xi] + s * y[yi];
            y[yi] = c * y[yi] - s * x[xi];
            x[xi] = t;
        }
    }

    /** The modified rotation of param (flag -2: identity, -1: full H, 0: unit diagonal, 1: unit off-diagonal). */
    public static void drotm(int n, double[] x, int ox, int incx, double[] y, int oy, int incy, double[] p, int op) {
        inside("drotm", n, ox, incx, x.length, oy, incy, y.length);
        inside("drotm", "param", op, 5, 1, p.length);
        double flag = p[op];
        if (flag == -2) {
            return;
        }
        // param = (flag, h11, h21, h12, h22): flag 0 implies h11 = h22 = 1, flag 1 h21 = -1 and h12 = 1
        double h11 = flag == 0 ? 1 : p[op + 1];
        double h21 = flag > 0 ? -1 : p[op + 2];
        double h12 = flag > 0 ? 1 : p[op + 3];
        double h22 = flag == 0 ? 1 : p[op + 4];
        for (int i = 0; i < n; i++) {
            int xi = at(ox, n, incx, i);
            int yi = at(oy, n, incy, i);
            double w = x[xi];
            double z = y[yi];
            x[xi] = w * h11 + z * h12;
            y[yi] = w * h21 + z * h22;
        }
    }

    public static void srotm(int n, float[] x, int ox, int incx, float[] y, int oy, int incy, float[] p, int op) {
        inside("srotm", n, ox, incx, x.length, oy, incy, y.length);
        inside("srotm", "param", op, 5, 1, p.length);
        float flag = p[op];
        if (flag == -2) {
            return;
        }
        float h11 = flag == 0 ? 1 : p[op + 1];
        float h21 = flag > 0 ? -1 : p[op + 2];
        float h12 = flag > 0 ? 1 : p[op + 3];
        float h22 = flag == 0 ? 1 : p[op + 4];
        for (int i = 0; i < n; i++) {
            int xi = at(ox, n, incx, i);
            int yi = at(oy, n, incy, i);
            float w = x[xi];
            float z = y[yi];
            x[xi] = w * h11 + z * h12;
            y[yi] = w * h21 + z * h22;
        }
    }
}
