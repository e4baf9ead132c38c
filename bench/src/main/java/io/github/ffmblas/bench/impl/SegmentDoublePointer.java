package io.github.ffmblas.bench.impl;

import java.lang.foreign.MemorySegment;
import org.bytedeco.javacpp.DoublePointer;

/**
 * A JavaCPP {@link DoublePointer} over the memory of a native {@link MemorySegment}, as {@link SegmentFloatPointer}
 * is for floats (see there): the same address, no copy, no deallocator; the segment must outlive the pointer.
 */
public final class SegmentDoublePointer extends DoublePointer {

    public SegmentDoublePointer(MemorySegment segment) {
        super(); // a null DoublePointer: allocates nothing
        if (!segment.isNative()) {
            throw new IllegalArgumentException("a JavaCPP pointer needs native memory, got a heap segment");
        }
        if (segment.address() % Double.BYTES != 0) {
            throw new IllegalArgumentException("segment at 0x" + Long.toHexString(segment.address())
                    + " is not double-aligned");
        }
        address = segment.address();
        capacity = segment.byteSize() / Double.BYTES;
        limit = capacity;
    }
}
