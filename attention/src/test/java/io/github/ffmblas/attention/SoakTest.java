package io.github.ffmblas.attention;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ffmblas.bindings.Blas;
import io.github.ffmblas.bindings.Layout;
import io.github.ffmblas.bindings.Transpose;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.management.ObjectName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Leaks show up only after many calls: runs forward passes and small sgemm calls in a loop and requires memory to
 * stay flat after warm-up. Measured: the process's resident memory ({@code VmRSS} in {@code /proc/self/status})
 * less what the garbage collector committed to the Java heap meanwhile; the native memory FFM arenas hold (Native
 * Memory Tracking's "Other" category: this module's tests run with {@code -XX:NativeMemoryTracking=summary}); and
 * the workspaces' allocation counters, which must not move at all once warm.
 *
 * <p>Three phases: forwards into caller memory with an explicit workspace, the allocating form (a fifth as many,
 * since its automatic arenas make resident memory climb to a plateau first), and small sgemm calls. The long run
 * is tagged {@code soak} ({@code ./mvnw -B verify -Psoak}): 100,000 + 20,000 forwards and 1,000,000 sgemm calls,
 * or more with {@code -Dffmblas.soak.forwards=N -Dffmblas.soak.sgemms=N}. The default suite, and so CI, runs the
 * same checks on 5,000 + 1,000 forwards and 50,000 calls.
 */
class SoakTest {
    /**
     * After warm-up, resident memory outside the Java heap may grow this much where calls allocate (automatic
     * arenas). The heap itself is left out: G1 commits it as it sees fit, and a Java leak would end in an
     * OutOfMemoryError. (This module's test JVM pre-touches the heap, so committed heap is resident heap.)
     */
    private static final long RSS_GROWTH_LIMIT = 64L << 20;
    /**
     * The same, where nothing is allocated per call: usually +0.0 to +0.3 MiB, once +14.7 MiB in a full build (the
     * C allocator keeping what C2's compiler arenas freed while the loop was being compiled; NMT saw no growth).
     */
    private static final long STRICT_GROWTH_LIMIT = 32L << 20;
    /** After warm-up and a GC, the native memory held through FFM may grow this much. */
    private static final long NATIVE_GROWTH_LIMIT = 4L << 20;

    @Test
    void shortSoakStaysFlat() throws Exception {
        soak(5_000, 50_000);
    }

    @Test
    @Tag("soak")
    void longSoakStaysFlat() throws Exception {
        soak(Math.max(100_000, Integer.getInteger("ffmblas.soak.forwards", 100_000)),
                Math.max(1_000_000, Integer.getInteger("ffmblas.soak.sgemms", 1_000_000)));
    }

