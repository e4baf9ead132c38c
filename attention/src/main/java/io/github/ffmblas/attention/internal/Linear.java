package io.github.ffmblas.attention.internal;

import io.github.ffmblas.attention.Gemm;
import io.github.ffmblas.bindings.Transpose;
import java.lang.foreign.MemorySegment;
import java.util.Objects;

/**
 * A fully connected layer with PyTorch's weight layout: {@code weight [out, in]}, {@code bias [out]},
 * {@code y = x W^T + b}, computed as one GEMM over all rows of x.
 *
 * <p>The bias goes in through {@link Gemm#multiplyAddBias}: written into y first and accumulated onto with
 * beta = 1 by default, taken as the primitive's own argument by a backend that can.
 */
public final class Linear {
    private final StridedMatrix weight;
    private final StridedMatrix bias;
    private final boolean mapped;
    /** {@link #mappedParts}' last answer, or null. */
    private volatile MappedParts mappedParts;

    /**
     * Slices of a weight mapped from a file, one at the first row of each part of a split {@code width} rows wide.
     * A slice of a mapping made for each call stayed on the heap (C2 did not compile
     * {@code MappedMemorySegmentImpl.dup} away: 112 to 752 bytes a forward on two threads, JFR), so they are made
     * once and kept here, as long as the weights, and no longer: a workspace holding them would keep a mapping
     * of an automatic arena from being unmapped.
     */
    private record MappedParts(int width, MemorySegment[] slices) {}

    public Linear(StridedMatrix weight, StridedMatrix bias) {
        Objects.requireNonNull(weight, "weight");
        this.bias = Objects.requireNonNull(bias, "bias");
        this.mapped = weight.segment().isMapped();
        // K's and V's rows of a mapped in_proj_weight: sliced once here, so no product slices the mapping.
        this.weight = mapped && weight.offset() != 0
                ? new StridedMatrix(weight.segment().asSlice(weight.offset() * Float.BYTES), 0, weight.rows(),
                        weight.cols(), weight.ld())
                : weight;
        if (bias.rows() != 1 || bias.cols() != weight.rows()) {
            throw new IllegalArgumentException("bias must be [" + weight.rows() + "], got " + bias.rows() + "x"
                    + bias.cols());
        }
    }

    public StridedMatrix weight() {
        return weight;
    }

    public StridedMatrix bias() {
        return bias;
    }

    public int inFeatures() {
        return weight.cols();
    }

    public int outFeatures() {
        return weight.rows();
    }

    /** Where row {@code row} of the weight starts in its segment, in floats. */
    long weightAt(int row) {
        return weight.offset() + (long) row * weight.ld();
    }

    /** Whether the weight is mapped from a file, so that a product starting inside it takes a slice made once. */
    boolean mapped() {
        return mapped;
    }

    /**
     * For a weight mapped from a file: slices of it starting at rows 0, {@code width}, {@code 2 * width}, ...,
     * one per part of the output columns split {@code width} wide, each to be used at offset 0. Made on the first
     * call for a width, then reused by any thread until a call asks for another width. A slice shares its
     * mapping's lifetime: a call on a closed file still fails, naming the weights.
     */
    MemorySegment[] mappedParts(int width) {
        MappedParts parts = mappedParts;
        if (parts != null && parts.width() == width) {
            return parts.slices();
        }
        MemorySegment[] slices = new MemorySegment[(outFeatures() + width - 1) / width];
        for (int p = 0; p < slices.length; p++) {
            slices[p] = weight.segment().asSlice(weightAt(p * width) * Float.BYTES);
        }
        mappedParts = new MappedParts(width, slices);
        return slices;
    }

    /**
     * Output columns {@code [from, to)} of {@code y = x W^T + b}, on operands given as offsets and leading dimensions
     * (floats) whose shapes the caller has checked: the form the forward pass uses, which creates no view objects,
     * and one part of a projection split among threads (a part reads only its own rows of W, so the parts
     * together pack the weights once, as one product would).
     *
     * @param weightSegment {@code weight}'s memory, the same memory as another thread may access it, or a slice
     *                      of it; {@code weightAt} is where row {@code from} starts in it
     * @param biasSegment   {@code bias}'s memory, or the same memory as another thread may access it
     */
    void forwardColumns(Gemm gemm, int rows, MemorySegment x, long xAt, int xld, MemorySegment y, long yAt, int yld,
                        int from, int to, MemorySegment weightSegment, long weightAt, MemorySegment biasSegment) {
        gemm.multiplyAddBias(Transpose.TRANSPOSE, rows, to - from, inFeatures(), x, xAt, xld, weightSegment,
                weightAt, weight.ld(), biasSegment, bias.offset() + from, y, yAt + from, yld);
    }
}
