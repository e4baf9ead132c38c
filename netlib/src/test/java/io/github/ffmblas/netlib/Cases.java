package io.github.ffmblas.netlib;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.netlib.util.doubleW;
import org.netlib.util.floatW;

/**
 * netlib-style arguments for each routine of the interface, as the offset overload takes them: column-major arrays
 * inside larger arrays (random offsets, padded leading dimensions, slack at the end), every flag combination in
 * upper or lower case, positive, negative and zero increments, awkward sizes. Arrays are filled with random values
 * throughout, padding included, so a write outside the touched region shows. Triangular matrices of the solves
 * have a dominant diagonal and small off-diagonal entries (also in the other triangle), so every solve is well
 * conditioned, unit diagonal or not.
 */
final class Cases {
    static final int[] SIZES = {1, 7, 33, 130};
    static final int[] SMALL_SIZES = {1, 7, 33};
    private static final String[] TRANS = {"N", "T", "C"};
    private static final String[] UPLO = {"U", "L"};
    private static final String[] DIAG = {"N", "U"};
    private static final String[] SIDE = {"L", "R"};
    private static final int[] INCS = {1, 2, -1, -3};

    private final Random r;
    private final boolean dbl;
    private final boolean zeroOffsets;

    private Cases(long seed, boolean dbl, boolean zeroOffsets) {
        this.r = new Random(seed);
        this.dbl = dbl;
        this.zeroOffsets = zeroOffsets;
    }

    /** Argument lists for the offset overload of {@code routine} (its name: "dgemm", "isamax", ...). */
    static List<Object[]> of(String routine, long seed, boolean zeroOffsets) {
        boolean dbl = routine.startsWith("d") || routine.startsWith("id");
        String name = routine.startsWith("i") ? "iamax" : routine.equals("sdsdot") ? "sdsdot" : routine.substring(1);
        return new Cases(seed, dbl, zeroOffsets).build(name);
    }

