package io.github.ffmblas.nativelib;

/** Where the loaded OpenBLAS came from. */
public enum LibrarySource {
    /** A file named by {@code -Dffmblas.openblas.path} or {@code FFMBLAS_OPENBLAS_PATH}. */
    EXPLICIT("explicit path"),
    /** Extracted from the {@code org.bytedeco:openblas} platform jar on the class path. */
    BUNDLED("bundled"),
    /** The system's {@code libopenblas.so.0}. */
    SYSTEM("system");

    private final String label;

    LibrarySource(String label) {
        this.label = label;
    }

    /** A short human label, as printed by {@code ffmblas info}. */
    public String label() {
        return label;
    }
}
