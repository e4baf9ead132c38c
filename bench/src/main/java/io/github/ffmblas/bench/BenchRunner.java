package io.github.ffmblas.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Runs every implementation on every problem at every thread count, the same inputs for all, and times them
 * honestly: each candidate is prepared outside the timed region, run once and checked against the native
 * result (a wrong result voids its timing), warmed up until its run time is steady; then the candidates of one
 * problem and thread count are timed run by run in interleaved rounds; the median and 90th percentile of each one's
 * runs are reported, with a note when the runs were not steady. Native always comes first: it is both the reference
 * result and the ratio's base.
 */
public final class BenchRunner {

    /**
     * How long to warm up and measure each row: warm-up until the run time is steady ({@link SteadyState}), at
     * least {@code minWarmups} runs and {@code warmupSeconds}, at most {@code maxWarmupSeconds}; then
     * {@code minRuns} rounds of turns, at least one run a turn (so {@code minRuns} runs even when {@code maxRuns} is
     * smaller), about {@code measureSeconds} and at most {@code maxRuns} runs in all otherwise.
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
                    List<Result> group = runGroup(workload, threads, step, steps, progress);
                    step += implementations.size();
                    all.addAll(group);
                    finished.accept(group);
                }
            }
        }
        return all;
    }

    /** A candidate prepared, checked and warm, waiting for its turns; {@code failure} ends them. */
    private static final class Live {
        final int slot;
        final String where;
        final Result row;
        final Candidate candidate;
        Optional<String> unsteady = Optional.empty();
        long[] nanos = new long[16];
        int runs;
        Throwable failure;

        Live(int slot, String where, Result row, Candidate candidate) {
            this.slot = slot;
            this.where = where;
            this.row = row;
            this.candidate = candidate;
        }

        void add(long sample) {
            if (runs == nanos.length) {
                nanos = Arrays.copyOf(nanos, 2 * runs);
            }
            nanos[runs++] = sample;
        }
    }

    /**
     * One problem at one thread count: every implementation prepared and its result checked (native first, the
     * reference), each warmed up, then all timed in interleaved rounds, so that a drift of this machine's speed
     * (a neighbour's burst) lands on all of them alike rather than on whichever ran then. Candidates timed in their
     * own process are timed as they come.
     */
    private List<Result> runGroup(Workload workload, int threads, int step, int steps, Consumer<String> progress) {
        Problem problem = workload.problem();
        Result[] rows = new Result[implementations.size()];
        List<Live> live = new ArrayList<>();
        try {
            float[] reference = null;
            for (int i = 0; i < rows.length; i++) {
                Implementation impl = implementations.get(i);
                String where = String.format("[%d/%d] %s %s, %d thread%s, %s", step + i + 1, steps, problem.kind(),
                        problem.label(), threads, threads == 1 ? "" : "s", impl.name());
                Result row = Result.of(problem, impl.name(), threads);
                Optional<String> unsupported = impl.unsupported(problem, threads);
                if (unsupported.isPresent()) {
                    rows[i] = row.withNote(unsupported.get());
                    continue;
                }
                if (reference == null && !impl.name().equals("native")) {
                    rows[i] = row.withNote("not timed: no native result to check against");
                    continue;
                }
                progress.accept(where + ": preparing");
                Candidate candidate = null;
                boolean keep = false;
                try {
                    candidate = impl.prepare(workload, threads);
                    candidate.activate();
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
                        rows[i] = row.withNote(String.format(
                                "WRONG RESULT: max abs diff %.3g > %.3g, timing void", diff, tolerance));
                    } else if (selfTimed.isPresent()) {
                        rows[i] = timed(problem, row, selfTimedRuns(candidate, selfTimed.get(), progress, where),
                                Optional.empty());
                    } else {
                        live.add(new Live(i, where, row, candidate));
                        keep = true;
                    }
                } catch (Exception | LinkageError e) {
                    rows[i] = row.withNote("failed: " + e);
                } finally {
                    if (!keep) {
                        close(candidate);
                    }
                }
            }
            for (Live l : live) {
                progress.accept(l.where + ": warming up");
                try {
                    l.candidate.activate();
                    l.unsteady = SteadyState.warmUp(l.candidate::run, budget.minWarmups(), budget.warmupSeconds(),
                            budget.maxWarmupSeconds());
                } catch (Exception | LinkageError e) {
                    l.failure = e;
                }
            }
            timeInTurns(live, progress);
            for (Live l : live) {
                if (l.failure != null) {
                    rows[l.slot] = l.row.withNote("failed: " + l.failure);
                    continue;
                }
                long[] nanos = Arrays.copyOf(l.nanos, l.runs);
                rows[l.slot] = timed(problem, l.row, nanos, l.unsteady.or(() -> SteadyState.drift(nanos)));
            }
        } finally {
            for (Live l : live) {
                close(l.candidate);
            }
        }
        return List.of(rows);
    }

    /**
     * Times the live candidates in {@code minRuns} rounds; in each, every candidate in turn (the order rotating) runs
     * for its share of the budget, at least once: run by run, {@link Candidate#activate()} before each turn.
     */
    private void timeInTurns(List<Live> live, Consumer<String> progress) {
        int rounds = Math.max(1, budget.minRuns());
        long turnNanos = (long) (budget.measureSeconds() * 1e9 / rounds);
        int maxPerTurn = Math.max(1, budget.maxRuns() / rounds);
        for (int round = 0; round < rounds; round++) {
            for (int j = 0; j < live.size(); j++) {
                Live l = live.get((j + round) % live.size());
                if (l.failure != null) {
                    continue;
                }
                progress.accept(l.where + ": measuring (round " + (round + 1) + " of " + rounds + ", in turns)");
                try {
                    l.candidate.activate();
                    long end = System.nanoTime() + turnNanos;
                    for (int n = 0; n < maxPerTurn && (n == 0 || System.nanoTime() < end); n++) {
                        long t0 = System.nanoTime();
                        l.candidate.run();
                        l.add(System.nanoTime() - t0);
                    }
                } catch (Exception | LinkageError e) {
                    l.failure = e;
                }
            }
        }
    }

    private static Result timed(Problem problem, Result row, long[] nanos, Optional<String> unsteady) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        double median = percentile(sorted, 0.5) / 1e6;
        Result timed = row.timed(median, percentile(sorted, 0.9) / 1e6, problem.flops() / (median * 1e6),
                sorted.length);
        return unsteady.map(timed::withNote).orElse(timed);
    }

    private static void close(Candidate candidate) {
        if (candidate == null) {
            return;
        }
        try {
            candidate.close();
        } catch (Exception e) {
            System.err.println("warning: closing a candidate failed: " + e);
        }
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
