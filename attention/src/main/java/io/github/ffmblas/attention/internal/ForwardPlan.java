package io.github.ffmblas.attention.internal;

import io.github.ffmblas.attention.AttentionOptions;
import io.github.ffmblas.attention.DType;
import io.github.ffmblas.attention.Gemm;
import io.github.ffmblas.attention.Tensor;
import io.github.ffmblas.attention.spi.PackedHeads;
import io.github.ffmblas.bindings.Transpose;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/**
 * One forward pass of multi-head attention, planned and run: the model, the call's tensors, and where every
 * intermediate lives in scratch. One plan per workspace ({@link Scratch#plan()}), filled in for each forward
 * ({@link #model}, {@link #inputs}, {@link #options}, {@link #outputs}), run ({@link #run}) and then emptied, so a
 * forward allocates nothing and the workspace keeps none of the caller's memory reachable. The caller has checked
 * every tensor.
 *
 * <p>Heads are strided views: head {@code h} of Q, K and V is the column block at {@code h*depth} of the projected
 * buffer, kept here as offsets and leading dimensions (floats) rather than view objects, which would be allocated.
 * Scratch holds the projected Q, K, V and, when the weights are not returned, each thread's logits for one tile
 * of query rows and their row sums. Each head's output overwrites that head's Q columns once they are used, so
 * the concatenated context needs no memory of its own.
 *
 * <p>The attention is cut into items (batch row, group of heads, tile of query rows). With the weights returned,
 * one head per item (all heads at one thread), whole or in causal tiles, written straight into them.
 *
 * <p>On a gemm that packs heads ({@link PackedHeads}: the packed AVX2 kernel) each thread packs a head's K and V into
 * its own part of scratch when it starts on that head, and its later tiles of the head reuse them; the heads of a
 * tile then go one by one (logits, softmax, context) rather than as batches. An additive mask, which the logits
 * accumulate onto, and weights returned on the heap keep the batched products.
 */
public final class ForwardPlan {
    /**
     * Logits of the heads in flight are kept for about this many floats (4 MiB) when the weights are not returned,
     * shared among a team's threads, so scratch does not grow with the thread count.
     */
    public static final int TILE_FLOATS = 1 << 20;
    /** Fewer query rows than this per GEMM cost efficiency; long sequences take fewer heads at a time instead. */
    static final int MIN_TILE_ROWS = 512;
    /** Under a causal mask, sequences go in about this many tiles, so their products skip the masked triangle. */
    static final int CAUSAL_TILES = 8;
    /**
     * The row limit a causal tile gets is never below this (tiles are then evened out, so 100 rows make two tiles
     * of 50): shorter tiles cost GEMM efficiency.
     */
    static final int MIN_CAUSAL_TILE_ROWS = 64;

    private final Scratch scratch;
    private final ForwardLoops loops;
    /** Each thread's current tile (index: the team member), so a tile's numbers travel without allocation. */
    private final Tile[] tiles;

    // the model
    private Gemm gemm;
    /** The gemm as one that packs heads, or null. */
    private PackedHeads heads;
    private int numHeads;
    private int depth;
    private float scale;
    private Projections projections;

    // the call
    private MemorySegment query;
    private MemorySegment key;
    private MemorySegment value;
    private int batch;
    private int lq;
    private int lk;
    private boolean selfAttention;
    private boolean keyValueShared;
    private boolean causal;
    private boolean needWeights;
    private MemorySegment additive;
    private MemorySegment hidden;
    private MemorySegment padding;
    private MemorySegment out;
    private MemorySegment weights;

    // the layout in scratch (floats)
    private MemorySegment memory;
    private MemorySegment scores;
    private long scoresAt;
    private long perThread;
    private long qAt;
    private long kAt;
    private long vAt;
    private int qld;
    private int kvld;
    private int group;
    private int tileRows;
    private int items;
    /** Whether this forward's heads go to {@link #heads}; each thread's K and V panels, at its region's end. */
    private boolean packedHeads;
    private long panelsAt;
    private long panelFloats;
    /** The head (batch row * numHeads + head) whose K and V each thread's panels hold in this forward, or -1. */
    private final int[] packedHead;

