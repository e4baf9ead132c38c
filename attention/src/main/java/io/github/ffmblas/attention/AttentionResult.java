package io.github.ffmblas.attention;

import java.util.Objects;
import java.util.Optional;

/**
 * What a forward pass returns: the output {@code [batch, seq_q, d_model]} and, when asked for, the per-head
 * attention weights {@code [batch, heads, seq_q, seq_k]}.
 */
public record AttentionResult(Tensor output, Optional<Tensor> attentionWeights) {
    public AttentionResult {
        Objects.requireNonNull(output, "output");
        Objects.requireNonNull(attentionWeights, "attentionWeights");
    }
}
