package io.github.ffmblas.attention;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.ffmblas.attention.safetensors.SafeTensorsFile;
import io.github.ffmblas.attention.safetensors.SafeTensorsWriter;
import java.lang.foreign.Arena;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Memory that is gone or belongs to another thread, everywhere a forward pass touches it: each case must end in a
 * clear exception (never a crash, never a wrong result). {@link AttentionBehaviourTest} covers closed weights and
 * inputs, a confined input from another thread and a workspace shared across threads; this adds the rest, and
 * freeing the weights while other threads are in the middle of forwards.
 */
class LifetimeTest {
    private static final int D = 16;
    private static final int HEADS = 4;

    @TempDir
    Path dir;

    @Test
    void aClosedWorkspaceIsRefusedByName() {
        try (Arena arena = Arena.ofConfined()) {
            MultiHeadAttention mha = new MultiHeadAttention(D, HEADS, RandomTensors.weights(arena, new Random(1), D));
            Tensor x = RandomTensors.gaussian(arena, new Random(2), 1f, 1, 5, D);
            Tensor out = Tensor.allocate(arena, 1, 5, D);
            Workspace workspace = Workspace.create();
            AttentionOptions options = AttentionOptions.DEFAULTS.withNeedWeights(false);
            mha.forward(x, x, x, options, workspace, out, null);
            workspace.close();
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> mha.forward(x, x, x, options, workspace, out, null));
            assertTrue(e.getMessage().contains("Workspace is closed"), e.getMessage());
            assertEquals(0, workspace.capacityBytes(), "its memory was freed");
        }
    }

    /**
     * Inputs, outputs, attention weights and masks in a closed arena: an {@link IllegalStateException} naming the
     * tensor, before any work, for both implementations.
     */
    @Test
    void outputsAndMasksInAClosedArenaAreRefused() {
        try (Arena arena = Arena.ofConfined()) {
            Random random = new Random(3);
            MultiHeadAttention mha = new MultiHeadAttention(D, HEADS, RandomTensors.weights(arena, random, D));
            Tensor x = RandomTensors.gaussian(arena, random, 1f, 2, 5, D);
            Tensor liveOut = Tensor.allocate(arena, 2, 5, D);
            Tensor liveWeights = Tensor.allocate(arena, 2, HEADS, 5, 5);
            Arena gone = Arena.ofConfined();
            Tensor deadOut = Tensor.allocate(gone, 2, 5, D);
            Tensor deadWeights = Tensor.allocate(gone, 2, HEADS, 5, 5);
            Tensor deadFloatMask = RandomTensors.gaussian(gone, random, 1f, 5, 5);
            Tensor deadBoolMask = RandomTensors.bools(gone, random, 0.3, 5, 5);
            Tensor deadPadding = RandomTensors.bools(gone, random, 0.3, 2, 5);
            Tensor deadInput = RandomTensors.gaussian(gone, random, 1f, 2, 5, D);
            gone.close();
            try (Workspace workspace = Workspace.create()) {
                AttentionOptions weights = AttentionOptions.DEFAULTS;
                Map<String, Runnable> cases = new LinkedHashMap<>();
                ReferenceMultiHeadAttention reference = new ReferenceMultiHeadAttention(D, HEADS, mha.weights());
                cases.put("query", () -> mha.forward(deadInput, x, x, weights));
                cases.put("key", () -> mha.forward(x, deadInput, x, weights));
                cases.put("value", () -> reference.forward(x, x, deadInput, weights));
                cases.put("output", () -> mha.forward(x, x, x, weights, workspace, deadOut, liveWeights));
                cases.put("attention weights", () -> mha.forward(x, x, x, weights, workspace, liveOut, deadWeights));
                cases.put("float attn_mask", () -> mha.forward(x, x, x, weights.withAttnMask(deadFloatMask)));
                cases.put("bool attn_mask", () -> mha.forward(x, x, x, weights.withAttnMask(deadBoolMask)));
                cases.put("key_padding_mask", () -> mha.forward(x, x, x, weights.withKeyPaddingMask(deadPadding)));
                cases.forEach((what, call) -> {
                    IllegalStateException e = assertThrows(IllegalStateException.class, call::run, what);
                    assertTrue(e.getMessage().startsWith(what.replace("float ", "").replace("bool ", "")
                            + "'s memory was freed"), what + ": " + e.getMessage());
                });
                // And the instance and workspace still work afterwards.
                mha.forward(x, x, x, weights, workspace, liveOut, liveWeights);
                assertArrayEquals(mha.forward(x, x, x, weights).output().toFloatArray(), liveOut.toFloatArray());
            }
        }
    }

    /** Inputs, outputs and masks confined to another thread: a {@link WrongThreadException} naming the tensor. */
    @Test
    void memoryConfinedToAnotherThreadIsRefused() throws Exception {
        ExecutorService other = Executors.newSingleThreadExecutor();
        try (Arena shared = Arena.ofShared()) {
            Random random = new Random(4);
            MultiHeadAttention mha = new MultiHeadAttention(D, HEADS, RandomTensors.weights(shared, random, D));
            Tensor x = RandomTensors.gaussian(shared, random, 1f, 1, 5, D);
            Arena[] confined = new Arena[1];
            Tensor[] theirs = other.submit(() -> {
                confined[0] = Arena.ofConfined();
                Random r = new Random(5);
                return new Tensor[] {RandomTensors.gaussian(confined[0], r, 1f, 1, 5, D), Tensor.allocate(confined[0], 1, 5, D),
                        RandomTensors.gaussian(confined[0], r, 1f, 5, 5), RandomTensors.bools(confined[0], r, 0.5, 1, 5)};
            }).get(1, TimeUnit.MINUTES);
            try (Workspace workspace = Workspace.create()) {
                Tensor out = Tensor.allocate(shared, 1, 5, D);
                AttentionOptions noWeights = AttentionOptions.DEFAULTS.withNeedWeights(false);
                Map<String, Runnable> cases = new LinkedHashMap<>();
                cases.put("query", () -> mha.forward(theirs[0], x, x, noWeights));
                cases.put("key", () -> mha.forward(x, theirs[0], x, noWeights));
                cases.put("output", () -> mha.forward(x, x, x, noWeights, workspace, theirs[1], null));
                cases.put("attn_mask", () -> mha.forward(x, x, x, noWeights.withAttnMask(theirs[2])));
                cases.put("key_padding_mask", () -> mha.forward(x, x, x, noWeights.withKeyPaddingMask(theirs[3])));
                cases.forEach((what, call) -> {
                    WrongThreadException e = assertThrows(WrongThreadException.class, call::run, what);
                    assertTrue(e.getMessage().startsWith(what + " is confined to another thread"), e.getMessage());
                });
                mha.forward(x, x, x, noWeights, workspace, out, null); // still fine
            }
            other.submit(() -> confined[0].close()).get(1, TimeUnit.MINUTES);
        } finally {
            other.shutdownNow();
        }
    }

    /** Weights memory-mapped from a file that is then closed: the forward names the weights, nothing is read. */
    @Test
    void weightsFromAClosedFileAreRefusedByName() throws Exception {
        Path file = dir.resolve("weights.safetensors");
        Random random = new Random(6);
        try (Arena arena = Arena.ofConfined()) {
            Map<String, Tensor> tensors = new LinkedHashMap<>();
            tensors.put("in_proj_weight", RandomTensors.gaussian(arena, random, 0.3f, 3 * D, D));
            tensors.put("in_proj_bias", RandomTensors.gaussian(arena, random, 0.3f, 3 * D));
            tensors.put("out_proj.weight", RandomTensors.gaussian(arena, random, 0.3f, D, D));
            tensors.put("out_proj.bias", RandomTensors.gaussian(arena, random, 0.3f, D));
            SafeTensorsWriter.write(file, tensors, Map.of());
            Tensor x = RandomTensors.gaussian(arena, random, 1f, 2, 4, D);
            SafeTensorsFile weightsFile = SafeTensorsFile.open(file);
            MultiHeadAttention mha = new MultiHeadAttention(D, HEADS, AttentionWeights.load(weightsFile, "", arena));
            mha.forward(x, x, x, AttentionOptions.DEFAULTS);
            weightsFile.close();
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> mha.forward(x, x, x, AttentionOptions.DEFAULTS));
            assertTrue(e.getMessage().startsWith("in_proj_weight: the weights' memory was freed"), e.getMessage());
            assertTrue(e.getMessage().contains("SafeTensorsFile"), e.getMessage());
            assertThrows(IllegalStateException.class, () -> weightsFile.tensor("in_proj_weight"));
        }
    }

    /**
     * Seed-format weights are packed into the arena given to {@code load}: a confined one confines them to its
     * thread. Used from another thread, by either implementation, they are refused naming the weight and the
     * thread they belong to; once that arena is closed, naming the weight. Before, the forward failed deep inside
     * with the JDK's bare "Attempted access outside owning thread", although every tensor is promised a name.
     */
    @Test
    void seedWeightsInAConfinedArenaAreRefusedOnOtherThreadsByName() throws Exception {
        Path file = dir.resolve("seed.safetensors");
        Random random = new Random(8);
        ExecutorService other = Executors.newSingleThreadExecutor();
        try (Arena shared = Arena.ofShared()) {
            Map<String, Tensor> tensors = new LinkedHashMap<>();
            for (String name : AttentionWeights.SEPARATE_PROJECTION_NAMES) {
                tensors.put("enc." + name, name.endsWith("weight") ? RandomTensors.gaussian(shared, random, 0.3f, D, D)
                        : RandomTensors.gaussian(shared, random, 0.3f, D));
            }
            SafeTensorsWriter.write(file, tensors, Map.of());
            Tensor x = RandomTensors.gaussian(shared, random, 1f, 1, 4, D);
            Arena confined = Arena.ofConfined();
            try (SafeTensorsFile weightsFile = SafeTensorsFile.open(file)) {
                AttentionWeights weights = AttentionWeights.load(weightsFile, "enc.", confined);
                MultiHeadAttention mha = new MultiHeadAttention(D, HEADS, weights);
                float[] expected = mha.forward(x, x, x, AttentionOptions.DEFAULTS).output().toFloatArray();
                String me = Thread.currentThread().getName();
                Map<String, java.util.concurrent.Callable<?>> cases = new LinkedHashMap<>();
                cases.put("forward", () -> mha.forward(x, x, x, AttentionOptions.DEFAULTS));
                cases.put("reference", () -> new ReferenceMultiHeadAttention(D, HEADS, weights));
                for (Map.Entry<String, java.util.concurrent.Callable<?>> c : cases.entrySet()) {
                    Throwable e = assertThrows(java.util.concurrent.ExecutionException.class,
                            () -> other.submit(c.getValue()).get(1, TimeUnit.MINUTES), c.getKey()).getCause();
                    assertTrue(e instanceof WrongThreadException, c.getKey() + ": " + e);
                    assertTrue(e.getMessage().startsWith("in_proj_weight (enc.wq/wk/wv.weight, packed): the weights'"
                            + " memory is confined to thread '" + me + "'"), c.getKey() + ": " + e.getMessage());
                }
                assertArrayEquals(expected, mha.forward(x, x, x, AttentionOptions.DEFAULTS).output().toFloatArray());
                confined.close();
                IllegalStateException e = assertThrows(IllegalStateException.class,
                        () -> mha.forward(x, x, x, AttentionOptions.DEFAULTS));
                assertTrue(e.getMessage().startsWith("in_proj_weight (enc.wq/wk/wv.weight, packed): the weights'"
                        + " memory was freed"), e.getMessage());
            }
        } finally {
            other.shutdownNow();
        }
    }

    /**
     * Four threads run forwards while the main thread frees the weights (a shared arena, or a mapped file). The
     * close may be refused while a native call holds the memory ({@link IllegalStateException}, retried); every
     * forward either completes with the right bits or throws {@link IllegalStateException}; after the close has
     * gone through, every forward throws. No crash, no other exception, no wrong result.
     */
    @Test
    void freeingTheWeightsDuringConcurrentForwardsFailsCleanly() throws Exception {
        for (boolean mapped : new boolean[] {false, true}) {
            Random random = new Random(7);
            Arena weightsArena = Arena.ofShared();
            Map<String, Tensor> tensors = new LinkedHashMap<>();
            tensors.put("in_proj_weight", RandomTensors.gaussian(weightsArena, random, 0.3f, 3 * D, D));
            tensors.put("in_proj_bias", RandomTensors.gaussian(weightsArena, random, 0.3f, 3 * D));
            tensors.put("out_proj.weight", RandomTensors.gaussian(weightsArena, random, 0.3f, D, D));
            tensors.put("out_proj.bias", RandomTensors.gaussian(weightsArena, random, 0.3f, D));
            SafeTensorsFile file = null;
            AttentionWeights weights;
            Runnable free;
            if (mapped) {
                Path path = dir.resolve("concurrent.safetensors");
                SafeTensorsWriter.write(path, tensors, Map.of());
                weightsArena.close();
                SafeTensorsFile opened = SafeTensorsFile.open(path);
                file = opened;
                weights = AttentionWeights.load(opened, "", null);
                free = opened::close;
            } else {
                weights = AttentionWeights.ofPyTorch(tensors.get("in_proj_weight"), tensors.get("in_proj_bias"),
                        tensors.get("out_proj.weight"), tensors.get("out_proj.bias"));
                free = weightsArena::close;
            }
            String what = mapped ? "mapped file" : "shared arena";
            try (Arena inputs = Arena.ofShared()) {
                MultiHeadAttention mha = new MultiHeadAttention(D, HEADS, weights);
                Tensor x = RandomTensors.gaussian(inputs, random, 1f, 2, 12, D);
                float[] expected = mha.forward(x, x, x, AttentionOptions.DEFAULTS).output().toFloatArray();
                Outcome outcome = race(mha, x, expected, free);
                System.out.println("freeing the weights (" + what + ") during forwards: " + outcome);
                assertTrue(outcome.completed() > 0, what + ": no forward ran before the close: " + outcome);
                assertEquals(4, outcome.refusedAfterClose(), what + ": each thread ended refused: " + outcome);
                assertThrows(IllegalStateException.class, () -> mha.forward(x, x, x, AttentionOptions.DEFAULTS));
            } finally {
                if (file != null) {
                    file.close();
                }
            }
        }
    }

    record Outcome(int completed, int refusedAfterClose, int closeAttempts) {}

    private static Outcome race(MultiHeadAttention mha, Tensor x, float[] expected, Runnable free) throws Exception {
        int threads = 4;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        AtomicInteger completed = new AtomicInteger();
        AtomicInteger refused = new AtomicInteger();
        CountDownLatch running = new CountDownLatch(threads);
        List<Future<?>> futures = new ArrayList<>();
        int attempts = 0;
        try {
            for (int t = 0; t < threads; t++) {
                futures.add(pool.submit(() -> {
                    running.countDown();
                    for (int i = 0; i < 1_000_000; i++) {
                        float[] out;
                        try {
                            out = mha.forward(x, x, x, AttentionOptions.DEFAULTS).output().toFloatArray();
                        } catch (IllegalStateException closed) {
                            refused.incrementAndGet();
                            return null; // the only acceptable way to stop
                        }
                        if (!Arrays.equals(expected, out)) {
                            throw new AssertionError("forward " + i + " completed with a wrong result");
                        }
                        completed.incrementAndGet();
                    }
                    throw new AssertionError("the weights were never freed");
                }));
            }
            running.await(1, TimeUnit.MINUTES);
            while (completed.get() < 200) {
                Thread.onSpinWait();
            }
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
            while (true) {
                attempts++;
                try {
                    free.run();
                    break;
                } catch (IllegalStateException busy) { // a native call holds the memory right now: try again
                    if (System.nanoTime() > deadline) {
                        fail("could not free the weights within a minute: " + busy);
                    }
                    Thread.yield();
                }
            }
            for (Future<?> f : futures) {
                f.get(2, TimeUnit.MINUTES); // rethrows a wrong result or an unexpected exception
            }
        } finally {
            pool.shutdownNow();
        }
        return new Outcome(completed.get(), refused.get(), attempts);
    }
}
