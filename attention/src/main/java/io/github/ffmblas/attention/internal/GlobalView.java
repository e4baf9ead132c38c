package io.github.ffmblas.attention.internal;

import java.lang.foreign.MemorySegment;

/**
 * The same memory as a plain native segment of the global scope: the bindings pass such a segment by address,
 * where a segment of a shared or automatic arena or a file's mapping goes as a slice that C2 does not always keep
 * off the heap. Sound only where the caller guarantees the memory outlives every use of the view (the owner frees
 * it after the last forward has returned).
 */
public final class GlobalView {
    private GlobalView() {}

    public static MemorySegment of(MemorySegment s) {
        return MemorySegment.ofAddress(s.address()).reinterpret(s.byteSize());
    }
}
