package io.github.ffmblas.bindings;

import java.lang.foreign.MemorySegment;

/**
 * The checks {@link Blas#sgemm} makes before it calls native code, on their own: for other implementations of the
 * same product (a pure-Java GEMM) that promise the facade's contract, with its exceptions and messages. Using this
 * class does not load OpenBLAS.
 */
public final class SgemmContract {
    private SgemmContract() {}

    /**
     * Throws what {@link Blas#sgemm} would throw for these arguments before running, and returns when it would run
     * (or return at once, for an empty product): flags non-null, sizes {@code >= 0}, leading dimensions, each
     * operand inside its segment, C writable and sharing no element with A or B, segments alive and accessible
     * from this thread, heap segments over {@code float[]}.
     */
    public static void check(Layout layout, Transpose transA, Transpose transB, int m, int n, int k,
                             MemorySegment a, long aOffset, int lda,
                             MemorySegment b, long bOffset, int ldb,
                             MemorySegment c, long cOffset, int ldc) {
        gemm("sgemm", layout, transA, transB, m, n, k, a, aOffset, lda, 0, b, bOffset, ldb, 0, c, cOffset, ldc, 0, 1);
    }

    /**
     * Throws what {@link Blas#sgemmBatchStrided} would throw for these arguments before running: {@link #check}'s
     * checks for each of the {@code count} items at {@code offset + i * stride}, strides {@code >= 0}, and no item
     * of C sharing an element with another item or with any item of A or B.
     */
    public static void checkBatch(Layout layout, Transpose transA, Transpose transB, int m, int n, int k,
                                  MemorySegment a, long aOffset, int lda, long strideA,
                                  MemorySegment b, long bOffset, int ldb, long strideB,
                                  MemorySegment c, long cOffset, int ldc, long strideC, int count) {
        gemm("sgemmBatchStrided", layout, transA, transB, m, n, k, a, aOffset, lda, strideA, b, bOffset, ldb, strideB,
                c, cOffset, ldc, strideC, count);
    }

    /** The facade's checks for {@code routine}: the generic ones with an operand on the heap, the quick ones else. */
    private static void gemm(String routine, Layout layout, Transpose transA, Transpose transB, int m, int n, int k,
                             MemorySegment a, long aOffset, int lda, long strideA,
                             MemorySegment b, long bOffset, int ldb, long strideB,
                             MemorySegment c, long cOffset, int ldc, long strideC, int count) {
        if (GemmChecks.onHeap(a, b, c)) {
            GemmChecks.heap(routine, layout, transA, transB, m, n, k, a, aOffset, lda, strideA, b, bOffset, ldb,
                    strideB, c, cOffset, ldc, strideC, count).validate();
        } else {
            GemmChecks.check(routine, layout, transA, transB, m, n, k, a, aOffset, lda, strideA, b, bOffset, ldb,
                    strideB, c, cOffset, ldc, strideC, count);
        }
    }

    /**
     * The bias of a linear layer's product, {@code C = A op(B) + bias} ({@code m x n} C, {@code n} floats of bias
     * added to every row): non-null, alive and usable from this thread, inside its segment, and sharing no byte with
     * the elements of C (which are written before or while the bias is read). Call after {@link #check}.
     */
    public static void checkBias(int m, int n, MemorySegment bias, long biasOffset, MemorySegment c, long cOffset,
                                 int ldc) {
        String routine = "sgemm";
        Checks.live(routine, "bias", bias);
        if (biasOffset < 0 || biasOffset > (bias.byteSize() / Float.BYTES) - n) {
            throw new IndexOutOfBoundsException(routine + ": bias needs " + n + " floats from offset " + biasOffset
                    + ", its segment holds " + bias.byteSize() / Float.BYTES);
        }
        if (m == 0 || n == 0 || !Overlap.sameMemory(bias, c)) {
            return;
        }
        long from = bias.address() + biasOffset * Float.BYTES;
        long to = from + (long) n * Float.BYTES;
        long rowBytes = (long) ldc * Float.BYTES;
        long cStart = c.address() + cOffset * Float.BYTES;
        // The bias spans n floats, one row's width, so it can reach at most the rows around the one it starts in.
        long near = Math.clamp(Math.floorDiv(from - cStart, rowBytes), 0, m - 1);
        for (long r = Math.max(0, near - 1); r <= Math.min(m - 1, near + 1); r++) {
            long rowFrom = cStart + r * rowBytes;
            if (Checks.rangesMeet(from, to, rowFrom, rowFrom + (long) n * Float.BYTES)) {
                throw new IllegalArgumentException(routine + ": bias shares memory with C (row " + r
                        + "); the output may not overlap an input");
            }
        }
    }

    /**
     * Whether no thread but the caller can free {@code s} while it runs: memory of the global scope, or confined
     * to a thread (to the caller, once {@link #check} has passed). The facade passes such memory to native code by
     * address; a backend that keeps an address beyond a downcall may read it in place.
     */
    public static boolean ownedOrGlobal(MemorySegment s) {
        return Call.ownedOrGlobal(s);
    }
}
