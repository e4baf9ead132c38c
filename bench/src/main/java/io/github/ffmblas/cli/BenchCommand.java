package io.github.ffmblas.cli;

import io.github.ffmblas.bench.AttentionProblem;
import io.github.ffmblas.bench.BenchRunner;
import io.github.ffmblas.bench.Environment;
import io.github.ffmblas.bench.Implementation;
import io.github.ffmblas.bench.Implementations;
import io.github.ffmblas.bench.Problem;
import io.github.ffmblas.bench.Reports;
import io.github.ffmblas.bench.Result;
import io.github.ffmblas.bench.SgemmProblem;
import io.github.ffmblas.bench.blas.BlasReports;
import io.github.ffmblas.bench.blas.BlasSuite;
import io.github.ffmblas.bench.impl.CHarnessImplementation;
import io.github.ffmblas.bench.impl.JavaCppOpenBlas;
import io.github.ffmblas.bindings.Blas;
import io.github.ffmblas.bindings.OpenBlasRuntime;
import io.github.ffmblas.nativelib.OpenBlasLibrary;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code ffmblas bench}: native against its peers on attention and sgemm, same inputs and thread count per
 * row; prints what it runs on, a table per shape, and writes results.json, report.md and chart.png.
 */
final class BenchCommand {
    static final String USAGE = "ffmblas bench [--shapes B,Lq,Lk,d,H;...] [--sgemm n|MxNxK,...|none]"
            + " [--impls a,b,...] [--threads 1,2] [--quick] [--json FILE] [--out DIR] [--seed N]\n"
            + "              ffmblas bench --blas [--routines sdot,sgemm,...] [--sizes 8,32,...] [--quick] [--json FILE]"
            + " [--out DIR] [--seed N]\n"
            + "                (--blas: the BLAS-routine suite instead of attention/sgemm: per routine and size,"
            + " ffmblas on native\n"
            + "                 segments, ffmblas on heap arrays, JNI (JavaCPP), pure Java (netlib) and C, interleaved;"
            + " OpenBLAS on 1 thread)";
    static final String DEFAULT_SHAPES = "1,128,128,768,12;1,512,512,768,12;8,128,128,512,8;1,2048,2048,1024,16";
    /** Square sizes, then the fused Q/K/V projection of the first default shape (B·L x 3d x d). */
    static final String DEFAULT_SGEMM = "64,256,1024,128x2304x768";

    private static final Set<String> VALUE_FLAGS = Set.of("--shapes", "--sgemm", "--impls", "--threads", "--json", "--out",
            "--seed", "--sizes", "--routines");
    private static final Set<String> SWITCHES = Set.of("--quick", "--blas");
    /** Flags of the attention/sgemm benchmark that mean nothing to the BLAS suite, and the other way round. */
    private static final List<String> NOT_BLAS = List.of("--shapes", "--sgemm", "--impls", "--threads");
    private static final List<String> BLAS_ONLY = List.of("--sizes", "--routines");

    private BenchCommand() {}

