package io.github.ffmblas.attention;

/**
 * Per-call choices of a forward pass. Masks follow PyTorch's conventions.
 *
 * @param causal         query position i attends only to key positions j &lt;= i (top-left aligned when
 *                       seq_q != seq_k, like {@code torch.ones(Lq, Lk).tril()})
 * @param attnMask       {@code [seq_q, seq_k]}, or null: F32 is added to the scaled logits; BOOL masks where
 *                       true (true = may not attend)
 * @param keyPaddingMask BOOL {@code [batch, seq_k]}, or null: true = this key is padding, ignore it
 * @param needWeights    false: the attention weights are not returned, and are never held for all heads at once
 */
public record AttentionOptions(boolean causal, Tensor attnMask, Tensor keyPaddingMask, boolean needWeights) {

    /** No masks; attention weights returned. */
    public static final AttentionOptions DEFAULTS = new AttentionOptions(false, null, null, true);

    public AttentionOptions withCausal(boolean value) {
        return new AttentionOptions(value, attnMask, keyPaddingMask, needWeights);
    }

    public AttentionOptions withAttnMask(Tensor mask) {
        return new AttentionOptions(causal, mask, keyPaddingMask, needWeights);
    }

    public AttentionOptions withKeyPaddingMask(Tensor mask) {
        return new AttentionOptions(causal, attnMask, mask, needWeights);
    }

    public AttentionOptions withNeedWeights(boolean value) {
        return new AttentionOptions(causal, attnMask, keyPaddingMask, value);
    }
}
