package io.github.ffmblas.bench.lapack;

import dev.ludovic.netlib.lapack.JavaLAPACK;
import dev.ludovic.netlib.lapack.LAPACK;
import dev.ludovic.netlib.lapack.NativeLAPACK;
import io.github.ffmblas.bench.Interleaved;
import io.github.ffmblas.bindings.Blas;
import io.github.ffmblas.cli.Main;
import io.github.ffmblas.cli.Subcommand;
import io.github.ffmblas.cli.UsageException;
import io.github.ffmblas.nativelib.CpuInfo;
import io.github.ffmblas.nativelib.OpenBlasLibrary;
import io.github.ffmblas.netlib.FfmLAPACK;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * LAPACK through ffmblas against its peers, in one JVM, interleaved rounds ({@link Interleaved}): {@code Lapack}
 * (the checked facade, native memory), {@code raw} (jextract's bare downcall of the same symbol on the same memory:
 * the floor), {@code FfmLAPACK} and netlib's {@code JNILAPACK} (pointed at the very libopenblas.so.0 ffmblas loaded,
 * {@code -Ddev.ludovic.netlib.lapack.nativeLibPath}, set here) on the same heap arrays, and netlib's Java LAPACK
 * (F2J) up to {@code --java-max}. OpenBLAS runs on {@code --threads} threads for all of them.
 *
 * <p>Run from the repository root: {@code ./ffmblas bench-lapack --out docs/bench/lapack/<cpu class>}.
 */
@Command(name = "bench-lapack", mixinStandardHelpOptions = true, sortOptions = false,
        description = "LAPACK: the checked Lapack facade against a bare downcall (the floor) on the same native memory,"
                + " and FfmLAPACK against netlib's JNILAPACK (same libopenblas.so.0) and Java LAPACK on the same heap"
                + " arrays; interleaved rounds.")
public final class LapackComparison implements Subcommand {
    static final String NATIVE_LIB_PATH = "dev.ludovic.netlib.lapack.nativeLibPath";
    static final List<String> IMPLEMENTATIONS = List.of("Lapack", "raw", "FfmLAPACK", "JNILAPACK", "JavaLAPACK");

    @Option(names = "--sizes", split = ",", paramLabel = "N", defaultValue = "8,16,32,64,128,256,512,1024",
            description = "sizes n (n x n matrices)")
    private List<Integer> sizes;
    @Option(names = "--routines", split = ",", paramLabel = "ROUTINE",
            defaultValue = "dgesv,sgesv,dpotrf,spotrf,dgeqrf,sgeqrf,dsyevd,dgesdd,sgesdd",
            description = "routines, among ${DEFAULT-VALUE}")
    private List<String> routines;
    @Option(names = "--rounds", defaultValue = "7", description = "interleaved rounds per routine and size")
    private int rounds;
    @Option(names = "--batch-ms", defaultValue = "20", description = "each round's batch of calls lasts at least this")
    private long batchMs;
    @Option(names = "--warmup-ms", defaultValue = "200", description = "warm-up per implementation")
    private long warmupMs;
    @Option(names = "--java-max", defaultValue = "256", description = "largest n for netlib's Java LAPACK (slow)")
    private int javaMax;
    @Option(names = "--threads", defaultValue = "1", description = "OpenBLAS threads")
    private int threads;
    @Option(names = "--out", paramLabel = "DIR", description = "write results.csv, ratios.md, environment.txt here")
    private Path out;

    /** The same as {@code ffmblas bench-lapack ARGS}. */
    public static void main(String[] args) {
        String[] command = new String[args.length + 1];
        command[0] = "bench-lapack";
        System.arraycopy(args, 0, command, 1, args.length);
        System.exit(Main.run(command, System.out, System.err));
    }

