package io.github.ffmblas.netlib;

import static io.github.ffmblas.bindings.Layout.COLUMN_MAJOR;
import static io.github.ffmblas.netlib.internal.NetlibArguments.diag;
import static io.github.ffmblas.netlib.internal.NetlibArguments.index;
import static io.github.ffmblas.netlib.internal.NetlibArguments.is;
import static io.github.ffmblas.netlib.internal.NetlibArguments.isDiag;
import static io.github.ffmblas.netlib.internal.NetlibArguments.isSide;
import static io.github.ffmblas.netlib.internal.NetlibArguments.isTrans;
import static io.github.ffmblas.netlib.internal.NetlibArguments.isUplo;
import static io.github.ffmblas.netlib.internal.NetlibArguments.require;
import static io.github.ffmblas.netlib.internal.NetlibArguments.side;
import static io.github.ffmblas.netlib.internal.NetlibArguments.transpose;
import static io.github.ffmblas.netlib.internal.NetlibArguments.uplo;
import static io.github.ffmblas.netlib.internal.NetlibArguments.vector;

import dev.ludovic.netlib.blas.BLAS;
import io.github.ffmblas.bindings.Blas;
import io.github.ffmblas.netlib.internal.HeapSegments;
import io.github.ffmblas.netlib.internal.NetlibArguments;
import io.github.ffmblas.netlib.internal.RotmgQuirk;
import io.github.ffmblas.netlib.internal.ZeroIncrement;
import java.lang.foreign.MemorySegment;
import java.util.Objects;
import org.netlib.util.doubleW;
import org.netlib.util.floatW;

/**
 * netlib's {@link BLAS} (dev.ludovic.netlib 3.0.4, the interface Apache Spark MLlib calls) on ffmblas's checked
 * bindings: code written against it switches with one line, {@code BLAS blas = FfmBLAS.getInstance();}. Arrays are
 * column-major Fortran arrays with offsets, flags are netlib's strings ("N", "T", "C", "U", "L", ...; only the first
 * letter counts, in either case).
 *
 * <p>Every call runs on the caller's arrays: each goes to {@link Blas} as a heap segment
 * ({@link MemorySegment#ofArray}, kept per thread for the arrays of the last calls), which passes it to OpenBLAS
 * by a critical downcall, without a copy; a steady-state call allocates nothing. The garbage collector waits while
 * such a call runs.
 *
 * <p>Arguments are checked first as netlib checks them, in the same order and with the same exceptions and messages
 * ({@link IllegalArgumentException} "** On entry to 'DGEMM' parameter number 8 had an illegal value",
 * {@link IndexOutOfBoundsException}, {@link NullPointerException}), and the same early returns. Then {@link Blas}
 * checks what netlib leaves out, and throws {@link IllegalArgumentException} naming the routine and parameter:
 * <ul>
 *   <li>the exact last element of every operand, in long arithmetic (netlib computes it in int, where it can
 *       overflow, and for some routines asks for a whole last column);</li>
 *   <li>no output sharing an element with an input or another output (netlib never checks overlap);</li>
 *   <li>the flags and dimensions of ?gbmv and ?sbmv and the band width of ?tbmv/?tbsv (lda &gt;= k + 1), which netlib
 *       does not check; these throw netlib's {@link IllegalArgumentException} with reference BLAS's parameter number,
 *       where netlib's F2jBLAS exits the JVM from f2j's xerbla.</li>
 * </ul>
 * Results are those of reference BLAS within rounding: zero increments in level 1 (which the bindings refuse) run
 * in plain Java, and ?rotmg with d1 &lt;= 0 is answered as reference BLAS answers it, where OpenBLAS 0.3.31 differs.
 */
public final class FfmBLAS implements BLAS {
    private static final FfmBLAS INSTANCE = new FfmBLAS();
    /** Room for the scalar holders of ?rotg and ?rotmg, one array per thread, so that those calls allocate nothing. */
    private static final ThreadLocal<double[]> DSCRATCH = ThreadLocal.withInitial(() -> new double[4]);
    private static final ThreadLocal<float[]> SSCRATCH = ThreadLocal.withInitial(() -> new float[4]);

    private FfmBLAS() {}

    /** The one instance; it holds no state and is safe to share between threads. */
    public static FfmBLAS getInstance() {
        return INSTANCE;
    }

    /**
     * The caller's array as a heap segment, which the bindings pass to OpenBLAS without a copy; reused from the
     * thread's last calls, so that a steady-state call allocates nothing (see {@link HeapSegments}).
     */
    private static MemorySegment heap(double[] array) {
        return HeapSegments.of(array);
    }

    private static MemorySegment heap(float[] array) {
        return HeapSegments.of(array);
    }

    /** netlib's LSAME: whether {@code cb} starts with {@code ca}, ignoring case. */
    @Override
    public boolean lsame(String ca, String cb) {
        return NetlibArguments.lsame(ca, cb);
    }

    // ---- sdsdot (single precision only) -----------------------------------------------------------------------------

    @Override
    public float sdsdot(int n, float sb, float[] x, int incx, float[] y, int incy) {
        return sdsdot(n, sb, x, 0, incx, y, 0, incy);
    }

    /** sb + x.y accumulated in double; 0 (as netlib, not sb as reference BLAS) when n &lt;= 0. */
    @Override
    public float sdsdot(int n, float sb, float[] x, int offsetx, int incx, float[] y, int offsety, int incy) {
        if (n <= 0) {
            return 0.0f;
        }
        Objects.requireNonNull(x);
        Objects.requireNonNull(y);
        vector(offsetx, n, incx, x.length);
        vector(offsety, n, incy, y.length);
        if (incx == 0 || incy == 0) {
            return ZeroIncrement.sdsdot(n, sb, x, offsetx, incx, y, offsety, incy);
        }
        return Blas.sdsdot(n, sb, heap(x), offsetx, incx, heap(y), offsety, incy);
    }

    // ---- double, level 1 --------------------------------------------------------------------------------------------

    @Override
    public double dasum(int n, double[] x, int incx) {
        return dasum(n, x, 0, incx);
    }

    @Override
    public double dasum(int n, double[] x, int offsetx, int incx) {
        if (n <= 0) {
            return 0.0;
        }
        Objects.requireNonNull(x);
        vector(offsetx, n, incx, x.length);
        if (incx <= 0) {
            return 0.0; // as reference BLAS: nothing to sum
        }
        return Blas.dasum(n, heap(x), offsetx, incx);
    }

    @Override
    public void daxpy(int n, double alpha, double[] x, int incx, double[] y, int incy) {
        daxpy(n, alpha, x, 0, incx, y, 0, incy);
    }

    @Override
    public void daxpy(int n, double alpha, double[] x, int offsetx, int incx, double[] y, int offsety, int incy) {
        if (n <= 0 || alpha == 0.0) {
            return;
        }
        Objects.requireNonNull(x);
        Objects.requireNonNull(y);
        vector(offsetx, n, incx, x.length);
        vector(offsety, n, incy, y.length);
        if (incx == 0 || incy == 0) {
            ZeroIncrement.daxpy(n, alpha, x, offsetx, incx, y, offsety, incy);
            return;
        }
        Blas.daxpy(n, alpha, heap(x), offsetx, incx, heap(y), offsety, incy);
    }

    @Override
    public void dcopy(int n, double[] x, int incx, double[] y, int incy) {
        dcopy(n, x, 0, incx, y, 0, incy);
    }

    @Override
    public void dcopy(int n, double[] x, int offsetx, int incx, double[] y, int offsety, int incy) {
        if (n <= 0) {
            return;
        }
        Objects.requireNonNull(x);
        Objects.requireNonNull(y);
        vector(offsetx, n, incx, x.length);
        vector(offsety, n, incy, y.length);
        if (incx == 0 || incy == 0) {
            ZeroIncrement.dcopy(n, x, offsetx, incx, y, offsety, incy);
            return;
        }
        Blas.dcopy(n, heap(x), offsetx, incx, heap(y), offsety, incy);
    }

    @Override
    public double ddot(int n, double[] x, int incx, double[] y, int incy) {
        return ddot(n, x, 0, incx, y, 0, incy);
    }

    @Override
    public double ddot(int n, double[] x, int offsetx, int incx, double[] y, int offsety, int incy) {
        if (n <= 0) {
            return 0.0;
        }
        Objects.requireNonNull(x);
        Objects.requireNonNull(y);
        vector(offsetx, n, incx, x.length);
        vector(offsety, n, incy, y.length);
        if (incx == 0 || incy == 0) {
            return ZeroIncrement.ddot(n, x, offsetx, incx, y, offsety, incy);
        }
        return Blas.ddot(n, heap(x), offsetx, incx, heap(y), offsety, incy);
    }

    @Override
    public double dnrm2(int n, double[] x, int incx) {
        return dnrm2(n, x, 0, incx);
    }

    @Override
    public double dnrm2(int n, double[] x, int offsetx, int incx) {
        if (n <= 0 || incx <= 0) {
            return 0.0;
        }
        if (n == 1) {
            return Math.abs(x[offsetx]);
        }
        Objects.requireNonNull(x);
        vector(offsetx, n, incx, x.length);
        return Blas.dnrm2(n, heap(x), offsetx, incx);
    }

    @Override
    public void drot(int n, double[] x, int incx, double[] y, int incy, double c, double s) {
        drot(n, x, 0, incx, y, 0, incy, c, s);
    }

    @Override
    public void drot(int n, double[] x, int offsetx, int incx, double[] y, int offsety, int incy, double c, double s) {
        if (n <= 0) {
            return;
        }
        Objects.requireNonNull(x);
        Objects.requireNonNull(y);
        vector(offsetx, n, incx, x.length);
        vector(offsety, n, incy, y.length);
        if (incx == 0 || incy == 0) {
            ZeroIncrement.drot(n, x, offsetx, incx, y, offsety, incy, c, s);
            return;
        }
        Blas.drot(n, heap(x), offsetx, incx, heap(y), offsety, incy, c, s);
    }

