package io.github.ffmblas.bindings;

/**
 * How {@link Blas#sgemmBatchStrided} uses the loaded library's {@code cblas_sgemm_batch_strided}, decided once when
 * the library loads; {@link Blas#batchRoute} gives the route of one shape.
 */
public enum BatchPolicy {
    /** The native batch for every shape (a library without the small-size crash). */
    NATIVE,
    /**
     * The native batch for M*N*K above {@value Quirks#SMALL_BATCH_CRASH_LIMIT}, a loop of {@code cblas_sgemm} at or
     * below it, where OpenBLAS 0.3.31 built with DYNAMIC_ARCH crashes (fixed upstream by PR #5980).
     */
    NATIVE_ABOVE_CRASH_LIMIT,
    /** A loop of {@code cblas_sgemm}: this library has no batch entry point. */
    LOOP;

    /** One line for {@code ffmblas info} and benchmark reports. */
    public String description() {
        return switch (this) {
            case NATIVE -> "native cblas_sgemm_batch_strided";
            case NATIVE_ABOVE_CRASH_LIMIT -> "native cblas_sgemm_batch_strided for M*N*K > "
                    + String.format("%,d", Quirks.SMALL_BATCH_CRASH_LIMIT)
                    + ", loop of cblas_sgemm below (OpenBLAS 0.3.31 crashes there; fixed upstream by PR #5980)";
            case LOOP -> "loop of cblas_sgemm (this OpenBLAS has no cblas_sgemm_batch_strided)";
        };
    }
}
