package io.github.ffmblas.bindings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.junit.jupiter.api.Test;

/**
 * The overlap test is exact at any size: interleaved operands of more than 2^20 runs (where an earlier version
 * gave up and refused) are told apart when disjoint and refused when they share one element.
 */
class ExactOverlapTest {
    private static final int RUNS = (1 << 20) + 1;

    @Test
    void everyFourthFloatAndTheOddFloatsAreDisjointAtAnySize() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment buffer = arena.allocate(4L * 4 * RUNS, 16);
            for (long i = 0; i < 4L * RUNS; i++) {
                buffer.setAtIndex(ValueLayout.JAVA_FLOAT, i, i);
            }
            MemorySegment b = arena.allocate(4);
            b.set(ValueLayout.JAVA_FLOAT, 0, 2f);
            // C (odd floats) = A (every 4th float) * B, both RUNS x 1 row-major.
            Blas.sgemm(Layout.ROW_MAJOR, Transpose.NO_TRANSPOSE, Transpose.NO_TRANSPOSE, RUNS, 1, 1, 1f, buffer, 0, 4,
                    b, 0, 1, 0f, buffer, 1, 2);
            for (long i = 0; i < RUNS; i += 4099) {
                float a = buffer.getAtIndex(ValueLayout.JAVA_FLOAT, 4 * i);
                assertEquals(2 * a, buffer.getAtIndex(ValueLayout.JAVA_FLOAT, 1 + 2 * i), "row " + i);
            }
            // The same through the generic path: y (odd floats) = x (every 4th float).
            Blas.scopy(RUNS, buffer, 0, 4, buffer, 1, 2);
            assertEquals(buffer.getAtIndex(ValueLayout.JAVA_FLOAT, 4L * (RUNS - 1)),
                    buffer.getAtIndex(ValueLayout.JAVA_FLOAT, 1 + 2L * (RUNS - 1)));
        }
    }

    @Test
    void oneSharedElementAmongMillionsIsFound() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment buffer = arena.allocate(4L * 6 * RUNS, 16);
            // y = the odd floats 1 .. 2 RUNS - 1; x = every 4th float from y's last one on: they share that float.
            long yLast = 1 + 2L * (RUNS - 1);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> Blas.scopy(RUNS, buffer, yLast, 4, buffer, 1, 2));
            assertTrue(e.getMessage().contains("scopy: output y overlaps input x"), e.getMessage());
            MemorySegment b = arena.allocate(4);
            e = assertThrows(IllegalArgumentException.class, () -> Blas.sgemm(Layout.ROW_MAJOR, Transpose.NO_TRANSPOSE,
                    Transpose.NO_TRANSPOSE, RUNS, 1, 1, 1f, buffer, yLast, 4, b, 0, 1, 0f, buffer, 1, 2));
            assertTrue(e.getMessage().contains("sgemm: output C overlaps input A"), e.getMessage());
        }
    }
}
