package io.github.ffmblas.attention.internal;

import io.github.ffmblas.nativelib.CpuInfo;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Objects;

/**
 * Row-wise softmax over a dense block of attention logits, in place, with the masks of a forward pass.
 * Numerically stable: each row's maximum over the visible keys is subtracted before {@code exp}. A row with no
 * visible key (or only -inf logits) becomes all zeros: see {@link Attention}.
 *
 * <p>When the probabilities are only multiplied by V (the weights are not returned), normalising them is
 * deferred: rows keep {@code exp(x - max)} and {@code 1/sum} is stored per row, to scale the {@code depth}
 * outputs of that row instead of its {@code seq_k} probabilities.
 *
 * <p>Where the Java kernel is the Vector API one on 8 floats (a CPU with AVX2 but not AVX-512, the JVM started with
 * the module) and ffmblas's kernels load, the rows go to native code ({@code ffmblas_softmax_rows}) that does that
 * kernel's arithmetic operation for operation, so the bits are the same, in less time (docs/performance.md). Masks
 * are applied in Java first. {@code -Dffmblas.vector=false} keeps plain Java.
 */
public final class Softmax {
    private static final ValueLayout.OfFloat F = ValueLayout.JAVA_FLOAT;
    /**
     * Whether rows go to {@code ffmblas_softmax_rows}: the Java kernel is the Vector API one on 8 floats (so the rows
     * it still takes, heap ones, round the same), this CPU's widest, and the kernels load.
     */
    private static final boolean NATIVE = RowKernel.INSTANCE.vectorFloats() == 8
            && CpuInfo.current().vectorIsa() == CpuInfo.VectorIsa.AVX2 && NativeKernels.unavailable() == null;

    private Softmax() {}

    /** How softmax runs in this JVM: native, SIMD (Vector API) or plain Java, and why. */
    public static String implementation() {
        if (NATIVE) {
            return "native AVX2 (ffmblas_softmax_rows: the Vector API kernel's arithmetic on 8 floats)";
        }
        RowKernel kernel = RowKernel.INSTANCE; // first: choosing the kernel is what records the reason
        String reason = RowKernel.Choice.fallbackReason();
        return kernel.description() + (reason.isEmpty() ? "" : " (" + reason + ")");
    }

    /**
     * Softmax of {@code rows} rows of {@code cols} logits, {@code stride} floats apart, from byte {@code base} of
     * {@code s}.
     *
     * @param keyLength   seq_k: the row length of the masks
     * @param firstRow    the query position of the first row (for the causal limit and the mask row)
     * @param causal      keys j &gt; query position are hidden
     * @param boolMask    {@code [seq_q, seq_k]} bytes, non-zero = hidden, or null
     * @param padding     key padding bytes, non-zero = hidden, or null
     * @param paddingBase byte offset of this batch row's {@code keyLength} padding flags in {@code padding}
     * @param inverses    null: normalise each row in place; otherwise leave rows unnormalised and store each row's
     *                    {@code 1/sum} (0 for a row with nothing visible) as floats from byte {@code inversesBase}
     */
    static void rows(MemorySegment s, long base, int rows, int stride, int cols, int keyLength, int firstRow,
                     boolean causal, MemorySegment boolMask, MemorySegment padding, long paddingBase,
                     MemorySegment inverses, long inversesBase) {
        if (NATIVE && rows > 0 && s.isNative() && !s.isReadOnly() && base % Float.BYTES == 0
                && (inverses == null || inverses.isNative() && inversesBase % Float.BYTES == 0)) {
            nativeRows(s, base, rows, stride, cols, keyLength, firstRow, causal, boolMask, padding, paddingBase,
                    inverses, inversesBase);
            return;
        }
        javaRows(s, base, rows, stride, cols, keyLength, firstRow, causal, boolMask, padding, paddingBase, inverses,
                inversesBase);
    }

