package io.github.ffmblas.bench.impl;

import io.github.ffmblas.bench.Candidate;
import io.github.ffmblas.bench.SgemmProblem;
import io.github.ffmblas.bench.Workload;
import java.util.Arrays;
import java.util.Locale;

/**
 * The C harness from the command line, for the numbers JMH cannot take:
 * <pre>
 *   java --enable-native-access=ALL-UNNAMED -cp ffmblas.jar io.github.ffmblas.bench.impl.CHarnessMain info
 *   ... CHarnessMain downcall [CALLS [REPEATS]]          ns per openblas_get_num_threads() call from C
 *   ... CHarnessMain sgemm N [THREADS [WARMUPS [RUNS]]]  C's own timing of cblas_sgemm
 * </pre>
 */
public final class CHarnessMain {
    private CHarnessMain() {}

    public static void main(String[] args) throws Exception {
        if (CHarnessImplementation.compiler().isEmpty()) {
            System.err.println("no C compiler (cc/gcc) on PATH");
            System.exit(2);
        }
        String mode = args.length == 0 ? "downcall" : args[0];
        switch (mode) {
            case "info" -> System.out.print(CHarnessImplementation.info());
            case "downcall" -> {
                long calls = args.length > 1 ? Long.parseLong(args[1]) : 50_000_000L;
                int repeats = args.length > 2 ? Integer.parseInt(args[2]) : 5;
                double[] ns = CHarnessImplementation.downcallNanosPerCall(calls, repeats);
                System.out.printf(Locale.ROOT, "c openblas_get_num_threads: %s ns/call (min %.2f, %,d calls each)%n",
                        format(ns), Arrays.stream(ns).min().orElseThrow(), calls);
            }
            case "sgemm" -> {
                if (args.length < 2) {
                    throw new IllegalArgumentException("sgemm N [THREADS [WARMUPS [RUNS]]]");
                }
                int n = Integer.parseInt(args[1]); // square, as the JMH SgemmBenchmark compares
                int threads = args.length > 2 ? Integer.parseInt(args[2]) : 1;
                int warmups = args.length > 3 ? Integer.parseInt(args[3]) : 5;
                int runs = args.length > 4 ? Integer.parseInt(args[4]) : 10;
                try (Workload workload = Workload.of(new SgemmProblem(n), 42);
                     Candidate c = new CHarnessImplementation().prepare(workload, threads)) {
                    long[] nanos = c.timeItself(warmups, runs).orElseThrow();
                    long min = Arrays.stream(nanos).min().orElseThrow();
                    double median = median(nanos);
                    System.out.printf(Locale.ROOT, "c sgemm n=%d threads=%d: median %.1f us, min %.1f us (%d runs)%n",
                            n, threads, median / 1e3, min / 1e3, runs);
                }
            }
            default -> {
                System.err.println("usage: CHarnessMain info | downcall [CALLS [REPEATS]] | sgemm N [THREADS [WARMUPS [RUNS]]]");
                System.exit(2);
            }
        }
    }

    private static String format(double[] values) {
        StringBuilder s = new StringBuilder();
        for (double v : values) {
            s.append(s.isEmpty() ? "" : " ").append(String.format(Locale.ROOT, "%.2f", v));
        }
        return s.toString();
    }

    private static double median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2.0;
    }
}
