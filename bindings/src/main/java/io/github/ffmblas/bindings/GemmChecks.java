package io.github.ffmblas.bindings;

import static io.github.ffmblas.bindings.Checks.fitsInt;
import static io.github.ffmblas.bindings.Checks.leadingDimension;
import static io.github.ffmblas.bindings.Checks.matrixExtent;
import static io.github.ffmblas.bindings.Checks.nonNegative;
import static io.github.ffmblas.bindings.Checks.notNull;
import static io.github.ffmblas.bindings.Checks.rangesMeet;
import static io.github.ffmblas.bindings.Checks.start;

import java.lang.foreign.MemorySegment;

/**
 * The checks of {@link Blas#sgemm} and {@link Blas#sgemmBatchStrided}, which keep a path of their own (they run on
 * every attention forward): allocation-free for native operands, with constant-time answers for heads of one
 * buffer. Heap operands take the generic {@link Call} checks. Nothing here loads OpenBLAS ({@link SgemmContract}).
 */
final class GemmChecks {
    private GemmChecks() {}

    static boolean onHeap(MemorySegment a, MemorySegment b, MemorySegment c) {
        return (a != null && !a.isNative()) || (b != null && !b.isNative()) || (c != null && !c.isNative());
    }

    /** Flags non-null, sizes and count {@code >= 0}, strides {@code >= 0} and within {@code int}. */
    private static void scalars(String routine, Layout layout, Transpose transA, Transpose transB, int m, int n, int k,
                                long strideA, long strideB, long strideC, int count) {
        notNull(routine, "layout", layout);
        notNull(routine, "transA", transA);
        notNull(routine, "transB", transB);
        nonNegative(routine, "m", m);
        nonNegative(routine, "n", n);
        nonNegative(routine, "k", k);
        nonNegative(routine, "count", count);
        nonNegative(routine, "strideA", strideA);
        nonNegative(routine, "strideB", strideB);
        nonNegative(routine, "strideC", strideC);
        fitsInt(routine, "strideA", strideA);
        fitsInt(routine, "strideB", strideB);
        fitsInt(routine, "strideC", strideC);
    }

    /** The generic checks for a GEMM with an operand on the heap, declared; the caller runs {@link Call#check}. */
    static Call heap(String routine, Layout layout, Transpose transA, Transpose transB, int m, int n, int k,
                     MemorySegment a, long aOffset, int lda, long strideA, MemorySegment b, long bOffset, int ldb,
                     long strideB, MemorySegment c, long cOffset, int ldc, long strideC, int count) {
        scalars(routine, layout, transA, transB, m, n, k, strideA, strideB, strideC, count);
        boolean ta = transA.transposed();
        boolean tb = transB.transposed();
        return Call.begin(routine, Precision.SINGLE)
                .generalBatch("A", a, aOffset, layout, ta ? k : m, ta ? m : k, lda, count, strideA)
                .generalBatch("B", b, bOffset, layout, tb ? n : k, tb ? k : n, ldb, count, strideB)
                .generalBatch("C", c, cOffset, layout, m, n, ldc, count, strideC).output();
    }

