package io.github.ffmblas.attention.internal;

import java.lang.foreign.MemorySegment;

/**
 * The loops of a softmax row, over {@code n} contiguous floats at byte {@code offset} of a segment.
 * {@link #INSTANCE} is the Vector API kernel when the JVM runs with {@code --add-modules jdk.incubator.vector}
 * (exp dominates attention at long sequences, and SIMD exp is several times faster), else plain Java.
 * {@code -Dffmblas.vector=false} forces plain Java.
 */
interface RowKernel {

    RowKernel INSTANCE = Choice.pick();

    /**
     * The largest of the n floats; -inf only when every one is -inf. With a NaN among them, NaN or any other value
     * but -inf: the row's softmax is NaN either way.
     */
    float max(MemorySegment s, long offset, int n);

    /** Replaces each x by exp(x - max) and returns their sum. */
    float expAndSum(MemorySegment s, long offset, int n, float max);

    void scale(MemorySegment s, long offset, int n, float factor);

    /** Sets the n floats to 0: the keys past a causal row's limit, or a row with nothing visible. */
    void zero(MemorySegment s, long offset, int n);

    /**
     * Sets to -inf each of the n floats whose flag, a byte at {@code flagsOffset + j} of {@code flags}, is not 0:
     * a masked key then weighs exactly 0, and the row goes through the same loops as an unmasked one.
     */
    void hide(MemorySegment s, long offset, int n, MemorySegment flags, long flagsOffset);

    /** Which kernel this is, for {@code ffmblas info} and benchmark reports. */
    String description();

    /** Floats a step of its loops takes: 1 for plain Java, the vector's for the Vector API kernel. */
    int vectorFloats();

    /** Picks the kernel once, and remembers why. */
    final class Choice {
        private static String reason = "";

        private Choice() {}

        static RowKernel pick() {
            if (!Boolean.parseBoolean(System.getProperty("ffmblas.vector", "true"))) {
                reason = "-Dffmblas.vector=false";
                return new ScalarRowKernel();
            }
            if (ModuleLayer.boot().findModule("jdk.incubator.vector").isEmpty()) {
                reason = "start the JVM with --add-modules jdk.incubator.vector for SIMD softmax";
                return new ScalarRowKernel();
            }
            try {
                return (RowKernel) Class.forName(RowKernel.class.getPackageName() + ".VectorRowKernel")
                        .getDeclaredConstructor().newInstance();
            } catch (ReflectiveOperationException | LinkageError e) {
                reason = "Vector API unusable: " + e;
                return new ScalarRowKernel();
            }
        }

        /** Why the plain-Java kernel was chosen; empty when the Vector API one was. */
        static String fallbackReason() {
            return reason;
        }
    }
}
