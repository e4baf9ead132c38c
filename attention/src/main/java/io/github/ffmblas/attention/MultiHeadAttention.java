package io.github.ffmblas.attention;

import io.github.ffmblas.attention.internal.DecodePlan;
import io.github.ffmblas.attention.internal.Softmax;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.ref.Reference;
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
    private final AttentionWeights weights;
    private final Gemm gemm;

    /** Attention on OpenBLAS. */
    public MultiHeadAttention(int dModel, int numHeads, AttentionWeights weights) {
        this(dModel, numHeads, weights, Gemm.NATIVE);
    }

    /** Attention whose matrix products run on {@code gemm} (for instance a pure-Java kernel). */
    public MultiHeadAttention(int dModel, int numHeads, AttentionWeights weights, Gemm gemm) {
        checkHeads(dModel, numHeads);
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
    }

    /** The check of the module this project started from, with its message. Returns the head depth. */
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
        return Softmax.implementation();
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

    /**
     * One step of incremental self-attention over {@code cache}: projects the new tokens ({@code [batch, n, d]}
     * each, item b taking the first {@code options.tokens(b, n)} rows), appends their keys and values to the cache,
     * and attends each new query over its item's cached tokens and the new ones up to itself (causal). The output
     * equals the rows of the full causal forward over each item's whole sequence. Allocation-free in steady state.
     *
     * @param out              {@code [batch, n, d]}; rows past an item's tokens are set to 0
     * @param attentionWeights when {@code options.needWeights()}: {@code [batch, heads, n, K]}, K at least the most
     *                         keys an item attends to after the step; the keys past an item's are 0 (else ignored)
     * @param workspace        scratch memory owned by the calling thread; its threads split the step
     * @throws IllegalStateException    naming the item, when the step would exceed the cache's maxLength; or when
     *                                  a tensor's, a weight's or the cache's memory was freed, or the cache closed
     * @throws IllegalArgumentException for a wrong shape, or an output or input that the forward's rules refuse
     *                                  (the cache counts as an output: nothing may share its memory)
     * @throws WrongThreadException     for a tensor, weight, workspace or cache of another thread
     */
    public void decode(Tensor query, Tensor key, Tensor value, KeyValueCache cache, StepOptions options,
                       Workspace workspace, Tensor out, Tensor attentionWeights) {
        step(DecodePlan.Mode.DECODE, query, key, value, cache, options, workspace, out, attentionWeights);
    }

    /** {@link #decode(Tensor, Tensor, Tensor, KeyValueCache, StepOptions, Workspace, Tensor, Tensor) decode} with
     * results in fresh memory (weights {@code [batch, heads, n, K]}, K the most keys an item attends to) and the
     * thread's workspace. */
    public AttentionResult decode(Tensor query, Tensor key, Tensor value, KeyValueCache cache, StepOptions options) {
        return stepResult(DecodePlan.Mode.DECODE, query, key, value, cache, options);
    }

    /**
     * Projects {@code key} and {@code value} ({@code [batch, n, d]}) and appends them to {@code cache}, attending
     * nothing: an encoder's output for cross-attention (then {@link #attend}), projected once.
     */
    public void appendKeyValues(Tensor key, Tensor value, KeyValueCache cache, StepOptions options,
                                Workspace workspace) {
        step(DecodePlan.Mode.APPEND, null, key, value, cache, options, workspace, null, null);
    }

    /**
     * Cross-attention over {@code cache}: projects {@code query} ({@code [batch, n, d]}) and attends every row over
     * all its item's cached keys, appending nothing (no causal mask: a cached item of length L is the forward with a
     * key_padding_mask hiding keys L and on).
     */
    public void attend(Tensor query, KeyValueCache cache, StepOptions options, Workspace workspace, Tensor out,
                       Tensor attentionWeights) {
        step(DecodePlan.Mode.ATTEND, query, null, null, cache, options, workspace, out, attentionWeights);
    }

    /** {@link #attend(Tensor, KeyValueCache, StepOptions, Workspace, Tensor, Tensor) attend} into fresh memory. */
    public AttentionResult attend(Tensor query, KeyValueCache cache, StepOptions options) {
        return stepResult(DecodePlan.Mode.ATTEND, query, null, null, cache, options);
    }

    private AttentionResult stepResult(DecodePlan.Mode mode, Tensor query, Tensor key, Tensor value,
                                       KeyValueCache cache, StepOptions options) {
        Arena arena = Arena.ofAuto();
        Tensor out = query == null ? null : Tensor.allocate(arena, query.shape());
        Tensor attention = null;
        if (options != null && options.needWeights() && query != null && query.rank() == 3 && cache != null
                && query.dim(0) == cache.batch()) {
            int keys = 1;
            for (int b = 0; b < cache.batch(); b++) {
                int tokens = options.hasTokens() && options.tokenItems() == cache.batch()
                        ? options.tokens(b, query.dim(1)) : query.dim(1);
                keys = Math.max(keys, cache.length(b) + (mode == DecodePlan.Mode.DECODE ? tokens : 0));
            }
            attention = Tensor.allocate(arena, query.dim(0), numHeads, query.dim(1), keys);
        }
        step(mode, query, key, value, cache, options, Workspace.forCurrentThread(), out, attention);
        return new AttentionResult(out, Optional.ofNullable(attention));
    }

    /** Any step over a cache, checked first. */
    private void step(DecodePlan.Mode mode, Tensor query, Tensor key, Tensor value, KeyValueCache cache,
                      StepOptions options, Workspace workspace, Tensor out, Tensor attentionWeights) {
        StepChecks.check(this, mode, query, key, value, cache, options, out, attentionWeights);
        Objects.requireNonNull(workspace, "workspace");
        workspace.scratch().checkUsable();
        boolean keyValueShared = key != null && AttentionShapes.same(key, value);
        boolean selfAttention = keyValueShared && query != null && AttentionShapes.same(query, key);
        try {
            workspace.scratch().decodePlan()
                    .model(gemm, numHeads, weights.projections())
                    .cache(cache.memory(), cache.valuesAt(), cache.maxLength(), cache.lengthsArray())
                    .inputs(mode, query, key, value, selfAttention, keyValueShared, options)
                    .outputs(out, attentionWeights)
                    .run();
        } finally {
            Reference.reachabilityFence(workspace);
            Reference.reachabilityFence(cache);
        }
    }

    /** The forward pass once the inputs' shapes are known to be right. */
    private void run(AttentionShapes shapes, Tensor query, Tensor key, Tensor value, AttentionOptions options,
                     Workspace workspace, Tensor out, Tensor attentionWeights) {
        boolean needWeights = options.needWeights();
        shapes.checkOutputs(dModel, numHeads, out, attentionWeights, needWeights);
        ForwardMemory.check(weights, query, key, value, options, out, needWeights ? attentionWeights : null);
        Objects.requireNonNull(workspace, "workspace");
        workspace.scratch().checkUsable();
        try {
            workspace.scratch().plan()
                    .model(gemm, numHeads, weights.projections())
                    .inputs(query, key, value, shapes.selfAttention(), shapes.keyValueShared())
                    .options(options)
                    .outputs(out, attentionWeights)
                    .run();
        } finally {
            // A team workspace's cleaner stops its helpers and frees its memory once the workspace is unreachable,
            // and the forward uses both through its Scratch and by address, which do not keep the workspace
            // reachable: one passed as a temporary (forward(.., Workspace.create(2), ..)) was collected mid-forward.
            Reference.reachabilityFence(workspace);
        }
    }
}