    /** Every check of a (batched) GEMM; throws before any native code runs. Allocates nothing when all is well. */
    static void check(String routine, Layout layout, Transpose transA, Transpose transB, int m, int n, int k,
                      MemorySegment a, long aOffset, int lda, long strideA,
                      MemorySegment b, long bOffset, int ldb, long strideB,
                      MemorySegment c, long cOffset, int ldc, long strideC, int count) {
        scalars(routine, layout, transA, transB, m, n, k, strideA, strideB, strideC, count);
        int aRows = transA.transposed() ? k : m;
        int aCols = transA.transposed() ? m : k;
        int bRows = transB.transposed() ? n : k;
        int bCols = transB.transposed() ? k : n;
        leadingDimension(routine, "lda", lda, layout, aRows, aCols, "A");
        leadingDimension(routine, "ldb", ldb, layout, bRows, bCols, "B");
        leadingDimension(routine, "ldc", ldc, layout, m, n, "C");
        // Every segment is checked even when nothing will be read from it: the downcall would touch it.
        // With m or n zero no float is read or written, not even of the operand whose own shape is not empty.
        long items = m == 0 || n == 0 ? 0 : count;
        long aEnd = matrixExtent(routine, "A", a, aOffset, layout, aRows, aCols, lda, items, strideA);
        long bEnd = matrixExtent(routine, "B", b, bOffset, layout, bRows, bCols, ldb, items, strideB);
        long cEnd = matrixExtent(routine, "C", c, cOffset, layout, m, n, ldc, items, strideC);
        if (c.isReadOnly()) {
            throw new IllegalArgumentException(routine + ": output C is a read-only segment"
                    + (c.isMapped() ? " (a file mapped read-only)" : "") + "; BLAS would write into it");
        }
        if (items == 0) {
            return;
        }
        boolean rowMajor = layout == Layout.ROW_MAJOR;
        if (!Footprint.itemsApart(rowMajor ? m : n, rowMajor ? n : m, ldc, count, strideC)) {
            if (Overlap.itemsMeet(batch("C", c, cOffset, layout, m, n, ldc, count, strideC))) {
                throw new IllegalArgumentException(routine + ": the " + count + " items of C overlap one another"
                        + " (stride " + strideC + ", leading dimension " + ldc + ");"
                        + " each batch item needs memory of its own");
            }
        }
        inputApart(routine, layout, count, c, cOffset, m, n, ldc, strideC, cEnd, "A", a, aOffset, aRows, aCols, lda,
                strideA, aEnd);
        inputApart(routine, layout, count, c, cOffset, m, n, ldc, strideC, cEnd, "B", b, bOffset, bRows, bCols, ldb,
                strideB, bEnd);
    }

    /**
     * Throws when output C shares a float with input X. Byte ranges that do not meet, and side-by-side column
     * bands of one buffer, are decided without allocating; anything else gets the exact test.
     */
    private static void inputApart(String routine, Layout layout, int count, MemorySegment c, long cOffset, int m,
                                   int n, int ldc, long strideC, long cEnd, String name, MemorySegment x,
                                   long xOffset, int xRows, int xCols, int ldx, long strideX, long xEnd) {
        long cStart = start(c, cOffset);
        long xStart = start(x, xOffset);
        if (rangesMeet(cStart, cEnd, xStart, xEnd)
                && !columnBlocksApart(layout, count, cStart, m, n, ldc, strideC, xStart, xRows, xCols, ldx, strideX)) {
            if (Overlap.meet(batch("C", c, cOffset, layout, m, n, ldc, count, strideC),
                    batch(name, x, xOffset, layout, xRows, xCols, ldx, count, strideX))) {
                throw new IllegalArgumentException(routine + ": output C overlaps input " + name
                        + "; BLAS results are undefined when they share memory");
            }
        }
    }

    /** A batched single-precision operand, for the exact overlap tests of {@link #check}. */
    private static Operand batch(String name, MemorySegment s, long offset, Layout layout, int rows, int cols, int ld,
                                 long count, long stride) {
        boolean rowMajor = layout == Layout.ROW_MAJOR;
        long width = rowMajor ? cols : rows;
        return new Operand(name, s, Precision.SINGLE, offset, false, width == 0 ? 0 : rowMajor ? rows : cols, width,
                ld, count, stride, 0, 0, width - 1, 0, 0, width - 1);
    }

    /**
     * The allocation-free answer for the common case of operands with one leading dimension whose items sit side
     * by side within the rows, such as attention heads in one buffer: true when the column band of C's items and
     * that of X's items share no float. False means "not decided here" (the exact test runs).
     */
    private static boolean columnBlocksApart(Layout layout, long count, long cStart, int cRows, int cCols, int ldc,
                                             long strideC, long xStart, int xRows, int xCols, int ldx, long strideX) {
        if (ldc != ldx || ((xStart - cStart) & (Float.BYTES - 1)) != 0) {
            return false;
        }
        boolean rowMajor = layout == Layout.ROW_MAJOR;
        long cWidth = (count - 1) * strideC + (rowMajor ? cCols : cRows);
        long xWidth = (count - 1) * strideX + (rowMajor ? xCols : xRows);
        if (cWidth > ldc || xWidth > ldc) {
            return false; // items move on to other rows: no single band describes them
        }
        return !Footprint.sameStrideOverlap(cStart, rowMajor ? cRows : cCols, cWidth,
                xStart, rowMajor ? xRows : xCols, xWidth, ldc);
    }
}
