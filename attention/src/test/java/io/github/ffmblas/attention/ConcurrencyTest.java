package io.github.ffmblas.attention;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.ffmblas.bindings.Blas;
import java.lang.foreign.Arena;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Eight threads share one {@link MultiHeadAttention} and each runs 500 forwards on inputs of its own (shapes,
 * masks, cross- or self-attention, with or without weights, through both the allocating and the caller-memory
 * form); every output and every attention weight must equal, bit for bit, what a single thread computed
 * beforehand with the same OpenBLAS thread count. Once with OpenBLAS on one thread, once with OpenBLAS running
 * its own two threads inside the calls at the same time (some shapes big enough for its multi-threaded GEMM
 * path). That second run is bit-identical too: OpenBLAS splits a GEMM's rows and columns between its threads,
 * never the sum over k, so each element is accumulated in the same order whoever computes it.
 * Futures are joined with timeouts, so a deadlock fails with a thread dump instead of hanging the build.
 */
class ConcurrencyTest {
    private static final int THREADS = 8;
    private static final int FORWARDS = 500;
    /** Generous for two busy cores; a deadlock fails rather than hangs. */
    private static final long TIMEOUT_MINUTES = 5;

    private int originalThreads;

    @BeforeEach
    void rememberThreadCount() {
        originalThreads = Blas.numThreads();
    }

    @AfterEach
    void restoreThreadCount() {
        Blas.setNumThreads(originalThreads);
    }

    /** One forward's arguments, and what a single thread computed for them. */
    record Case(Tensor query, Tensor key, Tensor value, AttentionOptions options, int batch, int lq, int lk,
                float[] output, float[] weights) {}

    @Test
    void eightThreadsGetTheSerialBitsWithOneOpenBlasThread() throws Exception {
        Blas.setNumThreads(1);
        try (Arena arena = Arena.ofShared()) {
            Random random = new Random(0xC0C0_0001L);
            MultiHeadAttention mha = new MultiHeadAttention(16, 4, RandomTensors.weights(arena, random, 16));
            // Every forward of every thread on inputs of its own: 4,000 distinct cases.
            Case[][] cases = cases(arena, random, mha, FORWARDS, (r, t, i) -> new int[] {1 + r.nextInt(2),
                    3 + r.nextInt(10), 3 + r.nextInt(10)});
            Report report = runConcurrently(mha, cases, FORWARDS);
            System.out.println("concurrency, 1 OpenBLAS thread: " + report);
            assertEquals(0, report.mismatches(), report.toString());
            assertEquals(THREADS * FORWARDS, report.forwards());
        }
    }

    @Test
    void eightThreadsGetTheSerialBitsWhileOpenBlasRunsItsOwnThreads() throws Exception {
        Blas.setNumThreads(2);
        assertEquals(2, Blas.numThreads());
        try (Arena arena = Arena.ofShared()) {
            Random random = new Random(0xC0C0_0002L);
            int d = 64;
            MultiHeadAttention mha = new MultiHeadAttention(d, 8, RandomTensors.weights(arena, random, d));
            // Two cases in fifty are batch 2 x 128 tokens: its input projection (256 x 192 x 64 = 3.1M multiply-adds)
            // is above OpenBLAS's cut-offs for its single-threaded and small-matrix paths (262,144 and 1,000,000),
            // so those calls split their GEMMs over OpenBLAS's 2 threads while the other Java threads call too.
            // 50 cases per thread, each run 10 times in a shuffled order.
            int distinct = 50;
            Case[][] cases = cases(arena, random, mha, distinct, (r, t, i) -> i % 25 == 3
                    ? new int[] {2, 128, 128}
                    : new int[] {1 + r.nextInt(2), 3 + r.nextInt(10), 3 + r.nextInt(10)});
            long workerTicks = nativeWorkerTicks();
            Report report = runConcurrently(mha, cases, FORWARDS);
            workerTicks = nativeWorkerTicks() - workerTicks;
            System.out.println("concurrency, 2 OpenBLAS threads: " + report + "; CPU time of native (non-Java) "
                    + "threads meanwhile: " + workerTicks * 10 + " ms (OpenBLAS's workers; -1 if unreadable)");
            assertEquals(0, report.mismatches(), "OpenBLAS's own threads changed bits: " + report);
            assertEquals(THREADS * FORWARDS, report.forwards());
            assertEquals(2, Blas.numThreads(), "the thread count is process-wide and nobody else changed it");
        }
    }

