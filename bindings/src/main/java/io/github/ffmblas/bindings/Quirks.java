package io.github.ffmblas.bindings;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the facade does differently because of bugs in OpenBLAS 0.3.31, each reproduced in plain C first
 * (native/src/test/c) and each named where it is guarded.
 */
final class Quirks {
    /**
     * OpenBLAS 0.3.31 built with DYNAMIC_ARCH crashes (SIGSEGV, a null small-matrix kernel) in
     * {@code cblas_sgemm_batch[_strided]} whenever M*N*K is at or below this. Fixed upstream after 0.3.31
     * (OpenBLAS PR #5980). Reproduced in native/src/test/c/sgemm_batch_small_crash.c.
     */
    static final long SMALL_BATCH_CRASH_LIMIT = 1_000_000L;
    private static final int[] FIRST_FIXED_VERSION = {0, 3, 32};
    private static final Pattern VERSION_PATTERN = Pattern.compile("OpenBLAS\\s+(\\d+)\\.(\\d+)\\.(\\d+)");

    private Quirks() {}

    /**
     * Whether OpenBLAS 0.3.31's {@code cblas_sgemm_batch_strided} finds every item where it is: it computes item
     * i's offset, i * stride, in 32-bit ints, so once (count - 1) * stride reaches 2^31 floats an item is read or
     * written 2^32 floats (16 GiB) away from its place (native/src/test/c/openblas_batch_stride_wrap.c). Such
     * batches loop over {@code cblas_sgemm}, whose pointers the facade computes.
     */
    static boolean batchOffsetsFitInt(int count, long strideA, long strideB, long strideC) {
        long last = count - 1L;
        return last * Math.max(strideA, Math.max(strideB, strideC)) <= Integer.MAX_VALUE; // strides are 0..2^31-1
    }

    /**
     * Whether {@code ?rotmg} would rescale for ever: it scales d1 by gam^2 until d1 lies in [1/gam^2, gam^2], which
     * a negative or infinite d1 never does, nor an infinite d2. OpenBLAS 0.3.31 then loops, as reference BLAS does,
     * but in a critical downcall that holds off every safepoint: the whole JVM stops, SIGTERM included. Seen with
     * d1 = +Inf, and with d1 = 0.5, d2 = -1, x1 = 0, y1 = 1e-300, where d2 * y1 * y1 underflows to -0.0 and the new
     * d1 is d2 / u &lt; 0. Follows the reference algorithm up to the rescaling, in float for {@code single} (each
     * operation done in double and rounded to float, which gives float's own result for + - * /).
     */
    static boolean rotmgNeverEnds(double d1, double d2, double x1, double y1, boolean single) {
        double p2 = round(d2 * y1, single);
        if (p2 == 0 || d1 < 0) {
            return false; // flag -2, or everything zeroed
        }
        double p1 = round(d1 * x1, single);
        double q2 = round(p2 * y1, single);
        double q1 = round(p1 * x1, single);
        double newD1;
        double newD2;
        if (Math.abs(q1) > Math.abs(q2)) {
            double u = round(1 - round(round(p2 / p1, single) * round(-y1 / x1, single), single), single);
            if (!(u > 0)) {
                return true; // zeroed where BLAS checks u, out of range where it does not: refused either way
            }
            newD1 = round(d1 / u, single);
            newD2 = round(d2 / u, single);
        } else if (q2 < 0) {
            return false; // everything zeroed
        } else {
            double u = round(1 + round(round(p1 / p2, single) * round(x1 / y1, single), single), single);
            newD1 = round(d2 / u, single);
            newD2 = round(d1 / u, single);
        }
        return (newD1 != 0 && (newD1 < 0 || newD1 == Double.POSITIVE_INFINITY)) || Double.isInfinite(newD2);
    }

