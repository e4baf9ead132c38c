package io.github.ffmblas.attention;

/**
 * What computes a model's matrix products. {@link AttentionModel} takes {@link #AUTO} by default: oneDNN where the
 * {@code ffmblas-onednn} module is on the class or module path and loads, OpenBLAS otherwise.
 */
public enum Backend {
    /** oneDNN when available (it is as fast or faster on every shape measured, docs/performance.md), else OpenBLAS. */
    AUTO,
    /** OpenBLAS through the checked {@code Blas} facade: {@link Gemm#NATIVE}. */
    OPENBLAS,
    /**
     * oneDNN's matmul ({@code ffmblas-onednn}): the projections with the weights reordered once, at the first
     * forward of each shape, and the heads' products as batched matmuls; OpenBLAS where oneDNN cannot take one.
     */
    ONEDNN,
    /**
     * The projections on ffmblas's own AVX2/FMA kernel with the weights packed once (built into
     * {@code ffmblas-native} where a C compiler was; CPUs with AVX2 and FMA), the heads' products on OpenBLAS.
     */
    PACKED_AVX2
}
