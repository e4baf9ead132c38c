package io.github.ffmblas.attention.internal;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/** Plain-Java softmax loops. */
final class ScalarRowKernel implements RowKernel {
    private static final ValueLayout.OfFloat F = ValueLayout.JAVA_FLOAT;

    @Override
    public float max(MemorySegment s, long offset, int n) {
        float max = Float.NEGATIVE_INFINITY;
        for (int j = 0; j < n; j++) {
            max = Math.max(max, s.get(F, offset + (long) j * Float.BYTES));
        }
        return max;
    }

    @Override
    public float expAndSum(MemorySegment s, long offset, int n, float max) {
        float sum = 0f;
        for (int j = 0; j < n; j++) {
            long at = offset + (long) j * Float.BYTES;
            float e = FastExp.exp(s.get(F, at) - max);
            s.set(F, at, e);
            sum += e;
        }
        return sum;
    }

    @Override
    public void scale(MemorySegment s, long offset, int n, float factor) {
        for (int j = 0; j < n; j++) {
            long at = offset + (long) j * Float.BYTES;
            s.set(F, at, s.get(F, at) * factor);
        }
    }

    @Override
    public void zero(MemorySegment s, long offset, int n) {
        for (int j = 0; j < n; j++) {
            s.set(F, offset + (long) j * Float.BYTES, 0f);
        }
    }

    @Override
    public void hide(MemorySegment s, long offset, int n, MemorySegment flags, long flagsOffset) {
        for (int j = 0; j < n; j++) {
            if (flags.get(ValueLayout.JAVA_BYTE, flagsOffset + j) != 0) {
                s.set(F, offset + (long) j * Float.BYTES, Float.NEGATIVE_INFINITY);
            }
        }
    }

    @Override
    public int vectorFloats() {
        return 1;
    }

    @Override
    public String description() {
        return "plain Java";
    }
}
