package io.github.ffmblas.nativelib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Extraction of the bundled OpenBLAS into a cache directory. Nothing here loads a library into the JVM. */
class BundledLibraryTest {
    private static final String PLATFORM = "linux-x86_64";
    /** What the org.bytedeco:openblas linux-x86_64 jar ships beside libopenblas.so.0. */
    private static final Set<String> FILES =
            Set.of("libopenblas.so.0", "libgfortran.so.5", "libquadmath.so.0", "libgcc_s.so.1");
    /** A time no fresh extraction can produce, to tell a reused file from a rewritten one. */
    private static final FileTime LONG_AGO = FileTime.fromMillis(946_684_800_000L); // 2000-01-01

    @TempDir
    Path root;

    private BundledLibrary bundle;

    @BeforeEach
    void findBundle() throws IOException {
        Optional<BundledLibrary> found = BundledLibrary.find(getClass().getClassLoader(), PLATFORM);
        assertTrue(found.isPresent(), "the org.bytedeco:openblas " + PLATFORM + " jar is on the test class path");
        bundle = found.get();
    }

    @Test
    void findReportsTheArtifactVersion() {
        assertEquals("0.3.31-1.5.13", bundle.version());
        assertEquals(PLATFORM, bundle.platform());
        assertTrue(bundle.location().contains("openblas-0.3.31-1.5.13-linux-x86_64.jar"), bundle.location());
    }

    @Test
    void findIsEmptyForAPlatformWithoutAJar() throws IOException {
        assertTrue(BundledLibrary.find(getClass().getClassLoader(), "no-such-platform").isEmpty());
    }

    @Test
    void extractionCreatesOneVersionedDirectoryWithTheLibraryAndItsCompanions() throws IOException {
        Path library = bundle.extractInto(root);

        assertEquals(List.of(library.getParent()), entries(root), "exactly one directory, no staging left over");
        String dirName = library.getParent().getFileName().toString();
        assertTrue(dirName.startsWith("openblas-0.3.31-1.5.13-linux-x86_64-"), dirName);
        assertEquals("libopenblas.so.0", library.getFileName().toString());
        assertEquals(FILES, names(library.getParent()));
        assertEquals(Optional.empty(), bundle.verify(library.getParent()));
    }

    @Test
    void secondExtractionReusesTheCopy() throws IOException {
        Path first = bundle.extractInto(root);
        for (String name : FILES) {
            Files.setLastModifiedTime(first.resolveSibling(name), LONG_AGO);
        }
        Object inode = Files.readAttributes(first, java.nio.file.attribute.BasicFileAttributes.class).fileKey();

        Path second = bundle.extractInto(root);

        assertEquals(first, second);
        for (String name : FILES) {
            assertEquals(LONG_AGO, Files.getLastModifiedTime(second.resolveSibling(name)), name + " was rewritten");
        }
        assertEquals(inode, Files.readAttributes(second, java.nio.file.attribute.BasicFileAttributes.class).fileKey());
        assertEquals(1, entries(root).size());
    }

    @Test
    void aFlippedByteIsDetectedAndTheCopyReplaced() throws IOException {
        Path library = bundle.extractInto(root);
        try (RandomAccessFile file = new RandomAccessFile(library.toFile(), "rw")) {
            long middle = file.length() / 2;
            file.seek(middle);
            int b = file.read();
            file.seek(middle);
            file.write(b ^ 0x40);
        }
        assertTrue(bundle.verify(library.getParent()).orElseThrow().contains("CRC-32"));

        Path again = bundle.extractInto(root);

        assertEquals(library, again);
        assertEquals(Optional.empty(), bundle.verify(again.getParent()));
        assertEquals(List.of(again.getParent()), entries(root), "no stale or staging directory left over");
    }

    @Test
    void aTruncatedCompanionIsDetectedAndTheCopyReplaced() throws IOException {
        Path library = bundle.extractInto(root);
        Path companion = library.resolveSibling("libgfortran.so.5");
        try (RandomAccessFile file = new RandomAccessFile(companion.toFile(), "rw")) {
            file.setLength(file.length() / 3);
        }
        assertTrue(bundle.verify(library.getParent()).orElseThrow().contains("bytes, expected"));

        Path again = bundle.extractInto(root);

        assertEquals(Optional.empty(), bundle.verify(again.getParent()));
        assertEquals(List.of(again.getParent()), entries(root));
    }

    @Test
    void aMissingFileIsDetectedAndTheCopyReplaced() throws IOException {
        Path library = bundle.extractInto(root);
        Files.delete(library.resolveSibling("libquadmath.so.0"));
        assertTrue(bundle.verify(library.getParent()).orElseThrow().contains("missing"));

        assertEquals(Optional.empty(), bundle.verify(bundle.extractInto(root).getParent()));
        assertEquals(FILES, names(library.getParent()));
    }

    /** An extracted copy, checked again once its files are older than a clock tick, so its stamp is not racy. */
    private Path settledCopy() throws Exception {
        Path library = bundle.extractInto(root);
        Thread.sleep(50);
        assertEquals(library, bundle.extractInto(root));
        assertTrue(bundle.stampHolds(library.getParent()), "the second extraction re-stamped the verified copy");
        return library;
    }

