package io.github.ffmblas.netlib.internal;

import java.lang.foreign.MemorySegment;
import java.lang.ref.WeakReference;

/**
 * The caller's arrays as heap segments, reused from call to call: {@link MemorySegment#ofArray} on every call
 * costs 72 bytes of heap per array (measured by NetlibAllocationTest), because the bindings keep a call's
 * segments in per-thread arrays, where the JIT cannot scalar-replace them. Each thread remembers the segments of
 * the last {@value #SIZE} arrays it passed, weakly: a cached segment never keeps its array alive (the segment
 * refers to the array, so a strong cache would hold up to eight caller arrays per thread for ever). A collection
 * clears the cache, so a segment is made again once per array after each GC, which amortises to nothing.
 */
public final class HeapSegments {
    private static final int SIZE = 8; // LAPACK routines pass up to seven arrays (?gesdd, ?geev, ?syevr)
    private static final ThreadLocal<HeapSegments> CURRENT = ThreadLocal.withInitial(HeapSegments::new);

    // Each array beside its segment, weakly too: asking the segment for its array (heapBase) makes an Optional,
    // which reached the heap in one JVM in six (96 bytes a netlib sgemm).
    @SuppressWarnings("unchecked")
    private final WeakReference<Object>[] arrays = new WeakReference[SIZE];
    @SuppressWarnings("unchecked")
    private final WeakReference<MemorySegment>[] segments = new WeakReference[SIZE];
    private int next;

    private HeapSegments() {}

    /** A heap segment over the whole of {@code array}. */
    public static MemorySegment of(double[] array) {
        HeapSegments h = CURRENT.get();
        MemorySegment s = h.find(array);
        return s != null ? s : h.remember(array, MemorySegment.ofArray(array));
    }

    /** A heap segment over the whole of {@code array}. */
    public static MemorySegment of(float[] array) {
        HeapSegments h = CURRENT.get();
        MemorySegment s = h.find(array);
        return s != null ? s : h.remember(array, MemorySegment.ofArray(array));
    }

    /** A heap segment over the whole of {@code array} (LAPACK's pivots and integer work). */
    public static MemorySegment of(int[] array) {
        HeapSegments h = CURRENT.get();
        MemorySegment s = h.find(array);
        return s != null ? s : h.remember(array, MemorySegment.ofArray(array));
    }

    private MemorySegment find(Object array) {
        for (int i = 0; i < SIZE; i++) {
            WeakReference<Object> ref = arrays[i];
            if (ref != null && ref.get() == array) {
                MemorySegment s = segments[i].get();
                if (s != null) {
                    return s;
                }
            }
        }
        return null;
    }

    private MemorySegment remember(Object array, MemorySegment s) {
        arrays[next] = new WeakReference<>(array);
        segments[next] = new WeakReference<>(s);
        next = (next + 1) % SIZE;
        return s;
    }
}
