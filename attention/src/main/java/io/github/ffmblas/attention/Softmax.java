package io.github.ffmblas.attention;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Row-wise softmax over a dense block of attention logits, in place, with the masks of a forward pass.
 * Numerically stable: each row's maximum over the visible keys is subtracted before {@code exp}. A row with no
 * visible key (or only -inf logits) becomes all zeros: see {@link Attention}.
 */
final class Softmax {
    private static final ValueLayout.OfFloat F = ValueLayout.JAVA_FLOAT;

    private Softmax() {}

    /**
     * Softmax of {@code rows} rows of {@code cols} logits stored densely at byte {@code base} of {@code s}.
     *
     * @param firstRow     the query position of the first row (for the causal limit)
     * @param causal       keys j &gt; query position are hidden
     * @param boolMask     {@code [seq_q, cols]} bytes, non-zero = hidden, or null; row i of the block is mask
     *                     row {@code firstRow + i}
     * @param padding      key padding bytes, non-zero = hidden, or null
     * @param paddingBase  byte offset of this batch row's {@code cols} padding flags in {@code padding}
     */
    static void rows(MemorySegment s, long base, int rows, int cols, int firstRow, boolean causal,
                     MemorySegment boolMask, MemorySegment padding, long paddingBase) {
        for (int i = 0; i < rows; i++) {
            int query = firstRow + i;
            int limit = causal ? Math.min(cols, query + 1) : cols;
            long row = base + (long) i * cols * Float.BYTES;
            if (boolMask == null && padding == null) {
                plainRow(s, row, cols, limit);
            } else {
                maskedRow(s, row, cols, limit, boolMask, (long) query * cols, padding, paddingBase);
            }
        }
    }

    /** Keys [0, limit) visible, the rest hidden. */
    private static void plainRow(MemorySegment s, long row, int cols, int limit) {
        RowKernel kernel = RowKernel.INSTANCE;
        float max = kernel.max(s, row, limit);
        if (max == Float.NEGATIVE_INFINITY) {
            zero(s, row, 0, cols);
            return;
        }
        float sum = kernel.expAndSum(s, row, limit, max);
        kernel.scale(s, row, limit, 1f / sum);
        zero(s, row, limit, cols);
    }

    private static void maskedRow(MemorySegment s, long row, int cols, int limit, MemorySegment boolMask,
                                  long maskBase, MemorySegment padding, long paddingBase) {
        float max = Float.NEGATIVE_INFINITY;
        for (int j = 0; j < limit; j++) {
            if (visible(j, boolMask, maskBase, padding, paddingBase)) {
                max = Math.max(max, s.get(F, row + (long) j * Float.BYTES));
            }
        }
        if (max == Float.NEGATIVE_INFINITY) {
            zero(s, row, 0, cols);
            return;
        }
        float sum = 0f;
        for (int j = 0; j < limit; j++) {
            long at = row + (long) j * Float.BYTES;
            float e = visible(j, boolMask, maskBase, padding, paddingBase) ? (float) Math.exp(s.get(F, at) - max) : 0f;
            s.set(F, at, e);
            sum += e;
        }
        float inverse = 1f / sum;
        for (int j = 0; j < limit; j++) {
            long at = row + (long) j * Float.BYTES;
            s.set(F, at, s.get(F, at) * inverse);
        }
        zero(s, row, limit, cols);
    }

    private static boolean visible(int j, MemorySegment boolMask, long maskBase, MemorySegment padding, long paddingBase) {
        return (boolMask == null || boolMask.get(ValueLayout.JAVA_BYTE, maskBase + j) == 0)
                && (padding == null || padding.get(ValueLayout.JAVA_BYTE, paddingBase + j) == 0);
    }

    private static void zero(MemorySegment s, long row, int from, int to) {
        for (int j = from; j < to; j++) {
            s.set(F, row + (long) j * Float.BYTES, 0f);
        }
    }
}
