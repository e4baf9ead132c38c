package io.github.ffmblas.attention;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * Softmax loops on the Vector API: max, exp (the JDK's SIMD math library) and scale, a full vector at a time
 * with a scalar tail. Loaded only when {@code jdk.incubator.vector} is in the boot layer (see {@link RowKernel}).
 */
final class VectorRowKernel implements RowKernel {
    private static final VectorSpecies<Float> SPECIES = FloatVector.SPECIES_PREFERRED;
    private static final ByteOrder ORDER = ByteOrder.nativeOrder();
    private static final ValueLayout.OfFloat F = ValueLayout.JAVA_FLOAT;
    private static final int LANES = SPECIES.length();

    @Override
    public float max(MemorySegment s, long offset, int n) {
        int bound = n - n % LANES;
        float max = Float.NEGATIVE_INFINITY;
        // Reduced every step: a vector carried across iterations can end up boxed on the heap, depending on how
        // the JIT compiled the caller, and the forward pass must not allocate.
        for (int j = 0; j < bound; j += LANES) {
            max = Math.max(max, FloatVector.fromMemorySegment(SPECIES, s, offset + (long) j * Float.BYTES, ORDER)
                    .reduceLanes(VectorOperators.MAX));
        }
        for (int j = bound; j < n; j++) {
            max = Math.max(max, s.get(F, offset + (long) j * Float.BYTES));
        }
        return max;
    }

    @Override
    public float expAndSum(MemorySegment s, long offset, int n, float max) {
        int bound = n - n % LANES;
        float sum = 0f;
        for (int j = 0; j < bound; j += LANES) {
            long at = offset + (long) j * Float.BYTES;
            FloatVector e = FloatVector.fromMemorySegment(SPECIES, s, at, ORDER).sub(max).lanewise(VectorOperators.EXP);
            e.intoMemorySegment(s, at, ORDER);
            sum += e.reduceLanes(VectorOperators.ADD);
        }
        for (int j = bound; j < n; j++) {
            long at = offset + (long) j * Float.BYTES;
            float e = (float) Math.exp(s.get(F, at) - max);
            s.set(F, at, e);
            sum += e;
        }
        return sum;
    }

    @Override
    public void scale(MemorySegment s, long offset, int n, float factor) {
        int bound = n - n % LANES;
        for (int j = 0; j < bound; j += LANES) {
            long at = offset + (long) j * Float.BYTES;
            FloatVector.fromMemorySegment(SPECIES, s, at, ORDER).mul(factor).intoMemorySegment(s, at, ORDER);
        }
        for (int j = bound; j < n; j++) {
            long at = offset + (long) j * Float.BYTES;
            s.set(F, at, s.get(F, at) * factor);
        }
    }

    @Override
    public String description() {
        return "Vector API, " + SPECIES.vectorBitSize() + "-bit (" + LANES + " floats)";
    }
}
