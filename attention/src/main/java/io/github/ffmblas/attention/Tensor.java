package io.github.ffmblas.attention;

import io.github.ffmblas.attention.internal.StridedMatrix;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.Objects;

/**
 * A dense, row-major tensor over a {@link MemorySegment}: a shape, an element type, and the memory. It owns
 * nothing: the segment's arena decides how long it lives. The forward pass sees an F32 {@code [batch, seq, d]}
 * tensor as a {@code [batch*seq, d]} row-major matrix, in place.
 */
public final class Tensor {
    /** Floats are read and written little-endian whatever the platform, as safetensors stores them. */
    static final ValueLayout.OfFloat FLOAT = ValueLayout.JAVA_FLOAT_UNALIGNED.withOrder(java.nio.ByteOrder.LITTLE_ENDIAN);

    private final MemorySegment segment;
    private final DType dtype;
    private final int[] shape;
    private final long elementCount;

    private Tensor(MemorySegment segment, DType dtype, int[] shape) {
        this.segment = Objects.requireNonNull(segment, "segment");
        this.dtype = Objects.requireNonNull(dtype, "dtype");
        this.shape = shape.clone();
        this.elementCount = elementCount(this.shape);
        long needed = Math.multiplyExact(elementCount, (long) dtype.byteSize());
        if (segment.byteSize() != needed) {
            throw new IllegalArgumentException("a " + dtype + " tensor of shape " + Arrays.toString(shape) + " needs "
                    + needed + " bytes, the segment has " + segment.byteSize());
        }
    }

    /** Views {@code segment} (exactly {@code product(shape) * dtype size} bytes) as a tensor; no copy. */
    public static Tensor of(MemorySegment segment, DType dtype, int... shape) {
        return new Tensor(segment, dtype, shape);
    }

    /** Views {@code segment} as an F32 tensor; no copy. */
    public static Tensor of(MemorySegment segment, int... shape) {
        return new Tensor(segment, DType.F32, shape);
    }

    /** A zeroed F32 tensor in {@code arena}, 64-byte aligned (what SIMD kernels like best). */
    public static Tensor allocate(Arena arena, int... shape) {
        return allocate(arena, DType.F32, shape);
    }

    /** A zeroed tensor in {@code arena}, 64-byte aligned. */
    public static Tensor allocate(Arena arena, DType dtype, int... shape) {
        long bytes = Math.multiplyExact(elementCount(shape), (long) dtype.byteSize());
        return new Tensor(arena.allocate(bytes, 64), dtype, shape);
    }

    /** A copy of {@code values} in {@code arena}, shaped {@code shape}. */
    public static Tensor copyOf(Arena arena, float[] values, int... shape) {
        Tensor t = allocate(arena, shape);
        if (values.length != t.elementCount) {
            throw new IllegalArgumentException(values.length + " values do not fill shape " + Arrays.toString(shape));
        }
        MemorySegment.copy(values, 0, t.segment, FLOAT, 0, values.length);
        return t;
    }

    /** A BOOL copy of {@code values} in {@code arena}, shaped {@code shape}. */
    public static Tensor copyOf(Arena arena, boolean[] values, int... shape) {
        Tensor t = allocate(arena, DType.BOOL, shape);
        if (values.length != t.elementCount) {
            throw new IllegalArgumentException(values.length + " values do not fill shape " + Arrays.toString(shape));
        }
        for (int i = 0; i < values.length; i++) {
            t.segment.set(ValueLayout.JAVA_BYTE, i, values[i] ? (byte) 1 : (byte) 0);
        }
        return t;
    }

    static long elementCount(int[] shape) {
        long n = 1;
        for (int d : shape) {
            if (d < 0) {
                throw new IllegalArgumentException("negative dimension in shape " + Arrays.toString(shape));
            }
            n = Math.multiplyExact(n, (long) d);
        }
        return n;
    }

    public MemorySegment segment() {
        return segment;
    }

    public DType dtype() {
        return dtype;
    }

    /** A copy of the shape. */
    public int[] shape() {
        return shape.clone();
    }

    public int rank() {
        return shape.length;
    }

    /** Size of dimension {@code i}; negative {@code i} counts from the end. */
    public int dim(int i) {
        return shape[i < 0 ? shape.length + i : i];
    }

    public long elementCount() {
        return elementCount;
    }

    /** True when the shape equals {@code expected}. */
    public boolean hasShape(int... expected) {
        return Arrays.equals(shape, expected);
    }

    // Fixed-arity forms: the forward pass checks shapes on every call and should not allocate varargs arrays.

    public boolean hasShape(int d0, int d1) {
        return shape.length == 2 && shape[0] == d0 && shape[1] == d1;
    }

    public boolean hasShape(int d0, int d1, int d2) {
        return shape.length == 3 && shape[0] == d0 && shape[1] == d1 && shape[2] == d2;
    }

    public boolean hasShape(int d0, int d1, int d2, int d3) {
        return shape.length == 4 && shape[0] == d0 && shape[1] == d1 && shape[2] == d2 && shape[3] == d3;
    }

    /** True when both tensors have the same shape. */
    public boolean sameShape(Tensor other) {
        return Arrays.equals(shape, other.shape);
    }

    /** The F32 tensor as a {@code [product of leading dims, last dim]} row-major matrix view; no copy. */
    StridedMatrix asMatrix() {
        requireF32();
        if (shape.length == 0) {
            return StridedMatrix.of(segment, 1, 1);
        }
        int cols = shape[shape.length - 1];
        long rows = cols == 0 ? 0 : elementCount / cols;
        if (rows > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("tensor of shape " + Arrays.toString(shape) + " has more than 2^31 rows");
        }
        return StridedMatrix.of(segment, (int) rows, cols);
    }

    public float getFloat(long index) {
        requireF32();
        return segment.get(FLOAT, index * Float.BYTES);
    }

    public boolean getBoolean(long index) {
        if (dtype != DType.BOOL) {
            throw new IllegalStateException("a " + dtype + " tensor has no boolean elements");
        }
        return segment.get(ValueLayout.JAVA_BYTE, index) != 0;
    }

    /** A heap copy of an F32 tensor's elements. */
    public float[] toFloatArray() {
        requireF32();
        if (elementCount > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("tensor too large for a Java array: " + Arrays.toString(shape));
        }
        float[] out = new float[(int) elementCount];
        MemorySegment.copy(segment, FLOAT, 0, out, 0, out.length);
        return out;
    }

    /** A heap copy of a BOOL tensor's elements. */
    public boolean[] toBooleanArray() {
        if (dtype != DType.BOOL) {
            throw new IllegalStateException("a " + dtype + " tensor has no boolean elements");
        }
        boolean[] out = new boolean[Math.toIntExact(elementCount)];
        for (int i = 0; i < out.length; i++) {
            out[i] = segment.get(ValueLayout.JAVA_BYTE, i) != 0;
        }
        return out;
    }

    private void requireF32() {
        if (dtype != DType.F32) {
            throw new IllegalStateException("expected an F32 tensor, this one is " + dtype);
        }
    }

    @Override
    public String toString() {
        return "Tensor[" + dtype + " " + Arrays.toString(shape) + "]";
    }
}