    /**
     * Through OpenBLAS, on a per-thread scratch array of 4 (a holder's value is a field, not an array element), so
     * that a call allocates nothing once a thread has its scratch.
     */
    @Override
    public void drotg(doubleW a, doubleW b, doubleW c, doubleW s) {
        Objects.requireNonNull(a);
        Objects.requireNonNull(b);
        Objects.requireNonNull(c);
        Objects.requireNonNull(s);
        double[] t = DSCRATCH.get();
        t[0] = a.val;
        t[1] = b.val;
        MemorySegment m = heap(t);
        Blas.drotg(m, 0, m, 1, m, 2, m, 3);
        a.val = t[0];
        b.val = t[1];
        c.val = t[2];
        s.val = t[3];
    }

    @Override
    public void drotm(int n, double[] x, int incx, double[] y, int incy, double[] param) {
        drotm(n, x, 0, incx, y, 0, incy, param, 0);
    }

    @Override
    public void drotm(int n, double[] x, int offsetx, int incx, double[] y, int offsety, int incy, double[] param,
            int offsetparam) {
        Objects.requireNonNull(x);
        Objects.requireNonNull(y);
        Objects.requireNonNull(param);
        vector(offsetx, n, incx, x.length);
        vector(offsety, n, incy, y.length);
        index(offsetparam + 4, param.length);
        if (n <= 0) {
            return;
        }
        if (incx == 0 || incy == 0) {
            ZeroIncrement.drotm(n, x, offsetx, incx, y, offsety, incy, param, offsetparam);
            return;
        }
        Blas.drotm(n, heap(x), offsetx, incx, heap(y), offsety, incy,
                heap(param), offsetparam);
    }

    @Override
    public void drotmg(doubleW d1, doubleW d2, doubleW x1, double y1, double[] param) {
        drotmg(d1, d2, x1, y1, param, 0);
    }

    /** Through OpenBLAS on a per-thread scratch for d1, d2, x1, and param in place; see {@link RotmgQuirk}. */
    @Override
    public void drotmg(doubleW d1, doubleW d2, doubleW x1, double y1, double[] param, int offsetparam) {
        Objects.requireNonNull(d1);
        Objects.requireNonNull(d2);
        Objects.requireNonNull(x1);
        Objects.requireNonNull(param);
        index(offsetparam + 4, param.length);
        if (RotmgQuirk.daffected(d1.val)) {
            RotmgQuirk.drotmg(d1, d2, x1, y1, param, offsetparam);
            return;
        }
        double[] t = DSCRATCH.get();
        t[0] = d1.val;
        t[1] = d2.val;
        t[2] = x1.val;
        MemorySegment m = heap(t);
        Blas.drotmg(m, 0, m, 1, m, 2, y1, heap(param), offsetparam);
        d1.val = t[0];
        d2.val = t[1];
        x1.val = t[2];
    }

    @Override
    public void dscal(int n, double alpha, double[] x, int incx) {
        dscal(n, alpha, x, 0, incx);
    }

    @Override
    public void dscal(int n, double alpha, double[] x, int offsetx, int incx) {
        if (n <= 0 || incx <= 0 || alpha == 1.0) {
            return;
        }
        Objects.requireNonNull(x);
        vector(offsetx, n, incx, x.length);
        Blas.dscal(n, alpha, heap(x), offsetx, incx);
    }

    @Override
    public void dswap(int n, double[] x, int incx, double[] y, int incy) {
        dswap(n, x, 0, incx, y, 0, incy);
    }

    @Override
    public void dswap(int n, double[] x, int offsetx, int incx, double[] y, int offsety, int incy) {
        if (n <= 0) {
            return;
        }
        Objects.requireNonNull(x);
        Objects.requireNonNull(y);
        vector(offsetx, n, incx, x.length);
        vector(offsety, n, incy, y.length);
        if (incx == 0 || incy == 0) {
            ZeroIncrement.dswap(n, x, offsetx, incx, y, offsety, incy);
            return;
        }
        Blas.dswap(n, heap(x), offsetx, incx, heap(y), offsety, incy);
    }

    @Override
    public int idamax(int n, double[] x, int incx) {
        return idamax(n, x, 0, incx);
    }

    /** 0-based, as netlib returns it; -1 when n <= 0 or incx <= 0. */
    @Override
    public int idamax(int n, double[] x, int offsetx, int incx) {
        if (n <= 0 || incx <= 0) {
            return -1;
        }
        if (n == 1) {
            return 0;
        }
        Objects.requireNonNull(x);
        vector(offsetx, n, incx, x.length);
        return (int) Blas.idamax(n, heap(x), offsetx, incx);
    }

    // ---- double, level 2 --------------------------------------------------------------------------------------------

    @Override
    public void dgbmv(String trans, int m, int n, int kl, int ku, double alpha, double[] a, int lda, double[] x,
            int incx, double beta, double[] y, int incy) {
        dgbmv(trans, m, n, kl, ku, alpha, a, 0, lda, x, 0, incx, beta, y, 0, incy);
    }

    /**
     * netlib checks no argument of ?gbmv (its F2jBLAS then calls f2j's xerbla, which exits the JVM): here a bad one
     * throws as in the other routines, with reference BLAS's parameter number.
     */
    @Override
    public void dgbmv(String trans, int m, int n, int kl, int ku, double alpha, double[] a, int offseta, int lda,
            double[] x, int offsetx, int incx, double beta, double[] y, int offsety, int incy) {
        Objects.requireNonNull(a);
        Objects.requireNonNull(x);
        Objects.requireNonNull(y);
        index(offseta + n * lda - 1, a.length);
        vector(offsetx, is("N", trans) ? n : m, incx, x.length);
        vector(offsety, is("N", trans) ? m : n, incy, y.length);
        require("DGBMV", 1, isTrans(trans));
        require("DGBMV", 2, m >= 0);
        require("DGBMV", 3, n >= 0);
        require("DGBMV", 4, kl >= 0);
        require("DGBMV", 5, ku >= 0);
        require("DGBMV", 8, lda >= kl + 1L + ku);
        require("DGBMV", 10, incx != 0);
        require("DGBMV", 13, incy != 0);
        Blas.dgbmv(COLUMN_MAJOR, transpose(trans), m, n, kl, ku, alpha, heap(a), offseta, lda,
                heap(x), offsetx, incx, beta, heap(y), offsety, incy);
    }

    @Override
    public void dgemv(String trans, int m, int n, double alpha, double[] a, int lda, double[] x, int incx, double beta,
            double[] y, int incy) {
        dgemv(trans, m, n, alpha, a, 0, lda, x, 0, incx, beta, y, 0, incy);
    }

    @Override
    public void dgemv(String trans, int m, int n, double alpha, double[] a, int offseta, int lda, double[] x,
            int offsetx, int incx, double beta, double[] y, int offsety, int incy) {
        require("DGEMV", 1, isTrans(trans));
        require("DGEMV", 2, m >= 0);
        require("DGEMV", 3, n >= 0);
        require("DGEMV", 6, lda >= Math.max(1, m));
        require("DGEMV", 8, incx != 0);
        require("DGEMV", 11, incy != 0);
        if (m == 0 || n == 0) {
            return;
        }
        Objects.requireNonNull(a);
        Objects.requireNonNull(x);
        Objects.requireNonNull(y);
        index(offseta + (n - 1) * lda + (m - 1), a.length);
        vector(offsetx, is("N", trans) ? n : m, incx, x.length);
        vector(offsety, is("N", trans) ? m : n, incy, y.length);
        Blas.dgemv(COLUMN_MAJOR, transpose(trans), m, n, alpha, heap(a), offseta, lda,
                heap(x), offsetx, incx, beta, heap(y), offsety, incy);
    }

    @Override
    public void dger(int m, int n, double alpha, double[] x, int incx, double[] y, int incy, double[] a, int lda) {
        dger(m, n, alpha, x, 0, incx, y, 0, incy, a, 0, lda);
    }

    @Override
    public void dger(int m, int n, double alpha, double[] x, int offsetx, int incx, double[] y, int offsety, int incy,
            double[] a, int offseta, int lda) {
        require("DGER", 1, m >= 0);
        require("DGER", 2, n >= 0);
        require("DGER", 5, incx != 0);
        require("DGER", 7, incy != 0);
        require("DGER", 9, lda >= Math.max(1, m));
        if (m == 0 || n == 0) {
            return;
        }
        Objects.requireNonNull(x);
        Objects.requireNonNull(y);
        Objects.requireNonNull(a);
        vector(offsetx, m, incx, x.length);
        vector(offsety, n, incy, y.length);
        index(offseta + n * lda - 1, a.length);
        if (alpha != 0.0) {
            Blas.dger(COLUMN_MAJOR, m, n, alpha, heap(x), offsetx, incx, heap(y),
                    offsety, incy, heap(a), offseta, lda);
        }
    }

    @Override
    public void dsbmv(String uplo, int n, int k, double alpha, double[] a, int lda, double[] x, int incx, double beta,
            double[] y, int incy) {
        dsbmv(uplo, n, k, alpha, a, 0, lda, x, 0, incx, beta, y, 0, incy);
    }

    /** netlib checks no flag or dimension of ?sbmv: see {@link #dgbmv}. */
    @Override
    public void dsbmv(String uplo, int n, int k, double alpha, double[] a, int offseta, int lda, double[] x,
            int offsetx, int incx, double beta, double[] y, int offsety, int incy) {
        Objects.requireNonNull(a);
        Objects.requireNonNull(x);
        Objects.requireNonNull(y);
        index(offseta + n * lda - 1, a.length);
        vector(offsetx, n, incx, x.length);
        vector(offsety, n, incy, y.length);
        require("DSBMV", 1, isUplo(uplo));
        require("DSBMV", 2, n >= 0);
        require("DSBMV", 3, k >= 0);
        require("DSBMV", 6, lda >= k + 1L);
        require("DSBMV", 8, incx != 0);
        require("DSBMV", 11, incy != 0);
        Blas.dsbmv(COLUMN_MAJOR, uplo(uplo), n, k, alpha, heap(a), offseta, lda,
                heap(x), offsetx, incx, beta, heap(y), offsety, incy);
    }

