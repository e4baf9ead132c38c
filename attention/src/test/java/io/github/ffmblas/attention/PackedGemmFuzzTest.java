package io.github.ffmblas.attention;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ffmblas.bindings.Transpose;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Random products through {@link PackedGemm} and {@link Gemm#NATIVE} on the same operands, valid and not (short
 * segments, small leading dimensions, read-only or overlapping outputs, a bias inside C, freed memory, starts off a
 * panel): the same exception and message, or results equal within rounding; a refused call changes no byte of C.
 */
class PackedGemmFuzzTest {
    private static final int CALLS = 3000;

    @BeforeAll
    static void kernelIsHere() {
        PackedGemmTest.assumeKernel();
    }

    @Test
    void decidesAsTheFacadeAndComputesAsOpenBlas() {
        Random random = new Random(2026);
        int ran = 0;
        int kernel = 0;
        int refused = 0;
        try (Arena arena = Arena.ofConfined()) {
            // A small weight, and (one call in 15) a large one: past the kernel's 512-deep, 72-row and 1,024-column
            // blocks, so its edges meet every block boundary.
            Tensor small = gaussian(arena, random, 96, 41);
            Tensor smallBias = gaussian(arena, random, 96);
            Tensor large = gaussian(arena, random, 1060, 530);
            Tensor largeBias = gaussian(arena, random, 1060);
            Arena gone = Arena.ofConfined();
            MemorySegment freed = gone.allocate(4096);
            gone.close();
            try (PackedGemm gemm = PackedGemm.forConstants(List.of(small, large), Gemm.NATIVE)) {
                for (int call = 0; call < CALLS; call++) {
                    boolean big = random.nextInt(15) == 0;
                    Tensor w = big ? large : small;
                    Tensor bias = big ? largeBias : smallBias;
                    int rows = w.dim(0);
                    int depth = w.dim(1);
                    int m = big ? random.nextInt(90) : random.nextInt(12);
                    int k = random.nextInt(6) == 0 ? random.nextInt(depth + 1) : depth;
                    int start = random.nextInt(4) == 0 ? random.nextInt(rows) : 16 * random.nextInt(rows / 16);
                    int n = random.nextInt(Math.max(1, rows - start + 3));
                    int lda = Math.max(1, k + random.nextInt(4) - (random.nextInt(8) == 0 ? 2 : 0));
                    int ldc = Math.max(1, n + random.nextInt(4) - (random.nextInt(8) == 0 ? 2 : 0));
                    int ldb = random.nextInt(8) == 0 ? depth + 1 : depth;
                    long aOffset = random.nextInt(5);
                    long cOffset = random.nextInt(5);
                    long aFloats = Math.max(0, aOffset + (long) Math.max(0, m - 1) * lda + k - (random.nextInt(10) == 0 ? 1 : 0));
                    long cFloats = Math.max(1, cOffset + (long) Math.max(0, m - 1) * ldc + n + random.nextInt(3)
                            - (random.nextInt(10) == 0 ? 1 : 0));
                    MemorySegment a = gaussian(arena, random, (int) Math.max(1, aFloats)).segment();
                    MemorySegment c = arena.allocate(cFloats * Float.BYTES, 4);
                    int kind = random.nextInt(12);
                    MemorySegment cArg = switch (kind) {
                        case 0 -> c.asReadOnly();
                        case 1 -> freed;
                        default -> c;
                    };
                    MemorySegment aArg = kind == 2 ? c : kind == 3 ? MemorySegment.ofArray(a.toArray(ValueLayout.JAVA_FLOAT)) : a;
                    boolean withBias = random.nextBoolean();
                    MemorySegment biasArg = kind == 4 ? c : bias.segment();
                    long biasOffset = kind == 5 ? rows - n + 1 : start;
                    float alpha = random.nextInt(6) == 0 ? 2f : 1f;
                    float[] seed = new float[(int) cFloats];
                    for (int i = 0; i < seed.length; i++) {
                        seed[i] = (float) random.nextGaussian();
                    }
                    long bOffset = (long) start * depth;
                    float[][] results = new float[2][];
                    String[] failures = new String[2];
                    long before = gemm.kernelCalls();
                    for (int path = 0; path < 2; path++) {
                        Gemm g = path == 0 ? gemm : Gemm.NATIVE;
                        MemorySegment.copy(seed, 0, c, ValueLayout.JAVA_FLOAT, 0, seed.length);
                        try {
                            if (withBias) {
                                g.multiplyAddBias(Transpose.TRANSPOSE, m, n, k, aArg, aOffset, lda, w.segment(), bOffset,
                                        ldb, biasArg, biasOffset, cArg, cOffset, ldc);
                            } else {
                                g.multiply(Transpose.TRANSPOSE, m, n, k, alpha, aArg, aOffset, lda, w.segment(), bOffset,
                                        ldb, 0f, cArg, cOffset, ldc);
                            }
                        } catch (RuntimeException e) {
                            failures[path] = e.getClass().getName() + ": " + e.getMessage();
                            assertArrayEquals(seed, c.toArray(ValueLayout.JAVA_FLOAT), "call " + call
                                    + ": a refusal changed C (" + failures[path] + ")");
                        }
                        results[path] = c.toArray(ValueLayout.JAVA_FLOAT);
                    }
                    String what = "call " + call + (big ? " (large weight)" : "") + " m=" + m + " n=" + n + " k=" + k + " start=" + start + " kind="
                            + kind + (withBias ? " bias" : " alpha=" + alpha);
                    assertEquals(failures[1], failures[0], what);
                    if (failures[0] != null) {
                        refused++;
                        continue;
                    }
                    ran++;
                    kernel += (int) (gemm.kernelCalls() - before);
                    for (int i = 0; i < results[0].length; i++) {
                        assertEquals(results[1][i], results[0][i], 1e-5f * (1 + Math.abs(results[1][i])),
                                what + ": C[" + i + "]");
                    }
                }
            }
        }
        System.out.println("PackedGemmFuzzTest: " + ran + " ran (" + kernel + " on the kernel), " + refused + " refused");
        assertTrue(kernel > CALLS / 10 && refused > CALLS / 10 && ran - kernel > CALLS / 20,
                "the fuzz must reach the kernel, OpenBLAS and refusals: " + kernel + ", " + (ran - kernel) + ", "
                        + refused);
    }

    private static Tensor gaussian(Arena arena, Random random, int... shape) {
        return RandomTensors.gaussian(arena, random, 0.2f, shape);
    }
}
