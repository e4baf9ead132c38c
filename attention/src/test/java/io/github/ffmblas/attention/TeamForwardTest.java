package io.github.ffmblas.attention;

import io.github.ffmblas.attention.internal.ForwardPlan;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ffmblas.attention.NativeVersusReferenceTest.Inputs;
import io.github.ffmblas.attention.NativeVersusReferenceTest.Masks;
import io.github.ffmblas.attention.safetensors.SafeTensorsFile;
import io.github.ffmblas.attention.safetensors.SafeTensorsWriter;
import java.lang.foreign.Arena;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Forwards on a workspace with several threads (projections split by columns, attention by heads and tiles)
 * against the seed's reference and against the same forward on one thread, with every input, weight and output
 * confined to the calling thread, so the helpers only reach them through the workspace's lending.
 */
class TeamForwardTest {
    private static final float TOLERANCE = 1e-4f;
    /**
     * One thread and several compute the same sums, but in products of other shapes (fewer heads per item, so
     * other tiles), for which OpenBLAS may pick other kernels: a few float roundings apart (~4e-6 seen), while a
     * wrong offset or a race would be off by the size of the values.
     */
    private static final float SPLIT_TOLERANCE = 1e-5f;

    @ParameterizedTest(name = "B={0} Lq={1} Lk={2} d={3} H={4} {5} {6}")
    @MethodSource("io.github.ffmblas.attention.NativeVersusReferenceTest#cases")
    void severalThreadsMatchTheReferenceAndOneThread(int batch, int lq, int lk, int d, int heads, Inputs inputs,
                                                     Masks masks) {
        Random random = new Random(97L * batch + 13L * lq + lk + 1000L * d + heads);
        try (Arena arena = Arena.ofConfined(); Workspace one = Workspace.create()) {
            AttentionWeights weights = RandomTensors.weights(arena, random, d);
            Tensor[] qkv = NativeVersusReferenceTest.inputs(arena, random, inputs, batch, lq, lk, d);
            Tensor query = qkv[0];
            Tensor key = qkv[1];
            Tensor value = qkv[2];
            AttentionOptions options = NativeVersusReferenceTest.options(arena, random, masks, batch, lq, lk);
            AttentionResult expected = new ReferenceMultiHeadAttention(d, heads, weights).forward(query, key, value, options);
            MultiHeadAttention mha = new MultiHeadAttention(d, heads, weights);

            for (boolean needWeights : new boolean[] {true, false}) {
                AttentionOptions o = options.withNeedWeights(needWeights);
                Tensor serialOut = Tensor.allocate(arena, batch, lq, d);
                Tensor serialWeights = needWeights ? Tensor.allocate(arena, batch, heads, lq, lk) : null;
                mha.forward(query, key, value, o, one, serialOut, serialWeights);
                for (int threads : new int[] {2, 3}) {
                    try (Workspace team = Workspace.create(threads)) {
                        assertEquals(threads, team.threads());
                        Tensor out = Tensor.allocate(arena, batch, lq, d);
                        Tensor attn = needWeights ? Tensor.allocate(arena, batch, heads, lq, lk) : null;
                        for (int repeat = 0; repeat < 2; repeat++) { // the second reuses the lent twins
                            mha.forward(query, key, value, o, team, out, attn);
                            String what = threads + " threads, needWeights=" + needWeights + ", forward " + repeat;
                            assertTrue(RandomTensors.maxAbsDiff(expected.output(), out) <= TOLERANCE, what);
                            assertTrue(RandomTensors.maxAbsDiff(serialOut, out) <= SPLIT_TOLERANCE, what + " diff " + RandomTensors.maxAbsDiff(serialOut, out));
                            if (needWeights) {
                                assertTrue(RandomTensors.maxAbsDiff(expected.attentionWeights().orElseThrow(), attn)
                                        <= TOLERANCE, what);
                                assertTrue(RandomTensors.maxAbsDiff(serialWeights, attn) <= SPLIT_TOLERANCE, what);
                            }
                        }
                    }
                }
            }
        }
    }

