package io.github.ffmblas.attention;

/**
 * What computes a model's matrix products. {@link AttentionModel} takes {@link #AUTO} by default: the fastest of
 * those that run here by a rule measured per CPU class ({@link #autoChoice()}).
 */
public enum Backend {
    /**
     * {@link #PACKED_AVX2} on CPUs with AVX2 but not AVX-512 (or with oneDNN capped below AVX-512 by
     * {@code ONEDNN_MAX_CPU_ISA}), {@link #ONEDNN} on others where {@code ffmblas-onednn} is present and loads, else
     * {@link #OPENBLAS}: the fastest on every default shape measured on each CPU class.
     */
    AUTO,
    /** OpenBLAS through the checked {@code Blas} facade: {@link Gemm#NATIVE}. */
    OPENBLAS,
    /**
     * oneDNN's matmul ({@code ffmblas-onednn}): the projections with the weights reordered once, at the first
     * forward of each shape, and the heads' products as batched matmuls; OpenBLAS where oneDNN cannot take one.
     */
    ONEDNN,
    /**
     * The projections and the heads' products on ffmblas's own AVX2/FMA kernel, the weights packed once and each
     * head's K and V once per forward ({@link PackedGemm}; built into {@code ffmblas-native} where a C compiler was;
     * CPUs with AVX2 and FMA); the products it does not take (the heads under an additive mask, for instance) on
     * oneDNN where {@code ffmblas-onednn} is present and loads, else on OpenBLAS.
     */
    PACKED_AVX2;

    /** What {@link #AUTO} takes on this machine, and the measured rule that makes it so, for logs and tools. */
    public static String autoChoice() {
        return Backends.auto().describe();
    }
}
