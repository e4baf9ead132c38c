package io.github.ffmblas.bindings;

/**
 * Whether an operand is used as stored, transposed or conjugate-transposed: CBLAS's {@code CBLAS_TRANSPOSE}.
 * For real data {@link #CONJUGATE_TRANSPOSE} means the same as {@link #TRANSPOSE}, as in BLAS.
 */
public enum Transpose {
    /** op(X) = X ({@code CblasNoTrans} = 111). */
    NO_TRANSPOSE(111),
    /** op(X) = X<sup>T</sup> ({@code CblasTrans} = 112). */
    TRANSPOSE(112),
    /** op(X) = X<sup>H</sup>, the conjugate transpose ({@code CblasConjTrans} = 113). */
    CONJUGATE_TRANSPOSE(113);

    private final int code;

    Transpose(int code) {
        this.code = code;
    }

    /** The CBLAS constant. */
    public int code() {
        return code;
    }

    /** LAPACK's letter for it. */
    byte letter() {
        return (byte) switch (this) {
            case NO_TRANSPOSE -> 'N';
            case TRANSPOSE -> 'T';
            case CONJUGATE_TRANSPOSE -> 'C';
        };
    }

    /** Whether op(X) swaps rows and columns. */
    boolean transposed() {
        return this != NO_TRANSPOSE;
    }
}
