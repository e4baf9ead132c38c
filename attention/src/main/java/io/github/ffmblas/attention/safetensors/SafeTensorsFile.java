package io.github.ffmblas.attention.safetensors;

import io.github.ffmblas.attention.DType;
import io.github.ffmblas.attention.Tensor;
import io.github.ffmblas.attention.TensorSource;
import io.github.ffmblas.attention.safetensors.InvalidSafeTensorsException.Reason;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * A <a href="https://github.com/huggingface/safetensors">safetensors</a> file, memory-mapped read-only.
 *
 * <p>{@link #open} maps the whole file and validates the header before trusting any of it (see
 * {@link InvalidSafeTensorsException.Reason} for the checks). It is more lenient than the reference implementation
 * in three ways: unused bytes between and after tensors are allowed (the reference requires the tensors to tile
 * the data section exactly), empty tensors may sit at any offset (they share no bytes with anything), and unknown
 * fields inside a tensor entry are ignored. Only the dtypes of the original format are known; later additions
 * (e.g. F4, F6_E2M3, F8_E8M0, F8_E4M3FNUZ, C64) are rejected as unknown.
 *
 * <p>{@link #tensor} returns read-only tensors that live in this file's shared arena: they may be read from any
 * thread, and become unusable when the file is {@linkplain #close() closed} (any access then throws
 * {@link IllegalStateException}). F32 data that is 4-byte aligned in memory is a view of the mapping, no copy;
 * everything converted or copied is made once per tensor and kept until close. So closing the file also frees
 * what was built on its tensors without a copy: {@code AttentionWeights} loaded from it in PyTorch's layout (and
 * the {@code dense} part of the seed's) are views of the mapping, and a forward pass on them after the close throws
 * {@link IllegalStateException} naming the weight. Keep the file open while its weights are in use.
 *
 * <p>Do not truncate or rewrite the file in place while it is open: the JVM reports reads of vanished pages as an
 * {@link InternalError}. Replacing it by rename, as {@link SafeTensorsWriter} does, is safe.
 */
public final class SafeTensorsFile implements AutoCloseable, TensorSource {
    /** Largest header accepted, 100 MiB; real headers are kilobytes to a few megabytes. */
    public static final long MAX_HEADER_BYTES = 100L << 20;

    /** Highest tensor rank accepted. */
    public static final int MAX_RANK = 8;

    private static final ValueLayout.OfFloat F32 = ValueLayout.JAVA_FLOAT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfShort I16 = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private final Path file;
    private final Arena arena;
    private final MemorySegment mapped;
    private final Header header;
    /** Tensors that had to be converted or copied, so each is made once. */
    private final Map<String, Tensor> converted = new ConcurrentHashMap<>();

    private SafeTensorsFile(Path file, Arena arena, MemorySegment mapped, Header header) {
        this.file = file;
        this.arena = arena;
        this.mapped = mapped;
        this.header = header;
    }

    /**
     * Maps {@code file} and validates its header.
     *
     * <p>Anything but a regular file (a directory, a FIFO, a device, a socket) is refused before it is opened:
     * opening a FIFO for reading would wait for a writer, and a device has no size to map. (A FIFO moved into
     * the path between that check and the open still blocks it; the check is one look, not a lock.)
     *
     * @throws InvalidSafeTensorsException if the file breaks the format
     * @throws FileSystemException         naming the path, if it is not a regular file
     * @throws IOException                 if it cannot be read
     */
    public static SafeTensorsFile open(Path file) throws IOException {
        Objects.requireNonNull(file, "file");
        requireRegularFile(file);
        Arena arena = Arena.ofShared();
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            // The mapping outlives the channel; the arena alone decides when it goes.
            MemorySegment mapped = channel.map(FileChannel.MapMode.READ_ONLY, 0, channel.size(), arena);
            return new SafeTensorsFile(file, arena, mapped, Header.parse(file, mapped));
        } catch (Throwable t) {
            arena.close();
            throw t;
        }
    }

    /** Throws, naming the path and what it is, unless {@code file} is a regular file (links followed). */
    private static void requireRegularFile(Path file) throws IOException {
        BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
        if (!attributes.isRegularFile()) {
            throw new FileSystemException(file.toString(), null, "not a regular file but "
                    + (attributes.isDirectory() ? "a directory" : kind(file))
                    + "; a safetensors file must be a regular file, which is mapped into memory");
        }
    }

    /** What kind of special file {@code file} is, from its Unix mode where the platform tells it. */
    private static String kind(Path file) {
        try {
            return switch ((Integer) Files.getAttribute(file, "unix:mode") & 0170000) {
                case 0010000 -> "a FIFO";
                case 0020000 -> "a character device";
                case 0060000 -> "a block device";
                case 0140000 -> "a socket";
                default -> "a special file";
            };
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException | ClassCastException e) {
            return "a special file";
        }
    }

    /** The tensor names, in the order the header lists them; unmodifiable, usable after close. */
    @Override
    public Set<String> names() {
        return header.entries.keySet();
    }

    /**
     * The tensor called {@code name}, or empty when the file has none ({@link TensorSource}'s view of
     * {@link #tensor}).
     *
     * @throws UncheckedIOException wrapping an {@link InvalidSafeTensorsException} when it cannot be used
     */
    @Override
    public Optional<Tensor> find(String name) {
        if (!names().contains(name)) {
            return Optional.empty();
        }
        try {
            return Optional.of(tensor(name));
        } catch (InvalidSafeTensorsException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The {@code __metadata__} strings in header order, empty if the file has none; unmodifiable. */
    public Map<String, String> metadata() {
        return header.metadata;
    }

    /** What the header says about tensor {@code name}, or empty if there is no such tensor. */
    public Optional<TensorInfo> info(String name) {
        return Optional.ofNullable(header.entries.get(name)).map(Header.Entry::info);
    }

    /**
     * Tensor {@code name}: F32 as F32 (a view of the file when aligned, else a copy), F16 and BF16 converted to F32,
     * BOOL and U8 as a {@link DType#BOOL} view. The result is read-only.
     *
     * @throws NoSuchElementException      if the file has no tensor {@code name}; the message lists those it has
     * @throws InvalidSafeTensorsException ({@link Reason#UNSUPPORTED_DTYPE}) for other dtypes, e.g. I64 or F64
     * @throws IllegalStateException       if this file is closed
     */
    public Tensor tensor(String name) throws InvalidSafeTensorsException {
        Header.Entry entry = header.entries.get(name);
        if (entry == null) {
            throw new NoSuchElementException(file.getFileName() + ": no tensor '" + Header.abbreviate(String.valueOf(name))
                    + "'; the file has " + listNames());
        }
        if (!arena.scope().isAlive()) {
            throw new IllegalStateException(file.getFileName() + " is closed");
        }
        TensorInfo info = entry.info();
        MemorySegment bytes = mapped.asSlice(header.dataStart + info.begin(), info.byteSize());
        int[] shape = info.shape();
        long count = info.byteSize() / entry.type().byteSize;
        return switch (entry.type()) {
            case BOOL, U8 -> Tensor.of(bytes, DType.BOOL, shape);
            // Tensor reads little-endian on any platform, but BLAS reads native order and may want alignment.
            case F32 -> ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN && bytes.address() % Float.BYTES == 0
                    ? Tensor.of(bytes, DType.F32, shape)
                    : converted(name, shape, count, out -> MemorySegment.copy(bytes, 0, out, 0, bytes.byteSize()));
            case F16 -> converted(name, shape, count, out -> {
                for (long i = 0; i < count; i++) {
                    out.set(F32, i * Float.BYTES, Float.float16ToFloat(bytes.get(I16, i * 2)));
                }
            });
            case BF16 -> converted(name, shape, count, out -> {
                for (long i = 0; i < count; i++) { // bfloat16 is the top half of a float32
                    out.set(F32, i * Float.BYTES, Float.intBitsToFloat((bytes.get(I16, i * 2) & 0xFFFF) << 16));
                }
            });
            default -> throw new InvalidSafeTensorsException(file, Reason.UNSUPPORTED_DTYPE, "tensor '"
                    + Header.abbreviate(name) + "' has dtype " + info.dtype() + ", which ffmblas cannot use"
                    + " (it reads F32, F16 and BF16 as F32, and BOOL and U8 as BOOL)");
        };
    }

    /**
     * A new 64-byte aligned F32 tensor of {@code count} elements in this file's arena, filled by {@code fill}, made
     * once per name. {@code count} was checked against the file, so the allocation is bounded by the file size.
     */
    private Tensor converted(String name, int[] shape, long count, Consumer<MemorySegment> fill) {
        return converted.computeIfAbsent(name, n -> {
            MemorySegment out = arena.allocate(count * Float.BYTES, 64);
            fill.accept(out);
            return Tensor.of(out.asReadOnly(), DType.F32, shape);
        });
    }

    /** The names, or the first of them if there are many: a message should stay readable. */
    private String listNames() {
        int limit = 20, n = header.entries.size();
        StringBuilder sb = new StringBuilder(n == 0 ? "no tensors" : n + (n == 1 ? " tensor: " : " tensors: "));
        int i = 0;
        for (String s : names()) {
            if (i == limit) {
                return sb.append(", ...").toString();
            }
            sb.append(i++ == 0 ? "" : ", ").append(Header.abbreviate(s));
        }
        return sb.toString();
    }

    /** The whole mapped file; tests use it to tell views from copies. */
    MemorySegment mappedSegment() {
        return mapped;
    }

    /**
     * Unmaps the file and frees converted tensors; every tensor from this file becomes unusable, and so do weights
     * that use them in place ({@code AttentionWeights.load} in PyTorch's layout). Closing twice does nothing.
     *
     * @throws IllegalStateException if a native call is using one of this file's tensors right now
     */
    @Override
    public synchronized void close() {
        if (arena.scope().isAlive()) {
            arena.close();
        }
    }

    @Override
    public String toString() {
        return "SafeTensorsFile[" + file + ", " + header.entries.size() + " tensors]";
    }
}
