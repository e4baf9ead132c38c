package io.github.ffmblas.attention.safetensors;

import java.util.Optional;

/**
 * The dtypes the safetensors format defines, with their element sizes. The header check accepts all of them;
 * only some can be turned into a {@code Tensor}.
 */
enum FileDType {
    BOOL(1), U8(1), I8(1), F8_E4M3(1), F8_E5M2(1),
    I16(2), U16(2), F16(2), BF16(2),
    I32(4), U32(4), F32(4),
    I64(8), U64(8), F64(8);

    final int byteSize;

    FileDType(int byteSize) {
        this.byteSize = byteSize;
    }

    /** The dtype a file spells as {@code name}, exactly (the format is case-sensitive). */
    static Optional<FileDType> parse(String name) {
        for (FileDType t : values()) {
            if (t.name().equals(name)) {
                return Optional.of(t);
            }
        }
        return Optional.empty();
    }
}
