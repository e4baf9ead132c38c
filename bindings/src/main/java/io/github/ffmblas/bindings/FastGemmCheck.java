package io.github.ffmblas.bindings;

import java.lang.foreign.MemorySegment;

/**
 * A quick accept test for one GEMM, run before {@link Blas}'s full checks. The full checks decide every call and
 * name what is wrong, but cost as much as a tiny product (docs/performance.md has the measurements).
 * This accepts only what it can prove valid with a few comparisons: every dimension positive, each operand inside
 * a live, native, float-aligned segment this thread may use (C also writable), with a leading dimension that covers
 * its rows, and C's bytes clear of A's and B's. Anything else, valid or not, returns false and gets the full
 * checks, so no rule lives only here. It must never accept a call the full checks reject ({@code FastGemmCheckTest}).
 */
final class FastGemmCheck {
    private FastGemmCheck() {}

    static boolean accepts(Layout layout, Transpose transA, Transpose transB, int m, int n, int k,
                           MemorySegment a, long aOffset, int lda, MemorySegment b, long bOffset, int ldb,
                           MemorySegment c, long cOffset, int ldc) {
        if (layout == null || transA == null || transB == null || m <= 0 || n <= 0 || k <= 0) {
            return false;
        }
        // Each operand as stored: runs (rows when row-major, columns otherwise) of runLength floats, ld apart.
        boolean rowMajor = layout == Layout.ROW_MAJOR;
        boolean aByM = rowMajor != transA.transposed();
        boolean bByK = rowMajor != transB.transposed();
        long aEnd = end(a, aOffset, aByM ? m : k, aByM ? k : m, lda);
        long bEnd = end(b, bOffset, bByK ? k : n, bByK ? n : k, ldb);
        long cEnd = end(c, cOffset, rowMajor ? m : n, rowMajor ? n : m, ldc);
        if (aEnd < 0 || bEnd < 0 || cEnd < 0 || c.isReadOnly()) {
            return false;
        }
        long cStart = Checks.start(c, cOffset);
        return !Checks.rangesMeet(cStart, cEnd, Checks.start(a, aOffset), aEnd)
                && !Checks.rangesMeet(cStart, cEnd, Checks.start(b, bOffset), bEnd);
    }

    /**
     * The byte address one past the operand's last float, or -1 when it is not plainly valid. With runs, runLength
     * and ld positive ints, the span stays below 2^62 floats, and offset is at most the segment's length, so no sum
     * here can overflow.
     */
    private static long end(MemorySegment s, long offset, int runs, int runLength, int ld) {
        if (s == null || ld < runLength || !s.isNative() || !s.scope().isAlive()
                || !s.isAccessibleBy(Thread.currentThread()) || (s.address() & (Float.BYTES - 1)) != 0) {
            return -1;
        }
        long floats = s.byteSize() / Float.BYTES;
        long span = (runs - 1L) * ld + runLength;
        if (offset < 0 || offset > floats || span > floats - offset) {
            return -1;
        }
        return Checks.start(s, offset + span);
    }
}
