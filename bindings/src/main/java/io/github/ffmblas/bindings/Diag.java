package io.github.ffmblas.bindings;

/** Whether a triangular matrix has an implicit unit diagonal: CBLAS's {@code CBLAS_DIAG}. */
public enum Diag {
    /** The diagonal is stored and used ({@code CblasNonUnit} = 131). */
    NON_UNIT(131),
    /** The diagonal is taken to be all ones and never read ({@code CblasUnit} = 132). */
    UNIT(132);

    private final int code;

    Diag(int code) {
        this.code = code;
    }

    /** The CBLAS constant. */
    public int code() {
        return code;
    }

    /** LAPACK's letter for it. */
    byte letter() {
        return (byte) switch (this) {
            case NON_UNIT -> 'N';
            case UNIT -> 'U';
        };
    }
}
