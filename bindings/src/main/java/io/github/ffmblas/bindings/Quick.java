package io.github.ffmblas.bindings;

import java.lang.foreign.MemorySegment;

/**
 * The small steps of {@link Blas}'s quick paths. Each generated routine tests every segment's exact class first
 * and passes native segments only to {@link #in}/{@link #out} and heap segments only to {@link #heapIn}/
 * {@link #heapOut}: the type profiles inside these methods, shared by all routines, then hold one class each, and
 * once inlined into a routine the JIT knows the class from that routine's own test. Each is well under the JIT's
 * inlining limits, so no routine's checks run out of line.
 *
 * <p>Every method answers conservatively: -1 (or false) sends the call to the general path ({@link CheckedCalls}),
 * which decides it exactly. So a rule lives only there, and a quick answer can only ever be "plainly valid".
 */
final class Quick {
    /**
     * Quick paths make critical downcalls outside the exit count, which is sound only where a thread in such a call
     * holds off the JVM's exit (HotSpot); elsewhere every call takes the general path.
     */
    static final boolean ON = Call.CRITICAL_HOLDS_EXIT;
    /** The class of every segment {@code Arena.allocate} returns, and of their slices. */
    static final Class<?> NATIVE = Call.NATIVE_SEGMENT;
    /** The classes of {@code MemorySegment.ofArray} over {@code float[]} and {@code double[]} (and their views). */
    static final Class<?> FLOATS = Precision.SINGLE.heapSegment;
    static final Class<?> DOUBLES = Precision.DOUBLE.heapSegment;
    /** The class of {@code MemorySegment.ofArray} over {@code int[]}: LAPACK's pivots and integer work. */
    static final Class<?> INTS = Precision.INT.heapSegment;
    /** A native call whose operands span at most this many bytes is brief (see {@link Call#BRIEF_BYTES}). */
    static final long BRIEF = Call.BRIEF_BYTES;


    private Quick() {}

    /** Elements spanned by n elements |inc| apart, or {@code Long.MAX_VALUE} (never inside a segment) for n <= 0. */
    static long vector(int n, int inc) {
        return n <= 0 ? Long.MAX_VALUE : (n - 1L) * Math.abs((long) inc) + 1;
    }

    /** n adjacent elements, or {@code Long.MAX_VALUE} for n <= 0 (LAPACK's pivots, tau, work arrays). */
    static long count(long n) {
        return n <= 0 ? Long.MAX_VALUE : n;
    }

    /** Elements of a packed triangle of order n. */
    static long packed(int n) {
        return n <= 0 ? Long.MAX_VALUE : (long) n * (n + 1L) / 2;
    }

    /** {@link #span} of a rows x cols matrix in layout. */
    static long general(Layout layout, int rows, int cols, int ld) {
        return layout == Layout.ROW_MAJOR ? span(rows, cols, ld) : span(cols, rows, ld);
    }

    /** {@link #span} of a band matrix: each run (a row or column of the stored band) kl + ku + 1 wide. */
    static long band(Layout layout, int m, int n, int kl, int ku, int ld) {
        return span(layout == Layout.ROW_MAJOR ? m : n, kl + ku + 1L, ld);
    }

    /**
     * (runs - 1) * ld + width, the elements from an operand's first to one past its last, or {@code Long.MAX_VALUE}
     * unless runs and width are positive and ld >= width. All three are below 2^32: no overflow.
     */
    static long span(long runs, long width, long ld) {
        return runs <= 0 || width <= 0 || ld < width ? Long.MAX_VALUE : (runs - 1) * ld + width;
    }

    /**
     * The address of element {@code offset} of a native segment, read by the call: or -1 unless its {@code span}
     * elements from there lie inside it, aligned ({@code mask}). Whether the segment may be passed by address at all
     * is {@link #owned}'s to say, once per scope.
     */
    static long in(MemorySegment s, long offset, long span, int shift, int mask) {
        long size = s.byteSize() >>> shift;
        long first = s.address() + (offset << shift);
        return offset < 0 || span > size - offset || (first & mask) != 0 ? -1 : first;
    }

    /** {@link #in} for an operand the call writes: not read-only either. */
    static long out(MemorySegment s, long offset, long span, int shift, int mask) {
        return s.isReadOnly() ? -1 : in(s, offset, span, shift, mask);
    }

    /**
     * Whether a native segment is alive and freeable by no thread but this one while the call runs: confined to this
     * thread, or global (see {@link Call#byAddress}). Asked once per scope in a call: every operand of one arena
     * shares the answer, and this is the costly part of the checks in compiled code.
     */
    static boolean owned(MemorySegment s) {
        MemorySegment.Scope scope = s.scope();
        return scope == Call.GLOBAL
                || scope.isAlive() && !s.isAccessibleBy(Call.NO_OWNER) && s.isAccessibleBy(Thread.currentThread());
    }

    /**
     * The byte position of element {@code offset} in a heap segment's array (a heap segment's address is that
     * position), or -1 unless its {@code span} elements from there lie inside it, aligned. A heap segment is always
     * alive and accessible from every thread.
     */
    static long heapIn(MemorySegment s, long offset, long span, int shift, int mask) {
        long size = s.byteSize() >>> shift;
        long first = s.address() + (offset << shift);
        return offset < 0 || offset > size || span > size - offset || (first & mask) != 0 ? -1 : first;
    }

    /** {@link #heapIn} for an operand the call writes. */
    static long heapOut(MemorySegment s, long offset, long span, int shift, int mask) {
        return s.isReadOnly() ? -1 : heapIn(s, offset, span, shift, mask);
    }

    /** Whether byte ranges [a, a + aBytes) and [b, b + bBytes) are disjoint. */
    static boolean apart(long a, long aBytes, long b, long bBytes) {
        return a + aBytes <= b || b + bBytes <= a;
    }

    /**
     * {@link #apart} for heap positions: ranges of different arrays never meet. Two arrays at offset 0, the usual
     * case, overlap as positions, so the arrays themselves decide: {@code heapBase()}, inlined here so that its
     * {@code Optional} stays off the heap, names them, except for a read-only view (empty), which
     * {@link Overlap#sameMemory} answers.
     */
    static boolean heapApart(MemorySegment x, long a, long aBytes, MemorySegment y, long b, long bBytes) {
        if (apart(a, aBytes, b, bBytes)) {
            return true;
        }
        Object xArray = x.heapBase().orElse(null);
        Object yArray = y.heapBase().orElse(null);
        return xArray != null && yArray != null ? xArray != yArray : !Overlap.sameMemory(x, y);
    }

    /** A heap operand as the pointer to pass: a slice from element {@code offset} (the segment itself at 0). */
    static MemorySegment at(MemorySegment s, long offset, int shift) {
        return offset == 0 ? s : s.asSlice(offset << shift);
    }
}
