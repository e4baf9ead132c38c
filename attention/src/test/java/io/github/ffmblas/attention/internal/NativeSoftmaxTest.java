package io.github.ffmblas.attention.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.ffmblas.nativelib.CpuInfo;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code ffmblas_softmax_rows} against the Java Vector API kernel on 8-float vectors: the same bits, at row lengths
 * around the vector and the four-vector step (1 to 130, and 2,048), causal and not, normalised and deferred, with
 * masks, -inf, NaN (a NaN hiding the largest logit too), rows with nothing visible and padded rows (whose padding
 * neither writes), NaN payloads included; and on a CPU with AVX2 but not AVX-512 the forward's softmax is this one.
 */
class NativeSoftmaxTest {
    private static final ValueLayout.OfFloat F = ValueLayout.JAVA_FLOAT;

    @BeforeAll
    static void nativeAndEightFloatVectors() {
        boolean avx2 = CpuInfo.current().vectorIsa() == CpuInfo.VectorIsa.AVX2;
        assumeTrue(avx2, "the native softmax runs only where 8-float vectors are the widest");
        if (Files.exists(Path.of("/usr/bin/cc"))) {
            assertTrue(Softmax.nativeRows(), "the build had /usr/bin/cc, so the kernels must be in the jar");
        }
        assumeTrue(Softmax.nativeRows(), "ffmblas's kernels do not load here");
        assumeTrue(RowKernel.INSTANCE.description().equals("Vector API, 256-bit (8 floats)"),
                "the Java kernel to compare with is " + RowKernel.INSTANCE.description());
    }

    @Test
    void theSameBitsAsTheVectorKernel() {
        Random random = new Random(5);
        int blocks = 0;
        try (Arena arena = Arena.ofConfined()) {
            for (int cols : new int[] {1, 2, 7, 8, 9, 15, 16, 17, 31, 32, 33, 39, 40, 63, 64, 65, 130, 2048}) {
                for (int rows : new int[] {1, 3, 9}) {
                    for (int variant = 0; variant < 16; variant++) {
                        boolean causal = (variant & 1) != 0;
                        boolean deferred = (variant & 2) != 0;
                        boolean masked = (variant & 4) != 0;
                        boolean special = (variant & 8) != 0;
                        compare(arena, random, rows, cols, causal, deferred, masked, special);
                        blocks++;
                    }
                }
            }
        }
        assertEquals(18 * 3 * 16, blocks);
    }

    private static void compare(Arena arena, Random random, int rows, int cols, boolean causal, boolean deferred,
                                boolean masked, boolean special) {
        int stride = cols + 3;
        int firstRow = cols / 3;
        long floats = (long) rows * stride;
        MemorySegment a = arena.allocate(floats * Float.BYTES, 64);
        for (long i = 0; i < floats; i++) {
            float x = (float) (random.nextGaussian() * 4);
            if (special) {
                int pick = random.nextInt(40);
                x = pick == 0 ? Float.NEGATIVE_INFINITY : pick == 1 ? Float.NaN : pick == 2 ? 90f : x;
            }
            a.setAtIndex(F, i, x);
        }
        if (special && cols >= 32) {
            // A NaN in the first vector of a pair hides its partner's lane from the maximum, so x - max of that
            // lane passes exp's clamp at 88.3: both kernels clamp.
            a.setAtIndex(F, 0, Float.NaN);
            a.setAtIndex(F, 8, 200f);
        }
        if (special && rows > 1) {
            for (int j = 0; j < cols; j++) {
                a.setAtIndex(F, stride + j, Float.NEGATIVE_INFINITY); // row 1: nothing visible
            }
        }
        MemorySegment b = arena.allocate(floats * Float.BYTES, 64);
        b.copyFrom(a);
        MemorySegment mask = null;
        MemorySegment padding = null;
        if (masked) {
            mask = arena.allocate((long) (firstRow + rows) * cols);
            padding = arena.allocate(cols);
            for (long i = 0; i < mask.byteSize(); i++) {
                mask.set(ValueLayout.JAVA_BYTE, i, (byte) (random.nextInt(5) == 0 ? 1 : 0));
            }
            for (int j = 0; j < cols; j++) {
                padding.set(ValueLayout.JAVA_BYTE, j, (byte) (random.nextInt(7) == 0 ? 1 : 0));
            }
        }
        MemorySegment inverseA = deferred ? arena.allocate((long) rows * Float.BYTES) : null;
        MemorySegment inverseB = deferred ? arena.allocate((long) rows * Float.BYTES) : null;
        Softmax.javaRows(a, 0, rows, stride, cols, cols, firstRow, causal, mask, padding, 0, inverseA, 0);
        Softmax.nativeRows(b, 0, rows, stride, cols, cols, firstRow, causal, mask, padding, 0, inverseB, 0);
        String what = rows + " x " + cols + (causal ? " causal" : "") + (deferred ? " deferred" : "")
                + (masked ? " masked" : "") + (special ? " with -inf, NaN, 90" : "");
        for (long i = 0; i < floats; i++) {
            assertEquals(Float.floatToRawIntBits(a.getAtIndex(F, i)), Float.floatToRawIntBits(b.getAtIndex(F, i)),
                    what + ": float " + i + " is " + b.getAtIndex(F, i) + ", Java's " + a.getAtIndex(F, i));
        }
        for (int i = 0; deferred && i < rows; i++) {
            assertEquals(Float.floatToRawIntBits(inverseA.getAtIndex(F, i)),
                    Float.floatToRawIntBits(inverseB.getAtIndex(F, i)), what + ": 1/sum of row " + i);
        }
    }

    @Test
    void refusesRowsPastItsSegment() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment s = arena.allocate(10 * Float.BYTES);
            MemorySegment inverses = arena.allocate(Float.BYTES);
            assertThrows(IndexOutOfBoundsException.class,
                    () -> Softmax.nativeRows(s, 0, 2, 5, 6, 6, 0, false, null, null, 0, null, 0));
            assertThrows(IndexOutOfBoundsException.class,
                    () -> Softmax.nativeRows(s, 0, 2, 5, 5, 5, 0, false, null, null, 0, inverses, 0));
        }
    }
}