    private List<Object[]> build(String name) {
        List<Object[]> out = new ArrayList<>();
        switch (name) {
            case "asum", "nrm2", "iamax" -> {
                for (int n : SIZES) {
                    for (int inc : new int[] {1, 2, -1, 0}) {
                        int ox = off();
                        out.add(args(n, vec(n, inc, ox), ox, inc));
                    }
                }
                out.add(args(0, vec(1, 1, 0), 0, 1));
            }
            case "scal" -> {
                for (int n : SIZES) {
                    for (int inc : new int[] {1, 2, -1}) {
                        int ox = off();
                        out.add(args(n, s(scalar()), vec(n, inc, ox), ox, inc));
                    }
                }
            }
            case "axpy", "copy", "dot", "swap", "rot", "rotm", "sdsdot" -> {
                for (int n : SIZES) {
                    for (int incx : new int[] {1, 2, -1, -3, 0}) {
                        int incy = pick(new int[] {1, 3, -2, incx == 0 ? 1 : 0});
                        int ox = off();
                        int oy = off();
                        Object x = vec(n, incx, ox);
                        Object y = vec(n, incy, oy);
                        switch (name) {
                            case "axpy" -> out.add(args(n, s(scalar()), x, ox, incx, y, oy, incy));
                            case "copy", "dot", "swap" -> out.add(args(n, x, ox, incx, y, oy, incy));
                            case "sdsdot" -> out.add(args(n, (float) scalar(), x, ox, incx, y, oy, incy));
                            case "rot" -> {
                                double angle = r.nextDouble() * 6.28;
                                out.add(args(n, x, ox, incx, y, oy, incy, s(Math.cos(angle)), s(Math.sin(angle))));
                            }
                            default -> {
                                for (double flag : new double[] {-2, -1, 0, 1}) {
                                    int op = off();
                                    double[] p = new double[op + 5 + r.nextInt(2)];
                                    fill(p, 1);
                                    p[op] = flag;
                                    out.add(args(n, copy(x), ox, incx, copy(y), oy, incy, arr(p), op));
                                }
                            }
                        }
                    }
                }
            }
            case "rotg" -> {
                double[][] pairs = {{0, 0}, {3, 4}, {-3, 4}, {4, -3}, {0, 2}, {2, 0}, {-1e-3, 7}, {1, 1}};
                for (double[] p : pairs) {
                    out.add(args(holder(p[0]), holder(p[1]), holder(0), holder(0)));
                }
                for (int i = 0; i < 20; i++) {
                    out.add(args(holder(r.nextGaussian()), holder(r.nextGaussian()), holder(0), holder(0)));
                }
            }
            case "rotmg" -> {
                // d1 < 0 (with d2 * y1 = 0 too), d2 < 0, zeros, and ordinary values of every magnitude order
                double[][] inputs = {{-2, 3, 0.5, 0.7}, {-2, 3, 0.5, 0}, {-2, 0, 0.5, 0.7}, {2, 3, 0.5, 0.7},
                    {2, 3, 0.5, 0}, {2, 0, 0.5, 0.7}, {2, -3, 0.5, 0.7}, {0, 3, 0.5, 0.7}, {2, 3, 0, 0.7},
                    {1e-9, 1e9, 1, 1}, {1e9, 1e-9, 1, 1}, {5e7, 1, 1e-5, 1}, {1, 1, 1, 1}, {3, 2, -1, 4}};
                for (double[] in : inputs) {
                    int op = off();
                    double[] p = new double[op + 5 + r.nextInt(2)];
                    fill(p, 9);
                    out.add(args(holder(in[0]), holder(in[1]), holder(in[2]), s(in[3]), arr(p), op));
                }
                for (int i = 0; i < 20; i++) {
                    int op = off();
                    double[] p = new double[op + 5];
                    out.add(args(holder(r.nextDouble() * 4 - 1), holder(r.nextDouble() * 4 - 1),
                            holder(r.nextGaussian()), s(r.nextGaussian()), arr(p), op));
                }
            }
            case "gemv" -> {
                for (String t : TRANS) {
                    for (int m : SIZES) {
                        int n = pick(SIZES);
                        int lda = ld(m);
                        int rows = is(t, "N") ? m : n;
                        int cols = is(t, "N") ? n : m;
                        int incx = pick(INCS);
                        int incy = pick(INCS);
                        int oa = off();
                        int ox = off();
                        int oy = off();
                        out.add(args(flag(t), m, n, s(scalar()), mat(lda, n, oa), oa, lda, vec(cols, incx, ox), ox,
                                incx, s(beta()), vec(rows, incy, oy), oy, incy));
                    }
                }
            }
            case "gbmv" -> {
                for (String t : TRANS) {
                    for (int m : SIZES) {
                        int n = pick(SIZES);
                        int kl = r.nextInt(Math.min(m, 4));
                        int ku = r.nextInt(Math.min(n, 4));
                        int lda = kl + ku + 1 + r.nextInt(3);
                        int incx = pick(INCS);
                        int incy = pick(INCS);
                        int oa = off();
                        int ox = off();
                        int oy = off();
                        out.add(args(flag(t), m, n, kl, ku, s(scalar()), mat(lda, n, oa), oa, lda,
                                vec(is(t, "N") ? n : m, incx, ox), ox, incx, s(beta()),
                                vec(is(t, "N") ? m : n, incy, oy), oy, incy));
                    }
                }
            }
            case "ger" -> {
                for (int m : SIZES) {
                    for (int n : new int[] {1, pick(SIZES)}) {
                        int lda = ld(m);
                        int incx = pick(INCS);
                        int incy = pick(INCS);
                        int oa = off();
                        int ox = off();
                        int oy = off();
                        out.add(args(m, n, s(scalar()), vec(m, incx, ox), ox, incx, vec(n, incy, oy), oy, incy,
                                mat(lda, n, oa), oa, lda));
                    }
                }
            }
            case "sbmv", "symv", "spmv", "syr", "syr2", "spr", "spr2" -> {
                for (String u : UPLO) {
                    for (int n : SIZES) {
                        int incx = pick(INCS);
                        int incy = pick(INCS);
                        int oa = off();
                        int ox = off();
                        int oy = off();
                        Object x = vec(n, incx, ox);
                        Object y = vec(n, incy, oy);
                        int lda = ld(n);
                        switch (name) {
                            case "sbmv" -> {
                                int k = r.nextInt(Math.min(n, 5));
                                int ldb = k + 1 + r.nextInt(3);
                                out.add(args(flag(u), n, k, s(scalar()), mat(ldb, n, oa), oa, ldb, x, ox, incx,
                                        s(beta()), y, oy, incy));
                            }
                            case "symv" -> out.add(args(flag(u), n, s(scalar()), mat(lda, n, oa), oa, lda, x, ox,
                                    incx, s(beta()), y, oy, incy));
                            case "spmv" -> out.add(args(flag(u), n, s(scalar()), packed(n, oa), oa, x, ox, incx,
                                    s(beta()), y, oy, incy));
                            case "syr" -> out.add(args(flag(u), n, s(scalar()), x, ox, incx, mat(lda, n, oa), oa,
                                    lda));
                            case "syr2" -> out.add(args(flag(u), n, s(scalar()), x, ox, incx, y, oy, incy,
                                    mat(lda, n, oa), oa, lda));
                            case "spr" -> out.add(args(flag(u), n, s(scalar()), x, ox, incx, packed(n, oa), oa));
                            default -> out.add(args(flag(u), n, s(scalar()), x, ox, incx, y, oy, incy,
                                    packed(n, oa), oa));
                        }
                    }
                }
            }
            case "trmv", "trsv", "tbmv", "tbsv", "tpmv", "tpsv" -> {
                for (String u : UPLO) {
                    for (String t : TRANS) {
                        for (String d : DIAG) {
                            int n = pick(SIZES);
                            int incx = pick(INCS);
                            int oa = off();
                            int ox = off();
                            Object x = vec(n, incx, ox);
                            switch (name) {
                                case "trmv", "trsv" -> {
                                    int lda = ld(n);
                                    out.add(args(flag(u), flag(t), flag(d), n, triangle(n, lda, oa), oa, lda, x, ox,
                                            incx));
                                }
                                case "tbmv", "tbsv" -> {
                                    int k = r.nextInt(Math.min(n, 5));
                                    int lda = k + 1 + r.nextInt(3);
                                    out.add(args(flag(u), flag(t), flag(d), n, k, band(n, k, lda, oa, is(u, "U")),
                                            oa, lda, x, ox, incx));
                                }
                                default -> out.add(args(flag(u), flag(t), flag(d), n,
                                        packedTriangle(n, oa, is(u, "U")), oa, x, ox, incx));
                            }
                        }
                    }
                }
            }
            case "gemm" -> {
                for (String ta : TRANS) {
                    for (String tb : TRANS) {
                        for (int size : SMALL_SIZES) {
                            int m = size;
                            int n = pick(SMALL_SIZES);
                            int k = pick(SIZES);
                            int lda = ld(is(ta, "N") ? m : k);
                            int ldb = ld(is(tb, "N") ? k : n);
                            int ldc = ld(m);
                            int oa = off();
                            int ob = off();
                            int oc = off();
                            out.add(args(flag(ta), flag(tb), m, n, k, s(scalar()),
                                    mat(lda, is(ta, "N") ? k : m, oa), oa, lda,
                                    mat(ldb, is(tb, "N") ? n : k, ob), ob, ldb, s(beta()), mat(ldc, n, oc), oc, ldc));
                        }
                    }
                }
                int lda = 131;
                int ob = off();
                int oc = off();
                out.add(args("N", "N", 130, 130, 130, s(1), mat(lda, 130, 0), 0, lda, mat(lda, 130, ob), ob, lda,
                        s(0.5), mat(lda, 130, oc), oc, lda));
            }
            case "symm" -> {
                for (String side : SIDE) {
                    for (String u : UPLO) {
                        for (int m : SIZES) {
                            int n = pick(SMALL_SIZES);
                            int ka = is(side, "L") ? m : n;
                            int lda = ld(ka);
                            int ldb = ld(m);
                            int ldc = ld(m);
                            int oa = off();
                            int ob = off();
                            int oc = off();
                            out.add(args(flag(side), flag(u), m, n, s(scalar()), mat(lda, ka, oa), oa, lda,
                                    mat(ldb, n, ob), ob, ldb, s(beta()), mat(ldc, n, oc), oc, ldc));
                        }
                    }
                }
            }
            case "syrk", "syr2k" -> {
                for (String u : UPLO) {
                    for (String t : TRANS) {
                        for (int n : SIZES) {
                            int k = pick(SMALL_SIZES);
                            int lda = ld(is(t, "N") ? n : k);
                            int ldb = ld(is(t, "N") ? n : k);
                            int ldc = ld(n);
                            int cols = is(t, "N") ? k : n;
                            int oa = off();
                            int ob = off();
                            int oc = off();
                            if (name.equals("syrk")) {
                                out.add(args(flag(u), flag(t), n, k, s(scalar()), mat(lda, cols, oa), oa, lda,
                                        s(beta()), mat(ldc, n, oc), oc, ldc));
                            } else {
                                out.add(args(flag(u), flag(t), n, k, s(scalar()), mat(lda, cols, oa), oa, lda,
                                        mat(ldb, cols, ob), ob, ldb, s(beta()), mat(ldc, n, oc), oc, ldc));
                            }
                        }
                    }
                }
            }
            case "trmm", "trsm" -> {
                for (String side : SIDE) {
                    for (String u : UPLO) {
                        for (String t : TRANS) {
                            for (String d : DIAG) {
                                int m = pick(SIZES);
                                int n = pick(SMALL_SIZES);
                                int ka = is(side, "L") ? m : n;
                                int lda = ld(ka);
                                int ldb = ld(m);
                                int oa = off();
                                int ob = off();
                                out.add(args(flag(side), flag(u), flag(t), flag(d), m, n, s(scalar()),
                                        triangle(ka, lda, oa), oa, lda, mat(ldb, n, ob), ob, ldb));
                            }
                        }
                    }
                }
            }
            default -> throw new IllegalArgumentException("no cases for " + name);
        }
        return out;
    }

