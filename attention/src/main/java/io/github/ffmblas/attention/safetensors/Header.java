package io.github.ffmblas.attention.safetensors;

import static io.github.ffmblas.attention.safetensors.InvalidSafeTensorsException.Reason.*;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ffmblas.attention.safetensors.InvalidSafeTensorsException.Reason;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The validated header of a safetensors file. Every size, offset and count is checked against the file before
 * anything is sliced or allocated from it, so a hostile header yields an {@link InvalidSafeTensorsException}, never
 * an {@code OutOfMemoryError} or an out-of-bounds access.
 */
final class Header {
    static final String METADATA_KEY = "__metadata__";

    /** The bytes in front of the header: its length, a little-endian u64. */
    static final int LENGTH_FIELD_BYTES = 8;

    static final ValueLayout.OfLong LENGTH_FIELD = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    /**
     * The format needs depth 3 (header, entry, shape); the rest is headroom for unknown extra fields. The bound
     * keeps a hostile header from costing stack or heap proportional to its nesting.
     */
    static final int MAX_NESTING_DEPTH = 64;

    /** Longest number literal accepted; offsets need at most 20 digits, and big literals are slow to parse. */
    static final int MAX_NUMBER_LENGTH = 100;

    /**
     * Shared by reader and writer; configured once, thread-safe. Jackson's streaming core only: databind's
     * {@code ObjectMapper} took 190 ms to start up (two thirds of opening the first file, half a second of
     * {@code ./ffmblas attention}'s cold start), and the header needs no data binding. The tree is built from the
     * token stream below, with the nodes {@code ObjectMapper.readTree} would make.
     */
    static final JsonFactory JSON = JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder()
                    .maxNestingDepth(MAX_NESTING_DEPTH)
                    .maxNumberLength(MAX_NUMBER_LENGTH)
                    // Names and strings are bounded by the header length already.
                    .maxNameLength((int) SafeTensorsFile.MAX_HEADER_BYTES)
                    .maxStringLength((int) SafeTensorsFile.MAX_HEADER_BYTES)
                    .build())
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    /** A tensor's header entry with its parsed dtype. */
    record Entry(TensorInfo info, FileDType type) {}

    final long dataStart;
    /** In header order. */
    final Map<String, Entry> entries;
    final Map<String, String> metadata;

    private Header(long dataStart, Map<String, Entry> entries, Map<String, String> metadata) {
        this.dataStart = dataStart;
        this.entries = Collections.unmodifiableMap(entries);
        this.metadata = Collections.unmodifiableMap(metadata);
    }

    /** Reads and validates the header of {@code mapped}, the whole content of {@code file}. */
    static Header parse(Path file, MemorySegment mapped) throws InvalidSafeTensorsException {
        long size = mapped.byteSize();
        if (size < LENGTH_FIELD_BYTES) {
            throw fail(file, FILE_TOO_SHORT, "file has " + size + " bytes, fewer than the 8 of the header length field");
        }
        long n = mapped.get(LENGTH_FIELD, 0);
        long available = size - LENGTH_FIELD_BYTES;
        if (n == 0) {
            throw fail(file, HEADER_SIZE, "header length is 0");
        }
        if (n < 0 || n > SafeTensorsFile.MAX_HEADER_BYTES) { // negative as signed = above 2^63 unsigned
            throw fail(file, HEADER_SIZE, "header length " + Long.toUnsignedString(n) + " exceeds the limit of "
                    + SafeTensorsFile.MAX_HEADER_BYTES + " bytes");
        }
        if (n > available) {
            throw fail(file, HEADER_SIZE, "header length " + n + " exceeds the " + available
                    + " bytes after the length field");
        }
        CharBuffer text = decodeUtf8(file, mapped.asSlice(LENGTH_FIELD_BYTES, n));
        JsonNode root = parseJson(file, text);
        if (!root.isObject()) {
            throw fail(file, HEADER_NOT_OBJECT, "header is a JSON " + typeOf(root) + ", not an object");
        }
        if (text.charAt(0) != '{') { // the format says so; JSON alone would allow leading whitespace
            throw fail(file, HEADER_NOT_OBJECT, "header does not begin with '{'");
        }

        long dataLength = available - n;
        Map<String, Entry> entries = new LinkedHashMap<>();
        Map<String, String> metadata = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> property : root.properties()) {
            if (property.getKey().equals(METADATA_KEY)) {
                readMetadata(file, property.getValue(), metadata);
            } else {
                Entry e = readEntry(file, property.getKey(), property.getValue(), dataLength);
                entries.put(e.info().name(), e);
            }
        }
        checkNoOverlap(file, entries.values());
        return new Header(LENGTH_FIELD_BYTES + n, entries, metadata);
    }

    private static CharBuffer decodeUtf8(Path file, MemorySegment bytes) throws InvalidSafeTensorsException {
        java.nio.ByteBuffer in = bytes.asByteBuffer();
        try {
            // A strict decoder: Jackson's own UTF-8 handling lets some malformed sequences through.
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(in);
        } catch (CharacterCodingException e) {
            // The decoder stops at the bad sequence. Said in words: the exception's text means nothing to a user.
            int length = e instanceof java.nio.charset.MalformedInputException m ? m.getInputLength() : 1;
            throw fail(file, HEADER_ENCODING, "header is not valid UTF-8: " + length + " malformed byte"
                    + (length == 1 ? "" : "s") + " at byte " + (LENGTH_FIELD_BYTES + in.position()) + " of the file", e);
        }
    }

    private static JsonNode parseJson(Path file, CharBuffer text) throws InvalidSafeTensorsException {
        try (JsonParser parser = JSON.createParser(text.array(), text.arrayOffset() + text.position(), text.remaining())) {
            if (parser.nextToken() == null) {
                throw fail(file, HEADER_SYNTAX, "header is not valid JSON: it holds no value");
            }
            JsonNode root = tree(parser);
            if (parser.nextToken() != null) {
                throw fail(file, HEADER_SYNTAX, "header is not valid JSON: content after the top-level value");
            }
            return root;
        } catch (StreamConstraintsException e) {
            throw fail(file, HEADER_LIMITS, "header exceeds the JSON parser limits: " + e.getOriginalMessage(), e);
        } catch (JsonProcessingException e) {
            String problem = e.getOriginalMessage();
            // Jackson reports duplicates as a plain parse error; this is the only way to tell them apart.
            Reason reason = problem != null && problem.startsWith("Duplicate field") ? DUPLICATE_KEY : HEADER_SYNTAX;
            String what = reason == DUPLICATE_KEY ? "header has a duplicate key: " : "header is not valid JSON: ";
            String where = e.getLocation() == null ? "" : " (" + e.getLocation().offsetDescription() + ")";
            throw fail(file, reason, what + problem + where, e);
        } catch (IOException e) { // reading a char array does no I/O; keep the contract anyway
            throw fail(file, HEADER_SYNTAX, "header could not be parsed: " + e, e);
        }
    }

    /**
     * The value whose first token {@code parser} is on, as the nodes {@code ObjectMapper.readTree} makes (ints,
     * longs and big integers by size, doubles); the parser ends on its last token. Recursion is bounded by
     * {@link #MAX_NESTING_DEPTH}, which the parser enforces.
     */
    private static JsonNode tree(JsonParser parser) throws IOException {
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        return switch (parser.currentToken()) {
            case START_OBJECT -> {
                ObjectNode object = nodes.objectNode();
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String name = parser.currentName();
                    parser.nextToken();
                    object.set(name, tree(parser));
                }
                yield object;
            }
            case START_ARRAY -> {
                ArrayNode array = nodes.arrayNode();
                while (parser.nextToken() != JsonToken.END_ARRAY) {
                    array.add(tree(parser));
                }
                yield array;
            }
            case VALUE_STRING -> nodes.textNode(parser.getText());
            case VALUE_NUMBER_INT -> switch (parser.getNumberType()) {
                case INT -> nodes.numberNode(parser.getIntValue());
                case LONG -> nodes.numberNode(parser.getLongValue());
                default -> nodes.numberNode(parser.getBigIntegerValue());
            };
            case VALUE_NUMBER_FLOAT -> nodes.numberNode(parser.getDoubleValue());
            case VALUE_TRUE -> nodes.booleanNode(true);
            case VALUE_FALSE -> nodes.booleanNode(false);
            case VALUE_NULL -> nodes.nullNode();
            default -> throw new IllegalStateException("unexpected JSON token " + parser.currentToken());
        };
    }

    private static void readMetadata(Path file, JsonNode node, Map<String, String> out)
            throws InvalidSafeTensorsException {
        if (!node.isObject()) {
            throw fail(file, BAD_METADATA, METADATA_KEY + " is a JSON " + typeOf(node) + ", not an object of strings");
        }
        for (Map.Entry<String, JsonNode> p : node.properties()) {
            if (!p.getValue().isTextual()) {
                throw fail(file, BAD_METADATA, METADATA_KEY + " value for key '" + abbreviate(p.getKey()) + "' is a JSON "
                        + typeOf(p.getValue()) + ", not a string");
            }
            out.put(p.getKey(), p.getValue().textValue());
        }
    }

    private static Entry readEntry(Path file, String name, JsonNode node, long dataLength)
            throws InvalidSafeTensorsException {
        String tensor = "tensor '" + abbreviate(name) + "': ";
        if (!node.isObject()) {
            throw fail(file, MALFORMED_ENTRY, tensor + "entry is a JSON " + typeOf(node) + ", not an object");
        }

        JsonNode dtypeNode = node.get("dtype");
        if (dtypeNode == null || !dtypeNode.isTextual()) {
            throw fail(file, MALFORMED_ENTRY, tensor + "\"dtype\" is " + describe(dtypeNode) + ", not a string");
        }
        String dtype = dtypeNode.textValue();
        FileDType type = FileDType.parse(dtype).orElseThrow(() -> fail(file, UNKNOWN_DTYPE,
                tensor + "unknown dtype \"" + abbreviate(dtype) + "\"; known: " + Arrays.toString(FileDType.values())));

        JsonNode shapeNode = node.get("shape");
        if (shapeNode == null || !shapeNode.isArray()) {
            throw fail(file, MALFORMED_ENTRY, tensor + "\"shape\" is " + describe(shapeNode) + ", not an array");
        }
        if (shapeNode.size() > SafeTensorsFile.MAX_RANK) {
            throw fail(file, BAD_SHAPE, tensor + "rank " + shapeNode.size() + " exceeds the limit of "
                    + SafeTensorsFile.MAX_RANK);
        }
        int[] shape = new int[shapeNode.size()];
        for (int i = 0; i < shape.length; i++) {
            JsonNode d = shapeNode.get(i);
            if (!d.isIntegralNumber() || !d.canConvertToInt() || d.intValue() < 0) {
                throw fail(file, BAD_SHAPE, tensor + "shape[" + i + "] is " + describe(d)
                        + ", not a non-negative 32-bit integer");
            }
            shape[i] = d.intValue();
        }

        JsonNode offsets = node.get("data_offsets");
        if (offsets == null || !offsets.isArray() || offsets.size() != 2
                || !offsets.get(0).isIntegralNumber() || !offsets.get(1).isIntegralNumber()) {
            throw fail(file, MALFORMED_ENTRY, tensor + "\"data_offsets\" is " + describe(offsets)
                    + ", not an array of two integers");
        }
        long begin = offset(file, tensor, offsets.get(0));
        long end = offset(file, tensor, offsets.get(1));
        if (begin > end) {
            throw fail(file, BAD_OFFSETS, tensor + "data_offsets [" + begin + ", " + end + "] end before they begin");
        }
        if (end > dataLength) {
            throw fail(file, BAD_OFFSETS, tensor + "data_offsets [" + begin + ", " + end + "] reach past the "
                    + dataLength + "-byte data section");
        }

        long bytes;
        try {
            bytes = type.byteSize;
            for (int d : shape) {
                bytes = Math.multiplyExact(bytes, (long) d);
            }
        } catch (ArithmeticException e) {
            throw fail(file, SIZE_MISMATCH, tensor + "shape " + Arrays.toString(shape) + " of " + dtype
                    + " has more bytes than a long can count");
        }
        if (bytes != end - begin) {
            throw fail(file, SIZE_MISMATCH, tensor + "shape " + Arrays.toString(shape) + " of " + dtype + " needs "
                    + bytes + " bytes, data_offsets [" + begin + ", " + end + "] hold " + (end - begin));
        }
        return new Entry(new TensorInfo(name, dtype, shape, begin, end), type);
    }

    private static long offset(Path file, String tensor, JsonNode n) throws InvalidSafeTensorsException {
        if (!n.canConvertToLong() || n.longValue() < 0) {
            throw fail(file, BAD_OFFSETS, tensor + "data offset " + abbreviate(n.toString())
                    + " is outside [0, 2^63)");
        }
        return n.longValue();
    }

    /** Zero-length ranges share no bytes with anything, so only non-empty ones are compared. */
    private static void checkNoOverlap(Path file, Iterable<Entry> entries) throws InvalidSafeTensorsException {
        List<TensorInfo> ranges = new ArrayList<>();
        for (Entry e : entries) {
            if (e.info().byteSize() > 0) {
                ranges.add(e.info());
            }
        }
        ranges.sort(Comparator.comparingLong(TensorInfo::begin));
        for (int i = 1; i < ranges.size(); i++) {
            // Sorted and disjoint so far, so the previous range has the largest end seen.
            TensorInfo a = ranges.get(i - 1), b = ranges.get(i);
            if (b.begin() < a.end()) {
                throw fail(file, OVERLAP, "tensors '" + abbreviate(a.name()) + "' (bytes " + a.begin() + ".." + a.end()
                        + ") and '" + abbreviate(b.name()) + "' (bytes " + b.begin() + ".." + b.end() + ") overlap");
            }
        }
    }

    private static String typeOf(JsonNode node) {
        return node.getNodeType().name().toLowerCase(Locale.ROOT);
    }

    private static String describe(JsonNode node) {
        return node == null ? "missing" : abbreviate(node.toString());
    }

    /** Names and values come from the file; keep messages readable whatever their length. */
    static String abbreviate(String s) {
        return s.length() <= 80 ? s : s.substring(0, 77) + "...";
    }

    static InvalidSafeTensorsException fail(Path file, Reason reason, String problem) {
        return new InvalidSafeTensorsException(file, reason, problem);
    }

    static InvalidSafeTensorsException fail(Path file, Reason reason, String problem, Throwable cause) {
        return new InvalidSafeTensorsException(file, reason, problem, cause);
    }
}
