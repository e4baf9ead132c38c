package io.github.ffmblas.bench.impl;

import io.github.ffmblas.bindings.Blas;
import io.github.ffmblas.bindings.Layout;
import io.github.ffmblas.bindings.Transpose;
import io.github.ffmblas.bindings.cblas.cblas_h;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.Locale;
import java.util.Random;
import org.bytedeco.javacpp.FloatPointer;
import org.bytedeco.openblas.global.openblas_nolapack;

/**
 * The per-call cost of small square sgemm calls through ffmblas's checked facade, the raw generated binding and
 * JNI (JavaCPP), measured interleaved: each round times a batch of about {@code batchMillis} of calls on each
 * path, in a rotating order, and the ratios facade ÷ JNI and facade ÷ raw FFM are taken within each round. On a shared machine the
 * speed drifts by more than the few nanoseconds in question between JMH's forks, which run one path after the
 * other; drift cancels within a round.
 * <pre>
 *   java --enable-native-access=ALL-UNNAMED -cp ffmblas.jar io.github.ffmblas.bench.impl.InterleavedCalls [--mixed] THREADS N...
 * </pre>
 * Without {@code --mixed}, C2 compiles the facade for the first size alone: branches that shape never takes
 * become traps, and loop-invariant checks may be hoisted out of the timed loop, so the first size reads
 * optimistically and later ones pay for a recompilation. {@code --mixed} first sends a few seconds of random
 * valid shapes through the facade ({@link #mixShapes}), as a program with many shapes would, so the facade is
 * measured as compiled after seeing every branch. (The timed loop still passes the same arguments every time.)
 * Sizes whose products OpenBLAS splits over threads (n above 64) are not a fair fight here: JavaCPP loads its own
 * copy of OpenBLAS, and each copy's idle pool spins while the other works.
 */
public final class InterleavedCalls {
    private static final String[] PATHS = {"facade", "raw FFM", "JNI"};

    /**
     * Median nanoseconds per call of each path, the median per-round facade ÷ raw FFM ratio, and the spread of the
     * per-round facade ÷ JNI ratio.
     */
    public record Row(int n, int threads, double facadeNs, double rawNs, double jniNs, double facadeOverRaw,
                      double facadeOverJni, double facadeOverJniQ1, double facadeOverJniQ3, int roundsFacadeSlower,
                      int rounds) {
        String format() {
            return String.format(Locale.ROOT, "n=%d threads=%d: facade %.1f ns, raw FFM %.1f ns, JNI %.1f ns;"
                            + " facade/raw %.3f; facade/JNI %.3f (quartiles %.3f-%.3f), facade slower in %d of %d"
                            + " rounds", n, threads, facadeNs, rawNs, jniNs, facadeOverRaw, facadeOverJni,
                    facadeOverJniQ1, facadeOverJniQ3, roundsFacadeSlower, rounds);
        }
    }

    private final int n;
    private final MemorySegment a;
    private final MemorySegment b;
    private final MemorySegment c;
    private final FloatPointer pa;
    private final FloatPointer pb;
    private final FloatPointer pc;

    private InterleavedCalls(Arena arena, int n) {
        this.n = n;
        Random random = new Random(n);
        a = random(arena, random, n);
        b = random(arena, random, n);
        c = arena.allocate((long) n * n * Float.BYTES, 64);
        pa = new SegmentFloatPointer(a);
        pb = new SegmentFloatPointer(b);
        pc = new SegmentFloatPointer(c);
    }

    private static MemorySegment random(Arena arena, Random random, int n) {
        MemorySegment s = arena.allocate((long) n * n * Float.BYTES, 64);
        for (long i = 0; i < (long) n * n; i++) {
            s.setAtIndex(ValueLayout.JAVA_FLOAT, i, (float) random.nextGaussian());
        }
        return s;
    }

