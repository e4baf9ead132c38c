package io.github.ffmblas.bench.blas;

import io.github.ffmblas.bench.impl.JavaCppOpenBlas;
import io.github.ffmblas.bindings.Blas;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * The BLAS-routine suite ({@code ffmblas bench --blas}): per routine and size, the same call along seven paths
 * ({@link PathKind}), on the same numbers, timed in interleaved rounds as {@code InterleavedCalls} times sgemm: each
 * round runs a batch of about {@link Budget#batchMillis} on every path, in a rotating order (each path takes each
 * place in turn, and every other cycle runs backwards), and each path's ratios are taken within the round, so the
 * drift of a shared machine cancels. Reported per path: the median nanoseconds per call over the rounds, the median
 * (and quartiles) of the per-round ratio to {@code ffmblas}, and the same of the per-round ratio to its raw floor
 * ({@link PathKind#floor}): {@code raw} for native memory, {@code raw-heap} for heap arrays, the bare downcall that
 * any binding on that memory pays.
 *
 * <p>Before any timing every path makes one call on the pristine operands and its result is compared with
 * {@code ffmblas}'s: a path that disagrees is not timed (status {@code wrong}), as in the other benchmarks.
 *
 * <p>OpenBLAS runs on 1 thread on every path: ffmblas's copy through {@link Blas#setNumThreads}, JavaCPP's own copy
 * through {@link JavaCppOpenBlas#setNumThreads}, the C harness's (the very file ffmblas loaded) by
 * {@code openblas_set_num_threads(1)}. So no idle pool of one copy spins while another works.
 */
public final class BlasSuite {

    /** The paths, in the order reported. */
    public enum PathKind {
        FFMBLAS("ffmblas", false), HEAP("ffmblas-heap", true), RAW("raw", false), RAW_HEAP("raw-heap", true),
        JNI("jni", false), JAVA("java", true), C("c", false);

        public final String label;
        /** Whether it works on the heap arrays (and its outputs are read there), not on native memory. */
        public final boolean heap;

        PathKind(String label, boolean heap) {
            this.label = label;
            this.heap = heap;
        }

        /** The bare downcall on the same kind of memory: what this path is read against as a floor. */
        public PathKind floor() {
            return heap ? RAW_HEAP : RAW;
        }
    }

    public static final List<Integer> DEFAULT_SIZES = List.of(8, 32, 64, 128, 256, 512, 1024);
    public static final List<Integer> QUICK_SIZES = List.of(8, 64, 256);

    /**
     * How long to time: per path and case, at least {@code warmupMillis} (and 2 calls) untimed; batches of about
     * {@code batchMillis} (at least one call); as many rounds as fit {@code caseSeconds}, within
     * [{@code minRounds}, {@code maxRounds}].
     */
    public record Budget(double warmupMillis, double batchMillis, int minRounds, int maxRounds, double caseSeconds) {
        public static final Budget DEFAULT = new Budget(200, 10, 5, 21, 4);
        public static final Budget QUICK = new Budget(30, 2, 3, 7, 0.5);
    }

    /**
     * One routine x size x path. {@code status}: {@code ok}; {@code wrong} (its result differs from ffmblas's: not
     * timed); {@code unsupported}; {@code failed} (it threw). Times are null unless ok; the ratios to the
     * {@code floor} path (its label) are null too when the floor was not timed.
     */
    public record Row(String routine, int level, String precision, int n, String path, String status, Double medianNs,
                      Double ratioToFfmblas, Double ratioQ1, Double ratioQ3, String floor, Double ratioToFloor,
                      Double floorQ1, Double floorQ3, int rounds, long callsPerBatch, String note) {}

    /** The rows of a run, and the warm-up figures when they were asked for (else none). */
    public record Results(List<Row> rows, List<WarmupTrace.Figure> warmups) {}

    public static List<String> routines() {
        return BlasCase.SPECS.stream().map(BlasCase.Spec::name).toList();
    }

    /**
     * Every routine at every size, one routine after the other; {@code perRoutine} gets each routine's rows and
     * warm-up figures. With {@code warmup}, each routine starts with {@link WarmupTrace}'s figure per path, before
     * anything else calls that routine, so its loops are cold.
     */
    public static Results run(List<String> routines, List<Integer> sizes, Budget budget, long seed, boolean warmup,
                              Consumer<String> progress, BiConsumer<List<Row>, List<WarmupTrace.Figure>> perRoutine)
            throws IOException {
        List<BlasCase.Spec> specs = routines.stream().map(BlasCase::spec).toList();
        JavaCppOpenBlas.load(); // first: pins the FFM bindings to ffmblas's file before JavaCPP loads its copy
        Blas.setNumThreads(1);
        JavaCppOpenBlas.setNumThreads(1);
        BlasHarness harness = null;
        String harnessProblem = null;
        try {
            harness = BlasHarness.start();
        } catch (IOException | RuntimeException e) {
            harnessProblem = "no C harness: " + e.getMessage();
        }
        Path dir = Files.createTempDirectory("ffmblas-blas-operands");
        List<Row> all = new ArrayList<>();
        List<WarmupTrace.Figure> allWarmups = new ArrayList<>();
        try {
            for (BlasCase.Spec spec : specs) {
                List<WarmupTrace.Figure> warmups = new ArrayList<>();
                if (warmup) {
                    int n = sizes.stream().min(Integer::compare).orElseThrow();
                    progress.accept(spec.name() + " n=" + n + " warm-up ...");
                    warmups.addAll(WarmupTrace.figures(spec, n, seed, harness, harnessProblem, dir));
                }
                List<Row> rows = new ArrayList<>();
                for (int n : sizes) {
                    progress.accept(spec.name() + " n=" + n + " ...");
                    try (BlasCase c = spec.factory().create(spec, n, seed)) {
                        rows.addAll(new Measurement(c, harness, harnessProblem, dir, budget).run());
                    }
                }
                all.addAll(rows);
                allWarmups.addAll(warmups);
                perRoutine.accept(rows, warmups);
            }
        } finally {
            if (harness != null) {
                harness.close();
            }
            BlasHarness.deleteTree(dir);
        }
        return new Results(all, allWarmups);
    }

    /** {@code openblas_get_config()} etc. as the C harness reports them, or why there is no harness. */
    public static String harnessInfo() {
        try (BlasHarness h = BlasHarness.start()) {
            return h.info().lines().map(String::strip).reduce((a, b) -> a + "; " + b).orElse("");
        } catch (IOException | RuntimeException e) {
            return "unavailable: " + e.getMessage();
        }
    }

    /** The pure-Java BLAS the java path calls. */
    public static String javaBlas() {
        return BlasCase.J.getClass().getName();
    }

    private static final class Measurement {
        private final BlasCase c;
        private final BlasHarness harness;
        private final String harnessProblem;
        private final Path dir;
        private final Budget budget;

        Measurement(BlasCase c, BlasHarness harness, String harnessProblem, Path dir, Budget budget) {
            this.c = c;
            this.harness = harness;
            this.harnessProblem = harnessProblem;
            this.dir = dir;
            this.budget = budget;
        }

        List<Row> run() throws IOException {
            BlasCase.Spec spec = c.spec;
            PathKind[] kinds = PathKind.values();
            String[] status = new String[kinds.length];
            String[] note = new String[kinds.length];
            // ffmblas's own result is the reference
            c.reset();
            c.run(PathKind.FFMBLAS, 1);
            double refScalar = c.sink;
            List<double[]> ref = new ArrayList<>();
            for (char op : spec.outputs().toCharArray()) {
                ref.add(c.output(op, false));
            }
            status[0] = "ok";
            note[0] = "";
            for (int p = 1; p < kinds.length; p++) {
                PathKind kind = kinds[p];
                note[p] = "";
                if (kind == PathKind.JAVA && !spec.hasJava()) {
                    status[p] = "unsupported";
                    note[p] = "netlib's BLAS has no complex routines";
                    continue;
                }
                if (kind == PathKind.C && harness == null) {
                    status[p] = "unsupported";
                    note[p] = harnessProblem;
                    continue;
                }
                try {
                    Optional<String> wrong = check(kind, refScalar, ref);
                    status[p] = wrong.isPresent() ? "wrong" : "ok";
                    note[p] = wrong.orElse("");
                } catch (IOException | RuntimeException e) {
                    status[p] = "failed";
                    note[p] = e.toString();
                }
            }
            c.reset();
            List<Integer> timed = new ArrayList<>();
            for (int p = 0; p < kinds.length; p++) {
                if (status[p].equals("ok")) {
                    timed.add(p);
                }
            }
            double[][] ns = new double[kinds.length][];
            long[] batch = new long[kinds.length];
            int rounds = time(timed, ns, batch);
            List<Row> rows = new ArrayList<>();
            for (int p = 0; p < kinds.length; p++) {
                String floor = kinds[p].floor().label;
                if (ns[p] == null) {
                    rows.add(new Row(spec.name(), spec.level(), spec.precision(), c.n, kinds[p].label, status[p], null,
                            null, null, null, floor, null, null, null, 0, 0, note[p]));
                    continue;
                }
                double[] ratio = perRound(ns[p], ns[0]);
                double[] toFloor = ns[kinds[p].floor().ordinal()];
                toFloor = toFloor == null ? null : perRound(ns[p], toFloor);
                rows.add(new Row(spec.name(), spec.level(), spec.precision(), c.n, kinds[p].label, "ok",
                        quantile(ns[p], 0.5), quantile(ratio, 0.5), quantile(ratio, 0.25), quantile(ratio, 0.75),
                        floor, quantile(toFloor, 0.5), quantile(toFloor, 0.25), quantile(toFloor, 0.75), rounds,
                        batch[p], note[p]));
            }
            return rows;
        }

        /** a[r] / b[r], round by round: both paths timed in the same round, so its drift cancels. */
        private static double[] perRound(double[] a, double[] b) {
            double[] r = new double[a.length];
            for (int i = 0; i < a.length; i++) {
                r[i] = a[i] / b[i];
            }
            return r;
        }

        /** One call on the pristine operands along {@code kind}; empty when it agrees with ffmblas, else how not. */
        private Optional<String> check(PathKind kind, double refScalar, List<double[]> ref) throws IOException {
            BlasCase.Spec spec = c.spec;
            double scalar;
            List<double[]> got = new ArrayList<>();
            if (kind == PathKind.C) {
                c.writeOperands(dir);
                harness.load(spec.name(), c.n, spec.alpha(), dir);
                scalar = harness.check();
                for (char op : spec.outputs().toCharArray()) {
                    got.add(c.output(op, dir));
                }
            } else {
                c.reset();
                c.run(kind, 1);
                scalar = c.sink;
                for (char op : spec.outputs().toCharArray()) {
                    got.add(c.output(op, kind.heap));
                }
            }
            double tolerance = spec.isDouble() ? 1e-9 : 1e-3;
            if (spec.outputs().isEmpty()) {
                boolean same = spec.returnsIndex() ? scalar == refScalar
                        : Math.abs(scalar - refScalar) <= tolerance * Math.max(1, Math.abs(refScalar));
                return same ? Optional.empty() : Optional.of(String.format(Locale.ROOT,
                        "%s returned %.9g, ffmblas %.9g", kind.label, scalar, refScalar));
            }
            for (int k = 0; k < ref.size(); k++) {
                double[] r = ref.get(k);
                double[] g = got.get(k);
                double scale = 1;
                for (double v : r) {
                    scale = Math.max(scale, Math.abs(v));
                }
                for (int i = 0; i < r.length; i++) {
                    if (!(Math.abs(r[i] - g[i]) <= tolerance * scale)) {
                        return Optional.of(String.format(Locale.ROOT, "%s computed %s[%d] = %.9g, ffmblas %.9g",
                                kind.label, spec.outputs().charAt(k), i, g[i], r[i]));
                    }
                }
            }
            return Optional.empty();
        }

        /** Nanoseconds for {@code calls} calls along path {@code p}. */
        private double elapsed(int p, long calls) throws IOException {
            PathKind kind = PathKind.values()[p];
            if (kind == PathKind.C) {
                return harness.time(calls);
            }
            long start = System.nanoTime();
            c.run(kind, (int) calls);
            return System.nanoTime() - start;
        }

        /** Warms and calibrates each timed path, then runs the rounds; fills ns[p][round]. Returns the rounds. */
        private int time(List<Integer> paths, double[][] ns, long[] batch) throws IOException {
            double warmupNs = budget.warmupMillis() * 1e6;
            double[] perCall = new double[ns.length];
            for (int p : paths) {
                long calls = 1;
                double spent = 0;
                for (int iteration = 1; ; iteration++) {
                    double t = elapsed(p, calls);
                    spent += t;
                    perCall[p] = Math.max(t, 1) / calls;
                    if (spent >= warmupNs && iteration >= 2) {
                        break;
                    }
                    if (t < warmupNs / 8) {
                        calls = Math.min(calls * 2, Integer.MAX_VALUE);
                    }
                }
                batch[p] = Math.max(1, Math.min(Integer.MAX_VALUE, Math.round(budget.batchMillis() * 1e6 / perCall[p])));
            }
            double perRound = 0;
            for (int p : paths) {
                perRound += batch[p] * perCall[p];
            }
            int rounds = (int) Math.max(budget.minRounds(), Math.min(budget.maxRounds(),
                    budget.caseSeconds() * 1e9 / Math.max(perRound, 1)));
            int count = paths.size();
            for (int p : paths) {
                ns[p] = new double[rounds];
            }
            for (int round = 0; round < rounds; round++) {
                int step = (round / count) % 2 == 0 ? 1 : count - 1;
                for (int i = 0; i < count; i++) {
                    int p = paths.get((round + step * i) % count);
                    ns[p][round] = elapsed(p, batch[p]) / batch[p];
                }
            }
            return rounds;
        }
    }

    /** The q-quantile (nearest rank) of {@code values}; null for none. */
    static Double quantile(double[] values, double q) {
        if (values == null) {
            return null;
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[(int) Math.round(q * (sorted.length - 1))];
    }
}
