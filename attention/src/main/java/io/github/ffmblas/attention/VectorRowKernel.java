package io.github.ffmblas.attention;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.Arrays;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * Softmax loops on the Vector API: max, exp and scale a full vector at a time, with a scalar tail. Loaded only
 * when {@code jdk.incubator.vector} is in the boot layer (see {@link RowKernel}).
 *
 * <p>Every lane operation here rounds the same whether the JIT has compiled it or not, so results do not depend
 * on warm-up: exp is {@link FastExp}'s polynomial built from multiply-adds and bit shifts (the Vector API's own
 * EXP changes approximation when compiled), and sums are kept per lane in memory and added up in a fixed order
 * (a lane reduction's order differs between compiled and interpreted code).
 */
final class VectorRowKernel implements RowKernel {
    private static final VectorSpecies<Float> SPECIES = FloatVector.SPECIES_PREFERRED;
    private static final ByteOrder ORDER = ByteOrder.nativeOrder();
    private static final ValueLayout.OfFloat F = ValueLayout.JAVA_FLOAT;
    private static final int LANES = SPECIES.length();
    private static final long VECTOR_BYTES = (long) LANES * Float.BYTES;
    private static final ThreadLocal<float[]> LANE_SUMS = ThreadLocal.withInitial(() -> new float[LANES]);

    @Override
    public float max(MemorySegment s, long offset, int n) {
        float max = Float.NEGATIVE_INFINITY;
        // Four vectors combined lane-wise per reduction: a reduction is a long dependent chain, and one per
        // vector made this loop latency-bound. Nothing vector-typed is carried across iterations (such a vector
        // can end up boxed on the heap, depending on how the JIT compiled the caller, and the forward pass must
        // not allocate); max is exact in any order.
        int wide = n - n % (4 * LANES);
        for (int j = 0; j < wide; j += 4 * LANES) {
            long at = offset + (long) j * Float.BYTES;
            FloatVector m = FloatVector.fromMemorySegment(SPECIES, s, at, ORDER)
                    .max(FloatVector.fromMemorySegment(SPECIES, s, at + VECTOR_BYTES, ORDER))
                    .max(FloatVector.fromMemorySegment(SPECIES, s, at + 2 * VECTOR_BYTES, ORDER)
                            .max(FloatVector.fromMemorySegment(SPECIES, s, at + 3 * VECTOR_BYTES, ORDER)));
            max = Math.max(max, m.reduceLanes(VectorOperators.MAX));
        }
        int bound = n - n % LANES;
        for (int j = wide; j < bound; j += LANES) {
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
        float[] lanes = LANE_SUMS.get();
        Arrays.fill(lanes, 0f);
        for (int j = 0; j < bound; j += LANES) {
            long at = offset + (long) j * Float.BYTES;
            FloatVector e = exp(FloatVector.fromMemorySegment(SPECIES, s, at, ORDER).sub(max));
            e.intoMemorySegment(s, at, ORDER);
            FloatVector.fromArray(SPECIES, lanes, 0).add(e).intoArray(lanes, 0);
        }
        float sum = 0f;
        for (int i = 0; i < LANES; i++) {
            sum += lanes[i];
        }
        for (int j = bound; j < n; j++) {
            long at = offset + (long) j * Float.BYTES;
            float e = FastExp.exp(s.get(F, at) - max);
            s.set(F, at, e);
            sum += e;
        }
        return sum;
    }

    /** {@link FastExp#exp(float)} on every lane, operation for operation. */
    static FloatVector exp(FloatVector x) {
        VectorMask<Float> underflow = x.compare(VectorOperators.LT, FastExp.MIN);
        FloatVector c = x.min(FastExp.MAX);
        IntVector n = ((IntVector) c.lanewise(VectorOperators.FMA, FastExp.LOG2E, 256.5f)
                .convert(VectorOperators.F2I, 0)).sub(256);
        FloatVector nf = (FloatVector) n.convert(VectorOperators.I2F, 0);
        FloatVector r = nf.lanewise(VectorOperators.FMA, -FastExp.LN2_HI, c);
        r = nf.lanewise(VectorOperators.FMA, -FastExp.LN2_LO, r);
        FloatVector p = r.lanewise(VectorOperators.FMA, FastExp.P0, FastExp.P1);
        p = p.lanewise(VectorOperators.FMA, r, FastExp.P2);
        p = p.lanewise(VectorOperators.FMA, r, FastExp.P3);
        p = p.lanewise(VectorOperators.FMA, r, FastExp.P4);
        p = p.lanewise(VectorOperators.FMA, r, FastExp.P5);
        p = p.lanewise(VectorOperators.FMA, r.mul(r), r.add(1f));
        FloatVector scale = n.add(127).lanewise(VectorOperators.LSHL, 23).reinterpretAsFloats();
        return p.mul(scale).blend(0f, underflow);
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
