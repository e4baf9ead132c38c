package io.github.ffmblas.bindings;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.junit.jupiter.api.Test;

class SmokeTest {
    @Test
    void twoByTwo() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment a = arena.allocateFrom(ValueLayout.JAVA_FLOAT, 1, 2, 3, 4);
            MemorySegment b = arena.allocateFrom(ValueLayout.JAVA_FLOAT, 5, 6, 7, 8);
            MemorySegment c = arena.allocate(ValueLayout.JAVA_FLOAT, 4);
            Blas.sgemm(Layout.ROW_MAJOR, Transpose.NO_TRANSPOSE, Transpose.NO_TRANSPOSE, 2, 2, 2, 1f, a, 0, 2, b, 0, 2, 0f, c, 0, 2);
            assertEquals(19f, c.getAtIndex(ValueLayout.JAVA_FLOAT, 0));
            assertEquals(50f, c.getAtIndex(ValueLayout.JAVA_FLOAT, 3));
            System.out.println(Blas.runtime());
        }
    }
}
