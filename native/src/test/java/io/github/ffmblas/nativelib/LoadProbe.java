package io.github.ffmblas.nativelib;

import java.nio.file.Path;
import java.util.Optional;

/**
 * Entry point for child JVMs in the loader tests: loads OpenBLAS and prints what was loaded, one
 * {@code key=value} a line.
 *
 * <p>No arguments: {@link OpenBlasLibrary#load()} with the JVM's own settings. {@code MODE CACHE_ROOT}:
 * {@link OpenBlasLibrary#resolveAndLoad} with no explicit path, that mode and that cache root.
 */
public final class LoadProbe {
    private LoadProbe() {}

    public static void main(String[] args) {
        LoadedLibrary library = args.length == 0
                ? OpenBlasLibrary.load()
                : OpenBlasLibrary.resolveAndLoad(new OpenBlasLibrary.Settings(Optional.empty(), "",
                        OpenBlasLibrary.Mode.valueOf(args[0]), Path.of(args[1])));
        System.out.println("source=" + library.source());
        System.out.println("path=" + library.path());
        System.out.println("detail=" + library.detail());
    }
}
