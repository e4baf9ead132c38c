package io.github.ffmblas.attention;

import io.github.ffmblas.attention.internal.DecodePlan.Mode;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/**
 * The arguments of one step over a {@link KeyValueCache}, checked before anything is written, so a refused step
 * changes no byte (of the cache, its lengths, the outputs) and the exception names what is wrong. The same rules as
 * a forward's ({@link ForwardMemory}), with the cache as one more output: it is written, so no input, weight or
 * output may share its memory. Allocates nothing unless a check fails.
 */
final class StepChecks {
    private StepChecks() {}

    /**
     * {@code query} is null to append only; {@code key} and {@code value} null to attend only; {@code out} and
     * {@code attention} null to append only ({@code attention} also when the weights are not asked for).
     */
    static void check(MultiHeadAttention model, Mode mode, Tensor query, Tensor key, Tensor value,
                      KeyValueCache cache, StepOptions options, Tensor out, Tensor attention) {
        if (cache == null) {
            throw new NullPointerException("cache is null");
        }
        if (options == null) {
            throw new NullPointerException("options is null (use StepOptions.DEFAULTS)");
        }
        int d = model.dModel();
        Tensor first = mode == Mode.APPEND ? key : query;
        String firstName = mode == Mode.APPEND ? "key" : "query";
        input(first, firstName, d, cache);
        int batch = first.dim(0);
        int n = first.dim(1);
        if (mode != Mode.ATTEND) {
            sameShape(key, "key", first, firstName);
            sameShape(value, "value", first, firstName);
        }
        if (cache.dModel() != d || cache.numHeads() != model.numHeads()) {
            throw new IllegalArgumentException("the cache is for d_model " + cache.dModel() + " and "
                    + cache.numHeads() + " heads, the model's are " + d + " and " + model.numHeads());
        }
        if (options.hasTokens()) {
            if (options.tokenItems() != batch) {
                throw new IllegalArgumentException("options give tokens for " + options.tokenItems()
                        + " items, the batch has " + batch);
            }
            for (int b = 0; b < batch; b++) {
                if (options.tokens(b, n) > n) {
                    throw new IllegalArgumentException("tokens[" + b + "] is " + options.tokens(b, n)
                            + ", more than the step's " + n + " rows");
                }
            }
        }
        cache.checkUsable();
        int keys = 0;
        for (int b = 0; b < batch; b++) {
            int length = cache.length(b);
            int tokens = options.tokens(b, n);
            if (mode != Mode.ATTEND && length + tokens > cache.maxLength()) {
                throw new IllegalStateException("cache item " + b + " holds " + length + " of its maxLength "
                        + cache.maxLength() + " tokens: " + tokens + " more would exceed it (truncate or reset the"
                        + " cache, or allocate a longer one)");
            }
            keys = Math.max(keys, length + (mode == Mode.DECODE ? tokens : 0));
        }
        boolean needWeights = mode != Mode.APPEND && options.needWeights();
        if (mode != Mode.APPEND) {
            if (out == null || out.dtype() != DType.F32 || !out.hasShape(batch, n, d)) {
                throw new IllegalArgumentException("output must be F32 [" + batch + ", " + n + ", " + d + "], got "
                        + out);
            }
            if (needWeights) {
                int heads = model.numHeads();
                if (attention == null) {
                    throw new IllegalArgumentException("the attention weights are asked for (StepOptions.needWeights())"
                            + " but their output tensor is null: pass an F32 [" + batch + ", " + heads + ", " + n
                            + ", K] tensor, K >= " + keys);
                }
                if (attention.dtype() != DType.F32 || attention.rank() != 4 || attention.dim(0) != batch
                        || attention.dim(1) != heads || attention.dim(2) != n || attention.dim(3) < keys) {
                    throw new IllegalArgumentException("attention weights must be F32 [" + batch + ", " + heads + ", "
                            + n + ", K] with K >= " + keys + " (the most keys an item attends to), got " + attention);
                }
            }
        }
        Tensor weightsOut = needWeights ? attention : null;
        Tensor output = mode == Mode.APPEND ? null : out;
        memory(model.weights(), query, key, value, cache, output, weightsOut);
    }

