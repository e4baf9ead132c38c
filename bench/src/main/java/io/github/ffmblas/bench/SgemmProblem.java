package io.github.ffmblas.bench;

/** C = A·B with square {@code n x n} row-major matrices, alpha 1, beta 0. */
public record SgemmProblem(int n) implements Problem {

    public SgemmProblem {
        if (n < 1) {
            throw new IllegalArgumentException("sgemm size must be >= 1, got " + n);
        }
    }

    @Override
    public String kind() {
        return "sgemm";
    }

    @Override
    public double flops() {
        return 2.0 * n * n * n;
    }

    @Override
    public String label() {
        return "n=" + n;
    }
}
