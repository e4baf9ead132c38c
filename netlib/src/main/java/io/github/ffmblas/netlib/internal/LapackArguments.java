package io.github.ffmblas.netlib.internal;

import static io.github.ffmblas.netlib.internal.NetlibArguments.lsame;
import static io.github.ffmblas.netlib.internal.NetlibArguments.require;

import io.github.ffmblas.bindings.Diag;
import io.github.ffmblas.bindings.EigenJob;
import io.github.ffmblas.bindings.EigenRange;
import io.github.ffmblas.bindings.MachineParameter;
import io.github.ffmblas.bindings.Side;
import io.github.ffmblas.bindings.SvdJob;
import io.github.ffmblas.bindings.Transpose;
import io.github.ffmblas.bindings.Uplo;
import java.lang.foreign.MemorySegment;
import java.util.Objects;

/**
 * netlib LAPACK's conventions for {@code FfmLAPACK}: each flag read as LAPACK reads it (its first letter, either
 * case), one LAPACK does not know refused with netlib's {@link IllegalArgumentException} and the parameter's number;
 * arrays as heap segments (null as an empty one, which the facade refuses wherever the routine would touch it);
 * a workspace query's answer written where LAPACK writes it.
 */
public final class LapackArguments {
    private LapackArguments() {}

    public static Uplo uplo(String routine, int position, String uplo) {
        require(routine, position, lsame("U", uplo) || lsame("L", uplo));
        return lsame("U", uplo) ? Uplo.UPPER : Uplo.LOWER;
    }

    /** N, T or C; C of a real routine is the facade's CONJUGATE_TRANSPOSE, which it refuses where LAPACK does. */
    public static Transpose transpose(String routine, int position, String trans) {
        require(routine, position, lsame("N", trans) || lsame("T", trans) || lsame("C", trans));
        return lsame("N", trans) ? Transpose.NO_TRANSPOSE : lsame("T", trans) ? Transpose.TRANSPOSE
                : Transpose.CONJUGATE_TRANSPOSE;
    }

    public static Diag diag(String routine, int position, String diag) {
        require(routine, position, lsame("U", diag) || lsame("N", diag));
        return lsame("U", diag) ? Diag.UNIT : Diag.NON_UNIT;
    }

    public static Side side(String routine, int position, String side) {
        require(routine, position, lsame("L", side) || lsame("R", side));
        return lsame("L", side) ? Side.LEFT : Side.RIGHT;
    }

    public static SvdJob svdJob(String routine, int position, String job) {
        require(routine, position, lsame("A", job) || lsame("S", job) || lsame("O", job) || lsame("N", job));
        return lsame("A", job) ? SvdJob.ALL : lsame("S", job) ? SvdJob.REDUCED : lsame("O", job) ? SvdJob.OVERWRITE
                : SvdJob.NONE;
    }

    public static EigenJob eigenJob(String routine, int position, String job) {
        require(routine, position, lsame("N", job) || lsame("V", job));
        return lsame("N", job) ? EigenJob.VALUES : EigenJob.VALUES_AND_VECTORS;
    }

    public static EigenRange eigenRange(String routine, int position, String range) {
        require(routine, position, lsame("A", range) || lsame("V", range) || lsame("I", range));
        return lsame("A", range) ? EigenRange.ALL : lsame("V", range) ? EigenRange.VALUES : EigenRange.INDICES;
    }

    /** ?lamch's parameter; a letter LAPACK does not know refused, as netlib refuses it. */
    public static MachineParameter machineParameter(String routine, int position, String cmach) {
        Objects.requireNonNull(cmach, "cmach");
        for (MachineParameter p : MachineParameter.values()) {
            if (lsame(letter(p), cmach)) {
                return p;
            }
        }
        require(routine, position, false);
        return null;
    }

    private static String letter(MachineParameter p) {
        return switch (p) {
            case EPSILON -> "E";
            case SAFE_MINIMUM -> "S";
            case BASE -> "B";
            case PRECISION -> "P";
            case MANTISSA_DIGITS -> "N";
            case ROUNDING -> "R";
            case MIN_EXPONENT -> "M";
            case UNDERFLOW -> "U";
            case MAX_EXPONENT -> "L";
            case OVERFLOW -> "O";
        };
    }

    private static final MemorySegment NO_DOUBLES = MemorySegment.ofArray(new double[0]);
    private static final MemorySegment NO_FLOATS = MemorySegment.ofArray(new float[0]);
    private static final MemorySegment NO_INTS = MemorySegment.ofArray(new int[0]);

    public static MemorySegment heap(double[] array) {
        return array == null ? NO_DOUBLES : HeapSegments.of(array);
    }

    public static MemorySegment heap(float[] array) {
        return array == null ? NO_FLOATS : HeapSegments.of(array);
    }

    public static MemorySegment heap(int[] array) {
        return array == null ? NO_INTS : HeapSegments.of(array);
    }

    /** A workspace query's answer for a double work array, where LAPACK writes it: its first element. */
    public static void answer(double[] work, int offset, long elements) {
        Objects.checkIndex(offset, Objects.requireNonNull(work, "work").length);
        work[offset] = elements;
    }

    /** The answer as a float, rounded up where the float nearest to it is less (Reference-LAPACK issue 600). */
    public static void answer(float[] work, int offset, long elements) {
        Objects.checkIndex(offset, Objects.requireNonNull(work, "work").length);
        float f = elements;
        work[offset] = f < elements ? Math.nextUp(f) : f;
    }

    public static void answer(int[] iwork, int offset, long elements) {
        Objects.checkIndex(offset, Objects.requireNonNull(iwork, "iwork").length);
        iwork[offset] = Math.toIntExact(elements);
    }

    /** What every routine FfmLAPACK does not bind throws. */
    public static UnsupportedOperationException refused(String routine) {
        return new UnsupportedOperationException("FfmLAPACK: " + routine + " is not bound (ffmblas's Lapack binds"
                + " ?gesv ?getrf ?getrs ?getri ?potrf ?potrs ?ppsv ?pptri ?sysv ?trtrs ?gbtrf ?gbtrs ?geqrf ?geqp3"
                + " ?orgqr ?ormqr ?gels ?syev ?syevd ?syevr ?geev ?gesvd ?gesdd ?lamch); use netlib's JavaLAPACK or"
                + " JNILAPACK for it");
    }
}
