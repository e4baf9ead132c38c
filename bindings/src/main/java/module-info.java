/**
 * The whole CBLAS of OpenBLAS behind one validating facade, {@link io.github.ffmblas.bindings.Blas}. jextract's
 * generated code ({@code io.github.ffmblas.bindings.cblas}) is not exported: every call goes through the checks.
 */
module io.github.ffmblas.bindings {
    requires transitive io.github.ffmblas.nativelib;

    exports io.github.ffmblas.bindings;
}
