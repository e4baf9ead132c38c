package io.github.ffmblas.bindings;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Native room, one per thread, for the scalars CBLAS takes or returns by pointer: complex alpha and beta, complex
 * dot products. Reused, so such a call allocates no native memory; freed with its thread.
 */
final class Scalars {
    /** Three complex doubles: alpha at 0, beta at 16, a result at 32. */
    private static final ThreadLocal<MemorySegment> ROOM =
            ThreadLocal.withInitial(() -> Arena.ofAuto().allocate(48, 16));

    private Scalars() {}

    static MemorySegment room() {
        return ROOM.get();
    }

    static MemorySegment alpha(MemorySegment room, ComplexFloat alpha) {
        return put(room, 0, alpha);
    }

    static MemorySegment beta(MemorySegment room, ComplexFloat beta) {
        return put(room, 16, beta);
    }

    static MemorySegment alpha(MemorySegment room, ComplexDouble alpha) {
        return put(room, 0, alpha);
    }

    static MemorySegment beta(MemorySegment room, ComplexDouble beta) {
        return put(room, 16, beta);
    }

    static MemorySegment result(MemorySegment room) {
        return room.asSlice(32, 16);
    }

    static ComplexFloat complexFloat(MemorySegment result) {
        return new ComplexFloat(result.get(ValueLayout.JAVA_FLOAT, 0), result.get(ValueLayout.JAVA_FLOAT, 4));
    }

    static ComplexDouble complexDouble(MemorySegment result) {
        return new ComplexDouble(result.get(ValueLayout.JAVA_DOUBLE, 0), result.get(ValueLayout.JAVA_DOUBLE, 8));
    }

    private static MemorySegment put(MemorySegment room, long at, ComplexFloat z) {
        room.set(ValueLayout.JAVA_FLOAT, at, z.re());
        room.set(ValueLayout.JAVA_FLOAT, at + 4, z.im());
        return room.asSlice(at, 8);
    }

    private static MemorySegment put(MemorySegment room, long at, ComplexDouble z) {
        room.set(ValueLayout.JAVA_DOUBLE, at, z.re());
        room.set(ValueLayout.JAVA_DOUBLE, at + 8, z.im());
        return room.asSlice(at, 16);
    }
}
