/**
 * Finds and loads OpenBLAS (an explicit file, the library bundled in {@code org.bytedeco:openblas}, or the
 * system's) for the bindings. The bundled library is read as a resource: on the module path, put the
 * {@code org.bytedeco:openblas} platform jar on the class path. Also carries and loads ffmblas's own kernels
 * ({@link io.github.ffmblas.nativelib.KernelLibrary}), compiled by the build where a C compiler is.
 */
module io.github.ffmblas.nativelib {
    exports io.github.ffmblas.nativelib;
}
