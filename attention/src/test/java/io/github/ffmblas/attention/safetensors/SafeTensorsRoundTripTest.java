package io.github.ffmblas.attention.safetensors;

import static org.junit.jupiter.api.Assertions.*;

import io.github.ffmblas.attention.DType;
import io.github.ffmblas.attention.Tensor;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SafeTensorsRoundTripTest {
    @TempDir
    Path dir;

    static float[] sequence(int n) {
        float[] v = new float[n];
        for (int i = 0; i < n; i++) {
            v[i] = i * 0.5f - 3.25f;
        }
        return v;
    }

    @Test
    void writesAndReadsBackAwkwardShapesBoolsAndMetadataInOrder() throws Exception {
        Path file = dir.resolve("model.safetensors");
        Map<String, Tensor> tensors = new LinkedHashMap<>();
        Map<String, String> metadata = new LinkedHashMap<>();
        metadata.put("format", "pt");
        metadata.put("unicode ✓", "naïve \"quoted\"\nline");
        metadata.put("", "empty key is fine in metadata");
        float[] specials = {Float.NaN, -0.0f, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.MIN_VALUE,
                Float.MAX_VALUE, 1e-40f};
        try (Arena arena = Arena.ofConfined()) {
            // A 3-byte BOOL first: the writer must still keep the F32 tensors after it aligned.
            tensors.put("mask", Tensor.copyOf(arena, new boolean[] {true, false, true}, 3));
            tensors.put("w", Tensor.copyOf(arena, sequence(30), 2, 3, 5));
            tensors.put("empty", Tensor.allocate(arena, 4, 0, 3));
            tensors.put("scalar", Tensor.copyOf(arena, new float[] {-2.5f}));
            tensors.put("odd", Tensor.copyOf(arena, sequence(7), 1, 1, 7));
            tensors.put("specials", Tensor.copyOf(arena, specials, 7));
            tensors.put("empty mask", Tensor.allocate(arena, DType.BOOL, 0));
            tensors.put("ünïcode.name/with:punct", Tensor.copyOf(arena, new boolean[] {false, true, true, false}, 2, 2));
            SafeTensorsWriter.write(file, tensors, metadata);
        }

        try (SafeTensorsFile st = SafeTensorsFile.open(file)) {
            assertEquals(List.copyOf(tensors.keySet()), List.copyOf(st.names()), "names in the writer's order");
            assertEquals(metadata, st.metadata());
            assertEquals(List.copyOf(metadata.keySet()), List.copyOf(st.metadata().keySet()));

            assertArrayEquals(new int[] {2, 3, 5}, st.info("w").orElseThrow().shape());
            assertEquals("F32", st.info("w").orElseThrow().dtype());
            assertEquals("BOOL", st.info("mask").orElseThrow().dtype());
            assertEquals(120, st.info("w").orElseThrow().byteSize());

            assertArrayEquals(sequence(30), st.tensor("w").toFloatArray());
            assertTrue(st.tensor("w").hasShape(2, 3, 5));
            Tensor empty = st.tensor("empty");
            assertTrue(empty.hasShape(4, 0, 3));
            assertEquals(0, empty.toFloatArray().length);
            Tensor scalar = st.tensor("scalar");
            assertEquals(0, scalar.rank());
            assertEquals(-2.5f, scalar.getFloat(0));
            assertArrayEquals(sequence(7), st.tensor("odd").toFloatArray());
            assertTrue(st.tensor("odd").hasShape(1, 1, 7));
            assertArrayEquals(bits(specials), bits(st.tensor("specials").toFloatArray()), "bit-exact, NaN included");

            Tensor mask = st.tensor("mask");
            assertEquals(DType.BOOL, mask.dtype());
            assertArrayEquals(new boolean[] {true, false, true}, mask.toBooleanArray());
            assertEquals(0, st.tensor("empty mask").elementCount());
            assertArrayEquals(new boolean[] {false, true, true, false},
                    st.tensor("ünïcode.name/with:punct").toBooleanArray());

            // Every F32 tensor of a file we wrote is aligned, so all are views of the mapping.
            for (String name : st.names()) {
                Tensor t = st.tensor(name);
                assertTrue(within(st.mappedSegment(), t.segment()), name + " should be a view of the file");
                assertTrue(t.segment().isReadOnly(), name);
            }
        }
    }

    @Test
    void headerIsSpacePaddedSoTheDataSectionStartsAtAMultipleOf8() throws Exception {
        for (int nameLength = 1; nameLength <= 8; nameLength++) {
            Path file = dir.resolve("pad" + nameLength + ".safetensors");
            try (Arena arena = Arena.ofConfined()) {
                SafeTensorsWriter.write(file, Map.of("x".repeat(nameLength), Tensor.copyOf(arena, sequence(3), 3)),
                        Map.of());
            }
            byte[] bytes = Files.readAllBytes(file);
            long n = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).getLong();
            assertEquals(0, (8 + n) % 8, "data section start");
            String header = new String(bytes, 8, (int) n, StandardCharsets.UTF_8);
            assertTrue(header.startsWith("{") && header.stripTrailing().endsWith("}"), header);
            assertFalse(header.contains("__metadata__"), "empty metadata is omitted");
            assertEquals(8 + n + 12, bytes.length, "no bytes beyond the last tensor");
        }
    }

    @Test
    void writesHeapBackedTensors() throws Exception {
        Path file = dir.resolve("heap.safetensors");
        float[] values = sequence(6);
        // A float[]-backed segment has no ByteBuffer view; the writer must copy it out. Its bytes are native order,
        // which Tensor's little-endian contract assumes, so only do this where native order is little-endian.
        org.junit.jupiter.api.Assumptions.assumeTrue(ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN);
        Tensor heap = Tensor.of(MemorySegment.ofArray(values), 2, 3);
        SafeTensorsWriter.write(file, Map.of("h", heap), Map.of());
        try (SafeTensorsFile st = SafeTensorsFile.open(file)) {
            assertArrayEquals(values, st.tensor("h").toFloatArray());
        }
    }

    static boolean within(MemorySegment outer, MemorySegment inner) {
        return inner.address() >= outer.address()
                && inner.address() + inner.byteSize() <= outer.address() + outer.byteSize();
    }

    static int[] bits(float[] values) {
        int[] b = new int[values.length];
        for (int i = 0; i < values.length; i++) {
            b[i] = Float.floatToRawIntBits(values[i]);
        }
        return b;
    }
}
