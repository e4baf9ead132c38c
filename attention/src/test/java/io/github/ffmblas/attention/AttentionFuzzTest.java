package io.github.ffmblas.attention;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Seeded random forward passes over every tensor of the attention API (inputs, masks, outputs, weights), each
 * valid and then, in three calls of four, broken in one way the contract says must be refused: an output read-only
 * ({@code asReadOnly()}) or mapped read-only from a file (which crashes the JVM when written), outputs on each
 * other's memory or on an input's, a mask's or a weight's (made by {@code asSlice}, by
 * {@code MemorySegment.ofAddress} over the same address, or over the same heap array), a tensor in a closed arena
 * or confined to another thread, an F32 tensor on the wrong kind of heap array or off a float boundary.
 *
 * <p>A refused call must throw the promised exception with a message that starts with the parameter's name, run no
 * product (a counting {@link Gemm} sees none) and leave every byte of every tensor as it was (all of them are
 * copied before and compared after). A valid call must match {@link ReferenceMultiHeadAttention} and leave its
 * inputs, masks and weights as they were. Valid calls vary what must not be refused: outputs side by side in one
 * buffer, inputs overlapping each other, read-only and file-mapped inputs, heap {@code float[]} tensors, outputs in
 * a file mapped read-write, an ignored attention-weights argument (broken or not) when they are not returned, one
 * and two threads, PyTorch and seed weights.
 *
 * <p>Validity is decided here from the contract, not by the code under test. {@code -Dffmblas.fuzz.seed=N
 * -Dffmblas.fuzz.calls=N} widen or replay a run, {@code -Dffmblas.fuzz.only=I} replays call I; a failure names them.
 */
class AttentionFuzzTest {
    private static final long SEED = Long.getLong("ffmblas.fuzz.seed", 20261216L);
    private static final int CALLS = Integer.getInteger("ffmblas.fuzz.calls", 6_000);
    private static final int ONLY = Integer.getInteger("ffmblas.fuzz.only", -1);
    private static final int REGION = 1 << 16;

    private static MemorySegment closed;
    private static MemorySegment foreign;
    private static CompletableFuture<Void> foreignRelease;
    private static Path readOnlyFile;
    private static Path readWriteFile;
    private static Arena mappedArena;
    private static MemorySegment mappedReadOnly;
    private static MemorySegment mappedReadWrite;
    private static Workspace[] workspaces;

