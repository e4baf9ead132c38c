package io.github.ffmblas.attention;

import io.github.ffmblas.bindings.Blas;
import io.github.ffmblas.bindings.Layout;
import io.github.ffmblas.bindings.SgemmContract;
import io.github.ffmblas.bindings.Transpose;
import java.lang.foreign.MemorySegment;

/**
 * The one matrix product attention needs, row-major: C = alpha * A * op(B) + beta * C, where A is
 * {@code m x k}, op(B) is {@code k x n} (B stored {@code n x k} when transposed) and C is {@code m x n}.
 * Operands are (segment, offset in floats, leading dimension): strided views, never copies.
 *
 * <p>Operands are valid for the call only: with a workspace of several threads they may be the caller's memory
 * lent to a helper thread (see {@link Workspace#create(int)}), which an implementation must not keep.
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

    /**
     * {@code C = A * op(B) + bias}, the bias ({@code n} floats at {@code biasOffset}) added to every row: a linear
     * layer. Everything is checked first (a bias sharing memory with C is refused). By default the bias is then
     * written into each row of C and the product accumulates onto it with beta = 1 (OpenBLAS would spend that same
     * pass zeroing C for beta = 0); a backend may take the bias as its own argument instead.
     */
    default void multiplyAddBias(Transpose transB, int m, int n, int k, MemorySegment a, long aOffset, int lda,
                                 MemorySegment b, long bOffset, int ldb, MemorySegment bias, long biasOffset,
                                 MemorySegment c, long cOffset, int ldc) {
        SgemmContract.check(Layout.ROW_MAJOR, Transpose.NO_TRANSPOSE, transB, m, n, k, a, aOffset, lda,
                b, bOffset, ldb, c, cOffset, ldc);
        SgemmContract.checkBias(m, n, bias, biasOffset, c, cOffset, ldc);
        long bytes = (long) n * Float.BYTES;
        for (int r = 0; r < m; r++) {
            MemorySegment.copy(bias, biasOffset * Float.BYTES, c, (cOffset + (long) r * ldc) * Float.BYTES, bytes);
        }
        multiply(transB, m, n, k, 1f, a, aOffset, lda, b, bOffset, ldb, 1f, c, cOffset, ldc);
    }

    /**
     * {@code count} products of one shape, item i at {@code offset + i*stride} in each operand (floats): the
     * heads of one batch row. Implementations may run the items in parallel; by default they run one by one.
     */
    default void multiplyBatch(Transpose transB, int m, int n, int k, float alpha,
                               MemorySegment a, long aOffset, int lda, long strideA,
                               MemorySegment b, long bOffset, int ldb, long strideB,
                               float beta, MemorySegment c, long cOffset, int ldc, long strideC, int count) {
        for (int i = 0; i < count; i++) {
            multiply(transB, m, n, k, alpha, a, aOffset + i * strideA, lda, b, bOffset + i * strideB, ldb,
                    beta, c, cOffset + i * strideC, ldc);
        }
    }

    /**
     * Into how many parts per thread a workspace of several threads splits a projection (by output columns, claimed
     * one at a time): 1 for a gemm that packs B on every call, where each more part would pack A again; more for one
     * whose B is packed beforehand, so that a thread slowed by a neighbour on its core claims fewer parts instead of
     * holding up the rest.
     */
    default int partsPerThread() {
        return 1;
    }

    /**
     * OpenBLAS through the checked {@link Blas} facade: {@code cblas_sgemm}, and for batches
     * {@code cblas_sgemm_batch_strided}, which spreads the items over OpenBLAS's threads, each item on one
     * (where the facade deems the batch entry point safe; a loop otherwise).
     */
    Gemm NATIVE = new Gemm() {
        @Override
        public void multiply(Transpose transB, int m, int n, int k, float alpha, MemorySegment a, long aOffset, int lda,
                             MemorySegment b, long bOffset, int ldb, float beta, MemorySegment c, long cOffset, int ldc) {
            Blas.sgemm(Layout.ROW_MAJOR, Transpose.NO_TRANSPOSE, transB, m, n, k, alpha, a, aOffset, lda,
                    b, bOffset, ldb, beta, c, cOffset, ldc);
        }

        @Override
        public void multiplyBatch(Transpose transB, int m, int n, int k, float alpha,
                                  MemorySegment a, long aOffset, int lda, long strideA,
                                  MemorySegment b, long bOffset, int ldb, long strideB,
                                  float beta, MemorySegment c, long cOffset, int ldc, long strideC, int count) {
            Blas.sgemmBatchStrided(Layout.ROW_MAJOR, Transpose.NO_TRANSPOSE, transB, m, n, k, alpha,
                    a, aOffset, lda, strideA, b, bOffset, ldb, strideB, beta, c, cOffset, ldc, strideC, count);
        }

        @Override
        public String toString() {
            return "Gemm.NATIVE";
        }
    };
}
