package io.github.ffmblas.netlib.internal;

import io.github.ffmblas.bindings.Diag;
import io.github.ffmblas.bindings.Side;
import io.github.ffmblas.bindings.Transpose;
import io.github.ffmblas.bindings.Uplo;

/**
 * netlib's argument conventions, so that code written against {@code dev.ludovic.netlib.blas.BLAS} sees the same
 * exceptions from {@code FfmBLAS} as from netlib's own implementations: a bad flag or dimension is an
 * {@link IllegalArgumentException} with reference BLAS's xerbla text and parameter number, an index past an array
 * an {@link IndexOutOfBoundsException}, both worded as netlib 3.2.0 words them. The index checks take the int the
 * caller computed, overflow included, as netlib does; the exact checks come after, in the bindings' facade.
 */
public final class NetlibArguments {
    private NetlibArguments() {}

    /** Throws netlib's {@link IllegalArgumentException} for parameter {@code position} of {@code routine}. */
    public static void require(String routine, int position, boolean valid) {
        if (!valid) {
            throw new IllegalArgumentException(String.format(
                    "** On entry to '%s' parameter number %d had an illegal value", routine, position));
        }
    }

    /** Throws netlib's {@link IndexOutOfBoundsException} unless {@code 0 <= index < length}. */
    public static void index(int index, int length) {
        if (index < 0 || index >= length) {
            throw new IndexOutOfBoundsException(String.format("Index %s out of bounds for length %s", index, length));
        }
    }

    /** netlib's check of a vector's last element, {@code offset + (n - 1) * |inc|} in int arithmetic. */
    public static void vector(int offset, int n, int inc, int length) {
        index(offset + (n - 1) * Math.abs(inc), length);
    }

    /**
     * Fortran's LSAME as netlib has it: whether {@code cb} starts with {@code ca}, ignoring case (only the first
     * letter of a flag counts, so "Transpose" is "T"). A null {@code cb} throws {@link NullPointerException}.
     */
    public static boolean lsame(String ca, String cb) {
        return ca != null && ca.regionMatches(true, 0, cb, 0, ca.length());
    }

    /** Whether a flag is the given letter: {@link #lsame} with the letter first, as netlib calls it. */
    public static boolean is(String letter, String flag) {
        return lsame(letter, flag);
    }

    public static boolean isTrans(String trans) {
        return is("N", trans) || is("T", trans) || is("C", trans);
    }

    public static boolean isUplo(String uplo) {
        return lsame("U", uplo) || lsame("L", uplo);
    }

    public static boolean isDiag(String diag) {
        return lsame("U", diag) || lsame("N", diag);
    }

    public static boolean isSide(String side) {
        return lsame("L", side) || lsame("R", side);
    }

    /** A checked trans flag as the facade's enum; "C" of a real matrix is its transpose. */
    public static Transpose transpose(String trans) {
        return lsame("N", trans) ? Transpose.NO_TRANSPOSE : Transpose.TRANSPOSE;
    }

    public static Uplo uplo(String uplo) {
        return lsame("U", uplo) ? Uplo.UPPER : Uplo.LOWER;
    }

    public static Diag diag(String diag) {
        return lsame("U", diag) ? Diag.UNIT : Diag.NON_UNIT;
    }

    public static Side side(String side) {
        return lsame("L", side) ? Side.LEFT : Side.RIGHT;
    }
}