    @Override
    public void dspmv(String uplo, int n, double alpha, double[] a, double[] x, int incx, double beta, double[] y,
            int incy) {
        dspmv(uplo, n, alpha, a, 0, x, 0, incx, beta, y, 0, incy);
    }

    @Override
    public void dspmv(String uplo, int n, double alpha, double[] a, int offseta, double[] x, int offsetx, int incx,
            double beta, double[] y, int offsety, int incy) {
        require("DSPMV", 1, isUplo(uplo));
        require("DSPMV", 2, n >= 0);
        require("DSPMV", 6, incx != 0);
        require("DSPMV", 9, incy != 0);
        if (n == 0) {
            return;
        }
        Objects.requireNonNull(a);
        Objects.requireNonNull(x);
        Objects.requireNonNull(y);
        index(offseta + (n * (n + 1) / 2) - 1, a.length);
        vector(offsetx, n, incx, x.length);
        vector(offsety, n, incy, y.length);
        Blas.dspmv(COLUMN_MAJOR, uplo(uplo), n, alpha, heap(a), offseta, heap(x),
                offsetx, incx, beta, heap(y), offsety, incy);
    }

    @Override
    public void dspr(String uplo, int n, double alpha, double[] x, int incx, double[] a) {
        dspr(uplo, n, alpha, x, 0, incx, a, 0);
    }

    @Override
    public void dspr(String uplo, int n, double alpha, double[] x, int offsetx, int incx, double[] a, int offseta) {
        require("DSPR", 1, isUplo(uplo));
        require("DSPR", 2, n >= 0);
        require("DSPR", 5, incx != 0);
        if (n == 0) {
            return;
        }
        Objects.requireNonNull(x);
        Objects.requireNonNull(a);
        vector(offsetx, n, incx, x.length);
        index(offseta + (n * (n + 1) / 2) - 1, a.length);
        Blas.dspr(COLUMN_MAJOR, uplo(uplo), n, alpha, heap(x), offsetx, incx,
                heap(a), offseta);
    }

    @Override
    public void dspr2(String uplo, int n, double alpha, double[] x, int incx, double[] y, int incy, double[] a) {
        dspr2(uplo, n, alpha, x, 0, incx, y, 0, incy, a, 0);
    }

    @Override
    public void dspr2(String uplo, int n, double alpha, double[] x, int offsetx, int incx, double[] y, int offsety,
            int incy, double[] a, int offseta) {
        require("DSPR2", 1, isUplo(uplo));
        require("DSPR2", 2, n >= 0);
        require("DSPR2", 5, incx != 0);
        require("DSPR2", 7, incy != 0);
        if (n == 0) {
            return;
        }
        Objects.requireNonNull(x);
        Objects.requireNonNull(y);
        Objects.requireNonNull(a);
        vector(offsetx, n, incx, x.length);
        vector(offsety, n, incy, y.length);
        index(offseta + (n * (n + 1) / 2) - 1, a.length);
        Blas.dspr2(COLUMN_MAJOR, uplo(uplo), n, alpha, heap(x), offsetx, incx,
                heap(y), offsety, incy, heap(a), offseta);
    }

    @Override
    public void dsymv(String uplo, int n, double alpha, double[] a, int lda, double[] x, int incx, double beta,
            double[] y, int incy) {
        dsymv(uplo, n, alpha, a, 0, lda, x, 0, incx, beta, y, 0, incy);
    }

    @Override
    public void dsymv(String uplo, int n, double alpha, double[] a, int offseta, int lda, double[] x, int offsetx,
            int incx, double beta, double[] y, int offsety, int incy) {
        require("DSYMV", 1, isUplo(uplo));
        require("DSYMV", 2, n >= 0);
        require("DSYMV", 5, lda >= Math.max(1, n));
        require("DSYMV", 7, incx != 0);
        require("DSYMV", 10, incy != 0);
        if (n == 0) {
            return;
        }
        Objects.requireNonNull(a);
        Objects.requireNonNull(x);
        Objects.requireNonNull(y);
        index(offseta + n * lda - 1, a.length);
        vector(offsetx, n, incx, x.length);
        vector(offsety, n, incy, y.length);
        Blas.dsymv(COLUMN_MAJOR, uplo(uplo), n, alpha, heap(a), offseta, lda,
                heap(x), offsetx, incx, beta, heap(y), offsety, incy);
    }

    @Override
    public void dsyr(String uplo, int n, double alpha, double[] x, int incx, double[] a, int lda) {
        dsyr(uplo, n, alpha, x, 0, incx, a, 0, lda);
    }

    @Override
    public void dsyr(String uplo, int n, double alpha, double[] x, int offsetx, int incx, double[] a, int offseta,
            int lda) {
        require("DSYR", 1, isUplo(uplo));
        require("DSYR", 2, n >= 0);
        require("DSYR", 5, incx != 0);
        require("DSYR", 7, lda >= Math.max(1, n));
        if (n == 0) {
            return;
        }
        Objects.requireNonNull(x);
        Objects.requireNonNull(a);
        vector(offsetx, n, incx, x.length);
        index(offseta + n * lda - 1, a.length);
        Blas.dsyr(COLUMN_MAJOR, uplo(uplo), n, alpha, heap(x), offsetx, incx,
                heap(a), offseta, lda);
    }

    @Override
    public void dsyr2(String uplo, int n, double alpha, double[] x, int incx, double[] y, int incy, double[] a,
            int lda) {
        dsyr2(uplo, n, alpha, x, 0, incx, y, 0, incy, a, 0, lda);
    }

    @Override
    public void dsyr2(String uplo, int n, double alpha, double[] x, int offsetx, int incx, double[] y, int offsety,
            int incy, double[] a, int offseta, int lda) {
        require("DSYR2", 1, isUplo(uplo));
        require("DSYR2", 2, n >= 0);
        require("DSYR2", 5, incx != 0);
        require("DSYR2", 7, incy != 0);
        require("DSYR2", 9, lda >= Math.max(1, n));
        if (n == 0) {
            return;
        }
        Objects.requireNonNull(x);
        Objects.requireNonNull(y);
        Objects.requireNonNull(a);
        vector(offsetx, n, incx, x.length);
        vector(offsety, n, incy, y.length);
        index(offseta + n * lda - 1, a.length);
        Blas.dsyr2(COLUMN_MAJOR, uplo(uplo), n, alpha, heap(x), offsetx, incx,
                heap(y), offsety, incy, heap(a), offseta, lda);
    }

    @Override
    public void dtbmv(String uplo, String trans, String diag, int n, int k, double[] a, int lda, double[] x, int incx) {
        dtbmv(uplo, trans, diag, n, k, a, 0, lda, x, 0, incx);
    }

    /** netlib lets lda = k through; reference BLAS (parameter 7) and this refuse it. */
    @Override
    public void dtbmv(String uplo, String trans, String diag, int n, int k, double[] a, int offseta, int lda,
            double[] x, int offsetx, int incx) {
        triangularBand("DTBMV", uplo, trans, diag, n, k, a, offseta, lda, x, offsetx, incx);
        if (n == 0) {
            return;
        }
        Blas.dtbmv(COLUMN_MAJOR, uplo(uplo), transpose(trans), diag(diag), n, k, heap(a),
                offseta, lda, heap(x), offsetx, incx);
    }

    @Override
    public void dtbsv(String uplo, String trans, String diag, int n, int k, double[] a, int lda, double[] x, int incx) {
        dtbsv(uplo, trans, diag, n, k, a, 0, lda, x, 0, incx);
    }

    /** netlib lets lda = k through; reference BLAS (parameter 7) and this refuse it. */
    @Override
    public void dtbsv(String uplo, String trans, String diag, int n, int k, double[] a, int offseta, int lda,
            double[] x, int offsetx, int incx) {
        triangularBand("DTBSV", uplo, trans, diag, n, k, a, offseta, lda, x, offsetx, incx);
        if (n == 0) {
            return;
        }
        Blas.dtbsv(COLUMN_MAJOR, uplo(uplo), transpose(trans), diag(diag), n, k, heap(a),
                offseta, lda, heap(x), offsetx, incx);
    }

    /** netlib's checks of ?tbmv and ?tbsv, then reference BLAS's lda >= k + 1. */
    private static void triangularBand(String routine, String uplo, String trans, String diag, int n, int k, double[] a,
            int offseta, int lda, double[] x, int offsetx, int incx) {
        require(routine, 1, isUplo(uplo));
        require(routine, 2, isTrans(trans));
        require(routine, 3, isDiag(diag));
        require(routine, 4, n >= 0);
        require(routine, 5, k >= 0);
        require(routine, 7, lda >= Math.max(1, k));
        require(routine, 9, incx != 0);
        if (n == 0) {
            return;
        }
        Objects.requireNonNull(a);
        Objects.requireNonNull(x);
        index(offseta + n * lda - 1, a.length);
        vector(offsetx, n, incx, x.length);
        require(routine, 7, lda >= k + 1L);
    }

    @Override
    public void dtpmv(String uplo, String trans, String diag, int n, double[] a, double[] x, int incx) {
        dtpmv(uplo, trans, diag, n, a, 0, x, 0, incx);
    }

