/**
 * {@link io.github.ffmblas.onednn.OneDnnGemm}: attention's products on oneDNN with the weights reordered once.
 * jextract's bindings of oneDNN's C API ({@code io.github.ffmblas.onednn.dnnl}) are not exported.
 */
module io.github.ffmblas.onednn {
    requires transitive io.github.ffmblas.attention;
    requires io.github.ffmblas.nativelib;

    exports io.github.ffmblas.onednn;

    provides io.github.ffmblas.attention.spi.GemmProvider with io.github.ffmblas.onednn.internal.OneDnnProvider;
}
