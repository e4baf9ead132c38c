package io.github.ffmblas.bindings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.ffmblas.nativelib.LibrarySource;
import io.github.ffmblas.nativelib.OpenBlasLibrary;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** {@link Blas#runtime()}, the thread-count controls, and the version parsing behind the batch route. */
class RuntimeInfoTest {
    private static final int[] FIXED = {0, 3, 32};

    /** True when nothing steers the JVM away from the bundled library (the default in this build). */
    private static boolean defaultResolution() {
        return blank(System.getProperty(OpenBlasLibrary.PATH_PROPERTY)) && blank(System.getenv(OpenBlasLibrary.PATH_ENV))
                && blank(System.getProperty(OpenBlasLibrary.MODE_PROPERTY));
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }

    @Test
    void bundledLibraryDescribesItself() {
        assumeTrue(defaultResolution(), "a library path or mode is configured: the bundled library may not be in use");
        OpenBlasRuntime runtime = Blas.runtime();

        assertEquals("0.3.31", runtime.version());
        assertTrue(runtime.config().startsWith("OpenBLAS 0.3.31"), runtime.config());
        assertFalse(runtime.coreName().isBlank(), "core name");
        assertTrue(runtime.threads() >= 1, "threads " + runtime.threads());
        assertTrue(runtime.processors() >= 1, "processors " + runtime.processors());
        assertEquals(Parallelism.PTHREADS, runtime.parallelism()); // the bytedeco build uses pthreads
        assertEquals(LibrarySource.BUNDLED, runtime.library().source());
        assertEquals(Optional.of("0.3.31-1.5.13"), runtime.library().artifactVersion());
        assertTrue(runtime.library().path().endsWith("libopenblas.so.0"), runtime.library().path().toString());
        assertTrue(runtime.library().detail().startsWith("org.bytedeco:openblas:0.3.31-1.5.13 (linux-x86_64)"),
                runtime.library().detail());
        assertEquals(OpenBlasLibrary.loadedLibrary(), Optional.of(runtime.library()));
    }

    @Test
    void runtimeIsConsistentWithTheLibrary() {
        OpenBlasRuntime runtime = Blas.runtime();
        assertEquals(Quirks.parseVersion(runtime.config()), runtime.version());
        assertEquals(Blas.numThreads(), runtime.threads());
        assertTrue(runtime.batchPolicy().description().contains("cblas_sgemm"), runtime.batchPolicy().description());
    }

    /** OPENBLAS_CORETYPE is reported as it is; tests never set or clear it. */
    @Test
    void coreTypeOverrideMirrorsTheEnvironment() {
        String coreType = System.getenv("OPENBLAS_CORETYPE");
        Optional<String> expected = blank(coreType) ? Optional.empty() : Optional.of(coreType);
        assertEquals(expected, Blas.runtime().coreTypeOverride());
    }

    @Test
    void setNumThreadsRefusesLessThanOne() {
        int before = Blas.numThreads();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Blas.setNumThreads(0));
        assertEquals("setNumThreads: threads=0 must be >= 1", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Blas.setNumThreads(-1));
        assertEquals(before, Blas.numThreads());
    }

    @Test
    void setNumThreadsRoundTrips() {
        int original = Blas.numThreads();
        try {
            Blas.setNumThreads(1);
            assertEquals(1, Blas.numThreads());
            assertEquals(1, Blas.runtime().threads());
            if (Blas.runtime().processors() >= 2) {
                Blas.setNumThreads(2);
                assertEquals(2, Blas.numThreads());
            }
        } finally {
            Blas.setNumThreads(original);
        }
        assertEquals(original, Blas.numThreads());
    }

    @Test
    void parseVersionFindsTheReleaseInTheConfigString() {
        assertEquals("0.3.31", Quirks.parseVersion("OpenBLAS 0.3.31 DYNAMIC_ARCH NO_AFFINITY Haswell MAX_THREADS=64"));
        assertEquals("0.3.26", Quirks.parseVersion("OpenBLAS 0.3.26.dev DYNAMIC_ARCH"));
        assertEquals("0.3.9", Quirks.parseVersion(" OpenBLAS  0.3.9 "));
        assertEquals("1.12.105", Quirks.parseVersion("OpenBLAS 1.12.105"));
        assertEquals("unknown", Quirks.parseVersion("OpenBLAS 0.3"));
        assertEquals("unknown", Quirks.parseVersion("BLIS 0.9.0"));
        assertEquals("unknown", Quirks.parseVersion(""));
    }

    @Test
    void atLeastComparesNumerically() {
        assertTrue(Quirks.atLeast("0.3.32", FIXED), "equal");
        assertTrue(Quirks.atLeast("0.3.33", FIXED));
        assertTrue(Quirks.atLeast("0.3.100", FIXED), "100 > 32 as numbers, not as text");
        assertTrue(Quirks.atLeast("0.4.0", FIXED));
        assertTrue(Quirks.atLeast("0.10.0", FIXED));
        assertTrue(Quirks.atLeast("1.0.0", FIXED));
        assertFalse(Quirks.atLeast("0.3.31", FIXED));
        assertFalse(Quirks.atLeast("0.3.4", FIXED));
        assertFalse(Quirks.atLeast("0.2.99", FIXED));
        assertFalse(Quirks.atLeast("unknown", FIXED), "an unknown version is treated as affected");
        assertFalse(Quirks.atLeast("0.3", FIXED));
        assertFalse(Quirks.atLeast("0.3.32.dev", FIXED));
    }
}
