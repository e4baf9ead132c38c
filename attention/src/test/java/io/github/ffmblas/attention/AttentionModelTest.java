package io.github.ffmblas.attention;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ffmblas.attention.safetensors.InvalidSafeTensorsException;
import io.github.ffmblas.attention.safetensors.SafeTensorsWriter;
import io.github.ffmblas.bindings.Blas;
import io.github.ffmblas.nativelib.CpuInfo;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link AttentionModel}: weights from a file, mapped or copied, in PyTorch's layout or the seed's, give what
 * {@link ReferenceMultiHeadAttention} gives on the same weights; the model survives its file when copied; a
 * forward after {@code close()} is refused by name; {@code close()} waits for forwards in flight and never frees
 * memory under one; the thread policy sets OpenBLAS up as it says.
 */
class AttentionModelTest {
    private static final int D = 32;
    private static final int HEADS = 4;
    private static final float TOLERANCE = 1e-4f;

    @TempDir
    Path dir;

    private int originalThreads;

    @BeforeEach
    void rememberThreadCount() {
        originalThreads = Blas.numThreads();
    }

    @AfterEach
    void restoreThreadCount() {
        Blas.setNumThreads(originalThreads);
    }

    /** Random weights written in PyTorch's layout (or the seed's) under {@code prefix}; returns them as arrays. */
    private static float[][] writeWeights(Path file, String prefix, boolean seed, long seedValue, int d)
            throws IOException {
        Random random = new Random(seedValue);
        try (Arena arena = Arena.ofConfined()) {
            AttentionWeights w = RandomTensors.weights(arena, random, d);
            float[][] a = w.toArrays(); // wq, bq, wk, bk, wv, bv, wo, bo
            Map<String, Tensor> tensors = new LinkedHashMap<>();
            if (seed) {
                String[] names = {"wq", "wk", "wv", "dense"};
                for (int i = 0; i < 4; i++) {
                    tensors.put(prefix + names[i] + ".weight", Tensor.copyOf(arena, a[2 * i], d, d));
                    tensors.put(prefix + names[i] + ".bias", Tensor.copyOf(arena, a[2 * i + 1], d));
                }
            } else {
                tensors.putAll(RandomTensors.pyTorchTensors(w, prefix));
            }
            tensors.put("unrelated", Tensor.copyOf(arena, new float[] {1, 2, 3}, 3));
            SafeTensorsWriter.write(file, tensors, Map.of());
            return a;
        }
    }

    /** The oracle: the plain-Java reference on the same weights, in heap copies. */
    private static ReferenceMultiHeadAttention reference(float[][] a, Arena arena, int d, int heads) {
        AttentionWeights w = AttentionWeights.ofSeparateProjections(arena, Tensor.copyOf(arena, a[0], d, d), Tensor.copyOf(arena, a[1], d),
                Tensor.copyOf(arena, a[2], d, d), Tensor.copyOf(arena, a[3], d), Tensor.copyOf(arena, a[4], d, d),
                Tensor.copyOf(arena, a[5], d), Tensor.copyOf(arena, a[6], d, d), Tensor.copyOf(arena, a[7], d));
        return new ReferenceMultiHeadAttention(d, heads, w);
    }

    @ParameterizedTest
    @EnumSource(Loading.class)
    void bothLayoutsMatchTheReferenceInEveryForwardForm(Loading loading) throws IOException {
        for (boolean seed : new boolean[] {false, true}) {
            Path file = dir.resolve("w-" + seed + ".safetensors");
            float[][] a = writeWeights(file, "layers.3.attn.", seed, 11, D);
            try (Arena arena = Arena.ofConfined();
                 AttentionModel model = AttentionModel.open(file, "layers.3.attn.", HEADS, loading);
                 Workspace workspace = Workspace.create()) {
                assertEquals(D, model.dModel());
                assertEquals(HEADS, model.numHeads());
                assertEquals(loading, model.loading());
                ReferenceMultiHeadAttention oracle = reference(a, arena, D, HEADS);
                Random random = new Random(5);
                Tensor q = RandomTensors.gaussian(arena, random, 1f, 2, 7, D);
                Tensor kv = RandomTensors.gaussian(arena, random, 1f, 2, 9, D);
                AttentionOptions causal = AttentionOptions.DEFAULTS.withCausal(true);
                // Self-attention, allocating form, weights returned.
                AttentionResult expected = oracle.forward(q, q, q, causal);
                AttentionResult got = model.forward(q, q, q, causal);
                assertClose(expected.output(), got.output(), "output");
                assertClose(expected.attentionWeights().orElseThrow(), got.attentionWeights().orElseThrow(), "weights");
                // Cross-attention with the caller's workspace.
                AttentionResult crossExpected = oracle.forward(q, kv, kv, AttentionOptions.DEFAULTS);
                assertClose(crossExpected.output(), model.forward(q, kv, kv, AttentionOptions.DEFAULTS, workspace)
                        .output(), "cross output");
                // The allocation-free form.
                Tensor out = Tensor.allocate(arena, 2, 7, D);
                model.forward(q, q, q, causal.withNeedWeights(false), workspace, out, null);
                assertClose(expected.output(), out, "caller-memory output");
                // The original module's argument order.
                assertClose(oracle.forwardValueKeyQuery(kv, kv, q).output(), model.forwardValueKeyQuery(kv, kv, q).output(),
                        "value, key, query order");
            }
        }
    }

