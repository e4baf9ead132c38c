package io.github.ffmblas.bindings;

/** How the loaded OpenBLAS was built to run in parallel ({@code openblas_get_parallel()}). */
public enum Parallelism {
    SEQUENTIAL, PTHREADS, OPENMP, UNKNOWN;

    static Parallelism fromCode(int code) {
        return switch (code) {
            case 0 -> SEQUENTIAL;
            case 1 -> PTHREADS;
            case 2 -> OPENMP;
            default -> UNKNOWN;
        };
    }
}
