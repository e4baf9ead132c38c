package io.github.ffmblas.nativelib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.SymbolLookup;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The kernels the build compiled are in the module's resources, extract into the cache once, and load. */
class KernelLibraryTest {
    @Test
    void theBuildsKernelsExtractOnceAndExportTheirFunction() throws Exception {
        assumeTrue(BundledLibrary.currentPlatform().filter("linux-x86_64"::equals).isPresent(), "not Linux x86-64");
        assumeTrue(Files.exists(Path.of("/usr/bin/cc")), "no /usr/bin/cc: the build compiled no kernels");
        Path first = KernelLibrary.extract();
        Path second = KernelLibrary.extract();
        assertEquals(first, second, "a second extraction reuses the verified copy");
        assertEquals(KernelLibrary.FILE, first.getFileName().toString());
        assertTrue(Files.size(first) > 0, first.toString());
        try (Arena arena = Arena.ofConfined()) {
            assertTrue(SymbolLookup.libraryLookup(first, arena).find("ffmblas_sgemm_packed").isPresent());
        }
    }
}
