package io.github.ffmblas.bench.jmh;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class SgemmBenchmarkTest {

    @Test
    void shapeIsASizeOrMnk() {
        assertArrayEquals(new int[] {256, 256, 256}, SgemmBenchmark.parseShape("256"));
        assertArrayEquals(new int[] {128, 2304, 768}, SgemmBenchmark.parseShape("128,2304,768"));
        assertThrows(IllegalArgumentException.class, () -> SgemmBenchmark.parseShape("1,2"));
    }
}