    private static Object[] args(Object... a) {
        return a;
    }

    private static boolean is(String flag, String letter) {
        return flag.equalsIgnoreCase(letter);
    }

    /** The flag in upper or lower case: netlib accepts both. */
    private String flag(String f) {
        return r.nextInt(4) == 0 ? f.toLowerCase() : f;
    }

    private int pick(int[] values) {
        return values[r.nextInt(values.length)];
    }

    private int off() {
        return zeroOffsets ? 0 : r.nextInt(5);
    }

    private int ld(int rows) {
        return Math.max(1, rows) + (r.nextBoolean() ? 0 : r.nextInt(4));
    }

    private double scalar() {
        return r.nextInt(6) == 0 ? 0 : r.nextInt(6) == 0 ? 1 : r.nextDouble() * 2 - 1;
    }

    private double beta() {
        int k = r.nextInt(4);
        return k == 0 ? 0 : k == 1 ? 1 : r.nextDouble() * 2 - 1;
    }

    private Object s(double v) {
        return dbl ? (Object) v : (Object) (float) v;
    }

    private Object holder(double v) {
        return dbl ? new doubleW(v) : new floatW((float) v);
    }

    private Object arr(double[] v) {
        if (dbl) {
            return v;
        }
        float[] f = new float[v.length];
        for (int i = 0; i < v.length; i++) {
            f[i] = (float) v[i];
        }
        return f;
    }

