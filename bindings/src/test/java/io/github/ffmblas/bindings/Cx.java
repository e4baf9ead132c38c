package io.github.ffmblas.bindings;

import static org.junit.jupiter.api.Assertions.fail;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.Random;

/**
 * A plain-Java oracle for the s, d, c and z routines, written from the BLAS reference definitions.
 *
 * <p>Every operand is a {@code double[]} (complex elements interleaved re, im) holding the stored elements among
 * sentinel NaNs, so a read of padding poisons the result and a write to it changes its bits. The oracle reads
 * operands into logical matrices ({@link M}), computes in double, and writes the result back into a copy of the
 * output array, recording which positions it wrote. A second run of the same oracle on "absolute" inputs (every
 * element replaced by |re| + |im|, scalars too) bounds the sum of |terms| of each result, which scales the
 * tolerance.
 */
final class Cx {
    private Cx() {}

    static final int TAIL = TestData.TAIL;
    static final double SENTINEL_D = Double.longBitsToDouble(0x7ff8_0000_0000_5e17L);

    /** The four precisions: element width (1 real, 2 complex) and the relative tolerance of a result. */
    enum P {
        S(false, false, 2e-5), D(true, false, 1e-12), C(false, true, 2e-5), Z(true, true, 1e-12);

        final boolean dbl;
        final boolean cx;
        final double rel;
        final int w;

        P(boolean dbl, boolean cx, double rel) {
            this.dbl = dbl;
            this.cx = cx;
            this.rel = rel;
            this.w = cx ? 2 : 1;
        }

        double round(double v) {
            return dbl ? v : (float) v;
        }

        double sentinel() {
            return dbl ? SENTINEL_D : (double) TestData.SENTINEL;
        }

        double tol(double bound) {
            return rel * bound + (dbl ? 1e-290 : 1e-35);
        }

        double random(Random r) {
            return round(r.nextDouble() * 2 - 1);
        }

        /** The array in a native segment, or (heap) in a heap segment over a float[] / double[] of its own. */
        MemorySegment seg(Arena arena, double[] data, boolean heap) {
            if (dbl) {
                return heap ? MemorySegment.ofArray(data.clone()) : arena.allocateFrom(ValueLayout.JAVA_DOUBLE, data);
            }
            float[] f = new float[data.length];
            for (int i = 0; i < f.length; i++) {
                f[i] = (float) data[i];
            }
            return heap ? MemorySegment.ofArray(f) : arena.allocateFrom(ValueLayout.JAVA_FLOAT, f);
        }

        double[] read(MemorySegment s) {
            if (dbl) {
                return s.toArray(ValueLayout.JAVA_DOUBLE);
            }
            float[] f = s.toArray(ValueLayout.JAVA_FLOAT);
            double[] d = new double[f.length];
            for (int i = 0; i < f.length; i++) {
                d[i] = f[i];
            }
            return d;
        }

        K scalar(Random r) {
            return new K(random(r), cx ? random(r) : 0);
        }

        ComplexFloat cf(K k) {
            return new ComplexFloat((float) k.re, (float) k.im);
        }

        ComplexDouble cd(K k) {
            return new ComplexDouble(k.re, k.im);
        }
    }

    /** A scalar of the oracle (im is 0 for real precisions). */
    record K(double re, double im) {
        static final K ZERO = new K(0, 0);
        static final K ONE = new K(1, 0);

        K mul(K o) {
            return new K(re * o.re - im * o.im, re * o.im + im * o.re);
        }

        K add(K o) {
            return new K(re + o.re, im + o.im);
        }

        K conj() {
            return new K(re, -im);
        }

        K abs() {
            return new K(Math.abs(re) + Math.abs(im), 0);
        }

        K abs(boolean abs) {
            return abs ? abs() : this;
        }

        double mod1() {
            return Math.abs(re) + Math.abs(im);
        }

        @Override
        public String toString() {
            return "(" + re + (im < 0 ? "" : "+") + im + "i)";
        }
    }

