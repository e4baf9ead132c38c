package dev.ludovic.netlib.blas;

import org.netlib.util.doubleW;
import org.netlib.util.floatW;

/**
 * netlib 3.2.0's argument checks alone: AbstractBLAS (package-private, hence this package in the test sources) with
 * every kernel replaced by a throw of {@link KernelReached}. A call either throws what netlib throws for its
 * arguments, or KernelReached: netlib would have passed them on. F2jBLAS cannot serve here: for arguments netlib
 * passes on but reference BLAS rejects, f2j's xerbla exits the JVM.
 */
public final class CheckOnlyBLAS extends AbstractBLAS {
    public static final CheckOnlyBLAS INSTANCE = new CheckOnlyBLAS();

    /** What a call throws when netlib's checks let its arguments through. */
    public static final class KernelReached extends RuntimeException {
        private static final long serialVersionUID = 1;

        KernelReached() {
            super("netlib accepts these arguments", null, false, false);
        }
    }

    private CheckOnlyBLAS() {}

    @Override
    protected double dasumK(int a0, double[] a1, int a2, int a3) {
        throw new KernelReached();
    }

    @Override
    protected float sasumK(int a0, float[] a1, int a2, int a3) {
        throw new KernelReached();
    }

    @Override
    protected void daxpyK(int a0, double a1, double[] a2, int a3, int a4, double[] a5, int a6, int a7) {
        throw new KernelReached();
    }

    @Override
    protected void saxpyK(int a0, float a1, float[] a2, int a3, int a4, float[] a5, int a6, int a7) {
        throw new KernelReached();
    }

    @Override
    protected void dcopyK(int a0, double[] a1, int a2, int a3, double[] a4, int a5, int a6) {
        throw new KernelReached();
    }

    @Override
    protected void scopyK(int a0, float[] a1, int a2, int a3, float[] a4, int a5, int a6) {
        throw new KernelReached();
    }

    @Override
    protected double ddotK(int a0, double[] a1, int a2, int a3, double[] a4, int a5, int a6) {
        throw new KernelReached();
    }

    @Override
    protected float sdotK(int a0, float[] a1, int a2, int a3, float[] a4, int a5, int a6) {
        throw new KernelReached();
    }

    @Override
    protected float sdsdotK(int a0, float a1, float[] a2, int a3, int a4, float[] a5, int a6, int a7) {
        throw new KernelReached();
    }

    @Override
    protected void dgbmvK(java.lang.String a0, int a1, int a2, int a3, int a4, double a5, double[] a6, int a7, int a8,
            double[] a9, int a10, int a11, double a12, double[] a13, int a14, int a15) {
        throw new KernelReached();
    }

    @Override
    protected void sgbmvK(java.lang.String a0, int a1, int a2, int a3, int a4, float a5, float[] a6, int a7, int a8,
            float[] a9, int a10, int a11, float a12, float[] a13, int a14, int a15) {
        throw new KernelReached();
    }

    @Override
    protected void dgemmK(java.lang.String a0, java.lang.String a1, int a2, int a3, int a4, double a5, double[] a6,
            int a7, int a8, double[] a9, int a10, int a11, double a12, double[] a13, int a14, int a15) {
        throw new KernelReached();
    }

    @Override
    protected void sgemmK(java.lang.String a0, java.lang.String a1, int a2, int a3, int a4, float a5, float[] a6,
            int a7, int a8, float[] a9, int a10, int a11, float a12, float[] a13, int a14, int a15) {
        throw new KernelReached();
    }

    @Override
    protected void dgemvK(java.lang.String a0, int a1, int a2, double a3, double[] a4, int a5, int a6, double[] a7,
            int a8, int a9, double a10, double[] a11, int a12, int a13) {
        throw new KernelReached();
    }

    @Override
    protected void sgemvK(java.lang.String a0, int a1, int a2, float a3, float[] a4, int a5, int a6, float[] a7, int a8,
            int a9, float a10, float[] a11, int a12, int a13) {
        throw new KernelReached();
    }

    @Override
    protected void dgerK(int a0, int a1, double a2, double[] a3, int a4, int a5, double[] a6, int a7, int a8,
            double[] a9, int a10, int a11) {
        throw new KernelReached();
    }

    @Override
    protected void sgerK(int a0, int a1, float a2, float[] a3, int a4, int a5, float[] a6, int a7, int a8, float[] a9,
            int a10, int a11) {
        throw new KernelReached();
    }

    @Override
    protected double dnrm2K(int a0, double[] a1, int a2, int a3) {
        throw new KernelReached();
    }

    @Override
    protected float snrm2K(int a0, float[] a1, int a2, int a3) {
        throw new KernelReached();
    }

    @Override
    protected void drotK(int a0, double[] a1, int a2, int a3, double[] a4, int a5, int a6, double a7, double a8) {
        throw new KernelReached();
    }

    @Override
    protected void srotK(int a0, float[] a1, int a2, int a3, float[] a4, int a5, int a6, float a7, float a8) {
        throw new KernelReached();
    }

