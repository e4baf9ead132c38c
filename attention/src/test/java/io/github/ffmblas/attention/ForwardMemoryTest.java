package io.github.ffmblas.attention;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ffmblas.attention.safetensors.SafeTensorsFile;
import io.github.ffmblas.attention.safetensors.SafeTensorsWriter;
import io.github.ffmblas.bindings.Transpose;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The outputs of a forward pass against memory they must not write: read-only views, a file mapped read-only, and
 * each other, the masks, the inputs and the weights. Each such call must be refused by name before any product runs
 * (a counting {@link Gemm} sees none) and leave every byte of every tensor as it was. Before these checks, a
 * read-only attention-weights tensor was refused only by the BLAS facade, after the projections had run, as
 * "sgemmBatchStrided: output C"; a read-only output was refused after the attention weights had been written; and
 * outputs sharing memory with each other or with the F32 mask were accepted and came back wrong.
 */
class ForwardMemoryTest {
    private static final int D = 8;
    private static final int HEADS = 2;
    private static final int BATCH = 2;
    private static final int L = 5;

    @TempDir
    Path dir;

    /** OpenBLAS, counting the products it is asked for (from any thread). */
    static final class CountingGemm implements Gemm {
        final AtomicInteger calls = new AtomicInteger();

        @Override
        public void multiply(Transpose transB, int m, int n, int k, float alpha, MemorySegment a, long aOffset,
                             int lda, MemorySegment b, long bOffset, int ldb, float beta, MemorySegment c,
                             long cOffset, int ldc) {
            calls.incrementAndGet();
            Gemm.NATIVE.multiply(transB, m, n, k, alpha, a, aOffset, lda, b, bOffset, ldb, beta, c, cOffset, ldc);
        }

        @Override
        public void multiplyBatch(Transpose transB, int m, int n, int k, float alpha, MemorySegment a, long aOffset,
                                  int lda, long strideA, MemorySegment b, long bOffset, int ldb, long strideB,
                                  float beta, MemorySegment c, long cOffset, int ldc, long strideC, int count) {
            calls.incrementAndGet();
            Gemm.NATIVE.multiplyBatch(transB, m, n, k, alpha, a, aOffset, lda, strideA, b, bOffset, ldb, strideB,
                    beta, c, cOffset, ldc, strideC, count);
        }
    }

