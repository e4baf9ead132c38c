package io.github.ffmblas.attention;

import io.github.ffmblas.bindings.Transpose;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/** Runs every product on OpenBLAS and records what it was handed: the "counting facade" of the no-copy tests. */
final class RecordingGemm implements Gemm {

    record Call(Transpose transB, int m, int n, int k, float alpha, long aAddress, long aOffset, int lda,
                long bAddress, long bOffset, int ldb, float beta, long cAddress, long cOffset, int ldc) {
        /** Byte address of A's first element, and so on. */
        long aStart() {
            return aAddress + aOffset * Float.BYTES;
        }

        long bStart() {
            return bAddress + bOffset * Float.BYTES;
        }

        long cStart() {
            return cAddress + cOffset * Float.BYTES;
        }
    }

    final List<Call> calls = new ArrayList<>();

    @Override
    public void multiply(Transpose transB, int m, int n, int k, float alpha, MemorySegment a, long aOffset, int lda,
                         MemorySegment b, long bOffset, int ldb, float beta, MemorySegment c, long cOffset, int ldc) {
        calls.add(new Call(transB, m, n, k, alpha, a.address(), aOffset, lda, b.address(), bOffset, ldb, beta,
                c.address(), cOffset, ldc));
        Gemm.NATIVE.multiply(transB, m, n, k, alpha, a, aOffset, lda, b, bOffset, ldb, beta, c, cOffset, ldc);
    }
}
