package io.github.ffmblas.nativelib;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * The OpenBLAS shared library this JVM loaded.
 *
 * @param path            the file passed to {@link System#load}
 * @param source          how it was chosen
 * @param artifactVersion the {@code org.bytedeco:openblas} version when bundled, e.g. {@code 0.3.31-1.5.13}
 * @param detail          one line on why this file (the setting, the jar, the directory searched)
 */
public record LoadedLibrary(Path path, LibrarySource source, Optional<String> artifactVersion, String detail) {
    public LoadedLibrary {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(artifactVersion, "artifactVersion");
        Objects.requireNonNull(detail, "detail");
    }
}
