package io.github.ffmblas.bindings;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Random;

/** Test operands: float arrays holding matrices and vectors inside sentinel padding, and their native copies. */
final class TestData {
    private TestData() {}

    /**
     * Fills every float that is not part of an operand. A NaN with its own payload: bit-exact comparison shows
     * any write to padding, and a read of padding in an input turns the result into NaN.
     */
    static final float SENTINEL = Float.intBitsToFloat(0x7fc0_5e17);
    /** Sentinel floats after the last element, to catch writes past the end. */
    static final int TAIL = 3;

    static float[] sentinels(int length) {
        float[] data = new float[length];
        java.util.Arrays.fill(data, SENTINEL);
        return data;
    }

    /** Floats from the start of the array to one past the last element of the matrix. */
    static int extent(Layout layout, int rows, int cols, int offset, int ld) {
        if (rows == 0 || cols == 0) {
            return offset;
        }
        return layout == Layout.ROW_MAJOR ? offset + (rows - 1) * ld + cols : offset + (cols - 1) * ld + rows;
    }

    /** A {@code rows x cols} matrix of values in [-1, 1) at {@code offset} with {@code ld}, sentinels elsewhere. */
    static float[] matrix(Random random, Layout layout, int rows, int cols, int offset, int ld) {
        float[] data = sentinels(extent(layout, rows, cols, offset, ld) + TAIL);
        fillMatrix(random, data, layout, rows, cols, offset, ld);
        return data;
    }

    static void fillMatrix(Random random, float[] data, Layout layout, int rows, int cols, int offset, int ld) {
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                data[NaiveBlas.index(layout, offset, ld, i, j)] = value(random);
            }
        }
    }

    /** An {@code n}-vector {@code |inc|} apart from {@code offset}, sentinels between and around. */
    static float[] vector(Random random, int n, int inc, int offset) {
        float[] data = sentinels(offset + (n == 0 ? 0 : (n - 1) * Math.abs(inc) + 1) + TAIL);
        for (int i = 0; i < n; i++) {
            data[NaiveBlas.index(offset, n, inc, i)] = value(random);
        }
        return data;
    }

    static float value(Random random) {
        return random.nextFloat() * 2 - 1;
    }

    static MemorySegment copy(Arena arena, float[] data) {
        return arena.allocateFrom(ValueLayout.JAVA_FLOAT, data);
    }

    static float[] read(MemorySegment segment) {
        return segment.toArray(ValueLayout.JAVA_FLOAT);
    }

    /** Raw bits, for exact comparison (NaN payloads included). */
    static int[] bits(float[] data) {
        int[] bits = new int[data.length];
        for (int i = 0; i < data.length; i++) {
            bits[i] = Float.floatToRawIntBits(data[i]);
        }
        return bits;
    }
}
