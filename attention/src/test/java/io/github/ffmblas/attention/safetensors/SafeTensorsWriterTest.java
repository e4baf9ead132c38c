package io.github.ffmblas.attention.safetensors;

import static org.junit.jupiter.api.Assertions.*;

import io.github.ffmblas.attention.Tensor;
import java.lang.foreign.Arena;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SafeTensorsWriterTest {
    @TempDir
    Path dir;

    private List<Path> listDir() throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.toList();
        }
    }

    @Test
    void replacesAnExistingFileAndLeavesNoTemporaryFiles() throws Exception {
        Path file = dir.resolve("m.safetensors");
        try (Arena arena = Arena.ofConfined()) {
            SafeTensorsWriter.write(file, Map.of("a", Tensor.copyOf(arena, new float[] {1, 2}, 2)), Map.of());
            SafeTensorsWriter.write(file, Map.of("b", Tensor.copyOf(arena, new float[] {3}, 1)), Map.of("v", "2"));
        }
        assertEquals(List.of(file), listDir());
        try (SafeTensorsFile st = SafeTensorsFile.open(file)) {
            assertEquals(java.util.Set.of("b"), st.names());
            assertEquals(Map.of("v", "2"), st.metadata());
        }
    }

    @Test
    void anOpenReaderKeepsTheOldContentWhenTheFileIsReplaced() throws Exception {
        Path file = dir.resolve("m.safetensors");
        try (Arena arena = Arena.ofConfined()) {
            SafeTensorsWriter.write(file, Map.of("a", Tensor.copyOf(arena, new float[] {1, 2}, 2)), Map.of());
            try (SafeTensorsFile old = SafeTensorsFile.open(file)) {
                Tensor a = old.tensor("a");
                SafeTensorsWriter.write(file, Map.of("a", Tensor.copyOf(arena, new float[] {7, 8}, 2)), Map.of());
                assertArrayEquals(new float[] {1, 2}, a.toFloatArray());
            }
        }
    }

    @Test
    void aFailedWriteLeavesTheTargetUntouchedAndDeletesTheTemporaryFile() throws Exception {
        Path file = dir.resolve("m.safetensors");
        try (Arena arena = Arena.ofConfined()) {
            SafeTensorsWriter.write(file, Map.of("a", Tensor.copyOf(arena, new float[] {1, 2}, 2)), Map.of());
        }
        byte[] before = Files.readAllBytes(file);
        Tensor dead;
        try (Arena arena = Arena.ofConfined()) {
            dead = Tensor.copyOf(arena, new float[] {5, 6}, 2);
        }
        // The segment's arena is closed: reading it fails half-way through the write.
        assertThrows(IllegalStateException.class, () -> SafeTensorsWriter.write(file, Map.of("a", dead), Map.of()));
        assertArrayEquals(before, Files.readAllBytes(file));
        assertEquals(List.of(file), listDir());
    }

    @Test
    void rejectsInvalidNamesNullsAndRanksBeforeWritingAnything() throws Exception {
        Path file = dir.resolve("m.safetensors");
        try (Arena arena = Arena.ofConfined()) {
            Tensor t = Tensor.copyOf(arena, new float[] {1}, 1);
            assertThrows(IllegalArgumentException.class, () -> SafeTensorsWriter.write(file, Map.of("", t), Map.of()));
            IllegalArgumentException reserved = assertThrows(IllegalArgumentException.class,
                    () -> SafeTensorsWriter.write(file, Map.of("__metadata__", t), Map.of()));
            assertTrue(reserved.getMessage().contains("__metadata__"));

            Map<String, Tensor> nullTensor = new HashMap<>();
            nullTensor.put("x", null);
            NullPointerException npe = assertThrows(NullPointerException.class,
                    () -> SafeTensorsWriter.write(file, nullTensor, Map.of()));
            assertTrue(npe.getMessage().contains("'x'"), npe.getMessage());
            Map<String, Tensor> nullName = new HashMap<>();
            nullName.put(null, t);
            assertThrows(NullPointerException.class, () -> SafeTensorsWriter.write(file, nullName, Map.of()));
            Map<String, String> nullValue = new HashMap<>();
            nullValue.put("k", null);
            assertThrows(NullPointerException.class, () -> SafeTensorsWriter.write(file, Map.of("x", t), nullValue));
            assertThrows(NullPointerException.class, () -> SafeTensorsWriter.write(file, Map.of("x", t), null));

            Tensor rank9 = Tensor.allocate(arena, 1, 1, 1, 1, 1, 1, 1, 1, 1);
            assertThrows(IllegalArgumentException.class, () -> SafeTensorsWriter.write(file, Map.of("r", rank9), Map.of()));
        }
        assertEquals(List.of(), listDir());
    }

    @Test
    void writesAFileWithNoTensors() throws Exception {
        Path file = dir.resolve("empty.safetensors");
        SafeTensorsWriter.write(file, Map.of(), Map.of("only", "metadata"));
        try (SafeTensorsFile st = SafeTensorsFile.open(file)) {
            assertTrue(st.names().isEmpty());
            assertEquals(Map.of("only", "metadata"), st.metadata());
        }
    }

    /**
     * A target whose directory is missing, or is a file: the exception names the path given and its directory,
     * not the hidden temporary file the writer would have made there (it did before), and nothing is left behind.
     */
    @Test
    void aTargetInAMissingDirectoryIsNamedNotTheTemporaryFile() throws Exception {
        Path blocker = Files.writeString(dir.resolve("a-file"), "not a directory");
        try (Arena arena = Arena.ofConfined()) {
            Map<String, Tensor> tensors = Map.of("a", Tensor.copyOf(arena, new float[] {1}, 1));
            for (Path target : List.of(dir.resolve("missing").resolve("out.safetensors"),
                    blocker.resolve("out.safetensors"))) {
                java.nio.file.FileSystemException e = assertThrows(java.nio.file.FileSystemException.class,
                        () -> SafeTensorsWriter.write(target, tensors, Map.of()));
                assertEquals(target.toString(), e.getFile(), e.toString());
                assertFalse(e.getMessage().contains(".tmp"), e.getMessage());
                assertTrue(e.getMessage().contains(target.getParent() + " is not a directory")
                        || e.getMessage().contains(target.getParent() + " does not exist"), e.getMessage());
            }
        }
        assertEquals(List.of(blocker), listDir());
    }
}
