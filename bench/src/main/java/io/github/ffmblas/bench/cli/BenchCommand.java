package io.github.ffmblas.bench.cli;

import io.github.ffmblas.attention.Backend;
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
import io.github.ffmblas.bench.impl.FfmblasLoadService;
import io.github.ffmblas.bench.impl.OnnxRuntimeLoadService;
import io.github.ffmblas.bench.impl.JavaCppOpenBlas;
import io.github.ffmblas.bench.load.LoadReport;
import io.github.ffmblas.bench.load.LoadRunner;
import io.github.ffmblas.bench.load.Service;
import io.github.ffmblas.bindings.Blas;
import io.github.ffmblas.bindings.OpenBlasRuntime;
import io.github.ffmblas.nativelib.OpenBlasLibrary;
import java.io.PrintWriter;
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
import io.github.ffmblas.cli.Subcommand;
import io.github.ffmblas.cli.UsageException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

/**
 * {@code ffmblas bench}: native against its peers on attention and sgemm, same inputs and thread count per
 * row; prints what it runs on, a table per shape, and writes results.json, report.md and chart.png. With
 * {@code --blas}, the BLAS-routine suite instead.
 */
@Command(name = "bench", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Native against its peers (plain Java, Vector API, JNI, ONNX Runtime, C) on attention and sgemm,"
                + " same inputs and threads per row: tables, results.json, report.md, chart.png.",
                "With --blas: BLAS routines of levels 1-3 per size, ffmblas on native segments and heap arrays against"
                + " JNI (JavaCPP), pure Java (netlib) and C, and against the raw floor (bare critical downcalls on the"
                + " same memory), interleaved, OpenBLAS on 1 thread."})
public final class BenchCommand implements Subcommand {
    static final String DEFAULT_SHAPES = "1,128,128,768,12;1,512,512,768,12;8,128,128,512,8;1,2048,2048,1024,16";
    /** Square sizes, then the fused Q/K/V projection of the first default shape (B·L x 3d x d). */
    static final String DEFAULT_SGEMM = "64,256,1024,128x2304x768";

    @Spec
    private CommandSpec spec;

    @Option(names = "--shapes", paramLabel = "B,Lq,Lk,d,H;...", description = "attention shapes, or none")
    private String shapes;
    @Option(names = "--sgemm", paramLabel = "n|MxNxK,...", description = "sgemm sizes (A [M, K] · B [K, N]), or none")
    private String sgemm;
    @Option(names = "--impls", paramLabel = "a,b,...", description = "implementations (default: all)")
    private String impls;
    @Option(names = "--threads", paramLabel = "1,2", description = "thread counts (default: 1 and all cores)")
    private String threads;
    @Option(names = "--blas", description = "the BLAS-routine suite instead of attention and sgemm")
    private boolean blas;
    @Option(names = "--decode", description = "the decode suite instead (bench-decode: a token's latency over a KV"
            + " cache against ONNX Runtime and the memory floor); the other options are bench-decode's")
    private boolean decode;
    @Option(names = "--lapack", description = "the LAPACK suite instead (bench-lapack); the other options are"
            + " bench-lapack's")
    private boolean lapack;
    /** Options of the suite --decode or --lapack hands the command line to; refused otherwise. */
    @Unmatched
    private List<String> unmatched = new ArrayList<>();
    @Option(names = "--load", description = "a tail-latency load test instead: client threads send forwards to one"
            + " shared model at fixed rates (open loop); p50/p99/p99.9 and GCs against ONNX Runtime's session")
    private boolean load;
    @Option(names = "--clients", paramLabel = "1,2,4", description = "--load: client thread counts")
    private String clients;
    @Option(names = "--levels", paramLabel = "0.3,0.5,...", description = "--load: offered rates as fractions of"
            + " saturation")
    private String levels;
    @Option(names = "--routines", paramLabel = "sdot,sgemm,...", description = "--blas: routines (default: all)")
    private String routines;
    @Option(names = "--sizes", paramLabel = "8,32,...", description = "--blas: sizes n")
    private String sizes;
    @Option(names = "--quick", description = "short warm-up and fewer rounds")
    private boolean quick;
    @Option(names = "--warmup-report", description = "--blas: first, per routine and path, time batches of calls from"
            + " a fresh case's first call for 1 s (at the smallest size): calls until steady, first-second cost")
    private boolean warmupReport;
    @Option(names = "--json", paramLabel = "FILE", description = "also write results.json here")
    private Path json;
    @Option(names = "--out", paramLabel = "DIR", description = "directory for the reports (default bench-results/<time>)")
    private Path out;
    @Option(names = "--seed", paramLabel = "N", defaultValue = "42", description = "seed of the inputs")
    private int seed;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        Progress progress = Progress.on(spec.commandLine().getErr());
        if (seed < 0) {
            throw new UsageException("--seed must be >= 0, got " + seed);
        }
        List<String> args = spec.commandLine().getParseResult().originalArgs();
        if (decode || lapack) {
            return suite(decode ? "bench-decode" : "bench-lapack", args);
        }
        if (!unmatched.isEmpty()) {
            throw new UsageException("unknown option " + unmatched.getFirst());
        }
        if (blas && load) {
            throw new UsageException("--blas and --load are two different suites: choose one");
        }
        if (blas) {
            return runBlas(args, out, progress);
        }
        if (load) {
            return runLoad(args, out, progress);
        }
        if (clients != null || levels != null) {
            throw new UsageException((clients != null ? "--clients" : "--levels") + " belongs to the load test: add"
                    + " --load");
        }
        if (routines != null || sizes != null || warmupReport) {
            throw new UsageException((routines != null ? "--routines" : sizes != null ? "--sizes" : "--warmup-report")
                    + " belongs to the BLAS suite: add --blas");
        }
        List<Problem> problems = new ArrayList<>(parseShapes(shapes == null ? DEFAULT_SHAPES : shapes));
        problems.addAll(parseSgemm(sgemm == null ? DEFAULT_SGEMM : sgemm));
        if (problems.isEmpty()) {
            throw new UsageException("nothing to run: no --shapes and --sgemm none");
        }
        int cores = Runtime.getRuntime().availableProcessors();
        List<Integer> threadCounts = parseInts("--threads", threads != null ? threads : cores > 1 ? "1," + cores : "1",
                1, 1024);
        String implNames = impls != null ? impls : String.join(",", Implementations.all().keySet());
        List<Implementation> selected;
        try {
            selected = Implementations.select(Arrays.stream(implNames.split(",")).map(String::strip)
                    .filter(s -> !s.isEmpty()).toList());
        } catch (IllegalArgumentException e) {
            throw new UsageException("--impls: " + e.getMessage());
        }
        Path outDir = outputDirectory();
        String command = commandAsGiven(args);

