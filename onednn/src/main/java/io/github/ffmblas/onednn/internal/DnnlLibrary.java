package io.github.ffmblas.onednn.internal;

import io.github.ffmblas.nativelib.BytedecoLibrary;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Loads oneDNN from the {@code org.bytedeco:dnnl} platform jar: {@code libdnnl.so.3} and the OpenMP runtime it
 * was built with ({@code libgomp.so.1}), extracted into ffmblas's cache beside each other.
 */
final class DnnlLibrary {
    private static final String MAIN = "libdnnl.so.3";
    private static final String OPENMP = "libgomp.so.1";

    private DnnlLibrary() {}

    static void load() {
        Path library;
        try {
            library = BytedecoLibrary.extract(DnnlLibrary.class.getClassLoader(), "dnnl", MAIN, List.of(OPENMP));
        } catch (IOException e) {
            throw new UncheckedIOException("oneDNN could not be loaded: " + e.getMessage(), e);
        }
        // OpenMP first: libdnnl.so.3 finds it beside itself (RUNPATH $ORIGIN), and the bindings look up
        // omp_set_num_threads among the libraries loaded here.
        System.load(library.resolveSibling(OPENMP).toString());
        System.load(library.toString());
    }
}
