package io.github.ffmblas.bindings;

import java.lang.foreign.MemorySegment;

/**
 * The element type of a BLAS or LAPACK routine, the letter its name starts with (or of its int arrays). Offsets, leading dimensions, increments
 * and strides count elements of this type; a complex element is a (real, imaginary) pair.
 */
enum Precision {
    /** s: float. */
    SINGLE(4, 4, float[].class, "float"),
    /** d: double. */
    DOUBLE(8, 8, double[].class, "double"),
    /** c: two floats. */
    COMPLEX_SINGLE(8, 4, float[].class, "complex float"),
    /** z: two doubles. */
    COMPLEX_DOUBLE(16, 8, double[].class, "complex double"),
    /** A 32-bit int: LAPACK's pivot indices and integer work arrays. */
    INT(4, 4, int[].class, "int");

    /** Bytes per element. */
    final int bytes;
    /** The alignment C requires of an element's address. */
    final int alignment;
    /** The array a heap segment must wrap to be passed to this precision's routines. */
    final Class<?> heapArray;
    /** The class of {@code MemorySegment.ofArray} over {@link #heapArray}, and of its slices. */
    final Class<?> heapSegment;

    /** What one element is called in messages. */
    final String noun;

    Precision(int bytes, int alignment, Class<?> heapArray, String noun) {
        this.noun = noun;
        this.bytes = bytes;
        this.alignment = alignment;
        this.heapArray = heapArray;
        this.heapSegment = (heapArray == float[].class ? MemorySegment.ofArray(new float[0])
                : heapArray == int[].class ? MemorySegment.ofArray(new int[0])
                : MemorySegment.ofArray(new double[0])).getClass();
    }
}