    ForwardPlan(Scratch scratch) {
        this.scratch = scratch;
        this.loops = scratch.team() == null ? null : new ForwardLoops(scratch, this);
        this.tiles = new Tile[scratch.threads()];
        this.packedHead = new int[scratch.threads()];
        for (int i = 0; i < tiles.length; i++) {
            tiles[i] = new Tile();
        }
    }

    /** The model: {@code numHeads} heads of {@code depth = dModel / numHeads}, its products on {@code gemm}. */
    public ForwardPlan model(Gemm gemm, int numHeads, Projections projections) {
        this.gemm = gemm;
        this.heads = gemm instanceof PackedHeads p && p.packsHeads() ? p : null;
        this.numHeads = numHeads;
        this.projections = projections;
        this.depth = projections.output().inFeatures() / numHeads;
        this.scale = (float) (1.0 / Math.sqrt(depth));
        return this;
    }

    /**
     * Query {@code [batch, lq, d]}, key and value {@code [batch, lk, d]}; {@code selfAttention} when all three are
     * one tensor, {@code keyValueShared} when key and value are.
     */
    public ForwardPlan inputs(Tensor query, Tensor key, Tensor value, boolean selfAttention, boolean keyValueShared) {
        this.query = query.segment();
        this.key = key.segment();
        this.value = value.segment();
        this.batch = query.dim(0);
        this.lq = query.dim(1);
        this.lk = key.dim(1);
        this.selfAttention = selfAttention;
        this.keyValueShared = keyValueShared;
        return this;
    }

    public ForwardPlan options(AttentionOptions options) {
        Tensor mask = options.attnMask();
        this.additive = mask != null && mask.dtype() == DType.F32 ? mask.segment() : null;
        this.hidden = mask != null && mask.dtype() == DType.BOOL ? mask.segment() : null;
        this.padding = options.keyPaddingMask() == null ? null : options.keyPaddingMask().segment();
        this.causal = options.causal();
        this.needWeights = options.needWeights();
        return this;
    }

    /** The output {@code [batch, lq, d]} and, when the options ask for them, the attention weights. */
    public ForwardPlan outputs(Tensor out, Tensor attentionWeights) {
        this.out = out.segment();
        this.weights = needWeights ? attentionWeights.segment() : null;
        return this;
    }

    /** Runs the forward pass planned, then forgets the call. */
    public void run() {
        try {
            layOut();
            project();
            attend();
            // Q's columns now hold the concatenated context.
            project(projections.output(), batch * lq, memory, qAt, qld, out, 0, projections.output().outFeatures());
        } finally {
            clear();
        }
    }

    /** Where Q, K, V and the logits go in scratch, and how the attention is cut into items. */
    private void layOut() {
        int threads = scratch.threads();
        int d = projections.output().outFeatures();
        long mq = (long) batch * lq;
        long mk = (long) batch * lk;
        long kvAt = Scratch.aligned(mq * d);
        long projected = selfAttention ? mq * 3 * d : kvAt + mk * 2 * d;
        scoresAt = Scratch.aligned(projected);
        // Returned weights mapped from a file stay batched: the packed products refuse mapped outputs.
        packedHeads = heads != null && additive == null
                && (!needWeights || weights.isNative() && !weights.isMapped());
        // Packed heads go one by one whatever the group, so one head an item: smaller items balance better, and a
        // head's tiles are consecutive items, so one thread packs its K and V once.
        group = packedHeads ? 1 : needWeights ? (threads > 1 ? 1 : numHeads)
                : headsPerTile(lq, lk, numHeads, threads);
        tileRows = needWeights ? weightTileRows(lq, causal) : tileRows(lq, lk, group, threads, causal);
        items = batch * ((numHeads + group - 1) / group) * ((lq + tileRows - 1) / tileRows);
        long cells = (long) group * tileRows;
        panelsAt = needWeights ? 0 : Scratch.aligned(cells * lk) + Scratch.aligned(cells);
        panelFloats = packedHeads ? Scratch.aligned(heads.panelFloats(lk, depth)) : 0;
        perThread = panelsAt + 2 * panelFloats;
        // Logits (and panels) for as many threads as can have an item at once.
        memory = scratch.reserve(scoresAt + Math.min(threads, items) * perThread);
        scores = needWeights ? weights : memory;
        qAt = 0;
        if (selfAttention) {
            qld = kvld = 3 * d;
            kAt = d;
            vAt = 2 * d;
        } else {
            qld = d;
            kvld = 2 * d;
            kAt = kvAt;
            vAt = kvAt + d;
        }
    }

