package io.github.ffmblas.attention;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * {@link PackedGemm}'s head products ({@code spi.PackedHeads}): K and V packed, then the logits and the context
 * against double-precision loops at awkward sizes, fewer keys than packed (a causal tile), padded leading
 * dimensions and offsets, every float outside the output unchanged; and every refusal before native code runs,
 * with nothing written.
 */
class PackedHeadsTest {
    private static final float SENTINEL = -12345.5f;
    private static final ValueLayout.OfFloat F = ValueLayout.JAVA_FLOAT;

    @BeforeAll
    static void kernelIsHere() {
        PackedGemmTest.assumeKernel();
    }

    /** No weights: only the head products are under test. */
    private static PackedGemm gemm() {
        return PackedGemm.forConstants(List.of(), Gemm.NATIVE);
    }

    @Test
    void logitsAndContextMatchDoubleLoops() {
        Random random = new Random(11);
        int checked = 0;
        try (Arena arena = Arena.ofConfined(); PackedGemm gemm = gemm()) {
            for (int packedKeys : new int[] {1, 7, 16, 33, 130, 600, 1100}) { // 1100: two depth blocks of P V
                for (int depth : new int[] {1, 7, 16, 33, 64}) {
                    for (int rows : new int[] {1, 2, 7, 33}) {
                        int keys = packedKeys > 7 ? packedKeys - 5 : packedKeys; // fewer than packed, too
                        check(gemm, arena, random, rows, keys, packedKeys, depth);
                        check(gemm, arena, random, rows, packedKeys, packedKeys, depth);
                        checked += 2;
                    }
                }
            }
            assertEquals(2L * checked, gemm.headCalls());
        }
    }

    /** K, V and Q as strided views of one buffer (as heads of a projection are), S and O padded. */
    private static void check(PackedGemm gemm, Arena arena, Random random, int rows, int keys, int packedKeys,
                              int depth) {
        int ld = 3 * depth + 5;
        long qAt = 3;
        long kAt = depth + 1;
        long vAt = 2 * depth + 2;
        MemorySegment qkv = gaussian(arena, random, (long) Math.max(rows, packedKeys) * ld + 8);
        long panelFloats = gemm.panelFloats(packedKeys, depth);
        MemorySegment panels = arena.allocate((panelFloats * 2 + 16) * Float.BYTES, 64);
        long kPanels = 16; // 64 bytes in
        long vPanels = 16 + panelFloats;
        gemm.packKeys(packedKeys, depth, qkv, kAt, ld, panels, kPanels);
        gemm.packValues(packedKeys, depth, qkv, vAt, ld, panels, vPanels);

        int lds = keys + 3;
        long sAt = 5;
        MemorySegment s = filled(arena, sAt + (long) rows * lds + 4);
        float scale = (float) (1 / Math.sqrt(depth));
        gemm.logits(rows, keys, depth, scale, qkv, qAt, ld, panels, kPanels, s, sAt, lds);
        String what = rows + " x " + keys + " (of " + packedKeys + ") x " + depth;
        for (long i = 0; i < s.byteSize() / Float.BYTES; i++) {
            long at = i - sAt;
            boolean inside = at >= 0 && at / lds < rows && at % lds < keys;
            float got = s.getAtIndex(F, i);
            if (!inside) {
                assertEquals(SENTINEL, got, what + ": logits wrote float " + i + " outside S");
                continue;
            }
            int r = (int) (at / lds);
            int j = (int) (at % lds);
            double expected = 0;
            for (int kk = 0; kk < depth; kk++) {
                expected += (double) qkv.getAtIndex(F, qAt + (long) r * ld + kk)
                        * qkv.getAtIndex(F, kAt + (long) j * ld + kk);
            }
            expected *= scale;
            assertTrue(Math.abs(got - expected) <= 1e-4 * (1 + Math.abs(expected)),
                    what + ": S[" + r + "][" + j + "] = " + got + ", not " + expected);
        }

        int ldo = depth + 2;
        long oAt = 1;
        MemorySegment o = filled(arena, oAt + (long) rows * ldo + 3);
        gemm.context(rows, depth, keys, s, sAt, lds, panels, vPanels, packedKeys, o, oAt, ldo);
        for (long i = 0; i < o.byteSize() / Float.BYTES; i++) {
            long at = i - oAt;
            boolean inside = at >= 0 && at / ldo < rows && at % ldo < depth;
            float got = o.getAtIndex(F, i);
            if (!inside) {
                assertEquals(SENTINEL, got, what + ": context wrote float " + i + " outside O");
                continue;
            }
            int r = (int) (at / ldo);
            int c = (int) (at % ldo);
            double expected = 0;
            for (int j = 0; j < keys; j++) {
                expected += (double) s.getAtIndex(F, sAt + (long) r * lds + j)
                        * qkv.getAtIndex(F, vAt + (long) j * ld + c);
            }
            assertTrue(Math.abs(got - expected) <= 1e-4 * (1 + Math.abs(expected)),
                    what + ": O[" + r + "][" + c + "] = " + got + ", not " + expected);
        }
    }

