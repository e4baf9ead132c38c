package io.github.ffmblas.nativelib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.ffmblas.nativelib.OpenBlasLibrary.Mode;
import io.github.ffmblas.nativelib.OpenBlasLibrary.Settings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How {@link OpenBlasLibrary#resolveAndLoad} reacts to each setting. Cases that would load a second copy of
 * OpenBLAS into this JVM run in a child JVM instead.
 */
class OpenBlasLibraryResolutionTest {
    private static final String ORIGIN = "-D" + OpenBlasLibrary.PATH_PROPERTY;
    private static final Path LIBZ = Path.of("/lib/x86_64-linux-gnu/libz.so.1");

    @TempDir
    Path tmp;

    private Settings explicit(Path path, Mode mode) {
        return new Settings(Optional.of(path), ORIGIN, mode, tmp.resolve("cache"));
    }

    private static String failure(Settings settings) {
        return assertThrows(OpenBlasLoadException.class, () -> OpenBlasLibrary.resolveAndLoad(settings))
                .getMessage();
    }

    /** Every failure ends with the settings that choose another library. */
    private static void assertListsTheSettings(String message) {
        assertTrue(message.contains("-Dffmblas.openblas.path="), message);
        assertTrue(message.contains("FFMBLAS_OPENBLAS_PATH"), message);
        assertTrue(message.contains("-Dffmblas.openblas=bundled|system"), message);
        assertTrue(message.contains("-Dffmblas.cache.dir="), message);
    }

    @Test
    void explicitPathThatDoesNotExist() {
        Path missing = tmp.resolve("no-such-dir/libopenblas.so.0");

        String message = failure(explicit(missing, Mode.AUTO));

        assertTrue(message.contains("Could not load the OpenBLAS library named by " + ORIGIN), message);
        assertTrue(message.contains(missing + " does not exist"), message);
        assertListsTheSettings(message);
    }

    @Test
    void explicitPathToADirectory() {
        String message = failure(explicit(tmp, Mode.AUTO));

        assertTrue(message.contains(tmp + " does not exist or is not a file"), message);
    }

    @Test
    void explicitPathToAFileThatIsNotALibrary() throws IOException {
        Path text = Files.writeString(tmp.resolve("libopenblas.so.0"), "this is not an ELF file\n");

        String message = failure(explicit(text, Mode.AUTO));

        assertTrue(message.contains(text + " could not be loaded"), message);
        assertListsTheSettings(message);
    }

    /**
     * A real shared library that is not OpenBLAS is refused by its missing symbols, even when this JVM has
     * loaded OpenBLAS already: the check is about the named file, not about what the JVM can find.
     */
    @Test
    void explicitPathToALibraryThatIsNotOpenBlas() {
        assumeTrue(Files.isRegularFile(LIBZ), LIBZ + " is not present");
        OpenBlasLibrary.load(); // the JVM's own OpenBLAS: whatever else is loaded must not vouch for libz

        String message = failure(explicit(LIBZ, Mode.AUTO));

        assertTrue(message.contains(LIBZ + " loaded, but is not a usable OpenBLAS: missing"), message);
        for (String symbol : OpenBlasLibrary.REQUIRED_SYMBOLS) {
            assertTrue(message.contains(symbol), symbol + " not named in:\n" + message);
        }
        assertListsTheSettings(message);
    }

    @Test
    void explicitPathWithSystemModeConflicts() {
        String message = failure(explicit(tmp.resolve("libopenblas.so.0"), Mode.SYSTEM));

        assertTrue(message.startsWith("Conflicting settings: " + ORIGIN + " names a file and -Dffmblas.openblas=system"),
                message);
        assertListsTheSettings(message);
    }

    @Test
    void explicitPathWithBundledModeConflicts() {
        String message = failure(explicit(tmp.resolve("libopenblas.so.0"), Mode.BUNDLED));

        assertTrue(message.startsWith("Conflicting settings:"), message);
        assertTrue(message.contains("-Dffmblas.openblas=bundled"), message);
    }

    @Test
    void modeParsing() {
        assertEquals(Mode.AUTO, Mode.parse(null));
        assertEquals(Mode.AUTO, Mode.parse("  "));
        assertEquals(Mode.BUNDLED, Mode.parse(" Bundled "));
        assertEquals(Mode.SYSTEM, Mode.parse("SYSTEM"));
        String message = assertThrows(OpenBlasLoadException.class, () -> Mode.parse("jar")).getMessage();
        assertTrue(message.startsWith("-Dffmblas.openblas=jar is not one of bundled, system, auto."), message);
    }

    /** Loads the bundled library, so in a child JVM: this JVM keeps the one copy the other tests use. */
    @Test
    void unwritableCacheRootFallsBackToATemporaryDirectory() throws Exception {
        Path blocker = Files.writeString(tmp.resolve("a-file"), "a regular file where a directory should be");
        Path cacheRoot = blocker.resolve("cache");

        ChildJvm.Result child = ChildJvm.start(tmp.resolve("child.log"), List.of(),
                Mode.BUNDLED.name(), cacheRoot.toString()).await();

        assertEquals(0, child.exitCode(), child.output());
        assertEquals("BUNDLED", child.require("source"));
        assertTrue(child.require("detail").contains("extracted to a temporary directory because " + cacheRoot
                + " is not writable"), child.output());
        assertFalse(child.require("path").startsWith(blocker.toString()), child.output());
    }
}
