package io.github.ffmblas.attention.internal;

/**
 * exp(x) for softmax from plain IEEE operations (multiply, fused multiply-add, add, bit shifts), so the scalar
 * code here and the Vector API lanes in {@link VectorRowKernel} round the same way in the interpreter and in
 * compiled code: a forward pass gives the same bits before and after the JIT warms up. (The Vector API's own EXP
 * is a different approximation once compiled than before.) Cephes' expf: 2^n times a degree-7 polynomial on
 * [-ln2/2, ln2/2]; relative error below 2e-7. Arguments below -87.3 give exactly 0, as a masked key must.
 *
 * <p>n is rounded by adding 1.5·2^23, which leaves it in the low bits of the sum's significand: that sum gives
 * both n as a float and the exponent bits of 2^n, with no float-to-int conversion. Java's conversion must map
 * NaN to 0 and saturate, which costs the vector lanes several instructions each.
 */
final class FastExp {
    static final float LOG2E = 1.44269504088896341f;
    static final float LN2_HI = 0.693359375f;
    static final float LN2_LO = -2.12194440e-4f;
    static final float MIN = -87.3f;
    static final float MAX = 88.3f;
    /** 1.5·2^23: a float plus this, while under 2^22 in magnitude, rounds to the nearest integer. */
    static final float ROUND = 0x1.8p23f;
    static final float P0 = 1.9875691500e-4f;
    static final float P1 = 1.3981999507e-3f;
    static final float P2 = 8.3334519073e-3f;
    static final float P3 = 4.1665795894e-2f;
    static final float P4 = 1.6666665459e-1f;
    static final float P5 = 5.0000001201e-1f;

    private FastExp() {}

    static float exp(float x) {
        if (!(x >= MIN)) { // also NaN -> 0 is not wanted: NaN stays NaN below
            return Float.isNaN(x) ? x : 0f;
        }
        float clamped = x > MAX ? MAX : x;
        float t = Math.fma(clamped, LOG2E, ROUND); // ROUND + n, n = round(x / ln2)
        float n = t - ROUND;
        float r = Math.fma(n, -LN2_HI, clamped);
        r = Math.fma(n, -LN2_LO, r);
        float p = Math.fma(P0, r, P1);
        p = Math.fma(p, r, P2);
        p = Math.fma(p, r, P3);
        p = Math.fma(p, r, P4);
        p = Math.fma(p, r, P5);
        p = Math.fma(p, r * r, r + 1f);
        // t's bits are ROUND's plus n, and ROUND's low 9 bits are 0: shifting keeps n + 127, the exponent of 2^n.
        return p * Float.intBitsToFloat((Float.floatToRawIntBits(t) + 127) << 23);
    }
}