    private static void assertClose(Tensor expected, Tensor actual, String what) {
        float diff = RandomTensors.maxAbsDiff(expected, actual);
        assertTrue(diff <= TOLERANCE, what + ": max abs diff " + diff);
    }

    @Test
    void aCopiedModelOutlivesItsFileAndAMappedOneKeepsTheBytesItMapped() throws IOException {
        Path file = dir.resolve("w.safetensors");
        float[][] a = writeWeights(file, "", false, 21, D);
        try (Arena arena = Arena.ofConfined();
             AttentionModel copied = AttentionModel.open(file, "", HEADS, Loading.COPIED);
             AttentionModel mapped = AttentionModel.open(file, "", HEADS, Loading.MAPPED)) {
            // Other weights renamed over the file (how SafeTensorsWriter replaces files), then it is deleted.
            Path other = dir.resolve("other.safetensors");
            writeWeights(other, "", false, 22, D);
            Files.move(other, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            Files.delete(file);
            Tensor x = RandomTensors.gaussian(arena, new Random(3), 1f, 1, 6, D);
            Tensor expected = reference(a, arena, D, HEADS).forward(x, x, x, AttentionOptions.DEFAULTS).output();
            assertClose(expected, copied.forward(x, x, x, AttentionOptions.DEFAULTS).output(), "copied");
            assertClose(expected, mapped.forward(x, x, x, AttentionOptions.DEFAULTS).output(), "mapped");
        }
    }

    @Test
    void withoutTheOneDnnModuleAutoIsPackedOrOpenBlasAndOneDnnIsRefusedSayingWhatToAdd() throws IOException {
        Path file = dir.resolve("w.safetensors");
        writeWeights(file, "", false, 41, D);
        boolean packed = CpuInfo.current().isaForOneDnn() == CpuInfo.VectorIsa.AVX2 && PackedGemm.unavailable() == null;
        try (AttentionModel auto = AttentionModel.open(file, "", HEADS, Loading.MAPPED)) {
            assertEquals(packed ? Backend.PACKED_AVX2 : Backend.OPENBLAS, auto.backend());
        }
        assertTrue(Backend.autoChoice().startsWith((packed ? "PACKED_AVX2" : "OPENBLAS") + " (this CPU: "),
                Backend.autoChoice());
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> AttentionModel.builder(file, HEADS).backend(Backend.ONEDNN).open());
        assertTrue(e.getMessage().contains("io.github.ffmblas:ffmblas-onednn"), e.getMessage());
    }

