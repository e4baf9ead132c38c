package io.github.ffmblas.bench.impl;

import java.lang.foreign.MemorySegment;
import org.bytedeco.javacpp.FloatPointer;

/**
 * A JavaCPP {@link FloatPointer} over the memory of a native {@link MemorySegment}: the same address, no copy and
 * no deallocator (the segment's arena owns the memory). JavaCPP's JNI wrappers read {@code address} and
 * {@code position} from the Java object on every call and pass {@code address + position} to C, so the peer
 * reads and writes the very floats the FFM path does.
 *
 * <p>JavaCPP 1.5.13 offers no public constructor from a raw address; its {@code address}, {@code limit} and
 * {@code capacity} fields are protected, for subclasses like this one. The segment must stay alive while the
 * pointer is used: nothing here keeps its arena open.
 */
public final class SegmentFloatPointer extends FloatPointer {

    public SegmentFloatPointer(MemorySegment segment) {
        super(); // a null FloatPointer: allocates nothing
        if (!segment.isNative()) {
            throw new IllegalArgumentException("a JavaCPP pointer needs native memory, got a heap segment");
        }
        if (segment.address() % Float.BYTES != 0) {
            throw new IllegalArgumentException("segment at 0x" + Long.toHexString(segment.address())
                    + " is not float-aligned");
        }
        address = segment.address();
        capacity = segment.byteSize() / Float.BYTES;
        limit = capacity;
    }
}