    private static void soak(int forwards, int sgemms) throws Exception {
        long began = System.nanoTime();
        int d = 16;
        int heads = 4;
        Random random = new Random(0x50A6);
        try (Arena arena = Arena.ofConfined(); Workspace workspace = Workspace.create()) {
            MultiHeadAttention mha = new MultiHeadAttention(d, heads, RandomTensors.weights(arena, random, d));
            // 16 argument sets of different shapes and options, every one seen during warm-up.
            List<Object[]> cases = new ArrayList<>();
            for (int i = 0; i < 16; i++) {
                int batch = 1 + i % 2;
                int lq = 3 + i % 10;
                int lk = i % 3 == 0 ? lq : 2 + (i * 7) % 11;
                Tensor q = RandomTensors.gaussian(arena, random, 1f, batch, lq, d);
                Tensor kv = lk == lq && i % 3 == 0 ? q : RandomTensors.gaussian(arena, random, 1f, batch, lk, d);
                AttentionOptions options = AttentionOptions.DEFAULTS.withCausal(i % 4 == 1)
                        .withNeedWeights(i % 5 != 0);
                if (i % 4 == 2) {
                    options = options.withAttnMask(RandomTensors.bools(arena, random, 0.3, lq, lk));
                } else if (i % 4 == 3) {
                    options = options.withAttnMask(RandomTensors.gaussian(arena, random, 1f, lq, lk));
                }
                if (i % 6 == 5) {
                    options = options.withKeyPaddingMask(RandomTensors.bools(arena, random, 0.2, batch, lk));
                }
                Tensor out = Tensor.allocate(arena, batch, lq, d);
                Tensor weights = options.needWeights() ? Tensor.allocate(arena, batch, heads, lq, lk) : null;
                cases.add(new Object[] {q, kv, options, out, weights});
            }

            // Forward passes into caller memory with an explicit workspace: the allocation-free form.
            Sampler forwardMemory = new Sampler(STRICT_GROWTH_LIMIT);
            int warmUp = Math.max(1_000, forwards / 5);
            int checksum = 0;
            int explicitAllocations = -1;
            for (int i = 0; i < forwards; i++) {
                Object[] c = cases.get(i % cases.size());
                Tensor kv = (Tensor) c[1];
                Tensor out = (Tensor) c[3];
                mha.forward((Tensor) c[0], kv, kv, (AttentionOptions) c[2], workspace, out, (Tensor) c[4]);
                checksum += Float.floatToRawIntBits(out.getFloat(0));
                if (i + 1 == warmUp) {
                    explicitAllocations = workspace.allocations();
                    forwardMemory.warm();
                } else if (i + 1 > warmUp && (i + 1 - warmUp) % Math.max(1, (forwards - warmUp) / 10) == 0) {
                    forwardMemory.sample();
                }
            }
            forwardMemory.end();
            assertEquals(explicitAllocations, workspace.allocations(), "the explicit workspace allocated after warm-up");

            // The allocating form: results in automatic arenas that the GC frees. Their native memory comes back
            // only when the GC runs, and the C allocator keeps what it handed out at the peak, so resident memory
            // climbs to a plateau (about 17-40 MiB over the first third here) before it is flat: the warm-up is
            // the first half, and the limit is looser.
            int allocating = forwards / 5;
            Sampler allocatingMemory = new Sampler(RSS_GROWTH_LIMIT);
            int defaultAllocations = -1;
            for (int i = 0; i < allocating; i++) {
                Object[] c = cases.get(i % cases.size());
                Tensor kv = (Tensor) c[1];
                AttentionResult r = mha.forward((Tensor) c[0], kv, kv, (AttentionOptions) c[2]);
                checksum += Float.floatToRawIntBits(r.output().getFloat(0));
                if (i + 1 == allocating / 2) {
                    defaultAllocations = Workspace.forCurrentThread().allocations();
                    allocatingMemory.warm();
                } else if (i + 1 > allocating / 2 && (i + 1 - allocating / 2) % Math.max(1, allocating / 20) == 0) {
                    allocatingMemory.sample();
                }
            }
            allocatingMemory.end();
            assertEquals(defaultAllocations, Workspace.forCurrentThread().allocations(),
                    "the thread's default workspace allocated after warm-up");

            // Small sgemm calls, one in a hundred refused (a closed arena), so the refusal path is soaked too.
            Sampler gemmMemory = new Sampler(STRICT_GROWTH_LIMIT);
            MemorySegment a = arena.allocate(64 * Float.BYTES, 64);
            MemorySegment b = arena.allocate(64 * Float.BYTES, 64);
            MemorySegment c = arena.allocate(64 * Float.BYTES, 64);
            Arena closed = Arena.ofConfined();
            MemorySegment gone = closed.allocate(64 * Float.BYTES, 64);
            closed.close();
            for (int j = 0; j < 64; j++) {
                a.setAtIndex(java.lang.foreign.ValueLayout.JAVA_FLOAT, j, random.nextFloat());
                b.setAtIndex(java.lang.foreign.ValueLayout.JAVA_FLOAT, j, random.nextFloat());
            }
            int gemmWarmUp = Math.max(10_000, sgemms / 5);
            int refused = 0;
            for (int i = 0; i < sgemms; i++) {
                int n = 2 + i % 7;
                if (i % 100 == 99) {
                    try {
                        Blas.sgemm(Layout.ROW_MAJOR, Transpose.NO_TRANSPOSE, Transpose.NO_TRANSPOSE, n, n, n, 1f, gone,
                                0, n, b, 0, n, 0f, c, 0, n);
                    } catch (IllegalStateException expected) {
                        refused++;
                    }
                } else {
                    Blas.sgemm(Layout.ROW_MAJOR, i % 2 == 0 ? Transpose.NO_TRANSPOSE : Transpose.TRANSPOSE,
                            Transpose.NO_TRANSPOSE, n, n, n, 1f, a, 0, n, b, 0, n, 0f, c, 0, n);
                }
                if (i + 1 == gemmWarmUp) {
                    gemmMemory.warm();
                } else if (i + 1 > gemmWarmUp && (i + 1 - gemmWarmUp) % Math.max(1, (sgemms - gemmWarmUp) / 10) == 0) {
                    gemmMemory.sample();
                }
            }
            gemmMemory.end();
            assertEquals(sgemms / 100, refused, "every refused call was refused");
            assertThrows(IllegalStateException.class, () -> Blas.sgemm(Layout.ROW_MAJOR, Transpose.NO_TRANSPOSE,
                    Transpose.NO_TRANSPOSE, 2, 2, 2, 1f, gone, 0, 2, b, 0, 2, 0f, c, 0, 2));

            double seconds = (System.nanoTime() - began) / 1e9;
            System.out.printf("soak: %,d forwards into caller memory (workspace allocations %d, unchanged after"
                    + " warm-up; checksum %08x): %s%nsoak: %,d allocating forwards: %s%nsoak: %,d sgemm calls (%,d"
                    + " refused): %s%nsoak: %.1f s in all%n", forwards, workspace.allocations(), checksum,
                    forwardMemory, allocating, allocatingMemory, sgemms, refused, gemmMemory, seconds);
            forwardMemory.assertFlat("forwards into caller memory");
            allocatingMemory.assertFlat("allocating forwards");
            gemmMemory.assertFlat("sgemm calls");
        }
    }

