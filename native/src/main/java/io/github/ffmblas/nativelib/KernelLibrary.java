package io.github.ffmblas.nativelib;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * ffmblas's own kernels, {@value #FILE}: compiled from {@code native/src/main/kernels} by the build where it finds a
 * C compiler (Linux x86-64), carried in this module's jar, and extracted as OpenBLAS is (into the per-user cache,
 * verified, shared by JVMs, or a temporary directory when the cache cannot be written). Compiled for AVX2 and FMA:
 * call into it only where {@link CpuInfo#vectorIsa()} says the CPU has them.
 */
public final class KernelLibrary {
    /** The library's file name. */
    public static final String FILE = "libffmblas_kernels.so";
    private static final BundledLibrary.Artifact KERNELS = new BundledLibrary.Artifact("io.github.ffmblas",
            "ffmblas-native", FILE, List.of(), "io/github/ffmblas/nativelib/kernels");

    private KernelLibrary() {}

    /**
     * The extracted library's path.
     *
     * @throws IOException saying why there is none: not Linux x86-64, a jar built without a C compiler, or what
     *                     could not be written
     */
    public static Path extract() throws IOException {
        Optional<String> platform = BundledLibrary.currentPlatform().filter("linux-x86_64"::equals);
        if (platform.isEmpty()) {
            throw new IOException(FILE + " is built for linux-x86_64 only, not " + System.getProperty("os.name")
                    + "/" + System.getProperty("os.arch"));
        }
        BundledLibrary bundle = BundledLibrary.find(KERNELS, KernelLibrary.class.getClassLoader(), platform.get())
                .orElseThrow(() -> new IOException(FILE + " is not in ffmblas-native's jar: it was built where no C"
                        + " compiler was (/usr/bin/cc; native/pom.xml, profile kernels)"));
        try {
            return bundle.extractInto(OpenBlasLibrary.defaultCacheRoot());
        } catch (IOException | SecurityException cacheProblem) {
            return bundle.extractIntoTemporaryDirectory();
        }
    }
}
