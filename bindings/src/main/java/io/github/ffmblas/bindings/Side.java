package io.github.ffmblas.bindings;

/** On which side the symmetric or triangular matrix A multiplies B: CBLAS's {@code CBLAS_SIDE}. */
public enum Side {
    /** op(A) * B ({@code CblasLeft} = 141): A is m x m. */
    LEFT(141),
    /** B * op(A) ({@code CblasRight} = 142): A is n x n. */
    RIGHT(142);

    private final int code;

    Side(int code) {
        this.code = code;
    }

    /** The CBLAS constant. */
    public int code() {
        return code;
    }

    /** LAPACK's letter for it. */
    byte letter() {
        return (byte) switch (this) {
            case LEFT -> 'L';
            case RIGHT -> 'R';
        };
    }
}
