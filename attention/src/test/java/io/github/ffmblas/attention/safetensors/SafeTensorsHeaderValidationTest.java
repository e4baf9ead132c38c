package io.github.ffmblas.attention.safetensors;

import static io.github.ffmblas.attention.safetensors.InvalidSafeTensorsException.Reason.*;
import static io.github.ffmblas.attention.safetensors.SafeTensorsTestFiles.*;
import static org.junit.jupiter.api.Assertions.*;

import io.github.ffmblas.attention.safetensors.InvalidSafeTensorsException.Reason;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** One test per header rule: each broken file must fail in open() with the right reason and a clear message. */
class SafeTensorsHeaderValidationTest {
    private static final String FILE = "bad.safetensors";
    /** A valid entry for a 2-element F32 tensor, and data for it. */
    private static final String OK = entry("ok", "F32", "[2]", 0, 8);
    private static final byte[] DATA = new byte[8];

    @TempDir
    Path dir;

    private Path file() {
        return dir.resolve(FILE);
    }

    /** Opens {@code file}, expects {@code reason}, and checks the message starts with the file name and has {@code words}. */
    private InvalidSafeTensorsException rejects(Path file, Reason reason, String... words) {
        InvalidSafeTensorsException e = assertThrows(InvalidSafeTensorsException.class, () -> {
            try (SafeTensorsFile st = SafeTensorsFile.open(file)) {
                fail("opened " + st);
            }
        });
        assertEquals(reason, e.reason(), e.getMessage());
        assertTrue(e.getMessage().startsWith(FILE + ": "), e.getMessage());
        for (String w : words) {
            assertTrue(e.getMessage().contains(w), "'" + w + "' missing from: " + e.getMessage());
        }
        return e;
    }

    private InvalidSafeTensorsException rejectsHeader(String json, byte[] data, Reason reason, String... words)
            throws Exception {
        return rejects(write(file(), json, data), reason, words);
    }