    /** One forward's tensors; the call is refused, no product runs and no byte of any of them changes. */
    private static void assertRefused(String what, String messageStart, MultiHeadAttention mha, CountingGemm gemm,
                                      Workspace workspace, Tensor x, AttentionOptions options, Tensor out,
                                      Tensor attention, Tensor... others) {
        List<Tensor> all = new ArrayList<>(List.of(x, out, attention));
        all.addAll(List.of(others));
        if (options.attnMask() != null) {
            all.add(options.attnMask());
        }
        List<byte[]> before = all.stream().map(t -> t.segment().toArray(ValueLayout.JAVA_BYTE)).toList();
        int callsBefore = gemm.calls.get();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> mha.forward(x, x, x, options, workspace, out, attention), what);
        assertTrue(e.getMessage().startsWith(messageStart), what + ": " + e.getMessage());
        assertEquals(callsBefore, gemm.calls.get(), what + ": products ran before the refusal");
        for (int i = 0; i < all.size(); i++) {
            assertArrayEquals(before.get(i), all.get(i).segment().toArray(ValueLayout.JAVA_BYTE),
                    what + ": a refused call changed " + all.get(i));
        }
    }

    @Test
    void readOnlyOutputsAreRefusedByNameBeforeAnyProduct() {
        for (int threads : new int[] {1, 2}) {
            for (boolean mask : new boolean[] {false, true}) {
                try (Arena arena = Arena.ofConfined(); Workspace workspace = Workspace.create(threads)) {
                    Random random = new Random(1);
                    CountingGemm gemm = new CountingGemm();
                    MultiHeadAttention mha = new MultiHeadAttention(D, HEADS, RandomTensors.weights(arena, random, D),
                            gemm);
                    Tensor x = RandomTensors.gaussian(arena, random, 1f, BATCH, L, D);
                    Tensor out = RandomTensors.gaussian(arena, random, 1f, BATCH, L, D);
                    Tensor attention = RandomTensors.gaussian(arena, random, 1f, BATCH, HEADS, L, L);
                    AttentionOptions options = mask
                            ? AttentionOptions.DEFAULTS.withAttnMask(RandomTensors.gaussian(arena, random, 1f, L, L))
                            : AttentionOptions.DEFAULTS;
                    String where = "threads " + threads + (mask ? ", F32 mask" : "") + ": ";
                    assertRefused(where + "read-only attention weights", "attention weights is read-only", mha, gemm,
                            workspace, x, options, out, readOnly(attention));
                    assertRefused(where + "read-only output", "output is read-only", mha, gemm, workspace, x,
                            options, readOnly(out), attention);
                    mha.forward(x, x, x, options, workspace, out, attention); // and the same tensors, writable, work
                }
            }
        }
    }

    private static Tensor readOnly(Tensor t) {
        return Tensor.of(t.segment().asReadOnly(), t.dtype(), t.shape());
    }

    /**
     * A tensor of a {@link SafeTensorsFile} is mapped read-only: written by native code it would crash the JVM (it
     * did, before the facade refused read-only outputs). Refused by name, as either output.
     */
    @Test
    void aTensorMappedFromAFileIsRefusedAsAnOutput() throws Exception {
        Path file = dir.resolve("outputs.safetensors");
        try (Arena arena = Arena.ofConfined(); Workspace workspace = Workspace.create()) {
            Random random = new Random(2);
            Map<String, Tensor> tensors = new LinkedHashMap<>();
            tensors.put("out", RandomTensors.gaussian(arena, random, 1f, BATCH, L, D));
            tensors.put("attention", RandomTensors.gaussian(arena, random, 1f, BATCH, HEADS, L, L));
            SafeTensorsWriter.write(file, tensors, Map.of());
            CountingGemm gemm = new CountingGemm();
            MultiHeadAttention mha = new MultiHeadAttention(D, HEADS, RandomTensors.weights(arena, random, D), gemm);
            Tensor x = RandomTensors.gaussian(arena, random, 1f, BATCH, L, D);
            Tensor out = Tensor.allocate(arena, BATCH, L, D);
            Tensor attention = Tensor.allocate(arena, BATCH, HEADS, L, L);
            try (SafeTensorsFile mapped = SafeTensorsFile.open(file)) {
                assertTrue(mapped.tensor("attention").segment().isMapped(), "the test needs a mapped tensor");
                assertRefused("mapped attention weights", "attention weights is read-only (a file mapped read-only",
                        mha, gemm, workspace, x, AttentionOptions.DEFAULTS, out, mapped.tensor("attention"));
                assertRefused("mapped output", "output is read-only (a file mapped read-only", mha, gemm, workspace,
                        x, AttentionOptions.DEFAULTS, mapped.tensor("out"), attention);
            }
        }
    }

    /**
     * Outputs on one buffer: overlapping ones are refused, however the second segment was made (a slice, or
     * {@code MemorySegment.ofAddress} over the same address); side by side they are fine and give the reference's
     * result. Before, attention weights overlapping the output were overwritten by it without a word.
     */
    @Test
    void outputsSharingMemoryAreRefusedAndSideBySideOnesWork() {
        long outBytes = (long) BATCH * L * D * Float.BYTES;
        long attentionBytes = (long) BATCH * HEADS * L * L * Float.BYTES;
        for (int threads : new int[] {1, 2}) {
            try (Arena arena = Arena.ofConfined(); Workspace workspace = Workspace.create(threads)) {
                Random random = new Random(3);
                CountingGemm gemm = new CountingGemm();
                AttentionWeights weights = RandomTensors.weights(arena, random, D);
                MultiHeadAttention mha = new MultiHeadAttention(D, HEADS, weights, gemm);
                Tensor x = RandomTensors.gaussian(arena, random, 1f, BATCH, L, D);
                MemorySegment buffer = arena.allocate(outBytes + attentionBytes, 64);
                buffer.fill((byte) 7);
                for (long shift : new long[] {0, Float.BYTES, outBytes - Float.BYTES}) {
                    Tensor out = Tensor.of(buffer.asSlice(0, outBytes), BATCH, L, D);
                    Tensor attention = Tensor.of(buffer.asSlice(shift, attentionBytes), BATCH, HEADS, L, L);
                    assertRefused("threads " + threads + ", attention weights " + shift + " bytes into the output",
                            "attention weights shares memory with output", mha, gemm, workspace, x,
                            AttentionOptions.DEFAULTS, out, attention);
                    Tensor twin = Tensor.of(MemorySegment.ofAddress(buffer.address() + shift)
                            .reinterpret(attentionBytes), BATCH, HEADS, L, L);
                    assertRefused("threads " + threads + ", attention weights by address " + shift
                            + " bytes into the output", "attention weights shares memory with output", mha, gemm,
                            workspace, x, AttentionOptions.DEFAULTS, out, twin);
                }
                Tensor out = Tensor.of(buffer.asSlice(0, outBytes), BATCH, L, D);
                Tensor attention = Tensor.of(buffer.asSlice(outBytes, attentionBytes), BATCH, HEADS, L, L);
                mha.forward(x, x, x, AttentionOptions.DEFAULTS, workspace, out, attention);
                AttentionResult expected = new ReferenceMultiHeadAttention(D, HEADS, weights)
                        .forward(x, x, x, AttentionOptions.DEFAULTS);
                assertTrue(RandomTensors.maxAbsDiff(expected.output(), out) < 1e-4f, "output next to the weights");
                assertTrue(RandomTensors.maxAbsDiff(expected.attentionWeights().orElseThrow(), attention) < 1e-5f,
                        "attention weights next to the output");
            }
        }
    }

    /**
     * Attention weights on the F32 mask's memory: before, accepted, and wrong for batch 2 (the first batch row's
     * softmax overwrote the mask the second row adds) and on two threads. Now refused by name.
     */
    @Test
    void attentionWeightsOnTheMasksMemoryAreRefused() {
        for (int threads : new int[] {1, 2}) {
            try (Arena arena = Arena.ofConfined(); Workspace workspace = Workspace.create(threads)) {
                Random random = new Random(4);
                CountingGemm gemm = new CountingGemm();
                MultiHeadAttention mha = new MultiHeadAttention(D, HEADS, RandomTensors.weights(arena, random, D),
                        gemm);
                Tensor x = RandomTensors.gaussian(arena, random, 1f, BATCH, L, D);
                Tensor out = Tensor.allocate(arena, BATCH, L, D);
                Tensor attention = RandomTensors.gaussian(arena, random, 0.5f, BATCH, HEADS, L, L);
                Tensor mask = Tensor.of(attention.segment().asSlice(0, (long) L * L * Float.BYTES), L, L);
                assertRefused("threads " + threads + ": the mask is the first head's weights",
                        "attention weights shares memory with attn_mask", mha, gemm, workspace, x,
                        AttentionOptions.DEFAULTS.withAttnMask(mask), out, attention);
                Tensor boolMask = Tensor.of(out.segment().asSlice(0, (long) L * L), DType.BOOL, L, L);
                assertRefused("threads " + threads + ": a BOOL mask in the output's bytes",
                        "output shares memory with attn_mask", mha, gemm, workspace, x,
                        AttentionOptions.DEFAULTS.withAttnMask(boolMask), out, attention);
                Tensor padding = Tensor.of(attention.segment().asSlice(8, (long) BATCH * L), DType.BOOL, BATCH, L);
                assertRefused("threads " + threads + ": the padding mask in the weights' bytes",
                        "attention weights shares memory with key_padding_mask", mha, gemm, workspace, x,
                        AttentionOptions.DEFAULTS.withKeyPaddingMask(padding), out, attention);
            }
        }
    }

    /** An output on an input's or a weight's memory: refused naming both, the weight by its file name. */
    @Test
    void outputsOnInputsOrWeightsAreRefused() {
        try (Arena arena = Arena.ofConfined(); Workspace workspace = Workspace.create()) {
            Random random = new Random(5);
            Tensor inProj = RandomTensors.gaussian(arena, random, 0.3f, 3 * D, D);
            Tensor inBias = RandomTensors.gaussian(arena, random, 0.3f, 3 * D);
            Tensor outProj = RandomTensors.gaussian(arena, random, 0.3f, D, D);
            Tensor outBias = RandomTensors.gaussian(arena, random, 0.3f, D);
            CountingGemm gemm = new CountingGemm();
            MultiHeadAttention mha = new MultiHeadAttention(D, HEADS,
                    AttentionWeights.ofPyTorch(inProj, inBias, outProj, outBias), gemm);
            Tensor x = RandomTensors.gaussian(arena, random, 1f, 1, L, D);
            Tensor out = Tensor.allocate(arena, 1, L, D);
            Tensor attention = Tensor.allocate(arena, 1, HEADS, L, L);
            assertRefused("output = query", "output shares memory with query", mha, gemm, workspace, x,
                    AttentionOptions.DEFAULTS, Tensor.of(x.segment(), 1, L, D), attention);
            long lBytes = (long) L * D * Float.BYTES;
            assertRefused("output on in_proj_weight", "output shares memory with in_proj_weight", mha, gemm,
                    workspace, x, AttentionOptions.DEFAULTS, Tensor.of(inProj.segment().asSlice(0, lBytes), 1, L, D),
                    attention, inProj);
            Tensor weightsAsAttention = Tensor.of(outProj.segment().asSlice(0, (long) HEADS * L * L * Float.BYTES),
                    1, HEADS, L, L);
            assertRefused("attention weights on out_proj.weight",
                    "attention weights shares memory with out_proj.weight", mha, gemm, workspace, x,
                    AttentionOptions.DEFAULTS, out, weightsAsAttention, outProj);
            MemorySegment biases = arena.allocate(lBytes, 64);
            Tensor onBias = Tensor.of(biases, 1, L, D);
            MultiHeadAttention biasInOutput = new MultiHeadAttention(D, HEADS, AttentionWeights.ofPyTorch(inProj,
                    inBias, outProj, Tensor.of(biases.asSlice(lBytes - D * Float.BYTES), D)), gemm);
            assertRefused("output over out_proj.bias", "output shares memory with out_proj.bias", biasInOutput, gemm,
                    workspace, x, AttentionOptions.DEFAULTS, onBias, attention);
        }
    }
}
