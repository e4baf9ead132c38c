package io.github.ffmblas.bench.onnx;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The few pieces of the protobuf wire format that an ONNX model needs: varints, 32-bit fixed floats and
 * length-delimited fields (strings, bytes, embedded messages). Fields are written in the order they are called;
 * nothing is buffered beyond the bytes themselves. See https://protobuf.dev/programming-guides/encoding/.
 */
final class ProtoWriter {
    /** Wire type 0: int32, int64, uint64, bool, enum. */
    static final int VARINT = 0;
    /** Wire type 2: string, bytes, embedded messages, packed repeated fields. */
    static final int LEN = 2;
    /** Wire type 5: fixed32, sfixed32, float. */
    static final int I32 = 5;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    /** Base-128 varint, least significant group first; negative values take ten bytes (two's complement, as int64). */
    ProtoWriter varint(long value) {
        long v = value;
        while ((v & ~0x7FL) != 0) {
            out.write((int) ((v & 0x7F) | 0x80));
            v >>>= 7;
        }
        out.write((int) v);
        return this;
    }

    ProtoWriter tag(int field, int wireType) {
        if (field < 1 || field > (1 << 29) - 1) {
            throw new IllegalArgumentException("bad protobuf field number " + field);
        }
        return varint(((long) field << 3) | wireType);
    }

    /** An int32/int64/enum field. An int32 that is negative is sign-extended to 64 bits, as protobuf does. */
    ProtoWriter int64(int field, long value) {
        return tag(field, VARINT).varint(value);
    }

    ProtoWriter float32(int field, float value) {
        tag(field, I32);
        int bits = Float.floatToRawIntBits(value);
        for (int i = 0; i < 4; i++) {
            out.write(bits >>> (8 * i));
        }
        return this;
    }

    ProtoWriter bytes(int field, byte[] value) {
        tag(field, LEN).varint(value.length);
        out.writeBytes(value);
        return this;
    }

    ProtoWriter string(int field, String value) {
        return bytes(field, value.getBytes(StandardCharsets.UTF_8));
    }

    /** An embedded message: its length, then its bytes. */
    ProtoWriter message(int field, ProtoWriter message) {
        tag(field, LEN).varint(message.size());
        try {
            message.out.writeTo(out); // no intermediate copy; a ByteArrayOutputStream target never throws
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    int size() {
        return out.size();
    }

    byte[] toByteArray() {
        return out.toByteArray();
    }
}
