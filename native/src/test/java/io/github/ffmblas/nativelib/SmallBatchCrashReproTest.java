package io.github.ffmblas.nativelib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Builds src/test/c/sgemm_batch_small_crash.c against the OpenBLAS this JVM loads and shows the crash that
 * Blas.SMALL_BATCH_CRASH_LIMIT guards against. Run in child processes: the crash must never hit this JVM.
 */
class SmallBatchCrashReproTest {
    /** Relative to the module directory, where surefire runs; made absolute because the compiler runs in tmp. */
    private static final Path SOURCE = Path.of("src/test/c/sgemm_batch_small_crash.c").toAbsolutePath();
    private static final String INCLUDE = "org/bytedeco/openblas/linux-x86_64/include/";
    private static final long TIMEOUT_SECONDS = 120;

    @TempDir
    Path tmp;

    record Run(int exitCode, String output) {
        boolean ok() {
            return output.lines().anyMatch(l -> l.contains(" ok C[0]="));
        }
    }

    @Test
    void smallBatchCrashesOpenBlas0331AndALargerOneDoesNot() throws Exception {
        Optional<Path> compiler = onPath("cc").or(() -> onPath("gcc"));
        assumeTrue(compiler.isPresent(), "no C compiler (cc or gcc) on PATH");
        LoadedLibrary library = OpenBlasLibrary.load();
        // The headers come from the bundled jar: they only describe the bundled library.
        assumeTrue(library.source() == LibrarySource.BUNDLED, "OpenBLAS was not loaded from the bundled jar");

        Path binary = compile(compiler.get(), library.path().getParent());

        Run large = run(binary, "128", "128", "64", "1");
        assertEquals(0, large.exitCode(), large.output());
        assertTrue(large.ok(), large.output());
        assertTrue(large.output().contains("C[0]=64 (expect 64)"), large.output());

        Run small = run(binary, "130", "130", "33", "1");
        if (small.exitCode() == 0 && small.ok()) {
            fail("cblas_sgemm_batch_strided no longer crashes for M*N*K <= 1,000,000 with "
                    + library.path() + " (" + library.artifactVersion().orElse("?") + "): this library is fixed,"
                    + " so the guard in Blas (SMALL_BATCH_CRASH_LIMIT / batchRoute) may be relaxed for its version.\n"
                    + small.output());
        }
        // 128 + SIGSEGV (11) as Process reports a signal death; any signal would still be a crash.
        assertTrue(small.exitCode() > 128, "expected death by a signal (139 for SIGSEGV), got exit "
                + small.exitCode() + ":\n" + small.output());
        assertTrue(!small.ok(), small.output());
        assertTrue(small.output().startsWith("config=OpenBLAS 0.3.31"), small.output());
    }

    private Path compile(Path compiler, Path libraryDir) throws IOException, InterruptedException {
        Path include = Files.createDirectories(tmp.resolve("include"));
        for (String header : List.of("cblas.h", "openblas_config.h")) {
            try (InputStream in = getClass().getClassLoader().getResourceAsStream(INCLUDE + header)) {
                assertTrue(in != null, INCLUDE + header + " is not on the class path");
                Files.copy(in, include.resolve(header));
            }
        }
        Path binary = tmp.resolve("sgemm_batch_small_crash");
        Run build = exec(List.of(compiler.toString(), "-O1", "-o", binary.toString(), SOURCE.toString(),
                "-I" + include, "-L" + libraryDir, "-l:libopenblas.so.0", "-Wl,-rpath," + libraryDir));
        assertEquals(0, build.exitCode(), "compiling " + SOURCE + " failed:\n" + build.output());
        return binary;
    }

    /** Runs the binary with core dumps off, so the expected crash leaves no core file behind. */
    private Run run(Path binary, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("sh", "-c", "ulimit -c 0; exec \"$0\" \"$@\"",
                binary.toString()));
        command.addAll(List.of(args));
        return exec(command);
    }

    private Run exec(List<String> command) throws IOException, InterruptedException {
        Path log = Files.createTempFile(tmp, "out", ".log");
        Process process = new ProcessBuilder(command).directory(tmp.toFile()).redirectErrorStream(true)
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
