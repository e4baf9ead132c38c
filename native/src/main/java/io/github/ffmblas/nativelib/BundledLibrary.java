package io.github.ffmblas.nativelib;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLConnection;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.stream.Stream;
import java.util.zip.CRC32;

/**
 * A native library inside an {@code org.bytedeco} platform jar (OpenBLAS; oneDNN for ffmblas-onednn) or this module's
 * own jar (ffmblas's kernels, {@link KernelLibrary}), and its extraction into a cache directory that several JVMs may share.
 *
 * <p>The jar holds the library ({@code libopenblas.so.0}) and the runtime libraries it needs beside it; their
 * {@code RUNPATH $ORIGIN} finds them once all sit in one directory. The cache directory is named by the
 * artifact version and the files' CRC-32s (which the jar records for every entry), so a different build never
 * reuses another's files. Each copy is written into a private temporary directory and renamed into place in one
 * atomic step: a JVM either sees a complete directory or none. A cached copy is re-checked before use and
 * replaced when it does not match: its sizes always, its CRC-32s unless a stamp says they were checked and the files
 * have not changed since.
 *
 * <p>The stamp ({@value #STAMP}, in the directory) records each file's size, inode and change time (ctime) as they
 * were when the CRC-32s last matched. Recomputing the CRC of the 40 MB library took ~30 ms of every start. Any
 * write, truncation, {@code chmod}, or replacement of a file (even with its old mtime, {@code cp -p}) gives it a new
 * ctime or inode, which no user-space call can set back, so a changed file fails the stamp and gets the full check.
 * As in git's "racy clean" rule, a file whose ctime is not older than the stamp could still have changed within the
 * same clock tick after it was recorded, so such a stamp is not trusted either. What a stamp cannot see is a change
 * that bypasses the file system (a bad disk block) or someone who rewrites the stamp too.
 */
final class BundledLibrary {
    static final String MAIN_LIBRARY = "libopenblas.so.0";

    /**
     * A jar's library: the artifact ({@code <group>:<name>}, {@code org.bytedeco} by default), its main library file,
     * the runtime libraries shipped beside it (those present are extracted with it), and the resource directory
     * holding one subdirectory per platform.
     */
    record Artifact(String group, String name, String mainLibrary, List<String> companions, String directory) {
        Artifact(String name, String mainLibrary, List<String> companions) {
            this("org.bytedeco", name, mainLibrary, companions, "org/bytedeco/" + name);
        }

        String pomProperties() {
            return "META-INF/maven/" + group + "/" + name + "/pom.properties";
        }
    }

    static final Artifact OPENBLAS = new Artifact("openblas", MAIN_LIBRARY,
            List.of("libgfortran.so.5", "libquadmath.so.0", "libgcc_s.so.1"));
    /** In an extracted directory: the files' state when their CRC-32s last matched (see the class comment). */
    static final String STAMP = ".verified";

    record Entry(String name, URL url, long size, long crc) {}

    private final Artifact artifact;
    private final String platform;
    private final String version;
    private final List<Entry> entries;

    private BundledLibrary(Artifact artifact, String platform, String version, List<Entry> entries) {
        this.artifact = artifact;
        this.platform = platform;
        this.version = version;
        this.entries = List.copyOf(entries);
    }

    String version() {
        return version;
    }

    String platform() {
        return platform;
    }

    /** Where the jar with the library is, for messages. */
    String location() {
        String url = entries.getFirst().url().toString();
        int bang = url.indexOf("!/");
        return bang > 0 ? url.substring(0, bang) : url;
    }

