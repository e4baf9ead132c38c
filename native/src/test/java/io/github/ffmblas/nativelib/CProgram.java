package io.github.ffmblas.nativelib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A C program from src/test/c, compiled against the bundled OpenBLAS this JVM loads and its own {@code cblas.h}
 * (from the same jar), and run in a child process: a crash in it never reaches the test JVM. Tests that use it
 * are skipped when there is no C compiler on PATH or OpenBLAS did not come from the bundled jar.
 */
final class CProgram {
    private static final String INCLUDE = "org/bytedeco/openblas/linux-x86_64/include/";
    private static final long TIMEOUT_SECONDS = 120;

    /** What a run printed (stdout and stderr together) and its exit code; above 128 is death by a signal. */
    record Run(int exitCode, String output) {}

    private final Path binary;
    private final Path workDir;

    private CProgram(Path binary, Path workDir) {
        this.binary = binary;
        this.workDir = workDir;
    }

    /** The library compiled against, which must be the bundled one. */
    static LoadedLibrary bundledLibrary() {
        LoadedLibrary library = OpenBlasLibrary.load();
        assumeTrue(library.source() == LibrarySource.BUNDLED, "OpenBLAS was not loaded from the bundled jar");
        return library;
    }

    /** Compiles {@code src/test/c/<name>.c} into {@code workDir} with {@code flags} (e.g. -O1), or skips the test. */
    static CProgram compile(String name, Path workDir, String... flags) throws IOException, InterruptedException {
        Optional<Path> compiler = onPath("cc").or(() -> onPath("gcc"));
        assumeTrue(compiler.isPresent(), "no C compiler (cc or gcc) on PATH");
        Path libraryDir = bundledLibrary().path().getParent();
        // Relative to the module directory, where surefire runs; absolute because the compiler runs in workDir.
        Path source = Path.of("src/test/c", name + ".c").toAbsolutePath();
        Path include = Files.createDirectories(workDir.resolve("include"));
        for (String header : List.of("cblas.h", "openblas_config.h")) {
            Path target = include.resolve(header);
            if (Files.exists(target)) {
                continue;
            }
            try (InputStream in = CProgram.class.getClassLoader().getResourceAsStream(INCLUDE + header)) {
                assertNotNull(in, INCLUDE + header + " is not on the class path");
                Files.copy(in, target);
            }
        }
        Path binary = workDir.resolve(name);
        List<String> command = new ArrayList<>(List.of(compiler.get().toString()));
        command.addAll(List.of(flags));
        command.addAll(List.of("-o", binary.toString(), source.toString(), "-I" + include, "-L" + libraryDir,
                "-l:libopenblas.so.0", "-Wl,-rpath," + libraryDir, "-lm"));
        Run build = exec(command, workDir);
        assertEquals(0, build.exitCode(), "compiling " + source + " failed:\n" + build.output());
        return new CProgram(binary, workDir);
    }

    /** Runs the program with core dumps off, so an expected crash leaves no core file behind. */
    Run run(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("sh", "-c", "ulimit -c 0; exec \"$0\" \"$@\"",
                binary.toString()));
        command.addAll(List.of(args));
        return exec(command, workDir);
    }

    private static Run exec(List<String> command, Path workDir) throws IOException, InterruptedException {
        Path log = Files.createTempFile(workDir, "out", ".log");
        Process process = new ProcessBuilder(command).directory(workDir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            fail(String.join(" ", command) + " did not finish within " + TIMEOUT_SECONDS + " s:\n"
                    + Files.readString(log));
        }
        return new Run(process.exitValue(), Files.readString(log));
    }

    private static Optional<Path> onPath(String name) {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String dir : path.split(File.pathSeparator)) {
            Path candidate = Path.of(dir.isEmpty() ? "." : dir, name);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }
}
