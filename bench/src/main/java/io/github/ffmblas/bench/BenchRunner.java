package io.github.ffmblas.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Runs every implementation on every problem at every thread count, the same inputs for all, and times them
 * honestly: each candidate is prepared outside the timed region, run once and checked against the native
 * result (a wrong result voids its timing), warmed up until its run time is steady, then timed run by run; the
 * median and 90th percentile of those runs are reported, with a note when the runs were not steady. Native always runs first: it is both the reference result and the ratio's base.
 */
public final class BenchRunner {

    /**
     * How long to warm up and measure each row: warm-up until the run time is steady ({@link SteadyState}), at
     * least {@code minWarmups} runs and {@code warmupSeconds}, at most {@code maxWarmupSeconds}.
     */
    public record Budget(int minWarmups, double warmupSeconds, double maxWarmupSeconds, int minRuns, int maxRuns,
                         double measureSeconds) {
        public static final Budget DEFAULT = new Budget(2, 1.5, 12, 5, 60, 2.5);
        public static final Budget QUICK = new Budget(1, 0.3, 5, 3, 15, 0.6);
    }

    private final List<Problem> problems;
    private final List<Integer> threadCounts;
    private final List<Implementation> implementations;
    private final Budget budget;
    private final long seed;

    public BenchRunner(List<Problem> problems, List<Integer> threadCounts, List<Implementation> implementations,
                       Budget budget, long seed) {
        this.problems = List.copyOf(problems);
        this.threadCounts = List.copyOf(threadCounts);
        this.implementations = List.copyOf(implementations);
        this.budget = budget;
        this.seed = seed;
        if (this.implementations.isEmpty() || !this.implementations.getFirst().name().equals("native")) {
            throw new IllegalArgumentException("native must be the first implementation: it is the reference");
        }
    }

    /**
     * Runs everything. {@code progress} gets one status line per step (for a progress display);
     * {@code finished} gets the rows of each (problem, threads) group as soon as it is done.
     */
    public List<Result> run(Consumer<String> progress, Consumer<List<Result>> finished) throws Exception {
        List<Result> all = new ArrayList<>();
        int steps = problems.size() * threadCounts.size() * implementations.size();
        int step = 0;
        for (Problem problem : problems) {
            try (Workload workload = Workload.of(problem, seed)) {
                for (int threads : threadCounts) {
                    List<Result> group = new ArrayList<>();
                    float[] reference = null;
                    double nativeMedian = Double.NaN;
                    for (Implementation impl : implementations) {
                        step++;
                        String where = String.format("[%d/%d] %s %s, %d thread%s, %s", step, steps, problem.kind(),
                                problem.label(), threads, threads == 1 ? "" : "s", impl.name());
                        Result row = Result.of(problem, impl.name(), threads);
                        Optional<String> unsupported = impl.unsupported(problem, threads);
                        if (unsupported.isPresent()) {
                            group.add(row.withNote(unsupported.get()));
                            continue;
                        }
                        if (reference == null && !impl.name().equals("native")) {
                            group.add(row.withNote("not timed: no native result to check against"));
                            continue;
                        }
                        progress.accept(where + ": preparing");
                        try (Candidate candidate = impl.prepare(workload, threads)) {
                            Optional<long[]> selfTimed = candidate.timeItself(budget.minWarmups(), budget.minRuns());
                            if (selfTimed.isEmpty()) {
                                candidate.run();
                            }
                            float[] result = candidate.result();
                            if (reference == null) {
                                reference = result;
                            }
                            double diff = maxAbsDiff(reference, result);
                            row = row.withDiff(diff);
                            double tolerance = tolerance(problem, reference);
                            if (!(diff <= tolerance)) {
                                group.add(row.withNote(String.format(
                                        "WRONG RESULT: max abs diff %.3g > %.3g, timing void", diff, tolerance)));
                                continue;
                            }
                            Optional<String> unsteady = Optional.empty();
                            long[] nanos;
                            if (selfTimed.isPresent()) {
                                nanos = selfTimedRuns(candidate, selfTimed.get(), progress, where);
                            } else {
                                progress.accept(where + ": warming up");
                                unsteady = SteadyState.warmUp(candidate::run, budget.minWarmups(),
                                        budget.warmupSeconds(), budget.maxWarmupSeconds());
                                nanos = time(candidate, progress, where);
                                if (unsteady.isEmpty()) {
                                    unsteady = SteadyState.drift(nanos);
                                }
                            }
                            Arrays.sort(nanos);
                            double median = percentile(nanos, 0.5) / 1e6;
                            double p90 = percentile(nanos, 0.9) / 1e6;
                            if (impl.name().equals("native")) {
                                nativeMedian = median;
                            }
                            Result timed = row.timed(median, p90, problem.flops() / (median * 1e6), nanos.length);
                            group.add(unsteady.map(timed::withNote).orElse(timed));
                        } catch (Exception | LinkageError e) {
                            group.add(row.withNote("failed: " + e));
                        }
                    }
                    all.addAll(group);
                    finished.accept(group);
                }
            }
        }
        return all;
    }