    /** Q, K and V into scratch: one fused product for self-attention. */
    private void project() {
        int mq = batch * lq;
        int mk = batch * lk;
        if (selfAttention) {
            project(projections.queryKeyValue(), mq, query, memory, qAt, qld);
            return;
        }
        project(projections.query(), mq, query, memory, qAt, qld);
        if (keyValueShared) {
            project(projections.keyValue(), mk, key, memory, kAt, kvld);
        } else {
            project(projections.key(), mk, key, memory, kAt, kvld);
            project(projections.value(), mk, value, memory, vAt, kvld);
        }
    }

    /** {@code linear} on {@code rows} contiguous rows of {@code x} (its leading dimension the layer's input width). */
    private void project(Linear linear, int rows, MemorySegment x, MemorySegment y, long yAt, int yld) {
        project(linear, rows, x, 0, linear.inFeatures(), y, yAt, yld);
    }

    /** {@code y = x W^T + b} on {@code rows} rows, split among the workspace's threads when it has more than one. */
    private void project(Linear linear, int rows, MemorySegment x, long xAt, int xld, MemorySegment y, long yAt,
                         int yld) {
        if (loops == null) {
            linear.forwardColumns(gemm, rows, x, xAt, xld, y, yAt, yld, 0, linear.outFeatures(),
                    linear.weight().segment(), linear.weightAt(0), linear.bias().segment());
        } else {
            loops.project(gemm, linear, rows, x, xAt, xld, y, yAt, yld);
        }
    }

    /** Every item of the attention, on this thread or the team. */
    private void attend() {
        Arrays.fill(packedHead, -1);
        if (loops == null) {
            for (int item = 0; item < items; item++) {
                attendItem(item, 0);
            }
            return;
        }
        // The team's helpers see the caller's confined memory through globally scoped twins.
        scores = scratch.lend(scores);
        additive = scratch.lend(additive);
        hidden = scratch.lend(hidden);
        padding = scratch.lend(padding);
        loops.attend(items);
    }

    /**
     * Item {@code item} of the attention, on team member {@code member}: {@code group} heads of one batch row,
     * for one tile of {@code tileRows} query rows (fewer at the end).
     */
    void attendItem(int item, int member) {
        int groups = (numHeads + group - 1) / group;
        int tilesPerHead = (lq + tileRows - 1) / tileRows;
        Tile t = tiles[member];
        t.member = member;
        t.b = item / (groups * tilesPerHead);
        int h0 = item / tilesPerHead % groups * group;
        t.h0 = h0;
        t.row = item % tilesPerHead * tileRows;
        t.heads = Math.min(group, numHeads - h0);
        t.rows = Math.min(tileRows, lq - t.row);
        // Head h is column block h*depth of Q, K and V; a group of heads goes to BLAS as one batch with stride depth.
        long headAt = (long) h0 * depth;
        // Under a causal mask no query row of the tile sees a key past its last row.
        t.keys = causal ? Math.min(lk, t.row + t.rows) : lk;
        t.ld = needWeights ? lk : t.keys;
        long threadAt = scoresAt + member * perThread;
        t.sAt = needWeights ? (((long) t.b * numHeads + h0) * lq + t.row) * lk : threadAt;
        t.sStride = needWeights ? (long) lq * lk : (long) t.rows * t.ld;
        t.inversesAt = needWeights ? -1 : threadAt + Scratch.aligned((long) group * tileRows * lk);
        t.kPanelsAt = threadAt + panelsAt;
        t.vPanelsAt = t.kPanelsAt + panelFloats;
        t.qAt = qAt + (long) (t.b * lq + t.row) * qld + headAt;
        t.kAt = kAt + (long) t.b * lk * kvld + headAt;
        t.vAt = vAt + (long) t.b * lk * kvld + headAt;
        if (packedHeads) {
            attendPacked(t);
        } else {
            attendTile(t);
        }
    }

