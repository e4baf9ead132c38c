package io.github.ffmblas.bindings;

/** A single-precision complex scalar, as the c routines take and return it (CBLAS's {@code openblas_complex_float}). */
public record ComplexFloat(float re, float im) {
    /** 0 + 0i. */
    public static final ComplexFloat ZERO = new ComplexFloat(0, 0);
    /** 1 + 0i. */
    public static final ComplexFloat ONE = new ComplexFloat(1, 0);
}
