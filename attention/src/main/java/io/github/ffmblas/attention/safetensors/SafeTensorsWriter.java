package io.github.ffmblas.attention.safetensors;

import com.fasterxml.jackson.core.JsonGenerator;
import io.github.ffmblas.attention.DType;
import io.github.ffmblas.attention.Tensor;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

/** Writes tensors as a safetensors file that the reference implementation (and {@link SafeTensorsFile}) reads. */
public final class SafeTensorsWriter {
    /** Data section start and every F32 tensor land on this boundary, so readers can map them without copying. */
    private static final int ALIGNMENT = 8;

    /** {@link MemorySegment#asByteBuffer} stops at 2 GiB; larger tensors are written in pieces. */
    private static final long CHUNK = 1L << 30;

    /** Copy size for heap segments. */
    private static final long STAGING = 1L << 20;

    private SafeTensorsWriter() {}

    /**
     * Writes {@code tensors} (header entries in the map's iteration order, so pass a {@code LinkedHashMap} to choose
     * it) and {@code metadata} (omitted from the file when empty) to {@code file}, replacing it if it exists.
     *
     * <p>The file is written to a temporary file in the same directory, forced to disk and moved over
     * {@code file} atomically where the file system can, so {@code file} is never seen half-written; readers that
     * have the old file open keep reading the old content. In the data section all F32 tensors come before all BOOL
     * ones, without gaps, so every F32 tensor is 4-byte aligned.
     *
     * @throws IllegalArgumentException if a name is empty or {@code __metadata__}, a rank exceeds
     *                                  {@link SafeTensorsFile#MAX_RANK}, or the header would exceed
     *                                  {@link SafeTensorsFile#MAX_HEADER_BYTES}
     * @throws NullPointerException     if a name, tensor, metadata key or value is null
     * @throws IOException              if writing fails; {@code file} is then untouched and the temporary deleted;
     *                                  the exception names {@code file} (a {@link NoSuchFileException} when its
     *                                  directory does not exist), never the temporary
     */
    public static void write(Path file, Map<String, Tensor> tensors, Map<String, String> metadata) throws IOException {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(tensors, "tensors");
        Objects.requireNonNull(metadata, "metadata");
        // Map keys are unique already; what is left to check is what a Map allows and the format does not.
        tensors.forEach((name, tensor) -> {
            Objects.requireNonNull(name, "tensor name");
            if (name.isEmpty() || name.equals(Header.METADATA_KEY)) {
                throw new IllegalArgumentException("invalid tensor name '" + name + "': it must be non-empty and not "
                        + Header.METADATA_KEY);
            }
            Objects.requireNonNull(tensor, () -> "tensor '" + name + "' is null");
            if (tensor.rank() > SafeTensorsFile.MAX_RANK) { // a file SafeTensorsFile would refuse to open
                throw new IllegalArgumentException("tensor '" + name + "' has rank " + tensor.rank() + ", more than "
                        + SafeTensorsFile.MAX_RANK);
            }
        });
        metadata.forEach((k, v) -> {
            Objects.requireNonNull(k, "metadata key");
            Objects.requireNonNull(v, () -> "metadata value for key '" + k + "'");
        });

        // Lay out the data section: F32 first (sizes are multiples of 4, so each starts 4-aligned), then BOOL;
        // the sort is stable, so within a dtype the map's order is kept.
        List<Map.Entry<String, Tensor>> layout = new ArrayList<>(tensors.entrySet());
        layout.sort((a, b) -> Integer.compare(order(a.getValue().dtype()), order(b.getValue().dtype())));
        Map<String, long[]> offsets = new HashMap<>();
        long position = 0;
        for (Map.Entry<String, Tensor> e : layout) {
            long size = e.getValue().segment().byteSize();
            offsets.put(e.getKey(), new long[] {position, position + size});
            position += size;
        }

        // Written token by token with Jackson's streaming core (no ObjectMapper to start up, see Header.JSON).
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JsonGenerator json = Header.JSON.createGenerator(bytes)) {
            json.writeStartObject();
            if (!metadata.isEmpty()) {
                json.writeObjectFieldStart(Header.METADATA_KEY);
                for (Map.Entry<String, String> m : metadata.entrySet()) {
                    json.writeStringField(m.getKey(), m.getValue());
                }
                json.writeEndObject();
            }
            for (Map.Entry<String, Tensor> e : tensors.entrySet()) {
                json.writeObjectFieldStart(e.getKey());
                json.writeStringField("dtype", e.getValue().dtype().name()); // F32 and BOOL are spelled as in the format
                json.writeArrayFieldStart("shape");
                for (int d : e.getValue().shape()) {
                    json.writeNumber(d);
                }
                json.writeEndArray();
                long[] range = offsets.get(e.getKey());
                json.writeArrayFieldStart("data_offsets");
                json.writeNumber(range[0]);
                json.writeNumber(range[1]);
                json.writeEndArray();
                json.writeEndObject();
            }
            json.writeEndObject();
        }
        byte[] json = bytes.toByteArray();
        if (json.length > SafeTensorsFile.MAX_HEADER_BYTES - ALIGNMENT) {
            throw new IllegalArgumentException("the header would take " + json.length + " bytes, more than "
                    + SafeTensorsFile.MAX_HEADER_BYTES + " allowed");
        }
        // Pad with spaces, as the reference writer does, so the data section starts aligned.
        int padded = json.length + (ALIGNMENT - (Header.LENGTH_FIELD_BYTES + json.length) % ALIGNMENT) % ALIGNMENT;