    /** Memory readings after warm-up, during the run and at the end (the end after a GC). */
    static final class Sampler {
        final long limit;
        long rssWarm = -1;
        long anonWarm;
        long anonEnd;
        long nativeWarm = -1;
        long heapWarm;
        long jvmWarm;
        long jvmEnd;
        long rssEnd;
        long nativeEnd;
        long heapEnd;
        long rssMax;
        int samples;
        final List<Long> series = new ArrayList<>();

        Sampler(long limit) {
            this.limit = limit;
        }

        void warm() throws Exception {
            settle();
            rssWarm = rss();
            anonWarm = status(RSS_ANON);
            heapWarm = heapCommitted();
            jvmWarm = nmt(NMT_TOTAL);
            nativeWarm = ffmNative();
            rssMax = rssWarm;
        }

        /** Resident memory growth less the growth of the committed Java heap. */
        long outsideHeap() {
            return (rssEnd - rssWarm) - (heapEnd - heapWarm);
        }

        void sample() throws IOException {
            long now = rss();
            series.add((now - rssWarm) >> 20);
            rssMax = Math.max(rssMax, now);
            samples++;
        }

        void end() throws Exception {
            settle();
            rssEnd = rss();
            anonEnd = status(RSS_ANON);
            heapEnd = heapCommitted();
            jvmEnd = nmt(NMT_TOTAL);
            nativeEnd = ffmNative();
            rssMax = Math.max(rssMax, rssEnd);
        }

        void assertFlat(String what) {
            assertTrue(outsideHeap() < limit, what + ": resident memory outside the Java heap grew "
                    + delta(outsideHeap()) + " after warm-up: " + this);
            if (nativeWarm >= 0) {
                assertTrue(nativeEnd - nativeWarm < NATIVE_GROWTH_LIMIT, what + ": FFM native memory grew "
                        + delta(nativeEnd - nativeWarm) + " after warm-up: " + this);
            }
        }

