package io.github.ffmblas.attention;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The four projections of multi-head attention, kept as PyTorch's {@code nn.MultiheadAttention} keeps them:
 * one packed input projection {@code in_proj_weight [3d, d]} (query, key and value rows stacked) with
 * {@code in_proj_bias [3d]}, and {@code out_proj.weight [d, d]} with {@code out_proj.bias [d]}.
 *
 * <p>The packed form is what lets self-attention project Q, K and V with one GEMM. Weights in PyTorch's layout
 * are used in place (for instance straight from a memory-mapped file); the seed module's separate
 * {@code wq}/{@code wk}/{@code wv} are packed once, at load. Immutable; the memory belongs to whoever allocated
 * it, and a forward pass fails cleanly once that arena is closed.
 */
public final class AttentionWeights {
    /** PyTorch {@code nn.MultiheadAttention} names. */
    public static final List<String> PYTORCH_NAMES =
            List.of("in_proj_weight", "in_proj_bias", "out_proj.weight", "out_proj.bias");
    /** The seed module's names. */
    public static final List<String> SEED_NAMES = List.of("wq.weight", "wq.bias", "wk.weight", "wk.bias",
            "wv.weight", "wv.bias", "dense.weight", "dense.bias");

    private final int dModel;
    private final StridedMatrix inProj;
    private final StridedMatrix inBias;
    private final StridedMatrix outProj;
    private final StridedMatrix outBias;

    private AttentionWeights(int dModel, StridedMatrix inProj, StridedMatrix inBias, StridedMatrix outProj,
                             StridedMatrix outBias) {
        this.dModel = dModel;
        this.inProj = inProj;
        this.inBias = inBias;
        this.outProj = outProj;
        this.outBias = outBias;
    }

    /** PyTorch's layout, used in place: no copy. */
    public static AttentionWeights ofPyTorch(Tensor inProjWeight, Tensor inProjBias, Tensor outProjWeight,
                                             Tensor outProjBias) {
        int d = requireF32(inProjWeight, "in_proj_weight").dim(-1);
        requireShape(inProjWeight, "in_proj_weight", 3 * d, d);
        requireShape(requireF32(inProjBias, "in_proj_bias"), "in_proj_bias", 3 * d);
        requireShape(requireF32(outProjWeight, "out_proj.weight"), "out_proj.weight", d, d);
        requireShape(requireF32(outProjBias, "out_proj.bias"), "out_proj.bias", d);
        return new AttentionWeights(d, inProjWeight.asMatrix(), row(inProjBias), outProjWeight.asMatrix(), row(outProjBias));
    }

    /** The seed module's layout; {@code wq}, {@code wk}, {@code wv} are packed into one buffer in {@code arena}. */
    public static AttentionWeights ofSeed(Arena arena, Tensor wqWeight, Tensor wqBias, Tensor wkWeight, Tensor wkBias,
                                          Tensor wvWeight, Tensor wvBias, Tensor denseWeight, Tensor denseBias) {
        int d = requireF32(wqWeight, "wq.weight").dim(-1);
        Tensor[] weights = {wqWeight, wkWeight, wvWeight};
        Tensor[] biases = {wqBias, wkBias, wvBias};
        String[] names = {"wq", "wk", "wv"};
        for (int i = 0; i < 3; i++) {
            requireShape(requireF32(weights[i], names[i] + ".weight"), names[i] + ".weight", d, d);
            requireShape(requireF32(biases[i], names[i] + ".bias"), names[i] + ".bias", d);
        }
        requireShape(requireF32(denseWeight, "dense.weight"), "dense.weight", d, d);
        requireShape(requireF32(denseBias, "dense.bias"), "dense.bias", d);
        Tensor inProj = Tensor.allocate(arena, 3 * d, d);
        Tensor inBias = Tensor.allocate(arena, 3 * d);
        long weightBytes = (long) d * d * Float.BYTES;
        long biasBytes = (long) d * Float.BYTES;
        for (int i = 0; i < 3; i++) {
            MemorySegment.copy(weights[i].segment(), 0, inProj.segment(), i * weightBytes, weightBytes);
            MemorySegment.copy(biases[i].segment(), 0, inBias.segment(), i * biasBytes, biasBytes);
        }
        return new AttentionWeights(d, inProj.asMatrix(), row(inBias), denseWeight.asMatrix(), row(denseBias));
    }