    @Override
    protected void drotmK(int a0, double[] a1, int a2, int a3, double[] a4, int a5, int a6, double[] a7, int a8) {
        throw new KernelReached();
    }

    @Override
    protected void srotmK(int a0, float[] a1, int a2, int a3, float[] a4, int a5, int a6, float[] a7, int a8) {
        throw new KernelReached();
    }

    @Override
    protected void drotmgK(doubleW a0, doubleW a1, doubleW a2, double a3, double[] a4, int a5) {
        throw new KernelReached();
    }

    @Override
    protected void srotmgK(floatW a0, floatW a1, floatW a2, float a3, float[] a4, int a5) {
        throw new KernelReached();
    }

    @Override
    protected void dsbmvK(java.lang.String a0, int a1, int a2, double a3, double[] a4, int a5, int a6, double[] a7,
            int a8, int a9, double a10, double[] a11, int a12, int a13) {
        throw new KernelReached();
    }

    @Override
    protected void ssbmvK(java.lang.String a0, int a1, int a2, float a3, float[] a4, int a5, int a6, float[] a7, int a8,
            int a9, float a10, float[] a11, int a12, int a13) {
        throw new KernelReached();
    }

    @Override
    protected void dscalK(int a0, double a1, double[] a2, int a3, int a4) {
        throw new KernelReached();
    }

    @Override
    protected void sscalK(int a0, float a1, float[] a2, int a3, int a4) {
        throw new KernelReached();
    }

    @Override
    protected void dspmvK(java.lang.String a0, int a1, double a2, double[] a3, int a4, double[] a5, int a6, int a7,
            double a8, double[] a9, int a10, int a11) {
        throw new KernelReached();
    }

    @Override
    protected void sspmvK(java.lang.String a0, int a1, float a2, float[] a3, int a4, float[] a5, int a6, int a7,
            float a8, float[] a9, int a10, int a11) {
        throw new KernelReached();
    }

    @Override
    protected void dsprK(java.lang.String a0, int a1, double a2, double[] a3, int a4, int a5, double[] a6, int a7) {
        throw new KernelReached();
    }

    @Override
    protected void ssprK(java.lang.String a0, int a1, float a2, float[] a3, int a4, int a5, float[] a6, int a7) {
        throw new KernelReached();
    }

    @Override
    protected void dspr2K(java.lang.String a0, int a1, double a2, double[] a3, int a4, int a5, double[] a6, int a7,
            int a8, double[] a9, int a10) {
        throw new KernelReached();
    }

    @Override
    protected void sspr2K(java.lang.String a0, int a1, float a2, float[] a3, int a4, int a5, float[] a6, int a7, int a8,
            float[] a9, int a10) {
        throw new KernelReached();
    }

    @Override
    protected void dswapK(int a0, double[] a1, int a2, int a3, double[] a4, int a5, int a6) {
        throw new KernelReached();
    }

    @Override
    protected void sswapK(int a0, float[] a1, int a2, int a3, float[] a4, int a5, int a6) {
        throw new KernelReached();
    }

    @Override
    protected void dsymmK(java.lang.String a0, java.lang.String a1, int a2, int a3, double a4, double[] a5, int a6,
            int a7, double[] a8, int a9, int a10, double a11, double[] a12, int a13, int a14) {
        throw new KernelReached();
    }

    @Override
    protected void ssymmK(java.lang.String a0, java.lang.String a1, int a2, int a3, float a4, float[] a5, int a6,
            int a7, float[] a8, int a9, int a10, float a11, float[] a12, int a13, int a14) {
        throw new KernelReached();
    }

    @Override
    protected void dsymvK(java.lang.String a0, int a1, double a2, double[] a3, int a4, int a5, double[] a6, int a7,
            int a8, double a9, double[] a10, int a11, int a12) {
        throw new KernelReached();
    }

    @Override
    protected void ssymvK(java.lang.String a0, int a1, float a2, float[] a3, int a4, int a5, float[] a6, int a7, int a8,
            float a9, float[] a10, int a11, int a12) {
        throw new KernelReached();
    }

    @Override
    protected void dsyrK(java.lang.String a0, int a1, double a2, double[] a3, int a4, int a5, double[] a6, int a7,
            int a8) {
        throw new KernelReached();
    }

    @Override
    protected void ssyrK(java.lang.String a0, int a1, float a2, float[] a3, int a4, int a5, float[] a6, int a7,
            int a8) {
        throw new KernelReached();
    }

    @Override
    protected void dsyr2K(java.lang.String a0, int a1, double a2, double[] a3, int a4, int a5, double[] a6, int a7,
            int a8, double[] a9, int a10, int a11) {
        throw new KernelReached();
    }

    @Override
    protected void ssyr2K(java.lang.String a0, int a1, float a2, float[] a3, int a4, int a5, float[] a6, int a7, int a8,
            float[] a9, int a10, int a11) {
        throw new KernelReached();
    }

