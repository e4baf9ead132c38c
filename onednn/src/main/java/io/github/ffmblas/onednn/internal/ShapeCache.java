package io.github.ffmblas.onednn.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One thread's primitives by shape key, the most recent first, at most {@value #CAPACITY} (the oldest beyond that
 * destroyed), and the keys oneDNN has no primitive for, so it is not asked again. The caller refills one key array
 * per call and looks it up: nothing is allocated on a hit.
 */
final class ShapeCache<T extends ShapeCache.Primitive> {
    /** What the cache destroys when it evicts or is destroyed. */
    interface Primitive {
        void destroy();
    }

    private static final int CAPACITY = 64;

    private final List<long[]> keys = new ArrayList<>();
    private final List<T> primitives = new ArrayList<>();
    private final List<long[]> unsupported = new ArrayList<>();

    /** The primitive made for {@code key}, or null. */
    T find(long[] key) {
        for (int i = 0; i < keys.size(); i++) {
            if (Arrays.equals(keys.get(i), key)) {
                return primitives.get(i);
            }
        }
        return null;
    }

    /** Whether oneDNN had no primitive for {@code key}. */
    boolean isUnsupported(long[] key) {
        for (long[] u : unsupported) {
            if (Arrays.equals(u, key)) {
                return true;
            }
        }
        return false;
    }

    /** Remembers what was made for {@code key} (a copy is kept): the primitive, or null for none; returns it. */
    T add(long[] key, T primitive) {
        if (primitive == null) {
            if (unsupported.size() == CAPACITY) { // forgotten: asked of oneDNN again when it comes back
                unsupported.removeLast();
            }
            unsupported.addFirst(key.clone());
            return null;
        }
        if (keys.size() == CAPACITY) {
            keys.removeLast();
            primitives.removeLast().destroy();
        }
        keys.addFirst(key.clone());
        primitives.addFirst(primitive);
        return primitive;
    }

    List<T> primitives() {
        return primitives;
    }

    void destroy() {
        for (T p : primitives) {
            p.destroy();
        }
        keys.clear();
        primitives.clear();
    }
}