        @Override
        public String toString() {
            return String.format("VmRSS %s after warm-up, %s at the end (growth %s, of which the committed Java heap"
                    + " %s: %s outside it; anonymous %s, file-backed %s; highest of %d samples %s); FFM native memory"
                    + " %s", mib(rssWarm), mib(rssEnd), delta(rssEnd - rssWarm), delta(heapEnd - heapWarm),
                    delta(outsideHeap()), delta(anonEnd - anonWarm), delta((rssEnd - anonEnd) - (rssWarm - anonWarm)),
                    samples + 1, mib(rssMax),
                    nativeWarm < 0 ? "not tracked (run with -XX:NativeMemoryTracking=summary)"
                            : mib(nativeWarm) + " -> " + mib(nativeEnd) + " (growth " + delta(nativeEnd - nativeWarm)
                            + "; all the JVM's tracked memory " + delta(jvmEnd - jvmWarm) + ")") + "; RSS growth at each"
                    + " tenth, MiB: " + series;
        }
    }

    private static String mib(long bytes) {
        return String.format("%.1f MiB", bytes / 1048576.0);
    }

    private static String delta(long bytes) {
        return String.format("%+.1f MiB", bytes / 1048576.0);
    }

    /**
     * Collects garbage until the native memory held by automatic arenas (freed by a Cleaner after GC) stops
     * shrinking; bounded, and no assertion depends on how long it takes.
     */
    private static void settle() throws Exception {
        long last = Long.MAX_VALUE;
        for (int i = 0; i < 20; i++) {
            System.gc();
            Thread.sleep(20);
            long now = ffmNative();
            if (now < 0 || now >= last) {
                return;
            }
            last = now;
        }
    }

    /**
     * The committed Java heap as Native Memory Tracking counts it (the MXBean's figure can stay put while G1
     * uncommits and later re-commits, and so re-touches, regions: a full-module run once read +261 MiB of
     * "growth outside the heap" that NMT put in the heap); the MXBean's when NMT is off.
     */
    private static long heapCommitted() {
        long nmt = nmt(NMT_HEAP);
        return nmt > 0 ? nmt : ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getCommitted();
    }

    private static final Pattern NMT_HEAP = Pattern.compile("^-\\s+Java Heap \\(reserved=\\d+KB, committed=(\\d+)KB",
            Pattern.MULTILINE);

    private static final Pattern VM_RSS = Pattern.compile("^VmRSS:\\s+(\\d+) kB", Pattern.MULTILINE);

    private static final Pattern RSS_ANON = Pattern.compile("^RssAnon:\\s+(\\d+) kB", Pattern.MULTILINE);

    /** Resident set size in bytes, from /proc/self/status. */
    static long rss() throws IOException {
        return status(VM_RSS);
    }

    /** A "kB" line of /proc/self/status, in bytes. */
    static long status(Pattern line) throws IOException {
        Matcher m = line.matcher(Files.readString(Path.of("/proc/self/status")));
        if (!m.find()) {
            throw new IOException("no " + line + " in /proc/self/status");
        }
        return Long.parseLong(m.group(1)) * 1024;
    }

    private static final Pattern NMT_OTHER = Pattern.compile("^-\\s+Other \\(reserved=\\d+KB, committed=(\\d+)KB\\)",
            Pattern.MULTILINE);

    /**
     * Bytes in Native Memory Tracking's "Other" category, where FFM arena allocations are counted; -1 when the JVM
     * does not track native memory.
     */
    static long ffmNative() {
        return nmt(NMT_OTHER);
    }

    private static final Pattern NMT_TOTAL = Pattern.compile("^Total: reserved=\\d+KB, committed=(\\d+)KB",
            Pattern.MULTILINE);

    /** The committed bytes {@code pattern} finds in the NMT summary: 0 when absent, -1 when NMT is off. */
    private static long nmt(Pattern pattern) {
        try {
            String summary = (String) ManagementFactory.getPlatformMBeanServer().invoke(
                    new ObjectName("com.sun.management:type=DiagnosticCommand"), "vmNativeMemory",
                    new Object[] {new String[] {"summary"}}, new String[] {String[].class.getName()});
            Matcher m = pattern.matcher(summary);
            return m.find() ? Long.parseLong(m.group(1)) * 1024 : summary.contains("not enabled") ? -1 : 0;
        } catch (Exception e) {
            return -1;
        }
    }
}
