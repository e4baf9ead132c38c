package io.github.ffmblas.attention.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import jdk.incubator.vector.FloatVector;
import org.junit.jupiter.api.Test;

/** The softmax exp: accurate, exactly 0 for masked logits, and the same bits in every vector lane as in scalar code. */
class FastExpTest {

    @Test
    void relativeErrorBelowTwoTenMillionths() {
        double worst = 0;
        for (float x = -87f; x <= 88f; x += 0.00137f) {
            double expected = Math.exp(x);
            worst = Math.max(worst, Math.abs(FastExp.exp(x) - expected) / expected);
        }
        assertTrue(worst < 2e-7, "relative error " + worst);
        assertEquals(1f, FastExp.exp(0f));
        assertEquals(0f, FastExp.exp(Float.NEGATIVE_INFINITY), "a masked logit weighs exactly nothing");
        assertEquals(0f, FastExp.exp(-1000f));
        assertTrue(Float.isNaN(FastExp.exp(Float.NaN)));
    }

    /** The edges of the range and of the clamp, signed zeros, subnormals, infinities and NaN. */
    private static final float[] SPECIAL = {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, 0f, -0f,
        Float.MIN_VALUE, -Float.MIN_VALUE, Float.MIN_NORMAL, FastExp.MIN, Math.nextDown(FastExp.MIN),
        Math.nextUp(FastExp.MIN), FastExp.MAX, Math.nextUp(FastExp.MAX), Math.nextDown(FastExp.MAX), 88.72f, 89f,
        -88f, 1e30f, -1e30f, Float.MAX_VALUE, -Float.MAX_VALUE, 0.5f * 0.6931472f, -0.5f * 0.6931472f};

    @Test
    void vectorLanesMatchScalarBitForBit() {
        if (ModuleLayer.boot().findModule("jdk.incubator.vector").isEmpty()) {
            return;
        }
        Random random = new Random(5);
        int lanes = FloatVector.SPECIES_PREFERRED.length();
        for (int round = 0; round < 20_000; round++) {
            float[] x = new float[lanes];
            for (int i = 0; i < lanes; i++) {
                x[i] = (float) (random.nextGaussian() * 30 - 10);
            }
            if (round % 7 == 0) {
                x[round % lanes] = Float.NEGATIVE_INFINITY;
            }
            if (round < SPECIAL.length) {
                x[round % lanes] = SPECIAL[round];
            }
            float[] v = VectorRowKernel.exp(FloatVector.fromArray(FloatVector.SPECIES_PREFERRED, x, 0)).toArray();
            for (int i = 0; i < lanes; i++) {
                // floatToIntBits: every NaN alike (the scalar code returns its argument, the lanes a computed NaN)
                assertEquals(Float.floatToIntBits(FastExp.exp(x[i])), Float.floatToIntBits(v[i]), "exp(" + x[i] + ")");
            }
        }
    }
}
