package io.github.ffmblas.attention.safetensors;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;

/**
 * A safetensors file that breaks the format, or asks for something this reader cannot give. The message starts
 * with the file name and says what is wrong, naming the tensor when there is one; {@link #reason()} says which
 * check failed, for callers (and tests) that want to tell them apart without parsing messages.
 */
public final class InvalidSafeTensorsException extends IOException {
    private static final long serialVersionUID = 1L;

    /** Which check a file failed. */
    public enum Reason {
        /** Fewer than the 8 bytes of the header length field. */
        FILE_TOO_SHORT,
        /** The header length field is 0, larger than the rest of the file, or larger than the sane bound. */
        HEADER_SIZE,
        /** The header is not valid UTF-8. */
        HEADER_ENCODING,
        /** The header is not valid JSON. */
        HEADER_SYNTAX,
        /** The header is JSON, but nested deeper or with longer tokens than the parser limits allow. */
        HEADER_LIMITS,
        /** A JSON object in the header has the same key twice. */
        DUPLICATE_KEY,
        /** The header is not a JSON object, or does not start with '{'. */
        HEADER_NOT_OBJECT,
        /** A tensor entry is not an object, or its dtype, shape or data_offsets is missing or of the wrong type. */
        MALFORMED_ENTRY,
        /** A dtype string the format does not define. */
        UNKNOWN_DTYPE,
        /** A shape entry is not a non-negative int, or the rank is too high. */
        BAD_SHAPE,
        /** The element count times the dtype size overflows, or differs from the byte range's length. */
        SIZE_MISMATCH,
        /** A byte range is negative, reversed, or reaches past the data section. */
        BAD_OFFSETS,
        /** Two tensors share bytes. */
        OVERLAP,
        /** {@code __metadata__} is not an object of strings. */
        BAD_METADATA,
        /** A valid dtype that {@link SafeTensorsFile#tensor} cannot turn into a {@code Tensor}. */
        UNSUPPORTED_DTYPE
    }

    private final transient Reason reason;

    InvalidSafeTensorsException(Path file, Reason reason, String problem) {
        this(file, reason, problem, null);
    }

    InvalidSafeTensorsException(Path file, Reason reason, String problem, Throwable cause) {
        super(describe(file) + ": " + problem, cause);
        this.reason = Objects.requireNonNull(reason, "reason");
    }

    public Reason reason() {
        return reason;
    }

    private static String describe(Path file) {
        Path name = file.getFileName();
        return name == null ? file.toString() : name.toString();
    }
}
