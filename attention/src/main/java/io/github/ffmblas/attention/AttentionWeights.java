package io.github.ffmblas.attention;

import io.github.ffmblas.attention.internal.Linear;
import io.github.ffmblas.attention.internal.Projections;
import io.github.ffmblas.attention.internal.StridedMatrix;
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
 * are used in place (for instance straight from a memory-mapped file); separate
 * {@code wq}/{@code wk}/{@code wv} projections are packed once, at load. Immutable; the memory belongs to whoever allocated
 * it: weights in place die with their tensors' arena or {@code SafeTensorsFile} (closing the file frees them),
 * packed ones with the arena given to {@link #ofSeparateProjections} or {@link #load}, and are confined to its thread if it is. A
 * forward pass checks each weight first and names it ({@code in_proj_weight: ... freed}, {@code ... confined to
 * thread 'main'}).
 */
public final class AttentionWeights {
    /** PyTorch {@code nn.MultiheadAttention} names. */
    public static final List<String> PYTORCH_NAMES =
            List.of("in_proj_weight", "in_proj_bias", "out_proj.weight", "out_proj.bias");
    /** Separate query, key, value and output projections (the TensorFlow-style layer's names). */
    public static final List<String> SEPARATE_PROJECTION_NAMES = List.of("wq.weight", "wq.bias", "wk.weight", "wk.bias",
            "wv.weight", "wv.bias", "dense.weight", "dense.bias");

    private final int dModel;
    private final StridedMatrix inProj;
    private final StridedMatrix inBias;
    private final StridedMatrix outProj;
    private final StridedMatrix outBias;
    /** What each matrix is called in messages, in the order inProj, inBias, outProj, outBias. */
    private final List<String> names;
    /**
     * The thread that made these weights. A segment it could access and the caller cannot is confined to it: a
     * message can then say which thread the weights belong to.
     */
    private final Thread maker = Thread.currentThread();
    /** The forward pass's view of these weights: the fused and separate projections, views of the matrices. */
    private final Projections projections;

    private AttentionWeights(int dModel, StridedMatrix inProj, StridedMatrix inBias, StridedMatrix outProj,
                             StridedMatrix outBias, List<String> names) {
        this.dModel = dModel;
        this.inProj = inProj;
        this.inBias = inBias;
        this.outProj = outProj;
        this.outBias = outBias;
        this.names = names;
        this.projections = new Projections(new Linear(inProj, inBias),
                new Linear(inProj.rowRange(0, dModel), inBias.columns(0, dModel)),
                new Linear(inProj.rowRange(dModel, 2 * dModel), inBias.columns(dModel, 2 * dModel)),
                new Linear(inProj.rowRange(dModel, dModel), inBias.columns(dModel, dModel)),
                new Linear(inProj.rowRange(2 * dModel, dModel), inBias.columns(2 * dModel, dModel)),
                new Linear(outProj, outBias));
    }

    /**
     * PyTorch's layout, used in place: no copy. The weights live as long as the tensors' memory: closing its arena,
     * or the {@code SafeTensorsFile} they were read from, frees them, and a forward then throws naming the weight.
     */
    public static AttentionWeights ofPyTorch(Tensor inProjWeight, Tensor inProjBias, Tensor outProjWeight,
                                             Tensor outProjBias) {
        return ofPyTorch("", inProjWeight, inProjBias, outProjWeight, outProjBias);
    }

    private static AttentionWeights ofPyTorch(String prefix, Tensor inProjWeight, Tensor inProjBias,
                                              Tensor outProjWeight, Tensor outProjBias) {
        List<String> names = PYTORCH_NAMES.stream().map(n -> prefix + n).toList();
        int d = lastDimension(inProjWeight, names.get(0), 2);
        requireShape(inProjWeight, names.get(0), 3L * d, d);
        requireShape(requireF32(inProjBias, names.get(1)), names.get(1), 3L * d);
        requireShape(requireF32(outProjWeight, names.get(2)), names.get(2), d, d);
        requireShape(requireF32(outProjBias, names.get(3)), names.get(3), d);
        return new AttentionWeights(d, inProjWeight.asMatrix(), row(inProjBias), outProjWeight.asMatrix(),
                row(outProjBias), names);
    }

    /**
     * Separate projections; {@code wq}, {@code wk}, {@code wv} are packed into one buffer in {@code arena}, so
     * the weights live as long as that arena, and a confined arena confines them to its thread (a forward on
     * another thread throws naming {@code in_proj_weight} and the thread). {@code dense} is used in place.
     */
    public static AttentionWeights ofSeparateProjections(Arena arena, Tensor wqWeight, Tensor wqBias, Tensor wkWeight, Tensor wkBias,
                                          Tensor wvWeight, Tensor wvBias, Tensor denseWeight, Tensor denseBias) {
        return ofSeparateProjections("", arena, wqWeight, wqBias, wkWeight, wkBias, wvWeight, wvBias, denseWeight, denseBias);
    }

    private static AttentionWeights ofSeparateProjections(String prefix, Arena arena, Tensor wqWeight, Tensor wqBias,
                                           Tensor wkWeight, Tensor wkBias, Tensor wvWeight, Tensor wvBias,
                                           Tensor denseWeight, Tensor denseBias) {
        Objects.requireNonNull(arena, "arena (separate q/k/v weights are packed into it)");
        int d = lastDimension(wqWeight, prefix + "wq.weight", 2);
        Tensor[] weights = {wqWeight, wkWeight, wvWeight};
        Tensor[] biases = {wqBias, wkBias, wvBias};
        String[] names = {"wq", "wk", "wv"};
        for (int i = 0; i < 3; i++) {
            String weight = prefix + names[i] + ".weight";
            String bias = prefix + names[i] + ".bias";
            requireShape(requireF32(weights[i], weight), weight, d, d);
            requireShape(requireF32(biases[i], bias), bias, d);
            ForwardMemory.usable(weights[i], weight); // read here, to pack them: by name, not the JDK's message
            ForwardMemory.usable(biases[i], bias);
        }
        requireShape(requireF32(denseWeight, prefix + "dense.weight"), prefix + "dense.weight", d, d);
        requireShape(requireF32(denseBias, prefix + "dense.bias"), prefix + "dense.bias", d);
        Tensor inProj = Tensor.allocate(arena, 3 * d, d);
        Tensor inBias = Tensor.allocate(arena, 3 * d);
        long weightBytes = (long) d * d * Float.BYTES;
        long biasBytes = (long) d * Float.BYTES;
        for (int i = 0; i < 3; i++) {
            MemorySegment.copy(weights[i].segment(), 0, inProj.segment(), i * weightBytes, weightBytes);
            MemorySegment.copy(biases[i].segment(), 0, inBias.segment(), i * biasBytes, biasBytes);
        }
        return new AttentionWeights(d, inProj.asMatrix(), row(inBias), denseWeight.asMatrix(), row(denseBias),
                List.of("in_proj_weight (" + prefix + "wq/wk/wv.weight, packed)",
                        "in_proj_bias (" + prefix + "wq/wk/wv.bias, packed)", prefix + "dense.weight",
                        prefix + "dense.bias"));
    }

    /**
     * Reads weights from {@code source}: PyTorch's names ({@code in_proj_weight}, ...) or separate ones
     * ({@code wq.weight}, ...), each preceded by {@code prefix} (e.g. {@code encoder.layers.0.self_attn.}).
     * Separate q/k/v weights are packed into {@code arena}; PyTorch weights are used where they are.
     *
     * <p>Lifetimes: PyTorch weights from a {@code SafeTensorsFile} are views of its mapping, freed when the file is
     * closed; separate q/k/v weights are packed into {@code arena} (their {@code dense} part stays a view of the
     * source).
     * Keep both open for as long as the weights are used: a forward on freed weights throws
     * {@link IllegalStateException} naming the weight, and one on a thread that a confined {@code arena} does not
     * belong to throws {@link WrongThreadException} naming the weight and the thread.
     *
     * @throws IllegalArgumentException naming what is missing or misshapen
     */
    public static AttentionWeights load(TensorSource source, String prefix, Arena arena) {
        Objects.requireNonNull(source, "source");
        String p = prefix == null ? "" : prefix;
        if (source.names().contains(p + "in_proj_weight")) {
            Tensor[] t = require(source, p, PYTORCH_NAMES);
            return ofPyTorch(p, t[0], t[1], t[2], t[3]);
        }
        if (source.names().contains(p + "wq.weight")) {
            Tensor[] t = require(source, p, SEPARATE_PROJECTION_NAMES);
            return ofSeparateProjections(p, arena, t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7]);
        }
        String available = source.names().stream().sorted().limit(12).collect(Collectors.joining(", "));
        throw new IllegalArgumentException("no attention weights under prefix '" + p + "': expected " + p
                + "in_proj_weight (PyTorch nn.MultiheadAttention) or " + p + "wq.weight (separate projections); the file has "
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

    /**
     * The last dimension of F32 tensor {@code t}, which sets d_model, after checking its rank: a tensor of another
     * rank (a scalar has no last dimension) is refused by name.
     */
    private static int lastDimension(Tensor t, String name, int rank) {
        if (requireF32(t, name).rank() != rank) {
            throw new IllegalArgumentException(name + " must have rank " + rank + " ([3*d_model, d_model] or"
                    + " [d_model, d_model]), got shape " + Arrays.toString(t.shape()));
        }
        return t.dim(rank - 1);
    }

    /** Dimensions in {@code long}, so that 3 * d_model cannot wrap around and match a wrong shape. */
    private static void requireShape(Tensor t, String name, long... shape) {
        boolean same = t.rank() == shape.length;
        for (int i = 0; same && i < shape.length; i++) {
            same = t.dim(i) == shape[i];
        }
        if (!same) {
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

    /**
     * The four weights in {@link #PYTORCH_NAMES}' order, as tensors over the weights' own memory (no copy):
     * {@code in_proj_weight [3d, d]}, {@code in_proj_bias [3d]}, {@code out_proj.weight [d, d]},
     * {@code out_proj.bias [d]}. For a backend that prepares the constant operands of the products once.
     */
    public List<Tensor> tensors() {
        return List.of(matrix(inProj), vector(inBias), matrix(outProj), vector(outBias));
    }

    /** Every matrix here is dense, rows one after another ({@code ld == cols}): made so by all factories. */
    private static Tensor matrix(StridedMatrix m) {
        return Tensor.of(m.segment().asSlice(m.offset() * Float.BYTES, (long) m.rows() * m.cols() * Float.BYTES),
                m.rows(), m.cols());
    }

    private static Tensor vector(StridedMatrix m) {
        return Tensor.of(m.segment().asSlice(m.offset() * Float.BYTES, (long) m.cols() * Float.BYTES), m.cols());
    }

    /** The projections as the forward pass uses them. */
    Projections projections() {
        return projections;
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

    /**
     * Throws unless every weight may be used by this thread: {@link IllegalStateException} when its memory was
     * freed (its arena, or the file it is mapped from, is closed), {@link WrongThreadException} when it is confined
     * to another thread; either names the weight. Allocates nothing when they may.
     */
    void checkUsable() {
        checkUsable(inProj, 0);
        checkUsable(inBias, 1);
        checkUsable(outProj, 2);
        checkUsable(outBias, 3);
    }

    private void checkUsable(StridedMatrix weight, int index) {
        MemorySegment s = weight.segment();
        if (!s.scope().isAlive()) {
            throw new IllegalStateException(names.get(index) + ": the weights' memory was freed (its arena is closed,"
                    + " or the SafeTensorsFile it is mapped from)");
        }
        Thread caller = Thread.currentThread();
        if (!s.isAccessibleBy(caller)) {
            String owner = maker != caller && s.isAccessibleBy(maker) ? "thread '" + maker.getName() + "'"
                    : "another thread";
            throw new WrongThreadException(names.get(index) + ": the weights' memory is confined to " + owner
                    + ", not '" + caller.getName() + "'; to share weights among threads, load them into a shared"
                    + " arena (Arena.ofShared())");
        }
    }

    /**
     * Throws when output segment {@code out} shares a byte with a weight (the whole matrix each view spans),
     * naming both.
     */
    void checkApart(MemorySegment out, String name) {
        checkApart(out, name, inProj, 0);
        checkApart(out, name, inBias, 1);
        checkApart(out, name, outProj, 2);
        checkApart(out, name, outBias, 3);
    }

    private void checkApart(MemorySegment out, String name, StridedMatrix weight, int index) {
        MemorySegment s = weight.segment();
        // Each matrix is a whole tensor (see the factories), so its segment is its footprint; a slice otherwise.
        MemorySegment footprint = weight.firstByte() == 0 && weight.endByte() == s.byteSize() ? s
                : s.asSlice(weight.firstByte(), weight.endByte() - weight.firstByte());
        if (ForwardMemory.overlap(out, footprint)) {
            throw new IllegalArgumentException(name + " shares memory with " + names.get(index)
                    + "; an output needs memory of its own, apart from every other tensor of the call");
        }
    }

    /** True when every weight lives in native memory (BLAS needs that). */
    boolean isNative() {
        return inProj.segment().isNative() && inBias.segment().isNative() && outProj.segment().isNative()
                && outBias.segment().isNative();
    }
}
