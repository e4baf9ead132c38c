package io.github.ffmblas.bindings;

/** The paths a batched GEMM can take ({@link Blas#batchRoute}). */
public enum BatchRoute {
    /** {@code cblas_sgemm_batch_strided}. */
    NATIVE,
    /** A loop of {@code cblas_sgemm}: this OpenBLAS has no batch entry point. */
    LOOP_NO_ENTRY_POINT,
    /** A loop of {@code cblas_sgemm}: OpenBLAS 0.3.31's batch crashes for this small a shape. */
    LOOP_AVOIDS_CRASH
}