    private InvalidSafeTensorsException rejectsEntries(String entries, Reason reason, String... words) throws Exception {
        return rejectsHeader("{" + entries + "}", DATA, reason, words);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 7})
    void fileShorterThanTheLengthField(int size) throws Exception {
        rejects(Files.write(file(), new byte[size]), FILE_TOO_SHORT, size + " bytes");
    }

    @Test
    void headerLengthZero() throws Exception {
        rejects(writeRaw(file(), 0, "{}".getBytes(StandardCharsets.US_ASCII), DATA), HEADER_SIZE, "is 0");
    }

    @Test
    void headerLengthPastTheEndOfTheFile() throws Exception {
        rejects(writeRaw(file(), 3, "{}".getBytes(StandardCharsets.US_ASCII), new byte[0]), HEADER_SIZE, "3", "2 bytes");
    }

    @Test
    void headerLengthAboveTheSaneBoundIsRejectedBeforeAnyAllocation() throws Exception {
        rejects(writeRaw(file(), SafeTensorsFile.MAX_HEADER_BYTES + 1, new byte[] {'{', '}'}, DATA), HEADER_SIZE,
                String.valueOf(SafeTensorsFile.MAX_HEADER_BYTES + 1), "limit");
    }

    @Test
    void headerLengthNegativeAsSignedIsAHugeUnsignedLength() throws Exception {
        rejects(writeRaw(file(), -1, new byte[] {'{', '}'}, DATA), HEADER_SIZE, "18446744073709551615");
        rejects(writeRaw(file(), Long.MIN_VALUE, new byte[] {'{', '}'}, DATA), HEADER_SIZE, "9223372036854775808");
    }

    @ParameterizedTest
    @ValueSource(strings = {"ff", "c0af", "eda080", "e282", "f8888080"}) // stray, overlong, surrogate, cut, 5-byte
    void headerNotUtf8(String hex) throws Exception {
        byte[] bad = java.util.HexFormat.of().parseHex(hex);
        byte[] json = concat("{\"a".getBytes(StandardCharsets.US_ASCII), bad, "\": 1}".getBytes(StandardCharsets.US_ASCII));
        rejects(writeRaw(file(), json.length, json, DATA), HEADER_ENCODING, "UTF-8");
    }

    @ParameterizedTest
    @ValueSource(strings = {"{", "{\"a\": }", "{\"a\" 1}", "{'a': 1}", "{\"a\": [1,]}", "{} x", "{}{}", "{\"a\": NaN}",
            "{\"a\": 01}", "   ", "{\"a\": \"\u0001\"}"})
    void headerNotValidJson(String json) throws Exception {
        rejectsHeader(json, DATA, HEADER_SYNTAX, "JSON");
    }

    @ParameterizedTest
    @ValueSource(strings = {"[]", "42", "\"text\"", "null", "true", " {}", "\n{}"})
    void headerNotAnObjectOrNotStartingWithABrace(String json) throws Exception {
        rejectsHeader(json, DATA, HEADER_NOT_OBJECT);
    }

    @Test
    void duplicateKeys() throws Exception {
        rejectsEntries(OK + ", " + OK, DUPLICATE_KEY, "duplicate", "ok");
        rejectsEntries("\"__metadata__\": {\"k\": \"a\", \"k\": \"b\"}, " + OK, DUPLICATE_KEY, "k");
        rejectsEntries("\"__metadata__\": {}, \"__metadata__\": {}", DUPLICATE_KEY, "__metadata__");
        rejectsEntries("\"ok\": {\"dtype\": \"F32\", \"dtype\": \"F32\", \"shape\": [2], \"data_offsets\": [0, 8]}",
                DUPLICATE_KEY, "dtype");
    }

    @ParameterizedTest
    @ValueSource(strings = {"5", "\"F32\"", "[]", "null", "true"})
    void entryNotAnObject(String value) throws Exception {
        rejectsEntries("\"t\": " + value, MALFORMED_ENTRY, "'t'", "not an object");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "{\"shape\": [2], \"data_offsets\": [0, 8]}",
        "{\"dtype\": 4, \"shape\": [2], \"data_offsets\": [0, 8]}",
        "{\"dtype\": null, \"shape\": [2], \"data_offsets\": [0, 8]}",
        "{\"dtype\": \"F32\", \"data_offsets\": [0, 8]}",
        "{\"dtype\": \"F32\", \"shape\": \"[2]\", \"data_offsets\": [0, 8]}",
        "{\"dtype\": \"F32\", \"shape\": 2, \"data_offsets\": [0, 8]}",
        "{\"dtype\": \"F32\", \"shape\": [2]}",
        "{\"dtype\": \"F32\", \"shape\": [2], \"data_offsets\": [8]}",
        "{\"dtype\": \"F32\", \"shape\": [2], \"data_offsets\": [0, 8, 8]}",
        "{\"dtype\": \"F32\", \"shape\": [2], \"data_offsets\": [0.0, 8.0]}",
        "{\"dtype\": \"F32\", \"shape\": [2], \"data_offsets\": [\"0\", \"8\"]}",
        "{\"dtype\": \"F32\", \"shape\": [2], \"data_offsets\": {\"begin\": 0, \"end\": 8}}",
    })
    void entryFieldMissingOrIllTyped(String value) throws Exception {
        rejectsEntries("\"t\": " + value, MALFORMED_ENTRY, "'t'");
    }

    @ParameterizedTest
    @ValueSource(strings = {"F33", "f32", "", "FLOAT", "F32 ", "Q4_K"})
    void unknownDtype(String dtype) throws Exception {
        rejectsEntries(entry("t", dtype, "[2]", 0, 8), UNKNOWN_DTYPE, "'t'", "unknown dtype \"" + dtype + "\"");
    }

    @ParameterizedTest
    @ValueSource(strings = {"[-1]", "[2.5]", "[2.0]", "[\"2\"]", "[null]", "[[2]]", "[2147483648]",
            "[1, 1, 1, 1, 1, 1, 1, 1, 1]"})
    void shapeEntriesMustBeNonNegativeIntsAndRankAtMost8(String shape) throws Exception {
        rejectsEntries(entry("t", "F32", shape, 0, 8), BAD_SHAPE, "'t'");
    }

    @Test
    void rank8IsAccepted() throws Exception {
        try (SafeTensorsFile st = SafeTensorsFile.open(write(file(),
                "{" + entry("t", "F32", "[1, 1, 1, 2, 1, 1, 1, 1]", 0, 8) + "}", DATA))) {
            assertEquals(8, st.tensor("t").rank());
        }
    }

    @Test
    void byteCountOverflowingALong() throws Exception {
        // Each dimension fits in an int; their product times 4 does not fit in a long. Nothing may be allocated.
        rejectsEntries(entry("t", "F32", "[2147483647, 2147483647, 2147483647]", 0, 8), SIZE_MISMATCH, "'t'", "long");
        rejectsEntries(entry("t", "U8", "[65536, 65536, 65536, 32768]", 0, 8), SIZE_MISMATCH, "'t'", "long");
    }

    @Test
    void byteCountDifferentFromTheRange() throws Exception {
        rejectsEntries(entry("t", "F32", "[3]", 0, 8), SIZE_MISMATCH, "'t'", "12 bytes", "hold 8");
        rejectsEntries(entry("t", "F16", "[2]", 0, 8), SIZE_MISMATCH, "'t'");
        // A huge but representable size is only compared, never allocated.
        rejectsEntries(entry("t", "F32", "[100000, 100000]", 0, 8), SIZE_MISMATCH, "40000000000 bytes");
    }

    @Test
    void offsetsNegativeReversedOrPastTheData() throws Exception {
        rejectsEntries(entry("t", "F32", "[2]", -8, 0), BAD_OFFSETS, "'t'", "-8");
        rejectsEntries(entry("t", "F32", "[0]", 8, 4), BAD_OFFSETS, "'t'", "end before");
        rejectsEntries(entry("t", "F32", "[2]", 4, 12), BAD_OFFSETS, "'t'", "8-byte data section");
        rejectsEntries("\"t\": {\"dtype\": \"F32\", \"shape\": [2], \"data_offsets\": [18446744073709551616, 8]}",
                BAD_OFFSETS, "'t'");
        rejectsEntries(entry("t", "F32", "[2]", Long.MAX_VALUE - 7, Long.MAX_VALUE), BAD_OFFSETS, "'t'");
    }

    @Test
    void overlappingRanges() throws Exception {
        rejectsHeader("{" + entry("a", "F32", "[4]", 0, 16) + ", " + entry("b", "F32", "[4]", 8, 24) + "}",
                new byte[24], OVERLAP, "'a'", "'b'");
        rejectsHeader("{" + entry("b", "F32", "[2]", 0, 8) + ", " + entry("a", "F32", "[2]", 0, 8) + "}",
                new byte[8], OVERLAP, "'a'", "'b'");
        // Found even when a third range sits between them in header order and in the file.
        rejectsHeader("{" + entry("a", "F32", "[4]", 0, 16) + ", " + entry("c", "F32", "[1]", 24, 28) + ", "
                + entry("b", "F32", "[1]", 12, 16) + "}", new byte[28], OVERLAP, "'a'", "'b'");
    }

    @ParameterizedTest
    @ValueSource(strings = {"[]", "\"k=v\"", "5", "null", "{\"k\": 1}", "{\"k\": null}", "{\"k\": [\"v\"]}",
            "{\"k\": {\"x\": \"y\"}}", "{\"a\": \"ok\", \"k\": true}"})
    void metadataNotAnObjectOfStrings(String metadata) throws Exception {
        rejectsEntries("\"__metadata__\": " + metadata + ", " + OK, BAD_METADATA, "__metadata__");
    }

    @Test
    void nestingAndNumberLengthBeyondTheParserLimits() throws Exception {
        String deep = "[".repeat(10_000) + "]".repeat(10_000);
        rejectsEntries("\"__metadata__\": {\"k\": " + deep + "}", HEADER_LIMITS, "nesting");
        rejectsEntries("\"t\": {\"dtype\": \"F32\", \"shape\": [2], \"data_offsets\": [0, 8], \"x\": " + deep + "}",
                HEADER_LIMITS, "nesting");
        rejectsEntries(entry("t", "F32", "[2]", 0, 8).replace("[0, 8]", "[0, 8" + "0".repeat(1000) + "]"),
                HEADER_LIMITS);
    }

    @Test
    void theSmallestValidFiles() throws Exception {
        try (SafeTensorsFile st = SafeTensorsFile.open(write(file(), "{}", new byte[0]))) {
            assertTrue(st.names().isEmpty());
            assertTrue(st.metadata().isEmpty());
        }
        try (SafeTensorsFile st = SafeTensorsFile.open(write(file(), "{}  \t\n", new byte[0]))) {
            assertTrue(st.names().isEmpty(), "trailing whitespace is padding");
        }
    }
}