    /** Refuses {@code srotmg} inputs that {@link #rotmgNeverEnds}, ending the call first. */
    static void refuseEndlessRotmg(Call call, String routine, MemorySegment d1, long d1Offset, MemorySegment d2,
                                   long d2Offset, MemorySegment x1, long x1Offset, float y1) {
        refuseEndlessRotmg(call, routine, d1.getAtIndex(ValueLayout.JAVA_FLOAT, d1Offset),
                d2.getAtIndex(ValueLayout.JAVA_FLOAT, d2Offset), x1.getAtIndex(ValueLayout.JAVA_FLOAT, x1Offset), y1,
                true);
    }

    /** Refuses {@code drotmg} inputs that {@link #rotmgNeverEnds}, ending the call first. */
    static void refuseEndlessRotmg(Call call, String routine, MemorySegment d1, long d1Offset, MemorySegment d2,
                                   long d2Offset, MemorySegment x1, long x1Offset, double y1) {
        refuseEndlessRotmg(call, routine, d1.getAtIndex(ValueLayout.JAVA_DOUBLE, d1Offset),
                d2.getAtIndex(ValueLayout.JAVA_DOUBLE, d2Offset), x1.getAtIndex(ValueLayout.JAVA_DOUBLE, x1Offset),
                y1, false);
    }

    private static void refuseEndlessRotmg(Call call, String routine, double d1, double d2, double x1, double y1,
                                           boolean single) {
        if (rotmgNeverEnds(d1, d2, x1, y1, single)) {
            call.done();
            throw new IllegalArgumentException(routine + ": d1=" + d1 + ", d2=" + d2 + ", x1=" + x1 + ", y1=" + y1
                    + " make the rotation's d1 negative or infinite, which BLAS rescales for ever (a hang)");
        }
    }

    private static double round(double value, boolean single) {
        return single ? (float) value : value;
    }

    /**
     * Whether {@code cblas_zhemv} may read the complex double after y's last: OpenBLAS 0.3.31 does (its Haswell and
     * Cooperlake kernels alike) for column-major upper with an odd n and incy = 1, 16 bytes past the end, which
     * kills the process when y ends where a mapping does (native/src/test/c/openblas_zhemv_reads_past_y.c).
     */
    static boolean zhemvReadsPastY(Layout layout, Uplo uplo, int n, int incy) {
        return layout == Layout.COLUMN_MAJOR && uplo == Uplo.UPPER && incy == 1 && (n & 1) == 1;
    }

