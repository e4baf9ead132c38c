package io.github.ffmblas.javagemm;

import io.github.ffmblas.attention.Gemm;
import io.github.ffmblas.attention.internal.Team;
import io.github.ffmblas.bindings.Layout;
import io.github.ffmblas.bindings.SgemmContract;
import io.github.ffmblas.bindings.Transpose;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.concurrent.atomic.AtomicBoolean;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;

/**
 * A pure-Java SGEMM on the Vector API, the peer ffmblas's OpenBLAS path is measured against: row-major
 * {@code C = alpha * A * op(B) + beta * C} on {@link MemorySegment} views, as {@link Gemm} specifies.
 *
 * <p>Design (GotoBLAS-style, adapted to what the JIT does well):
 * <ul>
 *   <li>op(B) is packed, {@code KC x NC} at a time, into a thread-local heap array of column panels
 *       {@code NR = 4 x VL} wide (64 floats with 512-bit vectors), zero-padded: a plain vector copy when B is
 *       {@code k x n}, 16 x 16 in-register transposes when it is stored {@code n x k} (TRANSPOSE).
 *   <li>A is copied, {@code MC x KC} at a time, row by row (bulk copies, no transposition) into a thread-local
 *       heap array that stays in L2 while every panel of B passes over it; the micro-kernel broadcasts from six
 *       of its rows at a time (a row tail repeats the last row and drops the extra results). Reading A from
 *       heap arrays rather than the segment keeps the kernel small: C2 compiles it in tens of milliseconds to
 *       a few KB, where the segment-reading version took over a second and 100+ KB.
 *   <li>The micro-kernel keeps a {@code 6 x NR} block of C in 24 vector registers and does 24 FMAs per step of
 *       the inner dimension; narrower variants (1..3 vectors) serve the last panel of an odd width. Its sums go
 *       to a small tile, from which alpha and beta are applied to C with vector (masked at the edge) loads and
 *       stores; beta 0 never reads C.
 *   <li>With {@code threads > 1}, products of at least {@link #PARALLEL_MIN_FLOPS} are cut into chunks of
 *       column panels (row blocks when N has too few panels) that the caller and a private {@link Team} of
 *       {@code threads - 1} daemon threads claim in turn; idle workers spin briefly before parking. Segments
 *       confined to the caller are lent to the workers for the product ({@link Team#lend}).
 * </ul>
 * Arguments are checked as {@link io.github.ffmblas.bindings.Blas#sgemm} checks them ({@link SgemmContract}): the
 * same exceptions, before any work. Nothing here loads OpenBLAS, so this is also the fallback where it cannot load.
 * Needs {@code --add-modules jdk.incubator.vector}; native access should be enabled for the re-scoping.
 */
public final class VectorGemm implements Gemm, AutoCloseable {
    private static final VectorSpecies<Float> S = FloatVector.SPECIES_PREFERRED;
    private static final int VL = S.length();
    private static final ValueLayout.OfFloat F = ValueLayout.JAVA_FLOAT_UNALIGNED;
    private static final ByteOrder ORDER = ByteOrder.nativeOrder();

    /** Rows of the micro-kernel. */
    static final int MR = 6;
    /** Vectors of columns of the micro-kernel, and its width in floats. */
    static final int NV = 4;
    static final int NR = NV * VL;
    // Block sizes, measured on Zen 5 (48 KB L1d, 1 MB L2): KC 128 lost ~15%; KC 384-512, MC 48-384 and NC
    // 512-2048 were all within the noise of these.
    /** Depth of a packed panel (inner dimension per pass). */
    static final int KC = 256;
    /** Rows of A per block (a multiple of MR). */
    static final int MC = 96;
    /** Columns of op(B) per packed panel (a multiple of NR). */
    static final int NC = 1024;
    /** Below this many flops (2mnk) a product runs on the caller alone: handing parts to threads costs more. */
    static final long PARALLEL_MIN_FLOPS = 1L << 22;
    /** Work per chunk above which a parallel product is cut into more chunks than threads. */
    static final long CHUNK_FLOPS = 1L << 25;