    @Test
    void refusesBeforeNativeCodeAndWritesNothing() {
        try (Arena arena = Arena.ofConfined(); PackedGemm gemm = gemm()) {
            int keys = 33;
            int depth = 20;
            long floats = gemm.panelFloats(keys, depth);
            MemorySegment x = gaussian(arena, new Random(3), (long) keys * depth);
            MemorySegment panels = arena.allocate(floats * Float.BYTES, 64);
            gemm.packKeys(keys, depth, x, 0, depth, panels, 0);
            MemorySegment s = filled(arena, (long) 4 * keys);
            MemorySegment o = filled(arena, (long) 4 * depth);
            MemorySegment before = arena.allocate(s.byteSize());
            before.copyFrom(s);
            long calls = gemm.headCalls();

            refused(IllegalArgumentException.class, "must be > 0",
                    () -> gemm.logits(0, keys, depth, 1f, x, 0, depth, panels, 0, s, 0, keys));
            refused(IndexOutOfBoundsException.class, "Q needs",
                    () -> gemm.logits(4, keys, depth, 1f, x, keys * depth - 10, depth, panels, 0, s, 0, keys));
            refused(IndexOutOfBoundsException.class, "the panels needs",
                    () -> gemm.logits(4, keys, depth, 1f, x, 0, depth, panels, floats - 320, s, 0, keys));
            refused(IllegalArgumentException.class, "32-byte boundary",
                    () -> gemm.logits(4, keys - 16, depth, 1f, x, 0, depth, panels, 4, s, 0, keys));
            refused(IllegalArgumentException.class, "leading dimension of S",
                    () -> gemm.logits(4, keys, depth, 1f, x, 0, depth, panels, 0, s, 0, keys - 1));
            refused(IllegalArgumentException.class, "read-only",
                    () -> gemm.logits(4, keys, depth, 1f, x, 0, depth, panels, 0, s.asReadOnly(), 0, keys));
            refused(IllegalArgumentException.class, "S shares memory with Q",
                    () -> gemm.logits(1, keys, depth, 1f, x, 0, depth, panels, 0, x, 10, keys));
            refused(IllegalArgumentException.class, "S shares memory with the panels",
                    () -> gemm.logits(1, 16, depth, 1f, x, 0, depth, panels, 0, panels, 100, keys));
            refused(IllegalArgumentException.class, "native memory",
                    () -> gemm.logits(4, keys, depth, 1f, MemorySegment.ofArray(new float[keys * depth]), 0, depth,
                            panels, 0, s, 0, keys));
            refused(IllegalArgumentException.class, "the panels hold 33",
                    () -> gemm.context(4, depth, keys + 1, s, 0, keys, panels, 0, keys, o, 0, depth));
            refused(IllegalArgumentException.class, "O shares memory with P",
                    () -> gemm.context(1, depth, keys, s, 0, keys, panels, 0, keys, s, 2, depth));
            refused(IndexOutOfBoundsException.class, "the panels needs",
                    () -> gemm.packValues(keys, depth, x, 0, depth, panels, floats - 96));
            refused(IllegalArgumentException.class, "the panels shares memory with K",
                    () -> gemm.packKeys(1, depth, x, 0, depth, x, 0));
            Arena freed = Arena.ofConfined();
            MemorySegment gone = freed.allocate(floats * Float.BYTES, 64);
            freed.close();
            refused(IllegalStateException.class, "freed",
                    () -> gemm.logits(4, keys, depth, 1f, x, 0, depth, gone, 0, s, 0, keys));
            assertEquals(-1, s.mismatch(before), "a refused call wrote S");
            assertEquals(calls, gemm.headCalls());
            gemm.close();
            refused(IllegalStateException.class, "closed",
                    () -> gemm.logits(4, keys, depth, 1f, x, 0, depth, panels, 0, s, 0, keys));
            assertEquals(-1, s.mismatch(before), "a call after close wrote S");
        }
    }

    private static void refused(Class<? extends Throwable> type, String message, Executable call) {
        Throwable t = assertThrows(type, call);
        assertTrue(t.getMessage().contains(message), "message: " + t.getMessage() + ", expected: " + message);
    }

    private static MemorySegment gaussian(Arena arena, Random random, long floats) {
        MemorySegment s = arena.allocate(floats * Float.BYTES, 64);
        for (long i = 0; i < floats; i++) {
            s.setAtIndex(F, i, (float) random.nextGaussian());
        }
        return s;
    }

    private static MemorySegment filled(Arena arena, long floats) {
        MemorySegment s = arena.allocate(floats * Float.BYTES, 64);
        for (long i = 0; i < floats; i++) {
            s.setAtIndex(F, i, SENTINEL);
        }
        return s;
    }
}