        OpenBlasLibrary.load();
        Environment environment = Environment.capture(selected);
        out.println("ffmblas bench: " + problems.size() + " problems x " + threadCounts.size() + " thread counts x "
                + selected.size() + " implementations" + (quick ? " (quick)" : ""));
        environment.values().forEach((k, v) -> out.printf("  %-28s %s%n", k, v));
        out.println();

        List<List<Result>> groups = new ArrayList<>();
        BenchRunner runner = new BenchRunner(problems, threadCounts, selected,
                quick ? BenchRunner.Budget.QUICK : BenchRunner.Budget.DEFAULT, seed);
        List<Result> results = runner.run(progress::show, group -> {
            progress.clear();
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
        Reports.writeChart(outDir.resolve(chart), results, "ffmblas: native vs peers ("
                + environment.values().get("openblas_core") + ")");
        Reports.writeMarkdown(outDir.resolve("report.md"), environment, groups, chart, command);
        if (json != null) {
            Reports.writeJson(json, environment, results);
            out.println("wrote " + json);
        }
        out.println("wrote " + outDir.resolve("results.json") + ", " + outDir.resolve("report.md") + ", "
                + outDir.resolve(chart));
        return 0;
    }

    /** The command line as the user gave it, for the reports: picocli's original arguments start with "bench". */
    private static String commandAsGiven(List<String> args) {
        return "./ffmblas " + String.join(" ", args);
    }

    private Path outputDirectory() {
        return out != null ? out : Path.of("bench-results/"
                + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
    }

    /** The load test's default shapes: two small self-attention forwards, as a service sees them. */
    static final String LOAD_SHAPES = "1,64,64,128,8;1,128,128,768,12";

    /** {@code --load}: the tail-latency load test ({@link LoadRunner}). */
    private int runLoad(List<String> args, PrintWriter out, Progress progress) throws Exception {
        if (sgemm != null || threads != null || routines != null || sizes != null) {
            throw new UsageException("--sgemm, --threads, --routines and --sizes do not apply to --load (use --shapes,"
                    + " --impls, --clients and --levels)");
        }
        List<AttentionProblem> problems = parseShapes(shapes == null ? LOAD_SHAPES : shapes);
        for (AttentionProblem p : problems) {
            if (!p.selfAttention()) {
                throw new UsageException("--load runs self-attention: Lq must equal Lk, got " + p.label());
            }
        }
        if (problems.isEmpty()) {
            throw new UsageException("--load: no shapes");
        }
        LoadRunner.Settings base = quick
                ? LoadRunner.Settings.QUICK
                : LoadRunner.Settings.DEFAULT;
        List<Integer> clientCounts = clients == null ? base.clients() : parseInts("--clients", clients, 1, 256);
        List<Double> levelList = base.levels();
        if (levels != null) {
            levelList = new ArrayList<>();
            for (String part : levels.split(",")) {
                double v;
                try {
                    v = Double.parseDouble(part.strip());
                } catch (NumberFormatException e) {
                    throw new UsageException("--levels: '" + part.strip() + "' is not a number");
                }
                if (!(v > 0 && v <= 2)) {
                    throw new UsageException("--levels: " + v + " is not a fraction of saturation in (0, 2]");
                }
                levelList.add(v);
            }
        }
        LoadRunner.Settings settings = new LoadRunner.Settings(
                clientCounts, levelList, base.secondsPerLevel(), base.minRequests(), base.maxRequests(),
                base.warmupSeconds(), base.saturationSeconds(), base.stallSeconds());
        List<LoadRunner.Factory> factories = new ArrayList<>();
        for (String name : (impls == null ? "native,native-onednn,onnxruntime" : impls).split(",")) {
            String n = name.strip();
            factories.add(switch (n) {
                case "native" -> new LoadRunner.Factory(n, w -> new FfmblasLoadService(n, w, Backend.OPENBLAS, 0));
                case "native-onednn" -> new LoadRunner.Factory(n,
                        w -> new FfmblasLoadService(n, w, Backend.ONEDNN, 0));
                case "native-openblas-threads" -> new LoadRunner.Factory(n, w -> new FfmblasLoadService(n, w,
                        Backend.OPENBLAS, Runtime.getRuntime().availableProcessors()));
                case "onnxruntime" -> new LoadRunner.Factory(n, OnnxRuntimeLoadService::new);
                default -> throw new UsageException("--impls: the load test knows native, native-onednn,"
                        + " native-openblas-threads and onnxruntime, not '" + n + "'");
            });
        }
        Path outDir = outputDirectory();
        String command = commandAsGiven(args);
        OpenBlasLibrary.load();
        Map<String, String> env = new LinkedHashMap<>(Environment.capture(List.of()).values());
        env.remove("batched_sgemm");
        env.put("native", "AttentionModel (Loading.MAPPED, Backend.OPENBLAS, ThreadPolicy.ONE_OPENBLAS_THREAD: OpenBLAS"
                + " at 1 thread), allocation-free forward, a Workspace and output per client, attention weights not"
                + " returned");
        env.put("native-onednn", "the same with Backend.ONEDNN: the products on oneDNN, weights reordered once");
        env.put("native-openblas-threads", "the same with ThreadPolicy.KEEP_OPENBLAS_THREADS and OpenBLAS at "
                + Runtime.getRuntime().availableProcessors() + " threads (only when listed in --impls)");
        env.put("onnxruntime", "one OrtSession shared by the clients, intra-op threads 1, inter-op 1, sequential,"
                + " all optimisations; a pinned output per client");
        out.println("ffmblas bench --load: " + problems.size() + " shapes x clients " + clientCounts + " x loads "
                + levelList + " x " + factories.size() + " implementations" + (quick ? " (quick)" : ""));
        env.forEach((k, v) -> out.printf("  %-28s %s%n", k, v));
        out.println();
        List<LoadRunner.Group> groups = new LoadRunner(problems, factories, settings, seed).run(progress::show,
                group -> {
                    progress.clear();
                    out.println(LoadReport.consoleTable(group));
                });
        Files.createDirectories(outDir);
        LoadReport.writeJson(outDir.resolve("load.json"), env, groups);
        LoadReport.writeMarkdown(outDir.resolve("load.md"), env, groups, command);
        out.println("wrote " + outDir.resolve("load.json") + ", " + outDir.resolve("load.md"));
        return 0;
    }

    /** {@code --blas}: the BLAS-routine suite ({@link BlasSuite}). */
    private int runBlas(List<String> args, PrintWriter out, Progress progress) throws Exception {
        if (shapes != null || sgemm != null || impls != null || threads != null) {
            throw new UsageException("--shapes, --sgemm, --impls and --threads do not apply to --blas"
                    + " (use --routines and --sizes)");
        }
        List<Integer> sizeList = sizes != null ? parseInts("--sizes", sizes, 1, 4096)
                : quick ? BlasSuite.QUICK_SIZES : BlasSuite.DEFAULT_SIZES;
        List<String> routineList = BlasSuite.routines();
        if (routines != null) {
            routineList = Arrays.stream(routines.split(",")).map(String::strip)
                    .filter(s -> !s.isEmpty()).distinct().toList();
            for (String r : routineList) {
                if (!BlasSuite.routines().contains(r)) {
                    throw new UsageException("--routines: unknown routine '" + r + "' (known: "
                            + String.join(",", BlasSuite.routines()) + ")");
                }
            }
            if (routineList.isEmpty()) {
                throw new UsageException("--routines: no routine given");
            }
        }
        Path outDir = outputDirectory();
        String command = commandAsGiven(args);

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
        env.put("path_raw", "the same cblas symbol through a bare downcall handle (Linker.Option.critical(false),"
                + " pointers as long addresses), no checks, on the ffmblas path's native segments: the native floor");
        env.put("path_raw-heap", "the same cblas symbol through a bare downcall handle (Linker.Option.critical(true)),"
                + " no checks, on the ffmblas-heap path's heap segments (made once): the heap floor");
        env.put("path_jni", "JavaCPP org.bytedeco.openblas.global.openblas_nolapack.cblas_* on the ffmblas path's native"
                + " memory; its own copy of " + JavaCppOpenBlas.config());
        env.put("path_java", "netlib " + BlasSuite.javaBlas() + " (dev.ludovic.netlib:blas) on the ffmblas-heap path's"
                + " arrays");
        env.put("path_c", "blas_harness.c, " + CHarnessImplementation.compiler().map(Path::toString).orElse("no compiler")
                + " -O2, one process driven through stdin: " + BlasSuite.harnessInfo());
        out.println("ffmblas bench --blas: " + routineList.size() + " routines x " + sizeList.size() + " sizes "
                + sizeList + " x " + BlasSuite.PathKind.values().length + " paths" + (quick ? " (quick)" : "")
                + (warmupReport ? " + warm-up report" : ""));
        out.println("  kernel: " + rt.coreName() + " (OPENBLAS_CORETYPE="
                + rt.coreTypeOverride().orElse("unset") + "), " + rt.config());
        out.println("  threads: OpenBLAS on 1 thread on every path (ffmblas, JavaCPP's copy, C harness)");
        env.forEach((k, v) -> out.printf("  %-28s %s%n", k, v));
        out.println();

        BlasSuite.Results results = BlasSuite.run(routineList, sizeList,
                quick ? BlasSuite.Budget.QUICK : BlasSuite.Budget.DEFAULT, seed, warmupReport, progress::show,
                (group, warmups) -> {
                    progress.clear();
                    out.println(BlasReports.consoleTable(group));
                    if (!warmups.isEmpty()) {
                        out.println(BlasReports.consoleWarmup(warmups));
                    }
                });
        List<BlasSuite.Row> rows = results.rows();
        Files.createDirectories(outDir);
        BlasReports.writeJson(outDir.resolve("results.json"), env, sizeList, command, rows, results.warmups());
        BlasReports.writeMarkdown(outDir.resolve("report.md"), env, command, rows, results.warmups());
        if (json != null) {
            BlasReports.writeJson(json, env, sizeList, command, rows, results.warmups());
            out.println("wrote " + json);
        }
        out.println("wrote " + outDir.resolve("results.json") + ", " + outDir.resolve("report.md"));
        return 0;
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

    /** {@code bench --decode ...} is {@code bench-decode ...}: the same command, with the same handlers and writers. */
    private int suite(String command, List<String> args) {
        if (blas || load || decode && lapack) {
            throw new UsageException("--" + (decode ? "decode" : "lapack") + " is a suite of its own: drop "
                    + (blas ? "--blas" : load ? "--load" : "--lapack"));
        }
        CommandLine sub = spec.commandLine().getParent() == null ? null
                : spec.commandLine().getParent().getSubcommands().get(command);
        if (sub == null) {
            throw new UsageException(command + " is not on the class path");
        }
        String flag = decode ? "--decode" : "--lapack";
        List<String> after = args.subList(args.indexOf(spec.name()) + 1, args.size()); // the line, from "bench" on
        return sub.execute(after.stream().filter(a -> !a.equals(flag)).toArray(String[]::new));
    }
}