    /**
     * Weights used in place from a file's mapping, where the parts split among the threads start inside the
     * mapping (each made once as a slice of it, then reused): the reference's result on 1, 2 and 3 threads, for
     * self-attention (one fused product) and cross-attention (K and V start inside in_proj_weight), each forward
     * twice. Once the file is closed, the forward on a team that holds those slices names the weights.
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Inputs.class, names = {"SELF", "CROSS_DISTINCT"})
    void weightsMappedFromAFileGiveTheReferenceResultOnEveryTeam(Inputs inputs, @TempDir Path dir) throws Exception {
        Random random = new Random(17);
        int batch = 2;
        int lq = 7;
        int lk = inputs == Inputs.SELF ? 7 : 33;
        int d = 24;
        int heads = 3;
        Path file = dir.resolve("weights.safetensors");
        try (Arena arena = Arena.ofConfined()) {
            AttentionWeights weights = RandomTensors.weights(arena, random, d);
            SafeTensorsWriter.write(file, RandomTensors.pyTorchTensors(weights, ""), Map.of());
            Tensor[] qkv = NativeVersusReferenceTest.inputs(arena, random, inputs, batch, lq, lk, d);
            AttentionOptions o = AttentionOptions.DEFAULTS.withNeedWeights(false);
            Tensor expected = new ReferenceMultiHeadAttention(d, heads, weights).forward(qkv[0], qkv[1], qkv[2], o)
                    .output();
            Tensor out = Tensor.allocate(arena, batch, lq, d);
            try (SafeTensorsFile weightsFile = SafeTensorsFile.open(file); Workspace two = Workspace.create(2);
                 Workspace three = Workspace.create(3)) {
                AttentionWeights mapped = AttentionWeights.load(weightsFile, "", arena);
                assertTrue(mapped.tensors().getFirst().segment().isMapped(), "the test needs weights used in place");
                MultiHeadAttention mha = new MultiHeadAttention(d, heads, mapped);
                for (Workspace workspace : new Workspace[] {Workspace.forCurrentThread(), two, three}) {
                    for (int repeat = 0; repeat < 2; repeat++) {
                        out.segment().fill((byte) 0);
                        mha.forward(qkv[0], qkv[1], qkv[2], o, workspace, out, null);
                        String what = workspace.threads() + " thread(s), forward " + repeat;
                        assertTrue(RandomTensors.maxAbsDiff(expected, out) <= TOLERANCE,
                                what + " diff " + RandomTensors.maxAbsDiff(expected, out));
                    }
                }
                weightsFile.close();
                IllegalStateException e = assertThrows(IllegalStateException.class,
                        () -> mha.forward(qkv[0], qkv[1], qkv[2], o, two, out, null));
                assertTrue(e.getMessage().startsWith("in_proj_weight: the weights' memory was freed"), e.getMessage());
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Masks.class, names = {"NONE", "FLOAT", "CAUSAL_AND_FLOAT", "ALL"})
    void longSequencesSplitIntoManyTilesGiveTheOneThreadResult(Masks masks) {
        // Lq = 700 with Lk = 2100 makes several query tiles per head group, so masks and causal limits are applied
        // at row offsets other than 0, on every thread.
        Random random = new Random(5);
        int d = 32;
        int heads = 4;
        try (Arena arena = Arena.ofConfined(); Workspace one = Workspace.create(); Workspace team = Workspace.create(2)) {
            AttentionWeights weights = RandomTensors.weights(arena, random, d);
            Tensor query = RandomTensors.gaussian(arena, random, 1f, 2, 700, d);
            Tensor key = RandomTensors.gaussian(arena, random, 1f, 2, 2100, d);
            MultiHeadAttention mha = new MultiHeadAttention(d, heads, weights);
            AttentionOptions o = NativeVersusReferenceTest.options(arena, random, masks, 2, 700, 2100)
                    .withNeedWeights(false);
            int group = ForwardPlan.headsPerTile(700, 2100, heads, 2);
            assertTrue(ForwardPlan.tileRows(700, 2100, group, 2, o.causal()) < 700,
                    "the case must have several tiles");
            Tensor serial = Tensor.allocate(arena, 2, 700, d);
            Tensor split = Tensor.allocate(arena, 2, 700, d);
            mha.forward(query, key, key, o, one, serial, null);
            mha.forward(query, key, key, o, team, split, null);
            assertTrue(RandomTensors.maxAbsDiff(serial, split) <= SPLIT_TOLERANCE,
                    "diff " + RandomTensors.maxAbsDiff(serial, split));
            AttentionResult expected = new ReferenceMultiHeadAttention(d, heads, weights).forward(query, key, key, o);
            assertTrue(RandomTensors.maxAbsDiff(expected.output(), split) <= TOLERANCE);
        }
    }

    @Test
    void ownersWithTeamsOfTheirOwnRunAtOnce() throws Exception {
        Random random = new Random(11);
        int d = 48;
        int heads = 6;
        try (Arena arena = Arena.ofShared(); Workspace one = Workspace.create()) {
            AttentionWeights weights = RandomTensors.weights(arena, random, d);
            Tensor x = RandomTensors.gaussian(arena, random, 1f, 3, 37, d);
            MultiHeadAttention mha = new MultiHeadAttention(d, heads, weights);
            AttentionOptions o = AttentionOptions.DEFAULTS.withCausal(true).withNeedWeights(false);
            Tensor expected = Tensor.allocate(arena, 3, 37, d);
            mha.forward(x, x, x, o, one, expected, null);
            float[] want = expected.toFloatArray();

            ExecutorService owners = Executors.newFixedThreadPool(3);
            try {
                List<Future<Integer>> results = new ArrayList<>();
                for (int t = 0; t < 3; t++) {
                    results.add(owners.submit(() -> {
                        int differing = 0;
                        try (Arena own = Arena.ofConfined(); Workspace team = Workspace.create(2)) {
                            Tensor out = Tensor.allocate(own, 3, 37, d);
                            for (int i = 0; i < 100; i++) {
                                mha.forward(x, x, x, o, team, out, null);
                                float[] got = out.toFloatArray();
                                for (int j = 0; j < got.length; j++) {
                                    if (Math.abs(got[j] - want[j]) > SPLIT_TOLERANCE) {
                                        differing++;
                                        break;
                                    }
                                }
                            }
                        }
                        return differing;
                    }));
                }
                for (Future<Integer> f : results) {
                    assertEquals(0, f.get(), "forwards differing from the one-thread result");
                }
            } finally {
                owners.shutdownNow();
            }
        }
    }

    @Test
    void weightsConfinedToAnotherThreadFailInTheHelpersAndTheWorkspaceStaysUsable() throws Exception {
        Random random = new Random(3);
        int d = 16;
        AtomicReference<AttentionWeights> foreign = new AtomicReference<>();
        AtomicReference<Arena> foreignArena = new AtomicReference<>();
        Thread loader = new Thread(() -> {
            Arena a = Arena.ofConfined();
            foreignArena.set(a);
            foreign.set(RandomTensors.weights(a, random, d));
        });
        loader.start();
        loader.join();
        try (Arena arena = Arena.ofConfined(); Workspace team = Workspace.create(2)) {
            Tensor x = RandomTensors.gaussian(arena, new Random(4), 1f, 1, 9, d);
            Tensor out = Tensor.allocate(arena, 1, 9, d);
            AttentionOptions o = AttentionOptions.DEFAULTS.withNeedWeights(false);
            MultiHeadAttention bad = new MultiHeadAttention(d, 2, foreign.get());
            assertThrows(WrongThreadException.class, () -> bad.forward(x, x, x, o, team, out, null));

            MultiHeadAttention good = new MultiHeadAttention(d, 2, RandomTensors.weights(arena, new Random(6), d));
            good.forward(x, x, x, o, team, out, null);
            Tensor serial = Tensor.allocate(arena, 1, 9, d);
            try (Workspace one = Workspace.create()) {
                good.forward(x, x, x, o, one, serial, null);
            }
            assertTrue(RandomTensors.maxAbsDiff(serial, out) <= SPLIT_TOLERANCE);
        }
    }

    @Test
    void aTeamWorkspaceIsItsOwnersAndStopsItsHelpersWhenClosed() throws Exception {
        assertThrows(IllegalArgumentException.class, () -> Workspace.create(0));
        Workspace team = Workspace.create(3);
        assertEquals(3, team.threads());
        AtomicReference<Throwable> fromOther = new AtomicReference<>();
        Thread other = new Thread(() -> {
            try {
                team.close();
            } catch (Throwable e) {
                fromOther.set(e);
            }
        });
        other.start();
        other.join();
        assertTrue(fromOther.get() instanceof WrongThreadException, "closing from another thread: " + fromOther.get());
        Thread helper = team.scratch().team().anyWorker();
        team.close();
        helper.join(10_000);
        assertTrue(!helper.isAlive());
        try (Workspace one = Workspace.create()) {
            assertEquals(1, one.threads());
        }
    }

    @Test
    void aTeamWorkspaceDroppedWithoutCloseStopsItsHelpersOnceCollected() throws Exception {
        Thread helper = abandonedTeamHelper();
        for (int i = 0; i < 100 && helper.isAlive(); i++) {
            System.gc();
            helper.join(100);
        }
        assertTrue(!helper.isAlive(), "the helper of an unreachable workspace is still running");
    }

    /** Makes a team workspace, runs a forward on it, and drops it without closing it. */
    private static Thread abandonedTeamHelper() {
        Workspace team = Workspace.create(2);
        Random random = new Random(8);
        try (Arena arena = Arena.ofConfined()) {
            Tensor x = RandomTensors.gaussian(arena, random, 1f, 1, 5, 8);
            new MultiHeadAttention(8, 2, RandomTensors.weights(arena, random, 8))
                    .forward(x, x, x, AttentionOptions.DEFAULTS, team, Tensor.allocate(arena, 1, 5, 8),
                            Tensor.allocate(arena, 1, 2, 5, 5));
        }
        return team.scratch().team().anyWorker();
    }
}