    @Override
    public void dtpmv(String uplo, String trans, String diag, int n, double[] a, int offseta, double[] x, int offsetx,
            int incx) {
        triangularPacked("DTPMV", uplo, trans, diag, n, a, offseta, x, offsetx, incx);
        if (n == 0) {
            return;
        }
        Blas.dtpmv(COLUMN_MAJOR, uplo(uplo), transpose(trans), diag(diag), n, heap(a), offseta,
                heap(x), offsetx, incx);
    }

    @Override
    public void dtpsv(String uplo, String trans, String diag, int n, double[] a, double[] x, int incx) {
        dtpsv(uplo, trans, diag, n, a, 0, x, 0, incx);
    }

    @Override
    public void dtpsv(String uplo, String trans, String diag, int n, double[] a, int offseta, double[] x, int offsetx,
            int incx) {
        triangularPacked("DTPSV", uplo, trans, diag, n, a, offseta, x, offsetx, incx);
        if (n == 0) {
            return;
        }
        Blas.dtpsv(COLUMN_MAJOR, uplo(uplo), transpose(trans), diag(diag), n, heap(a), offseta,
                heap(x), offsetx, incx);
    }

    /** netlib's checks of ?tpmv and ?tpsv. */
    private static void triangularPacked(String routine, String uplo, String trans, String diag, int n, double[] a,
            int offseta, double[] x, int offsetx, int incx) {
        require(routine, 1, isUplo(uplo));
        require(routine, 2, isTrans(trans));
        require(routine, 3, isDiag(diag));
        require(routine, 4, n >= 0);
        require(routine, 7, incx != 0);
        if (n == 0) {
            return;
        }
        Objects.requireNonNull(a);
        Objects.requireNonNull(x);
        index(offseta + n * (n + 1) / 2 - 1, a.length);
        vector(offsetx, n, incx, x.length);
    }

    @Override
    public void dtrmv(String uplo, String trans, String diag, int n, double[] a, int lda, double[] x, int incx) {
        dtrmv(uplo, trans, diag, n, a, 0, lda, x, 0, incx);
    }

    @Override
    public void dtrmv(String uplo, String trans, String diag, int n, double[] a, int offseta, int lda, double[] x,
            int offsetx, int incx) {
        triangular("DTRMV", uplo, trans, diag, n, a, offseta, lda, x, offsetx, incx);
        if (n == 0) {
            return;
        }
        Blas.dtrmv(COLUMN_MAJOR, uplo(uplo), transpose(trans), diag(diag), n, heap(a), offseta,
                lda, heap(x), offsetx, incx);
    }

    @Override
    public void dtrsv(String uplo, String trans, String diag, int n, double[] a, int lda, double[] x, int incx) {
        dtrsv(uplo, trans, diag, n, a, 0, lda, x, 0, incx);
    }

    @Override
    public void dtrsv(String uplo, String trans, String diag, int n, double[] a, int offseta, int lda, double[] x,
            int offsetx, int incx) {
        triangular("DTRSV", uplo, trans, diag, n, a, offseta, lda, x, offsetx, incx);
        if (n == 0) {
            return;
        }
        Blas.dtrsv(COLUMN_MAJOR, uplo(uplo), transpose(trans), diag(diag), n, heap(a), offseta,
                lda, heap(x), offsetx, incx);
    }

    /** netlib's checks of ?trmv and ?trsv. */
    private static void triangular(String routine, String uplo, String trans, String diag, int n, double[] a,
            int offseta, int lda, double[] x, int offsetx, int incx) {
        require(routine, 1, isUplo(uplo));
        require(routine, 2, isTrans(trans));
        require(routine, 3, isDiag(diag));
        require(routine, 4, n >= 0);
        require(routine, 6, lda >= Math.max(1, n));
        require(routine, 8, incx != 0);
        if (n == 0) {
            return;
        }
        Objects.requireNonNull(a);
        Objects.requireNonNull(x);
        index(offseta + n * lda - 1, a.length);
        vector(offsetx, n, incx, x.length);
    }

    // ---- double, level 3 --------------------------------------------------------------------------------------------

    @Override
    public void dgemm(String transa, String transb, int m, int n, int k, double alpha, double[] a, int lda, double[] b,
            int ldb, double beta, double[] c, int ldc) {
        dgemm(transa, transb, m, n, k, alpha, a, 0, lda, b, 0, ldb, beta, c, 0, ldc);
    }

    @Override
    public void dgemm(String transa, String transb, int m, int n, int k, double alpha, double[] a, int offseta, int lda,
            double[] b, int offsetb, int ldb, double beta, double[] c, int offsetc, int ldc) {
        require("DGEMM", 1, isTrans(transa));
        require("DGEMM", 2, isTrans(transb));
        require("DGEMM", 3, m >= 0);
        require("DGEMM", 4, n >= 0);
        require("DGEMM", 5, k >= 0);
        require("DGEMM", 8, lda >= Math.max(1, is("N", transa) ? m : k));
        require("DGEMM", 10, ldb >= Math.max(1, is("N", transb) ? k : n));
        require("DGEMM", 13, ldc >= Math.max(1, m));
        if (m == 0 || n == 0 || ((alpha == 0.0 || k == 0) && beta == 1.0)) {
            return;
        }
        Objects.requireNonNull(a);
        Objects.requireNonNull(b);
        Objects.requireNonNull(c);
        index(offseta + (is("N", transa) ? (k - 1) * lda + (m - 1) : (m - 1) * lda + (k - 1)), a.length);
        index(offsetb + (is("N", transb) ? (n - 1) * ldb + (k - 1) : (k - 1) * ldb + (n - 1)), b.length);
        index(offsetc + (n - 1) * ldc + (m - 1), c.length);
        Blas.dgemm(COLUMN_MAJOR, transpose(transa), transpose(transb), m, n, k, alpha, heap(a),
                offseta, lda, heap(b), offsetb, ldb, beta, heap(c), offsetc, ldc);
    }

    @Override
    public void dsymm(String side, String uplo, int m, int n, double alpha, double[] a, int lda, double[] b, int ldb,
            double beta, double[] c, int ldc) {
        dsymm(side, uplo, m, n, alpha, a, 0, lda, b, 0, ldb, beta, c, 0, ldc);
    }

    @Override
    public void dsymm(String side, String uplo, int m, int n, double alpha, double[] a, int offseta, int lda,
            double[] b, int offsetb, int ldb, double beta, double[] c, int offsetc, int ldc) {
        require("DSYMM", 1, isSide(side));
        require("DSYMM", 2, isUplo(uplo));
        require("DSYMM", 3, m >= 0);
        require("DSYMM", 4, n >= 0);
        require("DSYMM", 7, lda >= Math.max(1, is("L", side) ? m : n));
        require("DSYMM", 9, ldb >= Math.max(1, m));
        require("DSYMM", 12, ldc >= Math.max(1, m));
        if (m == 0 || n == 0 || (alpha == 0.0 && beta == 1.0)) {
            return;
        }
        Objects.requireNonNull(a);
        Objects.requireNonNull(b);
        Objects.requireNonNull(c);
        index(offseta + (is("L", side) ? m : n) * lda - 1, a.length);
        index(offsetb + n * ldb - 1, b.length);
        index(offsetc + n * ldc - 1, c.length);
        Blas.dsymm(COLUMN_MAJOR, side(side), uplo(uplo), m, n, alpha, heap(a), offseta, lda,
                heap(b), offsetb, ldb, beta, heap(c), offsetc, ldc);
    }

    @Override
    public void dsyrk(String uplo, String trans, int n, int k, double alpha, double[] a, int lda, double beta,
            double[] c, int ldc) {
        dsyrk(uplo, trans, n, k, alpha, a, 0, lda, beta, c, 0, ldc);
    }

    @Override
    public void dsyrk(String uplo, String trans, int n, int k, double alpha, double[] a, int offseta, int lda,
            double beta, double[] c, int offsetc, int ldc) {
        require("DSYRK", 1, isUplo(uplo));
        require("DSYRK", 2, isTrans(trans));
        require("DSYRK", 3, n >= 0);
        require("DSYRK", 4, k >= 0);
        require("DSYRK", 7, lda >= Math.max(1, is("N", trans) ? n : k));
        require("DSYRK", 10, ldc >= Math.max(1, n));
        if (n == 0 || ((alpha == 0 || k == 0) && beta == 1.0)) {
            return;
        }
        Objects.requireNonNull(a);
        Objects.requireNonNull(c);
        index(offseta + (is("N", trans) ? k : n) * lda - 1, a.length);
        index(offsetc + n * ldc - 1, c.length);
        Blas.dsyrk(COLUMN_MAJOR, uplo(uplo), transpose(trans), n, k, alpha, heap(a), offseta, lda,
                beta, heap(c), offsetc, ldc);
    }

    @Override
    public void dsyr2k(String uplo, String trans, int n, int k, double alpha, double[] a, int lda, double[] b, int ldb,
            double beta, double[] c, int ldc) {
        dsyr2k(uplo, trans, n, k, alpha, a, 0, lda, b, 0, ldb, beta, c, 0, ldc);
    }

    @Override
    public void dsyr2k(String uplo, String trans, int n, int k, double alpha, double[] a, int offseta, int lda,
            double[] b, int offsetb, int ldb, double beta, double[] c, int offsetc, int ldc) {
        require("DSYR2K", 1, isUplo(uplo));
        require("DSYR2K", 2, isTrans(trans));
        require("DSYR2K", 3, n >= 0);
        require("DSYR2K", 4, k >= 0);
        require("DSYR2K", 7, lda >= Math.max(1, is("N", trans) ? n : k));
        require("DSYR2K", 9, ldb >= Math.max(1, is("N", trans) ? n : k));
        require("DSYR2K", 12, ldc >= Math.max(1, n));
        if (n == 0 || ((alpha == 0 || k == 0) && beta == 1.0)) {
            return;
        }
        Objects.requireNonNull(a);
        Objects.requireNonNull(b);
        Objects.requireNonNull(c);
        index(offseta + (is("N", trans) ? k : n) * lda - 1, a.length);
        index(offsetb + (is("N", trans) ? k : n) * ldb - 1, b.length);
        index(offsetc + n * ldc - 1, c.length);
        Blas.dsyr2k(COLUMN_MAJOR, uplo(uplo), transpose(trans), n, k, alpha, heap(a), offseta, lda,
                heap(b), offsetb, ldb, beta, heap(c), offsetc, ldc);
    }