    private static Object copy(Object array) {
        return array instanceof double[] d ? d.clone() : ((float[]) array).clone();
    }

    private void fill(double[] a, double scale) {
        for (int i = 0; i < a.length; i++) {
            a[i] = (r.nextDouble() * 2 - 1) * scale;
        }
    }

    /** A vector of n elements at increment inc, from offset on, with up to 2 elements of slack at the end. */
    private Object vec(int n, int inc, int offset) {
        double[] a = new double[offset + (n - 1) * Math.abs(inc) + 1 + r.nextInt(3)];
        fill(a, 1);
        return arr(a);
    }

    /** A column-major lda x cols matrix from offset on, slack at the end. */
    private Object mat(int lda, int cols, int offset) {
        double[] a = new double[offset + lda * cols + r.nextInt(3)];
        fill(a, 1);
        return arr(a);
    }

    private Object packed(int n, int offset) {
        double[] a = new double[offset + n * (n + 1) / 2 + r.nextInt(3)];
        fill(a, 1);
        return arr(a);
    }

    /** An n x n matrix whose diagonal (2 to 3) dominates everything else (within +-1/n). */
    private Object triangle(int n, int lda, int offset) {
        double[] a = new double[offset + lda * n + r.nextInt(3)];
        fill(a, 1.0 / n);
        for (int j = 0; j < n; j++) {
            a[offset + j * lda + j] = 2 + r.nextDouble();
        }
        return arr(a);
    }

    private Object band(int n, int k, int lda, int offset, boolean upper) {
        double[] a = new double[offset + lda * n + r.nextInt(3)];
        fill(a, 1.0 / (k + 1));
        for (int j = 0; j < n; j++) {
            a[offset + j * lda + (upper ? k : 0)] = 2 + r.nextDouble();
        }
        return arr(a);
    }

    private Object packedTriangle(int n, int offset, boolean upper) {
        double[] a = new double[offset + n * (n + 1) / 2 + r.nextInt(3)];
        fill(a, 1.0 / n);
        for (int j = 0; j < n; j++) {
            // column j starts at j(j+1)/2 (upper: rows 0..j) or at j*n - j(j-1)/2 (lower: rows j..n-1)
            int diagonal = upper ? j * (j + 1) / 2 + j : j * n - j * (j - 1) / 2;
            a[offset + diagonal] = 2 + r.nextDouble();
        }
        return arr(a);
    }
}