    /**
     * The tile's heads one by one on {@link #heads}: the logits from K's panels, the masked softmax, then P V from V's
     * panels into the head's own Q columns. A thread packs a head's K and V (all seq_k keys: a causal tile uses the
     * first ones) when its last tile was of another head.
     */
    private void attendPacked(Tile t) {
        boolean deferred = t.inversesAt >= 0;
        for (int h = 0; h < t.heads; h++) {
            long headAt = (long) h * depth;
            int head = t.b * numHeads + t.h0 + h;
            if (packedHead[t.member] != head) {
                heads.packKeys(lk, depth, memory, t.kAt + headAt, kvld, memory, t.kPanelsAt);
                heads.packValues(lk, depth, memory, t.vAt + headAt, kvld, memory, t.vPanelsAt);
                packedHead[t.member] = head;
            }
            long sAt = t.sAt + h * t.sStride;
            long inverses = (t.inversesAt + (long) h * t.rows) * Float.BYTES;
            heads.logits(t.rows, t.keys, depth, scale, memory, t.qAt + headAt, qld, memory, t.kPanelsAt, scores,
                    sAt, t.ld);
            Softmax.rows(scores, sAt * Float.BYTES, t.rows, t.ld, deferred ? t.keys : lk, lk, t.row, causal, hidden,
                    padding, (long) t.b * lk, deferred ? memory : null, inverses);
            heads.context(t.rows, depth, t.keys, scores, sAt, t.ld, memory, t.vPanelsAt, lk, memory, t.qAt + headAt,
                    qld);
            if (deferred) {
                Softmax.scaleRows(memory, t.qAt + headAt, t.rows, depth, qld, memory, inverses);
            }
        }
    }

    /**
     * The tile's heads: logits for every head in one batched GEMM, the masked softmax, then A*V in one batched
     * GEMM written into each head's own Q columns. A method of its own so the JIT compiles and inlines it well:
     * the forward pass must not allocate.
     */
    private void attendTile(Tile t) {
        float beta = 0f;
        if (additive != null) {
            for (int h = 0; h < t.heads; h++) {
                long to = (t.sAt + h * t.sStride) * Float.BYTES;
                if (t.ld == lk) {
                    MemorySegment.copy(additive, (long) t.row * lk * Float.BYTES, scores, to,
                            (long) t.rows * lk * Float.BYTES);
                } else {
                    for (int r = 0; r < t.rows; r++) {
                        MemorySegment.copy(additive, (long) (t.row + r) * lk * Float.BYTES, scores,
                                to + (long) r * t.ld * Float.BYTES, (long) t.keys * Float.BYTES);
                    }
                }
            }
            beta = 1f;
        }
        gemm.multiplyBatch(Transpose.TRANSPOSE, t.rows, t.keys, depth, scale, memory, t.qAt, qld, depth,
                memory, t.kAt, kvld, depth, beta, scores, t.sAt, t.ld, t.sStride, t.heads);
        boolean deferred = t.inversesAt >= 0;
        for (int h = 0; h < t.heads; h++) {
            // Returned weights are zeroed up to lk: the GEMM left the keys past `keys` as they were.
            Softmax.rows(scores, (t.sAt + h * t.sStride) * Float.BYTES, t.rows, t.ld, deferred ? t.keys : lk, lk,
                    t.row, causal, hidden, padding, (long) t.b * lk, deferred ? memory : null,
                    (t.inversesAt + (long) h * t.rows) * Float.BYTES);
        }
        gemm.multiplyBatch(Transpose.NO_TRANSPOSE, t.rows, depth, t.keys, 1f, scores, t.sAt, t.ld, t.sStride,
                memory, t.vAt, kvld, depth, 0f, memory, t.qAt, qld, depth, t.heads);
        if (deferred) {
            for (int h = 0; h < t.heads; h++) {
                Softmax.scaleRows(memory, t.qAt + (long) h * depth, t.rows, depth, qld, memory,
                        (t.inversesAt + (long) h * t.rows) * Float.BYTES);
            }
        }
    }