    @Test
    void aForwardAfterCloseIsRefusedNamingTheModel() throws IOException {
        Path file = dir.resolve("enc.safetensors");
        writeWeights(file, "encoder.layers.0.self_attn.", false, 31, D);
        AttentionModel model = AttentionModel.open(file, "encoder.layers.0.self_attn.", HEADS, Loading.MAPPED);
        assertEquals("enc.safetensors (encoder.layers.0.self_attn.)", model.name());
        try (Arena arena = Arena.ofConfined(); Workspace workspace = Workspace.create()) {
            Tensor x = RandomTensors.gaussian(arena, new Random(4), 1f, 1, 4, D);
            Tensor out = Tensor.allocate(arena, 1, 4, D);
            AttentionResult before = model.forward(x, x, x, AttentionOptions.DEFAULTS);
            model.close();
            assertTrue(model.isClosed());
            assertTrue(model.weightsFreed());
            model.close(); // a second close does nothing
            for (Runnable forward : List.<Runnable>of(
                    () -> model.forward(x, x, x, AttentionOptions.DEFAULTS),
                    () -> model.forward(x, x, x, AttentionOptions.DEFAULTS, workspace),
                    () -> model.forward(x, x, x, AttentionOptions.DEFAULTS.withNeedWeights(false), workspace, out, null),
                    () -> model.forwardValueKeyQuery(x, x, x))) {
                IllegalStateException e = assertThrows(IllegalStateException.class, forward::run);
                assertEquals("AttentionModel 'enc.safetensors (encoder.layers.0.self_attn.)' is closed", e.getMessage());
            }
            // A result returned before the close lives in memory of its own.
            assertEquals(4 * D, before.output().toFloatArray().length);
        }
        AttentionModel named = AttentionModel.builder(file, HEADS).prefix("encoder.layers.0.self_attn.")
                .name("encoder 0").loading(Loading.COPIED).open();
        named.close();
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> named.forward(null, null, null, AttentionOptions.DEFAULTS));
        assertTrue(e.getMessage().contains("'encoder 0'"), e.getMessage());
    }

    /**
     * Deterministic: a forward's place in the gate is held while another thread closes the model. The close must
     * wait (the weights stay alive, new forwards are refused) and finish once the forward leaves.
     */
    @ParameterizedTest
    @EnumSource(Loading.class)
    void closeWaitsForAForwardInFlight(Loading loading) throws Exception {
        Path file = dir.resolve("w.safetensors");
        writeWeights(file, "", false, 41, D);
        AttentionModel model = AttentionModel.open(file, "", HEADS, loading);
        ModelGate gate = model.gate();
        assertEquals(1, gate.enter(model.name())); // a forward in flight
        Thread closer = new Thread(model::close, "closer");
        closer.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!model.isClosed() && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        assertTrue(model.isClosed(), "close() began");
        closer.join(300);
        assertTrue(closer.isAlive(), "close() returned while a forward was in flight");
        assertFalse(model.weightsFreed(), "the weights were freed under a forward");
        try (Arena arena = Arena.ofConfined()) {
            Tensor x = RandomTensors.gaussian(arena, new Random(1), 1f, 1, 3, D);
            assertThrows(IllegalStateException.class, () -> model.forward(x, x, x, AttentionOptions.DEFAULTS),
                    "a forward starting while close() waits");
        }
        gate.leave();
        closer.join(TimeUnit.SECONDS.toMillis(30));
        assertFalse(closer.isAlive(), "close() did not finish after the last forward left");
        assertTrue(model.weightsFreed());
    }

    /**
     * Four threads run forwards back to back while the main thread closes the model: every forward either
     * returns the single-threaded result bit for bit or is refused by the model's name (never FFM's "already
     * closed", which would mean memory freed under it), and when close() returns no forward is in flight.
     */
    @ParameterizedTest
    @EnumSource(Loading.class)
    void closeDuringConcurrentForwardsNeitherCrashesNorFreesMemoryInUse(Loading loading) throws Exception {
        int d = 128;
        Path file = dir.resolve("big.safetensors");
        writeWeights(file, "", false, 51, d);
        AttentionModel model = AttentionModel.open(file, "", 8, loading);
        int threads = 4;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try (Arena arena = Arena.ofShared()) {
            Tensor x = RandomTensors.gaussian(arena, new Random(6), 1f, 1, 64, d);
            float[] expected = model.forward(x, x, x, AttentionOptions.DEFAULTS.withNeedWeights(false)).output()
                    .toFloatArray();
            CountDownLatch running = new CountDownLatch(threads);
            AtomicInteger completed = new AtomicInteger();
            List<Future<String>> results = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                results.add(pool.submit(() -> {
                    try (Arena own = Arena.ofConfined(); Workspace workspace = Workspace.create()) {
                        Tensor out = Tensor.allocate(own, 1, 64, d);
                        AttentionOptions options = AttentionOptions.DEFAULTS.withNeedWeights(false);
                        for (int i = 0; ; i++) {
                            try {
                                model.forward(x, x, x, options, workspace, out, null);
                            } catch (IllegalStateException e) {
                                return e.getMessage();
                            }
                            if (!java.util.Arrays.equals(expected, out.toFloatArray())) {
                                return "wrong result in forward " + i;
                            }
                            completed.incrementAndGet();
                            if (i == 0) {
                                running.countDown();
                            }
                        }
                    }
                }));
            }
            assertTrue(running.await(2, TimeUnit.MINUTES), "every thread completed a forward");
            model.close();
            assertEquals(0, model.forwardsInFlight(), "close() returned with forwards in flight");
            assertTrue(model.weightsFreed());
            for (Future<String> r : results) {
                assertEquals("AttentionModel 'big.safetensors' is closed", r.get(2, TimeUnit.MINUTES));
            }
            assertTrue(completed.get() >= threads);
            assertTrue(model.maxConcurrentForwards() >= 1);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void theDefaultPolicySetsOpenBlasToOneThreadAndKeepLeavesIt() throws IOException {
        Path file = dir.resolve("w.safetensors");
        writeWeights(file, "", false, 61, D);
        Blas.setNumThreads(2);
        try (AttentionModel keep = AttentionModel.builder(file, HEADS)
                .threadPolicy(ThreadPolicy.KEEP_OPENBLAS_THREADS).open()) {
            assertEquals(ThreadPolicy.KEEP_OPENBLAS_THREADS, keep.threadPolicy());
            assertEquals(2, Blas.numThreads(), "KEEP_OPENBLAS_THREADS changed OpenBLAS's thread count");
        }
        try (AttentionModel service = AttentionModel.open(file, "", HEADS, Loading.MAPPED)) {
            assertEquals(ThreadPolicy.ONE_OPENBLAS_THREAD, service.threadPolicy());
            assertEquals(1, Blas.numThreads(), "the default policy leaves OpenBLAS at its own threads");
        }
    }

    /**
     * Under KEEP_OPENBLAS_THREADS with OpenBLAS at two threads, the first overlap of two forwards is told, naming
     * the policy to use; the default policy (which set OpenBLAS to one thread) has nothing to tell.
     */
    @Test
    void overlappingForwardsAreDetected() throws IOException {
        Path file = dir.resolve("w.safetensors");
        writeWeights(file, "", false, 71, D);
        try (Arena arena = Arena.ofConfined()) {
            Tensor x = RandomTensors.gaussian(arena, new Random(7), 1f, 1, 5, D);
            Blas.setNumThreads(2);
            try (AttentionModel keep = AttentionModel.builder(file, HEADS)
                    .threadPolicy(ThreadPolicy.KEEP_OPENBLAS_THREADS).open()) {
                keep.forward(x, x, x, AttentionOptions.DEFAULTS);
                assertTrue(keep.overlapWarning().isEmpty(), "one forward at a time overlaps nothing");
                assertEquals(1, keep.maxConcurrentForwards());
                keep.gate().enter(keep.name()); // another forward in flight
                try {
                    keep.forward(x, x, x, AttentionOptions.DEFAULTS);
                } finally {
                    keep.gate().leave();
                }
                assertEquals(2, keep.maxConcurrentForwards());
                String warning = keep.overlapWarning().orElseThrow();
                assertTrue(warning.contains("ThreadPolicy.ONE_OPENBLAS_THREAD") && warning.contains("2 threads"),
                        warning);
            }
            try (AttentionModel service = AttentionModel.open(file, "", HEADS, Loading.COPIED)) {
                service.gate().enter(service.name());
                try {
                    service.forward(x, x, x, AttentionOptions.DEFAULTS);
                } finally {
                    service.gate().leave();
                }
                assertEquals(2, service.maxConcurrentForwards());
                assertTrue(service.overlapWarning().isEmpty());
            }
        }
    }

    @Test
    void badArgumentsAndFilesAreRefusedByName() throws IOException {
        Path file = dir.resolve("w.safetensors");
        writeWeights(file, "enc.", false, 81, D);
        IllegalArgumentException heads = assertThrows(IllegalArgumentException.class,
                () -> AttentionModel.open(file, "enc.", 5, Loading.MAPPED));
        assertTrue(heads.getMessage().contains("divisible"), heads.getMessage());
        assertThrows(IllegalArgumentException.class, () -> AttentionModel.open(file, "enc.", 0, Loading.MAPPED));
        IllegalArgumentException prefix = assertThrows(IllegalArgumentException.class,
                () -> AttentionModel.open(file, "dec.", HEADS, Loading.COPIED));
        assertTrue(prefix.getMessage().contains("dec.in_proj_weight") && prefix.getMessage().contains("enc.in_proj_bias"),
                prefix.getMessage());
        NoSuchFileException missing = assertThrows(NoSuchFileException.class,
                () -> AttentionModel.open(dir.resolve("nope.safetensors"), "", HEADS, Loading.MAPPED));
        assertTrue(missing.getMessage().contains("nope.safetensors"));
        Path garbage = Files.write(dir.resolve("garbage.safetensors"), new byte[] {1, 2, 3});
        assertThrows(InvalidSafeTensorsException.class, () -> AttentionModel.open(garbage, "", HEADS, Loading.COPIED));
        NullPointerException npe = assertThrows(NullPointerException.class,
                () -> AttentionModel.open(file, "enc.", HEADS, null));
        assertTrue(npe.getMessage().contains("loading"));
        assertThrows(NullPointerException.class, () -> AttentionModel.open(null, "", HEADS, Loading.MAPPED));
        assertThrows(NullPointerException.class, () -> AttentionModel.open(file, null, HEADS, Loading.MAPPED));
        assertThrows(NullPointerException.class, () -> AttentionModel.builder(file, HEADS).threadPolicy(null));
    }
}
