package io.github.ffmblas.attention;

import java.lang.foreign.Arena;
import java.util.Optional;

/**
 * The module this project started from (TensorFlow's multi-head attention layer) transliterated into plain
 * Java: heap arrays, straightforward loops, and its copies
 * ({@code split_heads} permutes into {@code [batch, heads, seq, depth]}, the context is permuted back). It is
 * the test oracle for {@link MultiHeadAttention} and the "Java" side of native-vs-Java comparisons, so it is
 * written to be obviously right, not fast. Masks follow the same conventions (see {@link Attention}).
 */
public final class ReferenceMultiHeadAttention implements Attention {
    private final int dModel;
    private final int numHeads;
    private final int depth;
    private final float[] wq, bq, wk, bk, wv, bv, wo, bo;

    /** Copies the weights to the heap. */
    public ReferenceMultiHeadAttention(int dModel, int numHeads, AttentionWeights weights) {
        this.depth = MultiHeadAttention.checkHeads(dModel, numHeads);
        this.dModel = dModel;
        this.numHeads = numHeads;
        if (weights.dModel() != dModel) {
            throw new IllegalArgumentException("weights are for d_model " + weights.dModel() + ", not " + dModel);
        }
        weights.checkUsable();
        float[][] w = weights.toArrays();
        wq = w[0]; bq = w[1]; wk = w[2]; bk = w[3]; wv = w[4]; bv = w[5]; wo = w[6]; bo = w[7];
    }

    @Override
    public int dModel() {
        return dModel;
    }

    @Override
    public int numHeads() {
        return numHeads;
    }

    @Override
    public AttentionResult forward(Tensor query, Tensor key, Tensor value, AttentionOptions options) {
        AttentionShapes shapes = AttentionShapes.check(dModel, query, key, value, options);
        ForwardMemory.checkInputs(query, key, value, options);
        int batch = shapes.batch();
        int lq = shapes.queryLength();
        int lk = shapes.keyLength();

        // q = self.wq(q); k = self.wk(k); v = self.wv(v)
        float[] q = linear(query.toFloatArray(), batch * lq, wq, bq);
        float[] k = linear(key.toFloatArray(), batch * lk, wk, bk);
        float[] v = linear(value.toFloatArray(), batch * lk, wv, bv);
        // split_heads: view(batch, -1, heads, depth).permute(0, 2, 1, 3)
        float[] qh = splitHeads(q, batch, lq);
        float[] kh = splitHeads(k, batch, lk);
        float[] vh = splitHeads(v, batch, lk);

        float[] additive = null;
        boolean[] hidden = null;
        if (options.attnMask() != null) {
            if (options.attnMask().dtype() == DType.F32) {
                additive = options.attnMask().toFloatArray();
            } else {
                hidden = options.attnMask().toBooleanArray();
            }
        }
        boolean[] padding = options.keyPaddingMask() == null ? null : options.keyPaddingMask().toBooleanArray();

        // scaled_dot_product_attention, per (batch, head)
        float[] weights = new float[batch * numHeads * lq * lk];
        float[] scaled = new float[batch * numHeads * lq * depth];
        float dk = (float) Math.sqrt(depth);
        for (int b = 0; b < batch; b++) {
            for (int h = 0; h < numHeads; h++) {
                int head = b * numHeads + h;
                for (int i = 0; i < lq; i++) {
                    float[] logits = new float[lk];
                    boolean[] visible = new boolean[lk];
                    for (int j = 0; j < lk; j++) {
                        float dot = 0f;
                        for (int t = 0; t < depth; t++) {
                            dot += qh[(head * lq + i) * depth + t] * kh[(head * lk + j) * depth + t];
                        }
                        logits[j] = dot / dk + (additive == null ? 0f : additive[i * lk + j]);
                        visible[j] = !(options.causal() && j > i)
                                && !(hidden != null && hidden[i * lk + j])
                                && !(padding != null && padding[b * lk + j]);
                    }
                    float[] row = softmax(logits, visible);
                    System.arraycopy(row, 0, weights, (head * lq + i) * lk, lk);
                    for (int t = 0; t < depth; t++) {
                        float acc = 0f;
                        for (int j = 0; j < lk; j++) {
                            acc += row[j] * vh[(head * lk + j) * depth + t];
                        }
                        scaled[(head * lq + i) * depth + t] = acc;
                    }
                }
            }
        }
        // scaled_attention.permute(0, 2, 1, 3).contiguous().view(batch, -1, d_model); output = self.dense(...)
        float[] concat = mergeHeads(scaled, batch, lq);
        float[] out = linear(concat, batch * lq, wo, bo);

        Arena arena = Arena.ofAuto();
        Tensor outTensor = Tensor.copyOf(arena, out, batch, lq, dModel);
        Optional<Tensor> weightsTensor = options.needWeights()
                ? Optional.of(Tensor.copyOf(arena, weights, batch, numHeads, lq, lk))
                : Optional.empty();
        return new AttentionResult(outTensor, weightsTensor);
    }

    /** y = x W^T + b over {@code rows} rows. */
    private float[] linear(float[] x, int rows, float[] w, float[] b) {
        float[] y = new float[rows * dModel];
        for (int r = 0; r < rows; r++) {
            for (int o = 0; o < dModel; o++) {
                float acc = b[o];
                for (int i = 0; i < dModel; i++) {
                    acc += x[r * dModel + i] * w[o * dModel + i];
                }
                y[r * dModel + o] = acc;
            }
        }
        return y;
    }

    /** [batch, seq, heads*depth] -> [batch, heads, seq, depth], a copy. */
    private float[] splitHeads(float[] x, int batch, int seq) {
        float[] out = new float[x.length];
        for (int b = 0; b < batch; b++) {
            for (int s = 0; s < seq; s++) {
                for (int h = 0; h < numHeads; h++) {
                    for (int t = 0; t < depth; t++) {
                        out[((b * numHeads + h) * seq + s) * depth + t] = x[(b * seq + s) * dModel + h * depth + t];
                    }
                }
            }
        }
        return out;
    }

    /** [batch, heads, seq, depth] -> [batch, seq, heads*depth], a copy. */
    private float[] mergeHeads(float[] x, int batch, int seq) {
        float[] out = new float[x.length];
        for (int b = 0; b < batch; b++) {
            for (int h = 0; h < numHeads; h++) {
                for (int s = 0; s < seq; s++) {
                    for (int t = 0; t < depth; t++) {
                        out[(b * seq + s) * dModel + h * depth + t] = x[((b * numHeads + h) * seq + s) * depth + t];
                    }
                }
            }
        }
        return out;
    }

    /** Softmax over the visible entries; all zeros when none is visible or all are -inf. */
    private static float[] softmax(float[] logits, boolean[] visible) {
        float max = Float.NEGATIVE_INFINITY;
        for (int j = 0; j < logits.length; j++) {
            if (visible[j]) {
                max = Math.max(max, logits[j]);
            }
        }
        float[] out = new float[logits.length];
        if (max == Float.NEGATIVE_INFINITY) {
            return out;
        }
        float sum = 0f;
        for (int j = 0; j < logits.length; j++) {
            if (visible[j]) {
                out[j] = (float) Math.exp(logits[j] - max);
                sum += out[j];
            }
        }
        for (int j = 0; j < logits.length; j++) {
            out[j] /= sum;
        }
        return out;
    }
}
