package io.github.ffmblas.attention.internal;

import io.github.ffmblas.attention.Gemm;
import io.github.ffmblas.attention.StepOptions;
import io.github.ffmblas.attention.Tensor;
import io.github.ffmblas.bindings.Blas;
import io.github.ffmblas.bindings.Layout;
import io.github.ffmblas.bindings.Transpose;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * One step over a key/value cache, planned and run: project the step's rows, append their keys and values to the
 * cache, attend the new queries over everything cached (causal among the new tokens), project the context. One plan
 * per workspace ({@link Scratch#decodePlan()}), filled in for each step and emptied after it, so a step allocates
 * nothing. The caller has checked every tensor and the cache.
 *
 * <p>The cache is two {@code [batch, heads, maxLength, depth]} buffers; head h of item b is the dense
 * {@code [maxLength, depth]} matrix at {@code (b * heads + h) * maxLength * depth}. At one new token per item, every product is
 * a matrix-vector one, so they go to {@code sgemv} (a step then reads each weight and each cached float once: the
 * bandwidth bound); several tokens go to the model's {@link Gemm} for the projections and to OpenBLAS's sgemm for
 * the heads (thin products over the cache's views, where the other backend gained nothing in the forward).
 * The projections always run on the model's gemm except for one row on OpenBLAS, which is sgemv.
 *
 * <p>Scratch holds the projected rows (Q|K|V fused for self-attention) and each thread's logits; each head's context
 * overwrites its own Q columns, and the output projection reads them in place. A workspace of several threads
 * splits the projections by output columns and the attention by (item, head).
 */
public final class DecodePlan implements Team.Task {
    /** What a step does with the cache. */
    public enum Mode {
        /** Append the new tokens' keys and values, attend causally over the cache: self-attention decoding. */
        DECODE,
        /** Append keys and values only (an encoder's output for cross-attention, or a prefix). */
        APPEND,
        /** Attend over the cache, append nothing: a cross-attention step. */
        ATTEND
    }

    private static final int PROJECT = 0;
    private static final int HEADS = 1;

    private final Scratch scratch;
    private final Team team;
    private int[] tokens = new int[1];

    // the model
    private Gemm gemm;
    private int numHeads;
    private int depth;
    private int dModel;
    private float scale;
    private Projections projections;

    // the cache
    private MemorySegment cache;
    private long valuesAt;
    private int maxLength;
    private int[] lengths;

    // the call
    private Mode mode;
    private MemorySegment query;
    private MemorySegment key;
    private MemorySegment value;
    private boolean selfAttention;
    private boolean keyValueShared;
    private int batch;
    private int n;
    private boolean needWeights;
    private MemorySegment out;
    private MemorySegment weights;
    private int weightsLd;

    // the layout in scratch (floats)
    private MemorySegment memory;
    private long qAt;
    private int qld;
    private long kAt;
    private long vAt;
    private int kvld;
    private long logitsAt;
    private long perThread;

    // the parallel loop in flight
    private int phase;
    private Linear linear;
    private MemorySegment x;
    private long xAt;
    private int xld;
    private MemorySegment y;
    private long yAt;
    private int yld;
    private int rows;
    private int width;
    private MemorySegment weight;
    private MemorySegment bias;

    DecodePlan(Scratch scratch) {
        this.scratch = scratch;
        this.team = scratch.team();
    }

    public DecodePlan model(Gemm gemm, int numHeads, Projections projections) {
        this.gemm = gemm;
        this.numHeads = numHeads;
        this.projections = projections;
        this.dModel = projections.output().outFeatures();
        this.depth = dModel / numHeads;
        this.scale = (float) (1.0 / Math.sqrt(depth));
        return this;
    }

    /** The cache: keys at float 0 of {@code memory}, values at {@code valuesAt}; {@code lengths} advanced here. */
    public DecodePlan cache(MemorySegment memory, long valuesAt, int maxLength, int[] lengths) {
        this.cache = memory;
        this.valuesAt = valuesAt;
        this.maxLength = maxLength;
        this.lengths = lengths;
        return this;
    }

    /**
     * The step's inputs, {@code [batch, n, d]} each; {@code query} null to append only, {@code key} and {@code value}
     * null to attend only. {@code selfAttention}: all three are one tensor; {@code keyValueShared}: key and value are.
     */
    public DecodePlan inputs(Mode mode, Tensor query, Tensor key, Tensor value, boolean selfAttention,
                             boolean keyValueShared, StepOptions options) {
        this.mode = mode;
        Tensor any = query != null ? query : key;
        this.batch = any.dim(0);
        this.n = any.dim(1);
        this.query = query == null ? null : query.segment();
        this.key = key == null ? null : key.segment();
        this.value = value == null ? null : value.segment();
        this.selfAttention = selfAttention;
        this.keyValueShared = keyValueShared;
        this.needWeights = options.needWeights();
        if (tokens.length < batch) {
            tokens = new int[batch]; // once per larger batch
        }
        for (int b = 0; b < batch; b++) {
            tokens[b] = options.tokens(b, n);
        }
        return this;
    }

    /** The output {@code [batch, n, d]} and, when asked for, the weights {@code [batch, heads, n, K]}; null to append. */
    public DecodePlan outputs(Tensor out, Tensor attentionWeights) {
        this.out = out == null ? null : out.segment();
        this.weights = needWeights && attentionWeights != null ? attentionWeights.segment() : null;
        this.weightsLd = weights == null ? 0 : attentionWeights.dim(3);
        return this;
    }

    /** Runs the step planned, then forgets the call. */
    public void run() {
        try {
            layOut();
            project();
            if (mode != Mode.ATTEND) {
                append();
            }
            if (mode != Mode.APPEND) {
                attend();
                project(projections.output(), memory, qAt, qld, out, 0, dModel);
                zeroPadding();
            }
            if (mode != Mode.ATTEND) {
                for (int b = 0; b < batch; b++) {
                    lengths[b] += tokens[b];
                }
            }
        } finally {
            clear();
        }
    }

    /** Where the projected rows and the logits go in scratch. */
    private void layOut() {
        int d = dModel;
        long m = (long) batch * n;
        long projected;
        if (mode == Mode.DECODE && selfAttention) {
            qAt = 0;
            qld = kvld = 3 * d;
            kAt = d;
            vAt = 2 * d;
            projected = m * 3 * d;
        } else {
            long kvBase = mode == Mode.APPEND ? 0 : Scratch.aligned(m * d);
            qAt = 0;
            qld = d;
            kAt = kvBase;
            vAt = kvBase + d;
            kvld = 2 * d;
            projected = mode == Mode.ATTEND ? m * d : kvBase + m * 2 * d;
        }
        logitsAt = Scratch.aligned(projected);
        int threads = scratch.threads();
        int items = batch * numHeads;
        perThread = 0;
        if (mode != Mode.APPEND && !needWeights) {
            int keys = 0;
            for (int b = 0; b < batch; b++) {
                keys = Math.max(keys, lengths[b] + (mode == Mode.DECODE ? tokens[b] : 0));
            }
            // Rounded up to a power of two, so scratch grows a few times over a generation, not every step.
            long capacity = Math.min(maxLength, Math.max(64, Integer.highestOneBit(Math.max(1, keys - 1)) * 2L));
            perThread = Scratch.aligned((long) n * capacity) + Scratch.aligned(n);
        }
        memory = scratch.reserve(logitsAt + Math.min(threads, items) * perThread);
    }

    /** The step's rows projected into scratch: Q|K|V in one product for self-attention. */
    private void project() {
        int d = dModel;
        if (mode == Mode.DECODE && selfAttention) {
            project(projections.queryKeyValue(), query, 0, d, memory, qAt, qld);
            return;
        }
        if (mode != Mode.APPEND) {
            project(projections.query(), query, 0, d, memory, qAt, qld);
        }
        if (mode != Mode.ATTEND) {
            if (keyValueShared) {
                project(projections.keyValue(), key, 0, d, memory, kAt, kvld);
            } else {
                project(projections.key(), key, 0, d, memory, kAt, kvld);
                project(projections.value(), value, 0, d, memory, vAt, kvld);
            }
        }
    }

    /** {@code y = x W^T + b} on the step's {@code batch * n} rows, split by output columns on a team. */
    private void project(Linear linear, MemorySegment x, long xAt, int xld, MemorySegment y, long yAt, int yld) {
        this.rows = batch * n;
        this.linear = linear;
        this.xAt = xAt;
        this.xld = xld;
        this.yAt = yAt;
        this.yld = yld;
        int cols = linear.outFeatures();
        if (team == null) {
            this.x = x;
            this.y = y;
            this.weight = linear.weight().segment();
            this.bias = linear.bias().segment();
            projectColumns(0, cols);
            return;
        }
        // Whole 64-byte lines wide, so parts do not share a cache line of y.
        width = (int) Scratch.aligned((cols + team.size() - 1) / team.size());
        this.x = scratch.lend(x);
        this.y = scratch.lend(y);
        this.weight = scratch.lend(linear.weight().segment());
        this.bias = scratch.lend(linear.bias().segment());
        phase = PROJECT;
        team.run(this, (cols + width - 1) / width);
    }

    /** Output columns [from, to) of the projection in flight; one row on OpenBLAS is a matrix-vector product. */
    private void projectColumns(int from, int to) {
        if (rows == 1 && gemm == Gemm.NATIVE) {
            StridedMatrix w = linear.weight();
            MemorySegment.copy(bias, (linear.bias().offset() + from) * Float.BYTES, y, (yAt + from) * Float.BYTES,
                    (long) (to - from) * Float.BYTES);
            Blas.sgemv(Layout.ROW_MAJOR, Transpose.NO_TRANSPOSE, to - from, w.cols(), 1f, weight,
                    linear.weightAt(from), w.ld(), x, xAt, 1, 1f, y, yAt + from, 1);
        } else {
            linear.forwardColumns(gemm, rows, x, xAt, xld, y, yAt, yld, from, to, weight, linear.weightAt(from), bias);
        }
    }

    /** Each item's new keys and values, copied from scratch to each head's rows after its cached ones. */
    private void append() {
        long headBytes = (long) depth * Float.BYTES;
        for (int b = 0; b < batch; b++) {
            for (int h = 0; h < numHeads; h++) {
                long to = (((long) b * numHeads + h) * maxLength + lengths[b]) * depth;
                long from = (long) b * n * kvld + (long) h * depth;
                for (int r = 0; r < tokens[b]; r++) {
                    MemorySegment.copy(memory, (from + kAt) * Float.BYTES, cache, to * Float.BYTES, headBytes);
                    MemorySegment.copy(memory, (from + vAt) * Float.BYTES, cache, (valuesAt + to) * Float.BYTES,
                            headBytes);
                    from += kvld;
                    to += depth;
                }
            }
        }
    }

    /** Every (item, head), on this thread or the team. */
    private void attend() {
        int items = batch * numHeads;
        if (team == null) {
            for (int i = 0; i < items; i++) {
                attendHead(i, 0);
            }
            return;
        }
        cache = scratch.lend(cache);
        weights = scratch.lend(weights);
        phase = HEADS;
        team.run(this, items);
    }

    @Override
    public void run(int item, int member) {
        if (phase == HEADS) {
            attendHead(item, member);
        } else {
            int from = item * width;
            projectColumns(from, Math.min(linear.outFeatures(), from + width));
        }
    }

    /**
     * Head {@code item % heads} of batch item {@code item / heads}: its new queries against its cached keys, the
     * softmax (causal among the new tokens when decoding), and the context into the head's own Q columns.
     */
    void attendHead(int item, int member) {
        int b = item / numHeads;
        int h = item % numHeads;
        int rowsHere = tokens[b];
        long wAt = weights == null ? 0 : ((long) b * numHeads + h) * n * weightsLd;
        if (rowsHere == 0) {
            zeroWeightRows(wAt, 0);
            return;
        }
        int start = lengths[b];
        int keys = mode == Mode.DECODE ? start + rowsHere : start;
        long q = qAt + (long) b * n * qld + (long) h * depth;
        long k = ((long) b * numHeads + h) * maxLength * depth;
        RowKernel kernel = RowKernel.INSTANCE;
        if (keys == 0) { // nothing cached to attend to: the context is 0, as for a fully masked row
            for (int r = 0; r < rowsHere; r++) {
                kernel.zero(memory, (q + (long) r * qld) * Float.BYTES, depth);
            }
            zeroWeightRows(wAt, 0);
            return;
        }
        MemorySegment s = weights != null ? weights : memory;
        long sAt = weights != null ? wAt : logitsAt + member * perThread;
        int ld = weights != null ? weightsLd : keys;
        long inverses = weights != null ? -1 : sAt + perThread - Scratch.aligned(n); // after the thread's logits
        if (rowsHere == 1) {
            Blas.sgemv(Layout.ROW_MAJOR, Transpose.NO_TRANSPOSE, keys, depth, scale, cache, k, depth, memory, q, 1,
                    0f, s, sAt, 1);
        } else {
            Gemm.NATIVE.multiply(Transpose.TRANSPOSE, rowsHere, keys, depth, scale, memory, q, qld, cache, k, depth,
                    0f, s, sAt, ld);
        }
        boolean causal = mode == Mode.DECODE;
        Softmax.rows(s, sAt * Float.BYTES, rowsHere, ld, keys, keys, causal ? start : 0, causal, null, null, 0,
                weights != null ? null : memory, inverses * Float.BYTES);
        if (weights != null) {
            for (int r = 0; r < rowsHere; r++) {
                kernel.zero(s, (sAt + (long) r * ld + keys) * Float.BYTES, ld - keys);
            }
            zeroWeightRows(wAt, rowsHere);
        }
        if (rowsHere == 1) {
            float alpha = weights != null ? 1f : memory.get(ValueLayout.JAVA_FLOAT,
                    inverses * Float.BYTES);
            Blas.sgemv(Layout.ROW_MAJOR, Transpose.TRANSPOSE, keys, depth, alpha, cache, valuesAt + k, depth, s, sAt,
                    1, 0f, memory, q, 1);
        } else {
            Gemm.NATIVE.multiply(Transpose.NO_TRANSPOSE, rowsHere, depth, keys, 1f, s, sAt, ld, cache, valuesAt + k,
                    depth, 0f, memory, q, qld);
            if (weights == null) {
                Softmax.scaleRows(memory, q, rowsHere, depth, qld, memory, inverses * Float.BYTES);
            }
        }
    }

    /** The returned weights' rows from {@code fromRow} on (padding rows of the step) set to 0. */
    private void zeroWeightRows(long wAt, int fromRow) {
        if (weights == null || fromRow >= n) {
            return;
        }
        RowKernel.INSTANCE.zero(weights, (wAt + (long) fromRow * weightsLd) * Float.BYTES,
                (n - fromRow) * weightsLd);
    }

    /** Output rows past an item's tokens are padding: 0. */
    private void zeroPadding() {
        RowKernel kernel = RowKernel.INSTANCE;
        for (int b = 0; b < batch; b++) {
            if (tokens[b] < n) {
                kernel.zero(out, ((long) b * n + tokens[b]) * dModel * Float.BYTES, (n - tokens[b]) * dModel);
            }
        }
    }

    /** Drops the call's references, so the workspace keeps none of the caller's memory reachable. */
    private void clear() {
        gemm = null;
        projections = null;
        linear = null;
        cache = query = key = value = out = weights = memory = null;
        x = y = weight = bias = null;
        lengths = null;
    }
}
