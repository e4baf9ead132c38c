package io.github.ffmblas.bindings;

import java.lang.foreign.MemorySegment;

/**
 * One array operand of a BLAS call, described by its shape: the vocabulary from which {@link Call} derives
 * every check. An operand is {@code count} items {@code stride} elements apart, each item {@code runs} runs
 * {@code ld} elements apart (a vector's elements, a row-major matrix's rows, a column-major matrix's columns).
 * Run i of an item stores {@code width} elements and touches those from {@code max(lo, firstBase + firstStep*i)}
 * to {@code min(hi, lastBase + lastStep*i)}: all of them for a general matrix or a vector, one triangle for a
 * triangular or symmetric matrix, the band for band storage. Every index is in elements from {@code offset}.
 *
 * <p>The storage the caller must provide is the envelope, {@code (runs - 1) * ld + width} elements per item, as
 * BLAS documents it (an {@code lda x n} array); overlap is decided on the elements actually touched, so a
 * triangle may share its array with whatever lies in the other one.
 */
record Operand(String name, MemorySegment segment, long offset, boolean output,
               long runs, long width, long ld, long count, long stride,
               long firstBase, int firstStep, long lastBase, int lastStep, long lo, long hi) {

    /** n elements |inc| apart (a negative increment walks the same elements backwards). */
    static Operand vector(String name, MemorySegment segment, long offset, long n, int inc) {
        return new Operand(name, segment, offset, false, n, 1, Math.abs((long) inc), 1, 0, 0, 0, 0, 0, 0, 0);
    }

    /** A run of n adjacent elements: a packed triangle (n(n+1)/2) or a fixed array such as rotm's parameters. */
    static Operand contiguous(String name, MemorySegment segment, long offset, long n) {
        return new Operand(name, segment, offset, false, n == 0 ? 0 : 1, n, Math.max(n, 1), 1, 0, 0, 0, n - 1, 0,
                0, n - 1);
    }

    /** A packed triangle of order n: n(n+1)/2 adjacent elements. */
    static Operand packed(String name, MemorySegment segment, long offset, long n) {
        return contiguous(name, segment, offset, n * (n + 1) / 2); // n < 2^31: no overflow
    }

    /** A general matrix stored rows x cols in layout with leading dimension ld. */
    static Operand general(String name, MemorySegment segment, long offset, Layout layout, long rows, long cols,
                           long ld) {
        boolean rowMajor = layout == Layout.ROW_MAJOR;
        long runs = rowMajor ? rows : cols;
        long width = rowMajor ? cols : rows;
        return new Operand(name, segment, offset, false, width == 0 ? 0 : runs, width, ld, 1, 0, 0, 0, width - 1,
                0, 0, width - 1);
    }

    /** {@link #general} for batch items {@code stride} elements apart. */
    static Operand generalBatch(String name, MemorySegment segment, long offset, Layout layout, long rows,
                                long cols, long ld, long count, long stride) {
        Operand one = general(name, segment, offset, layout, rows, cols, ld);
        return new Operand(name, segment, offset, false, one.runs, one.width, ld, count, stride, 0, 0,
                one.width - 1, 0, 0, one.width - 1);
    }

    /**
     * The {@code uplo} triangle of an n x n matrix (triangular, symmetric or Hermitian), without the diagonal
     * when {@code diag} is {@link Diag#UNIT} (BLAS never reads it then).
     */
    static Operand triangle(String name, MemorySegment segment, long offset, Layout layout, Uplo uplo, Diag diag,
                            long n, long ld) {
        int skip = diag == Diag.UNIT ? 1 : 0;
        // Row-major upper and column-major lower keep the part of each run from the diagonal on.
        boolean fromDiagonal = (layout == Layout.ROW_MAJOR) == (uplo == Uplo.UPPER);
        return fromDiagonal
                ? new Operand(name, segment, offset, false, n, n, ld, 1, 0, skip, 1, n - 1, 0, 0, n - 1)
                : new Operand(name, segment, offset, false, n, n, ld, 1, 0, 0, 0, -skip, 1, 0, n - 1);
    }

    /**
     * An m x n band matrix with kl sub- and ku super-diagonals in BLAS band storage (ld >= kl + ku + 1). Column
     * major stores column j's band as rows ku - j .. ku + m - 1 - j of an ld x n array; row major (CBLAS) stores
     * row i's band as columns kl - i .. kl + n - 1 - i of an m x ld array.
     */
    static Operand band(String name, MemorySegment segment, long offset, Layout layout, long m, long n, long kl,
                        long ku) {
        return band(name, segment, offset, layout, m, n, kl, ku, kl + ku + 1);
    }

    static Operand band(String name, MemorySegment segment, long offset, Layout layout, long m, long n, long kl,
                        long ku, long ld) {
        boolean rowMajor = layout == Layout.ROW_MAJOR;
        long runs = rowMajor ? m : n;
        long across = rowMajor ? n : m;
        long before = rowMajor ? kl : ku; // diagonals before the main one within a run
        long width = kl + ku + 1;
        if (m == 0 || n == 0) {
            runs = 0;
        }
        return new Operand(name, segment, offset, false, runs, width, ld, 1, 0, before, -1,
                before + across - 1, -1, 0, width - 1);
    }

    /**
     * The uplo half of an n x n triangular, symmetric or Hermitian band matrix with k off-diagonals, in band
     * storage (ld >= k + 1): an upper one is a band with ku = k, a lower one with kl = k.
     */
    static Operand triangularBand(String name, MemorySegment segment, long offset, Layout layout, Uplo uplo, long n,
                                  long k, long ld) {
        return band(name, segment, offset, layout, n, n, uplo == Uplo.LOWER ? k : 0, uplo == Uplo.UPPER ? k : 0, ld);
    }

    /** The same operand, written by the call. */
    Operand asOutput() {
        return new Operand(name, segment, offset, true, runs, width, ld, count, stride, firstBase, firstStep,
                lastBase, lastStep, lo, hi);
    }

    /** Whether the call touches no element of this operand. */
    boolean isEmpty() {
        return runs == 0 || width == 0 || count == 0;
    }

    /** First element touched by run i, relative to its run's start. */
    long first(long i) {
        return Math.max(lo, firstBase + firstStep * i);
    }

    /** Last element touched by run i (less than {@link #first} when the run touches none). */
    long last(long i) {
        return Math.min(hi, lastBase + lastStep * i);
    }

    /** Elements from the first of an item to one past the last of its storage. */
    long itemSpan() {
        return (runs - 1) * ld + width;
    }
}
