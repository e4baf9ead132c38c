package io.github.ffmblas.attention.internal;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShape;
import jdk.incubator.vector.VectorSpecies;

/**
 * Softmax loops on the Vector API: mask, max, exp, scale and zero a full vector at a time, with a scalar tail. Loaded only
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
    private static final RowKernel SCALAR = new ScalarRowKernel();
    /** Mask bytes, one per float lane; null where that would be narrower than 64 bits (no such vector shape). */
    private static final VectorSpecies<Byte> FLAGS = LANES >= 8
            ? VectorSpecies.of(byte.class, VectorShape.forBitSize(LANES * Byte.SIZE)) : null;
    /** Per-lane running maxima and sums, in memory: see {@link #max}. */
    private static final ThreadLocal<float[]> LANE_MAXES = ThreadLocal.withInitial(() -> new float[LANES]);
    private static final ThreadLocal<float[]> LANE_SUMS = ThreadLocal.withInitial(() -> new float[4 * LANES]);

    /**
     * NaNs in the vector part are skipped: exp(NaN - max) still makes the row's sum, and so the row, NaN. Only a
     * row that would then read as all -inf (hidden) is settled by the scalar loop.
     */
    @Override
    public float max(MemorySegment s, long offset, int n) {
        // Four vectors a step, combined by compare-and-blend: FloatVector.max must order -0 below +0 and pass NaN
        // on, which costs several instructions a lane. The running maxima live in memory: a vector carried across
        // iterations can end up boxed on the heap, depending on how the JIT compiled the caller, and the forward
        // pass must not allocate.
        float[] lanes = LANE_MAXES.get();
        // Set with one vector store, not Arrays.fill: a vector load straight after narrower stores cannot take its
        // data from the store buffer and waits for them (at rows of 128 that stall was a quarter of the row).
        FloatVector.broadcast(SPECIES, Float.NEGATIVE_INFINITY).intoArray(lanes, 0);
        int wide = n - n % (4 * LANES);
        for (int j = 0; j < wide; j += 4 * LANES) {
            long at = offset + (long) j * Float.BYTES;
            FloatVector a = larger(FloatVector.fromMemorySegment(SPECIES, s, at, ORDER),
                    FloatVector.fromMemorySegment(SPECIES, s, at + VECTOR_BYTES, ORDER));
            FloatVector b = larger(FloatVector.fromMemorySegment(SPECIES, s, at + 2 * VECTOR_BYTES, ORDER),
                    FloatVector.fromMemorySegment(SPECIES, s, at + 3 * VECTOR_BYTES, ORDER));
            larger(FloatVector.fromArray(SPECIES, lanes, 0), larger(a, b)).intoArray(lanes, 0);
        }
        int bound = n - n % LANES;
        for (int j = wide; j < bound; j += LANES) {
            FloatVector v = FloatVector.fromMemorySegment(SPECIES, s, offset + (long) j * Float.BYTES, ORDER);
            larger(FloatVector.fromArray(SPECIES, lanes, 0), v).intoArray(lanes, 0);
        }
        float max = FloatVector.fromArray(SPECIES, lanes, 0).reduceLanes(VectorOperators.MAX);
        for (int j = bound; j < n; j++) {
            max = Math.max(max, s.get(F, offset + (long) j * Float.BYTES));
        }
        return max == Float.NEGATIVE_INFINITY ? SCALAR.max(s, offset, n) : max; // all hidden, or a NaN skipped?
    }

    /** b where it is larger than a, else a (a NaN in b is skipped, one in a kept). */
    private static FloatVector larger(FloatVector a, FloatVector b) {
        return a.blend(b, a.lt(b));
    }

    @Override
    public float expAndSum(MemorySegment s, long offset, int n, float max) {
        // Four vectors a step, each added into its own lanes of the sums: one running sum in memory would make
        // every step wait for the last one's store.
        float[] lanes = LANE_SUMS.get();
        FloatVector zeros = FloatVector.zero(SPECIES); // vector stores, as in max
        for (int u = 0; u < 4; u++) {
            zeros.intoArray(lanes, u * LANES);
        }
        int wide = n - n % (4 * LANES);
        for (int j = 0; j < wide; j += 4 * LANES) {
            for (int u = 0; u < 4; u++) {
                expStep(s, offset + (long) (j + u * LANES) * Float.BYTES, max, lanes, u * LANES);
            }
        }
        int bound = n - n % LANES;
        for (int j = wide; j < bound; j += LANES) {
            expStep(s, offset + (long) j * Float.BYTES, max, lanes, 0);
        }
        FloatVector.fromArray(SPECIES, lanes, 0).add(FloatVector.fromArray(SPECIES, lanes, LANES))
                .add(FloatVector.fromArray(SPECIES, lanes, 2 * LANES).add(FloatVector.fromArray(SPECIES, lanes, 3 * LANES)))
                .intoArray(lanes, 0);
        float sum = sum(lanes);
        for (int j = bound; j < n; j++) {
            long at = offset + (long) j * Float.BYTES;
            float e = FastExp.exp(s.get(F, at) - max);
            s.set(F, at, e);
            sum += e;
        }
        return sum;
    }

    /**
     * exp(x - max) of the vector at byte {@code at} of {@code s}, stored back and added into
     * {@code lanes[lane, lane + LANES)}. Its arguments are no vectors, on purpose: the JIT inlines a call by its
     * profile, and a call site that ran rarely while it profiled (the four-vector loop, when few rows are 64 keys
     * long) is "too big" to inline; a vector passed to or returned from a call that is not inlined is boxed on the
     * heap. Calling {@link #exp} there cost ~12 bytes a row, 6 KB a forward at B=1 L=64 d=128 H=8 (JFR). A call
     * that passes a segment, offsets and an array allocates nothing either way.
     */
    private static void expStep(MemorySegment s, long at, float max, float[] lanes, int lane) {
        FloatVector e = exp(FloatVector.fromMemorySegment(SPECIES, s, at, ORDER).sub(max));
        e.intoMemorySegment(s, at, ORDER);
        FloatVector.fromArray(SPECIES, lanes, lane).add(e).intoArray(lanes, lane);
    }

    /** The first LANES floats added in a fixed order, as four interleaved sums rather than one long chain. */
    private static float sum(float[] lanes) {
        float a = 0f;
        float b = 0f;
        float c = 0f;
        float d = 0f;
        int i = 0;
        for (; i + 4 <= LANES; i += 4) {
            a += lanes[i];
            b += lanes[i + 1];
            c += lanes[i + 2];
            d += lanes[i + 3];
        }
        for (; i < LANES; i++) {
            a += lanes[i];
        }
        return (a + b) + (c + d);
    }

    /** {@link FastExp#exp(float)} on every lane, operation for operation. */
    static FloatVector exp(FloatVector x) {
        VectorMask<Float> underflow = x.compare(VectorOperators.LT, FastExp.MIN);
        FloatVector c = x.blend(FastExp.MAX, x.compare(VectorOperators.GT, FastExp.MAX));
        FloatVector t = c.lanewise(VectorOperators.FMA, FastExp.LOG2E, FastExp.ROUND);
        FloatVector nf = t.sub(FastExp.ROUND);
        FloatVector r = nf.lanewise(VectorOperators.FMA, -FastExp.LN2_HI, c);
        r = nf.lanewise(VectorOperators.FMA, -FastExp.LN2_LO, r);
        FloatVector p = r.lanewise(VectorOperators.FMA, FastExp.P0, FastExp.P1);
        p = p.lanewise(VectorOperators.FMA, r, FastExp.P2);
        p = p.lanewise(VectorOperators.FMA, r, FastExp.P3);
        p = p.lanewise(VectorOperators.FMA, r, FastExp.P4);
        p = p.lanewise(VectorOperators.FMA, r, FastExp.P5);
        p = p.lanewise(VectorOperators.FMA, r.mul(r), r.add(1f));
        FloatVector scale = ((IntVector) t.reinterpretAsInts()).add(127).lanewise(VectorOperators.LSHL, 23)
                .reinterpretAsFloats();
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
    public void zero(MemorySegment s, long offset, int n) {
        FloatVector zeros = FloatVector.zero(SPECIES);
        int bound = n - n % LANES;
        for (int j = 0; j < bound; j += LANES) {
            zeros.intoMemorySegment(s, offset + (long) j * Float.BYTES, ORDER);
        }
        SCALAR.zero(s, offset + (long) bound * Float.BYTES, n - bound);
    }

    @Override
    public void hide(MemorySegment s, long offset, int n, MemorySegment flags, long flagsOffset) {
        if (FLAGS == null) {
            SCALAR.hide(s, offset, n, flags, flagsOffset);
            return;
        }
        int bound = n - n % LANES;
        for (int j = 0; j < bound; j += LANES) {
            VectorMask<Float> hidden = ByteVector.fromMemorySegment(FLAGS, flags, flagsOffset + j, ORDER)
                    .compare(VectorOperators.NE, (byte) 0).cast(SPECIES);
            long at = offset + (long) j * Float.BYTES;
            FloatVector.fromMemorySegment(SPECIES, s, at, ORDER).blend(Float.NEGATIVE_INFINITY, hidden)
                    .intoMemorySegment(s, at, ORDER);
        }
        SCALAR.hide(s, offset + (long) bound * Float.BYTES, n - bound, flags, flagsOffset + bound);
    }

    @Override
    public int vectorFloats() {
        return LANES;
    }

    @Override
    public String description() {
        return "Vector API, " + SPECIES.vectorBitSize() + "-bit (" + LANES + " floats)";
    }
}
