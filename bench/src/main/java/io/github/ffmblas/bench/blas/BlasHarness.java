package io.github.ffmblas.bench.blas;

import io.github.ffmblas.bench.impl.CHarnessImplementation;
import io.github.ffmblas.nativelib.LoadedLibrary;
import io.github.ffmblas.nativelib.OpenBlasLibrary;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The {@code c} path of the BLAS-routine suite: {@code blas_harness.c} (in the native jar under {@value #SOURCE}),
 * compiled as {@link CHarnessImplementation} compiles the sgemm harness, against the very libopenblas.so.0 file
 * ffmblas loaded, and checked to load that file. One process stays up for the whole suite, driven through its stdin:
 * a {@link #time} batch runs while this JVM waits for the answer, so the C batches take their turn in the suite's
 * interleaved rounds like the Java paths. The child inherits this JVM's environment ({@code OPENBLAS_*}) and sets
 * OpenBLAS to 1 thread itself.
 */
final class BlasHarness implements AutoCloseable {
    static final String SOURCE = "io/github/ffmblas/nativelib/c/blas_harness.c";

    private final Path dir;
    private final Process process;
    private final BufferedReader in;
    private final BufferedWriter out;
    private final String info;

    private BlasHarness(Path dir, Process process) throws IOException {
        this.dir = dir;
        this.process = process;
        this.in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        this.out = new BufferedWriter(new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8));
        this.info = String.join("\n", ask("info", true));
    }

    /** Compiles the harness into a temporary directory and starts it; fails if it loads another OpenBLAS file. */
    static BlasHarness start() throws IOException {
        Path cc = CHarnessImplementation.compiler().orElseThrow(() -> new IOException("no C compiler (cc/gcc) on PATH"));
        LoadedLibrary library = OpenBlasLibrary.load();
        Path libraryDir = library.path().getParent();
        Path dir = Files.createTempDirectory("ffmblas-blas-harness");
        try {
            Path source = dir.resolve("blas_harness.c");
            try (InputStream s = BlasHarness.class.getClassLoader().getResourceAsStream(SOURCE)) {
                if (s == null) {
                    throw new IOException(SOURCE + " is not on the class path (it comes with ffmblas-native's jar)");
                }
                Files.copy(s, source);
            }
            Path binary = dir.resolve("blas_harness");
            Path log = dir.resolve("cc.log");
            Process build = new ProcessBuilder(cc.toString(), "-O2", "-o", binary.toString(), source.toString(),
                    "-L" + libraryDir, "-l:" + library.path().getFileName(), "-Wl,-rpath," + libraryDir, "-ldl")
                    .redirectErrorStream(true).redirectOutput(log.toFile()).start();
            if (!build.waitFor(300, TimeUnit.SECONDS) || build.exitValue() != 0) {
                build.destroyForcibly();
                throw new IOException("compiling the C BLAS harness failed:\n" + Files.readString(log));
            }
            Process process = new ProcessBuilder(binary.toString()).redirectError(ProcessBuilder.Redirect.INHERIT)
                    .start();
            BlasHarness harness = new BlasHarness(dir, process);
            String loaded = harness.info.lines().filter(l -> l.startsWith("# library="))
                    .map(l -> l.substring("# library=".length())).findFirst().orElse("?");
            if (!Files.isSameFile(Path.of(loaded), library.path())) {
                harness.close();
                throw new IOException("the C BLAS harness loads " + loaded + ", not " + library.path());
            }
            return harness;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            deleteTree(dir);
            throw new IOException("interrupted while compiling the C BLAS harness", e);
        } catch (IOException | RuntimeException e) {
            deleteTree(dir);
            throw e;
        }
    }

    /** What the harness printed for {@code info}: config, library file, thread count. */
    String info() {
        return info;
    }

    /** Loads a routine's operands from {@code operands/<name>.bin}. */
    void load(String routine, int n, double alpha, Path operands) throws IOException {
        ask(String.format(Locale.ROOT, "load %s %d %.17g %s", routine, n, alpha, operands), false);
    }

    /** One call on the pristine operands; outputs go to {@code <name>.out}; returns the scalar result. */
    double check() throws IOException {
        String answer = ask("check", false).getLast();
        if (!answer.startsWith("result ")) {
            throw new IOException("unexpected answer from the C BLAS harness: " + answer);
        }
        return Double.parseDouble(answer.substring("result ".length()));
    }

    /** {@code calls} calls in a loop, as timed by the harness: nanoseconds for them all. */
    long time(long calls) throws IOException {
        String answer = ask("time " + calls, false).getLast();
        if (!answer.startsWith("ns ")) {
            throw new IOException("unexpected answer from the C BLAS harness: " + answer);
        }
        return Long.parseLong(answer.substring("ns ".length()));
    }

    /** Sends a command; returns its answer lines ({@code #} comments included when asked), failing on "error". */
    private List<String> ask(String command, boolean keepComments) throws IOException {
        out.write(command);
        out.newLine();
        out.flush();
        List<String> lines = new ArrayList<>();
        while (true) {
            String line = in.readLine();
            if (line == null) {
                throw new IOException("the C BLAS harness exited during '" + command + "'");
            }
            if (line.startsWith("error")) {
                throw new IOException("the C BLAS harness: " + line + " (command '" + command + "')");
            }
            if (line.startsWith("#")) {
                if (keepComments) {
                    lines.add(line);
                }
                continue;
            }
            lines.add(line);
            return lines;
        }
    }

    @Override
    public void close() throws IOException {
        try {
            out.write("quit");
            out.newLine();
            out.flush();
        } catch (IOException ignored) {
            // already gone
        }
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        deleteTree(dir);
    }

    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
