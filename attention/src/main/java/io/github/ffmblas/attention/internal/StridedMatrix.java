package io.github.ffmblas.attention.internal;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.Objects;

/**
 * A row-major matrix view into a {@link MemorySegment}: element (r, c) is the float at index
 * {@code offset + r*ld + c}. Views are how ffmblas splits heads without copying: head {@code h} of a
 * {@code [batch*seq, d_model]} matrix is {@code block(b*seq, h*depth, seq, depth)}, which keeps the parent's
 * leading dimension {@code d_model} and is handed to BLAS as it is.
 *
 * <p>Creating a view checks it lies inside the segment; the {@code Blas} facade checks again at each call.
 */
public record StridedMatrix(MemorySegment segment, long offset, int rows, int cols, int ld) {
    /** Little-endian floats, as tensors hold them. */
    private static final ValueLayout.OfFloat FLOAT = ValueLayout.JAVA_FLOAT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);


    public StridedMatrix {
        Objects.requireNonNull(segment, "segment");
        if (offset < 0 || rows < 0 || cols < 0) {
            throw new IllegalArgumentException("offset, rows and cols must be >= 0: offset=" + offset
                    + " rows=" + rows + " cols=" + cols);
        }
        if (ld < Math.max(1, cols)) {
            throw new IllegalArgumentException("leading dimension " + ld + " < max(1, cols=" + cols + ")");
        }
        if (rows > 0 && cols > 0) {
            long last = Math.addExact(offset, Math.addExact(Math.multiplyExact((long) rows - 1, ld), cols - 1L));
            if (Math.multiplyExact(last + 1, (long) Float.BYTES) > segment.byteSize()) {
                throw new IllegalArgumentException(rows + "x" + cols + " view at offset " + offset + " with ld " + ld
                        + " needs " + (last + 1) + " floats; the segment holds " + segment.byteSize() / Float.BYTES);
            }
        }
    }

    /** A dense {@code rows x cols} view of a segment from its start. */
    public static StridedMatrix of(MemorySegment segment, int rows, int cols) {
        return new StridedMatrix(segment, 0, rows, cols, Math.max(1, cols));
    }

    /** The {@code rows x cols} sub-matrix whose top-left element is ({@code row}, {@code col}); no copy. */
    public StridedMatrix block(int row, int col, int rows, int cols) {
        Objects.checkFromIndexSize(row, rows, this.rows);
        Objects.checkFromIndexSize(col, cols, this.cols);
        return new StridedMatrix(segment, offset + (long) row * ld + col, rows, cols, ld);
    }

    /** Columns {@code [col, col + cols)} of every row; no copy. */
    public StridedMatrix columns(int col, int cols) {
        return block(0, col, rows, cols);
    }

    /** Rows {@code [row, row + rows)}; no copy. */
    public StridedMatrix rowRange(int row, int rows) {
        return block(row, 0, rows, cols);
    }

    /** Index, in floats from the segment's start, of element (r, c). */
    public long index(int r, int c) {
        Objects.checkIndex(r, rows);
        Objects.checkIndex(c, cols);
        return offset + (long) r * ld + c;
    }

    public float get(int r, int c) {
        return segment.get(FLOAT, index(r, c) * Float.BYTES);
    }

    /** A dense heap copy, row by row. */
    public float[] toArray() {
        float[] out = new float[Math.multiplyExact(rows, cols)];
        for (int r = 0; r < rows; r++) {
            MemorySegment.copy(segment, FLOAT, (offset + (long) r * ld) * Float.BYTES, out, r * cols, cols);
        }
        return out;
    }

    /** The byte range this view spans in its segment: [first, end). */
    public long firstByte() {
        return offset * Float.BYTES;
    }

    public long endByte() {
        return rows == 0 || cols == 0 ? firstByte() : (offset + (long) (rows - 1) * ld + cols) * Float.BYTES;
    }
}
