package io.github.ffmblas.bindings;

/**
 * A double-precision complex scalar, as the z routines take and return it (CBLAS's {@code openblas_complex_double}).
 */
public record ComplexDouble(double re, double im) {
    /** 0 + 0i. */
    public static final ComplexDouble ZERO = new ComplexDouble(0, 0);
    /** 1 + 0i. */
    public static final ComplexDouble ONE = new ComplexDouble(1, 0);
}