    /** Drops the call's references, so the workspace keeps none of the caller's memory reachable. */
    private void clear() {
        gemm = null;
        heads = null;
        projections = null;
        query = key = value = out = weights = null;
        additive = hidden = padding = null;
        memory = scores = null;
    }

    /**
     * One tile of query rows of a group of heads, in floats: where its Q, K, V and logits start, the logits'
     * stride between heads ({@code sStride}) and between rows ({@code ld}: {@code lk} in the caller's weights,
     * {@code keys} in scratch), the keys its products span (all {@code lk}, or under a causal mask those up to the
     * tile's last row: the rest weigh 0), where its deferred row sums go ({@code inversesAt}, -1 to normalise
     * in place), and on a gemm that packs heads, its thread's K and V panels.
     */
    private static final class Tile {
        int member;
        int b;
        int h0;
        int row;
        int rows;
        int heads;
        int keys;
        int ld;
        long qAt;
        long kAt;
        long vAt;
        long sAt;
        long sStride;
        long inversesAt;
        long kPanelsAt;
        long vPanelsAt;
    }

    /**
     * How many heads share one batched GEMM when the weights are not returned. With several threads, few enough
     * that every thread gets at least two groups: items are claimed one at a time, and more, smaller items
     * balance better.
     */
    public static int headsPerTile(int queryLength, int keyLength, int heads, int threads) {
        long rows = Math.min(queryLength, MIN_TILE_ROWS);
        int fit = (int) Math.max(1, Math.min(heads, TILE_FLOATS / threads / (rows * keyLength)));
        return threads == 1 ? fit : Math.min(fit, Math.max(1, heads / (2 * threads)));
    }

    /**
     * Query rows per tile for {@code heads} heads in flight on each of {@code threads} threads: few enough that
     * scratch grows with seq_k, not seq_k², at least 16, and split evenly so the last tile is not a sliver. Under a
     * causal mask a tile's products span the keys up to its last row only, so smaller tiles skip more of the
     * masked half (with seq_q = seq_k, eight tiles skip 7/16 of the logits and context products, one tile none).
     */
    public static int tileRows(int queryLength, int keyLength, int heads, int threads, boolean causal) {
        long limit = Math.max(16, TILE_FLOATS / threads / ((long) keyLength * heads));
        return evenTiles(queryLength, causal ? Math.min(limit, causalLimit(queryLength)) : limit);
    }

    /** Query rows per tile with the weights returned: whole heads, or the causal tiles under a causal mask. */
    public static int weightTileRows(int queryLength, boolean causal) {
        return causal ? evenTiles(queryLength, causalLimit(queryLength)) : queryLength;
    }

    private static long causalLimit(int queryLength) {
        return Math.max(MIN_CAUSAL_TILE_ROWS, (queryLength + CAUSAL_TILES - 1) / CAUSAL_TILES);
    }

    /** Rows per tile for tiles of at most {@code limit} rows, evened out. */
    private static int evenTiles(int queryLength, long limit) {
        if (limit >= queryLength) {
            return queryLength;
        }
        int tiles = (int) ((queryLength + limit - 1) / limit);
        return (queryLength + tiles - 1) / tiles;
    }
}
