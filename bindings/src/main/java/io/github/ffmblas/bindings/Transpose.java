package io.github.ffmblas.bindings;

/** Whether a GEMM operand is used as stored or transposed: CBLAS's {@code CBLAS_TRANSPOSE} for real data. */
public enum Transpose {
    /** op(X) = X. */
    NO_TRANSPOSE(111),
    /** op(X) = X<sup>T</sup>. */
    TRANSPOSE(112);

    private final int code;

    Transpose(int code) {
        this.code = code;
    }

    /** The CBLAS constant ({@code CblasNoTrans} = 111, {@code CblasTrans} = 112). */
    public int code() {
        return code;
    }

    boolean transposed() {
        return this == TRANSPOSE;
    }
}