    @Override
    public void dtrmm(String side, String uplo, String transa, String diag, int m, int n, double alpha, double[] a,
            int lda, double[] b, int ldb) {
        dtrmm(side, uplo, transa, diag, m, n, alpha, a, 0, lda, b, 0, ldb);
    }

    @Override
    public void dtrmm(String side, String uplo, String transa, String diag, int m, int n, double alpha, double[] a,
            int offseta, int lda, double[] b, int offsetb, int ldb) {
        if (triangularMatrix("DTRMM", side, uplo, transa, diag, m, n, a, offseta, lda, b, offsetb, ldb)) {
            Blas.dtrmm(COLUMN_MAJOR, side(side), uplo(uplo), transpose(transa), diag(diag), m, n, alpha,
                    heap(a), offseta, lda, heap(b), offsetb, ldb);
        }
    }

    @Override
    public void dtrsm(String side, String uplo, String transa, String diag, int m, int n, double alpha, double[] a,
            int lda, double[] b, int ldb) {
        dtrsm(side, uplo, transa, diag, m, n, alpha, a, 0, lda, b, 0, ldb);
    }

    @Override
    public void dtrsm(String side, String uplo, String transa, String diag, int m, int n, double alpha, double[] a,
            int offseta, int lda, double[] b, int offsetb, int ldb) {
        if (triangularMatrix("DTRSM", side, uplo, transa, diag, m, n, a, offseta, lda, b, offsetb, ldb)) {
            Blas.dtrsm(COLUMN_MAJOR, side(side), uplo(uplo), transpose(transa), diag(diag), m, n, alpha,
                    heap(a), offseta, lda, heap(b), offsetb, ldb);
        }
    }

    /** netlib's checks of ?trmm and ?trsm; whether there is anything to compute. */
    private static boolean triangularMatrix(String routine, String side, String uplo, String transa, String diag, int m,
            int n, double[] a, int offseta, int lda, double[] b, int offsetb, int ldb) {
        require(routine, 1, isSide(side));
        require(routine, 2, isUplo(uplo));
        require(routine, 3, isTrans(transa));
        require(routine, 4, isDiag(diag));
        require(routine, 5, m >= 0);
        require(routine, 6, n >= 0);
        require(routine, 9, lda >= Math.max(1, is("L", side) ? m : n));
        require(routine, 11, ldb >= Math.max(1, m));
        if (n == 0) {
            return false;
        }
        Objects.requireNonNull(a);
        Objects.requireNonNull(b);
        index(offseta + (is("L", side) ? m : n) * lda - 1, a.length);
        index(offsetb + n * ldb - 1, b.length);
        return true;
    }

    // ---- float, level 1 ---------------------------------------------------------------------------------------------

    @Override
    public float sasum(int n, float[] x, int incx) {
        return sasum(n, x, 0, incx);
    }

    @Override
    public float sasum(int n, float[] x, int offsetx, int incx) {
        if (n <= 0) {
            return 0.0f;
        }
        Objects.requireNonNull(x);
        vector(offsetx, n, incx, x.length);
        if (incx <= 0) {
            return 0.0f; // as reference BLAS: nothing to sum
        }
        return Blas.sasum(n, heap(x), offsetx, incx);
    }

    @Override
    public void saxpy(int n, float alpha, float[] x, int incx, float[] y, int incy) {
        saxpy(n, alpha, x, 0, incx, y, 0, incy);
    }

    @Override
    public void saxpy(int n, float alpha, float[] x, int offsetx, int incx, float[] y, int offsety, int incy) {
        if (n <= 0 || alpha == 0.0f) {
            return;
        }
        Objects.requireNonNull(x);
        Objects.requireNonNull(y);
        vector(offsetx, n, incx, x.length);
        vector(offsety, n, incy, y.length);
        if (incx == 0 || incy == 0) {
            ZeroIncrement.saxpy(n, alpha, x, offsetx, incx, y, offsety, incy);
            return;
        }
        Blas.saxpy(n, alpha, heap(x), offsetx, incx, heap(y), offsety, incy);
    }

    @Override
    public void scopy(int n, float[] x, int incx, float[] y, int incy) {
        scopy(n, x, 0, incx, y, 0, incy);
    }

    @Override
    public void scopy(int n, float[] x, int offsetx, int incx, float[] y, int offsety, int incy) {
        if (n <= 0) {
            return;
        }
        Objects.requireNonNull(x);
        Objects.requireNonNull(y);
        vector(offsetx, n, incx, x.length);
        vector(offsety, n, incy, y.length);
        if (incx == 0 || incy == 0) {
            ZeroIncrement.scopy(n, x, offsetx, incx, y, offsety, incy);
            return;
        }
        Blas.scopy(n, heap(x), offsetx, incx, heap(y), offsety, incy);
    }

    @Override
    public float sdot(int n, float[] x, int incx, float[] y, int incy) {
        return sdot(n, x, 0, incx, y, 0, incy);
    }

    @Override
    public float sdot(int n, float[] x, int offsetx, int incx, float[] y, int offsety, int incy) {
        if (n <= 0) {
            return 0.0f;
        }
        Objects.requireNonNull(x);
        Objects.requireNonNull(y);
        vector(offsetx, n, incx, x.length);
        vector(offsety, n, incy, y.length);
        if (incx == 0 || incy == 0) {
            return ZeroIncrement.sdot(n, x, offsetx, incx, y, offsety, incy);
        }
        return Blas.sdot(n, heap(x), offsetx, incx, heap(y), offsety, incy);
    }

    @Override
    public float snrm2(int n, float[] x, int incx) {
        return snrm2(n, x, 0, incx);
    }

    @Override
    public float snrm2(int n, float[] x, int offsetx, int incx) {
        if (n <= 0 || incx <= 0) {
            return 0.0f;
        }
        if (n == 1) {
            return Math.abs(x[offsetx]);
        }
        Objects.requireNonNull(x);
        vector(offsetx, n, incx, x.length);
        return Blas.snrm2(n, heap(x), offsetx, incx);
    }

    @Override
    public void srot(int n, float[] x, int incx, float[] y, int incy, float c, float s) {
        srot(n, x, 0, incx, y, 0, incy, c, s);
    }

    @Override
    public void srot(int n, float[] x, int offsetx, int incx, float[] y, int offsety, int incy, float c, float s) {
        if (n <= 0) {
            return;
        }
        Objects.requireNonNull(x);
        Objects.requireNonNull(y);
        vector(offsetx, n, incx, x.length);
        vector(offsety, n, incy, y.length);
        if (incx == 0 || incy == 0) {
            ZeroIncrement.srot(n, x, offsetx, incx, y, offsety, incy, c, s);
            return;
        }
        Blas.srot(n, heap(x), offsetx, incx, heap(y), offsety, incy, c, s);
    }

    /**
     * Through OpenBLAS, on a per-thread scratch array of 4 (a holder's value is a field, not an array element), so
     * that a call allocates nothing once a thread has its scratch.
     */
    @Override
    public void srotg(floatW a, floatW b, floatW c, floatW s) {
        Objects.requireNonNull(a);
        Objects.requireNonNull(b);
        Objects.requireNonNull(c);
        Objects.requireNonNull(s);
        float[] t = SSCRATCH.get();
        t[0] = a.val;
        t[1] = b.val;
        MemorySegment m = heap(t);
        Blas.srotg(m, 0, m, 1, m, 2, m, 3);
        a.val = t[0];
        b.val = t[1];
        c.val = t[2];
        s.val = t[3];
    }

    @Override
    public void srotm(int n, float[] x, int incx, float[] y, int incy, float[] param) {
        srotm(n, x, 0, incx, y, 0, incy, param, 0);
    }

    @Override
    public void srotm(int n, float[] x, int offsetx, int incx, float[] y, int offsety, int incy, float[] param,
            int offsetparam) {
        Objects.requireNonNull(x);
        Objects.requireNonNull(y);
        Objects.requireNonNull(param);
        vector(offsetx, n, incx, x.length);
        vector(offsety, n, incy, y.length);
        index(offsetparam + 4, param.length);
        if (n <= 0) {
            return;
        }
        if (incx == 0 || incy == 0) {
            ZeroIncrement.srotm(n, x, offsetx, incx, y, offsety, incy, param, offsetparam);
            return;
        }
        Blas.srotm(n, heap(x), offsetx, incx, heap(y), offsety, incy,
                heap(param), offsetparam);
    }

    @Override
    public void srotmg(floatW d1, floatW d2, floatW x1, float y1, float[] param) {
        srotmg(d1, d2, x1, y1, param, 0);
    }

    /** Through OpenBLAS on a per-thread scratch for d1, d2, x1, and param in place; see {@link RotmgQuirk}. */
    @Override
    public void srotmg(floatW d1, floatW d2, floatW x1, float y1, float[] param, int offsetparam) {
        Objects.requireNonNull(d1);
        Objects.requireNonNull(d2);
        Objects.requireNonNull(x1);
        Objects.requireNonNull(param);
        index(offsetparam + 4, param.length);
        if (RotmgQuirk.saffected(d1.val)) {
            RotmgQuirk.srotmg(d1, d2, x1, y1, param, offsetparam);
            return;
        }
        float[] t = SSCRATCH.get();
        t[0] = d1.val;
        t[1] = d2.val;
        t[2] = x1.val;
        MemorySegment m = heap(t);
        Blas.srotmg(m, 0, m, 1, m, 2, y1, heap(param), offsetparam);
        d1.val = t[0];
        d2.val = t[1];
        x1.val = t[2];
    }

