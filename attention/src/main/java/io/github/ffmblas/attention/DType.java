package io.github.ffmblas.attention;

/** Element types a {@link Tensor} holds in memory. Files may store others; readers convert on load. */
public enum DType {
    /** 32-bit IEEE float, little-endian. */
    F32(4),
    /** One byte per element, zero = false, anything else = true (safetensors BOOL and U8 masks). */
    BOOL(1);

    private final int byteSize;

    DType(int byteSize) {
        this.byteSize = byteSize;
    }

    public int byteSize() {
        return byteSize;
    }
}
