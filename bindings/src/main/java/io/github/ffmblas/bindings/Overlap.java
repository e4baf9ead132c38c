package io.github.ffmblas.bindings;

import java.lang.foreign.MemorySegment;

/**
 * Whether two operands share an element, decided exactly on the elements each touches ({@link Operand}) and
 * without allocating. Byte ranges are compared first; only operands whose ranges meet walk their runs, in one
 * merged pass that jumps over runs lying wholly before the other operand's next run. Within one item the runs
 * of a valid operand ascend (its leading dimension is at least its width), which is what makes the merge exact.
 */
final class Overlap {
    private Overlap() {}

    /** Whether a and b, two operands of one call, share an element. */
    static boolean meet(Operand a, Operand b) {
        if (a.isEmpty() || b.isEmpty() || !sameMemory(a.segment(), b.segment())) {
            return false;
        }
        long aBase = a.segment().address() + a.offset() * a.bytes();
        long bBase = b.segment().address() + b.offset() * b.bytes();
        long aSpan = a.itemSpan() * a.bytes();
        long bSpan = b.itemSpan() * b.bytes();
        long aStep = a.stride() * a.bytes();
        long bStep = b.stride() * b.bytes();
        long aItems = aStep == 0 ? 1 : a.count(); // equal items: one stands for all
        long bItems = bStep == 0 ? 1 : b.count();
        for (long i = 0; i < aItems; i++) {
            long aStart = aBase + i * aStep;
            long aEnd = aStart + aSpan;
            long jFrom = 0;
            long jTo = bItems - 1;
            if (bStep > 0) { // items of b whose byte range meets [aStart, aEnd)
                jFrom = Math.max(0, Math.floorDiv(aStart - bBase - bSpan, bStep) + 1);
                jTo = Math.min(bItems - 1, Math.floorDiv(aEnd - 1 - bBase, bStep));
            }
            for (long j = jFrom; j <= jTo; j++) {
                long bStart = bBase + j * bStep;
                if (aStart < bStart + bSpan && bStart < aEnd && runsMeet(a, aStart, b, bStart)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether two items of a batched operand share an element. Items are translates, so only distances matter. */
    static boolean itemsMeet(Operand o) {
        if (o.isEmpty() || o.count() < 2) {
            return false;
        }
        if (o.stride() == 0) {
            return true;
        }
        if (Footprint.itemsApart(o.runs(), o.width(), o.ld(), o.count(), o.stride())) {
            return false;
        }
        long span = o.itemSpan();
        for (long d = 1; d < o.count() && d * o.stride() < span; d++) {
            if (runsMeet(o, 0, o, d * o.stride() * o.bytes())) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether a and b may share memory: native segments share the address space; heap segments share memory only
     * over the same array. {@code heapBase()} cannot tell: it is empty for a read-only view, which would pass a
     * read-only view of an output's array as apart from it, and its {@code Optional} reaches the heap where the
     * JIT does not inline it (64 bytes a heap sgemm in one JVM in three). {@code equals} (same array, same start)
     * answers without allocating for one segment passed twice, as netlib passes its scratch array; otherwise
     * {@code asOverlappingSlice} compares the arrays themselves and, for different arrays, returns the one empty
     * {@code Optional}.
     */
    static boolean sameMemory(MemorySegment a, MemorySegment b) {
        if (a.isNative() || b.isNative()) {
            return a.isNative() && b.isNative();
        }
        return a.equals(b) || a.asOverlappingSlice(b).isPresent();
    }

    /** One item of a at byte address aBase against one item of b at bBase. */
    static boolean runsMeet(Operand a, long aBase, Operand b, long bBase) {
        int aBytes = a.bytes();
        int bBytes = b.bytes();
        long aRow = a.ld() * aBytes;
        long bRow = b.ld() * bBytes;
        long i = 0;
        long j = 0;
        while (i < a.runs() && j < b.runs()) {
            long aFirst = a.first(i);
            long aLast = a.last(i);
            if (aFirst > aLast) {
                i++;
                continue;
            }
            long bFirst = b.first(j);
            long bLast = b.last(j);
            if (bFirst > bLast) {
                j++;
                continue;
            }
            long aStart = aBase + i * aRow + aFirst * aBytes;
            long aEnd = aBase + i * aRow + (aLast + 1) * aBytes;
            long bStart = bBase + j * bRow + bFirst * bBytes;
            long bEnd = bBase + j * bRow + (bLast + 1) * bBytes;
            if (aEnd <= bStart) {
                // Run r of a ends by aBase + (r + 1) * aRow, so every run before this index ends before bStart.
                i = Math.max(i + 1, Math.floorDiv(bStart - aBase, aRow));
            } else if (bEnd <= aStart) {
                j = Math.max(j + 1, Math.floorDiv(aStart - bBase, bRow));
            } else {
                return true;
            }
        }
        return false;
    }
}
