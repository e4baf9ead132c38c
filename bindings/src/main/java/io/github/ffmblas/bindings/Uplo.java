package io.github.ffmblas.bindings;

/** Which triangle of a triangular, symmetric or Hermitian matrix is stored and used: CBLAS's {@code CBLAS_UPLO}. */
public enum Uplo {
    /** The upper triangle ({@code CblasUpper} = 121). */
    UPPER(121),
    /** The lower triangle ({@code CblasLower} = 122). */
    LOWER(122);

    private final int code;

    Uplo(int code) {
        this.code = code;
    }

    /** The CBLAS constant. */
    public int code() {
        return code;
    }

    /** LAPACK's letter for it. */
    byte letter() {
        return (byte) switch (this) {
            case UPPER -> 'U';
            case LOWER -> 'L';
        };
    }
}