    @Override
    public void sscal(int n, float alpha, float[] x, int incx) {
        sscal(n, alpha, x, 0, incx);
    }

    @Override
    public void sscal(int n, float alpha, float[] x, int offsetx, int incx) {
        if (n <= 0 || incx <= 0 || alpha == 1.0f) {
            return;
        }
        Objects.requireNonNull(x);
        vector(offsetx, n, incx, x.length);
        Blas.sscal(n, alpha, heap(x), offsetx, incx);
    }

    @Override
    public void sswap(int n, float[] x, int incx, float[] y, int incy) {
        sswap(n, x, 0, incx, y, 0, incy);
    }

    @Override
    public void sswap(int n, float[] x, int offsetx, int incx, float[] y, int offsety, int incy) {
        if (n <= 0) {
            return;
        }
        Objects.requireNonNull(x);
        Objects.requireNonNull(y);
        vector(offsetx, n, incx, x.length);
        vector(offsety, n, incy, y.length);
        if (incx == 0 || incy == 0) {
            ZeroIncrement.sswap(n, x, offsetx, incx, y, offsety, incy);
            return;
        }
        Blas.sswap(n, heap(x), offsetx, incx, heap(y), offsety, incy);
    }

    @Override
    public int isamax(int n, float[] x, int incx) {
        return isamax(n, x, 0, incx);
    }

    /** 0-based, as netlib returns it; -1 when n <= 0 or incx <= 0. */
    @Override
    public int isamax(int n, float[] x, int offsetx, int incx) {
        if (n <= 0 || incx <= 0) {
            return -1;
        }
        if (n == 1) {
            return 0;
        }
        Objects.requireNonNull(x);
        vector(offsetx, n, incx, x.length);
        return (int) Blas.isamax(n, heap(x), offsetx, incx);
    }

    // ---- float, level 2 ---------------------------------------------------------------------------------------------

    @Override
    public void sgbmv(String trans, int m, int n, int kl, int ku, float alpha, float[] a, int lda, float[] x, int incx,
            float beta, float[] y, int incy) {
        sgbmv(trans, m, n, kl, ku, alpha, a, 0, lda, x, 0, incx, beta, y, 0, incy);
    }

    /**
     * netlib checks no argument of ?gbmv (its F2jBLAS then calls f2j's xerbla, which exits the JVM): here a bad one
     * throws as in the other routines, with reference BLAS's parameter number.
     */
    @Override
    public void sgbmv(String trans, int m, int n, int kl, int ku, float alpha, float[] a, int offseta, int lda,
            float[] x, int offsetx, int incx, float beta, float[] y, int offsety, int incy) {
        Objects.requireNonNull(a);
        Objects.requireNonNull(x);
        Objects.requireNonNull(y);
        index(offseta + n * lda - 1, a.length);
        vector(offsetx, is("N", trans) ? n : m, incx, x.length);
        vector(offsety, is("N", trans) ? m : n, incy, y.length);
        require("SGBMV", 1, isTrans(trans));
        require("SGBMV", 2, m >= 0);
        require("SGBMV", 3, n >= 0);
        require("SGBMV", 4, kl >= 0);
        require("SGBMV", 5, ku >= 0);
        require("SGBMV", 8, lda >= kl + 1L + ku);
        require("SGBMV", 10, incx != 0);
        require("SGBMV", 13, incy != 0);
        Blas.sgbmv(COLUMN_MAJOR, transpose(trans), m, n, kl, ku, alpha, heap(a), offseta, lda,
                heap(x), offsetx, incx, beta, heap(y), offsety, incy);
    }

    @Override
    public void sgemv(String trans, int m, int n, float alpha, float[] a, int lda, float[] x, int incx, float beta,
            float[] y, int incy) {
        sgemv(trans, m, n, alpha, a, 0, lda, x, 0, incx, beta, y, 0, incy);
    }

    @Override
    public void sgemv(String trans, int m, int n, float alpha, float[] a, int offseta, int lda, float[] x, int offsetx,
            int incx, float beta, float[] y, int offsety, int incy) {
        require("SGEMV", 1, isTrans(trans));
        require("SGEMV", 2, m >= 0);
        require("SGEMV", 3, n >= 0);
        require("SGEMV", 6, lda >= Math.max(1, m));
        require("SGEMV", 8, incx != 0);
        require("SGEMV", 11, incy != 0);
        if (m == 0 || n == 0) {
            return;
        }
        Objects.requireNonNull(a);
        Objects.requireNonNull(x);
        Objects.requireNonNull(y);
        index(offseta + (n - 1) * lda + (m - 1), a.length);
        vector(offsetx, is("N", trans) ? n : m, incx, x.length);
        vector(offsety, is("N", trans) ? m : n, incy, y.length);
        Blas.sgemv(COLUMN_MAJOR, transpose(trans), m, n, alpha, heap(a), offseta, lda,
                heap(x), offsetx, incx, beta, heap(y), offsety, incy);
    }

    @Override
    public void sger(int m, int n, float alpha, float[] x, int incx, float[] y, int incy, float[] a, int lda) {
        sger(m, n, alpha, x, 0, incx, y, 0, incy, a, 0, lda);
    }

    @Override
    public void sger(int m, int n, float alpha, float[] x, int offsetx, int incx, float[] y, int offsety, int incy,
            float[] a, int offseta, int lda) {
        require("SGER", 1, m >= 0);
        require("SGER", 2, n >= 0);
        require("SGER", 5, incx != 0);
        require("SGER", 7, incy != 0);
        require("SGER", 9, lda >= Math.max(1, m));
        if (m == 0 || n == 0) {
            return;
        }
        Objects.requireNonNull(x);
        Objects.requireNonNull(y);
        Objects.requireNonNull(a);
        vector(offsetx, m, incx, x.length);
        vector(offsety, n, incy, y.length);
        index(offseta + n * lda - 1, a.length);
        if (alpha != 0.0f) {
            Blas.sger(COLUMN_MAJOR, m, n, alpha, heap(x), offsetx, incx, heap(y),
                    offsety, incy, heap(a), offseta, lda);
        }
    }

    @Override
    public void ssbmv(String uplo, int n, int k, float alpha, float[] a, int lda, float[] x, int incx, float beta,
            float[] y, int incy) {
        ssbmv(uplo, n, k, alpha, a, 0, lda, x, 0, incx, beta, y, 0, incy);
    }

    /** netlib checks no flag or dimension of ?sbmv: see {@link #sgbmv}. */
    @Override
    public void ssbmv(String uplo, int n, int k, float alpha, float[] a, int offseta, int lda, float[] x, int offsetx,
            int incx, float beta, float[] y, int offsety, int incy) {
        Objects.requireNonNull(a);
        Objects.requireNonNull(x);
        Objects.requireNonNull(y);
        index(offseta + n * lda - 1, a.length);
        vector(offsetx, n, incx, x.length);
        vector(offsety, n, incy, y.length);
        require("SSBMV", 1, isUplo(uplo));
        require("SSBMV", 2, n >= 0);
        require("SSBMV", 3, k >= 0);
        require("SSBMV", 6, lda >= k + 1L);
        require("SSBMV", 8, incx != 0);
        require("SSBMV", 11, incy != 0);
        Blas.ssbmv(COLUMN_MAJOR, uplo(uplo), n, k, alpha, heap(a), offseta, lda,
                heap(x), offsetx, incx, beta, heap(y), offsety, incy);
    }

    @Override
    public void sspmv(String uplo, int n, float alpha, float[] a, float[] x, int incx, float beta, float[] y,
            int incy) {
        sspmv(uplo, n, alpha, a, 0, x, 0, incx, beta, y, 0, incy);
    }

    @Override
    public void sspmv(String uplo, int n, float alpha, float[] a, int offseta, float[] x, int offsetx, int incx,
            float beta, float[] y, int offsety, int incy) {
        require("SSPMV", 1, isUplo(uplo));
        require("SSPMV", 2, n >= 0);
        require("SSPMV", 6, incx != 0);
        require("SSPMV", 9, incy != 0);
        if (n == 0) {
            return;
        }
        Objects.requireNonNull(a);
        Objects.requireNonNull(x);
        Objects.requireNonNull(y);
        index(offseta + (n * (n + 1) / 2) - 1, a.length);
        vector(offsetx, n, incx, x.length);
        vector(offsety, n, incy, y.length);
        Blas.sspmv(COLUMN_MAJOR, uplo(uplo), n, alpha, heap(a), offseta, heap(x),
                offsetx, incx, beta, heap(y), offsety, incy);
    }

    @Override
    public void sspr(String uplo, int n, float alpha, float[] x, int incx, float[] a) {
        sspr(uplo, n, alpha, x, 0, incx, a, 0);
    }

    @Override
    public void sspr(String uplo, int n, float alpha, float[] x, int offsetx, int incx, float[] a, int offseta) {
        require("SSPR", 1, isUplo(uplo));
        require("SSPR", 2, n >= 0);
        require("SSPR", 5, incx != 0);
        if (n == 0) {
            return;
        }
        Objects.requireNonNull(x);
        Objects.requireNonNull(a);
        vector(offsetx, n, incx, x.length);
        index(offseta + (n * (n + 1) / 2) - 1, a.length);
        Blas.sspr(COLUMN_MAJOR, uplo(uplo), n, alpha, heap(x), offsetx, incx,
                heap(a), offseta);
    }

    @Override
    public void sspr2(String uplo, int n, float alpha, float[] x, int incx, float[] y, int incy, float[] a) {
        sspr2(uplo, n, alpha, x, 0, incx, y, 0, incy, a, 0);
    }

