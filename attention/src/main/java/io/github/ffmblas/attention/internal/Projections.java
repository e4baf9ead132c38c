package io.github.ffmblas.attention.internal;

/**
 * The linear layers of one attention model as the forward pass uses them: the fused Q/K/V projection for
 * self-attention, Q alone and the fused K/V for cross-attention with one key/value tensor, K and V apart
 * otherwise, and the output projection. The fused ones are views of the same weights, not copies.
 */
public record Projections(Linear queryKeyValue, Linear query, Linear keyValue, Linear key, Linear value,
                          Linear output) {}
