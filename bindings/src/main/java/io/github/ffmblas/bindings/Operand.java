package io.github.ffmblas.bindings;

import java.lang.foreign.MemorySegment;

/**
 * One array operand of a BLAS call, described by its shape, as {@link Call} declares it: {@code count} items
 * {@code stride} elements apart, each item {@code runs} runs {@code ld} elements apart (a vector's elements, a
 * row-major matrix's rows, a column-major matrix's columns). Run i of an item stores {@code width} elements and
 * touches those from {@code max(lo, firstBase + firstStep*i)} to {@code min(hi, lastBase + lastStep*i)}: all of
 * them for a general matrix or a vector, one triangle for a triangular or symmetric matrix, the band for band
 * storage. Every index is in elements of {@code precision} from {@code offset}.
 *
 * <p>The storage the caller must provide is the envelope, {@code (runs - 1) * ld + width} elements per item, as
 * BLAS documents it (an {@code lda x n} array); overlap is decided on the elements actually touched, so a
 * triangle may share its array with whatever lies in the other one.
 *
 * <p>Only the general checks ({@link Call}'s slow path) build these records; the quick path reads the same
 * numbers from the call's own arrays, so that a checked call allocates nothing.
 */
record Operand(String name, MemorySegment segment, Precision precision, long offset, boolean output,
               long runs, long width, long ld, long count, long stride,
               long firstBase, long firstStep, long lastBase, long lastStep, long lo, long hi) {

    /** Whether the call touches no element of this operand. */
    boolean isEmpty() {
        return runs == 0 || width == 0 || count == 0;
    }

    /** First element touched by run i, relative to its run's start. */
    long first(long i) {
        return Math.max(lo, firstBase + firstStep * i);
    }

    /** Last element touched by run i (less than {@link #first} when the run touches none). */
    long last(long i) {
        return Math.min(hi, lastBase + lastStep * i);
    }

    /** Elements from the first of an item to one past the last of its storage. */
    long itemSpan() {
        return (runs - 1) * ld + width;
    }

    /** Bytes per element. */
    int bytes() {
        return precision.bytes;
    }
}