    static int run(List<String> args, PrintStream out, PrintStream err) throws Exception {
        Arguments a = Arguments.parse(args, VALUE_FLAGS, SWITCHES);
        if (a.has("--blas")) {
            return runBlas(a, args, out, err);
        }
        for (String flag : BLAS_ONLY) {
            if (a.has(flag)) {
                throw new UsageException(flag + " belongs to the BLAS suite: add --blas");
            }
        }
        List<Problem> problems = new ArrayList<>(parseShapes(a.optional("--shapes", DEFAULT_SHAPES)));
        problems.addAll(parseSgemm(a.optional("--sgemm", DEFAULT_SGEMM)));
        if (problems.isEmpty()) {
            throw new UsageException("nothing to run: no --shapes and --sgemm none");
        }
        int cores = Runtime.getRuntime().availableProcessors();
        List<Integer> threads = parseInts("--threads", a.optional("--threads", cores > 1 ? "1," + cores : "1"), 1, 1024);
        String implNames = a.optional("--impls", String.join(",", Implementations.all().keySet()));
        List<Implementation> impls;
        try {
            impls = Implementations.select(Arrays.stream(implNames.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList());
        } catch (IllegalArgumentException e) {
            throw new UsageException("--impls: " + e.getMessage());
        }
        long seed = a.integer("--seed", 0, Integer.MAX_VALUE, 42);
        boolean quick = a.has("--quick");
        Path outDir = Path.of(a.optional("--out", "bench-results/"
                + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"))));
        String command = "./ffmblas bench" + (args.isEmpty() ? "" : " " + String.join(" ", args));

        OpenBlasLibrary.load();
        Environment environment = Environment.capture(impls);
        out.println("ffmblas bench: " + problems.size() + " problems x " + threads.size() + " thread counts x "
                + impls.size() + " implementations" + (quick ? " (quick)" : ""));
        environment.values().forEach((k, v) -> out.printf("  %-28s %s%n", k, v));
        out.println();

        List<List<Result>> groups = new ArrayList<>();
        BenchRunner runner = new BenchRunner(problems, threads, impls,
                quick ? BenchRunner.Budget.QUICK : BenchRunner.Budget.DEFAULT, seed);
        List<Result> results = runner.run(
                line -> err.print("\r" + pad(line, 110)),
                group -> {
                    err.print("\r" + " ".repeat(110) + "\r");
                    groups.add(group);
                    out.println(Reports.consoleTable(group));
                });

        String roofline = Reports.rooflineTable(results);
        if (!roofline.isEmpty()) {
            out.println(roofline);
        }
        Files.createDirectories(outDir);
        Reports.writeJson(outDir.resolve("results.json"), environment, results);
        String chart = "chart.png";
        Reports.writeChart(outDir.resolve(chart), results, "ffmblas: native vs peers (" + environment.values().get("openblas_core") + ")");
        Reports.writeMarkdown(outDir.resolve("report.md"), environment, groups, chart, command);
        if (a.has("--json")) {
            Path json = Path.of(a.required("--json"));
            Reports.writeJson(json, environment, results);
            out.println("wrote " + json);
        }
        out.println("wrote " + outDir.resolve("results.json") + ", " + outDir.resolve("report.md") + ", " + outDir.resolve(chart));
        return 0;
    }

    /** {@code --blas}: the BLAS-routine suite ({@link BlasSuite}). */
    private static int runBlas(Arguments a, List<String> args, PrintStream out, PrintStream err) throws Exception {
        for (String flag : NOT_BLAS) {
            if (a.has(flag)) {
                throw new UsageException(flag + " does not apply to --blas (use --routines and --sizes)");
            }
        }
        boolean quick = a.has("--quick");
        List<Integer> sizes = a.has("--sizes") ? parseInts("--sizes", a.required("--sizes"), 1, 4096)
                : quick ? BlasSuite.QUICK_SIZES : BlasSuite.DEFAULT_SIZES;
        List<String> routines = BlasSuite.routines();
        if (a.has("--routines")) {
            routines = Arrays.stream(a.required("--routines").split(",")).map(String::strip)
                    .filter(s -> !s.isEmpty()).distinct().toList();
            for (String r : routines) {
                if (!BlasSuite.routines().contains(r)) {
                    throw new UsageException("--routines: unknown routine '" + r + "' (known: "
                            + String.join(",", BlasSuite.routines()) + ")");
                }
            }
            if (routines.isEmpty()) {
                throw new UsageException("--routines: no routine given");
            }
        }
        long seed = a.integer("--seed", 0, Integer.MAX_VALUE, 42);
        Path outDir = Path.of(a.optional("--out", "bench-results/"
                + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"))));
        String command = "./ffmblas bench" + (args.isEmpty() ? "" : " " + String.join(" ", args));

        OpenBlasLibrary.load();
        JavaCppOpenBlas.load(); // before anything else touches JavaCPP: pins the FFM bindings to ffmblas's file
        Blas.setNumThreads(1);
        JavaCppOpenBlas.setNumThreads(1);
        OpenBlasRuntime rt = Blas.runtime();
        Map<String, String> env = new LinkedHashMap<>(Environment.capture(List.of()).values());
        env.remove("softmax");
        env.remove("batched_sgemm");
        env.put("threads", "OpenBLAS on 1 thread on every path: ffmblas " + Blas.numThreads() + " (Blas.setNumThreads(1)),"
                + " JavaCPP's copy " + JavaCppOpenBlas.numThreads() + " (JavaCppOpenBlas.setNumThreads(1)),"
                + " C harness openblas_set_num_threads(1)");
        env.put("path_ffmblas", "io.github.ffmblas.bindings.Blas on native segments (Arena.allocate, 64-byte aligned)");
        env.put("path_ffmblas-heap", "io.github.ffmblas.bindings.Blas on heap segments over float[]/double[]"
                + " (critical downcalls)");
        env.put("path_jni", "JavaCPP org.bytedeco.openblas.global.openblas_nolapack.cblas_* on the ffmblas path's native"
                + " memory; its own copy of " + JavaCppOpenBlas.config());
        env.put("path_java", "netlib " + BlasSuite.javaBlas() + " (dev.ludovic.netlib:blas) on the ffmblas-heap path's"
                + " arrays");
        env.put("path_c", "blas_harness.c, " + CHarnessImplementation.compiler().map(Path::toString).orElse("no compiler")
                + " -O2, one process driven through stdin: " + BlasSuite.harnessInfo());
        out.println("ffmblas bench --blas: " + routines.size() + " routines x " + sizes.size() + " sizes "
                + sizes + " x " + BlasSuite.PathKind.values().length + " paths" + (quick ? " (quick)" : ""));
        out.println("  kernel: " + rt.coreName() + " (OPENBLAS_CORETYPE="
                + rt.coreTypeOverride().orElse("unset") + "), " + rt.config());
        out.println("  threads: OpenBLAS on 1 thread on every path (ffmblas, JavaCPP's copy, C harness)");
        env.forEach((k, v) -> out.printf("  %-28s %s%n", k, v));
        out.println();

        List<BlasSuite.Row> rows = BlasSuite.run(routines, sizes,
                quick ? BlasSuite.Budget.QUICK : BlasSuite.Budget.DEFAULT, seed,
                line -> err.print("\r" + pad(line, 110)),
                group -> {
                    err.print("\r" + " ".repeat(110) + "\r");
                    out.println(BlasReports.consoleTable(group));
                });
        Files.createDirectories(outDir);
        BlasReports.writeJson(outDir.resolve("results.json"), env, sizes, command, rows);
        BlasReports.writeMarkdown(outDir.resolve("report.md"), env, command, rows);
        if (a.has("--json")) {
            Path json = Path.of(a.required("--json"));
            BlasReports.writeJson(json, env, sizes, command, rows);
            out.println("wrote " + json);
        }
        out.println("wrote " + outDir.resolve("results.json") + ", " + outDir.resolve("report.md"));
        return 0;
    }

    private static String pad(String s, int width) {
        return s.length() >= width ? s.substring(0, width) : s + " ".repeat(width - s.length());
    }

    static List<AttentionProblem> parseShapes(String spec) {
        List<AttentionProblem> shapes = new ArrayList<>();
        if (spec.isBlank() || spec.equals("none")) {
            return shapes;
        }
        for (String part : spec.split(";")) {
            if (part.isBlank()) {
                continue;
            }
            List<Integer> v = new ArrayList<>();
            for (String number : part.split(",")) {
                v.add(parseInts("--shapes", number, 1, 1 << 20).getFirst());
            }
            if (v.size() != 5) {
                throw new UsageException("--shapes: '" + part.strip() + "' must be B,Lq,Lk,d,H (five numbers)");
            }
            try {
                shapes.add(new AttentionProblem(v.get(0), v.get(1), v.get(2), v.get(3), v.get(4)));
            } catch (IllegalArgumentException e) {
                throw new UsageException("--shapes: " + e.getMessage());
            }
        }
        return shapes;
    }

    static List<SgemmProblem> parseSgemm(String spec) {
        if (spec.isBlank() || spec.equals("none")) {
            return List.of();
        }
        Set<SgemmProblem> problems = new LinkedHashSet<>();
        for (String part : spec.split(",")) {
            String[] sizes = part.strip().split("x", -1);
            if (sizes.length != 1 && sizes.length != 3) {
                throw new UsageException("--sgemm: '" + part.strip() + "' must be n or MxNxK");
            }
            List<Integer> v = new ArrayList<>();
            for (String size : sizes) {
                v.add(parseInts("--sgemm", size, 1, 1 << 15).getFirst());
            }
            try {
                problems.add(v.size() == 1 ? new SgemmProblem(v.getFirst())
                        : new SgemmProblem(v.get(0), v.get(1), v.get(2)));
            } catch (IllegalArgumentException e) {
                throw new UsageException("--sgemm: " + e.getMessage());
            }
        }
        return List.copyOf(problems);
    }

    /** Comma-separated whole numbers in [min, max], repeats dropped. */
    static List<Integer> parseInts(String flag, String spec, int min, int max) {
        Set<Integer> values = new LinkedHashSet<>();
        for (String s : spec.split(",")) {
            try {
                int v = Integer.parseInt(s.strip());
                if (v < min || v > max) {
                    throw new UsageException(flag + ": " + v + " is outside " + min + ".." + max);
                }
                values.add(v);
            } catch (NumberFormatException e) {
                throw new UsageException(flag + ": '" + s.strip() + "' is not a whole number");
            }
        }
        return List.copyOf(values);
    }
}