    @Override
    public Integer call() throws IOException {
        for (String r : routines) {
            if (!LapackCase.ROUTINES.contains(r)) {
                throw new UsageException("--routines: unknown routine '" + r + "'; one of " + LapackCase.ROUTINES);
            }
        }
        for (int n : sizes) {
            if (n < 1 || n > 4096) {
                throw new UsageException("--sizes: " + n + " is outside 1..4096");
            }
        }
        if (rounds < 1 || batchMs < 1 || warmupMs < 0 || threads < 1) {
            throw new UsageException("--rounds, --batch-ms and --threads must be >= 1, --warmup-ms >= 0");
        }
        String library = OpenBlasLibrary.load().path().toString();
        String requested = System.getProperty(NATIVE_LIB_PATH);
        if (requested != null && !requested.equals(library)) {
            throw new UsageException("-D" + NATIVE_LIB_PATH + "=" + requested + " is not the OpenBLAS ffmblas loaded ("
                    + library + "): the comparison needs both on the same file; leave it unset");
        }
        System.setProperty(NATIVE_LIB_PATH, library);
        Blas.setNumThreads(threads);
        Map<String, LAPACK> netlib = new LinkedHashMap<>();
        netlib.put("FfmLAPACK", FfmLAPACK.getInstance());
        netlib.put("JNILAPACK", NativeLAPACK.getInstance());
        netlib.put("JavaLAPACK", JavaLAPACK.getInstance());
        String environment = "java: " + System.getProperty("java.vm.name") + " " + System.getProperty("java.version")
                + "\ncpu: " + CpuInfo.current().describe()
                + "\nOpenBLAS: " + Blas.runtime() + "\nOpenBLAS threads: " + Blas.numThreads()
                + "\n" + NATIVE_LIB_PATH + "=" + library
                + "\nJNILAPACK: " + netlib.get("JNILAPACK").getClass().getName()
                + "\nJavaLAPACK: " + netlib.get("JavaLAPACK").getClass().getName()
                + "\nraw: jextract's lapack_h downcalls (no checks, scalars by pointer from memory set up once)";
        System.out.println(environment);
        List<String> lines = new ArrayList<>();
        StringBuilder csv = new StringBuilder("routine,n,implementation,median_ns_per_call,rounds\n");
        StringBuilder table = new StringBuilder("| routine | n | Lapack | raw | FfmLAPACK | JNILAPACK | JavaLAPACK"
                + " | Lapack/raw | FfmLAPACK/JNILAPACK | JavaLAPACK/FfmLAPACK |\n|---|---:|---:|---:|---:|---:|---:|---:|"
                + "---:|---:|\n");
        for (String routine : routines) {
            for (int n : sizes) {
                try (LapackCase c = new LapackCase(routine, n, JavaLAPACK.getInstance())) {
                    Map<String, Runnable> calls = new LinkedHashMap<>();
                    calls.put("Lapack", c.facade());
                    calls.put("raw", c.raw());
                    calls.put("FfmLAPACK", c.netlib(netlib.get("FfmLAPACK")));
                    calls.put("JNILAPACK", c.netlib(netlib.get("JNILAPACK")));
                    if (n <= javaMax) {
                        calls.put("JavaLAPACK", c.netlib(netlib.get("JavaLAPACK")));
                    }
                    sameResults(c, calls);
                    Map<String, double[]> t = Interleaved.measure(calls, rounds, batchMs * 1_000_000L,
                            warmupMs * 1_000_000L);
                    String line = String.format(Locale.ROOT, "%-6s n=%-5d Lapack %s raw %s FfmLAPACK %s JNILAPACK %s"
                            + " JavaLAPACK %s  Lapack/raw %.3f  FfmLAPACK/JNILAPACK %.3f", routine, n,
                            time(t, "Lapack"), time(t, "raw"), time(t, "FfmLAPACK"), time(t, "JNILAPACK"),
                            time(t, "JavaLAPACK"), Interleaved.ratio(t.get("Lapack"), t.get("raw")),
                            Interleaved.ratio(t.get("FfmLAPACK"), t.get("JNILAPACK")));
                    System.out.println(line);
                    lines.add(line);
                    table.append(String.format(Locale.ROOT, "| %s | %d | %s | %s | %s | %s | %s | %.3f | %.3f | %s |%n",
                            routine, n, time(t, "Lapack"), time(t, "raw"), time(t, "FfmLAPACK"), time(t, "JNILAPACK"),
                            time(t, "JavaLAPACK"), Interleaved.ratio(t.get("Lapack"), t.get("raw")),
                            Interleaved.ratio(t.get("FfmLAPACK"), t.get("JNILAPACK")), t.containsKey("JavaLAPACK")
                                    ? String.format(Locale.ROOT, "%.1f", Interleaved.ratio(t.get("JavaLAPACK"),
                                    t.get("FfmLAPACK"))) : "-"));
                    for (var e : t.entrySet()) {
                        csv.append(String.format(Locale.ROOT, "%s,%d,%s,%.1f,%d%n", routine, n, e.getKey(),
                                Interleaved.median(e.getValue()), e.getValue().length));
                    }
                }
            }
        }
        System.out.println();
        System.out.println(table);
        if (out != null) {
            Files.createDirectories(out);
            Files.writeString(out.resolve("environment.txt"), environment + "\n");
            Files.writeString(out.resolve("ratios.md"), table.toString());
            Files.writeString(out.resolve("results.csv"), csv.toString());
            System.out.println("wrote " + out.resolve("results.csv") + ", ratios.md, environment.txt");
        }
        return 0;
    }

    /** Every implementation computes the same factorization (its first diagonal elements), with INFO 0. */
    private static void sameResults(LapackCase c, Map<String, Runnable> calls) {
        double[] reference = null;
        for (var e : calls.entrySet()) {
            e.getValue().run();
            if (c.lastInfo() != 0) {
                throw new IllegalStateException(e.getKey() + " " + c.routine + " n=" + c.n + ": INFO " + c.lastInfo());
            }
            double[] r = c.result(!e.getKey().equals("Lapack") && !e.getKey().equals("raw"));
            if (reference == null) {
                reference = r;
            }
            for (int i = 0; i < r.length; i++) {
                double tolerance = (c.routine.startsWith("s") ? 1e-3 : 1e-8) * Math.max(1, Math.abs(reference[i]));
                if (Math.abs(r[i] - reference[i]) > tolerance) {
                    throw new IllegalStateException(e.getKey() + " computes another " + c.routine + " (n=" + c.n
                            + "): element " + i + " is " + r[i] + ", Lapack has " + reference[i]);
                }
            }
        }
    }

    private static String time(Map<String, double[]> t, String impl) {
        double[] v = t.get(impl);
        if (v == null) {
            return "-";
        }
        double nanos = Interleaved.median(v);
        return nanos < 10_000 ? String.format(Locale.ROOT, "%.0f ns", nanos)
                : nanos < 10_000_000 ? String.format(Locale.ROOT, "%.1f us", nanos / 1e3)
                : String.format(Locale.ROOT, "%.1f ms", nanos / 1e6);
    }
}