    /** {@link #rows} on {@link RowKernel#INSTANCE}. */
    static void javaRows(MemorySegment s, long base, int rows, int stride, int cols, int keyLength, int firstRow,
                         boolean causal, MemorySegment boolMask, MemorySegment padding, long paddingBase,
                         MemorySegment inverses, long inversesBase) {
        boolean normalize = inverses == null;
        for (int i = 0; i < rows; i++) {
            int query = firstRow + i;
            int limit = causal ? Math.min(cols, query + 1) : cols;
            long row = base + (long) i * stride * Float.BYTES;
            float inverse = boolMask == null && padding == null
                    ? plainRow(s, row, cols, limit, normalize)
                    : maskedRow(s, row, cols, limit, boolMask, (long) query * keyLength, padding, paddingBase,
                            normalize);
            if (!normalize) {
                inverses.set(F, inversesBase + (long) i * Float.BYTES, inverse);
            }
        }
    }

    /** {@link #rows} in native code, the masks applied first in Java; the extents checked, as it trusts them. */
    static void nativeRows(MemorySegment s, long base, int rows, int stride, int cols, int keyLength, int firstRow,
                           boolean causal, MemorySegment boolMask, MemorySegment padding, long paddingBase,
                           MemorySegment inverses, long inversesBase) {
        Objects.checkFromIndexSize(base, ((long) (rows - 1) * stride + cols) * Float.BYTES, s.byteSize());
        if (inverses != null) {
            Objects.checkFromIndexSize(inversesBase, (long) rows * Float.BYTES, inverses.byteSize());
        }
        if (boolMask != null || padding != null) {
            RowKernel kernel = RowKernel.INSTANCE;
            for (int i = 0; i < rows; i++) {
                int query = firstRow + i;
                int limit = causal ? Math.min(cols, query + 1) : cols;
                long row = base + (long) i * stride * Float.BYTES;
                if (boolMask != null) {
                    kernel.hide(s, row, limit, boolMask, (long) query * keyLength);
                }
                if (padding != null) {
                    kernel.hide(s, row, limit, padding, paddingBase);
                }
            }
        }
        NativeKernels.softmaxRows(s, base / Float.BYTES, rows, stride, cols, firstRow, causal,
                inverses == null ? MemorySegment.NULL : inverses, inversesBase / Float.BYTES);
    }

    /** Whether {@link #rows} runs natively in this JVM. */
    static boolean nativeRows() {
        return NATIVE;
    }

    /** Keys [0, limit) visible, the rest hidden. Returns 1/sum, or 0 when nothing is visible. */
    private static float plainRow(MemorySegment s, long row, int cols, int limit, boolean normalize) {
        RowKernel kernel = RowKernel.INSTANCE;
        float max = kernel.max(s, row, limit);
        if (max == Float.NEGATIVE_INFINITY) {
            kernel.zero(s, row, cols);
            return 0f;
        }
        float inverse = 1f / kernel.expAndSum(s, row, limit, max);
        if (normalize) {
            kernel.scale(s, row, limit, inverse);
        }
        kernel.zero(s, row + (long) limit * Float.BYTES, cols - limit);
        return inverse;
    }

    /** Masked keys become -inf, which exp turns into exactly 0; then the row is a plain one. */
    private static float maskedRow(MemorySegment s, long row, int cols, int limit, MemorySegment boolMask,
                                   long maskBase, MemorySegment padding, long paddingBase, boolean normalize) {
        RowKernel kernel = RowKernel.INSTANCE;
        if (boolMask != null) {
            kernel.hide(s, row, limit, boolMask, maskBase);
        }
        if (padding != null) {
            kernel.hide(s, row, limit, padding, paddingBase);
        }
        return plainRow(s, row, cols, limit, normalize);
    }

    /**
     * Finishes deferred rows: multiplies each of {@code rows} strided output rows ({@code width} floats,
     * {@code ld} floats apart, from float {@code offset} of {@code out}) by its stored inverse sum.
     */
    static void scaleRows(MemorySegment out, long offset, int rows, int width, int ld,
                          MemorySegment inverses, long inversesBase) {
        RowKernel kernel = RowKernel.INSTANCE;
        for (int i = 0; i < rows; i++) {
            kernel.scale(out, (offset + (long) i * ld) * Float.BYTES, width,
                    inverses.get(F, inversesBase + (long) i * Float.BYTES));
        }
    }
}
