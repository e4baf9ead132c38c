package io.github.ffmblas.bench;

/**
 * C = A·B with row-major {@code A [m, k]}, {@code B [k, n]}, {@code C [m, n]}, alpha 1, beta 0. Square by default;
 * other shapes measure the products a forward pass makes, such as its fused Q/K/V projection
 * ({@code m = B·L}, {@code n = 3·d_model}, {@code k = d_model}), where a library's kernel for short, wide
 * products matters more than its large-matrix rate.
 */
public record SgemmProblem(int m, int n, int k) implements Problem {

    public SgemmProblem {
        if (m < 1 || n < 1 || k < 1) {
            throw new IllegalArgumentException("sgemm sizes must be >= 1, got m=" + m + " n=" + n + " k=" + k);
        }
        if ((long) m * k > Integer.MAX_VALUE || (long) k * n > Integer.MAX_VALUE || (long) m * n > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("sgemm m=" + m + " n=" + n + " k=" + k + ": a matrix would hold more than "
                    + Integer.MAX_VALUE + " floats");
        }
    }

    /** The square product {@code n x n x n}. */
    public SgemmProblem(int n) {
        this(n, n, n);
    }

    public boolean isSquare() {
        return m == n && n == k;
    }

    @Override
    public String kind() {
        return "sgemm";
    }

    @Override
    public double flops() {
        return 2.0 * m * n * k;
    }

    /** {@code n=256} for a square product, else {@code m=128 n=2304 k=768}. */
    @Override
    public String label() {
        return isSquare() ? "n=" + n : "m=" + m + " n=" + n + " k=" + k;
    }
}
