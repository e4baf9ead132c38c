package io.github.ffmblas.attention.internal;

import java.lang.foreign.MemorySegment;

/**
 * Slices of weights mapped from a file, one at each part's first row, made once per weights and split and then
 * reused. A slice of a mapping made for each call stayed on the heap on two threads, where the helpers' parts start
 * inside the weights: C2 did not compile {@code MappedMemorySegmentImpl.dup} away (112 to 752 bytes a forward at
 * B=1 L=64 d=128 H=8, JFR). A slice shares its mapping's lifetime, so a call on a closed mapping still fails, and
 * so does FFM's keeping it alive during the call. Other memory needs none of this: it goes by address, or as
 * slices C2 removes.
 */
final class MappedParts {
    /** Enough for a forward's projections: Q, K, V (or QKV, or Q and KV) and the output, round robin. */
    private static final int SLOTS = 8;

    private final MemorySegment[] weights = new MemorySegment[SLOTS];
    private final long[] firstAt = new long[SLOTS];
    private final long[] step = new long[SLOTS];
    private final MemorySegment[][] parts = new MemorySegment[SLOTS][];
    private int next;

    /**
     * {@code count} slices of {@code mapped} at float offsets {@code firstAt + p * step}, remembered by the
     * segment's identity. The caller has checked that every offset lies within {@code mapped}.
     */
    MemorySegment[] of(MemorySegment mapped, long firstAt, long step, int count) {
        for (int i = 0; i < SLOTS; i++) {
            if (weights[i] == mapped && this.firstAt[i] == firstAt && this.step[i] == step
                    && parts[i].length == count) {
                return parts[i];
            }
        }
        MemorySegment[] made = new MemorySegment[count];
        for (int p = 0; p < count; p++) {
            made[p] = mapped.asSlice((firstAt + p * step) * Float.BYTES);
        }
        weights[next] = mapped;
        this.firstAt[next] = firstAt;
        this.step[next] = step;
        parts[next] = made;
        next = (next + 1) % SLOTS;
        return made;
    }
}
