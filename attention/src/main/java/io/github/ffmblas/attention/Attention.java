package io.github.ffmblas.attention;

/**
 * Multi-head attention as in the module this project started from (TensorFlow's tutorial layer): Q/K/V projections with bias, scaled dot-product attention per
 * head, concatenation, output projection. {@link MultiHeadAttention} runs it on OpenBLAS with heads as strided
 * views; {@link ReferenceMultiHeadAttention} is the plain-Java transliteration used as a test oracle.
 *
 * <p>A query row whose keys are all masked (by {@code causal}, {@code attnMask}, {@code keyPaddingMask} or an
 * additive mask of -inf) attends to nothing: its attention weights are all 0 and its head output is 0, so the
 * output row is the output projection's bias. (PyTorch returns NaN for such rows.)
 */
public interface Attention {

    int dModel();

    int numHeads();

    /** {@code dModel / numHeads}. */
    default int depth() {
        return dModel() / numHeads();
    }

    /**
     * The idiomatic call: query {@code [batch, seq_q, d]}, key and value {@code [batch, seq_k, d]}. Pass the same
     * tensor three times for self-attention.
     */
    AttentionResult forward(Tensor query, Tensor key, Tensor value, AttentionOptions options);

    /**
     * The call of the TensorFlow-style module this project started from, arguments in its order: value, key,
     * query (named so a swap with {@link #forward(Tensor, Tensor, Tensor, AttentionOptions)} cannot compile).
     * No masks; weights returned.
     */
    default AttentionResult forwardValueKeyQuery(Tensor value, Tensor key, Tensor query) {
        return forward(query, key, value, AttentionOptions.DEFAULTS);
    }
}
