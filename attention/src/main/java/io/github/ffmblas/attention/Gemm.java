package io.github.ffmblas.attention;

import io.github.ffmblas.bindings.Blas;
import io.github.ffmblas.bindings.Layout;
import io.github.ffmblas.bindings.Transpose;
import java.lang.foreign.MemorySegment;

/**
 * The one matrix product attention needs, row-major: C = alpha * A * op(B) + beta * C, where A is
 * {@code m x k}, op(B) is {@code k x n} (B stored {@code n x k} when transposed) and C is {@code m x n}.
 * Operands are (segment, offset in floats, leading dimension): strided views, never copies.
 *
 * <p>{@link #NATIVE} is OpenBLAS through the validating {@link Blas} facade. Other implementations (a
 * pure-Java kernel in the benchmarks, a recording one in tests) slot in without changing the attention code.
 */
@FunctionalInterface
public interface Gemm {

    void multiply(Transpose transB, int m, int n, int k, float alpha,
                  MemorySegment a, long aOffset, int lda,
                  MemorySegment b, long bOffset, int ldb,
                  float beta, MemorySegment c, long cOffset, int ldc);

    /** OpenBLAS {@code cblas_sgemm}, every argument checked by {@link Blas}. */
    Gemm NATIVE = (transB, m, n, k, alpha, a, aOffset, lda, b, bOffset, ldb, beta, c, cOffset, ldc) ->
            Blas.sgemm(Layout.ROW_MAJOR, Transpose.NO_TRANSPOSE, transB, m, n, k, alpha, a, aOffset, lda,
                    b, bOffset, ldb, beta, c, cOffset, ldc);

    /** The same product on views. */
    default void multiply(Transpose transB, float alpha, StridedMatrix a, StridedMatrix b, float beta, StridedMatrix c) {
        int k = a.cols();
        int n = transB == Transpose.TRANSPOSE ? b.rows() : b.cols();
        int bInner = transB == Transpose.TRANSPOSE ? b.cols() : b.rows();
        if (bInner != k || c.rows() != a.rows() || c.cols() != n) {
            throw new IllegalArgumentException("shapes do not chain: A " + a.rows() + "x" + a.cols() + ", B "
                    + b.rows() + "x" + b.cols() + (transB == Transpose.TRANSPOSE ? " (transposed)" : "") + ", C "
                    + c.rows() + "x" + c.cols());
        }
        multiply(transB, a.rows(), n, k, alpha, a.segment(), a.offset(), a.ld(), b.segment(), b.offset(), b.ld(),
                beta, c.segment(), c.offset(), c.ld());
    }
}
