package io.github.ffmblas.bench;

/** One implementation prepared for one workload: run it many times, read what it computed. */
public interface Candidate extends AutoCloseable {

    /** One timed operation. Everything that is not part of the operation belongs in preparation. */
    void run() throws Exception;

    /**
     * What the last {@link #run()} computed, row-major: the attention output {@code [B, Lq, d]} or the sgemm C
     * {@code [m, n]}. Called outside the timed region, to check the result against the native one.
     */
    float[] result() throws Exception;

    /**
     * For candidates that cannot be timed from Java, such as the C harness, which runs in its own process:
     * does {@code warmups} untimed runs and {@code runs} timed ones itself and returns each timed run's
     * nanoseconds. Empty (the default) means: time {@link #run()} from Java.
     */
    default java.util.Optional<long[]> timeItself(int warmups, int runs) throws Exception {
        return java.util.Optional.empty();
    }

    /**
     * Sets the process-wide state this candidate runs with (OpenBLAS's thread count), before each of its turns: the
     * candidates of one shape and thread count are prepared together and take turns ({@link BenchRunner}). None by
     * default.
     */
    default void activate() {}

    @Override
    default void close() throws Exception {}

    /** {@code candidate}, with {@code state} set now and before each of its turns. */
    static Candidate withState(Runnable state, Candidate candidate) {
        try {
            state.run();
        } catch (RuntimeException | Error e) {
            try {
                candidate.close(); // it would not be closed by whoever asked for it
            } catch (Exception closing) {
                e.addSuppressed(closing);
            }
            throw e;
        }
        return new Candidate() {
            @Override
            public void run() throws Exception {
                candidate.run();
            }

            @Override
            public float[] result() throws Exception {
                return candidate.result();
            }

            @Override
            public java.util.Optional<long[]> timeItself(int warmups, int runs) throws Exception {
                return candidate.timeItself(warmups, runs);
            }

            @Override
            public void activate() {
                state.run();
                candidate.activate();
            }

            @Override
            public void close() throws Exception {
                candidate.close();
            }
        };
    }
}