    public static Row measure(int n, int threads, int rounds, double batchMillis, double warmupSeconds) {
        if (n < 1 || threads < 1 || rounds < 1 || !(batchMillis > 0) || !(warmupSeconds >= 0)) {
            throw new IllegalArgumentException("need n, threads, rounds >= 1 and a positive batch time");
        }
        JavaCppOpenBlas.load();
        Blas.setNumThreads(threads);
        JavaCppOpenBlas.setNumThreads(threads);
        try (Arena arena = Arena.ofConfined()) {
            InterleavedCalls calls = new InterleavedCalls(arena, n);
            calls.checkPathsAgree();
            long warmupEnd = System.nanoTime() + (long) (warmupSeconds * 1e9);
            do { // until C2 has compiled every path
                for (int path = 0; path < PATHS.length; path++) {
                    calls.run(path, 1000);
                }
            } while (System.nanoTime() < warmupEnd);
            long t0 = System.nanoTime();
            calls.run(0, 100);
            long elapsed = Math.max(1, System.nanoTime() - t0);
            int batch = (int) Math.max(1, Math.min(Integer.MAX_VALUE, batchMillis * 1e6 * 100 / elapsed));
            double[][] ns = new double[PATHS.length][rounds];
            for (int round = 0; round < rounds; round++) {
                for (int i = 0; i < PATHS.length; i++) {
                    // Each path takes each place in turn; every other three rounds the cycle runs backwards, so no
                    // path always follows the same one.
                    int step = (round / PATHS.length) % 2 == 0 ? 1 : PATHS.length - 1;
                    int path = (round + step * i) % PATHS.length;
                    long start = System.nanoTime();
                    calls.run(path, batch);
                    ns[path][round] = (System.nanoTime() - start) / (double) batch;
                }
            }
            double[] overRaw = new double[rounds];
            double[] overJni = new double[rounds];
            int slower = 0;
            for (int round = 0; round < rounds; round++) {
                overRaw[round] = ns[0][round] / ns[1][round];
                overJni[round] = ns[0][round] / ns[2][round];
                slower += overJni[round] > 1 ? 1 : 0;
            }
            return new Row(n, threads, quantile(ns[0], 0.5), quantile(ns[1], 0.5), quantile(ns[2], 0.5),
                    quantile(overRaw, 0.5), quantile(overJni, 0.5), quantile(overJni, 0.25), quantile(overJni, 0.75),
                    slower, rounds);
        }
    }

    /** One loop per path, each in its own method, so C2 compiles each path's loop on its own. */
    private void run(int path, int calls) {
        switch (path) {
            case 0 -> facade(calls);
            case 1 -> raw(calls);
            default -> jni(calls);
        }
    }

    private void facade(int calls) {
        for (int i = 0; i < calls; i++) {
            Blas.sgemm(Layout.ROW_MAJOR, Transpose.NO_TRANSPOSE, Transpose.NO_TRANSPOSE, n, n, n, 1f, a, 0, n, b, 0, n,
                    0f, c, 0, n);
        }
    }

    private void raw(int calls) {
        for (int i = 0; i < calls; i++) {
            cblas_h.cblas_sgemm(cblas_h.CblasRowMajor(), cblas_h.CblasNoTrans(), cblas_h.CblasNoTrans(), n, n, n, 1f,
                    a, n, b, n, 0f, c, n);
        }
    }

    private void jni(int calls) {
        for (int i = 0; i < calls; i++) {
            openblas_nolapack.cblas_sgemm(openblas_nolapack.CblasRowMajor, openblas_nolapack.CblasNoTrans,
                    openblas_nolapack.CblasNoTrans, n, n, n, 1f, pa, n, pb, n, 0f, pc, n);
        }
    }

