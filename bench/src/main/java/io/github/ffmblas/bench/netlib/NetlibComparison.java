package io.github.ffmblas.bench.netlib;

import dev.ludovic.netlib.blas.BLAS;
import dev.ludovic.netlib.blas.JavaBLAS;
import dev.ludovic.netlib.blas.NativeBLAS;
import io.github.ffmblas.bench.Interleaved;
import io.github.ffmblas.bench.blas.RawDowncalls;
import io.github.ffmblas.bindings.Blas;
import io.github.ffmblas.cli.Main;
import io.github.ffmblas.cli.Subcommand;
import io.github.ffmblas.cli.UsageException;
import io.github.ffmblas.netlib.FfmBLAS;
import io.github.ffmblas.nativelib.CpuInfo;
import io.github.ffmblas.nativelib.OpenBlasLibrary;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * FfmBLAS against netlib's own implementations of {@link BLAS}, on the same heap arrays in one JVM: JNIBLAS pointed at
 * the very libopenblas.so.0 file ffmblas loaded ({@code -Ddev.ludovic.netlib.blas.nativeLibPath}, set here), netlib's
 * pure-Java VectorBLAS (Vector API) and F2jBLAS (f2j's reference BLAS). OpenBLAS runs on 1 thread for both native
 * paths (one process-wide setting of the one library). A fifth, {@code raw}, is the floor: the same cblas symbol
 * through a bare critical downcall ({@code critical(true)}) on heap segments over the same arrays, column-major as
 * netlib calls it, no checks ({@link Workload#raw}). For each routine and size, the five take turns in interleaved
 * rounds (the order rotates each round), each round timing a batch of calls per implementation that lasts at least
 * {@code --batch-ms}; the report gives each implementation's median time per call and, per round, the ratios
 * FfmBLAS/JNIBLAS, VectorBLAS/FfmBLAS, F2jBLAS/FfmBLAS, FfmBLAS/raw and JNIBLAS/raw, whose medians are what to read
 * on a noisy machine.
 *
 * <p>Run from the repository root: {@code ./ffmblas bench-netlib --out docs/bench/netlib} ({@code --help} lists the
 * options; {@code main} runs the same command for a plain {@code java -cp bench/target/ffmblas.jar}).
 */
@Command(name = "bench-netlib", mixinStandardHelpOptions = true, sortOptions = false,
        description = "FfmBLAS against netlib's JNIBLAS (on the same libopenblas.so.0), VectorBLAS and F2jBLAS, on"
                + " the same heap arrays, interleaved rounds, OpenBLAS on 1 thread; raw (a bare critical downcall on"
                + " the same arrays) as the floor.")
public final class NetlibComparison implements Subcommand {
    @Option(names = "--sizes", split = ",", paramLabel = "N", defaultValue = "4,8,16,32,64,128,256,512,1024",
            description = "sizes n (vectors of n, n x n matrices)")
    private List<Integer> sizes;
    @Option(names = "--routines", split = ",", paramLabel = "ROUTINE", defaultValue = "ddot,daxpy,dgemv,dgemm,sgemm,dtrsm,dsyrk",
            description = "routines, among ${DEFAULT-VALUE}")
    private List<String> routines;
    @Option(names = "--rounds", defaultValue = "11", description = "interleaved rounds per routine and size")
    private int rounds;
    @Option(names = "--batch-ms", defaultValue = "20", description = "each round's batch of calls lasts at least this")
    private long batchMs;
    @Option(names = "--warmup-ms", defaultValue = "200",
            description = "warm-up per implementation, ten times as long at a routine's first size")
    private long warmupMs;
    @Option(names = "--out", paramLabel = "DIR", description = "write results.csv, ratios.md, environment.txt here")
    private Path out;

    @Override
    public Integer call() throws IOException {
        for (String r : routines) {
            if (!ALL_ROUTINES.contains(r)) {
                throw new UsageException("--routines: unknown routine '" + r + "'; one of " + ALL_ROUTINES);
            }
        }
        for (int n : sizes) {
            if (n < 1 || n > 4096) {
                throw new UsageException("--sizes: " + n + " is outside 1..4096");
            }
        }
        if (rounds < 1 || batchMs < 1 || warmupMs < 0) {
            throw new UsageException("--rounds and --batch-ms must be >= 1, --warmup-ms >= 0");
        }
        run(new Options(sizes, routines, rounds, batchMs, warmupMs, out));
        return 0;
    }
    static final String NATIVE_LIB_PATH = "dev.ludovic.netlib.blas.nativeLibPath";
    static final List<String> ALL_ROUTINES = List.of("ddot", "daxpy", "dgemv", "dgemm", "sgemm", "dtrsm", "dsyrk");
    static final List<String> IMPLEMENTATIONS = List.of("FfmBLAS", "JNIBLAS", "VectorBLAS", "F2jBLAS", "raw");

    /** The same as {@code ffmblas bench-netlib ARGS}. */
    public static void main(String[] args) {
        String[] command = new String[args.length + 1];
        command[0] = "bench-netlib";
        System.arraycopy(args, 0, command, 1, args.length);
        System.exit(Main.run(command, System.out, System.err));
    }

    private static void run(Options options) throws IOException {
        String library = OpenBlasLibrary.load().path().toString();
        String requested = System.getProperty(NATIVE_LIB_PATH);
        if (requested != null && !requested.equals(library)) {
            throw new IllegalStateException("-D" + NATIVE_LIB_PATH + "=" + requested + " is not the OpenBLAS ffmblas"
                    + " loaded (" + library + "): the comparison needs both on the same file; leave it unset");
        }
        System.setProperty(NATIVE_LIB_PATH, library);
        Blas.setNumThreads(1);
        Map<String, BLAS> blas = new LinkedHashMap<>();
        blas.put("FfmBLAS", FfmBLAS.getInstance());
        blas.put("JNIBLAS", NativeBLAS.getInstance());
        blas.put("VectorBLAS", JavaBLAS.getInstance());
        blas.put("F2jBLAS", f2j());
        if (!blas.get("VectorBLAS").getClass().getSimpleName().equals("VectorBLAS")) {
            System.err.println("note: netlib's JavaBLAS is " + blas.get("VectorBLAS").getClass().getName()
                    + " (run with --add-modules=jdk.incubator.vector for VectorBLAS)");
        }
        sameResults(blas);
        String environment = environment(blas, library);
        System.out.println(environment);

        List<Row> rows = new ArrayList<>();
        for (String routine : options.routines) {
            for (int n : options.sizes) {
                Row row = measure(routine, n, blas, options);
                rows.add(row);
                System.out.println(row.line());
            }
        }
        String table = table(rows);
        System.out.println();
        System.out.println(table);
        if (options.out != null) {
            Files.createDirectories(options.out);
            Files.writeString(options.out.resolve("environment.txt"), environment + "\n");
            Files.writeString(options.out.resolve("ratios.md"), table);
            StringBuilder csv = new StringBuilder(
                    "routine,n,implementation,median_ns_per_call,min_ns_per_call,rounds,median_ratio_to_raw\n");
            for (Row row : rows) {
                for (String impl : IMPLEMENTATIONS) {
                    double[] t = row.nanos.get(impl);
                    csv.append(String.format(Locale.ROOT, "%s,%d,%s,%.1f,%.1f,%d,%.4f%n", row.routine, row.n, impl,
                            median(t), Arrays.stream(t).min().orElse(Double.NaN), t.length, row.ratio(impl, "raw")));
                }
            }
            Files.writeString(options.out.resolve("results.csv"), csv.toString());
            System.out.println("wrote " + options.out.resolve("results.csv") + ", ratios.md, environment.txt");
        }
    }

    static BLAS f2j() {
        try {
            Method m = Class.forName("dev.ludovic.netlib.blas.F2jBLAS").getDeclaredMethod("getInstance");
            m.setAccessible(true);
            return (BLAS) m.invoke(null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("netlib's F2jBLAS is not reachable", e);
        }
    }

    /** One routine at one size: per implementation, the time per call of each round. */
    record Row(String routine, int n, Map<String, double[]> nanos) {
        double ratio(String numerator, String denominator) {
            double[] a = nanos.get(numerator);
            double[] b = nanos.get(denominator);
            double[] r = new double[a.length];
            for (int i = 0; i < a.length; i++) {
                r[i] = a[i] / b[i];
            }
            return median(r);
        }

        String line() {
            StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%-6s n=%-5d", routine, n));
            for (String impl : IMPLEMENTATIONS) {
                sb.append(String.format(Locale.ROOT, " %s %s", impl, time(median(nanos.get(impl)))));
            }
            return sb.append(String.format(Locale.ROOT, "  FfmBLAS/JNIBLAS %.2f  VectorBLAS/FfmBLAS %.2f"
                    + "  FfmBLAS/raw %.2f  JNIBLAS/raw %.2f", ratio("FfmBLAS", "JNIBLAS"), ratio("VectorBLAS", "FfmBLAS"),
                    ratio("FfmBLAS", "raw"), ratio("JNIBLAS", "raw"))).toString();
        }
    }

    private static Row measure(String routine, int n, Map<String, BLAS> blas, Options options) {
        // A routine's first size warms up ten times as long, since that is when its code is compiled; FfmBLAS's
        // path through the bindings' checks is the deepest.
        long warmupMs = options.warmupMs * (n == options.sizes.getFirst() ? 10 : 1);
        return new Row(routine, n, Interleaved.measure(calls(new Workload(routine, n), blas), options.rounds,
                options.batchMs * 1_000_000L, warmupMs * 1_000_000L));
    }

    /** Each implementation's call on {@code work}, in {@link #IMPLEMENTATIONS}' order: the four BLAS, then raw. */
    private static Map<String, Runnable> calls(Workload work, Map<String, BLAS> blas) {
        Map<String, Runnable> calls = new LinkedHashMap<>();
        blas.forEach((name, b) -> calls.put(name, work.call(b)));
        calls.put("raw", work.raw());
        return calls;
    }

    static double median(double[] values) {
        return Interleaved.median(values);
    }

    private static String time(double nanos) {
        if (nanos < 10_000) {
            return String.format(Locale.ROOT, "%.0f ns", nanos);
        }
        if (nanos < 10_000_000) {
            return String.format(Locale.ROOT, "%.1f us", nanos / 1e3);
        }
        return String.format(Locale.ROOT, "%.1f ms", nanos / 1e6);
    }

    private static String table(List<Row> rows) {
        StringBuilder sb = new StringBuilder();
        sb.append("| routine | n | FfmBLAS | JNIBLAS | VectorBLAS | F2jBLAS | raw | FfmBLAS/JNIBLAS | VectorBLAS/FfmBLAS "
                + "| F2jBLAS/FfmBLAS | FfmBLAS/raw | JNIBLAS/raw |\n");
        sb.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Row row : rows) {
            sb.append(String.format(Locale.ROOT, "| %s | %d | %s | %s | %s | %s | %s | %.2f | %.2f | %.2f | %.2f"
                    + " | %.2f |%n", row.routine, row.n, time(median(row.nanos.get("FfmBLAS"))),
                    time(median(row.nanos.get("JNIBLAS"))), time(median(row.nanos.get("VectorBLAS"))),
                    time(median(row.nanos.get("F2jBLAS"))), time(median(row.nanos.get("raw"))),
                    row.ratio("FfmBLAS", "JNIBLAS"), row.ratio("VectorBLAS", "FfmBLAS"),
                    row.ratio("F2jBLAS", "FfmBLAS"), row.ratio("FfmBLAS", "raw"), row.ratio("JNIBLAS", "raw")));
        }
        return sb.toString();
    }

    /**
     * The five compute the same thing on the same inputs (a small call of every routine): a wrongly loaded library
     * or a mixed-up argument would show here before any timing.
     */
    private static void sameResults(Map<String, BLAS> blas) {
        for (String routine : ALL_ROUTINES) {
            double tolerance = routine.startsWith("s") ? 1e-4 : 1e-9;
            double[] reference = null;
            for (String impl : IMPLEMENTATIONS) {
                Workload w = new Workload(routine, 9);
                calls(w, blas).get(impl).run();
                double[] out = w.result();
                if (reference == null) {
                    reference = out;
                } else {
                    for (int i = 0; i < out.length; i++) {
                        if (Math.abs(out[i] - reference[i]) > tolerance * Math.max(1, Math.abs(reference[i]))) {
                            throw new IllegalStateException(impl + " computes another " + routine + ": element "
                                    + i + " is " + out[i] + ", FfmBLAS has " + reference[i]);
                        }
                    }
                }
            }
        }
    }

    private static String environment(Map<String, BLAS> blas, String library) throws IOException {
        StringBuilder sb = new StringBuilder();
        sb.append("java: ").append(System.getProperty("java.vm.name")).append(' ')
                .append(System.getProperty("java.version")).append('\n');
        sb.append("cpu: ").append(CpuInfo.current().describe()).append('\n');
        sb.append("OpenBLAS: ").append(Blas.runtime()).append('\n');
        sb.append("OpenBLAS threads: ").append(Blas.numThreads()).append('\n');
        sb.append("ffmblas loaded: ").append(library).append('\n');
        sb.append(NATIVE_LIB_PATH).append("=").append(System.getProperty(NATIVE_LIB_PATH)).append('\n');
        sb.append("OpenBLAS files mapped in this process: ").append(mappedOpenBlas()).append('\n');
        for (var e : blas.entrySet()) {
            sb.append(e.getKey()).append(": ").append(e.getValue().getClass().getName()).append('\n');
        }
        sb.append("raw: the cblas symbols through bare downcall handles, Linker.Option.critical(true), on heap"
                + " segments over the same arrays (").append(RawDowncalls.class.getName()).append(")\n");
        return sb.toString().strip();
    }

    /** Which libopenblas files the process has mapped: one means JNIBLAS and FfmBLAS share it. */
    private static String mappedOpenBlas() throws IOException {
        Path maps = Path.of("/proc/self/maps");
        if (!Files.isReadable(maps)) {
            return "unknown";
        }
        TreeSet<String> files = new TreeSet<>();
        try (Stream<String> lines = Files.lines(maps)) {
            lines.filter(l -> l.contains("libopenblas")).forEach(l -> files.add(l.substring(l.indexOf('/'))));
        }
        return files.toString();
    }

    record Options(List<Integer> sizes, List<String> routines, int rounds, long batchMs, long warmupMs, Path out) {}
}
