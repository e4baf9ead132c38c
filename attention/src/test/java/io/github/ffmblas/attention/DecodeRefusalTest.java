package io.github.ffmblas.attention;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ffmblas.bindings.Transpose;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * A step the contract refuses throws the promised exception, with a message naming the problem, before any product
 * runs (a counting gemm sees none), and leaves every byte as it was: the cache's keys and values and lengths, the
 * outputs, the inputs. The forward's rules (read-only, aliased, freed and other threads' memory), plus the cache's
 * own: it is written, so nothing may share its memory; it belongs to one thread; it may be closed or freed.
 */
class DecodeRefusalTest {
    private static final int D = 8;
    private static final int HEADS = 2;
    private static final int N = 2;

    private final AtomicInteger products = new AtomicInteger();
    private final Gemm counting = new Gemm() {
        @Override
        public void multiply(Transpose transB, int m, int n, int k, float alpha, MemorySegment a, long aOffset,
                             int lda, MemorySegment b, long bOffset, int ldb, float beta, MemorySegment c,
                             long cOffset, int ldc) {
            products.incrementAndGet();
            Gemm.NATIVE.multiply(transB, m, n, k, alpha, a, aOffset, lda, b, bOffset, ldb, beta, c, cOffset, ldc);
        }
    };

    private Arena arena;
    private Workspace workspace;
    private KeyValueCache cache;
    private AttentionWeights weights;
    private MultiHeadAttention mha;
    private Tensor x;
    private Tensor out;
    private Tensor attention;
    private final List<Tensor> watched = new ArrayList<>();

    @BeforeEach
    void setUp() {
        Random random = new Random(1);
        arena = Arena.ofConfined();
        workspace = Workspace.create();
        weights = RandomTensors.weights(arena, random, D);
        mha = new MultiHeadAttention(D, HEADS, weights, counting);
        cache = KeyValueCache.allocate(mha, 2, 6);
        x = RandomTensors.gaussian(arena, random, 1f, 2, N, D);
        out = RandomTensors.gaussian(arena, random, 1f, 2, N, D);
        attention = RandomTensors.gaussian(arena, random, 1f, 2, HEADS, N, 6);
        mha.decode(x, x, x, cache, StepOptions.DEFAULTS, workspace, out, null); // something cached
        products.set(0);
        watched.addAll(List.of(x, out, attention));
        watched.addAll(weights.tensors());
    }

    @AfterEach
    void tearDown() {
        if (!cache.isClosed() && cache.owner() == Thread.currentThread()) {
            cache.close();
        }
        workspace.close();
        arena.close();
    }

    /** Runs {@code call}, which must throw {@code type} with a message starting {@code start}, and change nothing. */
    private void refused(Class<? extends Throwable> type, String start, Executable call) {
        boolean readable = !cache.isClosed() && cache.memory().scope().isAlive()
                && cache.memory().isAccessibleBy(Thread.currentThread());
        byte[] keys = readable ? cache.keys().segment().toArray(ValueLayout.JAVA_BYTE) : null;
        byte[] values = readable ? cache.values().segment().toArray(ValueLayout.JAVA_BYTE) : null;
        int[] lengths = {cache.length(0), cache.length(1)};
        List<byte[]> before = new ArrayList<>();
        for (Tensor t : watched) {
            before.add(t.segment().scope().isAlive() ? t.segment().toArray(ValueLayout.JAVA_BYTE) : null);
        }
        Throwable e = assertThrows(type, call);
        assertTrue(e.getMessage().startsWith(start), () -> "message '" + e.getMessage() + "' should start '" + start + "'");
        assertEquals(0, products.get(), "no product may run before a refusal");
        if (keys != null) {
            assertArrayEquals(keys, cache.keys().segment().toArray(ValueLayout.JAVA_BYTE));
            assertArrayEquals(values, cache.values().segment().toArray(ValueLayout.JAVA_BYTE));
        }
        assertArrayEquals(lengths, new int[] {cache.length(0), cache.length(1)});
        for (int i = 0; i < watched.size(); i++) {
            if (before.get(i) != null) {
                assertArrayEquals(before.get(i), watched.get(i).segment().toArray(ValueLayout.JAVA_BYTE));
            }
        }
    }

    private void decode(Tensor query, Tensor output, Tensor weightsOut, StepOptions options) {
        mha.decode(query, query, query, cache, options, workspace, output, weightsOut);
    }

    private static final StepOptions WEIGHTS = StepOptions.DEFAULTS.withNeedWeights(true);

