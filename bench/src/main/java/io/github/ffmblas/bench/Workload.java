package io.github.ffmblas.bench;

import io.github.ffmblas.attention.AttentionWeights;
import io.github.ffmblas.attention.Tensor;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Random;

/**
 * The inputs of one problem, generated once from a seed and shared by every implementation, so all of them
 * compute the same thing. Native memory in a shared arena; implementations only read it.
 */
public final class Workload implements AutoCloseable {
    private final Problem problem;
    private final Arena arena = Arena.ofShared();
    // attention
    private final Tensor query;
    private final Tensor key;
    private final float[] inProjWeight;
    private final float[] inProjBias;
    private final float[] outProjWeight;
    private final float[] outProjBias;
    private final AttentionWeights weights;
    // sgemm
    private final MemorySegment a;
    private final MemorySegment b;

    private Workload(Problem problem, long seed) {
        this.problem = problem;
        Random random = new Random(seed);
        if (problem instanceof AttentionProblem p) {
            int d = p.dModel();
            inProjWeight = gaussian(random, 3 * d * d, (float) (1 / Math.sqrt(d)));
            inProjBias = gaussian(random, 3 * d, 0.1f);
            outProjWeight = gaussian(random, d * d, (float) (1 / Math.sqrt(d)));
            outProjBias = gaussian(random, d, 0.1f);
            weights = AttentionWeights.ofPyTorch(Tensor.copyOf(arena, inProjWeight, 3 * d, d),
                    Tensor.copyOf(arena, inProjBias, 3 * d), Tensor.copyOf(arena, outProjWeight, d, d),
                    Tensor.copyOf(arena, outProjBias, d));
            query = Tensor.copyOf(arena, gaussian(random, p.batch() * p.queryLength() * d, 1f), p.batch(), p.queryLength(), d);
            key = p.selfAttention() ? query
                    : Tensor.copyOf(arena, gaussian(random, p.batch() * p.keyLength() * d, 1f), p.batch(), p.keyLength(), d);
            a = null;
            b = null;
        } else {
            SgemmProblem p = (SgemmProblem) problem;
            a = Tensor.copyOf(arena, gaussian(random, p.m() * p.k(), 1f), p.m(), p.k()).segment();
            b = Tensor.copyOf(arena, gaussian(random, p.k() * p.n(), 1f), p.k(), p.n()).segment();
            query = key = null;
            inProjWeight = inProjBias = outProjWeight = outProjBias = null;
            weights = null;
        }
    }

    public static Workload of(Problem problem, long seed) {
        return new Workload(problem, seed);
    }

    private static float[] gaussian(Random random, int n, float scale) {
        float[] v = new float[n];
        for (int i = 0; i < n; i++) {
            v[i] = (float) random.nextGaussian() * scale;
        }
        return v;
    }

    public Problem problem() {
        return problem;
    }

    /** The attention problem; throws for an sgemm workload. */
    public AttentionProblem attention() {
        return (AttentionProblem) problem;
    }

    /** The sgemm problem; throws for an attention workload. */
    public SgemmProblem sgemm() {
        return (SgemmProblem) problem;
    }

    /** {@code [B, Lq, d]}. */
    public Tensor query() {
        return query;
    }

    /** {@code [B, Lk, d]}; also the value. The same tensor as {@link #query()} for self-attention. */
    public Tensor key() {
        return key;
    }

    /** The weights in PyTorch's layout, in native memory. */
    public AttentionWeights weights() {
        return weights;
    }

    /** {@code in_proj_weight [3d, d]}: rows 0..d-1 = Wq, d..2d-1 = Wk, 2d..3d-1 = Wv. A heap copy, do not modify. */
    public float[] inProjWeight() {
        return inProjWeight;
    }

    /** {@code in_proj_bias [3d]}. */
    public float[] inProjBias() {
        return inProjBias;
    }

    /** {@code out_proj.weight [d, d]}. */
    public float[] outProjWeight() {
        return outProjWeight;
    }

    /** {@code out_proj.bias [d]}. */
    public float[] outProjBias() {
        return outProjBias;
    }

    /** Sgemm A, {@code m x k} row-major floats. */
    public MemorySegment a() {
        return a;
    }

    /** Sgemm B, {@code k x n} row-major floats. */
    public MemorySegment b() {
        return b;
    }

    @Override
    public void close() {
        arena.close();
    }
}
