/**
 * Finds and loads OpenBLAS (an explicit file, the library bundled in {@code org.bytedeco:openblas}, or the
 * system's) for the bindings. The bundled library is read as a resource: on the module path, put the
 * {@code org.bytedeco:openblas} platform jar on the class path.
 */
module io.github.ffmblas.nativelib {
    exports io.github.ffmblas.nativelib;
}
