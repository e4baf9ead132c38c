package io.github.ffmblas.bindings;

import java.lang.foreign.MemorySegment;

/**
 * Argument checks shared by the {@link Blas} routines. Every message names the routine and the parameter.
 * Arithmetic on extents is exact ({@code long}, overflow detected), so no argument can wrap around into range.
 */
final class Checks {
    private Checks() {}

    static void nonNegative(String routine, String parameter, long value) {
        if (value < 0) {
            throw new IllegalArgumentException(routine + ": " + parameter + "=" + value + " must be >= 0");
        }
    }

    /** CBLAS passes strides and counts as C {@code int}. */
    static int fitsInt(String routine, String parameter, long value) {
        if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(routine + ": " + parameter + "=" + value
                    + " does not fit in a 32-bit blasint");
        }
        return (int) value;
    }

    static void increment(String routine, String parameter, int inc) {
        if (inc == 0) {
            throw new IllegalArgumentException(routine + ": " + parameter + "=0; it must be non-zero");
        }
    }

    static <T> T notNull(String routine, String parameter, T value) {
        if (value == null) {
            throw new NullPointerException(routine + ": " + parameter + " is null");
        }
        return value;
    }

    /**
     * A matrix stored {@code rows x cols} in {@code layout} needs a leading dimension of at least
     * max(1, cols) (row-major) or max(1, rows) (column-major).
     */
    static void leadingDimension(String routine, String parameter, int ld, Layout layout, int rows, int cols,
                                 String what) {
        int minimum = Math.max(1, layout == Layout.ROW_MAJOR ? cols : rows);
        if (ld < minimum) {
            throw new IllegalArgumentException(routine + ": " + parameter + "=" + ld + " must be >= " + minimum
                    + " (" + what + " is stored " + rows + "x" + cols + ", " + describe(layout) + ")");
        }
    }

    private static String describe(Layout layout) {
        return layout == Layout.ROW_MAJOR ? "row-major" : "column-major";
    }

    /**
     * The segment may be handed to native code: alive, usable from this thread, off-heap. Checked for every
     * segment passed, even one nothing will be read from, because the downcall itself would touch it.
     */
    static void usable(String routine, String parameter, MemorySegment segment) {
        live(routine, parameter, segment);
        if (!segment.isNative()) {
            throw new IllegalArgumentException(routine + ": " + parameter
                    + " is a heap segment; BLAS reads native memory only, so allocate it from an Arena");
        }
    }

    /** The segment is non-null, alive and accessible from this thread; returns it. */
    static MemorySegment live(String routine, String parameter, MemorySegment segment) {
        notNull(routine, parameter, segment);
        if (!segment.scope().isAlive()) {
            throw new IllegalStateException(routine + ": " + parameter
                    + " belongs to an arena that is already closed");
        }
        if (!segment.isAccessibleBy(Thread.currentThread())) {
            throw new WrongThreadException(routine + ": " + parameter + " is confined to another thread than "
                    + Thread.currentThread().getName()
                    + "; use it from its owner thread or allocate it from a shared arena");
        }
        return segment;
    }

    /**
     * Checks an operand and returns the byte address one past the last float it touches (its start address when
     * it touches nothing): {@code runs} runs of {@code runLength} floats, {@code ld} apart, in {@code count}
     * items {@code stride} apart, from float {@code offset} of {@code segment}. The operand must lie inside the
     * segment and start float-aligned. Returns a primitive so the common call allocates nothing.
     */
    static long extent(String routine, String parameter, MemorySegment segment, long offset,
                       long runs, long runLength, long ld, long count, long stride) {
        usable(routine, parameter, segment);
        if (offset < 0) { // message built only on failure: this runs on every call
            throw new IllegalArgumentException(routine + ": offset of " + parameter + "=" + offset + " must be >= 0");
        }
        if (runs == 0 || runLength == 0 || count == 0) {
            return segment.address();
        }
        long last;
        long endByte;
        try {
            long itemSpan = Math.addExact(Math.multiplyExact(runs - 1, ld), runLength);
            last = Math.addExact(offset, Math.addExact(Math.multiplyExact(count - 1, stride), itemSpan - 1));
            endByte = Math.multiplyExact(Math.addExact(last, 1), (long) Float.BYTES);
        } catch (ArithmeticException overflow) {
            throw new IllegalArgumentException(routine + ": " + parameter + " extends past 2^63 bytes (offset "
                    + offset + ", ld " + ld + ", stride " + stride + ", count " + count + ")");
        }
        if (endByte > segment.byteSize()) {
            long available = segment.byteSize() / Float.BYTES;
            throw new IllegalArgumentException(routine + ": " + parameter + " needs floats up to index " + last
                    + " but its segment holds " + available + " float" + (available == 1 ? "" : "s")
                    + " (offset " + offset + ", leading dimension " + ld
                    + (count > 1 ? ", stride " + stride + ", count " + count : "") + ")");
        }
        long base = segment.address() + offset * Float.BYTES;
        if ((base & (Float.BYTES - 1)) != 0) {
            throw new IllegalArgumentException(routine + ": " + parameter + " starts at address 0x"
                    + Long.toHexString(base) + ", which is not 4-byte aligned for float");
        }
        return segment.address() + endByte;
    }

    /** {@link #extent} for a matrix stored {@code rows x cols} in {@code layout}. */
    static long matrixExtent(String routine, String parameter, MemorySegment segment, long offset, Layout layout,
                             int rows, int cols, int ld, long count, long stride) {
        boolean rowMajor = layout == Layout.ROW_MAJOR;
        return extent(routine, parameter, segment, offset, rowMajor ? rows : cols, rowMajor ? cols : rows, ld,
                count, stride);
    }

    /** The byte address of float {@code offset} of {@code segment}. */
    static long start(MemorySegment segment, long offset) {
        return segment.address() + offset * Float.BYTES;
    }

    /** Whether byte ranges [aStart, aEnd) and [bStart, bEnd) meet; only then is an exact overlap test needed. */
    static boolean rangesMeet(long aStart, long aEnd, long bStart, long bEnd) {
        return aStart < bEnd && bStart < aEnd;
    }
}
