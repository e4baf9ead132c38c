package io.github.ffmblas.bench.onnx;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HexFormat;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** The wire format against hand-checked bytes, including the examples of the protobuf encoding guide. */
class ProtoWriterTest {

    private static byte[] hex(String h) {
        return HexFormat.of().parseHex(h.replace(" ", ""));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
            "0, 00",
            "1, 01",
            "127, 7f",
            "128, 80 01",
            "150, 96 01",
            "300, ac 02",
            "16383, ff 7f",
            "16384, 80 80 01",
            "2147483647, ff ff ff ff 07",
            "9223372036854775807, ff ff ff ff ff ff ff ff 7f",
            "-1, ff ff ff ff ff ff ff ff ff 01",
            "-2, fe ff ff ff ff ff ff ff ff 01",
    })
    void varints(long value, String expected) {
        assertArrayEquals(hex(expected), new ProtoWriter().varint(value).toByteArray());
    }

    @Test
    void encodingGuideExamples() {
        // message Test1 { optional int32 a = 1; } with a = 150
        assertArrayEquals(hex("08 96 01"), new ProtoWriter().int64(1, 150).toByteArray());
        // message Test2 { optional string b = 2; } with b = "testing"
        assertArrayEquals(hex("12 07 74 65 73 74 69 6e 67"), new ProtoWriter().string(2, "testing").toByteArray());
        // message Test3 { optional Test1 c = 3; } with c.a = 150
        assertArrayEquals(hex("1a 03 08 96 01"),
                new ProtoWriter().message(3, new ProtoWriter().int64(1, 150)).toByteArray());
    }

    @Test
    void fixedWidthFloatsAreLittleEndian() {
        assertArrayEquals(hex("15 00 00 80 3f"), new ProtoWriter().float32(2, 1f).toByteArray());
        assertArrayEquals(hex("0d 00 00 00 c0"), new ProtoWriter().float32(1, -2f).toByteArray());
    }

    @Test
    void largeFieldNumbersTakeMultiByteTags() {
        // field 20, wire type 0: (20 << 3) | 0 = 160 -> a0 01
        assertArrayEquals(hex("a0 01 02"), new ProtoWriter().int64(20, 2).toByteArray());
    }

    @Test
    void emptyBytesAndEmptyMessages() {
        assertArrayEquals(hex("4a 00"), new ProtoWriter().bytes(9, new byte[0]).toByteArray());
        assertArrayEquals(hex("3a 00"), new ProtoWriter().message(7, new ProtoWriter()).toByteArray());
    }

    @Test
    void badFieldNumbersAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> new ProtoWriter().int64(0, 1));
        assertThrows(IllegalArgumentException.class, () -> new ProtoWriter().int64(1 << 29, 1));
    }
}
