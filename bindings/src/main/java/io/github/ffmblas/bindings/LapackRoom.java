package io.github.ffmblas.bindings;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Native room, one per thread, for what LAPACK takes by pointer besides the arrays: its ints (sizes, leading
 * dimensions, {@code lwork}), its letters (flags), {@code INFO}, and a workspace query's one-element answers. Each
 * slot is a segment made once, so a call passes it (or its address) without allocating; the memory is freed with
 * its thread.
 */
final class LapackRoom {
    private static final int INTS = 16;
    private static final int LETTERS = 4;
    private static final ThreadLocal<LapackRoom> CURRENT = ThreadLocal.withInitial(LapackRoom::new);

    private static final int REALS = 4;

    private final MemorySegment[] ints = new MemorySegment[INTS];
    private final MemorySegment[] reals = new MemorySegment[REALS];
    private final MemorySegment[] letters = new MemorySegment[LETTERS];
    /** INFO. */
    final MemorySegment info;
    /** A workspace query's WORK (one complex double fits), RWORK and IWORK. */
    final MemorySegment work;
    final MemorySegment rwork;
    final MemorySegment iwork;

    private LapackRoom() {
        // WORK at 0 (aligned for a complex double), the reals, RWORK, the ints, INFO, IWORK and the letters
        long realsAt = 16;
        long intsAt = realsAt + 8L * REALS + 8;
        long infoAt = intsAt + 4L * INTS;
        MemorySegment room = Arena.ofAuto().allocate(infoAt + 4 + 4 + LETTERS, 16);
        work = room.asSlice(0, 16);
        for (int i = 0; i < REALS; i++) {
            reals[i] = room.asSlice(realsAt + 8L * i, 8);
        }
        rwork = room.asSlice(realsAt + 8L * REALS, 8);
        for (int i = 0; i < INTS; i++) {
            ints[i] = room.asSlice(intsAt + 4L * i, 4);
        }
        info = room.asSlice(infoAt, 4);
        iwork = room.asSlice(infoAt + 4, 4);
        for (int i = 0; i < LETTERS; i++) {
            letters[i] = room.asSlice(infoAt + 8 + i, 1);
        }
    }

    /** The checked copy of the last pivot array, grown as needed (see {@link #pivots}). */
    private MemorySegment pivots = MemorySegment.NULL;

    /**
     * LAPACK's pivot indices as a routine will read them: checked to be row numbers, 1 to {@code rows}, and copied
     * here, where no other thread can change them between the check and the call. A pivot out of range would have
     * LAPACK swap rows outside the matrix (?getrs on garbage pivots crashed the JVM in ?laswp).
     */
    MemorySegment pivots(String routine, String name, MemorySegment ipiv, long offset, int count, int rows) {
        if (pivots.byteSize() < 4L * count) {
            pivots = Arena.ofAuto().allocate(4L * Math.max(count, 64), 4);
        }
        MemorySegment copy = pivots;
        MemorySegment.copy(ipiv, ValueLayout.JAVA_INT, 4 * offset, copy, ValueLayout.JAVA_INT, 0, count);
        for (int i = 0; i < count; i++) {
            int p = copy.getAtIndex(ValueLayout.JAVA_INT, i);
            if (p < 1 || p > rows) {
                throw new IllegalArgumentException(routine + ": " + name + "[" + i + "]=" + p + " is no row of the "
                        + rows + "-row matrix (pivots are 1-based row numbers, as ?getrf writes them)");
            }
        }
        return copy;
    }

    static LapackRoom get() {
        return CURRENT.get();
    }

    /** Int slot i holding value. */
    MemorySegment integer(int i, int value) {
        MemorySegment slot = ints[i];
        slot.set(ValueLayout.JAVA_INT, 0, value);
        return slot;
    }

    /** The value LAPACK left in int slot i (an output such as ?syevr's M). */
    int integerValue(int i) {
        return ints[i].get(ValueLayout.JAVA_INT, 0);
    }

    /** Real slot i holding a double. */
    MemorySegment real(int i, double value) {
        MemorySegment slot = reals[i];
        slot.set(ValueLayout.JAVA_DOUBLE, 0, value);
        return slot;
    }

    /** Real slot i holding a float. */
    MemorySegment real(int i, float value) {
        MemorySegment slot = reals[i];
        slot.set(ValueLayout.JAVA_FLOAT, 0, value);
        return slot;
    }

    /** Letter slot i holding letter. */
    MemorySegment letter(int i, byte letter) {
        MemorySegment slot = letters[i];
        slot.set(ValueLayout.JAVA_BYTE, 0, letter);
        return slot;
    }

    /** INFO, cleared before a call (LAPACK sets it; 0 stands for a routine that returned before it). */
    MemorySegment info() {
        info.set(ValueLayout.JAVA_INT, 0, 0);
        return info;
    }

    int infoValue() {
        return info.get(ValueLayout.JAVA_INT, 0);
    }
}