    @Override
    public void sspr2(String uplo, int n, float alpha, float[] x, int offsetx, int incx, float[] y, int offsety,
            int incy, float[] a, int offseta) {
        require("SSPR2", 1, isUplo(uplo));
        require("SSPR2", 2, n >= 0);
        require("SSPR2", 5, incx != 0);
        require("SSPR2", 7, incy != 0);
        if (n == 0) {
            return;
        }
        Objects.requireNonNull(x);
        Objects.requireNonNull(y);
        Objects.requireNonNull(a);
        vector(offsetx, n, incx, x.length);
        vector(offsety, n, incy, y.length);
        index(offseta + (n * (n + 1) / 2) - 1, a.length);
        Blas.sspr2(COLUMN_MAJOR, uplo(uplo), n, alpha, heap(x), offsetx, incx,
                heap(y), offsety, incy, heap(a), offseta);
    }

    @Override
    public void ssymv(String uplo, int n, float alpha, float[] a, int lda, float[] x, int incx, float beta, float[] y,
            int incy) {
        ssymv(uplo, n, alpha, a, 0, lda, x, 0, incx, beta, y, 0, incy);
    }

    @Override
    public void ssymv(String uplo, int n, float alpha, float[] a, int offseta, int lda, float[] x, int offsetx,
            int incx, float beta, float[] y, int offsety, int incy) {
        require("SSYMV", 1, isUplo(uplo));
        require("SSYMV", 2, n >= 0);
        require("SSYMV", 5, lda >= Math.max(1, n));
        require("SSYMV", 7, incx != 0);
        require("SSYMV", 10, incy != 0);
        if (n == 0) {
            return;
        }
        Objects.requireNonNull(a);
        Objects.requireNonNull(x);
        Objects.requireNonNull(y);
        index(offseta + n * lda - 1, a.length);
        vector(offsetx, n, incx, x.length);
        vector(offsety, n, incy, y.length);
        Blas.ssymv(COLUMN_MAJOR, uplo(uplo), n, alpha, heap(a), offseta, lda,
                heap(x), offsetx, incx, beta, heap(y), offsety, incy);
    }

    @Override
    public void ssyr(String uplo, int n, float alpha, float[] x, int incx, float[] a, int lda) {
        ssyr(uplo, n, alpha, x, 0, incx, a, 0, lda);
    }

    @Override
    public void ssyr(String uplo, int n, float alpha, float[] x, int offsetx, int incx, float[] a, int offseta,
            int lda) {
        require("SSYR", 1, isUplo(uplo));
        require("SSYR", 2, n >= 0);
        require("SSYR", 5, incx != 0);
        require("SSYR", 7, lda >= Math.max(1, n));
        if (n == 0) {
            return;
        }
        Objects.requireNonNull(x);
        Objects.requireNonNull(a);
        vector(offsetx, n, incx, x.length);
        index(offseta + n * lda - 1, a.length);
        Blas.ssyr(COLUMN_MAJOR, uplo(uplo), n, alpha, heap(x), offsetx, incx,
                heap(a), offseta, lda);
    }

    @Override
    public void ssyr2(String uplo, int n, float alpha, float[] x, int incx, float[] y, int incy, float[] a, int lda) {
        ssyr2(uplo, n, alpha, x, 0, incx, y, 0, incy, a, 0, lda);
    }

    @Override
    public void ssyr2(String uplo, int n, float alpha, float[] x, int offsetx, int incx, float[] y, int offsety,
            int incy, float[] a, int offseta, int lda) {
        require("SSYR2", 1, isUplo(uplo));
        require("SSYR2", 2, n >= 0);
        require("SSYR2", 5, incx != 0);
        require("SSYR2", 7, incy != 0);
        require("SSYR2", 9, lda >= Math.max(1, n));
        if (n == 0) {
            return;
        }
        Objects.requireNonNull(x);
        Objects.requireNonNull(y);
        Objects.requireNonNull(a);
        vector(offsetx, n, incx, x.length);
        vector(offsety, n, incy, y.length);
        index(offseta + n * lda - 1, a.length);
        Blas.ssyr2(COLUMN_MAJOR, uplo(uplo), n, alpha, heap(x), offsetx, incx,
                heap(y), offsety, incy, heap(a), offseta, lda);
    }

    @Override
    public void stbmv(String uplo, String trans, String diag, int n, int k, float[] a, int lda, float[] x, int incx) {
        stbmv(uplo, trans, diag, n, k, a, 0, lda, x, 0, incx);
    }

    /** netlib lets lda = k through; reference BLAS (parameter 7) and this refuse it. */
    @Override
    public void stbmv(String uplo, String trans, String diag, int n, int k, float[] a, int offseta, int lda, float[] x,
            int offsetx, int incx) {
        triangularBand("STBMV", uplo, trans, diag, n, k, a, offseta, lda, x, offsetx, incx);
        if (n == 0) {
            return;
        }
        Blas.stbmv(COLUMN_MAJOR, uplo(uplo), transpose(trans), diag(diag), n, k, heap(a),
                offseta, lda, heap(x), offsetx, incx);
    }

    @Override
    public void stbsv(String uplo, String trans, String diag, int n, int k, float[] a, int lda, float[] x, int incx) {
        stbsv(uplo, trans, diag, n, k, a, 0, lda, x, 0, incx);
    }

    /** netlib lets lda = k through; reference BLAS (parameter 7) and this refuse it. */
    @Override
    public void stbsv(String uplo, String trans, String diag, int n, int k, float[] a, int offseta, int lda, float[] x,
            int offsetx, int incx) {
        triangularBand("STBSV", uplo, trans, diag, n, k, a, offseta, lda, x, offsetx, incx);
        if (n == 0) {
            return;
        }
        Blas.stbsv(COLUMN_MAJOR, uplo(uplo), transpose(trans), diag(diag), n, k, heap(a),
                offseta, lda, heap(x), offsetx, incx);
    }

    /** netlib's checks of ?tbmv and ?tbsv, then reference BLAS's lda >= k + 1. */
    private static void triangularBand(String routine, String uplo, String trans, String diag, int n, int k, float[] a,
            int offseta, int lda, float[] x, int offsetx, int incx) {
        require(routine, 1, isUplo(uplo));
        require(routine, 2, isTrans(trans));
        require(routine, 3, isDiag(diag));
        require(routine, 4, n >= 0);
        require(routine, 5, k >= 0);
        require(routine, 7, lda >= Math.max(1, k));
        require(routine, 9, incx != 0);
        if (n == 0) {
            return;
        }
        Objects.requireNonNull(a);
        Objects.requireNonNull(x);
        index(offseta + n * lda - 1, a.length);
        vector(offsetx, n, incx, x.length);
        require(routine, 7, lda >= k + 1L);
    }

    @Override
    public void stpmv(String uplo, String trans, String diag, int n, float[] a, float[] x, int incx) {
        stpmv(uplo, trans, diag, n, a, 0, x, 0, incx);
    }

    @Override
    public void stpmv(String uplo, String trans, String diag, int n, float[] a, int offseta, float[] x, int offsetx,
            int incx) {
        triangularPacked("STPMV", uplo, trans, diag, n, a, offseta, x, offsetx, incx);
        if (n == 0) {
            return;
        }
        Blas.stpmv(COLUMN_MAJOR, uplo(uplo), transpose(trans), diag(diag), n, heap(a), offseta,
                heap(x), offsetx, incx);
    }

    @Override
    public void stpsv(String uplo, String trans, String diag, int n, float[] a, float[] x, int incx) {
        stpsv(uplo, trans, diag, n, a, 0, x, 0, incx);
    }

    @Override
    public void stpsv(String uplo, String trans, String diag, int n, float[] a, int offseta, float[] x, int offsetx,
            int incx) {
        triangularPacked("STPSV", uplo, trans, diag, n, a, offseta, x, offsetx, incx);
        if (n == 0) {
            return;
        }
        Blas.stpsv(COLUMN_MAJOR, uplo(uplo), transpose(trans), diag(diag), n, heap(a), offseta,
                heap(x), offsetx, incx);
    }

    /** netlib's checks of ?tpmv and ?tpsv. */
    private static void triangularPacked(String routine, String uplo, String trans, String diag, int n, float[] a,
            int offseta, float[] x, int offsetx, int incx) {
        require(routine, 1, isUplo(uplo));
        require(routine, 2, isTrans(trans));
        require(routine, 3, isDiag(diag));
        require(routine, 4, n >= 0);
        require(routine, 7, incx != 0);
        if (n == 0) {
            return;
        }
        Objects.requireNonNull(a);
        Objects.requireNonNull(x);
        index(offseta + n * (n + 1) / 2 - 1, a.length);
        vector(offsetx, n, incx, x.length);
    }

    @Override
    public void strmv(String uplo, String trans, String diag, int n, float[] a, int lda, float[] x, int incx) {
        strmv(uplo, trans, diag, n, a, 0, lda, x, 0, incx);
    }

    @Override
    public void strmv(String uplo, String trans, String diag, int n, float[] a, int offseta, int lda, float[] x,
            int offsetx, int incx) {
        triangular("STRMV", uplo, trans, diag, n, a, offseta, lda, x, offsetx, incx);
        if (n == 0) {
            return;
        }
        Blas.strmv(COLUMN_MAJOR, uplo(uplo), transpose(trans), diag(diag), n, heap(a), offseta,
                lda, heap(x), offsetx, incx);
    }

    @Override
    public void strsv(String uplo, String trans, String diag, int n, float[] a, int lda, float[] x, int incx) {
        strsv(uplo, trans, diag, n, a, 0, lda, x, 0, incx);
    }

    @Override
    public void strsv(String uplo, String trans, String diag, int n, float[] a, int offseta, int lda, float[] x,
            int offsetx, int incx) {
        triangular("STRSV", uplo, trans, diag, n, a, offseta, lda, x, offsetx, incx);
        if (n == 0) {
            return;
        }
        Blas.strsv(COLUMN_MAJOR, uplo(uplo), transpose(trans), diag(diag), n, heap(a), offseta,
                lda, heap(x), offsetx, incx);
    }

