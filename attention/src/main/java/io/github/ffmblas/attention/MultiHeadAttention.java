package io.github.ffmblas.attention;

import io.github.ffmblas.bindings.Transpose;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Objects;
import java.util.Optional;

/**
 * Multi-head attention on OpenBLAS, with heads as strided views: nothing is copied or permuted between the
 * projections and the output.
 *
 * <p>Inputs {@code [batch, seq, d_model]} are {@code [batch*seq, d_model]} row-major matrices. Self-attention
 * projects Q, K and V with one GEMM into a {@code [batch*seq, 3*d_model]} buffer; head {@code h} of batch
 * {@code b} is then the view at row {@code b*seq}, column {@code h*depth} (+{@code d_model} for K,
 * +{@code 2*d_model} for V) with leading dimension {@code 3*d_model}, handed to BLAS as it is. Per head:
 * {@code S = (1/sqrt(depth)) Q_h K_h^T} (the scale is the GEMM's alpha; an additive mask is the GEMM's C with
 * beta = 1), a masked, stable softmax of S in place, and {@code A V_h} written straight into Q_h's own columns,
 * which it no longer needs: together those columns are the concatenated {@code [batch*seq_q, d_model]} context
 * (leading dimension {@code 3*d_model}), which the output projection reads in place. Heads go to BLAS as one
 * strided batch per tile of query rows. When the weights are not returned, logits are kept one tile at a time
 * (scratch grows with seq_k, not seq_k squared) and the softmax normalisation is applied to the head outputs.
 * Under a causal mask a tile's products stop at the key of its last query row: the keys past it weigh 0.
 *
 * <p>Weights are immutable: one instance serves any number of threads. Scratch memory comes from a
 * {@link Workspace}, one per thread, so a steady-state forward allocates no native memory. A workspace of several
 * threads ({@link Workspace#create(int)}) splits each forward: the projections by output columns, the attention
 * into (batch row, group of heads, tile of query rows) items, each product a single-threaded OpenBLAS call. On
 * two cores that beats OpenBLAS's own threading, which splits the thin per-head products poorly (N or K is the
 * head depth) and leaves the softmax on one thread.
 */
public final class MultiHeadAttention implements Attention {
    private final int dModel;
    private final int numHeads;
    private final int depth;
    private final float scale;
    private final AttentionWeights weights;
    private final Gemm gemm;
    private final Linear queryKeyValue;
    private final Linear query;
    private final Linear keyValue;
    private final Linear key;
    private final Linear value;
    private final Linear output;

    /** Attention on OpenBLAS. */
    public MultiHeadAttention(int dModel, int numHeads, AttentionWeights weights) {
        this(dModel, numHeads, weights, Gemm.NATIVE);
    }

    /** Attention whose matrix products run on {@code gemm} (for instance a pure-Java kernel). */
    public MultiHeadAttention(int dModel, int numHeads, AttentionWeights weights, Gemm gemm) {
        this.depth = checkHeads(dModel, numHeads);
        this.dModel = dModel;
        this.numHeads = numHeads;
        this.weights = Objects.requireNonNull(weights, "weights");
        this.gemm = Objects.requireNonNull(gemm, "gemm");
        if (weights.dModel() != dModel) {
            throw new IllegalArgumentException("weights are for d_model " + weights.dModel() + ", not " + dModel);
        }
        if (gemm == Gemm.NATIVE && !weights.isNative()) {
            throw new IllegalArgumentException("OpenBLAS needs the weights in native memory; these are on the heap");
        }
        this.scale = (float) (1.0 / Math.sqrt(depth));
        this.queryKeyValue = weights.queryKeyValue();
        this.query = weights.query();
        this.keyValue = weights.keyValue();
        this.key = weights.key();
        this.value = weights.value();
        this.output = weights.output();
    }

