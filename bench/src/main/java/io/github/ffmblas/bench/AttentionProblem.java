package io.github.ffmblas.bench;

/**
 * One multi-head attention forward pass: query {@code [batch, queryLength, dModel]}, key and value
 * {@code [batch, keyLength, dModel]} (the same tensor as the query when the lengths are equal: self-attention),
 * {@code heads} heads, no masks, attention weights not kept.
 */
public record AttentionProblem(int batch, int queryLength, int keyLength, int dModel, int heads) implements Problem {

    public AttentionProblem {
        if (batch < 1 || queryLength < 1 || keyLength < 1 || dModel < 1 || heads < 1 || dModel % heads != 0) {
            throw new IllegalArgumentException("bad attention shape B=" + batch + " Lq=" + queryLength + " Lk="
                    + keyLength + " d=" + dModel + " H=" + heads + " (all >= 1, H must divide d)");
        }
    }

    public boolean selfAttention() {
        return queryLength == keyLength;
    }

    @Override
    public String kind() {
        return "attention";
    }

    /**
     * GEMM FLOPs: Q and output projections 2·B·Lq·d² each, K and V projections 2·B·Lk·d² each, Q·Kᵀ and A·V
     * 2·B·Lq·Lk·d each. For Lq = Lk = L that is 8·B·L·d² + 4·B·L²·d, the count the roofline uses.
     */
    @Override
    public double flops() {
        double b = batch, lq = queryLength, lk = keyLength, d = dModel;
        return 4 * b * lq * d * d + 4 * b * lk * d * d + 4 * b * lq * lk * d;
    }

    @Override
    public String label() {
        return selfAttention()
                ? "B=" + batch + " L=" + queryLength + " d=" + dModel + " H=" + heads
                : "B=" + batch + " Lq=" + queryLength + " Lk=" + keyLength + " d=" + dModel + " H=" + heads;
    }
}