    /**
     * Times {@link Candidate#run()} from Java, once warm: runs one by one until the budget is spent, in the order
     * they ran.
     */
    private long[] time(Candidate candidate, Consumer<String> progress, String where) throws Exception {
        long[] samples = new long[budget.maxRuns()];
        int n = 0;
        long end = System.nanoTime() + (long) (budget.measureSeconds() * 1e9);
        while (n < budget.maxRuns() && (n < budget.minRuns() || System.nanoTime() < end)) {
            if (n % 5 == 0) {
                progress.accept(where + ": measuring (" + n + " runs)");
            }
            long t0 = System.nanoTime();
            candidate.run();
            samples[n++] = System.nanoTime() - t0;
        }
        return Arrays.copyOf(samples, n);
    }

    /** A self-timed candidate already ran the minimum; ask for more runs if they fit the budget. */
    private long[] selfTimedRuns(Candidate candidate, long[] first, Consumer<String> progress, String where) throws Exception {
        long[] sorted = first.clone();
        Arrays.sort(sorted);
        double each = Math.max(1, sorted[sorted.length / 2]) / 1e9;
        int runs = (int) Math.min(budget.maxRuns(), Math.max(budget.minRuns(), budget.measureSeconds() / each));
        if (runs <= first.length) {
            return first;
        }
        progress.accept(where + ": measuring (" + runs + " runs, in its own process)");
        return candidate.timeItself(budget.minWarmups(), runs).orElse(first);
    }

    static double percentile(long[] sorted, double q) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        double index = q * (sorted.length - 1);
        int lo = (int) Math.floor(index);
        int hi = (int) Math.ceil(index);
        return sorted[lo] + (sorted[hi] - sorted[lo]) * (index - lo);
    }

    /** The largest element-wise difference, NaN if any is NaN, infinite for arrays of other lengths. */
    public static double maxAbsDiff(float[] a, float[] b) {
        if (a.length != b.length) {
            return Double.POSITIVE_INFINITY;
        }
        double max = 0;
        for (int i = 0; i < a.length; i++) {
            double d = Math.abs((double) a[i] - b[i]);
            if (Double.isNaN(d)) {
                return Double.NaN;
            }
            max = Math.max(max, d);
        }
        return max;
    }

    /**
     * How far a correct float32 result may stray from the native one: rounding grows like sqrt(inner dimension)
     * times the magnitude of the values; a wrong result is off by the values themselves.
     */
    static double tolerance(Problem problem, float[] reference) {
        double maxAbs = 1;
        for (float v : reference) {
            maxAbs = Math.max(maxAbs, Math.abs(v));
        }
        int inner = switch (problem) {
            case AttentionProblem p -> Math.max(p.dModel(), p.keyLength());
            case SgemmProblem p -> p.k();
        };
        return 2e-5 * Math.sqrt(inner) * maxAbs;
    }
}