    /** netlib's checks of ?trmv and ?trsv. */
    private static void triangular(String routine, String uplo, String trans, String diag, int n, float[] a,
            int offseta, int lda, float[] x, int offsetx, int incx) {
        require(routine, 1, isUplo(uplo));
        require(routine, 2, isTrans(trans));
        require(routine, 3, isDiag(diag));
        require(routine, 4, n >= 0);
        require(routine, 6, lda >= Math.max(1, n));
        require(routine, 8, incx != 0);
        if (n == 0) {
            return;
        }
        Objects.requireNonNull(a);
        Objects.requireNonNull(x);
        index(offseta + n * lda - 1, a.length);
        vector(offsetx, n, incx, x.length);
    }

    // ---- float, level 3 ---------------------------------------------------------------------------------------------

    @Override
    public void sgemm(String transa, String transb, int m, int n, int k, float alpha, float[] a, int lda, float[] b,
            int ldb, float beta, float[] c, int ldc) {
        sgemm(transa, transb, m, n, k, alpha, a, 0, lda, b, 0, ldb, beta, c, 0, ldc);
    }

    @Override
    public void sgemm(String transa, String transb, int m, int n, int k, float alpha, float[] a, int offseta, int lda,
            float[] b, int offsetb, int ldb, float beta, float[] c, int offsetc, int ldc) {
        require("SGEMM", 1, isTrans(transa));
        require("SGEMM", 2, isTrans(transb));
        require("SGEMM", 3, m >= 0);
        require("SGEMM", 4, n >= 0);
        require("SGEMM", 5, k >= 0);
        require("SGEMM", 8, lda >= Math.max(1, is("N", transa) ? m : k));
        require("SGEMM", 10, ldb >= Math.max(1, is("N", transb) ? k : n));
        require("SGEMM", 13, ldc >= Math.max(1, m));
        if (m == 0 || n == 0 || ((alpha == 0.0f || k == 0) && beta == 1.0f)) {
            return;
        }
        Objects.requireNonNull(a);
        Objects.requireNonNull(b);
        Objects.requireNonNull(c);
        index(offseta + (is("N", transa) ? (k - 1) * lda + (m - 1) : (m - 1) * lda + (k - 1)), a.length);
        index(offsetb + (is("N", transb) ? (n - 1) * ldb + (k - 1) : (k - 1) * ldb + (n - 1)), b.length);
        index(offsetc + (n - 1) * ldc + (m - 1), c.length);
        Blas.sgemm(COLUMN_MAJOR, transpose(transa), transpose(transb), m, n, k, alpha, heap(a),
                offseta, lda, heap(b), offsetb, ldb, beta, heap(c), offsetc, ldc);
    }

    @Override
    public void ssymm(String side, String uplo, int m, int n, float alpha, float[] a, int lda, float[] b, int ldb,
            float beta, float[] c, int ldc) {
        ssymm(side, uplo, m, n, alpha, a, 0, lda, b, 0, ldb, beta, c, 0, ldc);
    }

    @Override
    public void ssymm(String side, String uplo, int m, int n, float alpha, float[] a, int offseta, int lda, float[] b,
            int offsetb, int ldb, float beta, float[] c, int offsetc, int ldc) {
        require("SSYMM", 1, isSide(side));
        require("SSYMM", 2, isUplo(uplo));
        require("SSYMM", 3, m >= 0);
        require("SSYMM", 4, n >= 0);
        require("SSYMM", 7, lda >= Math.max(1, is("L", side) ? m : n));
        require("SSYMM", 9, ldb >= Math.max(1, m));
        require("SSYMM", 12, ldc >= Math.max(1, m));
        if (m == 0 || n == 0 || (alpha == 0.0f && beta == 1.0f)) {
            return;
        }
        Objects.requireNonNull(a);
        Objects.requireNonNull(b);
        Objects.requireNonNull(c);
        index(offseta + (is("L", side) ? m : n) * lda - 1, a.length);
        index(offsetb + n * ldb - 1, b.length);
        index(offsetc + n * ldc - 1, c.length);
        Blas.ssymm(COLUMN_MAJOR, side(side), uplo(uplo), m, n, alpha, heap(a), offseta, lda,
                heap(b), offsetb, ldb, beta, heap(c), offsetc, ldc);
    }

    @Override
    public void ssyrk(String uplo, String trans, int n, int k, float alpha, float[] a, int lda, float beta, float[] c,
            int ldc) {
        ssyrk(uplo, trans, n, k, alpha, a, 0, lda, beta, c, 0, ldc);
    }

    @Override
    public void ssyrk(String uplo, String trans, int n, int k, float alpha, float[] a, int offseta, int lda, float beta,
            float[] c, int offsetc, int ldc) {
        require("SSYRK", 1, isUplo(uplo));
        require("SSYRK", 2, isTrans(trans));
        require("SSYRK", 3, n >= 0);
        require("SSYRK", 4, k >= 0);
        require("SSYRK", 7, lda >= Math.max(1, is("N", trans) ? n : k));
        require("SSYRK", 10, ldc >= Math.max(1, n));
        if (n == 0 || ((alpha == 0 || k == 0) && beta == 1.0f)) {
            return;
        }
        Objects.requireNonNull(a);
        Objects.requireNonNull(c);
        index(offseta + (is("N", trans) ? k : n) * lda - 1, a.length);
        index(offsetc + n * ldc - 1, c.length);
        Blas.ssyrk(COLUMN_MAJOR, uplo(uplo), transpose(trans), n, k, alpha, heap(a), offseta, lda,
                beta, heap(c), offsetc, ldc);
    }

    @Override
    public void ssyr2k(String uplo, String trans, int n, int k, float alpha, float[] a, int lda, float[] b, int ldb,
            float beta, float[] c, int ldc) {
        ssyr2k(uplo, trans, n, k, alpha, a, 0, lda, b, 0, ldb, beta, c, 0, ldc);
    }

    @Override
    public void ssyr2k(String uplo, String trans, int n, int k, float alpha, float[] a, int offseta, int lda, float[] b,
            int offsetb, int ldb, float beta, float[] c, int offsetc, int ldc) {
        require("SSYR2K", 1, isUplo(uplo));
        require("SSYR2K", 2, isTrans(trans));
        require("SSYR2K", 3, n >= 0);
        require("SSYR2K", 4, k >= 0);
        require("SSYR2K", 7, lda >= Math.max(1, is("N", trans) ? n : k));
        require("SSYR2K", 9, ldb >= Math.max(1, is("N", trans) ? n : k));
        require("SSYR2K", 12, ldc >= Math.max(1, n));
        if (n == 0 || ((alpha == 0 || k == 0) && beta == 1.0f)) {
            return;
        }
        Objects.requireNonNull(a);
        Objects.requireNonNull(b);
        Objects.requireNonNull(c);
        index(offseta + (is("N", trans) ? k : n) * lda - 1, a.length);
        index(offsetb + (is("N", trans) ? k : n) * ldb - 1, b.length);
        index(offsetc + n * ldc - 1, c.length);
        Blas.ssyr2k(COLUMN_MAJOR, uplo(uplo), transpose(trans), n, k, alpha, heap(a), offseta, lda,
                heap(b), offsetb, ldb, beta, heap(c), offsetc, ldc);
    }

    @Override
    public void strmm(String side, String uplo, String transa, String diag, int m, int n, float alpha, float[] a,
            int lda, float[] b, int ldb) {
        strmm(side, uplo, transa, diag, m, n, alpha, a, 0, lda, b, 0, ldb);
    }

    @Override
    public void strmm(String side, String uplo, String transa, String diag, int m, int n, float alpha, float[] a,
            int offseta, int lda, float[] b, int offsetb, int ldb) {
        if (triangularMatrix("STRMM", side, uplo, transa, diag, m, n, a, offseta, lda, b, offsetb, ldb)) {
            Blas.strmm(COLUMN_MAJOR, side(side), uplo(uplo), transpose(transa), diag(diag), m, n, alpha,
                    heap(a), offseta, lda, heap(b), offsetb, ldb);
        }
    }

    @Override
    public void strsm(String side, String uplo, String transa, String diag, int m, int n, float alpha, float[] a,
            int lda, float[] b, int ldb) {
        strsm(side, uplo, transa, diag, m, n, alpha, a, 0, lda, b, 0, ldb);
    }

    @Override
    public void strsm(String side, String uplo, String transa, String diag, int m, int n, float alpha, float[] a,
            int offseta, int lda, float[] b, int offsetb, int ldb) {
        if (triangularMatrix("STRSM", side, uplo, transa, diag, m, n, a, offseta, lda, b, offsetb, ldb)) {
            Blas.strsm(COLUMN_MAJOR, side(side), uplo(uplo), transpose(transa), diag(diag), m, n, alpha,
                    heap(a), offseta, lda, heap(b), offsetb, ldb);
        }
    }

    /** netlib's checks of ?trmm and ?trsm; whether there is anything to compute. */
    private static boolean triangularMatrix(String routine, String side, String uplo, String transa, String diag, int m,
            int n, float[] a, int offseta, int lda, float[] b, int offsetb, int ldb) {
        require(routine, 1, isSide(side));
        require(routine, 2, isUplo(uplo));
        require(routine, 3, isTrans(transa));
        require(routine, 4, isDiag(diag));
        require(routine, 5, m >= 0);
        require(routine, 6, n >= 0);
        require(routine, 9, lda >= Math.max(1, is("L", side) ? m : n));
        require(routine, 11, ldb >= Math.max(1, m));
        if (n == 0) {
            return false;
        }
        Objects.requireNonNull(a);
        Objects.requireNonNull(b);
        index(offseta + (is("L", side) ? m : n) * lda - 1, a.length);
        index(offsetb + n * ldb - 1, b.length);
        return true;
    }
}
