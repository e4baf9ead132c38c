package io.github.ffmblas.nativelib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Several JVMs sharing one extraction cache, as parallel builds and test forks do. */
class ConcurrentExtractionTest {
    @TempDir
    Path tmp;

    @Test
    void twoJvmsStartedTogetherShareOneCopy() throws Exception {
        Path cache = tmp.resolve("cache"); // does not exist yet: both children race to create it
        List<String> options = List.of("-D" + OpenBlasLibrary.CACHE_PROPERTY + "=" + cache);

        ChildJvm first = ChildJvm.start(tmp.resolve("first.log"), options);
        ChildJvm second = ChildJvm.start(tmp.resolve("second.log"), options);
        ChildJvm.Result one = first.await();
        ChildJvm.Result two = second.await();

        assertEquals(0, one.exitCode(), one.output());
        assertEquals(0, two.exitCode(), two.output());
        assertEquals("BUNDLED", one.require("source"), one.output());
        assertEquals("BUNDLED", two.require("source"), two.output());
        Path path = Path.of(one.require("path"));
        assertEquals(path, Path.of(two.require("path")), "both children load the same file:\n" + one.output()
                + "\n" + two.output());
        assertTrue(path.startsWith(cache), path + " is not under " + cache);
        assertTrue(one.require("detail").contains("cached in " + path.getParent()), one.output());

        List<String> names;
        try (Stream<Path> list = Files.list(cache)) {
            names = list.map(p -> p.getFileName().toString()).toList();
        }
        assertEquals(List.of(path.getParent().getFileName().toString()), names,
                "exactly one openblas-* directory and no .staging-*/.stale-* leftovers");
        assertTrue(names.getFirst().startsWith("openblas-"), names.toString());
    }

    /**
     * A cached copy damaged after extraction (cut to 4 KiB: loading it would fail, or worse, map a broken
     * library): two JVMs started together against it both check it before loading, replace it once between them,
     * and load the bundled library from a verified copy.
     */
    @Test
    void aCorruptedCachedLibraryIsReplacedBeforeTwoJvmsLoadIt() throws Exception {
        Path cache = tmp.resolve("cache");
        List<String> options = List.of("-D" + OpenBlasLibrary.CACHE_PROPERTY + "=" + cache);
        ChildJvm.Result populate = ChildJvm.start(tmp.resolve("populate.log"), options).await();
        assertEquals(0, populate.exitCode(), populate.output());
        Path library = Path.of(populate.require("path"));
        long size = Files.size(library);
        try (java.io.RandomAccessFile file = new java.io.RandomAccessFile(library.toFile(), "rw")) {
            file.setLength(4096);
        }

        ChildJvm first = ChildJvm.start(tmp.resolve("first.log"), options);
        ChildJvm second = ChildJvm.start(tmp.resolve("second.log"), options);
        ChildJvm.Result one = first.await();
        ChildJvm.Result two = second.await();

        for (ChildJvm.Result child : List.of(one, two)) {
            assertEquals(0, child.exitCode(), child.output());
            assertEquals("BUNDLED", child.require("source"), child.output());
            assertEquals(library, Path.of(child.require("path")), child.output());
        }
        assertEquals(size, Files.size(library), "the library was extracted again");
        BundledLibrary bundle = BundledLibrary.find(getClass().getClassLoader(), "linux-x86_64").orElseThrow();
        assertEquals(java.util.Optional.empty(), bundle.verify(library.getParent()));
        try (Stream<Path> list = Files.list(cache)) {
            assertEquals(List.of(library.getParent()), list.toList(), "no .staging-*/.stale-* leftovers");
        }
    }

    @Test
    void aCacheDirUnderARegularFileFallsBackToATemporaryDirectory() throws Exception {
        Path blocker = Files.writeString(tmp.resolve("a-file"), "in the way");
        Path cache = blocker.resolve("cache");

        ChildJvm.Result child = ChildJvm.start(tmp.resolve("child.log"),
                List.of("-D" + OpenBlasLibrary.CACHE_PROPERTY + "=" + cache)).await();

        assertEquals(0, child.exitCode(), child.output());
        assertEquals("BUNDLED", child.require("source"));
        assertTrue(child.require("detail").contains("extracted to a temporary directory"), child.output());
        assertFalse(Path.of(child.require("path")).startsWith(blocker), child.output());
        assertFalse(Files.exists(cache));
    }
}
