package io.github.ffmblas.bench;

import java.util.Optional;

/** A way to compute a {@link Problem}: ffmblas itself, or a peer it is compared with. */
public interface Implementation {

    /** The name used in tables, results.json and {@code --impls}: native, native-onednn, native-openblas-threads,
     * java-reference, java-vector, jni, onnxruntime, c. */
    String name();

    /** Empty when this implementation can run the problem at this thread count; otherwise why not (printed). */
    Optional<String> unsupported(Problem problem, int threads);

    /**
     * Prepares a candidate: builds whatever the implementation needs (sessions, copies into its own memory,
     * thread pools sized to {@code threads}) outside the timed region. The workload's data must not be changed.
     */
    Candidate prepare(Workload workload, int threads) throws Exception;

    /** What exactly runs (library and version, kernel, options), for the report's environment; may be empty. */
    default String details() {
        return "";
    }
}