    @BeforeAll
    static void setUp() throws Exception {
        Arena gone = Arena.ofConfined();
        closed = gone.allocate(REGION, 64);
        gone.close();
        // Memory confined to a thread of its own, which frees it at the end.
        CompletableFuture<MemorySegment> made = new CompletableFuture<>();
        foreignRelease = new CompletableFuture<>();
        Thread owner = new Thread(() -> {
            try (Arena confined = Arena.ofConfined()) {
                made.complete(confined.allocate(REGION, 64));
                foreignRelease.join();
            }
        }, "fuzz-foreign-owner");
        owner.setDaemon(true);
        owner.start();
        foreign = made.get();
        // Gaussian floats, so file-mapped inputs and masks hold ordinary values.
        Random r = new Random(SEED);
        ByteBuffer data = ByteBuffer.allocate(REGION).order(ByteOrder.LITTLE_ENDIAN);
        while (data.hasRemaining()) {
            data.putFloat((float) (r.nextGaussian() * 0.5));
        }
        readOnlyFile = Files.createTempFile("ffmblas-attention-fuzz-ro", ".bin");
        readWriteFile = Files.createTempFile("ffmblas-attention-fuzz-rw", ".bin");
        Files.write(readOnlyFile, data.array());
        Files.write(readWriteFile, new byte[REGION]);
        mappedArena = Arena.ofShared();
        try (FileChannel ro = FileChannel.open(readOnlyFile, StandardOpenOption.READ);
             FileChannel rw = FileChannel.open(readWriteFile, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            mappedReadOnly = ro.map(FileChannel.MapMode.READ_ONLY, 0, REGION, mappedArena);
            mappedReadWrite = rw.map(FileChannel.MapMode.READ_WRITE, 0, REGION, mappedArena);
        }
        workspaces = new Workspace[] {Workspace.create(1), Workspace.create(2)};
    }

    @AfterAll
    static void tearDown() throws IOException {
        for (Workspace w : workspaces) {
            w.close();
        }
        foreignRelease.complete(null);
        mappedArena.close();
        Files.deleteIfExists(readOnlyFile);
        Files.deleteIfExists(readWriteFile);
    }

    enum Fault {
        NONE, READ_ONLY, MAPPED_READ_ONLY, OUTPUTS_OVERLAP, OUTPUT_ON_INPUT, OUTPUT_ON_MASK, OUTPUT_ON_WEIGHT,
        CLOSED, OTHER_THREAD, WRONG_HEAP, MISALIGNED
    }

    static final List<String> INPUTS = List.of("query", "key", "value");
    static final List<String> MASKS = List.of("attn_mask", "key_padding_mask");
    static final List<String> OUTPUTS = List.of("output", "attention weights");
    static final String ATTENTION = "attention weights";

    /** The sizes and choices of one call. */
    record Shape(int d, int heads, int batch, int lq, int lk, boolean self, boolean kvShared, DType mask,
                 boolean padding, boolean causal, boolean needWeights, boolean seed, int threads) {

        List<String> weightNames() {
            return seed ? AttentionWeights.SEPARATE_PROJECTION_NAMES : AttentionWeights.PYTORCH_NAMES;
        }

        /** The weights an output may overlap: seed wq/wk/wv are packed into a copy, which is what the pass reads. */
        List<String> weightsInUse() {
            return seed ? List.of("dense.weight", "dense.bias") : AttentionWeights.PYTORCH_NAMES;
        }

        int[] shapeOf(String role) {
            return switch (role) {
                case "query", "output" -> new int[] {batch, lq, d};
                case "key", "value" -> new int[] {batch, lk, d};
                case "attn_mask" -> new int[] {lq, lk};
                case "key_padding_mask" -> new int[] {batch, lk};
                case ATTENTION -> new int[] {batch, heads, lq, lk};
                case "in_proj_weight" -> new int[] {3 * d, d};
                case "in_proj_bias" -> new int[] {3 * d};
                case "out_proj.weight", "wq.weight", "wk.weight", "wv.weight", "dense.weight" -> new int[] {d, d};
                default -> new int[] {d}; // the biases
            };
        }

        DType dtypeOf(String role) {
            return role.equals("key_padding_mask") || (role.equals("attn_mask") && mask == DType.BOOL)
                    ? DType.BOOL : DType.F32;
        }

        long bytesOf(String role) {
            return Tensor.elementCount(shapeOf(role)) * dtypeOf(role).byteSize();
        }
    }

    /** What a broken call must throw: the exception's class and how its message starts. */
    record Refusal(Class<? extends RuntimeException> type, String messageStart) {}

    private static Shape shape(Random r) {
        int d = new int[] {4, 8, 12}[r.nextInt(3)];
        int heads;
        do {
            heads = 1 + r.nextInt(4);
        } while (d % heads != 0);
        int batch = 1 + r.nextInt(r.nextInt(4) == 0 ? 3 : 2);
        int lq = 1 + r.nextInt(6);
        boolean self = r.nextInt(3) == 0;
        int lk = self ? lq : 1 + r.nextInt(6);
        DType mask = switch (r.nextInt(3)) {
            case 0 -> DType.F32;
            case 1 -> DType.BOOL;
            default -> null;
        };
        return new Shape(d, heads, batch, lq, lk, self, !self && r.nextInt(3) == 0, mask, r.nextInt(3) == 0,
                r.nextInt(4) == 0, r.nextInt(4) != 0, r.nextInt(5) == 0, 1 + r.nextInt(2));
    }

    /** Makes the shape fit the fault where it would have nothing to break (so every fault gets its share). */
    private static Shape fitted(Shape s, Fault fault) {
        boolean needWeights = s.needWeights() || fault == Fault.OUTPUTS_OVERLAP;
        boolean padding = s.padding() || (fault == Fault.OUTPUT_ON_MASK && s.mask() == null);
        return new Shape(s.d(), s.heads(), s.batch(), s.lq(), s.lk(), s.self(), s.kvShared(), s.mask(), padding,
                s.causal(), needWeights, s.seed(), s.threads());
    }

    @Test
    void brokenCallsAreRefusedByNameUntouchedAndValidOnesMatchTheReference() {
        Random random = new Random(SEED);
        Map<Fault, Integer> counts = new EnumMap<>(Fault.class);
        Map<String, Integer> targets = new java.util.TreeMap<>();
        int[] refused = new int[1];
        for (int call = 0; call < CALLS; call++) {
            long callSeed = random.nextLong();
            if (ONLY >= 0 && call != ONLY) {
                continue;
            }
            Random r = new Random(callSeed);
            Fault fault = r.nextInt(4) == 0 ? Fault.NONE : Fault.values()[1 + r.nextInt(Fault.values().length - 1)];
            Shape s = fitted(shape(r), fault);
            String where = "call " + call + " (-Dffmblas.fuzz.seed=" + SEED + " -Dffmblas.fuzz.only=" + call + "): "
                    + fault + " " + s;
            try (Arena arena = Arena.ofConfined()) {
                String target = run(s, fault, r, arena, where, refused);
                counts.merge(fault, 1, Integer::sum);
                targets.merge(fault + ":" + target, 1, Integer::sum);
            }
        }
        System.out.printf("AttentionFuzzTest: %,d calls (%,d refused, %,d valid), by fault: %s%n", CALLS, refused[0],
                CALLS - refused[0], counts);
        System.out.println("AttentionFuzzTest: by fault and target: " + targets);
        if (ONLY < 0) {
            for (Fault f : Fault.values()) {
                assertTrue(counts.getOrDefault(f, 0) > 0, "no call was made with " + f);
            }
        }
    }

    /** One call: builds its tensors, breaks one (or none), runs it and checks the outcome. Returns the target. */
    private String run(Shape s, Fault fault, Random r, Arena arena, String where, int[] refused) {
        Map<String, Tensor> t = validTensors(s, r, arena);
        String target = "-";
        Refusal refusal = null;
        switch (fault) {
            case NONE -> { }
            case READ_ONLY, MAPPED_READ_ONLY -> {
                target = pick(r, OUTPUTS);
                Tensor old = t.get(target);
                t.put(target, fault == Fault.READ_ONLY ? Tensor.of(old.segment().asReadOnly(), old.dtype(), old.shape())
                        : Tensor.of(mappedReadOnly.asSlice(4L * r.nextInt(64), old.segment().byteSize()), old.shape()));
                refusal = new Refusal(IllegalArgumentException.class, target + " is read-only"
                        + (fault == Fault.MAPPED_READ_ONLY ? " (a file mapped read-only" : ""));
            }
            case OUTPUTS_OVERLAP -> {
                target = overlap(s, t, r, arena, pick(r, OUTPUTS), null);
                refusal = new Refusal(IllegalArgumentException.class, "attention weights shares memory with output");
            }
            case OUTPUT_ON_INPUT, OUTPUT_ON_MASK, OUTPUT_ON_WEIGHT -> {
                String output = pick(r, OUTPUTS);
                List<String> victims = fault == Fault.OUTPUT_ON_INPUT ? INPUTS
                        : fault == Fault.OUTPUT_ON_WEIGHT ? s.weightsInUse()
                        : MASKS.stream().filter(t::containsKey).toList();
                String victim = pick(r, victims);
                target = overlap(s, t, r, arena, output, victim);
                // The first role the victim's tensor plays is the one named (self-attention passes one for three).
                String named = firstRoleOf(t, t.get(victim));
                refusal = new Refusal(IllegalArgumentException.class, output + " shares memory with " + named);
            }
            case CLOSED, OTHER_THREAD -> {
                List<String> roles = new ArrayList<>(t.keySet());
                target = pick(r, roles);
                MemorySegment from = fault == Fault.CLOSED ? closed : foreign;
                t.put(target, Tensor.of(from.asSlice(0, s.bytesOf(target)), s.dtypeOf(target), s.shapeOf(target)));
                // Named as the role (seed wq/wk/wv by ofSeparateProjections, which reads them to pack them).
                refusal = new Refusal(fault == Fault.CLOSED ? IllegalStateException.class : WrongThreadException.class,
                        target);
            }
            case WRONG_HEAP, MISALIGNED -> {
                target = pick(r, List.of("query", "key", "value", "output", ATTENTION));
                long bytes = s.bytesOf(target);
                MemorySegment wrong;
                if (fault == Fault.WRONG_HEAP) {
                    wrong = r.nextBoolean() ? MemorySegment.ofArray(new byte[(int) bytes])
                            : MemorySegment.ofArray(new int[(int) bytes / 4]);
                } else {
                    wrong = arena.allocate(bytes + 8, 64).asSlice(1 + r.nextInt(3), bytes);
                }
                fill(wrong, r);
                t.put(target, Tensor.of(wrong, s.shapeOf(target)));
                refusal = new Refusal(IllegalArgumentException.class, target
                        + (fault == Fault.WRONG_HEAP ? " is a heap segment" : " starts at byte address"));
            }
        }
        if (!s.needWeights() && ATTENTION.equals(target) || fault == Fault.NONE) {
            refusal = null; // an ignored attention-weights argument may be anything
        }
        check(s, t, refusal, where + " on " + target);
        refused[0] += refusal == null ? 0 : 1;
        return target;
    }

    /**
     * Places output {@code output} over the memory of {@code victim} (a role), or, for a null victim, over the
     * other output; returns the output's role.
     */
    private String overlap(Shape s, Map<String, Tensor> t, Random r, Arena arena, String output, String victim) {
        String other = victim != null ? victim : output.equals("output") ? ATTENTION : "output";
        long outBytes = s.bytesOf(output);
        long otherBytes = s.bytesOf(other);
        boolean heap = r.nextInt(4) == 0 && s.dtypeOf(other) == DType.F32;
        MemorySegment buffer = heap ? MemorySegment.ofArray(new float[(int) (outBytes + otherBytes) / 4])
                : arena.allocate(outBytes + otherBytes, 64);
        fill(buffer, r);
        // Either may start first; the other starts inside it, on a float boundary.
        boolean outputFirst = r.nextBoolean();
        long first = outputFirst ? outBytes : otherBytes;
        long shift = 4 * (long) r.nextInt((int) Math.max(1, (first + 3) / 4));
        long outAt = outputFirst ? 0 : shift;
        long otherAt = outputFirst ? shift : 0;
        MemorySegment outSegment = !heap && r.nextBoolean()
                ? MemorySegment.ofAddress(buffer.address() + outAt).reinterpret(outBytes)
                : buffer.asSlice(outAt, outBytes);
        Tensor victimTensor = Tensor.of(buffer.asSlice(otherAt, otherBytes), s.dtypeOf(other), s.shapeOf(other));
        Tensor old = t.get(other);
        // A tensor that plays several roles (self-attention) is replaced in all of them, so no other role keeps
        // the old memory.
        for (Map.Entry<String, Tensor> e : t.entrySet()) {
            if (e.getValue() == old) {
                e.setValue(victimTensor);
            }
        }
        t.put(output, Tensor.of(outSegment, s.shapeOf(output)));
        return output;
    }

    /** The first of query, key, value (in that order) that {@code tensor} is; otherwise the role it has. */
    private static String firstRoleOf(Map<String, Tensor> t, Tensor tensor) {
        for (String role : t.keySet()) {
            if (t.get(role) == tensor) {
                return role;
            }
        }
        throw new AssertionError("not a tensor of the call");
    }

    /** Runs the call; a refused one must be refused as promised, untouched; a valid one must match the reference. */
    private void check(Shape s, Map<String, Tensor> t, Refusal refusal, String where) {
        IdentityHashMap<MemorySegment, byte[]> before = snapshot(t);
        ForwardMemoryTest.CountingGemm gemm = new ForwardMemoryTest.CountingGemm();
        Tensor out = t.get("output");
        Tensor attention = t.get(ATTENTION);
        AttentionOptions options = new AttentionOptions(s.causal(), t.get("attn_mask"), t.get("key_padding_mask"),
                s.needWeights());
        AttentionWeights weights = null;
        try {
            weights = weights(s, t);
            MultiHeadAttention mha = new MultiHeadAttention(s.d(), s.heads(), weights, gemm);
            mha.forward(t.get("query"), t.get("key"), t.get("value"), options, workspaces[s.threads() - 1], out,
                    attention);
            if (refusal != null) {
                fail(where + ": accepted; it must be refused with " + refusal);
            }
        } catch (RuntimeException e) {
            if (refusal == null) {
                throw new AssertionError(where + ": a valid call was refused", e);
            }
            if (!refusal.type().isInstance(e) || e.getMessage() == null
                    || !e.getMessage().startsWith(refusal.messageStart())) {
                throw new AssertionError(where + ": expected " + refusal + ", got " + e, e);
            }
            assertEquals(0, gemm.calls.get(), where + ": products ran before the refusal");
            assertUnchanged(before, t, where);
            return;
        }
        // Valid: inputs, masks and weights as they were, outputs as the reference computes them.
        Map<String, Tensor> read = new LinkedHashMap<>(t);
        read.remove("output");
        read.remove(ATTENTION);
        IdentityHashMap<MemorySegment, byte[]> readBefore = new IdentityHashMap<>();
        read.values().forEach(x -> readBefore.put(x.segment(), before.get(x.segment())));
        assertUnchanged(readBefore, read, where);
        AttentionResult expected = new ReferenceMultiHeadAttention(s.d(), s.heads(), weights)
                .forward(t.get("query"), t.get("key"), t.get("value"), options);
        float outDiff = RandomTensors.maxAbsDiff(expected.output(), out);
        assertTrue(outDiff <= 1e-4f, where + ": output differs from the reference by " + outDiff);
        if (s.needWeights()) {
            float weightsDiff = RandomTensors.maxAbsDiff(expected.attentionWeights().orElseThrow(), attention);
            assertTrue(weightsDiff <= 1e-5f, where + ": attention weights differ by " + weightsDiff);
        }
    }

    private static AttentionWeights weights(Shape s, Map<String, Tensor> t) {
        if (!s.seed()) {
            return AttentionWeights.ofPyTorch(t.get("in_proj_weight"), t.get("in_proj_bias"), t.get("out_proj.weight"),
                    t.get("out_proj.bias"));
        }
        // Packed into an automatic arena: shared, so a two-thread workspace's helpers may read it.
        return AttentionWeights.ofSeparateProjections(Arena.ofAuto(), t.get("wq.weight"), t.get("wq.bias"), t.get("wk.weight"),
                t.get("wk.bias"), t.get("wv.weight"), t.get("wv.bias"), t.get("dense.weight"), t.get("dense.bias"));
    }

    // ---- valid tensors, in the many places a caller may keep them ----------------------------------------------

    private static Map<String, Tensor> validTensors(Shape s, Random r, Arena arena) {
        Map<String, Tensor> t = new LinkedHashMap<>();
        Tensor query = input(s, "query", r, arena);
        t.put("query", query);
        if (s.self()) {
            t.put("key", query);
            t.put("value", query);
        } else {
            Tensor key;
            if (r.nextInt(5) == 0) { // key on part of the query's memory: inputs may share it
                long bytes = s.bytesOf("key");
                MemorySegment both = arena.allocate(s.bytesOf("query") + bytes, 64);
                fill(both, r);
                key = Tensor.of(both.asSlice(4L * r.nextInt((int) s.bytesOf("query") / 4), bytes), s.shapeOf("key"));
                t.put("query", Tensor.of(both.asSlice(0, s.bytesOf("query")), s.shapeOf("query")));
            } else {
                key = input(s, "key", r, arena);
            }
            t.put("key", key);
            t.put("value", s.kvShared() ? key : input(s, "value", r, arena));
        }
        if (s.mask() != null) {
            t.put("attn_mask", mask(s, "attn_mask", r, arena));
        }
        if (s.padding()) {
            t.put("key_padding_mask", mask(s, "key_padding_mask", r, arena));
        }
        outputs(s, t, r, arena);
        for (String name : s.weightNames()) {
            Tensor w = Tensor.allocate(arena, s.shapeOf(name));
            fill(w.segment(), r, 0.3);
            t.put(name, w);
        }
        return t;
    }

    /** An F32 input: native, heap float[], mapped read-only from a file, or a read-only view. */
    private static Tensor input(Shape s, String role, Random r, Arena arena) {
        long bytes = s.bytesOf(role);
        MemorySegment segment = switch (r.nextInt(6)) {
            case 0 -> MemorySegment.ofArray(new float[(int) bytes / 4]);
            case 1 -> mappedReadOnly.asSlice(4L * r.nextInt(1024), bytes);
            case 2 -> arena.allocate(bytes + 64, 64).asSlice(4L * r.nextInt(16), bytes);
            default -> arena.allocate(bytes, 64);
        };
        if (!segment.isReadOnly()) {
            fill(segment, r);
        }
        if (r.nextInt(6) == 0) {
            segment = segment.asReadOnly();
        }
        return Tensor.of(segment, s.shapeOf(role));
    }

    private static Tensor mask(Shape s, String role, Random r, Arena arena) {
        DType dtype = s.dtypeOf(role);
        long bytes = s.bytesOf(role);
        MemorySegment segment = r.nextInt(4) == 0
                ? (dtype == DType.F32 ? MemorySegment.ofArray(new float[(int) bytes / 4])
                        : MemorySegment.ofArray(new byte[(int) bytes]))
                : arena.allocate(bytes, 64);
        if (dtype == DType.F32) {
            fill(segment, r);
        } else {
            for (long i = 0; i < bytes; i++) {
                segment.set(ValueLayout.JAVA_BYTE, i, (byte) (r.nextInt(4) == 0 ? 1 + r.nextInt(255) : 0));
            }
        }
        return Tensor.of(r.nextInt(4) == 0 ? segment.asReadOnly() : segment, dtype, s.shapeOf(role));
    }

    /**
     * The two outputs: each alone (native or heap), side by side in one buffer in either order (the second as a
     * slice or by address), or in the file mapped read-write. An output need not be zeroed: its old values are
     * noise that must not show.
     */
    private static void outputs(Shape s, Map<String, Tensor> t, Random r, Arena arena) {
        long outBytes = s.bytesOf("output");
        long attentionBytes = s.bytesOf(ATTENTION);
        MemorySegment out;
        MemorySegment attention;
        switch (r.nextInt(5)) {
            case 0 -> {
                MemorySegment both = arena.allocate(outBytes + attentionBytes + 4 * r.nextInt(3), 64);
                boolean outFirst = r.nextBoolean();
                long second = both.byteSize() - (outFirst ? attentionBytes : outBytes);
                out = outFirst ? both.asSlice(0, outBytes) : both.asSlice(second, outBytes);
                attention = outFirst ? both.asSlice(second, attentionBytes) : both.asSlice(0, attentionBytes);
                if (r.nextBoolean()) {
                    attention = MemorySegment.ofAddress(attention.address()).reinterpret(attentionBytes);
                }
            }
            case 1 -> {
                out = MemorySegment.ofArray(new float[(int) outBytes / 4]);
                attention = MemorySegment.ofArray(new float[(int) attentionBytes / 4]);
            }
            case 2 -> {
                long at = 4L * r.nextInt(1024);
                out = mappedReadWrite.asSlice(at, outBytes);
                attention = mappedReadWrite.asSlice(at + outBytes, attentionBytes);
            }
            default -> {
                out = arena.allocate(outBytes, 64);
                attention = arena.allocate(attentionBytes, 64);
            }
        }
        fill(out, r);
        fill(attention, r);
        t.put("output", Tensor.of(out, s.shapeOf("output")));
        t.put(ATTENTION, Tensor.of(attention, s.shapeOf(ATTENTION)));
    }

    private static void fill(MemorySegment s, Random r) {
        fill(s, r, 1.0);
    }

    private static void fill(MemorySegment s, Random r, double scale) {
        for (long i = 0; i + 4 <= s.byteSize(); i += 4) {
            s.set(ValueLayout.JAVA_FLOAT_UNALIGNED, i, (float) (r.nextGaussian() * scale));
        }
    }

    private static <T> T pick(Random r, List<T> values) {
        return values.get(r.nextInt(values.size()));
    }

    // ---- every byte as it was ---------------------------------------------------------------------------------

    /** Each readable segment's bytes (segments of a closed arena or another thread cannot be read here). */
    private static IdentityHashMap<MemorySegment, byte[]> snapshot(Map<String, Tensor> t) {
        IdentityHashMap<MemorySegment, byte[]> copies = new IdentityHashMap<>();
        for (Tensor x : t.values()) {
            MemorySegment s = x.segment();
            if (s.scope().isAlive() && s.isAccessibleBy(Thread.currentThread())) {
                copies.put(s, s.toArray(ValueLayout.JAVA_BYTE));
            }
        }
        return copies;
    }

    private static void assertUnchanged(IdentityHashMap<MemorySegment, byte[]> before, Map<String, Tensor> t,
                                        String where) {
        Map<MemorySegment, String> names = new IdentityHashMap<>();
        t.forEach((name, x) -> names.merge(x.segment(), name, (a, b) -> a + "/" + b));
        before.forEach((segment, bytes) -> assertArrayEquals(bytes, segment.toArray(ValueLayout.JAVA_BYTE),
                where + ": " + names.get(segment) + " changed"));
    }
}
