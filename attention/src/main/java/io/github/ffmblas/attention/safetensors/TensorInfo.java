package io.github.ffmblas.attention.safetensors;

import java.util.Arrays;
import java.util.Objects;

/**
 * One tensor as the header describes it, already validated.
 *
 * @param name  the tensor's key in the header
 * @param dtype the dtype string as the file spells it, e.g. {@code "F32"}, {@code "BF16"}
 * @param shape the dimensions (empty for a scalar); the accessor returns a copy
 * @param begin first byte, relative to the start of the data section
 * @param end   one past the last byte, relative to the start of the data section
 */
public record TensorInfo(String name, String dtype, int[] shape, long begin, long end) {

    public TensorInfo {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(dtype, "dtype");
        shape = shape.clone();
    }

    @Override
    public int[] shape() {
        return shape.clone();
    }

    /** Number of bytes the tensor occupies in the file. */
    public long byteSize() {
        return end - begin;
    }

    // Records compare arrays by identity; a shape is a value.
    @Override
    public boolean equals(Object o) {
        return o instanceof TensorInfo t && name.equals(t.name) && dtype.equals(t.dtype)
                && Arrays.equals(shape, t.shape) && begin == t.begin && end == t.end;
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, dtype, Arrays.hashCode(shape), begin, end);
    }

    @Override
    public String toString() {
        return "TensorInfo[" + name + " " + dtype + " " + Arrays.toString(shape) + " bytes " + begin + ".." + end + "]";
    }
}
