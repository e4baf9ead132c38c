package io.github.ffmblas.netlib.internal;

import java.lang.foreign.MemorySegment;
import java.lang.ref.WeakReference;

/**
 * The caller's arrays as heap segments, reused from call to call: {@link MemorySegment#ofArray} on every call
 * costs 72 bytes of heap per array (measured by NetlibAllocationTest), because the bindings keep a call's
 * segments in per-thread arrays, where the JIT cannot scalar-replace them. Each thread remembers the segments of
 * the last {@value #SIZE} arrays it passed, weakly: a cached segment never keeps its array alive (the segment
 * refers to the array, so a strong cache would hold up to four caller arrays per thread for ever). A collection
 * clears the cache, so a segment is made again once per array after each GC, which amortises to nothing.
 */
public final class HeapSegments {
    private static final int SIZE = 4;
    private static final ThreadLocal<HeapSegments> CURRENT = ThreadLocal.withInitial(HeapSegments::new);

    @SuppressWarnings("unchecked")
    private final WeakReference<MemorySegment>[] cache = new WeakReference[SIZE];
    private int next;

    private HeapSegments() {}

    /** A heap segment over the whole of {@code array}. */
    public static MemorySegment of(double[] array) {
        HeapSegments h = CURRENT.get();
        MemorySegment s = h.find(array);
        return s != null ? s : h.remember(MemorySegment.ofArray(array));
    }

    /** A heap segment over the whole of {@code array}. */
    public static MemorySegment of(float[] array) {
        HeapSegments h = CURRENT.get();
        MemorySegment s = h.find(array);
        return s != null ? s : h.remember(MemorySegment.ofArray(array));
    }

    private MemorySegment find(Object array) {
        for (WeakReference<MemorySegment> ref : cache) {
            if (ref != null) {
                MemorySegment s = ref.get();
                if (s != null && s.heapBase().orElse(null) == array) {
                    return s;
                }
            }
        }
        return null;
    }

    private MemorySegment remember(MemorySegment s) {
        cache[next] = new WeakReference<>(s);
        next = (next + 1) % SIZE;
        return s;
    }
}