    interface Shapes {
        /** {batch, seq_q, seq_k} for case {@code index} of thread {@code thread}. */
        int[] of(Random random, int thread, int index);
    }

    /** Per thread, {@code perThread} random cases with the single-threaded result of each. */
    private static Case[][] cases(Arena arena, Random random, MultiHeadAttention mha, int perThread, Shapes shapes) {
        int d = mha.dModel();
        Case[][] cases = new Case[THREADS][perThread];
        for (int t = 0; t < THREADS; t++) {
            for (int i = 0; i < perThread; i++) {
                int[] s = shapes.of(random, t, i);
                int batch = s[0];
                int lq = s[1];
                boolean self = random.nextInt(3) != 0;
                int lk = self ? lq : s[2];
                Tensor q = RandomTensors.gaussian(arena, random, 1f, batch, lq, d);
                Tensor k = self ? q : RandomTensors.gaussian(arena, random, 1f, batch, lk, d);
                Tensor v = self ? q : random.nextBoolean() ? k : RandomTensors.gaussian(arena, random, 1f, batch, lk, d);
                AttentionOptions options = AttentionOptions.DEFAULTS.withCausal(random.nextInt(4) == 0)
                        .withNeedWeights(random.nextInt(3) != 0 && lq * lk <= 256); // big ones: output only
                switch (random.nextInt(5)) {
                    case 0 -> options = options.withAttnMask(RandomTensors.gaussian(arena, random, 1f, lq, lk));
                    case 1 -> options = options.withAttnMask(RandomTensors.bools(arena, random, 0.3, lq, lk));
                    default -> { }
                }
                if (random.nextInt(4) == 0) {
                    options = options.withKeyPaddingMask(RandomTensors.bools(arena, random, 0.25, batch, lk));
                }
                AttentionResult r = mha.forward(q, k, v, options);
                cases[t][i] = new Case(q, k, v, options, batch, lq, lk, r.output().toFloatArray(),
                        r.attentionWeights().map(Tensor::toFloatArray).orElse(null));
            }
        }
        return cases;
    }

    record Report(int forwards, int mismatches, long maxUlps, String firstMismatch, long millis) {
        @Override
        public String toString() {
            return String.format("%d threads x %d forwards = %d forwards in %d ms, %d differing from the serial run%s",
                    THREADS, FORWARDS, forwards, millis, mismatches,
                    mismatches == 0 ? "" : " (max " + maxUlps + " ulps; first: " + firstMismatch + ")");
        }
    }