    /**
     * {@code heads} heads (from the offsets given) of one tile of query rows: logits for every head in one batched
     * GEMM, the masked softmax, then A*V in one batched GEMM written into each head's own Q columns. A method of
     * its own so the JIT compiles and inlines it well: the forward pass must not allocate.
     *
     * @param keys       how many keys the products span: all {@code lk}, or under a causal mask only those up to
     *                   the tile's last query row (the rest weigh 0, so they are neither multiplied nor summed)
     * @param ld         floats from one row of logits to the next: {@code lk} in the caller's weights, {@code keys}
     *                   in scratch
     * @param inversesAt float offset in {@code scratch} for deferred row sums, or -1 to normalise in place
     */
    private void attendTile(MemorySegment scratch, long qAt, int qld, long kAt, int kld, long vAt, int vld,
                            MemorySegment scores, long sAt, long sStride, int rows, int keys, int ld, int lk, int row,
                            int b, boolean causal, MemorySegment additive, MemorySegment hidden, MemorySegment padding,
                            long inversesAt, int heads) {
        float beta = 0f;
        if (additive != null) {
            for (int h = 0; h < heads; h++) {
                long to = (sAt + h * sStride) * Float.BYTES;
                if (ld == lk) {
                    MemorySegment.copy(additive, (long) row * lk * Float.BYTES, scores, to,
                            (long) rows * lk * Float.BYTES);
                } else {
                    for (int r = 0; r < rows; r++) {
                        MemorySegment.copy(additive, (long) (row + r) * lk * Float.BYTES, scores,
                                to + (long) r * ld * Float.BYTES, (long) keys * Float.BYTES);
                    }
                }
            }
            beta = 1f;
        }
        gemm.multiplyBatch(Transpose.TRANSPOSE, rows, keys, depth, scale, scratch, qAt, qld, depth,
                scratch, kAt, kld, depth, beta, scores, sAt, ld, sStride, heads);
        boolean deferred = inversesAt >= 0;
        for (int h = 0; h < heads; h++) {
            // Returned weights are zeroed up to lk: the GEMM left the keys past `keys` as they were.
            Softmax.rows(scores, (sAt + h * sStride) * Float.BYTES, rows, ld, deferred ? keys : lk, lk, row, causal,
                    hidden, padding, (long) b * lk, deferred ? scratch : null,
                    (inversesAt + (long) h * rows) * Float.BYTES);
        }
        gemm.multiplyBatch(Transpose.NO_TRANSPOSE, rows, depth, keys, 1f, scores, sAt, ld, sStride,
                scratch, vAt, vld, depth, 0f, scratch, qAt, qld, depth, heads);
        if (deferred) {
            for (int h = 0; h < heads; h++) {
                Softmax.scaleRows(scratch, qAt + (long) h * depth, rows, depth, qld, scratch,
                        (inversesAt + (long) h * rows) * Float.BYTES);
            }
        }
    }

    /**
     * Logits of the heads in flight are kept for about this many floats (4 MiB) when the weights are not returned,
     * shared among a team's threads, so scratch does not grow with the thread count.
     */
    static final int TILE_FLOATS = 1 << 20;
    /** Fewer query rows than this per GEMM cost efficiency; long sequences take fewer heads at a time instead. */
    static final int MIN_TILE_ROWS = 512;

    /**
     * How many heads share one batched GEMM when the weights are not returned. With several threads, few enough
     * that every thread gets at least two groups: items are claimed one at a time, and more, smaller items
     * balance better.
     */
    static int headsPerTile(int queryLength, int keyLength, int heads, int threads) {
        long rows = Math.min(queryLength, MIN_TILE_ROWS);
        int fit = (int) Math.max(1, Math.min(heads, TILE_FLOATS / threads / (rows * keyLength)));
        return threads == 1 ? fit : Math.min(fit, Math.max(1, heads / (2 * threads)));
    }