        Path target = file.toAbsolutePath();
        Path directory = target.getParent();
        if (!Files.isDirectory(directory)) {
            throw Files.exists(directory)
                    ? new FileSystemException(file.toString(), null, directory + " is not a directory")
                    : new NoSuchFileException(file.toString(), null, "its directory " + directory + " does not exist");
        }
        Path temp = target.resolveSibling("." + target.getFileName() + "." + UUID.randomUUID() + ".tmp");
        try {
            try (FileChannel out = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                ByteBuffer head = ByteBuffer.allocate(Header.LENGTH_FIELD_BYTES + padded)
                        .order(ByteOrder.LITTLE_ENDIAN);
                head.putLong(padded).put(json);
                while (head.hasRemaining()) {
                    head.put((byte) ' ');
                }
                writeFully(out, head.flip());
                for (Map.Entry<String, Tensor> e : layout) {
                    // Tensor segments hold little-endian elements whatever the platform: copy the bytes as they are.
                    writeSegment(out, e.getValue().segment());
                }
                out.force(true);
            }
            move(temp, target);
        } catch (IOException e) {
            deleteAfterFailure(temp, e);
            throw naming(file, temp, e);
        } catch (Throwable t) {
            deleteAfterFailure(temp, t);
            throw t;
        }
    }

    private static void deleteAfterFailure(Path temp, Throwable failure) {
        try {
            Files.deleteIfExists(temp);
        } catch (IOException suppressed) {
            failure.addSuppressed(suppressed);
        }
    }

    /**
     * {@code e} as the caller should read it: about {@code file}, the path they gave, not the temporary file they
     * never asked for (an exception about that is re-made naming {@code file}, with {@code e} as its cause), and a
     * failure without a path (a full disk, a file size limit) prefixed with {@code file}.
     */
    private static IOException naming(Path file, Path temp, IOException e) {
        if (e instanceof FileSystemException f) {
            if (!temp.toString().equals(f.getFile())) {
                return e;
            }
            String reason = f.getReason() == null ? "could not write the temporary file next to it" : f.getReason();
            FileSystemException named = f instanceof AccessDeniedException
                    ? new AccessDeniedException(file.toString(), null, reason)
                    : f instanceof NoSuchFileException ? new NoSuchFileException(file.toString(), null, reason)
                    : new FileSystemException(file.toString(), null, reason);
            named.initCause(e);
            return named;
        }
        return new IOException(file + ": " + e.getMessage(), e);
    }

    private static int order(DType dtype) {
        return switch (dtype) {
            case F32 -> 0;
            case BOOL -> 1;
        };
    }

    /** Writes a segment's bytes; heap segments other than byte[] have no ByteBuffer view, so they go via a copy. */
    private static void writeSegment(FileChannel out, MemorySegment data) throws IOException {
        long chunk = data.isNative() ? CHUNK : STAGING;
        for (long at = 0; at < data.byteSize(); at += chunk) {
            MemorySegment piece = data.asSlice(at, Math.min(chunk, data.byteSize() - at));
            writeFully(out, data.isNative() ? piece.asByteBuffer() : ByteBuffer.wrap(piece.toArray(ValueLayout.JAVA_BYTE)));
        }
    }

    private static void writeFully(FileChannel out, ByteBuffer buffer) throws IOException {
        while (buffer.hasRemaining()) {
            out.write(buffer);
        }
    }

    private static void move(Path temp, Path target) throws IOException {
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        }
        // The rename lives in the directory: force it too, or a crash may bring back the old file. Best effort,
        // since some platforms (Windows) cannot open a directory.
        try (FileChannel directory = FileChannel.open(target.getParent(), StandardOpenOption.READ)) {
            directory.force(true);
        } catch (IOException | UnsupportedOperationException ignored) {
            // the data itself is already on disk
        }
    }
}
