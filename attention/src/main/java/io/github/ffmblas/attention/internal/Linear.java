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
public record Linear(StridedMatrix weight, StridedMatrix bias) {

    public Linear {
        Objects.requireNonNull(weight, "weight");
        Objects.requireNonNull(bias, "bias");
        if (bias.rows() != 1 || bias.cols() != weight.rows()) {
            throw new IllegalArgumentException("bias must be [" + weight.rows() + "], got " + bias.rows() + "x" + bias.cols());
        }
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