    /** Under a causal mask, sequences go in about this many tiles, so their products skip the masked triangle. */
    static final int CAUSAL_TILES = 8;
    /**
     * The row limit a causal tile gets is never below this (tiles are then evened out, so 100 rows make two tiles
     * of 50): shorter tiles cost GEMM efficiency.
     */
    static final int MIN_CAUSAL_TILE_ROWS = 64;

    /**
     * Query rows per tile for {@code heads} heads in flight on each of {@code threads} threads: few enough that
     * scratch grows with seq_k, not seq_k², at least 16, and split evenly so the last tile is not a sliver. Under a
     * causal mask a tile's products span the keys up to its last row only, so smaller tiles skip more of the
     * masked half (with seq_q = seq_k, eight tiles skip 7/16 of the logits and context products, one tile none).
     */
    static int tileRows(int queryLength, int keyLength, int heads, int threads, boolean causal) {
        long limit = Math.max(16, TILE_FLOATS / threads / ((long) keyLength * heads));
        return evenTiles(queryLength, causal ? Math.min(limit, causalLimit(queryLength)) : limit);
    }

    /** Query rows per tile with the weights returned: whole heads, or the causal tiles under a causal mask. */
    static int weightTileRows(int queryLength, boolean causal) {
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

    /** The seed's check, with the seed's message. Returns the head depth. */
    static int checkHeads(int dModel, int numHeads) {
        if (dModel < 1 || numHeads < 1) {
            throw new IllegalArgumentException("d_model and num_heads must be >= 1, got " + dModel + " and " + numHeads);
        }
        if (dModel % numHeads != 0) {
            throw new IllegalArgumentException("d_model must be divisible by num_heads (d_model=" + dModel
                    + ", num_heads=" + numHeads + ")");
        }
        return dModel / numHeads;
    }

    /** How softmax runs in this JVM: SIMD (Vector API) or plain Java, and why. */
    public static String softmaxImplementation() {
        RowKernel kernel = RowKernel.INSTANCE; // first: choosing the kernel is what records the reason
        String reason = RowKernel.Choice.fallbackReason();
        return kernel.description() + (reason.isEmpty() ? "" : " (" + reason + ")");
    }

    @Override
    public int dModel() {
        return dModel;
    }

    @Override
    public int numHeads() {
        return numHeads;
    }

    public AttentionWeights weights() {
        return weights;
    }

    /** Forward pass with results in fresh memory (freed by the garbage collector) and the thread's workspace. */
    @Override
    public AttentionResult forward(Tensor query, Tensor key, Tensor value, AttentionOptions options) {
        return forward(query, key, value, options, Workspace.forCurrentThread());
    }

    /**
     * Forward pass with results in fresh memory (freed by the garbage collector) and the given workspace, for
     * instance one of several threads ({@link Workspace#create(int)}).
     */
    public AttentionResult forward(Tensor query, Tensor key, Tensor value, AttentionOptions options,
                                   Workspace workspace) {
        AttentionShapes shapes = AttentionShapes.check(dModel, query, key, value, options);
        Arena arena = Arena.ofAuto();
        Tensor out = Tensor.allocate(arena, shapes.batch(), shapes.queryLength(), dModel);
        Tensor attention = options.needWeights()
                ? Tensor.allocate(arena, shapes.batch(), numHeads, shapes.queryLength(), shapes.keyLength())
                : null;
        run(shapes, query, key, value, options, workspace, out, attention);
        return new AttentionResult(out, Optional.ofNullable(attention));
    }

    /**
     * Forward pass into caller-provided memory: the allocation-free form.
     *
     * @param out              {@code [batch, seq_q, d_model]}
     * @param attentionWeights {@code [batch, heads, seq_q, seq_k]} when {@code options.needWeights()}, else
     *                         ignored (may be null)
     * @param workspace        scratch memory owned by the calling thread
     * @throws IllegalArgumentException before any work, naming the tensor, for a wrong shape, or an output that is
     *                                  read-only (a file's mapping), on a heap array other than a float[], off a
     *                                  float boundary, or sharing memory with any other tensor of the call
     *                                  (inputs, masks, weights, the other output)
     * @throws IllegalStateException    naming the tensor or weight whose memory was freed
     * @throws WrongThreadException     naming the tensor or weight (and its thread) confined to another thread
     */
    public void forward(Tensor query, Tensor key, Tensor value, AttentionOptions options, Workspace workspace,
                        Tensor out, Tensor attentionWeights) {
        run(AttentionShapes.check(dModel, query, key, value, options), query, key, value, options, workspace, out,
                attentionWeights);
    }

    /** The forward pass once the inputs' shapes are known to be right. */
    private void run(AttentionShapes shapes, Tensor query, Tensor key, Tensor value, AttentionOptions options,
                     Workspace workspace, Tensor out, Tensor attentionWeights) {
        boolean needWeights = options.needWeights();
        shapes.checkOutputs(dModel, numHeads, out, attentionWeights, needWeights);
        ForwardMemory.check(weights, query, key, value, options, out, needWeights ? attentionWeights : null);
        Objects.requireNonNull(workspace, "workspace");
        workspace.checkUsable();

        int threads = workspace.threads();
        int batch = shapes.batch();
        int lq = shapes.queryLength();
        int lk = shapes.keyLength();
        int mq = batch * lq;
        int mk = batch * lk;
        int d = dModel;

        // Scratch (floats): the projected Q, K, V, then, when the weights are not kept, for each thread the logits
        // of its heads in flight for one tile of query rows and their row sums. Each head's output overwrites that
        // head's Q columns once they are used, so the concatenated context needs no memory of its own.
        long kvAt = Workspace.aligned((long) mq * d);
        long projected = shapes.selfAttention() ? (long) mq * 3 * d : kvAt + (long) mk * 2 * d;
        long scoresAt = Workspace.aligned(projected);
        // The attention's items: (batch row, group of heads, tile of query rows). With the weights returned, one
        // head (all heads at one thread) per item, whole or in causal tiles, written straight into them.
        int group = needWeights ? (threads > 1 ? 1 : numHeads) : headsPerTile(lq, lk, numHeads, threads);
        int tileRows = needWeights ? weightTileRows(lq, options.causal())
                : tileRows(lq, lk, group, threads, options.causal());
        int items = batch * ((numHeads + group - 1) / group) * ((lq + tileRows - 1) / tileRows);
        long cells = (long) group * tileRows;
        long perThread = needWeights ? 0 : Workspace.aligned(cells * lk) + Workspace.aligned(cells);
        // Logits for as many threads as can have an item at once.
        MemorySegment scratch = workspace.reserve(scoresAt + Math.min(threads, items) * perThread);

        // Where Q, K and V start in scratch and their row strides (floats): offsets rather than views, so the
        // forward creates no objects for them.
        long qAt = 0;
        long kAt;
        long vAt;
        int qld;
        int kvld;
        MemorySegment x = query.segment();
        if (shapes.selfAttention()) {
            qld = kvld = 3 * d;
            kAt = d;
            vAt = 2 * d;
            project(workspace, queryKeyValue, mq, x, scratch, qAt, qld);
        } else {
            qld = d;
            kvld = 2 * d;
            kAt = kvAt;
            vAt = kvAt + d;
            project(workspace, this.query, mq, x, scratch, qAt, qld);
            if (shapes.keyValueShared()) {
                project(workspace, keyValue, mk, key.segment(), scratch, kAt, kvld);
            } else {
                project(workspace, this.key, mk, key.segment(), scratch, kAt, kvld);
                project(workspace, this.value, mk, value.segment(), scratch, vAt, kvld);
            }
        }

        Tensor mask = options.attnMask();
        MemorySegment additive = mask != null && mask.dtype() == DType.F32 ? mask.segment() : null;
        MemorySegment hidden = mask != null && mask.dtype() == DType.BOOL ? mask.segment() : null;
        MemorySegment padding = options.keyPaddingMask() == null ? null : options.keyPaddingMask().segment();
        MemorySegment scores = needWeights ? attentionWeights.segment() : scratch;
        boolean causal = options.causal();
        if (threads == 1) {
            for (int item = 0; item < items; item++) {
                attendItem(item, group, tileRows, lq, lk, needWeights, scratch, qAt, qld, kAt, kvld, vAt, kvld, scores,
                        scoresAt, causal, additive, hidden, padding);
            }
        } else {
            workspace.loops().attend(this, items, group, tileRows, lq, lk, needWeights, scratch, qAt, qld, kAt, kvld,
                    vAt, kvld, scores, scoresAt, perThread, causal, additive, hidden, padding);
        }
        project(workspace, output, mq, scratch, qAt, qld, out.segment(), 0, d); // Q's columns: the context
    }

    /**
     * {@code linear} on {@code rows} contiguous rows of {@code x} (leading dimension its input width) into y,
     * split among the workspace's threads when it has more than one.
     */
    private void project(Workspace workspace, Linear linear, int rows, MemorySegment x, MemorySegment y, long yAt,
                         int yld) {
        project(workspace, linear, rows, x, 0, linear.inFeatures(), y, yAt, yld);
    }

    private void project(Workspace workspace, Linear linear, int rows, MemorySegment x, long xAt, int xld,
                         MemorySegment y, long yAt, int yld) {
        if (workspace.threads() == 1) {
            linear.forwardColumns(gemm, rows, x, xAt, xld, y, yAt, yld, 0, linear.outFeatures(),
                    linear.weight().segment(), linear.bias().segment());
        } else {
            workspace.loops().project(gemm, linear, rows, x, xAt, xld, y, yAt, yld);
        }
    }

    /**
     * One item of the attention: {@code group} heads of one batch row, for one tile of {@code tileRows} query
     * rows (fewer at the end).
     *
     * @param qAt      where Q starts in {@code scratch} (floats), {@code qld} floats a row; likewise K and V
     * @param scoresAt where this thread's logits start in {@code scratch} (when the weights are not returned)
     */
    void attendItem(int item, int group, int tileRows, int lq, int lk, boolean needWeights, MemorySegment scratch,
                    long qAt, int qld, long kAt, int kld, long vAt, int vld, MemorySegment scores, long scoresAt,
                    boolean causal, MemorySegment additive, MemorySegment hidden, MemorySegment padding) {
        int groups = (numHeads + group - 1) / group;
        int tiles = (lq + tileRows - 1) / tileRows;
        int b = item / (groups * tiles);
        int h0 = item / tiles % groups * group;
        int row = item % tiles * tileRows;
        int heads = Math.min(group, numHeads - h0);
        int rows = Math.min(tileRows, lq - row);
        // Head h is column block h*depth of Q, K and V (the views, inlined as offsets so the loop allocates
        // nothing); a group of heads goes to BLAS as one batch with stride depth.
        long headAt = (long) h0 * depth;
        // Under a causal mask no query row of the tile sees a key past its last row.
        int keys = causal ? Math.min(lk, row + rows) : lk;
        int ld = needWeights ? lk : keys;
        long sAt = needWeights ? (((long) b * numHeads + h0) * lq + row) * lk : scoresAt;
        long inversesAt = needWeights ? -1 : scoresAt + Workspace.aligned((long) group * tileRows * lk);
        attendTile(scratch, qAt + (long) (b * lq + row) * qld + headAt, qld, kAt + (long) b * lk * kld + headAt, kld,
                vAt + (long) b * lk * vld + headAt, vld, scores, sAt,
                needWeights ? (long) lq * lk : (long) rows * ld, rows, keys, ld, lk, row, b, causal, additive, hidden,
                padding, inversesAt, heads);
    }
}
