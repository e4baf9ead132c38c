package io.github.ffmblas.bench;

/** One implementation prepared for one workload: run it many times, read what it computed. */
public interface Candidate extends AutoCloseable {

    /** One timed operation. Everything that is not part of the operation belongs in preparation. */
    void run() throws Exception;

    /**
     * What the last {@link #run()} computed, row-major: the attention output {@code [B, Lq, d]} or the sgemm C
     * {@code [n, n]}. Called outside the timed region, to check the result against the native one.
     */
    float[] result() throws Exception;

    @Override
    default void close() throws Exception {}
}