    @Test
    void theStampHoldsForUntouchedFilesAndTheCopyIsReusedOnIt() throws Exception {
        Path library = settledCopy();
        String stamp = Files.readString(library.resolveSibling(BundledLibrary.STAMP));
        for (String name : FILES) {
            assertTrue(stamp.contains(name + " size=" + Files.size(library.resolveSibling(name)) + " "), stamp);
        }

        assertEquals(library, bundle.extractInto(root));
        assertTrue(bundle.stampHolds(library.getParent()));
        assertEquals(FILES, names(library.getParent()), "no temporary stamp left over");
    }

    @Test
    void aSameSizeWriteWithTheOldMtimeFailsTheStampAndTheCopyIsReplaced() throws Exception {
        Path library = settledCopy();
        FileTime mtime = Files.getLastModifiedTime(library);
        try (RandomAccessFile file = new RandomAccessFile(library.toFile(), "rw")) {
            file.seek(4096);
            int b = file.read();
            file.seek(4096);
            file.write(b ^ 0x01);
        }
        Files.setLastModifiedTime(library, mtime);

        assertTrue(!bundle.stampHolds(library.getParent()), "the write changed the ctime");
        assertEquals(library, bundle.extractInto(root));
        assertEquals(Optional.empty(), bundle.verify(library.getParent()), "the damaged copy was replaced");
    }

    @Test
    void aFileReplacedByACopyWithItsAttributesFailsTheStamp() throws Exception {
        Path library = settledCopy();
        Path companion = library.resolveSibling("libquadmath.so.0");
        Path aside = root.resolve("aside");
        Files.copy(companion, aside, java.nio.file.StandardCopyOption.COPY_ATTRIBUTES);
        Files.move(aside, companion, java.nio.file.StandardCopyOption.REPLACE_EXISTING);

        assertTrue(!bundle.stampHolds(library.getParent()), "a new inode");
        assertEquals(library, bundle.extractInto(root));
        assertEquals(Optional.empty(), bundle.verify(library.getParent()), "the copy's CRC-32s still match");
        assertTrue(Files.exists(library.resolveSibling(BundledLibrary.STAMP)), "and it was stamped again");
    }

    @Test
    void aStampNotNewerThanTheFilesIsNotTrusted() throws Exception {
        Path library = settledCopy();
        // As when a file changed within the clock tick the stamp was written in: its ctime is not older.
        Files.setLastModifiedTime(library.resolveSibling(BundledLibrary.STAMP), LONG_AGO);

        assertTrue(!bundle.stampHolds(library.getParent()));
    }

    @Test
    void aMissingOrForeignStampIsNotTrusted() throws Exception {
        Path library = settledCopy();
        Path stamp = library.resolveSibling(BundledLibrary.STAMP);
        Files.writeString(stamp, Files.readString(stamp).replace("ino=", "ino=1"));
        assertTrue(!bundle.stampHolds(library.getParent()));
        Files.delete(stamp);
        assertTrue(!bundle.stampHolds(library.getParent()));

        assertEquals(library, bundle.extractInto(root));
        assertTrue(Files.exists(stamp), "stamped again after the CRC-32s matched");
    }

    @Test
    void aCacheRootThatCannotBeCreatedThrowsIOException() throws IOException {
        // Tests run as root, so permissions would not stop a write; a regular file in the way does.
        Path file = Files.writeString(root.resolve("a-file"), "not a directory");
        assertThrows(IOException.class, () -> bundle.extractInto(file.resolve("cache")));
        assertThrows(IOException.class, () -> bundle.extractInto(file));
    }

    @Test
    void extractionIntoATemporaryDirectoryGivesAVerifiedCopy() throws IOException {
        Path library = bundle.extractIntoTemporaryDirectory();
        try {
            assertEquals("libopenblas.so.0", library.getFileName().toString());
            assertEquals(FILES, names(library.getParent()));
            assertEquals(Optional.empty(), bundle.verify(library.getParent()));
            assertNotEquals(library, bundle.extractIntoTemporaryDirectory(), "each call gets a private directory");
        } finally {
            BundledLibrary.deleteTree(library.getParent());
        }
    }

    /**
     * Two extractions racing into one empty cache: both copy into staging directories, one rename wins, and the
     * other must notice the finished copy instead of failing (which would send its JVM to a temporary directory).
     */
    @Test
    void racingExtractionsSettleOnOneCopy() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            CyclicBarrier start = new CyclicBarrier(2);
            List<Future<Path>> results = Stream.<java.util.concurrent.Callable<Path>>generate(() -> () -> {
                start.await(30, TimeUnit.SECONDS);
                return bundle.extractInto(root);
            }).limit(2).map(pool::submit).toList();

            Path first = results.get(0).get(60, TimeUnit.SECONDS);
            Path second = results.get(1).get(60, TimeUnit.SECONDS);

            assertEquals(first, second);
            assertEquals(List.of(first.getParent()), entries(root), "exactly one directory, no staging left over");
            assertEquals(Optional.empty(), bundle.verify(first.getParent()));
        } finally {
            pool.shutdownNow();
        }
    }

    private static List<Path> entries(Path dir) throws IOException {
        try (Stream<Path> list = Files.list(dir)) {
            return list.sorted().toList();
        }
    }

    /** The files in {@code dir} but the stamp. */
    private static Set<String> names(Path dir) throws IOException {
        return entries(dir).stream().map(p -> p.getFileName().toString())
                .filter(name -> !name.equals(BundledLibrary.STAMP)).collect(Collectors.toSet());
    }
}
