package io.github.ffmblas.bench;

/**
 * C = A·B with row-major {@code A [m, k]}, {@code B [k, n]}, {@code C [m, n]}, alpha 1, beta 0. Square by default;
 * other shapes measure the products a forward pass makes, such as its fused Q/K/V projection
 * ({@code m = B·L}, {@code n = 3·d_model}, {@code k = d_model}), where a library's kernel for short, wide
 * products matters more than its large-matrix rate.
 */
public record SgemmProblem(int m, int n, int k) implements Problem {
    /**
     * The most floats one matrix may hold (256 MiB; square n = 8192): every peer's C comes back as one heap
     * array to be compared, and the C harness passes A, B and C through files.
     */
    public static final long MAX_FLOATS = 1L << 26;

    public SgemmProblem {
        if (m < 1 || n < 1 || k < 1) {
            throw new IllegalArgumentException("sgemm sizes must be >= 1, got m=" + m + " n=" + n + " k=" + k);
        }
        if ((long) m * k > MAX_FLOATS || (long) k * n > MAX_FLOATS || (long) m * n > MAX_FLOATS) {
            throw new IllegalArgumentException("sgemm m=" + m + " n=" + n + " k=" + k + ": a matrix would hold more than "
                    + MAX_FLOATS + " floats (256 MiB)");
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
