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
 * stay flat after warm-up. Measured: the process's resident memory ({@code VmRSS} in {@code /proc/self/status}),
 * the native memory FFM arenas hold (Native Memory Tracking's "Other" category, when the JVM runs with
 * {@code -XX:NativeMemoryTracking=summary}, as this module's tests do) and the workspaces' allocation counters,
 * which must not move at all once warm.
 *
 * <p>The long run is tagged {@code soak} ({@code ./mvnw -B verify -Psoak}): 100,000 forwards and 1,000,000 sgemm
 * calls, or more with {@code -Dffmblas.soak.forwards=N -Dffmblas.soak.sgemms=N}. The default suite, and so CI, runs
 * the same checks on 5,000 forwards and 50,000 calls.
 */
class SoakTest {
    /** After warm-up, resident memory may grow this much (JIT code, GC bookkeeping, heap pages first touched). */
    private static final long RSS_GROWTH_LIMIT = 64L << 20;
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

            // Forward passes: mostly into caller memory with an explicit workspace (the allocation-free form), one in
            // ten through the allocating form, whose results live in automatic arenas the GC must free.
            Sampler forwardMemory = new Sampler();
            int warmUp = Math.max(1_000, forwards / 10);
            int checksum = 0;
            int explicitAllocations = -1;
            int defaultAllocations = -1;
            for (int i = 0; i < forwards; i++) {
                Object[] c = cases.get(i % cases.size());
                Tensor q = (Tensor) c[0];
                Tensor kv = (Tensor) c[1];
                AttentionOptions options = (AttentionOptions) c[2];
                if (i % 10 == 9) {
                    AttentionResult r = mha.forward(q, kv, kv, options);
                    checksum += Float.floatToRawIntBits(r.output().getFloat(0));
                } else {
                    Tensor out = (Tensor) c[3];
                    mha.forward(q, kv, kv, options, workspace, out, (Tensor) c[4]);
                    checksum += Float.floatToRawIntBits(out.getFloat(0));
                }
                if (i + 1 == warmUp) {
                    explicitAllocations = workspace.allocations();
                    defaultAllocations = Workspace.forCurrentThread().allocations();
                    forwardMemory.warm();
                } else if (i + 1 > warmUp && (i + 1 - warmUp) % Math.max(1, (forwards - warmUp) / 10) == 0) {
                    forwardMemory.sample();
                }
            }
            forwardMemory.end();
            assertEquals(explicitAllocations, workspace.allocations(), "the explicit workspace allocated after warm-up");
            assertEquals(defaultAllocations, Workspace.forCurrentThread().allocations(),
                    "the thread's default workspace allocated after warm-up");

            // Small sgemm calls, one in a hundred refused (a closed arena), so the refusal path is soaked too.
            Sampler gemmMemory = new Sampler();
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
            int gemmWarmUp = Math.max(10_000, sgemms / 10);
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
            System.out.printf("soak: %,d forwards (workspace allocations %d, unchanged after warm-up; checksum %08x):"
                    + " %s%nsoak: %,d sgemm calls (%,d refused): %s%nsoak: %.1f s in all%n", forwards,
                    workspace.allocations(), checksum, forwardMemory, sgemms, refused, gemmMemory, seconds);
            forwardMemory.assertFlat("forwards");
            gemmMemory.assertFlat("sgemm calls");
        }
    }

    /** Memory readings after warm-up, during the run and at the end (the end after a GC). */
    static final class Sampler {
        long rssWarm = -1;
        long nativeWarm = -1;
        long rssEnd;
        long nativeEnd;
        long rssMax;
        int samples;

        void warm() throws Exception {
            settle();
            rssWarm = rss();
            nativeWarm = ffmNative();
            rssMax = rssWarm;
        }

        void sample() throws IOException {
            rssMax = Math.max(rssMax, rss());
            samples++;
        }

        void end() throws Exception {
            settle();
            rssEnd = rss();
            nativeEnd = ffmNative();
            rssMax = Math.max(rssMax, rssEnd);
        }

        void assertFlat(String what) {
            assertTrue(rssEnd - rssWarm < RSS_GROWTH_LIMIT, what + ": resident memory grew " + delta(rssEnd - rssWarm)
                    + " after warm-up: " + this);
            if (nativeWarm >= 0) {
                assertTrue(nativeEnd - nativeWarm < NATIVE_GROWTH_LIMIT, what + ": FFM native memory grew "
                        + delta(nativeEnd - nativeWarm) + " after warm-up: " + this);
            }
        }

        @Override
        public String toString() {
            return String.format("VmRSS %s after warm-up, %s at the end (growth %s, highest of %d samples %s); FFM"
                    + " native memory %s", mib(rssWarm), mib(rssEnd), delta(rssEnd - rssWarm), samples + 1, mib(rssMax),
                    nativeWarm < 0 ? "not tracked (run with -XX:NativeMemoryTracking=summary)"
                            : mib(nativeWarm) + " -> " + mib(nativeEnd) + " (growth " + delta(nativeEnd - nativeWarm) + ")");
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

    private static final Pattern VM_RSS = Pattern.compile("^VmRSS:\\s+(\\d+) kB", Pattern.MULTILINE);

    /** Resident set size in bytes, from /proc/self/status. */
    static long rss() throws IOException {
        Matcher m = VM_RSS.matcher(Files.readString(Path.of("/proc/self/status")));
        if (!m.find()) {
            throw new IOException("no VmRSS in /proc/self/status");
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
        try {
            String summary = (String) ManagementFactory.getPlatformMBeanServer().invoke(
                    new ObjectName("com.sun.management:type=DiagnosticCommand"), "vmNativeMemory",
                    new Object[] {new String[] {"summary"}}, new String[] {String[].class.getName()});
            Matcher m = NMT_OTHER.matcher(summary);
            return m.find() ? Long.parseLong(m.group(1)) * 1024 : summary.contains("not enabled") ? -1 : 0;
        } catch (Exception e) {
            return -1;
        }
    }
}
