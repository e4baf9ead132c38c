package io.github.ffmblas.attention;

import java.lang.foreign.MemorySegment;

/**
 * The checks {@link PackedGemm}'s head products ({@link io.github.ffmblas.attention.spi.PackedHeads}) make before
 * native code runs, with the facade's exception classes: operands native, alive and inside their segments, panels
 * aligned as the kernel loads them, outputs writable and apart from every input. Extents in floats.
 */
final class PanelChecks {
    /** The kernel loads panels 32 bytes at a time, aligned. */
    private static final int PANEL_ALIGNMENT = 32;

    private PanelChecks() {}

    /** Sizes of a product: each {@code > 0} (an empty product is the caller's to skip). No varargs: no array a call. */
    static void positive(String routine, String names, int a, int b) {
        if (a <= 0 || b <= 0) {
            throw new IllegalArgumentException(routine + ": " + names + " must be > 0, got " + a + " and " + b);
        }
    }

    static void positive(String routine, String names, int a, int b, int c) {
        if (a <= 0 || b <= 0 || c <= 0) {
            throw new IllegalArgumentException(routine + ": " + names + " must be > 0, got " + a + ", " + b
                    + " and " + c);
        }
    }

    /** A {@code rows x cols} matrix at {@code offset}, rows {@code ld} apart; returns its span in floats. */
    static long matrix(String routine, String what, MemorySegment s, long offset, int rows, int cols, int ld) {
        if (ld < cols) {
            throw new IllegalArgumentException(routine + ": the leading dimension of " + what + " must be >= "
                    + cols + ", got " + ld);
        }
        long span = (long) (rows - 1) * ld + cols;
        within(routine, what, s, offset, span);
        return span;
    }

    /** {@code floats} floats at {@code offset}, 32-byte aligned. */
    static void panels(String routine, MemorySegment s, long offset, long floats) {
        within(routine, "the panels", s, offset, floats);
        if ((s.address() + offset * Float.BYTES) % PANEL_ALIGNMENT != 0) {
            throw new IllegalArgumentException(routine + ": the panels must start on a " + PANEL_ALIGNMENT
                    + "-byte boundary, offset " + offset + " does not");
        }
    }

    private static void within(String routine, String what, MemorySegment s, long offset, long floats) {
        if (s == null) {
            throw new NullPointerException(routine + ": " + what + " is null");
        }
        if (!s.isNative()) {
            throw new IllegalArgumentException(routine + ": " + what + " must be native memory, not a heap array");
        }
        if (!s.scope().isAlive()) {
            throw new IllegalStateException(routine + ": " + what + " has been freed");
        }
        long size = s.byteSize() / Float.BYTES;
        if (offset < 0 || offset > size - floats) {
            throw new IndexOutOfBoundsException(routine + ": " + what + " needs " + floats + " floats from offset "
                    + offset + ", its segment holds " + size);
        }
    }

    /** {@code s} may be written: not read-only, not mapped from a file. */
    static void writable(String routine, String what, MemorySegment s) {
        if (s.isReadOnly()) {
            throw new IllegalArgumentException(routine + ": " + what + " is read-only");
        }
        if (s.isMapped()) {
            throw new IllegalArgumentException(routine + ": " + what + " is mapped from a file; write into memory"
                    + " of your own");
        }
    }

    /** The output's span ({@code floats} from {@code offset}) shares no byte with the input's. */
    static void apart(String routine, String output, MemorySegment o, long oOffset, long oFloats, String input,
                      MemorySegment i, long iOffset, long iFloats) {
        long oFrom = o.address() + oOffset * Float.BYTES;
        long iFrom = i.address() + iOffset * Float.BYTES;
        if (oFrom < iFrom + iFloats * Float.BYTES && iFrom < oFrom + oFloats * Float.BYTES) {
            throw new IllegalArgumentException(routine + ": " + output + " shares memory with " + input
                    + "; the output may not overlap an input");
        }
    }
}
