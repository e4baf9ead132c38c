package io.github.ffmblas.attention;

/**
 * How an {@link AttentionModel} and OpenBLAS share the cores. OpenBLAS's thread count is process-wide (see
 * {@code Blas.setNumThreads}): with several request threads each running a forward, OpenBLAS's default of one
 * worker per core makes every request fan out into workers that then compete for the same cores, which
 * multiplies the tail latency (measured on 2 cores with 2 request threads: p99 from 0.4-0.5 ms to 7.4-8.3 ms,
 * throughput halved).
 */
public enum ThreadPolicy {
    /**
     * The default, for services: each forward runs on the thread that calls it, and when the model opens it sets
     * OpenBLAS to one thread for the whole process (unless it already is), so N request threads use at most N
     * cores. To spread one forward over several cores, pass a {@code Workspace.create(threads)}: its helpers
     * split the forward, each product on one OpenBLAS thread.
     */
    ONE_OPENBLAS_THREAD,
    /**
     * OpenBLAS's thread count is left as it is: for a program that makes one forward at a time and wants
     * OpenBLAS's workers inside each product, or one that sets the count itself. The model still watches for
     * forwards that overlap: the first time two do while OpenBLAS runs more than one thread, it logs a warning
     * (System.Logger {@code io.github.ffmblas.attention.AttentionModel}) naming this policy.
     */
    KEEP_OPENBLAS_THREADS
}
