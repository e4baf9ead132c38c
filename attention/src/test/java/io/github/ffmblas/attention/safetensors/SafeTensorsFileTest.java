package io.github.ffmblas.attention.safetensors;

import static io.github.ffmblas.attention.safetensors.SafeTensorsTestFiles.*;
import static org.junit.jupiter.api.Assertions.*;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.ffmblas.attention.DType;
import io.github.ffmblas.attention.Tensor;
import io.github.ffmblas.attention.safetensors.InvalidSafeTensorsException.Reason;
import java.lang.foreign.Arena;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SafeTensorsFileTest {
    @TempDir
    Path dir;

    private Path written(String name, Map<String, Tensor> tensors) throws Exception {
        Path file = dir.resolve(name);
        SafeTensorsWriter.write(file, tensors, Map.of());
        return file;
    }

    @Test
    void alignedF32IsAViewOfTheMappedFile() throws Exception {
        assumeTrue(ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN, "views need little-endian");
        Path file;
        try (Arena arena = Arena.ofConfined()) {
            file = written("a.safetensors", Map.of("w", Tensor.copyOf(arena, new float[] {1, 2, 3, 4, 5, 6}, 2, 3)));
        }
        try (SafeTensorsFile st = SafeTensorsFile.open(file)) {
            Tensor w = st.tensor("w");
            assertTrue(SafeTensorsRoundTripTest.within(st.mappedSegment(), w.segment()), "zero-copy view expected");
            assertEquals(0, w.segment().address() % Float.BYTES);
            assertArrayEquals(new float[] {1, 2, 3, 4, 5, 6}, w.toFloatArray());
            assertEquals(5f, w.toFloatArray()[4]);
        }
    }

    @Test
    void misalignedF32IsCopiedToAlignedMemoryAndStillCorrect() throws Exception {
        // A 73-byte header puts the data section at byte 81: no F32 in it is 4-byte aligned.
        String json = "{" + entry("w", "F32", "[3]", 0, 12) + "}";
        json = json + " ".repeat(73 - json.length());
        Path file = write(dir.resolve("odd.safetensors"), json, f32(1.5f, -2f, 1e-42f));
        try (SafeTensorsFile st = SafeTensorsFile.open(file)) {
            Tensor w = st.tensor("w");
            assertFalse(SafeTensorsRoundTripTest.within(st.mappedSegment(), w.segment()), "a copy expected");
            assertEquals(0, w.segment().address() % 64);
            assertTrue(w.segment().isReadOnly());
            assertArrayEquals(new float[] {1.5f, -2f, 1e-42f}, w.toFloatArray());
            assertSame(w, st.tensor("w"), "converted once, then reused");
        }
    }

    @Test
    void f16ConvertsExactlyIncludingNegativeSubnormalAndInfinite() throws Exception {
        int[] bits = {0x3C00, 0xBC00, 0x0000, 0x8000, 0x0001, 0x03FF, 0x0400, 0x7BFF, 0x7C00, 0xFC00, 0x3555, 0xC500};
        float[] expected = {1f, -1f, 0f, -0f, 0x1p-24f, 0x3FFp-24f, 0x1p-14f, 65504f, Float.POSITIVE_INFINITY,
                Float.NEGATIVE_INFINITY, 0x1.554p-2f, -5f};
        Path file = write(dir.resolve("f16.safetensors"),
                "{" + entry("h", "F16", "[3, 4]", 0, 24) + ", " + entry("nan", "F16", "[1]", 24, 26) + "}",
                concat(u16(bits), u16(0x7E00)));
        try (SafeTensorsFile st = SafeTensorsFile.open(file)) {
            Tensor h = st.tensor("h");
            assertEquals(DType.F32, h.dtype());
            assertTrue(h.hasShape(3, 4));
            assertArrayEquals(SafeTensorsRoundTripTest.bits(expected), SafeTensorsRoundTripTest.bits(h.toFloatArray()));
            assertTrue(Float.isNaN(st.tensor("nan").getFloat(0)));
            assertEquals("F16", st.info("h").orElseThrow().dtype());
        }
    }

    @Test
    void bf16ConvertsExactlyIncludingNegativeSubnormalAndInfinite() throws Exception {
        int[] bits = {0x3F80, 0xBF80, 0x0000, 0x8000, 0x0001, 0x807F, 0x4049, 0x7F7F, 0x7F80, 0xFF80, 0xC2F7};
        float[] expected = {1f, -1f, 0f, -0f, 0x1p-133f, -0x7Fp-133f, 3.140625f, 0x1.FEp127f,
                Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, -123.5f};
        Path file = write(dir.resolve("bf16.safetensors"),
                "{" + entry("b", "BF16", "[11]", 0, 22) + ", " + entry("nan", "BF16", "[]", 22, 24) + "}",
                concat(u16(bits), u16(0x7FC0)));
        try (SafeTensorsFile st = SafeTensorsFile.open(file)) {
            assertArrayEquals(SafeTensorsRoundTripTest.bits(expected),
                    SafeTensorsRoundTripTest.bits(st.tensor("b").toFloatArray()));
            Tensor nan = st.tensor("nan");
            assertEquals(0, nan.rank());
            assertTrue(Float.isNaN(nan.getFloat(0)));
        }
    }

    @Test
    void boolAndU8AreZeroCopyBoolViews() throws Exception {
        Path file = write(dir.resolve("mask.safetensors"),
                "{" + entry("b", "BOOL", "[2, 2]", 0, 4) + ", " + entry("u", "U8", "[3]", 4, 7) + "}",
                new byte[] {1, 0, 0, 1, 0, 2, (byte) 255});
        try (SafeTensorsFile st = SafeTensorsFile.open(file)) {
            Tensor b = st.tensor("b"), u = st.tensor("u");
            assertEquals(DType.BOOL, b.dtype());
            assertEquals(DType.BOOL, u.dtype());
            assertArrayEquals(new boolean[] {true, false, false, true}, b.toBooleanArray());
            assertArrayEquals(new boolean[] {false, true, true}, u.toBooleanArray(), "non-zero is true");
            assertTrue(SafeTensorsRoundTripTest.within(st.mappedSegment(), b.segment()));
            assertTrue(SafeTensorsRoundTripTest.within(st.mappedSegment(), u.segment()));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"I8", "I16", "I32", "I64", "U16", "U32", "U64", "F64", "F8_E4M3", "F8_E5M2"})
    void otherKnownDtypesOpenButCannotBecomeTensors(String dtype) throws Exception {
        int size = switch (dtype) {
            case "I8", "F8_E4M3", "F8_E5M2" -> 1;
            case "I16", "U16" -> 2;
            case "I32", "U32" -> 4;
            default -> 8;
        };
        Path file = write(dir.resolve("other.safetensors"),
                "{" + entry("t", dtype, "[2]", 0, 2L * size) + "}", new byte[2 * size]);
        try (SafeTensorsFile st = SafeTensorsFile.open(file)) {
            assertEquals(dtype, st.info("t").orElseThrow().dtype());
            InvalidSafeTensorsException e = assertThrows(InvalidSafeTensorsException.class, () -> st.tensor("t"));
            assertEquals(Reason.UNSUPPORTED_DTYPE, e.reason());
            assertTrue(e.getMessage().startsWith("other.safetensors: "), e.getMessage());
            assertTrue(e.getMessage().contains("'t'") && e.getMessage().contains(dtype), e.getMessage());
        }
    }

    @Test
    void anUnknownNameIsNamedInTheExceptionWithTheNamesTheFileHas() throws Exception {
        Path file = write(dir.resolve("n.safetensors"),
                "{" + entry("alpha", "F32", "[1]", 0, 4) + ", " + entry("beta", "F32", "[1]", 4, 8) + "}", new byte[8]);
        try (SafeTensorsFile st = SafeTensorsFile.open(file)) {
            NoSuchElementException e = assertThrows(NoSuchElementException.class, () -> st.tensor("gamma"));
            assertTrue(e.getMessage().startsWith("n.safetensors: "), e.getMessage());
            assertTrue(e.getMessage().contains("'gamma'"), e.getMessage());
            assertTrue(e.getMessage().contains("alpha") && e.getMessage().contains("beta"), e.getMessage());
            assertEquals(Optional.empty(), st.info("gamma"));
        }
    }

    @Test
    void tensorsCanBeReadFromAnotherThread() throws Exception {
        Path file = write(dir.resolve("t.safetensors"),
                "{" + entry("w", "F32", "[2]", 0, 8) + ", " + entry("b", "BF16", "[2]", 8, 12) + "}",
                concat(f32(3f, 4f), u16(0x3F80, 0x4000)));
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try (SafeTensorsFile st = SafeTensorsFile.open(file)) {
            Tensor w = st.tensor("w"); // made here, read there
            Future<float[]> readW = pool.submit(w::toFloatArray);
            Future<float[]> readB = pool.submit(() -> st.tensor("b").toFloatArray()); // made and read there
            assertArrayEquals(new float[] {3f, 4f}, readW.get());
            assertArrayEquals(new float[] {1f, 2f}, readB.get());
            assertArrayEquals(new float[] {1f, 2f}, st.tensor("b").toFloatArray());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void tensorsAreUnusableAfterCloseWithoutCrashing() throws Exception {
        Path file = write(dir.resolve("c.safetensors"),
                "{" + entry("w", "F32", "[2]", 0, 8) + ", " + entry("h", "F16", "[1]", 8, 10) + ", "
                        + entry("m", "BOOL", "[1]", 10, 11) + "}",
                concat(f32(1f, 2f), u16(0x3C00), new byte[] {1}));
        SafeTensorsFile st = SafeTensorsFile.open(file);
        Tensor w = st.tensor("w"), h = st.tensor("h"), m = st.tensor("m");
        st.close();
        assertThrows(IllegalStateException.class, w::toFloatArray);
        assertThrows(IllegalStateException.class, () -> w.getFloat(0));
        assertThrows(IllegalStateException.class, h::toFloatArray);
        assertThrows(IllegalStateException.class, m::toBooleanArray);
        assertThrows(IllegalStateException.class, () -> st.tensor("w"));
        assertEquals(3, st.names().size(), "the header stays readable");
        st.close(); // closing twice is harmless
    }

    @Test
    void holesBetweenAndAfterTensorsAndEmptyRangesAnywhereAreAllowed() throws Exception {
        // 4 unused bytes before "a", 4 between "a" and "b", 8 trailing; "z" is empty and sits inside "a".
        Path file = write(dir.resolve("holes.safetensors"),
                "{" + entry("b", "F32", "[1]", 12, 16) + ", " + entry("a", "F32", "[1]", 4, 8) + ", "
                        + entry("z", "F32", "[0]", 6, 6) + "}",
                concat(f32(9f), f32(1f), f32(9f), f32(2f), new byte[8]));
        try (SafeTensorsFile st = SafeTensorsFile.open(file)) {
            assertEquals(java.util.List.of("b", "a", "z"), java.util.List.copyOf(st.names()), "header order");
            assertEquals(1f, st.tensor("a").getFloat(0));
            assertEquals(2f, st.tensor("b").getFloat(0));
            assertEquals(0, st.tensor("z").elementCount());
        }
    }

    @Test
    void unknownFieldsInAnEntryAreIgnored() throws Exception {
        Path file = write(dir.resolve("extra.safetensors"),
                "{\"w\": {\"dtype\": \"F32\", \"shape\": [1], \"data_offsets\": [0, 4], \"future\": {\"x\": [1, 2]}}}",
                f32(7f));
        try (SafeTensorsFile st = SafeTensorsFile.open(file)) {
            assertEquals(7f, st.tensor("w").getFloat(0));
        }
    }

    /**
     * A FIFO, a directory and a device are refused before they are opened, with a message naming the path. Before,
     * opening a FIFO blocked until some process wrote to it, forever in practice. The open runs on a thread of its
     * own: if it blocks, the test writes to the FIFO to release it and fails.
     */
    @Test
    void nonRegularFilesAreRefusedBeforeOpeningNamingThePath() throws Exception {
        Path fifo = dir.resolve("weights.fifo");
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assumeTrue(mkfifo.waitFor() == 0, "mkfifo is needed to make a FIFO");
        Map<Path, String> cases = new java.util.LinkedHashMap<>();
        cases.put(fifo, "a FIFO");
        cases.put(dir, "a directory");
        if (java.nio.file.Files.exists(Path.of("/dev/null"))) {
            cases.put(Path.of("/dev/null"), "a character device");
        }
        for (Map.Entry<Path, String> c : cases.entrySet()) {
            java.util.concurrent.CompletableFuture<Throwable> open = new java.util.concurrent.CompletableFuture<>();
            Thread opener = new Thread(() -> {
                try (SafeTensorsFile f = SafeTensorsFile.open(c.getKey())) {
                    open.complete(null);
                } catch (Throwable t) {
                    open.complete(t);
                }
            });
            opener.setDaemon(true);
            opener.start();
            Throwable thrown;
            try {
                thrown = open.get(20, java.util.concurrent.TimeUnit.SECONDS);
            } catch (java.util.concurrent.TimeoutException blocked) {
                java.nio.file.Files.write(fifo, new byte[0]); // opens it for writing, which releases the reader
                fail("SafeTensorsFile.open blocked on " + c.getValue() + " " + c.getKey());
                return;
            }
            assertInstanceOf(java.nio.file.FileSystemException.class, thrown, c.getValue() + ": " + thrown);
            String message = thrown.getMessage();
            assertTrue(message.startsWith(c.getKey() + ": not a regular file but " + c.getValue()),
                    c.getValue() + ": " + message);
        }
    }
}
