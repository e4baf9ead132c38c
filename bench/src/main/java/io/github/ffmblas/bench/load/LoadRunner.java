package io.github.ffmblas.bench.load;

import io.github.ffmblas.bench.AttentionProblem;
import io.github.ffmblas.bench.BenchRunner;
import io.github.ffmblas.bench.Workload;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * A tail-latency load test: client threads send forwards to one shared service at fixed rates, open loop (each
 * request is due at its time whether or not the one before has returned), a bounded number of them, and the
 * response time of each is measured from when it was due, so a request that waits behind a slow one counts that
 * wait (no coordinated omission).
 *
 * <p>Per shape and client count, each service is first warmed up, then driven closed loop (every client back to
 * back) to find its saturation throughput. The offered rates are fractions of the <em>first</em> service's
 * saturation (ffmblas's), the same absolute rates for every service, so they are compared under the same load.
 * Each client's requests are evenly spaced at {@code clients / rate}, the clients' phases staggered. Reported:
 * p50, p99, p99.9 and max response time, the rate achieved, garbage collections during the run, and how late the
 * client threads woke for their requests (the harness's own part of the response time: a parked thread wakes
 * 50-60 µs late on Linux).
 */
public final class LoadRunner {

    /** How long to run. */
    public record Settings(List<Integer> clients, List<Double> levels, double secondsPerLevel, int minRequests,
                           int maxRequests, double warmupSeconds, double saturationSeconds, double stallSeconds) {
        public static final Settings DEFAULT = new Settings(List.of(1, 2, 4), List.of(0.3, 0.5, 0.7, 0.9), 6, 1500,
                30_000, 2, 3, 5);
        public static final Settings QUICK = new Settings(List.of(1, 2, 4), List.of(0.3, 0.5, 0.7, 0.9), 1.5, 300,
                5_000, 0.5, 0.7, 1);
    }

    /**
     * The rows of one shape and client count, and the machine's own stalls measured just before its first service
     * with as many threads as clients (at most one per processor).
     */
    public record Group(String shape, int clients, MachineStalls stalls, List<Row> rows) {
        public Group {
            rows = List.copyOf(rows);
        }
    }

    /** One kind of service, by the name the reports give it, and how to open it on a workload. */
    public record Factory(String name, Opener opener) {
        /** Opens the service on a workload. */
        public interface Opener {
            Service open(Workload workload) throws Exception;
        }

        Service open(Workload workload) throws Exception {
            return opener.open(workload);
        }
    }

    /**
     * One row: a service at a client count and load. {@code level} is the fraction of the first service's
     * saturation offered, or NaN for the saturation run itself (closed loop, where response times are service
     * times under full load).
     */
    public record Row(String shape, String impl, int clients, double level, double offeredPerSecond,
                      double achievedPerSecond, int requests, double p50Ms, double p99Ms, double p999Ms, double maxMs,
                      double lateP50Us, long gcCount, long gcMillis, String note) {
        public boolean saturation() {
            return Double.isNaN(level);
        }

        /** p99 over p50. */
        public double tailRatio() {
            return p99Ms / p50Ms;
        }
    }

    private final List<AttentionProblem> problems;
    private final List<Factory> factories;
    private final Settings settings;
    private final long seed;

    public LoadRunner(List<AttentionProblem> problems, List<Factory> factories, Settings settings, long seed) {
        this.problems = List.copyOf(problems);
        this.factories = List.copyOf(factories);
        this.settings = settings;
        this.seed = seed;
        if (this.factories.isEmpty()) {
            throw new IllegalArgumentException("no service to load");
        }
    }

    /** Runs everything; {@code progress} gets status lines, {@code finished} each (shape, clients) group. */
    public List<Group> run(Consumer<String> progress, Consumer<Group> finished) throws Exception {
        List<Group> all = new ArrayList<>();
        int processors = Runtime.getRuntime().availableProcessors();
        for (AttentionProblem problem : problems) {
            String shape = "B=" + problem.batch() + " L=" + problem.queryLength() + " d=" + problem.dModel() + " H="
                    + problem.heads();
            try (Workload workload = Workload.of(problem, seed)) {
                for (int clients : settings.clients()) {
                    progress.accept(shape + ", " + clients + " client" + (clients == 1 ? "" : "s")
                            + ": the machine's own stalls");
                    MachineStalls stalls = MachineStalls.measure(Math.min(clients, processors),
                            settings.stallSeconds());
                    List<Row> group = new ArrayList<>();
                    double base = Double.NaN;
                    float[] reference = null;
                    for (Factory factory : factories) {
                        String where = shape + ", " + clients + " client" + (clients == 1 ? "" : "s") + ", "
                                + factory.name();
                        try (Service service = factory.open(workload)) {
                            progress.accept(where + ": warming up");
                            float[] result = closedLoop(service, clients, settings.warmupSeconds(), null);
                            String note = "";
                            if (reference == null) {
                                reference = result;
                            } else {
                                double diff = BenchRunner.maxAbsDiff(reference, result);
                                note = diff <= 1e-3 ? "" : String.format(Locale.ROOT, "result differs by %.3g", diff);
                            }
                            progress.accept(where + ": saturation");
                            Row saturation = saturation(service, shape, clients, note);
                            group.add(saturation);
                            if (Double.isNaN(base)) {
                                base = saturation.achievedPerSecond();
                            }
                            for (double level : settings.levels()) {
                                double rate = level * base;
                                int requests = (int) Math.max(settings.minRequests(), Math.min(settings.maxRequests(),
                                        rate * settings.secondsPerLevel()));
                                progress.accept(String.format(Locale.ROOT, "%s: %.0f%% of saturation, %,d requests at"
                                        + " %,.0f/s", where, 100 * level, requests, rate));
                                group.add(openLoop(service, shape, clients, level, rate, requests, note));
                            }
                        }
                    }
                    Group done = new Group(shape, clients, stalls, group);
                    all.add(done);
                    finished.accept(done);
                }
            }
        }
        return all;
    }

    /** Every client back to back for {@code seconds}; returns the first client's last result. */
    private static float[] closedLoop(Service service, int clients, double seconds, long[] completed)
            throws Exception {
        long[] counts = new long[clients];
        float[][] results = new float[clients][];
        runClients(service, clients, (index, client, start) -> {
            long end = start + (long) (seconds * 1e9);
            long n = 0;
            while (System.nanoTime() < end) {
                client.call();
                n++;
            }
            counts[index] = n;
            results[index] = client.result();
        });
        if (completed != null) {
            completed[0] = Arrays.stream(counts).sum();
        }
        return results[0];
    }

    private Row saturation(Service service, String shape, int clients, String note) throws Exception {
        long[] completed = new long[1];
        long[] gc = gc();
        long t0 = System.nanoTime();
        closedLoop(service, clients, settings.saturationSeconds(), completed);
        double seconds = (System.nanoTime() - t0) / 1e9;
        long[] gcAfter = gc();
        double rate = completed[0] / seconds;
        // Closed loop: every client keeps one request in flight, so the mean response time is clients / rate.
        double mean = clients / rate * 1e3;
        return new Row(shape, service.name(), clients, Double.NaN, Double.NaN, rate, (int) completed[0], mean,
                Double.NaN, Double.NaN, Double.NaN, Double.NaN, gcAfter[0] - gc[0], gcAfter[1] - gc[1], note);
    }

    private static Row openLoop(Service service, String shape, int clients, double level, double rate, int requests,
                                String note) throws Exception {
        int perClient = (requests + clients - 1) / clients;
        long interval = (long) (clients / rate * 1e9);
        long[][] latencies = new long[clients][perClient];
        long[][] lateness = new long[clients][perClient];
        long[] gc = gc();
        long[] span = new long[2];
        runClients(service, clients, (index, client, start) -> {
            long[] mine = latencies[index];
            long[] late = lateness[index];
            long first = start + 1_000_000 + index * interval / clients; // 1 ms for every client to be ready
            if (index == 0) {
                span[0] = first;
            }
            for (int i = 0; i < perClient; i++) {
                long due = first + i * interval;
                long wait = due - System.nanoTime();
                if (wait > 0) {
                    LockSupport.parkNanos(wait);
                }
                long now;
                while ((now = System.nanoTime()) < due) {
                    Thread.onSpinWait(); // woke early: at most a few microseconds
                }
                client.call();
                long done = System.nanoTime();
                mine[i] = done - due;
                late[i] = now - due;
                if (index == 0 && i == perClient - 1) {
                    span[1] = done;
                }
            }
        });
        long[] gcAfter = gc();
        long[] all = Arrays.stream(latencies).flatMapToLong(Arrays::stream).sorted().toArray();
        long[] lates = Arrays.stream(lateness).flatMapToLong(Arrays::stream).sorted().toArray();
        double seconds = Math.max(1e-9, (span[1] - span[0]) / 1e9);
        return new Row(shape, service.name(), clients, level, rate, all.length / seconds, all.length,
                percentile(all, 0.50) / 1e6, percentile(all, 0.99) / 1e6, percentile(all, 0.999) / 1e6,
                all[all.length - 1] / 1e6, percentile(lates, 0.50) / 1e3, gcAfter[0] - gc[0], gcAfter[1] - gc[1], note);
    }

    /** What one client thread does between the common start and its end. */
    private interface Body {
        void run(int index, Service.Client client, long start) throws Exception;
    }

    /**
     * Runs {@code body} on {@code clients} new threads, each with a client made on that thread and warmed by one
     * untimed call, all released at once; rethrows the first failure.
     */
    private static void runClients(Service service, int clients, Body body) throws Exception {
        long[] start = new long[1];
        // The barrier's action runs before any thread is released, and is seen by all of them.
        CyclicBarrier ready = new CyclicBarrier(clients, () -> start[0] = System.nanoTime());
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Thread> threads = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            int index = c;
            Thread t = new Thread(() -> {
                try (Service.Client client = service.client()) {
                    client.call();
                    ready.await();
                    body.run(index, client, start[0]);
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                    ready.reset(); // release the others
                }
            }, "load-client-" + c);
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        Throwable e = failure.get();
        if (e instanceof Exception ex) {
            throw ex;
        }
        if (e instanceof Error err) {
            throw err;
        }
    }

    /** Collections and milliseconds of collection so far, over all collectors. */
    private static long[] gc() {
        long count = 0;
        long millis = 0;
        for (GarbageCollectorMXBean bean : ManagementFactory.getGarbageCollectorMXBeans()) {
            count += Math.max(0, bean.getCollectionCount());
            millis += Math.max(0, bean.getCollectionTime());
        }
        return new long[] {count, millis};
    }

    static double percentile(long[] sorted, double q) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int index = (int) Math.ceil(q * sorted.length) - 1; // nearest rank
        return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
    }

}