    /**
     * Runs {@code forwards} forwards on each thread, cycling through its cases in a shuffled order, and compares
     * each result with the serial one. Even threads use the allocating form (the thread's default workspace),
     * odd threads a workspace and output tensors of their own.
     */
    private static Report runConcurrently(MultiHeadAttention mha, Case[][] cases, int forwards) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(THREADS, r -> {
            Thread thread = new Thread(r);
            thread.setName("attention-concurrency-" + thread.threadId());
            return thread;
        });
        CountDownLatch start = new CountDownLatch(1);
        AtomicInteger done = new AtomicInteger();
        AtomicInteger mismatches = new AtomicInteger();
        long[] maxUlps = new long[THREADS];
        String[] first = new String[THREADS];
        List<Future<?>> futures = new ArrayList<>();
        long began = System.nanoTime();
        try {
            for (int t = 0; t < THREADS; t++) {
                int id = t;
                futures.add(pool.submit(() -> {
                    Random order = new Random(id);
                    int n = cases[id].length;
                    int[] sequence = new int[forwards];
                    for (int i = 0; i < forwards; i++) {
                        sequence[i] = i % n;
                    }
                    for (int i = forwards - 1; i > 0; i--) { // Fisher-Yates
                        int j = order.nextInt(i + 1);
                        int swap = sequence[i];
                        sequence[i] = sequence[j];
                        sequence[j] = swap;
                    }
                    start.await();
                    try (Workspace workspace = id % 2 == 1 ? Workspace.create() : null;
                         Arena local = id % 2 == 1 ? Arena.ofConfined() : null) {
                        Tensor[][] outputs = new Tensor[n][]; // caller memory, one per case, reused
                        for (int i = 0; i < forwards; i++) {
                            Case c = cases[id][sequence[i]];
                            float[] out;
                            float[] weights;
                            if (workspace == null) {
                                AttentionResult r = mha.forward(c.query(), c.key(), c.value(), c.options());
                                out = r.output().toFloatArray();
                                weights = r.attentionWeights().map(Tensor::toFloatArray).orElse(null);
                            } else {
                                if (outputs[sequence[i]] == null) {
                                    outputs[sequence[i]] = new Tensor[] {
                                            Tensor.allocate(local, c.batch(), c.lq(), mha.dModel()),
                                            c.options().needWeights() ? Tensor.allocate(local, c.batch(),
                                                    mha.numHeads(), c.lq(), c.lk()) : null};
                                }
                                Tensor o = outputs[sequence[i]][0];
                                Tensor w = outputs[sequence[i]][1];
                                mha.forward(c.query(), c.key(), c.value(), c.options(), workspace, o, w);
                                out = o.toFloatArray();
                                weights = w == null ? null : w.toFloatArray();
                            }
                            boolean same = Arrays.equals(c.output(), out) && Arrays.equals(c.weights(), weights);
                            if (!same) {
                                mismatches.incrementAndGet();
                                long ulps = Math.max(maxUlps(c.output(), out), maxUlps(c.weights(), weights));
                                maxUlps[id] = Math.max(maxUlps[id], ulps);
                                if (first[id] == null) {
                                    first[id] = "thread " + id + ", case " + sequence[i] + " (batch " + c.batch()
                                            + ", seq_q " + c.lq() + ", seq_k " + c.lk() + "), " + ulps + " ulps";
                                }
                            }
                            done.incrementAndGet();
                        }
                    }
                    return null;
                }));
            }
            start.countDown();
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(TIMEOUT_MINUTES);
            for (Future<?> f : futures) {
                try {
                    f.get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                } catch (TimeoutException e) {
                    fail("no progress after " + TIMEOUT_MINUTES + " min (" + done.get() + " of " + THREADS * forwards
                            + " forwards done): deadlock or livelock?\n" + threadDump());
                }
            }
        } finally {
            pool.shutdownNow();
            assertTrue(pool.awaitTermination(1, TimeUnit.MINUTES), "worker threads did not stop");
        }
        long max = Arrays.stream(maxUlps).max().orElse(0);
        String firstMismatch = Arrays.stream(first).filter(s -> s != null).findFirst().orElse("");
        return new Report(done.get(), mismatches.get(), max, firstMismatch, (System.nanoTime() - began) / 1_000_000);
    }

    private static long maxUlps(float[] expected, float[] actual) {
        if (expected == null || actual == null) {
            return expected == actual ? 0 : Long.MAX_VALUE;
        }
        if (expected.length != actual.length) {
            return Long.MAX_VALUE;
        }
        long max = 0;
        for (int i = 0; i < expected.length; i++) {
            max = Math.max(max, Math.abs((long) Float.floatToIntBits(expected[i]) - Float.floatToIntBits(actual[i])));
        }
        return max;
    }

    /**
     * CPU ticks (1/100 s) used so far by the process's threads that the JVM did not name: OpenBLAS's worker
     * threads (and the idle primordial thread). Linux only; -1 when /proc cannot be read. For the report only.
     */
    private static long nativeWorkerTicks() {
        java.nio.file.Path tasks = java.nio.file.Path.of("/proc/self/task");
        long total = 0;
        try (java.util.stream.Stream<java.nio.file.Path> list = java.nio.file.Files.list(tasks)) {
            for (java.nio.file.Path task : list.toList()) {
                try {
                    if (!java.nio.file.Files.readString(task.resolve("comm")).strip().equals("java")) {
                        continue;
                    }
                    String stat = java.nio.file.Files.readString(task.resolve("stat"));
                    String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                    total += Long.parseLong(fields[11]) + Long.parseLong(fields[12]); // utime, stime
                } catch (java.io.IOException | RuntimeException gone) {
                    // the thread ended meanwhile
                }
            }
        } catch (java.io.IOException | RuntimeException e) {
            return -1;
        }
        return total;
    }

    private static String threadDump() {
        StringBuilder sb = new StringBuilder();
        for (ThreadInfo info : ManagementFactory.getThreadMXBean().dumpAllThreads(true, true)) {
            if (info.getThreadName().startsWith("attention-concurrency-")) {
                sb.append(info);
            }
        }
        return sb.toString();
    }
}
