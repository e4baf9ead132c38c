package io.github.ffmblas.attention.safetensors;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes safetensors files byte by byte, valid or not, for tests that need exactly the bytes they describe. */
public final class SafeTensorsTestFiles {
    private SafeTensorsTestFiles() {}

    /** Writes the 8-byte length of {@code headerJson} (UTF-8), the header, then {@code data}; returns {@code file}. */
    public static Path write(Path file, String headerJson, byte[] data) throws IOException {
        byte[] header = headerJson.getBytes(StandardCharsets.UTF_8);
        return writeRaw(file, header.length, header, data);
    }

    /** Writes {@code headerLength} as the length field, whatever the header's real length, then header and data. */
    public static Path writeRaw(Path file, long headerLength, byte[] header, byte[] data) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(8 + header.length + data.length).order(ByteOrder.LITTLE_ENDIAN);
        b.putLong(headerLength).put(header).put(data);
        Files.write(file, b.array());
        return file;
    }

    /** {@code values} as little-endian F32 bytes. */
    public static byte[] f32(float... values) {
        ByteBuffer b = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (float v : values) {
            b.putFloat(v);
        }
        return b.array();
    }

    /** Raw 16-bit patterns (F16, BF16, I16) as little-endian bytes. */
    public static byte[] u16(int... bits) {
        ByteBuffer b = ByteBuffer.allocate(bits.length * 2).order(ByteOrder.LITTLE_ENDIAN);
        for (int v : bits) {
            b.putShort((short) v);
        }
        return b.array();
    }

    /** Concatenates byte arrays. */
    public static byte[] concat(byte[]... parts) {
        int n = 0;
        for (byte[] p : parts) {
            n += p.length;
        }
        ByteBuffer b = ByteBuffer.allocate(n);
        for (byte[] p : parts) {
            b.put(p);
        }
        return b.array();
    }

    /** A header entry, e.g. {@code entry("w", "F32", "[2, 3]", 0, 24)} gives {@code "w": {...}} without braces around it. */
    public static String entry(String name, String dtype, String shape, long begin, long end) {
        return "\"" + name + "\": {\"dtype\": \"" + dtype + "\", \"shape\": " + shape + ", \"data_offsets\": [" + begin
                + ", " + end + "]}";
    }
}
