package io.github.ffmblas.attention;

import io.github.ffmblas.bindings.Transpose;
import java.lang.foreign.MemorySegment;
import java.util.Objects;

/**
 * A fully connected layer with PyTorch's weight layout: {@code weight [out, in]}, {@code bias [out]},
 * {@code y = x W^T + b}, computed as one GEMM over all rows of x.
 *
 * <p>The bias goes in without a pass of its own: it is written into y first and the GEMM accumulates onto it
 * with beta = 1. (OpenBLAS would otherwise spend that same pass zeroing y for beta = 0.)
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

    /** y = x W^T + b for every row of x; x is {@code [rows, in]}, y is {@code [rows, out]}. */
    public void forward(Gemm gemm, StridedMatrix x, StridedMatrix y) {
        checkShapes(x, y);
        broadcastRows(bias, y);
        gemm.multiply(Transpose.TRANSPOSE, 1f, x, weight, 1f, y);
    }

    /** Throws unless x is {@code [rows, in]} and y is {@code [rows, out]}. */
    void checkShapes(StridedMatrix x, StridedMatrix y) {
        if (x.cols() != inFeatures() || y.cols() != outFeatures() || x.rows() != y.rows()) {
            throw new IllegalArgumentException("Linear(" + inFeatures() + " -> " + outFeatures() + "): x is "
                    + x.rows() + "x" + x.cols() + ", y is " + y.rows() + "x" + y.cols());
        }
    }

    /** Copies the single row {@code row} into every row of {@code target}. */
    static void broadcastRows(StridedMatrix row, StridedMatrix target) {
        long bytes = (long) target.cols() * Float.BYTES;
        long source = row.offset() * Float.BYTES;
        for (int r = 0; r < target.rows(); r++) {
            MemorySegment.copy(row.segment(), source, target.segment(), (target.offset() + (long) r * target.ld()) * Float.BYTES, bytes);
        }
    }
}
