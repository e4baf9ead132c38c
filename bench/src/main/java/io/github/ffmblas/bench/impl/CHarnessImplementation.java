package io.github.ffmblas.bench.impl;

import io.github.ffmblas.bench.AttentionProblem;
import io.github.ffmblas.bench.Candidate;
import io.github.ffmblas.bench.Implementation;
import io.github.ffmblas.bench.Problem;
import io.github.ffmblas.bench.SgemmProblem;
import io.github.ffmblas.bench.Workload;
import io.github.ffmblas.nativelib.LoadedLibrary;
import io.github.ffmblas.nativelib.OpenBlasLibrary;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The floor: OpenBLAS's {@code cblas_sgemm} called from a C program, no JVM in the process. The harness,
 * {@code sgemm_harness.c} (in the native jar under {@value #SOURCE}), is compiled once per JVM against the very
 * file ffmblas loaded ({@code -l:libopenblas.so.0 -Wl,-rpath,<its directory>}) and checked to load that file.
 * It times itself ({@link Candidate#timeItself}): {@code run()} cannot be timed from Java. The workload's A and
 * B go to it through files; its C comes back the same way, so {@link Candidate#result()} can be compared with
 * the native one.
 *
 * <p>{@code OPENBLAS_*} variables reach the harness as this JVM has them: the child inherits the environment.
 */
public final class CHarnessImplementation implements Implementation {
    /** Where the harness source lies on the class path (packaged by the native module). */
    public static final String SOURCE = "io/github/ffmblas/nativelib/c/sgemm_harness.c";
    private static final long TIMEOUT_SECONDS = 600;
    private static final Pattern RUN_LINE = Pattern.compile("ns (\\d+)");
    private static final Pattern CALL_LINE = Pattern.compile("ns/call (\\d+(?:\\.\\d+)?)");

    private static Path binary;
    private static IOException buildFailure;

    @Override
    public String name() {
        return "c";
    }

    @Override
    public String details() {
        return "cblas_sgemm called from C (" + compiler().map(Path::toString).orElse("no compiler")
                + ") in its own process, linked to the very libopenblas.so.0 ffmblas loaded";
    }

    @Override
    public Optional<String> unsupported(Problem problem, int threads) {
        if (problem instanceof AttentionProblem) {
            return Optional.of("the C harness runs sgemm only");
        }
        if (compiler().isEmpty()) {
            return Optional.of("no C compiler (cc/gcc) on PATH");
        }
        return Optional.empty();
    }

    @Override
    public Candidate prepare(Workload workload, int threads) throws IOException {
        if (!(workload.problem() instanceof SgemmProblem p)) {
            throw new UnsupportedOperationException("the C harness runs sgemm only");
        }
        if (threads < 1) {
            throw new IllegalArgumentException("threads=" + threads + " must be >= 1");
        }
        Path harness = binary();
        Path dir = Files.createTempDirectory("ffmblas-c-sgemm");
        Path a = dir.resolve("a.f32");
        Path b = dir.resolve("b.f32");
        write(workload.a().asSlice(0, (long) p.m() * p.k() * Float.BYTES), a);
        write(workload.b().asSlice(0, (long) p.k() * p.n() * Float.BYTES), b);
        return new SgemmCandidate(harness, dir, p, threads, a, b, dir.resolve("c.f32"));
    }

    /** {@code cc}, else {@code gcc}, on PATH. */
    public static Optional<Path> compiler() {
        return onPath("cc").or(() -> onPath("gcc"));
    }

    /**
     * The compiled harness: built once per JVM into a temporary directory (removed at exit), then run once in
     * {@code info} mode to check it loads the same OpenBLAS file as this JVM.
     *
     * @throws IOException when there is no compiler, the build fails, or the harness loads another library
     */
    public static synchronized Path binary() throws IOException {
        if (binary != null) {
            return binary;
        }
        if (buildFailure != null) {
            throw new IOException(buildFailure.getMessage(), buildFailure);
        }
        try {
            binary = build();
            return binary;
        } catch (IOException e) {
            buildFailure = e;
            throw e;
        }
    }

    private static Path build() throws IOException {
        Path cc = compiler().orElseThrow(() -> new IOException("no C compiler (cc/gcc) on PATH"));
        LoadedLibrary library = OpenBlasLibrary.load();
        Path libraryDir = library.path().getParent();
        Path dir = Files.createTempDirectory("ffmblas-c-harness");
        deleteAtExit(dir);
        Path source = dir.resolve("sgemm_harness.c");
        try (InputStream in = CHarnessImplementation.class.getClassLoader().getResourceAsStream(SOURCE)) {
            if (in == null) {
                throw new IOException(SOURCE + " is not on the class path (it comes with ffmblas-native's jar)");
            }
            Files.copy(in, source);
        }
        Path out = dir.resolve("sgemm_harness");
        Result build = exec(List.of(cc.toString(), "-O2", "-o", out.toString(), source.toString(),
                "-L" + libraryDir, "-l:" + library.path().getFileName(), "-Wl,-rpath," + libraryDir, "-ldl"));
        if (build.exitCode() != 0) {
            throw new IOException("compiling the C harness failed (exit " + build.exitCode() + "):\n" + build.output());
        }
        Result info = exec(List.of(out.toString(), "info"));
        Optional<String> loaded = info.output().lines().filter(l -> l.startsWith("# library="))
                .map(l -> l.substring("# library=".length())).findFirst();
        if (info.exitCode() != 0 || loaded.isEmpty()) {
            throw new IOException("the C harness does not start (exit " + info.exitCode() + "):\n" + info.output());
        }
        if (!Files.isSameFile(Path.of(loaded.get()), library.path())) {
            throw new IOException("the C harness loads " + loaded.get() + ", not " + library.path()
                    + " as this JVM does (the file's name is not its SONAME?)");
        }
        return out;
    }

    /** {@code openblas_get_config()}, the library file and its thread count, as the harness sees them. */
    public static String info() throws IOException {
        Result r = exec(List.of(binary().toString(), "info"));
        if (r.exitCode() != 0) {
            throw new IOException("sgemm_harness info failed:\n" + r.output());
        }
        return r.output();
    }

    /**
     * The cost of the smallest OpenBLAS call from C: {@code repeats} loops of {@code calls}
     * {@code openblas_get_num_threads()} calls, nanoseconds per call for each loop.
     */
    public static double[] downcallNanosPerCall(long calls, int repeats) throws IOException {
        Result r = exec(List.of(binary().toString(), "downcall", Long.toString(calls), Integer.toString(repeats)));
        if (r.exitCode() != 0) {
            throw new IOException("sgemm_harness downcall failed (exit " + r.exitCode() + "):\n" + r.output());
        }
        return parseNanosPerCall(r.output(), repeats);
    }

    /**
     * The timed runs in the harness's sgemm output: one {@code "ns <nanoseconds>"} line per run, in order;
     * lines starting with {@code #} are comments.
     *
     * @throws IllegalArgumentException for any other line, or not exactly {@code expectedRuns} runs
     */
    public static long[] parseRunNanos(String output, int expectedRuns) {
        List<Long> runs = new ArrayList<>();
        for (String line : output.lines().toList()) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            Matcher m = RUN_LINE.matcher(line.strip());
            if (!m.matches()) {
                throw new IllegalArgumentException("unexpected line from the C harness: '" + line + "'");
            }
            runs.add(Long.parseLong(m.group(1)));
        }
        if (runs.size() != expectedRuns) {
            throw new IllegalArgumentException("expected " + expectedRuns + " timed runs from the C harness, got "
                    + runs.size() + ":\n" + output);
        }
        return runs.stream().mapToLong(Long::longValue).toArray();
    }

    /** The {@code "ns/call <x>"} lines of the harness's downcall output, as {@link #parseRunNanos} does runs. */
    public static double[] parseNanosPerCall(String output, int expectedRepeats) {
        List<Double> values = new ArrayList<>();
        for (String line : output.lines().toList()) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            Matcher m = CALL_LINE.matcher(line.strip());
            if (!m.matches()) {
                throw new IllegalArgumentException("unexpected line from the C harness: '" + line + "'");
            }
            values.add(Double.parseDouble(m.group(1)));
        }
        if (values.size() != expectedRepeats) {
            throw new IllegalArgumentException("expected " + expectedRepeats + " ns/call lines from the C harness, got "
                    + values.size() + ":\n" + output);
        }
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }

    private static final class SgemmCandidate implements Candidate {
        private final Path harness;
        private final Path dir;
        private final SgemmProblem problem;
        private final int threads;
        private final Path a;
        private final Path b;
        private final Path c;
        private boolean ran;

        SgemmCandidate(Path harness, Path dir, SgemmProblem problem, int threads, Path a, Path b, Path c) {
            this.harness = harness;
            this.dir = dir;
            this.problem = problem;
            this.threads = threads;
            this.a = a;
            this.b = b;
            this.c = c;
        }

        @Override
        public void run() {
            throw new UnsupportedOperationException("the C harness runs in its own process and times itself:"
                    + " use timeItself(warmups, runs)");
        }

        @Override
        public Optional<long[]> timeItself(int warmups, int runs) throws IOException {
            if (warmups < 0 || runs < 0) {
                throw new IllegalArgumentException("warmups=" + warmups + ", runs=" + runs + " must be >= 0");
            }
            Files.deleteIfExists(c);
            Result r = exec(List.of(harness.toString(), Integer.toString(problem.m()), Integer.toString(problem.n()),
                    Integer.toString(problem.k()), Integer.toString(threads), Integer.toString(warmups),
                    Integer.toString(runs), a.toString(), b.toString(), c.toString()));
            if (r.exitCode() != 0) {
                throw new IOException("the C harness failed (exit " + r.exitCode() + ") for " + problem.label()
                        + ":\n" + r.output());
            }
            long[] nanos = parseRunNanos(r.output(), runs);
            ran = true;
            return Optional.of(nanos);
        }

        @Override
        public float[] result() throws IOException {
            if (!ran) {
                throw new IllegalStateException("the C harness has not run yet: call timeItself first");
            }
            ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(c)).order(ByteOrder.LITTLE_ENDIAN);
            long expected = (long) problem.m() * problem.n() * Float.BYTES;
            if (bytes.remaining() != expected) {
                throw new IOException(c + " holds " + bytes.remaining() + " bytes, expected " + expected);
            }
            float[] out = new float[problem.m() * problem.n()];
            bytes.asFloatBuffer().get(out);
            return out;
        }

        @Override
        public void close() throws IOException {
            deleteTree(dir);
        }
    }

    /** Writes the segment's bytes as they are: native order, which is little-endian where the harness builds. */
    private static void write(MemorySegment segment, Path file) throws IOException {
        if (ByteOrder.nativeOrder() != ByteOrder.LITTLE_ENDIAN) {
            throw new IOException("the C harness reads little-endian floats; this machine is big-endian");
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            ByteBuffer buffer = segment.asByteBuffer();
            while (buffer.hasRemaining()) {
                ch.write(buffer);
            }
        }
    }

    record Result(int exitCode, String output) {}

    /** Runs a command, stdout and stderr together, with a time limit. */
    private static Result exec(List<String> command) throws IOException {
        Path log = Files.createTempFile("ffmblas-c-harness", ".log");
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile())
                    .start();
            try {
                if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                    throw new IOException(String.join(" ", command) + " did not finish within " + TIMEOUT_SECONDS
                            + " s:\n" + Files.readString(log));
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while waiting for " + command.getFirst(), e);
            }
            return new Result(process.exitValue(), Files.readString(log));
        } finally {
            Files.deleteIfExists(log);
        }
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

    private static void deleteAtExit(Path dir) {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                deleteTree(dir);
            } catch (IOException | UncheckedIOException ignored) {
                // a temporary directory left behind
            }
        }, "ffmblas-c-harness-cleanup"));
    }

    private static void deleteTree(Path dir) throws IOException {
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