    /** Per-thread scratch, allocated once at its full size on a thread's first product. */
    private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);


    private final int threads;
    private final long parallelMinFlops;
    /** {@code threads - 1} daemon workers and the caller (attention's {@link Team}); null for one thread. */
    private final Team pool;
    /** Held by the product that uses the workers; a concurrent caller runs its product alone. */
    private final AtomicBoolean busy = new AtomicBoolean();
    private volatile boolean closed;

    /** Runs every product on the calling thread. */
    public VectorGemm() {
        this(1);
    }

    /** @param threads how many threads one product may use, the caller included; {@code >= 1} */
    public VectorGemm(int threads) {
        this(threads, PARALLEL_MIN_FLOPS);
    }

    /** As {@link #VectorGemm(int)}, splitting products from {@code parallelMinFlops} on (tests split tiny ones). */
    VectorGemm(int threads, long parallelMinFlops) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1, got " + threads);
        }
        this.threads = threads;
        this.parallelMinFlops = parallelMinFlops;
        pool = threads > 1 ? new Team(threads) : null;
    }

    public int threads() {
        return threads;
    }

    /** The lanes of the vectors used: 16 with AVX-512. */
    public static int vectorLanes() {
        return VL;
    }

    /** Stops the pool's threads (after the product in flight, if any); later products run on the caller. */
    @Override
    public void close() {
        closed = true;
        if (pool != null) {
            pool.close();
        }
    }

    private static final class Scratch {
        final float[] packedB = new float[KC * NC];
        final float[] rowsA = new float[MC * KC];
        final float[] tile = new float[MR * NR];
    }

    @Override
    public void multiply(Transpose transB, int m, int n, int k, float alpha,
                         MemorySegment a, long aOffset, int lda,
                         MemorySegment b, long bOffset, int ldb,
                         float beta, MemorySegment c, long cOffset, int ldc) {
        // The facade's checks, exactly: a caller switching between this and OpenBLAS sees the same exceptions.
        // They run here, on the caller's thread, before any worker touches an operand.
        SgemmContract.check(Layout.ROW_MAJOR, Transpose.NO_TRANSPOSE, transB, m, n, k, a, aOffset, lda,
                b, bOffset, ldb, c, cOffset, ldc);
        boolean t = transB != Transpose.NO_TRANSPOSE; // for real numbers CONJUGATE_TRANSPOSE is TRANSPOSE, as in BLAS
        if (m == 0 || n == 0) {
            return;
        }
        if (k == 0 || alpha == 0f) {
            scale(m, n, beta, c, cOffset * Float.BYTES, (long) ldc * Float.BYTES);
            return;
        }
        if (pool == null || closed || 2.0 * m * n * k < parallelMinFlops || !busy.compareAndSet(false, true)) {
            compute(t, 0, m, 0, n, k, alpha, a, aOffset, lda, b, bOffset, ldb, beta, c, cOffset, ldc);
            return;
        }
        try {
            parallel(t, m, n, k, alpha, a, aOffset, lda, b, bOffset, ldb, beta, c, cOffset, ldc);
        } finally {
            busy.set(false);
        }
    }

    /**
     * Splits C into chunks of whole column panels (or, when there are too few panels, of rows) that the caller
     * and the workers claim one at a time, so a thread the OS delays simply claims fewer. Splitting columns
     * packs each part of B once; splitting rows packs all of B per chunk, so row chunks are fewer and larger.
     */
    private void parallel(boolean t, int m, int n, int k, float alpha, MemorySegment a, long aOffset, int lda,
                          MemorySegment b, long bOffset, int ldb, float beta, MemorySegment c, long cOffset, int ldc) {
        int team = Math.min(threads, Math.max(ceilDiv(n, NR), ceilDiv(m, MR)));
        boolean splitN = ceilDiv(n, NR) >= team;
        int units = splitN ? ceilDiv(n, NR) : ceilDiv(m, MR);
        // Every chunk copies A (column chunks) or packs B (row chunks) again: one chunk per thread for small
        // products, up to three per thread (for balance) once each is worth CHUNK_FLOPS.
        long wanted = (long) (2.0 * m * n * k / CHUNK_FLOPS);
        int chunks = (int) Math.min(Math.max(wanted, team), (splitN ? 3L : 2L) * team);
        int chunk = (splitN ? NR : MR) * ceilDiv(units, chunks);
        MemorySegment sa = pool.lend(a);
        MemorySegment sb = pool.lend(b);
        MemorySegment sc = pool.lend(c);
        int parts = ceilDiv(splitN ? n : m, chunk);
        pool.run((part, member) -> {
            int from = part * chunk;
            if (splitN) {
                compute(t, 0, m, from, Math.min(n, from + chunk), k, alpha, sa, aOffset, lda, sb, bOffset, ldb, beta,
                        sc, cOffset, ldc);
            } else {
                compute(t, from, Math.min(m, from + chunk), 0, n, k, alpha, sa, aOffset, lda, sb, bOffset, ldb, beta,
                        sc, cOffset, ldc);
            }
        }, parts);
    }

    private static int ceilDiv(int x, int y) {
        return (x + y - 1) / y;
    }

    /** C = beta * C over m x n (beta 0 writes zeros without reading C). */
    private static void scale(int m, int n, float beta, MemorySegment c, long cAt, long ldcBytes) {
        if (beta == 1f) {
            return;
        }
        for (int i = 0; i < m; i++) {
            long row = cAt + i * ldcBytes;
            for (int j = 0; j < n; j++) {
                long at = row + (long) j * Float.BYTES;
                c.set(F, at, beta == 0f ? 0f : beta * c.get(F, at));
            }
        }
    }

    /** Rows [m0, m1) and columns [n0, n1) of C, on the calling thread. */
    private static void compute(boolean transB, int m0, int m1, int n0, int n1, int k, float alpha,
                                MemorySegment a, long aOffset, int lda, MemorySegment b, long bOffset, int ldb,
                                float beta, MemorySegment c, long cOffset, int ldc) {
        Scratch scratch = SCRATCH.get();
        float[] packed = scratch.packedB;
        float[] rowsA = scratch.rowsA;
        float[] tile = scratch.tile;
        boolean vectorB = b.isNative();
        boolean vectorC = c.isNative();
        long ldaBytes = (long) lda * Float.BYTES;
        long ldcBytes = (long) ldc * Float.BYTES;
        for (int jc = n0; jc < n1; jc += NC) {
            int nc = Math.min(NC, n1 - jc);
            for (int pc = 0; pc < k; pc += KC) {
                int kc = Math.min(KC, k - pc);
                if (transB) {
                    packTransposed(b, (bOffset + (long) jc * ldb + pc) * Float.BYTES, (long) ldb * Float.BYTES,
                            kc, nc, packed, vectorB);
                } else {
                    packPlain(b, (bOffset + (long) pc * ldb + jc) * Float.BYTES, (long) ldb * Float.BYTES,
                            kc, nc, packed, vectorB);
                }
                float betaHere = pc == 0 ? beta : 1f;
                for (int ic = m0; ic < m1; ic += MC) {
                    int mc = Math.min(MC, m1 - ic);
                    copyRows(a, (aOffset + (long) ic * lda + pc) * Float.BYTES, ldaBytes, mc, kc, rowsA);
                    long cBlock = (cOffset + (long) ic * ldc + jc) * Float.BYTES;
                    for (int jr = 0; jr < nc; jr += NR) {
                        int cols = Math.min(NR, nc - jr);
                        int nv = ceilDiv(cols, VL);
                        int bi = jr * kc;
                        for (int ir = 0; ir < mc; ir += MR) {
                            int rows = Math.min(MR, mc - ir);
                            // A row tail repeats the last row; its extra sums are never stored.
                            int a0 = ir * kc;
                            int a1 = a0 + Math.min(1, rows - 1) * kc;
                            int a2 = a0 + Math.min(2, rows - 1) * kc;
                            int a3 = a0 + Math.min(3, rows - 1) * kc;
                            int a4 = a0 + Math.min(4, rows - 1) * kc;
                            int a5 = a0 + Math.min(5, rows - 1) * kc;
                            switch (nv) {
                                case 4 -> kernel4(kc, rowsA, a0, a1, a2, a3, a4, a5, packed, bi, tile);
                                case 3 -> kernel3(kc, rowsA, a0, a1, a2, a3, a4, a5, packed, bi, tile);
                                case 2 -> kernel2(kc, rowsA, a0, a1, a2, a3, a4, a5, packed, bi, tile);
                                default -> kernel1(kc, rowsA, a0, a1, a2, a3, a4, a5, packed, bi, tile);
                            }
                            update(tile, rows, cols, alpha, betaHere, c,
                                    cBlock + ir * ldcBytes + (long) jr * Float.BYTES, ldcBytes, vectorC);
                        }
                    }
                }
            }
        }
    }

    /** Copies {@code rows} rows of {@code cols} floats (row stride {@code ldBytes}) into {@code dst}, densely. */
    private static void copyRows(MemorySegment src, long at, long ldBytes, int rows, int cols, float[] dst) {
        for (int r = 0; r < rows; r++) {
            MemorySegment.copy(src, F, at + r * ldBytes, dst, r * cols, cols);
        }
    }

    /**
     * C block (rows x cols at byte offset {@code at}) = alpha * tile + beta * C block. Full vectors where they fit,
     * a masked one at the right edge; scalar when C is a heap segment (the Vector API reads only byte[] ones).
     */
    private static void update(float[] tile, int rows, int cols, float alpha, float beta, MemorySegment c, long at,
                               long ldcBytes, boolean vectorC) {
        if (!vectorC) {
            for (int r = 0; r < rows; r++) {
                for (int j = 0; j < cols; j++) {
                    long e = at + r * ldcBytes + (long) j * Float.BYTES;
                    float v = alpha * tile[r * NR + j];
                    c.set(F, e, beta == 0f ? v : v + beta * c.get(F, e));
                }
            }
            return;
        }
        int full = cols & -VL;
        VectorMask<Float> edge = full < cols ? S.indexInRange(full, cols) : null;
        FloatVector alphas = FloatVector.broadcast(S, alpha);
        // One small method per beta: C1 gave up on the single large one ("out of virtual registers") and left
        // it interpreted, boxing every vector, for seconds.
        if (beta == 0f) {
            storeScaled(tile, rows, full, edge, alphas, c, at, ldcBytes);
        } else if (beta == 1f) {
            accumulateScaled(tile, rows, full, edge, alphas, c, at, ldcBytes);
        } else {
            blendScaled(tile, rows, full, edge, alphas, FloatVector.broadcast(S, beta), c, at, ldcBytes);
        }
    }

    /** C = alpha * tile, C never read. */
    private static void storeScaled(float[] tile, int rows, int full, VectorMask<Float> edge, FloatVector alphas,
                                    MemorySegment c, long at, long ldcBytes) {
        for (int r = 0; r < rows; r++) {
            long row = at + r * ldcBytes;
            int t = r * NR;
            for (int j = 0; j < full; j += VL) {
                FloatVector.fromArray(S, tile, t + j).mul(alphas).intoMemorySegment(c, row + (long) j * Float.BYTES, ORDER);
            }
            if (edge != null) {
                FloatVector.fromArray(S, tile, t + full).mul(alphas)
                        .intoMemorySegment(c, row + (long) full * Float.BYTES, ORDER, edge);
            }
        }
    }

    /** C += alpha * tile. */
    private static void accumulateScaled(float[] tile, int rows, int full, VectorMask<Float> edge, FloatVector alphas,
                                         MemorySegment c, long at, long ldcBytes) {
        for (int r = 0; r < rows; r++) {
            long row = at + r * ldcBytes;
            int t = r * NR;
            for (int j = 0; j < full; j += VL) {
                long e = row + (long) j * Float.BYTES;
                FloatVector.fromArray(S, tile, t + j).fma(alphas, FloatVector.fromMemorySegment(S, c, e, ORDER))
                        .intoMemorySegment(c, e, ORDER);
            }
            if (edge != null) {
                long e = row + (long) full * Float.BYTES;
                FloatVector.fromArray(S, tile, t + full).fma(alphas, FloatVector.fromMemorySegment(S, c, e, ORDER, edge))
                        .intoMemorySegment(c, e, ORDER, edge);
            }
        }
    }

    /** C = alpha * tile + beta * C. */
    private static void blendScaled(float[] tile, int rows, int full, VectorMask<Float> edge, FloatVector alphas,
                                    FloatVector betas, MemorySegment c, long at, long ldcBytes) {
        for (int r = 0; r < rows; r++) {
            long row = at + r * ldcBytes;
            int t = r * NR;
            for (int j = 0; j < full; j += VL) {
                long e = row + (long) j * Float.BYTES;
                FloatVector old = FloatVector.fromMemorySegment(S, c, e, ORDER);
                FloatVector.fromArray(S, tile, t + j).fma(alphas, old.mul(betas)).intoMemorySegment(c, e, ORDER);
            }
            if (edge != null) {
                long e = row + (long) full * Float.BYTES;
                FloatVector old = FloatVector.fromMemorySegment(S, c, e, ORDER, edge);
                FloatVector.fromArray(S, tile, t + full).fma(alphas, old.mul(betas)).intoMemorySegment(c, e, ORDER, edge);
            }
        }
    }

    /**
     * Packs op(B) = B (stored k x n) rows [0, kc) x columns [0, nc) from byte offset {@code at} into panels of
     * NR columns: panel q holds {@code kc} rows of its width (NR, or the last panel's columns rounded up to
     * whole vectors, zero-padded), starting at {@code q * NR * kc}.
     */
    private static void packPlain(MemorySegment b, long at, long ldbBytes, int kc, int nc, float[] dst, boolean vector) {
        for (int jr = 0; jr < nc; jr += NR) {
            int cols = Math.min(NR, nc - jr);
            int width = ceilDiv(cols, VL) * VL;
            int base = jr * kc;
            long col = at + (long) jr * Float.BYTES;
            if (vector) {
                int full = cols & -VL;
                VectorMask<Float> edge = full < cols ? S.indexInRange(full, cols) : null;
                for (int p = 0; p < kc; p++) {
                    long src = col + p * ldbBytes;
                    int d = base + p * width;
                    for (int j = 0; j < full; j += VL) {
                        FloatVector.fromMemorySegment(S, b, src + (long) j * Float.BYTES, ORDER).intoArray(dst, d + j);
                    }
                    if (edge != null) {
                        FloatVector.fromMemorySegment(S, b, src + (long) full * Float.BYTES, ORDER, edge)
                                .intoArray(dst, d + full);
                    }
                }
            } else {
                for (int p = 0; p < kc; p++) {
                    int d = base + p * width;
                    MemorySegment.copy(b, F, col + p * ldbBytes, dst, d, cols);
                    java.util.Arrays.fill(dst, d + cols, d + width, 0f);
                }
            }
        }
    }

    /**
     * Packs op(B) = Bᵀ (B stored n x k) rows [0, kc) x columns [0, nc) of op(B), i.e. rows [0, nc) x columns
     * [0, kc) of B from byte offset {@code at}, into the panels {@link #packPlain} makes: whole 16 x 16 blocks by
     * in-register transposes, the ragged rest one float at a time.
     */
    private static void packTransposed(MemorySegment b, long at, long ldbBytes, int kc, int nc, float[] dst,
                                       boolean vector) {
        for (int jr = 0; jr < nc; jr += NR) {
            int cols = Math.min(NR, nc - jr);
            int width = ceilDiv(cols, VL) * VL;
            int base = jr * kc;
            long rowsAt = at + jr * ldbBytes;
            int blockRows = vector && VL == 16 ? cols & -16 : 0;
            int blockDepth = kc & -16;
            for (int j = 0; j < blockRows; j += 16) {
                for (int p = 0; p < blockDepth; p += 16) {
                    transpose16(b, rowsAt + j * ldbBytes + (long) p * Float.BYTES, ldbBytes, dst, base + p * width + j, width);
                }
            }
            // The ragged rest: columns of op(B) past the whole blocks, and depth past them for the blocked columns.
            for (int j = 0; j < width; j++) {
                int from = j < blockRows ? blockDepth : 0;
                if (j < cols) {
                    long src = rowsAt + j * ldbBytes;
                    for (int p = from; p < kc; p++) {
                        dst[base + p * width + j] = b.get(F, src + (long) p * Float.BYTES);
                    }
                } else {
                    for (int p = 0; p < kc; p++) {
                        dst[base + p * width + j] = 0f;
                    }
                }
            }
        }
    }

    // A 16 x 16 transpose as four butterfly rounds (distance 8, 4, 2, 1): rows i and i + d swap their
    // off-diagonal d-lane blocks, each with one single-vector rotation and one blend per row. That is two cheap
    // instructions per row and round where a two-vector rearrange compiles to two permutes plus a blend.
    // (Two-vector selectFrom would do as well, but it needs JDK 24; this module targets 22.)
    private static final VectorShuffle<Float> UP_8 = rotation(-8);
    private static final VectorShuffle<Float> UP_4 = rotation(-4);
    private static final VectorShuffle<Float> UP_2 = rotation(-2);
    private static final VectorShuffle<Float> UP_1 = rotation(-1);
    private static final VectorShuffle<Float> DOWN_8 = rotation(8);
    private static final VectorShuffle<Float> DOWN_4 = rotation(4);
    private static final VectorShuffle<Float> DOWN_2 = rotation(2);
    private static final VectorShuffle<Float> DOWN_1 = rotation(1);
    private static final VectorMask<Float> HIGH_8 = laneBit(8);
    private static final VectorMask<Float> HIGH_4 = laneBit(4);
    private static final VectorMask<Float> HIGH_2 = laneBit(2);
    private static final VectorMask<Float> HIGH_1 = laneBit(1);

    /** Lane q takes lane q + by (mod VL). */
    private static VectorShuffle<Float> rotation(int by) {
        int[] source = new int[VL];
        for (int q = 0; q < VL; q++) {
            source[q] = Math.floorMod(q + by, VL);
        }
        return VectorShuffle.fromArray(S, source, 0);
    }

    /** Lanes whose index has bit {@code d} set. */
    private static VectorMask<Float> laneBit(int d) {
        boolean[] set = new boolean[VL];
        for (int q = 0; q < VL; q++) {
            set[q] = (q & d) != 0;
        }
        return VectorMask.fromArray(S, set, 0);
    }

    /** dst[d + q*w + r] = B row r, element q, for the 16 x 16 block at byte offset {@code at} (VL must be 16). */
    private static void transpose16(MemorySegment b, long at, long ld, float[] dst, int d, int w) {
        FloatVector r0 = FloatVector.fromMemorySegment(S, b, at, ORDER);
        FloatVector r1 = FloatVector.fromMemorySegment(S, b, at + ld, ORDER);
        FloatVector r2 = FloatVector.fromMemorySegment(S, b, at + 2 * ld, ORDER);
        FloatVector r3 = FloatVector.fromMemorySegment(S, b, at + 3 * ld, ORDER);
        FloatVector r4 = FloatVector.fromMemorySegment(S, b, at + 4 * ld, ORDER);
        FloatVector r5 = FloatVector.fromMemorySegment(S, b, at + 5 * ld, ORDER);
        FloatVector r6 = FloatVector.fromMemorySegment(S, b, at + 6 * ld, ORDER);
        FloatVector r7 = FloatVector.fromMemorySegment(S, b, at + 7 * ld, ORDER);
        FloatVector r8 = FloatVector.fromMemorySegment(S, b, at + 8 * ld, ORDER);
        FloatVector r9 = FloatVector.fromMemorySegment(S, b, at + 9 * ld, ORDER);
        FloatVector r10 = FloatVector.fromMemorySegment(S, b, at + 10 * ld, ORDER);
        FloatVector r11 = FloatVector.fromMemorySegment(S, b, at + 11 * ld, ORDER);
        FloatVector r12 = FloatVector.fromMemorySegment(S, b, at + 12 * ld, ORDER);
        FloatVector r13 = FloatVector.fromMemorySegment(S, b, at + 13 * ld, ORDER);
        FloatVector r14 = FloatVector.fromMemorySegment(S, b, at + 14 * ld, ORDER);
        FloatVector r15 = FloatVector.fromMemorySegment(S, b, at + 15 * ld, ORDER);
        FloatVector x;
        x = r0;
        r0 = x.blend(r8.rearrange(UP_8), HIGH_8);
        r8 = x.rearrange(DOWN_8).blend(r8, HIGH_8);
        x = r1;
        r1 = x.blend(r9.rearrange(UP_8), HIGH_8);
        r9 = x.rearrange(DOWN_8).blend(r9, HIGH_8);
        x = r2;
        r2 = x.blend(r10.rearrange(UP_8), HIGH_8);
        r10 = x.rearrange(DOWN_8).blend(r10, HIGH_8);
        x = r3;
        r3 = x.blend(r11.rearrange(UP_8), HIGH_8);
        r11 = x.rearrange(DOWN_8).blend(r11, HIGH_8);
        x = r4;
        r4 = x.blend(r12.rearrange(UP_8), HIGH_8);
        r12 = x.rearrange(DOWN_8).blend(r12, HIGH_8);
        x = r5;
        r5 = x.blend(r13.rearrange(UP_8), HIGH_8);
        r13 = x.rearrange(DOWN_8).blend(r13, HIGH_8);
        x = r6;
        r6 = x.blend(r14.rearrange(UP_8), HIGH_8);
        r14 = x.rearrange(DOWN_8).blend(r14, HIGH_8);
        x = r7;
        r7 = x.blend(r15.rearrange(UP_8), HIGH_8);
        r15 = x.rearrange(DOWN_8).blend(r15, HIGH_8);
        x = r0;
        r0 = x.blend(r4.rearrange(UP_4), HIGH_4);
        r4 = x.rearrange(DOWN_4).blend(r4, HIGH_4);
        x = r1;
        r1 = x.blend(r5.rearrange(UP_4), HIGH_4);
        r5 = x.rearrange(DOWN_4).blend(r5, HIGH_4);
        x = r2;
        r2 = x.blend(r6.rearrange(UP_4), HIGH_4);
        r6 = x.rearrange(DOWN_4).blend(r6, HIGH_4);
        x = r3;
        r3 = x.blend(r7.rearrange(UP_4), HIGH_4);
        r7 = x.rearrange(DOWN_4).blend(r7, HIGH_4);
        x = r8;
        r8 = x.blend(r12.rearrange(UP_4), HIGH_4);
        r12 = x.rearrange(DOWN_4).blend(r12, HIGH_4);
        x = r9;
        r9 = x.blend(r13.rearrange(UP_4), HIGH_4);
        r13 = x.rearrange(DOWN_4).blend(r13, HIGH_4);
        x = r10;
        r10 = x.blend(r14.rearrange(UP_4), HIGH_4);
        r14 = x.rearrange(DOWN_4).blend(r14, HIGH_4);
        x = r11;
        r11 = x.blend(r15.rearrange(UP_4), HIGH_4);
        r15 = x.rearrange(DOWN_4).blend(r15, HIGH_4);
        x = r0;
        r0 = x.blend(r2.rearrange(UP_2), HIGH_2);
        r2 = x.rearrange(DOWN_2).blend(r2, HIGH_2);
        x = r1;
        r1 = x.blend(r3.rearrange(UP_2), HIGH_2);
        r3 = x.rearrange(DOWN_2).blend(r3, HIGH_2);
        x = r4;
        r4 = x.blend(r6.rearrange(UP_2), HIGH_2);
        r6 = x.rearrange(DOWN_2).blend(r6, HIGH_2);
        x = r5;
        r5 = x.blend(r7.rearrange(UP_2), HIGH_2);
        r7 = x.rearrange(DOWN_2).blend(r7, HIGH_2);
        x = r8;
        r8 = x.blend(r10.rearrange(UP_2), HIGH_2);
        r10 = x.rearrange(DOWN_2).blend(r10, HIGH_2);
        x = r9;
        r9 = x.blend(r11.rearrange(UP_2), HIGH_2);
        r11 = x.rearrange(DOWN_2).blend(r11, HIGH_2);
        x = r12;
        r12 = x.blend(r14.rearrange(UP_2), HIGH_2);
        r14 = x.rearrange(DOWN_2).blend(r14, HIGH_2);
        x = r13;
        r13 = x.blend(r15.rearrange(UP_2), HIGH_2);
        r15 = x.rearrange(DOWN_2).blend(r15, HIGH_2);
        x = r0;
        r0 = x.blend(r1.rearrange(UP_1), HIGH_1);
        r1 = x.rearrange(DOWN_1).blend(r1, HIGH_1);
        x = r2;
        r2 = x.blend(r3.rearrange(UP_1), HIGH_1);
        r3 = x.rearrange(DOWN_1).blend(r3, HIGH_1);
        x = r4;
        r4 = x.blend(r5.rearrange(UP_1), HIGH_1);
        r5 = x.rearrange(DOWN_1).blend(r5, HIGH_1);
        x = r6;
        r6 = x.blend(r7.rearrange(UP_1), HIGH_1);
        r7 = x.rearrange(DOWN_1).blend(r7, HIGH_1);
        x = r8;
        r8 = x.blend(r9.rearrange(UP_1), HIGH_1);
        r9 = x.rearrange(DOWN_1).blend(r9, HIGH_1);
        x = r10;
        r10 = x.blend(r11.rearrange(UP_1), HIGH_1);
        r11 = x.rearrange(DOWN_1).blend(r11, HIGH_1);
        x = r12;
        r12 = x.blend(r13.rearrange(UP_1), HIGH_1);
        r13 = x.rearrange(DOWN_1).blend(r13, HIGH_1);
        x = r14;
        r14 = x.blend(r15.rearrange(UP_1), HIGH_1);
        r15 = x.rearrange(DOWN_1).blend(r15, HIGH_1);
        r0.intoArray(dst, d);
        r1.intoArray(dst, d + w);
        r2.intoArray(dst, d + 2 * w);
        r3.intoArray(dst, d + 3 * w);
        r4.intoArray(dst, d + 4 * w);
        r5.intoArray(dst, d + 5 * w);
        r6.intoArray(dst, d + 6 * w);
        r7.intoArray(dst, d + 7 * w);
        r8.intoArray(dst, d + 8 * w);
        r9.intoArray(dst, d + 9 * w);
        r10.intoArray(dst, d + 10 * w);
        r11.intoArray(dst, d + 11 * w);
        r12.intoArray(dst, d + 12 * w);
        r13.intoArray(dst, d + 13 * w);
        r14.intoArray(dst, d + 14 * w);
        r15.intoArray(dst, d + 15 * w);
    }

    // ---- micro-kernels: identical but for the number of column vectors (4, 3, 2, 1) ------------------------

    /**
     * The micro-kernel: a 6 x (4 x VL) block of A·op(B) over {@code kc} steps of the inner dimension, kept in
     * 24 vector registers. Row r of A starts at {@code a[ar]}, one float per step (broadcast); op(B) is the
     * packed panel from {@code b[bi]}, {@code 4 x VL} floats per step. The sums go to {@code tile}
     * (row stride NR), from where {@link #update} applies alpha and beta.
     */
    private static void kernel4(int kc, float[] a, int a0, int a1, int a2, int a3, int a4, int a5,
                                float[] b, int bi, float[] tile) {
        FloatVector zero = FloatVector.zero(S);
        FloatVector c00 = zero, c01 = zero, c02 = zero, c03 = zero;
        FloatVector c10 = zero, c11 = zero, c12 = zero, c13 = zero;
        FloatVector c20 = zero, c21 = zero, c22 = zero, c23 = zero;
        FloatVector c30 = zero, c31 = zero, c32 = zero, c33 = zero;
        FloatVector c40 = zero, c41 = zero, c42 = zero, c43 = zero;
        FloatVector c50 = zero, c51 = zero, c52 = zero, c53 = zero;
        for (int p = 0; p < kc; p++) {
            int bp = bi + p * 4 * VL;
            FloatVector b0 = FloatVector.fromArray(S, b, bp);
            FloatVector b1 = FloatVector.fromArray(S, b, bp + VL);
            FloatVector b2 = FloatVector.fromArray(S, b, bp + 2 * VL);
            FloatVector b3 = FloatVector.fromArray(S, b, bp + 3 * VL);
            FloatVector x0 = FloatVector.broadcast(S, a[a0 + p]);
            c00 = b0.fma(x0, c00); c01 = b1.fma(x0, c01); c02 = b2.fma(x0, c02); c03 = b3.fma(x0, c03);
            FloatVector x1 = FloatVector.broadcast(S, a[a1 + p]);
            c10 = b0.fma(x1, c10); c11 = b1.fma(x1, c11); c12 = b2.fma(x1, c12); c13 = b3.fma(x1, c13);
            FloatVector x2 = FloatVector.broadcast(S, a[a2 + p]);
            c20 = b0.fma(x2, c20); c21 = b1.fma(x2, c21); c22 = b2.fma(x2, c22); c23 = b3.fma(x2, c23);
            FloatVector x3 = FloatVector.broadcast(S, a[a3 + p]);
            c30 = b0.fma(x3, c30); c31 = b1.fma(x3, c31); c32 = b2.fma(x3, c32); c33 = b3.fma(x3, c33);
            FloatVector x4 = FloatVector.broadcast(S, a[a4 + p]);
            c40 = b0.fma(x4, c40); c41 = b1.fma(x4, c41); c42 = b2.fma(x4, c42); c43 = b3.fma(x4, c43);
            FloatVector x5 = FloatVector.broadcast(S, a[a5 + p]);
            c50 = b0.fma(x5, c50); c51 = b1.fma(x5, c51); c52 = b2.fma(x5, c52); c53 = b3.fma(x5, c53);
        }
        c00.intoArray(tile, 0);
        c01.intoArray(tile, VL);
        c02.intoArray(tile, 2 * VL);
        c03.intoArray(tile, 3 * VL);
        c10.intoArray(tile, NR);
        c11.intoArray(tile, NR + VL);
        c12.intoArray(tile, NR + 2 * VL);
        c13.intoArray(tile, NR + 3 * VL);
        c20.intoArray(tile, 2 * NR);
        c21.intoArray(tile, 2 * NR + VL);
        c22.intoArray(tile, 2 * NR + 2 * VL);
        c23.intoArray(tile, 2 * NR + 3 * VL);
        c30.intoArray(tile, 3 * NR);
        c31.intoArray(tile, 3 * NR + VL);
        c32.intoArray(tile, 3 * NR + 2 * VL);
        c33.intoArray(tile, 3 * NR + 3 * VL);
        c40.intoArray(tile, 4 * NR);
        c41.intoArray(tile, 4 * NR + VL);
        c42.intoArray(tile, 4 * NR + 2 * VL);
        c43.intoArray(tile, 4 * NR + 3 * VL);
        c50.intoArray(tile, 5 * NR);
        c51.intoArray(tile, 5 * NR + VL);
        c52.intoArray(tile, 5 * NR + 2 * VL);
        c53.intoArray(tile, 5 * NR + 3 * VL);
    }

    /** The 6 x 3-vector micro-kernel: see {@link #kernel4}. */
    private static void kernel3(int kc, float[] a, int a0, int a1, int a2, int a3, int a4, int a5,
                                float[] b, int bi, float[] tile) {
        FloatVector zero = FloatVector.zero(S);
        FloatVector c00 = zero, c01 = zero, c02 = zero;
        FloatVector c10 = zero, c11 = zero, c12 = zero;
        FloatVector c20 = zero, c21 = zero, c22 = zero;
        FloatVector c30 = zero, c31 = zero, c32 = zero;
        FloatVector c40 = zero, c41 = zero, c42 = zero;
        FloatVector c50 = zero, c51 = zero, c52 = zero;
        for (int p = 0; p < kc; p++) {
            int bp = bi + p * 3 * VL;
            FloatVector b0 = FloatVector.fromArray(S, b, bp);
            FloatVector b1 = FloatVector.fromArray(S, b, bp + VL);
            FloatVector b2 = FloatVector.fromArray(S, b, bp + 2 * VL);
            FloatVector x0 = FloatVector.broadcast(S, a[a0 + p]);
            c00 = b0.fma(x0, c00); c01 = b1.fma(x0, c01); c02 = b2.fma(x0, c02);
            FloatVector x1 = FloatVector.broadcast(S, a[a1 + p]);
            c10 = b0.fma(x1, c10); c11 = b1.fma(x1, c11); c12 = b2.fma(x1, c12);
            FloatVector x2 = FloatVector.broadcast(S, a[a2 + p]);
            c20 = b0.fma(x2, c20); c21 = b1.fma(x2, c21); c22 = b2.fma(x2, c22);
            FloatVector x3 = FloatVector.broadcast(S, a[a3 + p]);
            c30 = b0.fma(x3, c30); c31 = b1.fma(x3, c31); c32 = b2.fma(x3, c32);
            FloatVector x4 = FloatVector.broadcast(S, a[a4 + p]);
            c40 = b0.fma(x4, c40); c41 = b1.fma(x4, c41); c42 = b2.fma(x4, c42);
            FloatVector x5 = FloatVector.broadcast(S, a[a5 + p]);
            c50 = b0.fma(x5, c50); c51 = b1.fma(x5, c51); c52 = b2.fma(x5, c52);
        }
        c00.intoArray(tile, 0);
        c01.intoArray(tile, VL);
        c02.intoArray(tile, 2 * VL);
        c10.intoArray(tile, NR);
        c11.intoArray(tile, NR + VL);
        c12.intoArray(tile, NR + 2 * VL);
        c20.intoArray(tile, 2 * NR);
        c21.intoArray(tile, 2 * NR + VL);
        c22.intoArray(tile, 2 * NR + 2 * VL);
        c30.intoArray(tile, 3 * NR);
        c31.intoArray(tile, 3 * NR + VL);
        c32.intoArray(tile, 3 * NR + 2 * VL);
        c40.intoArray(tile, 4 * NR);
        c41.intoArray(tile, 4 * NR + VL);
        c42.intoArray(tile, 4 * NR + 2 * VL);
        c50.intoArray(tile, 5 * NR);
        c51.intoArray(tile, 5 * NR + VL);
        c52.intoArray(tile, 5 * NR + 2 * VL);
    }

    /** The 6 x 2-vector micro-kernel: see {@link #kernel4}. */
    private static void kernel2(int kc, float[] a, int a0, int a1, int a2, int a3, int a4, int a5,
                                float[] b, int bi, float[] tile) {
        FloatVector zero = FloatVector.zero(S);
        FloatVector c00 = zero, c01 = zero;
        FloatVector c10 = zero, c11 = zero;
        FloatVector c20 = zero, c21 = zero;
        FloatVector c30 = zero, c31 = zero;
        FloatVector c40 = zero, c41 = zero;
        FloatVector c50 = zero, c51 = zero;
        for (int p = 0; p < kc; p++) {
            int bp = bi + p * 2 * VL;
            FloatVector b0 = FloatVector.fromArray(S, b, bp);
            FloatVector b1 = FloatVector.fromArray(S, b, bp + VL);
            FloatVector x0 = FloatVector.broadcast(S, a[a0 + p]);
            c00 = b0.fma(x0, c00); c01 = b1.fma(x0, c01);
            FloatVector x1 = FloatVector.broadcast(S, a[a1 + p]);
            c10 = b0.fma(x1, c10); c11 = b1.fma(x1, c11);
            FloatVector x2 = FloatVector.broadcast(S, a[a2 + p]);
            c20 = b0.fma(x2, c20); c21 = b1.fma(x2, c21);
            FloatVector x3 = FloatVector.broadcast(S, a[a3 + p]);
            c30 = b0.fma(x3, c30); c31 = b1.fma(x3, c31);
            FloatVector x4 = FloatVector.broadcast(S, a[a4 + p]);
            c40 = b0.fma(x4, c40); c41 = b1.fma(x4, c41);
            FloatVector x5 = FloatVector.broadcast(S, a[a5 + p]);
            c50 = b0.fma(x5, c50); c51 = b1.fma(x5, c51);
        }
        c00.intoArray(tile, 0);
        c01.intoArray(tile, VL);
        c10.intoArray(tile, NR);
        c11.intoArray(tile, NR + VL);
        c20.intoArray(tile, 2 * NR);
        c21.intoArray(tile, 2 * NR + VL);
        c30.intoArray(tile, 3 * NR);
        c31.intoArray(tile, 3 * NR + VL);
        c40.intoArray(tile, 4 * NR);
        c41.intoArray(tile, 4 * NR + VL);
        c50.intoArray(tile, 5 * NR);
        c51.intoArray(tile, 5 * NR + VL);
    }

    /** The 6 x 1-vector micro-kernel: see {@link #kernel4}. */
    private static void kernel1(int kc, float[] a, int a0, int a1, int a2, int a3, int a4, int a5,
                                float[] b, int bi, float[] tile) {
        FloatVector zero = FloatVector.zero(S);
        FloatVector c00 = zero;
        FloatVector c10 = zero;
        FloatVector c20 = zero;
        FloatVector c30 = zero;
        FloatVector c40 = zero;
        FloatVector c50 = zero;
        for (int p = 0; p < kc; p++) {
            int bp = bi + p * VL;
            FloatVector b0 = FloatVector.fromArray(S, b, bp);
            FloatVector x0 = FloatVector.broadcast(S, a[a0 + p]);
            c00 = b0.fma(x0, c00);
            FloatVector x1 = FloatVector.broadcast(S, a[a1 + p]);
            c10 = b0.fma(x1, c10);
            FloatVector x2 = FloatVector.broadcast(S, a[a2 + p]);
            c20 = b0.fma(x2, c20);
            FloatVector x3 = FloatVector.broadcast(S, a[a3 + p]);
            c30 = b0.fma(x3, c30);
            FloatVector x4 = FloatVector.broadcast(S, a[a4 + p]);
            c40 = b0.fma(x4, c40);
            FloatVector x5 = FloatVector.broadcast(S, a[a5 + p]);
            c50 = b0.fma(x5, c50);
        }
        c00.intoArray(tile, 0);
        c10.intoArray(tile, NR);
        c20.intoArray(tile, 2 * NR);
        c30.intoArray(tile, 3 * NR);
        c40.intoArray(tile, 4 * NR);
        c50.intoArray(tile, 5 * NR);
    }
}