    /**
     * {@code zhemv} (checked) on a copy of y with room after it, where OpenBLAS would read past y's segment
     * ({@link #zhemvReadsPastY}): an O(n) copy each way beside the O(n^2) product.
     */
    static void zhemvWithRoomAfterY(Layout layout, Uplo uplo, int n, ComplexDouble alpha, MemorySegment a,
            long aOffset, int lda, MemorySegment x, long xOffset, int incx, ComplexDouble beta, MemorySegment y,
            long yOffset) {
        long bytes = 16L * n;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment copy = arena.allocate(bytes + 16, 16);
            MemorySegment.copy(y, 16 * yOffset, copy, 0, bytes);
            Blas.zhemv(layout, uplo, n, alpha, a, aOffset, lda, x, xOffset, incx, beta, copy, 0, 1);
            MemorySegment.copy(copy, 0, y, 16 * yOffset, bytes);
        }
    }

    /** Whether this OpenBLAS version has the small-batch fix. */
    static boolean smallBatchFixed(String version) {
        return atLeast(version, FIRST_FIXED_VERSION);
    }

    /**
     * The increment to pass to {@code cblas_?scal}. OpenBLAS, like reference BLAS, returns without scaling anything
     * when incx < 0. Scaling touches the same elements whichever way the vector runs, so pass |incx| (any increment
     * will do for a single element).
     */
    static int scalIncrement(String routine, int n, int incx) {
        return n == 1 ? 1 : Checks.fitsInt(routine, "|incx|", Math.abs((long) incx));
    }

    /**
     * The increment to pass to an order-free reduction ({@code ?asum}, {@code ?sum}, {@code ?nrm2}, {@code ?amax},
     * {@code ?amin}). OpenBLAS 0.3.31 returns 0 from asum and sum for incx &lt; 0, and its amax and amin step below
     * the vector's first element, reading memory outside it (native/src/test/c/openblas_negative_inc_reductions.c).
     * A reversed vector holds the same elements, so |incx| gives the defined result.
     */
    static int reductionIncrement(String routine, int n, int incx) {
        return scalIncrement(routine, n, incx);
    }

    /**
     * Index routines take positive increments only: OpenBLAS 0.3.31 returns 0 for a negative one (reference BLAS,
     * too), and the first index of a reversed vector is not what the same call with |incx| finds when values tie.
     */
    static void forwardIndex(String routine, int incx) {
        if (incx < 0) {
            throw new IllegalArgumentException(routine + ": incx=" + incx + " must be positive; BLAS defines no index"
                    + " for a vector walked backwards");
        }
    }

    /**
     * {@code cblas_ssum} for adjacent floats, which OpenBLAS 0.3.31 sums wrongly from n = 16 on
     * (native/src/test/c/openblas_ssum_dsdot_unit_stride.c): summed here in double, rounded once.
     */
    static float sumUnitStride(MemorySegment x, long offset, int n) {
        double sum = 0;
        for (long i = 0; i < n; i++) {
            sum += x.getAtIndex(ValueLayout.JAVA_FLOAT, offset + i);
        }
        return (float) sum;
    }

    /** {@code dsdot} as BLAS defines it: float products, each exact in double, accumulated in double. */
    static double dsdot(int n, MemorySegment x, long xOffset, int incx, MemorySegment y, long yOffset, int incy) {
        double sum = 0;
        for (long i = 0; i < n; i++) {
            sum += (double) x.getAtIndex(ValueLayout.JAVA_FLOAT, element(xOffset, n, incx, i))
                    * y.getAtIndex(ValueLayout.JAVA_FLOAT, element(yOffset, n, incy, i));
        }
        return sum;
    }

    /**
     * {@code i?max} / {@code i?min} for complex x (c, z): the 0-based index of the first element of largest
     * (smallest) Re x_i + Im x_i, that sum rounded to the vector's precision; incx &gt; 0, n &gt; 0. OpenBLAS 0.3.31
     * builds cblas_icmax, icmin, izmax, izmin on its real i?max kernels, which read the first n floats (doubles) of
     * x, real and imaginary parts mixed (native/src/test/c/complex_reductions.c). Like reference BLAS's i?amax,
     * only a strictly larger (smaller) value moves the index, so a NaN never does unless it comes first.
     */
    static long complexIndexOfExtreme(MemorySegment x, long xOffset, int n, int incx, boolean dbl, boolean max) {
        long best = 0;
        double extreme = 0;
        for (long i = 0; i < n; i++) {
            long re = 2 * (xOffset + i * incx);
            double v = dbl
                    ? x.getAtIndex(ValueLayout.JAVA_DOUBLE, re) + x.getAtIndex(ValueLayout.JAVA_DOUBLE, re + 1)
                    : x.getAtIndex(ValueLayout.JAVA_FLOAT, re) + x.getAtIndex(ValueLayout.JAVA_FLOAT, re + 1);
            if (i == 0 || (max ? v > extreme : v < extreme)) {
                best = i;
                extreme = v;
            }
        }
        return best;
    }

    /** Where element i of an n-vector lies: BLAS puts a negative increment's element 0 last in memory. */
    private static long element(long offset, int n, int inc, long i) {
        return inc > 0 ? offset + i * inc : offset + (n - 1 - i) * (long) -inc;
    }

    static String parseVersion(String config) {
        Matcher m = VERSION_PATTERN.matcher(config);
        return m.find() ? m.group(1) + "." + m.group(2) + "." + m.group(3) : "unknown";
    }

    static boolean atLeast(String version, int[] minimum) {
        Matcher m = Pattern.compile("(\\d+)\\.(\\d+)\\.(\\d+)").matcher(version);
        if (!m.matches()) {
            return false;
        }
        for (int i = 0; i < 3; i++) {
            int part = Integer.parseInt(m.group(i + 1));
            if (part != minimum[i]) {
                return part > minimum[i];
            }
        }
        return true;
    }
}