    @Override
    protected void dsyr2kK(java.lang.String a0, java.lang.String a1, int a2, int a3, double a4, double[] a5, int a6,
            int a7, double[] a8, int a9, int a10, double a11, double[] a12, int a13, int a14) {
        throw new KernelReached();
    }

    @Override
    protected void ssyr2kK(java.lang.String a0, java.lang.String a1, int a2, int a3, float a4, float[] a5, int a6,
            int a7, float[] a8, int a9, int a10, float a11, float[] a12, int a13, int a14) {
        throw new KernelReached();
    }

    @Override
    protected void dsyrkK(java.lang.String a0, java.lang.String a1, int a2, int a3, double a4, double[] a5, int a6,
            int a7, double a8, double[] a9, int a10, int a11) {
        throw new KernelReached();
    }

    @Override
    protected void ssyrkK(java.lang.String a0, java.lang.String a1, int a2, int a3, float a4, float[] a5, int a6,
            int a7, float a8, float[] a9, int a10, int a11) {
        throw new KernelReached();
    }

    @Override
    protected void dtbmvK(java.lang.String a0, java.lang.String a1, java.lang.String a2, int a3, int a4, double[] a5,
            int a6, int a7, double[] a8, int a9, int a10) {
        throw new KernelReached();
    }

    @Override
    protected void stbmvK(java.lang.String a0, java.lang.String a1, java.lang.String a2, int a3, int a4, float[] a5,
            int a6, int a7, float[] a8, int a9, int a10) {
        throw new KernelReached();
    }

    @Override
    protected void dtbsvK(java.lang.String a0, java.lang.String a1, java.lang.String a2, int a3, int a4, double[] a5,
            int a6, int a7, double[] a8, int a9, int a10) {
        throw new KernelReached();
    }

    @Override
    protected void stbsvK(java.lang.String a0, java.lang.String a1, java.lang.String a2, int a3, int a4, float[] a5,
            int a6, int a7, float[] a8, int a9, int a10) {
        throw new KernelReached();
    }

    @Override
    protected void dtpmvK(java.lang.String a0, java.lang.String a1, java.lang.String a2, int a3, double[] a4, int a5,
            double[] a6, int a7, int a8) {
        throw new KernelReached();
    }

    @Override
    protected void stpmvK(java.lang.String a0, java.lang.String a1, java.lang.String a2, int a3, float[] a4, int a5,
            float[] a6, int a7, int a8) {
        throw new KernelReached();
    }

    @Override
    protected void dtpsvK(java.lang.String a0, java.lang.String a1, java.lang.String a2, int a3, double[] a4, int a5,
            double[] a6, int a7, int a8) {
        throw new KernelReached();
    }

    @Override
    protected void stpsvK(java.lang.String a0, java.lang.String a1, java.lang.String a2, int a3, float[] a4, int a5,
            float[] a6, int a7, int a8) {
        throw new KernelReached();
    }

    @Override
    protected void dtrmmK(java.lang.String a0, java.lang.String a1, java.lang.String a2, java.lang.String a3, int a4,
            int a5, double a6, double[] a7, int a8, int a9, double[] a10, int a11, int a12) {
        throw new KernelReached();
    }

    @Override
    protected void strmmK(java.lang.String a0, java.lang.String a1, java.lang.String a2, java.lang.String a3, int a4,
            int a5, float a6, float[] a7, int a8, int a9, float[] a10, int a11, int a12) {
        throw new KernelReached();
    }

    @Override
    protected void dtrmvK(java.lang.String a0, java.lang.String a1, java.lang.String a2, int a3, double[] a4, int a5,
            int a6, double[] a7, int a8, int a9) {
        throw new KernelReached();
    }

    @Override
    protected void strmvK(java.lang.String a0, java.lang.String a1, java.lang.String a2, int a3, float[] a4, int a5,
            int a6, float[] a7, int a8, int a9) {
        throw new KernelReached();
    }

    @Override
    protected void dtrsmK(java.lang.String a0, java.lang.String a1, java.lang.String a2, java.lang.String a3, int a4,
            int a5, double a6, double[] a7, int a8, int a9, double[] a10, int a11, int a12) {
        throw new KernelReached();
    }

    @Override
    protected void strsmK(java.lang.String a0, java.lang.String a1, java.lang.String a2, java.lang.String a3, int a4,
            int a5, float a6, float[] a7, int a8, int a9, float[] a10, int a11, int a12) {
        throw new KernelReached();
    }

    @Override
    protected void dtrsvK(java.lang.String a0, java.lang.String a1, java.lang.String a2, int a3, double[] a4, int a5,
            int a6, double[] a7, int a8, int a9) {
        throw new KernelReached();
    }

    @Override
    protected void strsvK(java.lang.String a0, java.lang.String a1, java.lang.String a2, int a3, float[] a4, int a5,
            int a6, float[] a7, int a8, int a9) {
        throw new KernelReached();
    }

    @Override
    protected int idamaxK(int a0, double[] a1, int a2, int a3) {
        throw new KernelReached();
    }

    @Override
    protected int isamaxK(int a0, float[] a1, int a2, int a3) {
        throw new KernelReached();
    }
}