    /** Storage of a matrix: the element index of (i, j), or -1 where nothing is stored. */
    @FunctionalInterface
    interface Pos {
        int at(int i, int j);
    }

    static Pos full(Layout l, int off, int ld) {
        return (i, j) -> l == Layout.ROW_MAJOR ? off + i * ld + j : off + i + j * ld;
    }

    static boolean inTri(Uplo u, int i, int j) {
        return u == Uplo.UPPER ? i <= j : i >= j;
    }

    static Pos triangle(Pos base, Uplo u) {
        return (i, j) -> inTri(u, i, j) ? base.at(i, j) : -1;
    }

    /** General band: column-major A(i,j) at ku + i - j + j*ld, row-major at kl + j - i + i*ld. */
    static Pos band(Layout l, int off, int ld, int kl, int ku) {
        return (i, j) -> i - j > kl || j - i > ku ? -1
                : l == Layout.ROW_MAJOR ? off + kl + j - i + i * ld : off + ku + i - j + j * ld;
    }

    /** Triangular / Hermitian band with k off-diagonals in the uplo triangle. */
    static Pos bandTri(Layout l, Uplo u, int off, int ld, int k) {
        return (i, j) -> {
            if (!inTri(u, i, j) || Math.abs(i - j) > k) {
                return -1;
            }
            boolean col = l == Layout.COLUMN_MAJOR;
            if (u == Uplo.UPPER) {
                return col ? off + k + i - j + j * ld : off + j - i + i * ld;
            }
            return col ? off + i - j + j * ld : off + k + j - i + i * ld;
        };
    }

    /** Packed triangle of an n x n matrix. */
    static Pos packed(Layout l, Uplo u, int n, int off) {
        return (i, j) -> {
            if (!inTri(u, i, j)) {
                return -1;
            }
            boolean col = l == Layout.COLUMN_MAJOR;
            if (u == Uplo.UPPER) {
                return col ? off + i + j * (j + 1) / 2 : off + j + (2 * n - i - 1) * i / 2;
            }
            return col ? off + i + (2 * n - j - 1) * j / 2 : off + j + i * (i + 1) / 2;
        };
    }

    /** An n-vector as an n x 1 storage: element i at off + i*inc, or off + (n-1-i)*|inc| when inc < 0. */
    static Pos vec(int off, int n, int inc) {
        return (i, j) -> NaiveBlas.index(off, n, inc, i);
    }

    static double[] sentinels(P p, int elements) {
        double[] d = new double[elements * p.w];
        Arrays.fill(d, p.sentinel());
        return d;
    }

    /** A rows x cols operand stored at pos, random values where stored, sentinels elsewhere and in a tail. */
    static double[] data(P p, Random r, int rows, int cols, Pos pos) {
        return data(p, r, rows, cols, pos, 0);
    }

