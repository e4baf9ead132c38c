package io.github.ffmblas.bindings;

import java.lang.foreign.MemorySegment;

/**
 * The checks of one BLAS call, derived from its operands' shapes ({@link Operand}), made before any native code
 * runs. Each failure names the routine and the parameter:
 * <ul>
 *   <li>every segment non-null, alive ({@link IllegalStateException}), accessible from this thread
 *       ({@link WrongThreadException}), and native or a heap segment over the precision's own array type
 *       ({@code float[]} for s and c, {@code double[]} for d and z), which is then passed by a critical
 *       downcall that pins the array;</li>
 *   <li>no output read-only (an {@code asReadOnly()} view, a file mapped {@code READ_ONLY});</li>
 *   <li>offsets {@code >= 0}, each leading dimension {@code >= max(1, width)} of its runs, the last element of
 *       each operand's storage inside its segment, in exact {@code long} arithmetic, and each touched operand
 *       starting at an address aligned for its element type;</li>
 *   <li>no output sharing an element with an input or another output, nor one batch item of an output with
 *       another: decided exactly, on the elements each operand touches.</li>
 * </ul>
 * When no output element would be written (or, for a routine without outputs, no input element read), the call
 * is {@link #skip skipped}: the segments are still checked as above, extents and alignment are not.
 */
final class Call {
    final String routine;
    private final Precision precision;
    private final Operand[] operands;
    /** Some operand is a heap segment: the call must be a critical downcall that may access the heap. */
    final boolean heap;
    /** Nothing to compute: return without calling native code. */
    final boolean skip;

    private Call(String routine, Precision precision, Operand[] operands, boolean heap, boolean skip) {
        this.routine = routine;
        this.precision = precision;
        this.operands = operands;
        this.heap = heap;
        this.skip = skip;
    }

    /** Checks the operands (outputs marked by {@link Operand#asOutput()}) and returns the call to make. */
    static Call check(String routine, Precision precision, Operand... operands) {
        boolean heap = false;
        boolean hasOutput = false;
        boolean allEmpty = true;
        for (Operand o : operands) {
            heap |= usable(routine, precision, o);
            hasOutput |= o.output();
        }
        for (Operand o : operands) {
            if ((o.output() || !hasOutput) && !o.isEmpty()) {
                allEmpty = false;
            }
        }
        for (Operand o : operands) {
            Checks.nonNegative(routine, "offset of " + o.name(), o.offset());
            if (o.ld() < Math.max(1, o.width())) {
                throw new IllegalArgumentException(routine + ": ld" + o.name().toLowerCase() + "=" + o.ld()
                        + " must be >= " + Math.max(1, o.width()) + " (" + o.name() + " stores " + o.width()
                        + " elements per " + (o.runs() > 0 ? "row or column" : "run") + ")");
            }
        }
        if (allEmpty) {
            return new Call(routine, precision, operands, heap, true);
        }
        for (Operand o : operands) {
            if (!o.isEmpty()) {
                extent(routine, precision, o);
            }
        }
        for (int i = 0; i < operands.length; i++) {
            Operand out = operands[i];
            if (!out.output() || out.isEmpty()) {
                continue;
            }
            if (out.count() > 1 && Overlap.itemsMeet(out, precision.bytes)) {
                throw new IllegalArgumentException(routine + ": the " + out.count() + " items of " + out.name()
                        + " overlap one another (stride " + out.stride() + ");"
                        + " each batch item needs memory of its own");
            }
            for (int j = 0; j < operands.length; j++) {
                Operand other = operands[j];
                if (j == i || other.isEmpty() || (other.output() && j < i)) {
                    continue;
                }
                if (Overlap.meet(out, other, precision.bytes)) {
                    throw new IllegalArgumentException(routine + ": " + (other.output()
                            ? "outputs " + out.name() + " and " + other.name() + " overlap"
                            : "output " + out.name() + " overlaps input " + other.name())
                            + "; BLAS results are undefined when they share memory");
                }
            }
        }
        return new Call(routine, precision, operands, heap, false);
    }

    /** Checks what every segment passed must be, touched or not; returns whether it is a heap segment. */
    private static boolean usable(String routine, Precision precision, Operand o) {
        MemorySegment s = Checks.live(routine, o.name(), o.segment());
        if (o.output() && s.isReadOnly()) {
            throw new IllegalArgumentException(routine + ": output " + o.name() + " is a read-only segment"
                    + (s.isMapped() ? " (a file mapped read-only)" : "") + "; BLAS would write into it");
        }
        if (s.isNative()) {
            return false;
        }
        Object array = s.heapBase().orElse(null);
        if (array == null || array.getClass() != precision.heapArray) {
            throw new IllegalArgumentException(routine + ": " + o.name() + " is a heap segment over "
                    + (array == null ? "nothing" : array.getClass().getSimpleName()) + "; " + routine.charAt(0)
                    + " routines take native memory or a segment over a " + precision.heapArray.getSimpleName());
        }
        return true;
    }

    /** The last element of the operand's storage inside its segment, its start aligned. */
    private static void extent(String routine, Precision precision, Operand o) {
        long last;
        long endByte;
        try {
            long span = Math.addExact(Math.multiplyExact(o.runs() - 1, o.ld()), o.width());
            last = Math.addExact(o.offset(), Math.addExact(Math.multiplyExact(o.count() - 1, o.stride()), span - 1));
            endByte = Math.multiplyExact(Math.addExact(last, 1), (long) precision.bytes);
        } catch (ArithmeticException overflow) {
            throw new IllegalArgumentException(routine + ": " + o.name() + " extends past 2^63 bytes (offset "
                    + o.offset() + ", leading dimension or increment " + o.ld() + ")");
        }
        MemorySegment s = o.segment();
        if (endByte > s.byteSize()) {
            long available = s.byteSize() / precision.bytes;
            throw new IllegalArgumentException(routine + ": " + o.name() + " needs " + precision.noun
                    + "s up to index " + last + " but its segment holds " + available + " " + precision.noun
                    + (available == 1 ? "" : "s")
                    + " (offset " + o.offset() + ", leading dimension or increment " + o.ld()
                    + (o.count() > 1 ? ", stride " + o.stride() + ", count " + o.count() : "") + ")");
        }
        long start = s.address() + o.offset() * precision.bytes;
        if (s.isNative() && (start & (precision.alignment - 1)) != 0) {
            throw new IllegalArgumentException(routine + ": " + o.name() + " starts at address 0x"
                    + Long.toHexString(start) + ", which is not " + precision.alignment + "-byte aligned");
        }
    }

    /** Operand i as the pointer to pass: a slice from its first element (the segment itself when untouched). */
    MemorySegment at(int i) {
        Operand o = operands[i];
        return o.isEmpty() ? o.segment() : o.segment().asSlice(o.offset() * precision.bytes);
    }

    /** Enters the exit gate (see {@link ExitGate}); pass the result to {@link ExitGate#leave}. */
    int enter() {
        return ExitGate.enter(routine);
    }

    /** What a failed downcall throws: a closed arena as {@link IllegalStateException}, the rest as it is. */
    RuntimeException failed(Throwable e) {
        return Downcall.failed(routine, e);
    }
}