    @Test
    void outputsThatCannotBeWrittenOrShareMemoryAreRefused() throws IOException {
        refused(IllegalArgumentException.class, "output is read-only",
                () -> decode(x, Tensor.of(out.segment().asReadOnly(), 2, N, D), null, StepOptions.DEFAULTS));
        Path file = Files.createTempFile("ffmblas-decode-ro", ".bin");
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
             Arena mapped = Arena.ofConfined()) {
            ch.write(java.nio.ByteBuffer.allocate(4 * 2 * N * D));
            MemorySegment ro = ch.map(FileChannel.MapMode.READ_ONLY, 0, 4L * 2 * N * D, mapped);
            refused(IllegalArgumentException.class, "output is read-only (a file mapped read-only",
                    () -> decode(x, Tensor.of(ro, 2, N, D), null, StepOptions.DEFAULTS));
        } finally {
            Files.deleteIfExists(file);
        }
        MemorySegment cacheMemory = MemorySegment.ofAddress(cache.keys().segment().address())
                .reinterpret(4L * 2 * N * D);
        refused(IllegalArgumentException.class, "output shares memory with the cache",
                () -> decode(x, Tensor.of(cacheMemory, 2, N, D), null, StepOptions.DEFAULTS));
        MemorySegment inValues = MemorySegment.ofAddress(cache.values().segment().address() + 64)
                .reinterpret(4L * 2 * HEADS * N * 6);
        refused(IllegalArgumentException.class, "attention weights shares memory with the cache",
                () -> decode(x, out, Tensor.of(inValues, 2, HEADS, N, 6), WEIGHTS));
        refused(IllegalArgumentException.class, "output shares memory with query",
                () -> decode(x, Tensor.of(MemorySegment.ofAddress(x.segment().address()).reinterpret(4L * 2 * N * D),
                        2, N, D), null, StepOptions.DEFAULTS));
        Tensor inProj = weights.tensors().get(0);
        refused(IllegalArgumentException.class, "output shares memory with in_proj_weight",
                () -> decode(x, Tensor.of(inProj.segment().asSlice(0, 4L * 2 * N * D), 2, N, D), null,
                        StepOptions.DEFAULTS));
        MemorySegment both = arena.allocate(4L * 2 * HEADS * N * 6, 64);
        refused(IllegalArgumentException.class, "attention weights share memory with output",
                () -> decode(x, Tensor.of(both.asSlice(0, 4L * 2 * N * D), 2, N, D),
                        Tensor.of(both, 2, HEADS, N, 6), WEIGHTS));
        refused(IllegalArgumentException.class, "output is a heap segment",
                () -> decode(x, Tensor.of(MemorySegment.ofArray(new byte[4 * 2 * N * D]), 2, N, D), null,
                        StepOptions.DEFAULTS));
        MemorySegment odd = arena.allocate(4L * 2 * N * D + 4, 64).asSlice(2, 4L * 2 * N * D);
        refused(IllegalArgumentException.class, "output starts at byte address",
                () -> decode(x, Tensor.of(odd, 2, N, D), null, StepOptions.DEFAULTS));
    }

    @Test
    void inputsInTheCacheAreRefused() {
        MemorySegment keys = MemorySegment.ofAddress(cache.keys().segment().address()).reinterpret(4L * 2 * N * D);
        refused(IllegalArgumentException.class, "query shares memory with the cache",
                () -> decode(Tensor.of(keys, 2, N, D), out, null, StepOptions.DEFAULTS));
        refused(IllegalArgumentException.class, "key shares memory with the cache",
                () -> mha.appendKeyValues(Tensor.of(keys, 2, N, D), x, cache, StepOptions.DEFAULTS, workspace));
    }

    @Test
    void freedAndForeignMemoryIsRefusedByName() throws Exception {
        Arena gone = Arena.ofConfined();
        Tensor freed = Tensor.allocate(gone, 2, N, D);
        gone.close();
        refused(IllegalStateException.class, "query's memory was freed",
                () -> decode(freed, out, null, StepOptions.DEFAULTS));
        CompletableFuture<Tensor> made = new CompletableFuture<>();
        CompletableFuture<Void> release = new CompletableFuture<>();
        Thread owner = new Thread(() -> {
            try (Arena confined = Arena.ofConfined()) {
                made.complete(Tensor.allocate(confined, 2, N, D));
                release.join();
            }
        });
        owner.start();
        try {
            Tensor foreign = made.get();
            refused(WrongThreadException.class, "output is confined to another thread",
                    () -> decode(x, foreign, null, StepOptions.DEFAULTS));
        } finally {
            release.complete(null);
            owner.join();
        }
    }

    @Test
    void aCacheOfAnotherThreadClosedOrFreedIsRefused() throws Exception {
        KeyValueCache[] theirs = new KeyValueCache[1];
        Thread t = new Thread(() -> theirs[0] = KeyValueCache.allocate(Arena.global(), mha, 2, 6), "cache-owner");
        t.start();
        t.join();
        KeyValueCache mine = cache;
        cache = theirs[0];
        refused(WrongThreadException.class, "this KeyValueCache belongs to thread 'cache-owner'",
                () -> decode(x, out, null, StepOptions.DEFAULTS));
        assertThrows(WrongThreadException.class, () -> cache.truncate(0));
        cache = mine;
        Arena short1 = Arena.ofConfined();
        KeyValueCache inArena = KeyValueCache.allocate(short1, mha, 2, 6);
        short1.close();
        cache = inArena;
        refused(IllegalStateException.class, "the KeyValueCache's memory was freed",
                () -> decode(x, out, null, StepOptions.DEFAULTS));
        cache = mine;
        cache.close();
        refused(IllegalStateException.class, "this KeyValueCache is closed",
                () -> decode(x, out, null, StepOptions.DEFAULTS));
        assertThrows(IllegalStateException.class, () -> cache.reset());
    }

    @Test
    void aWorkspaceOfAnotherThreadIsRefused() throws Exception {
        Workspace[] theirs = new Workspace[1];
        Thread t = new Thread(() -> theirs[0] = Workspace.create());
        t.start();
        t.join();
        refused(WrongThreadException.class, "this Workspace belongs to thread",
                () -> mha.decode(x, x, x, cache, StepOptions.DEFAULTS, theirs[0], out, null));
    }

    @Test
    void wrongShapesAndCountsAreRefusedByName() {
        Tensor one = Tensor.allocate(arena, 1, N, D);
        refused(IllegalArgumentException.class, "query has batch 1, the cache 2",
                () -> decode(one, Tensor.allocate(arena, 1, N, D), null, StepOptions.DEFAULTS));
        Tensor wide = Tensor.allocate(arena, 2, N, D + 1);
        refused(IllegalArgumentException.class, "query's last dimension is 9, d_model is 8",
                () -> decode(wide, out, null, StepOptions.DEFAULTS));
        refused(IllegalArgumentException.class, "value must be F32 [2, 2, 8] like query",
                () -> mha.decode(x, x, Tensor.allocate(arena, 2, 1, D), cache, StepOptions.DEFAULTS, workspace, out,
                        null));
        refused(IllegalArgumentException.class, "output must be F32 [2, 2, 8]",
                () -> decode(x, Tensor.allocate(arena, 2, 1, D), null, StepOptions.DEFAULTS));
        refused(IllegalArgumentException.class, "options give tokens for 3 items, the batch has 2",
                () -> decode(x, out, null, StepOptions.DEFAULTS.withTokens(1, 1, 1)));
        refused(IllegalArgumentException.class, "tokens[1] is 3, more than the step's 2 rows",
                () -> decode(x, out, null, StepOptions.DEFAULTS.withTokens(1, 3)));
        assertThrows(IllegalArgumentException.class, () -> StepOptions.DEFAULTS.withTokens(-1));
        refused(IllegalArgumentException.class, "the attention weights are asked for",
                () -> decode(x, out, null, WEIGHTS));
        // Two items cached 2 tokens; after this step of 2 they attend to 4 keys: K = 3 is too narrow.
        refused(IllegalArgumentException.class, "attention weights must be F32 [2, 2, 2, K] with K >= 4",
                () -> decode(x, out, Tensor.allocate(arena, 2, HEADS, N, 3), WEIGHTS));
        try (KeyValueCache other = KeyValueCache.allocate(new MultiHeadAttention(D, 4,
                RandomTensors.weights(arena, new Random(2), D)), 2, 6)) {
            KeyValueCache mine = cache;
            cache = other;
            try {
                refused(IllegalArgumentException.class, "the cache is for d_model 8 and 4 heads, the model's are 8 and 2",
                        () -> decode(x, out, null, StepOptions.DEFAULTS));
            } finally {
                cache = mine;
            }
        }
        refused(NullPointerException.class, "cache is null",
                () -> mha.decode(x, x, x, null, StepOptions.DEFAULTS, workspace, out, null));
        refused(NullPointerException.class, "options is null",
                () -> mha.decode(x, x, x, cache, null, workspace, out, null));
        assertThrows(IllegalArgumentException.class, () -> KeyValueCache.allocate(mha, 0, 4));
        assertThrows(IllegalArgumentException.class, () -> cache.truncate(0, 3));
    }
}
