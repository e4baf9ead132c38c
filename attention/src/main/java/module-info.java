/**
 * Multi-head attention on the checked bindings: tensors as strided views, PyTorch-compatible weights,
 * safetensors I/O, and the plain-Java reference. The Vector API softmax is used when the JVM runs with
 * {@code --add-modules jdk.incubator.vector}, a scalar one otherwise.
 */
module io.github.ffmblas.attention {
    requires transitive io.github.ffmblas.bindings;
    requires com.fasterxml.jackson.databind;
    requires static jdk.incubator.vector;

    exports io.github.ffmblas.attention;
    exports io.github.ffmblas.attention.safetensors;
    exports io.github.ffmblas.attention.spi;

    // Backends other modules add (ffmblas-onednn): AttentionModel looks them up for Backend.AUTO and ONEDNN.
    uses io.github.ffmblas.attention.spi.GemmProvider;
    // The engine: not API. VectorGemm runs its parallel products on the engine's Team.
    exports io.github.ffmblas.attention.internal to io.github.ffmblas.javagemm;
}