    /**
     * Reads weights from {@code source}: PyTorch's names ({@code in_proj_weight}, ...) or the seed's
     * ({@code wq.weight}, ...), each preceded by {@code prefix} (e.g. {@code encoder.layers.0.self_attn.}).
     * Seed weights are packed into {@code arena}; PyTorch weights are used where they are.
     *
     * @throws IllegalArgumentException naming what is missing or misshapen
     */
    public static AttentionWeights load(TensorSource source, String prefix, Arena arena) {
        Objects.requireNonNull(source, "source");
        String p = prefix == null ? "" : prefix;
        if (source.names().contains(p + "in_proj_weight")) {
            Tensor[] t = require(source, p, PYTORCH_NAMES);
            return ofPyTorch(t[0], t[1], t[2], t[3]);
        }
        if (source.names().contains(p + "wq.weight")) {
            Tensor[] t = require(source, p, SEED_NAMES);
            return ofSeed(arena, t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7]);
        }
        String available = source.names().stream().sorted().limit(12).collect(Collectors.joining(", "));
        throw new IllegalArgumentException("no attention weights under prefix '" + p + "': expected " + p
                + "in_proj_weight (PyTorch nn.MultiheadAttention) or " + p + "wq.weight (seed module); the file has "
                + (available.isEmpty() ? "no tensors" : available + (source.names().size() > 12 ? ", ..." : "")));
    }

    private static Tensor[] require(TensorSource source, String prefix, List<String> names) {
        Tensor[] out = new Tensor[names.size()];
        for (int i = 0; i < out.length; i++) {
            String name = prefix + names.get(i);
            Optional<Tensor> t = source.find(name);
            if (t.isEmpty()) {
                throw new IllegalArgumentException("missing weight tensor '" + name + "'");
            }
            out[i] = t.get();
        }
        return out;
    }

    private static Tensor requireF32(Tensor t, String name) {
        Objects.requireNonNull(t, name);
        if (t.dtype() != DType.F32) {
            throw new IllegalArgumentException(name + " must be F32, got " + t.dtype());
        }
        return t;
    }

    private static void requireShape(Tensor t, String name, int... shape) {
        if (!t.hasShape(shape)) {
            throw new IllegalArgumentException(name + " must have shape " + Arrays.toString(shape) + ", got "
                    + Arrays.toString(t.shape()));
        }
    }

    private static StridedMatrix row(Tensor vector) {
        return StridedMatrix.of(vector.segment(), 1, vector.dim(0));
    }

    public int dModel() {
        return dModel;
    }

    /** Query, key and value projections together: {@code [x] -> [q | k | v]}, 3d outputs. */
    Linear queryKeyValue() {
        return new Linear(inProj, inBias);
    }

    Linear query() {
        return new Linear(inProj.rowRange(0, dModel), inBias.columns(0, dModel));
    }

    /** Key and value projections together: {@code [x] -> [k | v]}, 2d outputs. */
    Linear keyValue() {
        return new Linear(inProj.rowRange(dModel, 2 * dModel), inBias.columns(dModel, 2 * dModel));
    }

    Linear key() {
        return new Linear(inProj.rowRange(dModel, dModel), inBias.columns(dModel, dModel));
    }

    Linear value() {
        return new Linear(inProj.rowRange(2 * dModel, dModel), inBias.columns(2 * dModel, dModel));
    }

    Linear output() {
        return new Linear(outProj, outBias);
    }

    /** Heap copies, for the reference implementation: {wq, bq, wk, bk, wv, bv, wo, bo}. */
    float[][] toArrays() {
        float[] in = inProj.toArray();
        float[] bias = inBias.toArray();
        int dd = dModel * dModel;
        return new float[][] {
                Arrays.copyOfRange(in, 0, dd), Arrays.copyOfRange(bias, 0, dModel),
                Arrays.copyOfRange(in, dd, 2 * dd), Arrays.copyOfRange(bias, dModel, 2 * dModel),
                Arrays.copyOfRange(in, 2 * dd, 3 * dd), Arrays.copyOfRange(bias, 2 * dModel, 3 * dModel),
                outProj.toArray(), outBias.toArray()};
    }

    /** Throws a clear {@link IllegalStateException} when any weight's memory has been freed. */
    void checkAlive() {
        if (!inProj.segment().scope().isAlive() || !inBias.segment().scope().isAlive()
                || !outProj.segment().scope().isAlive() || !outBias.segment().scope().isAlive()) {
            throw new IllegalStateException("the attention weights' memory was freed (its arena or file is closed)");
        }
    }

    /** True when every weight lives in native memory (BLAS needs that). */
    boolean isNative() {
        return inProj.segment().isNative() && inBias.segment().isNative() && outProj.segment().isNative()
                && outBias.segment().isNative();
    }
}
