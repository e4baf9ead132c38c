package io.github.ffmblas.nativelib;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * A native library another ffmblas module loads from an {@code org.bytedeco} platform jar (oneDNN for
 * ffmblas-onednn), extracted as OpenBLAS is: into the per-user cache ({@link OpenBlasLibrary#CACHE_PROPERTY}),
 * verified, shared by JVMs, or into a temporary directory when the cache cannot be written.
 */
public final class BytedecoLibrary {
    private BytedecoLibrary() {}

    /**
     * Extracts {@code org.bytedeco:<artifact>}'s {@code mainLibrary} and those of {@code companions} the jar holds,
     * found through {@code loader}, and returns the main library's path (to {@link System#load}, companions first).
     *
     * @throws IOException naming the jar to add when it is not on the class path, or what could not be written
     */
    public static Path extract(ClassLoader loader, String artifact, String mainLibrary, List<String> companions)
            throws IOException {
        Optional<String> platform = BundledLibrary.currentPlatform();
        if (platform.isEmpty()) {
            throw new IOException("org.bytedeco:" + artifact + " has no build for " + System.getProperty("os.name")
                    + "/" + System.getProperty("os.arch"));
        }
        BundledLibrary.Artifact wanted = new BundledLibrary.Artifact(artifact, mainLibrary, List.copyOf(companions));
        BundledLibrary bundle = BundledLibrary.find(wanted, loader, platform.get()).orElseThrow(() -> new IOException(
                "org/bytedeco/" + artifact + "/" + platform.get() + "/" + mainLibrary + " is not on the class path (add"
                        + " org.bytedeco:" + artifact + ":jar:" + platform.get() + ")"));
        try {
            return bundle.extractInto(OpenBlasLibrary.defaultCacheRoot());
        } catch (IOException | SecurityException cacheProblem) {
            return bundle.extractIntoTemporaryDirectory();
        }
    }
}