    private static void input(Tensor t, String name, int d, KeyValueCache cache) {
        if (t == null) {
            throw new NullPointerException(name + " is null");
        }
        if (t.dtype() != DType.F32 || t.rank() != 3) {
            throw new IllegalArgumentException(name + " must be an F32 tensor [batch, tokens, d_model], got " + t);
        }
        if (t.dim(0) != cache.batch()) {
            throw new IllegalArgumentException(name + " has batch " + t.dim(0) + ", the cache " + cache.batch());
        }
        if (t.dim(2) != d) {
            throw new IllegalArgumentException(name + "'s last dimension is " + t.dim(2) + ", d_model is " + d);
        }
        if (t.dim(1) < 1) {
            throw new IllegalArgumentException(name + " has no tokens: " + t);
        }
    }

    private static void sameShape(Tensor t, String name, Tensor first, String firstName) {
        if (t == null) {
            throw new NullPointerException(name + " is null");
        }
        if (t.dtype() != DType.F32 || !t.sameShape(first)) {
            throw new IllegalArgumentException(name + " must be F32 " + Arrays.toString(first.shape()) + " like "
                    + firstName + ", got " + t);
        }
    }

    private static void memory(AttentionWeights weights, Tensor query, Tensor key, Tensor value,
                               KeyValueCache cache, Tensor out, Tensor attention) {
        ForwardMemory.usable(query, "query");
        ForwardMemory.usable(key, "key");
        ForwardMemory.usable(value, "value");
        ForwardMemory.usable(out, "output");
        ForwardMemory.usable(attention, "attention weights");
        weights.checkUsable();
        ForwardMemory.blasOperand(query, "query");
        ForwardMemory.blasOperand(key, "key");
        ForwardMemory.blasOperand(value, "value");
        ForwardMemory.blasOperand(out, "output");
        ForwardMemory.blasOperand(attention, "attention weights");
        MemorySegment c = cache.memory();
        inputApart(query, "query", c);
        inputApart(key, "key", c);
        inputApart(value, "value", c);
        weights.checkApart(c, "the cache"); // only a cache in a caller's arena could be
        if (out != null) {
            output(out, "output", query, key, value, weights, c);
        }
        if (attention != null) {
            output(attention, "attention weights", query, key, value, weights, c);
            if (ForwardMemory.overlap(attention.segment(), out.segment())) {
                throw new IllegalArgumentException("attention weights share memory with output; an output needs"
                        + " memory of its own, apart from every other tensor of the call");
            }
        }
    }

    private static void inputApart(Tensor t, String name, MemorySegment cache) {
        if (t != null && ForwardMemory.overlap(t.segment(), cache)) {
            throw new IllegalArgumentException(name + " shares memory with the cache, which the step writes; pass"
                    + " inputs apart from it (copy a cached row first)");
        }
    }

    private static void output(Tensor t, String name, Tensor query, Tensor key, Tensor value,
                               AttentionWeights weights, MemorySegment cache) {
        MemorySegment s = t.segment();
        if (s.isReadOnly()) {
            throw new IllegalArgumentException(name + " is read-only" + (s.isMapped()
                    ? " (a file mapped read-only, such as a SafeTensorsFile's tensor)" : " (an asReadOnly() view)")
                    + "; the step writes into it: pass writable memory");
        }
        apart(t, name, query, "query");
        apart(t, name, key, "key");
        apart(t, name, value, "value");
        if (ForwardMemory.overlap(s, cache)) {
            throw new IllegalArgumentException(name + " shares memory with the cache; an output needs memory of"
                    + " its own, apart from every other tensor of the call");
        }
        weights.checkApart(s, name);
    }

    private static void apart(Tensor out, String name, Tensor other, String otherName) {
        if (other != null && ForwardMemory.overlap(out.segment(), other.segment())) {
            throw new IllegalArgumentException(name + " shares memory with " + otherName
                    + "; an output needs memory of its own, apart from every other tensor of the call");
        }
    }
}