    /** As above, the array at least minElements long before its tail (a band's full ld x runs rectangle). */
    static double[] data(P p, Random r, int rows, int cols, Pos pos, int minElements) {
        int max = minElements - 1;
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                max = Math.max(max, pos.at(i, j));
            }
        }
        double[] d = sentinels(p, max + 1 + TAIL);
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                int at = pos.at(i, j);
                if (at >= 0) {
                    d[at * p.w] = p.random(r);
                    if (p.cx) {
                        d[at * p.w + 1] = p.random(r);
                    }
                }
            }
        }
        return d;
    }

    static double[] vector(P p, Random r, int n, int inc, int off) {
        return data(p, r, Math.max(n, 0), 1, vec(off, n, inc));
    }

    /**
     * Diagonal for a triangular solve: 2 + |random| (and a small imaginary part), and off-diagonal elements
     * divided by n, so the system is diagonally dominant. With a unit diagonal the diagonal stays a sentinel
     * (BLAS must not read it).
     */
    static void conditionTriangle(P p, Random r, double[] d, int n, Pos pos, Diag diag) {
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                int at = pos.at(i, j);
                if (at < 0) {
                    continue;
                }
                if (i == j) {
                    if (diag == Diag.UNIT) {
                        d[at * p.w] = p.sentinel();
                        if (p.cx) {
                            d[at * p.w + 1] = p.sentinel();
                        }
                    } else {
                        d[at * p.w] = p.round(2 + Math.abs(p.random(r)));
                        if (p.cx) {
                            d[at * p.w + 1] = p.round(0.5 * p.random(r));
                        }
                    }
                } else {
                    d[at * p.w] = p.round(d[at * p.w] / n);
                    if (p.cx) {
                        d[at * p.w + 1] = p.round(d[at * p.w + 1] / n);
                    }
                }
            }
        }
    }

    /** Every element replaced by |re| + |im| (sentinels stay NaN). */
    static double[] abs(P p, double[] d) {
        double[] a = new double[d.length];
        for (int i = 0; i < d.length; i += p.w) {
            a[i] = p.cx ? Math.abs(d[i]) + Math.abs(d[i + 1]) : Math.abs(d[i]);
        }
        return a;
    }

    static double[] abs(P p, double[] d, boolean abs) {
        return abs ? abs(p, d) : d;
    }

    static K get(P p, double[] d, int at) {
        return new K(d[at * p.w], p.cx ? d[at * p.w + 1] : 0);
    }

    /** A logical rows x cols complex matrix in double. */
    static final class M {
        final int rows;
        final int cols;
        final double[] re;
        final double[] im;

        M(int rows, int cols) {
            this.rows = rows;
            this.cols = cols;
            this.re = new double[rows * cols];
            this.im = new double[rows * cols];
        }

        K get(int i, int j) {
            return new K(re[i * cols + j], im[i * cols + j]);
        }

        void set(int i, int j, K v) {
            re[i * cols + j] = v.re;
            im[i * cols + j] = v.im;
        }
    }

    /** The stored elements as a matrix, zero where nothing is stored. */
    static M general(P p, double[] d, int rows, int cols, Pos pos) {
        M m = new M(rows, cols);
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                int at = pos.at(i, j);
                if (at >= 0) {
                    m.set(i, j, get(p, d, at));
                }
            }
        }
        return m;
    }

    static M vector(P p, double[] d, int n, int inc, int off) {
        return general(p, d, n, 1, vec(off, n, inc));
    }

    /** A triangular matrix from the uplo triangle at pos; a unit diagonal is 1 and never read. */
    static M triangular(P p, double[] d, int n, Pos pos, Uplo u, Diag diag) {
        M m = new M(n, n);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                int at = pos.at(i, j);
                if (i == j && diag == Diag.UNIT) {
                    m.set(i, j, K.ONE);
                } else if (inTri(u, i, j) && at >= 0) {
                    m.set(i, j, get(p, d, at));
                }
            }
        }
        return m;
    }

    /**
     * A Hermitian (conj) or symmetric matrix from its uplo triangle at pos: the other triangle mirrored
     * (conjugated when Hermitian), and a Hermitian diagonal's imaginary part taken as zero.
     */
    static M mirrored(P p, double[] d, int n, Pos pos, Uplo u, boolean conj) {
        M m = new M(n, n);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (!inTri(u, i, j)) {
                    continue;
                }
                int at = pos.at(i, j);
                K v = at >= 0 ? get(p, d, at) : K.ZERO;
                if (i == j && conj) {
                    v = new K(v.re, 0);
                }
                m.set(i, j, v);
                m.set(j, i, conj ? v.conj() : v);
            }
        }
        return m;
    }

    static M op(M a, Transpose t) {
        if (t == Transpose.NO_TRANSPOSE) {
            return a;
        }
        M m = new M(a.cols, a.rows);
        for (int i = 0; i < a.rows; i++) {
            for (int j = 0; j < a.cols; j++) {
                K v = a.get(i, j);
                m.set(j, i, t == Transpose.CONJUGATE_TRANSPOSE ? v.conj() : v);
            }
        }
        return m;
    }

    static M conj(M a) {
        M m = new M(a.rows, a.cols);
        for (int i = 0; i < a.re.length; i++) {
            m.re[i] = a.re[i];
            m.im[i] = -a.im[i];
        }
        return m;
    }

    static M mul(M a, M b) {
        if (a.cols != b.rows) {
            throw new IllegalArgumentException(a.rows + "x" + a.cols + " * " + b.rows + "x" + b.cols);
        }
        M m = new M(a.rows, b.cols);
        for (int i = 0; i < a.rows; i++) {
            for (int j = 0; j < b.cols; j++) {
                double sr = 0;
                double si = 0;
                for (int p = 0; p < a.cols; p++) {
                    double ar = a.re[i * a.cols + p];
                    double ai = a.im[i * a.cols + p];
                    double br = b.re[p * b.cols + j];
                    double bi = b.im[p * b.cols + j];
                    sr += ar * br - ai * bi;
                    si += ar * bi + ai * br;
                }
                m.re[i * m.cols + j] = sr;
                m.im[i * m.cols + j] = si;
            }
        }
        return m;
    }

    /** alpha * a + beta * b; beta = 0 does not read b (b may be null then). */
    static M axpby(K alpha, M a, K beta, M b) {
        M m = new M(a.rows, a.cols);
        boolean useB = b != null && !(beta.re == 0 && beta.im == 0);
        for (int i = 0; i < a.rows; i++) {
            for (int j = 0; j < a.cols; j++) {
                K v = alpha.mul(a.get(i, j));
                if (useB) {
                    v = v.add(beta.mul(b.get(i, j)));
                }
                m.set(i, j, v);
            }
        }
        return m;
    }

    /** The expected output array: original bits except where the routine writes. */
    static final class Out {
        final P p;
        final double[] v;
        final boolean[] w;

        Out(P p, double[] orig) {
            this.p = p;
            this.v = orig.clone();
            this.w = new boolean[orig.length];
        }

        void put(int at, K value) {
            v[at * p.w] = value.re;
            w[at * p.w] = true;
            if (p.cx) {
                v[at * p.w + 1] = value.im;
                w[at * p.w + 1] = true;
            }
        }

        /** Writes m where pos stores an element (and the filter, if any, accepts (i, j)). */
        Out store(M m, Pos pos) {
            for (int i = 0; i < m.rows; i++) {
                for (int j = 0; j < m.cols; j++) {
                    int at = pos.at(i, j);
                    if (at >= 0) {
                        put(at, m.get(i, j));
                    }
                }
            }
            return this;
        }
    }

    /**
     * Written positions within tolerance (scaled by the bound run's value there), all others bit-identical to
     * the original.
     */
    static void check(Out exp, Out bound, double[] orig, double[] actual, String ctx) {
        if (actual.length != orig.length) {
            fail(ctx + ": length " + actual.length + " != " + orig.length);
        }
        P p = exp.p;
        for (int i = 0; i < orig.length; i++) {
            if (exp.w[i]) {
                double b = bound.v[i - i % p.w];
                double tol = p.tol(b);
                if (!(Math.abs(actual[i] - exp.v[i]) <= tol)) {
                    fail(ctx + ": element " + (i / p.w) + (p.cx ? (i % 2 == 0 ? " re" : " im") : "") + " is "
                            + actual[i] + ", expected " + exp.v[i] + " +- " + tol);
                }
            } else if (Double.doubleToRawLongBits(actual[i]) != Double.doubleToRawLongBits(orig[i])) {
                fail(ctx + ": position " + i + " outside the output changed from " + orig[i] + " to " + actual[i]);
            }
        }
    }

    static void checkScalar(P p, K expected, K bound, K actual, String ctx) {
        double tol = p.tol(bound.re);
        if (!(Math.abs(actual.re - expected.re) <= tol) || !(Math.abs(actual.im - expected.im) <= tol)) {
            fail(ctx + ": " + actual + ", expected " + expected + " +- " + tol);
        }
    }

    static void checkUnchanged(double[] orig, double[] actual, String ctx) {
        for (int i = 0; i < orig.length; i++) {
            if (Double.doubleToRawLongBits(actual[i]) != Double.doubleToRawLongBits(orig[i])) {
                fail(ctx + ": read-only operand changed at " + i);
            }
        }
    }
}