    /** The platform directory name the bytedeco jars use, e.g. {@code linux-x86_64}, or empty if unknown. */
    static Optional<String> currentPlatform() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        if (!os.startsWith("linux")) {
            return Optional.empty();
        }
        return switch (arch) {
            case "amd64", "x86_64" -> Optional.of("linux-x86_64");
            case "aarch64", "arm64" -> Optional.of("linux-arm64");
            case "ppc64le" -> Optional.of("linux-ppc64le");
            default -> Optional.empty();
        };
    }

    /** Finds the bundled library for {@code platform} through {@code loader}, or empty when that jar is absent. */
    static Optional<BundledLibrary> find(ClassLoader loader, String platform) throws IOException {
        return find(OPENBLAS, loader, platform);
    }

    /** Finds {@code artifact}'s library for {@code platform} through {@code loader}, or empty when its jar is absent. */
    static Optional<BundledLibrary> find(Artifact artifact, ClassLoader loader, String platform) throws IOException {
        String dir = artifact.directory() + "/" + platform + "/";
        URL main = loader.getResource(dir + artifact.mainLibrary());
        if (main == null) {
            return Optional.empty();
        }
        List<Entry> entries = new ArrayList<>();
        entries.add(describe(artifact.mainLibrary(), main));
        for (String name : artifact.companions()) {
            URL url = loader.getResource(dir + name);
            if (url != null) {
                entries.add(describe(name, url));
            }
        }
        return Optional.of(new BundledLibrary(artifact, platform, readVersion(artifact, main), entries));
    }

    private static Entry describe(String name, URL url) throws IOException {
        URLConnection connection = url.openConnection();
        if (connection instanceof JarURLConnection jar) {
            JarEntry entry = jar.getJarEntry();
            if (entry.getSize() >= 0 && entry.getCrc() >= 0) {
                return new Entry(name, url, entry.getSize(), entry.getCrc());
            }
        }
        // Not in a jar (an exploded class path) or no CRC recorded: compute it.
        CRC32 crc = new CRC32();
        long size = 0;
        byte[] buffer = new byte[1 << 16];
        try (InputStream in = url.openStream()) {
            for (int n; (n = in.read(buffer)) > 0; ) {
                crc.update(buffer, 0, n);
                size += n;
            }
        }
        return new Entry(name, url, size, crc.getValue());
    }

    /** The artifact version from the jar's Maven metadata, or "unknown". */
    private static String readVersion(Artifact artifact, URL mainLibrary) {
        String url = mainLibrary.toString();
        int bang = url.indexOf("!/");
        if (bang < 0) {
            return "unknown";
        }
        try (InputStream in = new java.net.URI(url.substring(0, bang + 2) + artifact.pomProperties()).toURL().openStream()) {
            Properties properties = new Properties();
            properties.load(in);
            return properties.getProperty("version", "unknown");
        } catch (IOException | URISyntaxException | IllegalArgumentException e) {
            return "unknown";
        }
    }

    /** The cache subdirectory for this build: version, platform and the combined CRC of its files. */
    String cacheKey() {
        CRC32 combined = new CRC32();
        for (Entry e : entries) {
            combined.update(e.name().getBytes(java.nio.charset.StandardCharsets.UTF_8));
            combined.update(HexFormat.of().toHexDigits(e.crc()).getBytes(java.nio.charset.StandardCharsets.UTF_8));
            combined.update(HexFormat.of().toHexDigits(e.size()).getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        String safeVersion = version.replaceAll("[^A-Za-z0-9._-]", "_");
        return artifact.name() + "-" + safeVersion + "-" + platform + "-" + HexFormat.of().toHexDigits((int) combined.getValue());
    }

    /**
     * Makes a verified copy of the library under {@code cacheRoot} and returns the path of its main library
     * ({@code libopenblas.so.0}) in it. Reuses a complete, matching copy (by its stamp, else by its CRC-32s);
     * replaces a damaged one.
     *
     * @throws IOException when {@code cacheRoot} cannot be written (the caller falls back to a temporary
     *                     directory)
     */
    Path extractInto(Path cacheRoot) throws IOException {
        Files.createDirectories(cacheRoot);
        Path target = cacheRoot.resolve(cacheKey());
        for (int attempt = 0; attempt < 3; attempt++) {
            if (Files.isDirectory(target)) {
                if (stampHolds(target)) {
                    return target.resolve(artifact.mainLibrary());
                }
                Optional<String> problem = verify(target);
                if (problem.isEmpty()) {
                    writeStamp(target);
                    return target.resolve(artifact.mainLibrary());
                }
                discard(target);
            }
            Path staging = writeStaging(cacheRoot);
            writeStamp(staging);
            try {
                Files.move(staging, target, StandardCopyOption.ATOMIC_MOVE);
                return target.resolve(artifact.mainLibrary());
            } catch (AtomicMoveNotSupportedException e) {
                deleteTree(staging);
                throw e;
            } catch (FileSystemException raced) {
                // Another JVM finished first; its copy is complete (it was renamed whole). Check it next round.
                // rename(2) onto a non-empty directory fails with ENOTEMPTY, which the JDK reports as a plain
                // FileSystemException, not DirectoryNotEmptyException: tell a lost race by the target existing.
                deleteTree(staging);
                if (!Files.isDirectory(target)) {
                    throw raced;
                }
            }
        }
        throw new IOException("could not settle a verified copy in " + target + " after 3 attempts");
    }

    /** Extracts into a fresh private directory (no sharing, no reuse) and returns the main library's path. */
    Path extractIntoTemporaryDirectory() throws IOException {
        Path dir = Files.createTempDirectory("ffmblas-" + artifact.name() + "-");
        for (Entry e : entries) {
            copy(e, dir.resolve(e.name()));
        }
        deleteOnExit(dir);
        return dir.resolve(artifact.mainLibrary());
    }

    /** Checks each file's size and CRC-32 against the jar; returns what is wrong, if anything. */
    Optional<String> verify(Path dir) {
        for (Entry e : entries) {
            Path file = dir.resolve(e.name());
            try {
                if (!Files.isRegularFile(file)) {
                    return Optional.of(file + " is missing");
                }
                long size = Files.size(file);
                if (size != e.size()) {
                    return Optional.of(file + " has " + size + " bytes, expected " + e.size());
                }
                long crc = crcOf(file);
                if (crc != e.crc()) {
                    return Optional.of(file + " has CRC-32 " + Long.toHexString(crc) + ", expected "
                            + Long.toHexString(e.crc()));
                }
            } catch (IOException ex) {
                return Optional.of(file + ": " + ex);
            }
        }
        return Optional.empty();
    }

    /**
     * Whether {@code dir}'s stamp matches its files as they are now (sizes as the jar says; inodes and ctimes as
     * recorded) and is not racy: each ctime older than the stamp itself. False whenever anything cannot be read.
     */
    boolean stampHolds(Path dir) {
        try {
            Path stamp = dir.resolve(STAMP);
            String recorded = Files.readString(stamp);
            FileTime stamped = Files.getLastModifiedTime(stamp);
            StringBuilder now = new StringBuilder();
            for (Entry e : entries) {
                Map<String, Object> a = Files.readAttributes(dir.resolve(e.name()), "unix:size,ctime,ino,dev,isRegularFile");
                FileTime ctime = (FileTime) a.get("ctime");
                if (!Boolean.TRUE.equals(a.get("isRegularFile")) || (Long) a.get("size") != e.size()
                        || ctime.compareTo(stamped) >= 0) {
                    return false;
                }
                now.append(stampLine(e, a));
            }
            return now.toString().equals(recorded);
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** Records {@code dir}'s files as they are now; call only after their CRC-32s matched. Best effort. */
    private void writeStamp(Path dir) {
        Path temporary = null;
        try {
            StringBuilder lines = new StringBuilder();
            for (Entry e : entries) {
                lines.append(stampLine(e, Files.readAttributes(dir.resolve(e.name()), "unix:size,ctime,ino,dev")));
            }
            // Another JVM may stamp the same directory at the same moment: write aside, rename over in one step.
            temporary = dir.resolve(STAMP + "-" + ProcessHandle.current().pid() + "-"
                    + Long.toHexString(ThreadLocalRandom.current().nextLong()));
            Files.writeString(temporary, lines);
            Files.move(temporary, dir.resolve(STAMP), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException | RuntimeException e) {
            // A read-only cache: every start then checks the CRCs, as it did before stamps.
            if (temporary != null) {
                try {
                    Files.deleteIfExists(temporary);
                } catch (IOException ignored) {
                    // nothing more to do
                }
            }
        }
    }

    private static String stampLine(Entry e, Map<String, Object> a) {
        return e.name() + " size=" + a.get("size") + " dev=" + a.get("dev") + " ino=" + a.get("ino")
                + " ctime=" + ((FileTime) a.get("ctime")).to(TimeUnit.NANOSECONDS) + "\n";
    }

    private Path writeStaging(Path cacheRoot) throws IOException {
        String suffix = ProcessHandle.current().pid() + "-" + Long.toHexString(ThreadLocalRandom.current().nextLong());
        Path staging = Files.createDirectory(cacheRoot.resolve(".staging-" + cacheKey() + "-" + suffix));
        try {
            for (Entry e : entries) {
                copy(e, staging.resolve(e.name()));
            }
            return staging;
        } catch (IOException | RuntimeException ex) {
            deleteTree(staging);
            throw ex;
        }
    }

    private static void copy(Entry e, Path file) throws IOException {
        CRC32 crc = new CRC32();
        long size = 0;
        byte[] buffer = new byte[1 << 16];
        try (InputStream in = e.url().openStream(); OutputStream out = Files.newOutputStream(file)) {
            for (int n; (n = in.read(buffer)) > 0; ) {
                crc.update(buffer, 0, n);
                out.write(buffer, 0, n);
                size += n;
            }
        }
        if (size != e.size() || crc.getValue() != e.crc()) {
            throw new IOException("reading " + e.url() + " gave " + size + " bytes with CRC-32 "
                    + Long.toHexString(crc.getValue()) + ", the jar records " + e.size() + " bytes with "
                    + Long.toHexString(e.crc()));
        }
    }

    private static long crcOf(Path file) throws IOException {
        CRC32 crc = new CRC32();
        byte[] buffer = new byte[1 << 20];
        try (InputStream in = Files.newInputStream(file)) {
            for (int n; (n = in.read(buffer)) > 0; ) {
                crc.update(buffer, 0, n);
            }
        }
        return crc.getValue();
    }

    /** Moves a damaged copy out of the way first, so no JVM can pick up a half-deleted directory. */
    private static void discard(Path dir) throws IOException {
        Path aside = dir.resolveSibling(".stale-" + dir.getFileName() + "-"
                + Long.toHexString(ThreadLocalRandom.current().nextLong()));
        try {
            Files.move(dir, aside, StandardCopyOption.ATOMIC_MOVE);
        } catch (java.nio.file.NoSuchFileException gone) {
            return; // another JVM moved it already
        }
        deleteTree(aside);
    }

    static void deleteTree(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException | UncheckedIOException e) {
            // Best effort: a leftover staging directory is harmless and never reused.
        }
    }

    private static void deleteOnExit(Path dir) {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteTree(dir), "ffmblas-temp-cleanup"));
    }
}