    /** Every path must compute A·B (against a plain loop), or its timing means nothing. */
    private void checkPathsAgree() {
        for (int path = 0; path < PATHS.length; path++) {
            c.fill((byte) 0x7f); // NaN-free garbage that beta = 0 must overwrite
            run(path, 1);
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    double expected = 0;
                    double magnitude = 0;
                    for (int p = 0; p < n; p++) {
                        double term = (double) a.getAtIndex(ValueLayout.JAVA_FLOAT, (long) i * n + p)
                                * b.getAtIndex(ValueLayout.JAVA_FLOAT, (long) p * n + j);
                        expected += term;
                        magnitude += Math.abs(term);
                    }
                    float actual = c.getAtIndex(ValueLayout.JAVA_FLOAT, (long) i * n + j);
                    if (!(Math.abs(actual - expected) <= 1e-5 * n * Math.max(1, magnitude))) {
                        throw new IllegalStateException(PATHS[path] + " computed C[" + i + "][" + j + "] = " + actual
                                + ", expected " + expected + " (n=" + n + ")");
                    }
                }
            }
        }
    }

    private static double quantile(double[] values, double q) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[(int) Math.round(q * (sorted.length - 1))];
    }

    /**
     * Random valid sgemm calls through the facade for {@code seconds}: both layouts and transposes, sizes 0-65 with
     * the product kept short mostly, C before and after A and B in memory, beta 0 and 1. Returns the calls made.
     */
    public static long mixShapes(double seconds, long seed) {
        int[] sizes = {0, 1, 2, 3, 4, 7, 8, 16, 17, 32, 33, 65};
        int ld = 65;
        Random random = new Random(seed);
        long calls = 0;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment[] operands = new MemorySegment[4];
            for (int i = 0; i < operands.length; i++) {
                operands[i] = arena.allocate((long) ld * ld * Float.BYTES, 64);
            }
            long end = System.nanoTime() + (long) (seconds * 1e9);
            while (System.nanoTime() < end) {
                int m = sizes[random.nextInt(sizes.length)];
                int n = sizes[random.nextInt(sizes.length)];
                int k = sizes[random.nextInt(sizes.length)];
                if ((long) m * n * k > 32 * 32 * 32 && random.nextInt(8) != 0) {
                    m = Math.min(m, 4); // mostly short products, now and then a long one
                }
                int a = random.nextInt(operands.length);
                int b = random.nextInt(operands.length);
                int c = random.nextInt(operands.length);
                while (c == a || c == b) { // two of four at most are taken
                    c = (c + 1) % operands.length;
                }
                Blas.sgemm(random.nextInt(4) == 0 ? Layout.COLUMN_MAJOR : Layout.ROW_MAJOR,
                        random.nextBoolean() ? Transpose.TRANSPOSE : Transpose.NO_TRANSPOSE,
                        random.nextBoolean() ? Transpose.TRANSPOSE : Transpose.NO_TRANSPOSE, m, n, k, 1f,
                        operands[a], 0, ld, operands[b], 0, ld, random.nextBoolean() ? 0f : 1f, operands[c], 0, ld);
                calls++;
            }
        }
        return calls;
    }

    public static void main(String[] args) {
        boolean mixed = args.length > 0 && args[0].equals("--mixed");
        int first = mixed ? 1 : 0;
        int[] numbers = new int[Math.max(0, args.length - first)];
        try {
            for (int i = 0; i < numbers.length; i++) {
                numbers[i] = Integer.parseInt(args[first + i]);
            }
        } catch (NumberFormatException e) {
            numbers = new int[0];
        }
        if (numbers.length < 2) {
            System.err.println("usage: InterleavedCalls [--mixed] THREADS N... (square sgemm sizes, e.g. 1 1 4 16 64)");
            System.exit(2);
        }
        int threads = numbers[0];
        System.out.println(Blas.runtime().config() + ", core " + Blas.runtime().coreName()
                + "; 42 rounds of ~20 ms batches per size");
        if (mixed) {
            Blas.setNumThreads(threads); // the few long products among the mix run as the measured ones will
            System.out.println("facade first compiled for mixed shapes: " + mixShapes(3, 1) + " random calls");
        }
        for (int i = 1; i < numbers.length; i++) {
            System.out.println(measure(numbers[i], threads, 42, 20, 3).format());
        }
    }
}
