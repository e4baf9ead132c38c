package io.github.ffmblas.attention;

import java.util.Arrays;

/**
 * The sizes of one forward pass, checked once for both implementations so they accept and refuse the same
 * inputs with the same messages.
 */
record AttentionShapes(int batch, int queryLength, int keyLength, boolean selfAttention, boolean keyValueShared) {

    static AttentionShapes check(int dModel, Tensor query, Tensor key, Tensor value, AttentionOptions options) {
        requireF32Rank3(query, "query");
        requireF32Rank3(key, "key");
        requireF32Rank3(value, "value");
        if (options == null) {
            throw new NullPointerException("options is null (use AttentionOptions.DEFAULTS)");
        }
        int batch = query.dim(0);
        int lq = query.dim(1);
        int lk = key.dim(1);
        if (query.dim(2) != dModel) {
            throw new IllegalArgumentException("query's last dimension is " + query.dim(2) + ", d_model is " + dModel);
        }
        if (!key.hasShape(batch, lk, dModel)) {
            throw new IllegalArgumentException("key must be [" + batch + ", seq_k, " + dModel + "], got "
                    + Arrays.toString(key.shape()));
        }
        if (!value.hasShape(batch, lk, dModel)) {
            throw new IllegalArgumentException("value must have key's shape " + Arrays.toString(key.shape())
                    + " (key and value need the same length), got " + Arrays.toString(value.shape()));
        }
        if (batch < 1 || lq < 1 || lk < 1) {
            throw new IllegalArgumentException("batch, seq_q and seq_k must be >= 1, got query "
                    + Arrays.toString(query.shape()) + ", key " + Arrays.toString(key.shape()));
        }
        Tensor mask = options.attnMask();
        if (mask != null && !mask.hasShape(lq, lk)) {
            throw new IllegalArgumentException("attn_mask must be [" + lq + ", " + lk + "] (seq_q, seq_k), got "
                    + Arrays.toString(mask.shape()));
        }
        Tensor padding = options.keyPaddingMask();
        if (padding != null) {
            if (padding.dtype() != DType.BOOL) {
                throw new IllegalArgumentException("key_padding_mask must be BOOL, got " + padding.dtype());
            }
            if (!padding.hasShape(batch, lk)) {
                throw new IllegalArgumentException("key_padding_mask must be [" + batch + ", " + lk
                        + "] (batch, seq_k), got " + Arrays.toString(padding.shape()));
            }
        }
        boolean kvShared = same(key, value);
        return new AttentionShapes(batch, lq, lk, kvShared && same(query, key), kvShared);
    }

    /**
     * Same memory and shape: the caller passed one tensor for both roles. Equal addresses and sizes name the same
     * bytes in native memory; on the heap only over the same array, which {@link ForwardMemory#overlap} decides
     * (read-only heap segments do not show their array, and two of them both start at address 0).
     */
    static boolean same(Tensor a, Tensor b) {
        return a == b || (a.segment().address() == b.segment().address()
                && a.segment().byteSize() == b.segment().byteSize()
                && a.sameShape(b)
                && (a.segment().isNative() ? b.segment().isNative() : ForwardMemory.overlap(a.segment(), b.segment())));
    }

    private static void requireF32Rank3(Tensor t, String name) {
        if (t == null) {
            throw new NullPointerException(name + " is null");
        }
        if (t.dtype() != DType.F32 || t.rank() != 3) {
            throw new IllegalArgumentException(name + " must be an F32 tensor [batch, seq, d_model], got " + t);
        }
    }

    void checkOutputs(int dModel, int numHeads, Tensor output, Tensor weights, boolean needWeights) {
        if (output == null || !output.hasShape(batch, queryLength, dModel) || output.dtype() != DType.F32) {
            throw new IllegalArgumentException("output must be F32 [" + batch + ", " + queryLength + ", " + dModel
                    + "], got " + output);
        }
        if (needWeights && weights == null) {
            throw new IllegalArgumentException("the attention weights are asked for (AttentionOptions.needWeights(),"
                    + " the default) but their output tensor is null: pass an F32 [" + batch + ", " + numHeads + ", "
                    + queryLength + ", " + keyLength + "] tensor, or options.withNeedWeights(false)");
        }
        if (needWeights && (weights.dtype() != DType.F32
                || !weights.hasShape(batch, numHeads, queryLength, keyLength))) {
            throw new IllegalArgumentException("attention weights must be F32 [" + batch + ", " + numHeads + ", "
                    + queryLength + ", " + keyLength + "], got " + weights);
        }
    }
}
