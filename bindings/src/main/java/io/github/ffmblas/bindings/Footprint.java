package io.github.ffmblas.bindings;

/**
 * Constant-time answers, from primitives, for the two layouts of GEMM operands that the attention engine makes on
 * every call: batch items side by side within each row (heads of one buffer), and column blocks of one buffer
 * with the same leading dimension. Anything they cannot decide goes to the exact test, {@link Overlap}.
 */
final class Footprint {
    private Footprint() {}

    /**
     * The two common layouts of batch items that cannot share a float, decided from primitives: items one after
     * another, or side by side within every run of {@code ld} floats (attention heads of one buffer).
     */
    static boolean itemsApart(long runs, long runLength, long ld, long count, long stride) {
        return count <= 1
                || stride >= (runs - 1) * ld + runLength
                || (stride >= runLength && (count - 1) * stride + runLength <= ld);
    }

    /**
     * Two single matrices with the same leading dimension {@code ld} (in floats), such as column blocks of one
     * buffer (attention heads), decided in constant time and without allocating. Byte addresses must differ by
     * a multiple of 4. In floats from A's start, A covers rows [0, aRuns) x columns [0, aRunLength); B starts at
     * row q, column r (0 <= r < ld) and may run past the end of a row into the next.
     */
    static boolean sameStrideOverlap(long aBase, long aRuns, long aRunLength, long bBase, long bRuns, long bRunLength,
                                     long ld) {
        long delta = (bBase - aBase) / Float.BYTES;
        long q = Math.floorDiv(delta, ld);
        long r = Math.floorMod(delta, ld);
        long firstPart = Math.min(bRunLength, ld - r); // columns [r, r + firstPart) in rows q ..
        long wrapped = bRunLength - firstPart;          // columns [0, wrapped) in rows q + 1 ..
        return (rowsMeet(q, bRuns, aRuns) && r < aRunLength)
                || (wrapped > 0 && rowsMeet(q + 1, bRuns, aRuns) && aRunLength > 0);
    }

    /** Whether rows [start, start + count) meet rows [0, runs). */
    private static boolean rowsMeet(long start, long count, long runs) {
        return start < runs && start + count > 0;
    }
}
