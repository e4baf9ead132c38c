package io.github.ffmblas.bindings;

import java.util.Arrays;

/**
 * The floats one operand of a BLAS call touches: {@code count} items {@code stride} floats apart, each made of
 * {@code runs} runs of {@code runLength} adjacent floats, {@code ld} floats apart (rows of a row-major matrix,
 * columns of a column-major one). {@code base} is the byte address of the first float; all arithmetic that
 * could overflow has been done exactly by {@link Checks} before one is built. Built only when byte ranges meet,
 * so the common call allocates none.
 */
record Footprint(String name, long base, long runs, long runLength, long ld, long count, long stride) {

    /** A matrix stored {@code rows x cols} in {@code layout}, already checked by {@link Checks#extent}. */
    static Footprint matrix(String name, java.lang.foreign.MemorySegment segment, long offset, Layout layout,
                            int rows, int cols, int ld, long count, long stride) {
        boolean rowMajor = layout == Layout.ROW_MAJOR;
        return new Footprint(name, Checks.start(segment, offset), rowMajor ? rows : cols, rowMajor ? cols : rows,
                ld, count, stride);
    }

    /** A vector of {@code n} floats {@code |inc|} apart, already checked by {@link Checks#extent}. */
    static Footprint vector(String name, java.lang.foreign.MemorySegment segment, long offset, int n, int inc) {
        return new Footprint(name, Checks.start(segment, offset), n, 1, Math.abs((long) inc), 1, 0);
    }

    /** Above this many runs the exact overlap test would cost more than it is worth; we then refuse. */
    private static final long MAX_EXACT_RUNS = 1L << 20;

    boolean isEmpty() {
        return runs == 0 || runLength == 0 || count == 0;
    }

    /** Floats from the first touched to the last touched, inclusive, of one item. */
    long itemSpan() {
        return (runs - 1) * ld + runLength;
    }

    /** Byte address one past the last float touched. */
    long end() {
        return base + ((count - 1) * stride + itemSpan()) * Float.BYTES;
    }

    /**
     * True when two items of this operand share a float. Batched outputs must not: two items would race.
     * Head views of one buffer (items side by side within each row) are the common interleaved case and are
     * decided without enumerating runs.
     */
    boolean itemsOverlap() {
        if (isEmpty() || count == 1) {
            return false;
        }
        if (itemsApart(runs, runLength, ld, count, stride)) {
            return false;
        }
        if (stride == 0) {
            return true;
        }
        long[] starts = runStarts();
        if (starts == null) {
            return true; // too many runs to decide exactly: refuse rather than risk a race
        }
        for (int i = 1; i < starts.length; i++) {
            if (starts[i] < starts[i - 1] + runLength * Float.BYTES) {
                return true;
            }
        }
        return false;
    }

    /**
     * The two common layouts of batch items that cannot share a float, decided from primitives: items one after
     * another, or side by side within every run of {@code ld} floats (attention heads of one buffer).
     */
    static boolean itemsApart(long runs, long runLength, long ld, long count, long stride) {
        return count <= 1
                || stride >= (runs - 1) * ld + runLength
                || (stride >= runLength && (count - 1) * stride + runLength <= ld);
    }

    /** True when this operand and {@code other} share at least one float (exact, or conservative when huge). */
    boolean overlaps(Footprint other) {
        if (isEmpty() || other.isEmpty()) {
            return false;
        }
        if (end() <= other.base || other.end() <= base) {
            return false;
        }
        if (count == 1 && other.count == 1 && ld == other.ld && ((other.base - base) & (Float.BYTES - 1)) == 0) {
            return sameStrideOverlap(other);
        }
        long[] mine = runStarts();
        long[] theirs = other.runStarts();
        if (mine == null || theirs == null) {
            return true;
        }
        long myLength = runLength * Float.BYTES;
        long theirLength = other.runLength * Float.BYTES;
        int i = 0;
        int j = 0;
        while (i < mine.length && j < theirs.length) {
            if (mine[i] + myLength <= theirs[j]) {
                i++;
            } else if (theirs[j] + theirLength <= mine[i]) {
                j++;
            } else {
                return true;
            }
        }
        return false;
    }

    /** {@link #sameStrideOverlap(long, long, long, long, long, long, long)} for two footprints. */
    private boolean sameStrideOverlap(Footprint other) {
        return sameStrideOverlap(base, runs, runLength, other.base, other.runs, other.runLength, ld);
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

    /** Byte addresses of every run, sorted; null when there are too many to list. */
    private long[] runStarts() {
        long total = runs * count;
        if (total > MAX_EXACT_RUNS) {
            return null;
        }
        long[] starts = new long[(int) total];
        int n = 0;
        for (long item = 0; item < count; item++) {
            long itemBase = base + item * stride * Float.BYTES;
            for (long run = 0; run < runs; run++) {
                starts[n++] = itemBase + run * ld * Float.BYTES;
            }
        }
        Arrays.sort(starts);
        return starts;
    }
}
