package io.github.ffmblas.attention.safetensors;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ffmblas.attention.DType;
import io.github.ffmblas.attention.Tensor;
import java.lang.foreign.Arena;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.Objects;
import java.util.TreeMap;
import java.util.regex.Matcher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Mutates valid files (made by the writer) in many ways a corrupt or hostile file could differ, and requires each
 * mutant to either fail with an {@link InvalidSafeTensorsException} or, where the mutation happens to keep the file
 * valid, to open and read completely. Any other outcome (OOM, IndexOutOfBounds, a Jackson exception, NPE) fails.
 *
 * <p>Deterministic: the seed is fixed, can be overridden with {@code -Dsafetensors.mutation.seed=...}, and is
 * printed with every failure.
 */
class SafeTensorsMutationCorpusTest {
    private static final long SEED = Long.decode(System.getProperty("safetensors.mutation.seed", "0x5AFE7E45"));
    private static final int PER_KIND = 15;

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final Map<String, Integer> DTYPE_SIZES = Map.ofEntries(Map.entry("BOOL", 1), Map.entry("U8", 1),
            Map.entry("I8", 1), Map.entry("F8_E4M3", 1), Map.entry("F8_E5M2", 1), Map.entry("I16", 2),
            Map.entry("U16", 2), Map.entry("F16", 2), Map.entry("BF16", 2), Map.entry("I32", 4), Map.entry("U32", 4),
            Map.entry("F32", 4), Map.entry("I64", 8), Map.entry("U64", 8), Map.entry("F64", 8));
    private static final Set<String> READABLE = Set.of("F32", "F16", "BF16", "BOOL", "U8");

    enum Kind {
        TRUNCATE, LENGTH_HUGE, LENGTH_PAST_END, LENGTH_ZERO, LENGTH_NEGATIVE, LENGTH_SHORTER, FLIP_JSON_BYTE,
        INVALID_JSON, NON_OBJECT, OVERLAP, OFFSETS_OUTSIDE, SHAPE_CHANGED, UNKNOWN_DTYPE, OTHER_DTYPE, SHAPE_OVERFLOW,
        DUPLICATE_KEY, DEEP_NESTING, MALFORMED_ENTRY, BAD_METADATA, FLIP_DATA_BYTE, APPEND_BYTES
    }

    /** What a mutant must do: be rejected, open and read, or either (when it cannot be known in advance). */
    enum Expect { REJECT, ACCEPT, EITHER }

    /** A valid file: its bytes, its header (compact JSON text and tree) and its data section. */
    record Base(String name, byte[] bytes, String json, ObjectNode header, byte[] data) {
        int jsonBytes() {
            return json.getBytes(StandardCharsets.UTF_8).length;
        }

        List<String> tensors(boolean nonEmptyOnly) {
            List<String> names = new ArrayList<>();
            header.fieldNames().forEachRemaining(n -> {
                if (!n.equals("__metadata__") && (!nonEmptyOnly || size(header.get(n)) > 0)) {
                    names.add(n);
                }
            });
            return names;
        }
    }

    record Mutant(int index, Kind kind, String base, String description, byte[] bytes, Expect expect) {
        @Override
        public String toString() {
            return "mutant #" + index + " " + kind + " of " + base + " (" + description + ")";
        }
    }

    @TempDir
    Path dir;

    @Test
    void everyMutantIsRejectedCleanlyOrReadsFine() throws Exception {
        List<Base> bases = bases();
        Random rnd = new Random(SEED);
        List<Mutant> mutants = new ArrayList<>();
        for (Kind kind : Kind.values()) {
            for (int i = 0; i < PER_KIND; i++) {
                Base base = bases.get(rnd.nextInt(bases.size()));
                mutants.add(mutate(mutants.size(), kind, base, rnd));
            }
        }

        Map<Kind, Map<String, Integer>> byKind = new EnumMap<>(Kind.class);
        Map<String, Integer> byCheck = new TreeMap<>();
        List<String> failures = new ArrayList<>();
        for (Mutant m : mutants) {
            String outcome = run(m, failures);
            byKind.computeIfAbsent(m.kind(), k -> new TreeMap<>()).merge(outcome, 1, Integer::sum);
            byCheck.merge(outcome, 1, Integer::sum);
        }

        StringBuilder report = new StringBuilder(String.format(
                "safetensors mutation corpus: seed=0x%X, %d mutants of %d base files%n", SEED, mutants.size(), bases.size()));
        byKind.forEach((kind, outcomes) -> report.append(String.format("  %-16s %s%n", kind, outcomes)));
        report.append("  outcomes overall: ").append(byCheck).append('\n');
        System.out.print(report);

        assertTrue(mutants.size() >= 200, "corpus too small: " + mutants.size());
        assertTrue(failures.isEmpty(), failures.size() + " of " + mutants.size() + " mutants misbehaved (seed=0x"
                + Long.toHexString(SEED) + "):\n" + String.join("\n", failures.subList(0, Math.min(20, failures.size())))
                + "\n" + report);
        // Guard against a generator that silently stopped producing what it claims.
        for (Kind kind : Kind.values()) {
            Map<String, Integer> outcomes = byKind.get(kind);
            boolean mostlyValid = kind == Kind.FLIP_DATA_BYTE || kind == Kind.APPEND_BYTES;
            int accepted = outcomes.getOrDefault("accepted", 0);
            assertTrue(mostlyValid ? accepted == PER_KIND : accepted < PER_KIND, kind + ": " + outcomes);
        }
    }

    /** Opens the mutant and reads every tensor; returns "accepted", or the stage and reason of the rejection. */
    private String run(Mutant m, List<String> failures) throws Exception {
        Path file = dir.resolve(String.format("mutant-%03d-%s.safetensors", m.index(), m.kind()));
        Files.write(file, m.bytes());
        String stage = "open";
        String outcome;
        try (SafeTensorsFile st = SafeTensorsFile.open(file)) {
            stage = "tensor";
            for (String name : st.names()) {
                Tensor t = st.tensor(name);
                if (t.dtype() == DType.F32) {
                    t.toFloatArray();
                } else {
                    t.toBooleanArray();
                }
            }
            st.metadata().forEach((k, v) -> Objects.requireNonNull(v));
            outcome = "accepted";
        } catch (InvalidSafeTensorsException e) {
            outcome = stage + ":" + e.reason();
            String message = e.getMessage();
            if (message == null || !message.startsWith(file.getFileName() + ": ")
                    || message.length() <= file.getFileName().toString().length() + 2) {
                failures.add(m + ": message does not start with the file name and say what is wrong: " + message);
            }
        } catch (Throwable t) { // OOM, StackOverflowError, IndexOutOfBounds, NPE, a leaked Jackson exception...
            failures.add(m + ": " + t);
            outcome = "FAILED:" + t.getClass().getSimpleName();
        } finally {
            Files.delete(file);
        }
        boolean accepted = outcome.equals("accepted");
        if (m.expect() == Expect.REJECT && accepted) {
            failures.add(m + ": a file that cannot be valid was accepted");
        } else if (m.expect() == Expect.ACCEPT && !accepted && !outcome.startsWith("FAILED")) {
            failures.add(m + ": a valid file was rejected: " + outcome);
        }
        return outcome;
    }

    private List<Base> bases() throws Exception {
        List<Base> bases = new ArrayList<>();
        try (Arena arena = Arena.ofConfined()) {
            Map<String, Tensor> a = new LinkedHashMap<>();
            a.put("w", Tensor.copyOf(arena, SafeTensorsRoundTripTest.sequence(6), 2, 3));
            a.put("mask", Tensor.copyOf(arena, new boolean[] {true, false, true, true, false}, 5));
            a.put("bias", Tensor.copyOf(arena, new float[] {1, 2, 3}, 3));
            bases.add(base("a", a, Map.of("format", "pt", "note", "héllo")));

            Map<String, Tensor> b = new LinkedHashMap<>();
            b.put("scalar", Tensor.copyOf(arena, new float[] {42}));
            b.put("empty", Tensor.allocate(arena, 0, 4));
            b.put("x", Tensor.copyOf(arena, SafeTensorsRoundTripTest.sequence(7), 1, 1, 7));
            b.put("m2", Tensor.copyOf(arena, new boolean[] {true, true, false, false}, 2, 2));
            bases.add(base("b", b, Map.of()));

            Map<String, Tensor> c = new LinkedHashMap<>();
            for (int i = 0; i < 6; i++) {
                c.put("layers." + i + ".weight", Tensor.copyOf(arena, SafeTensorsRoundTripTest.sequence(16), 4, 4));
            }
            c.put("layers.mask", Tensor.copyOf(arena, new boolean[] {false, true, false}, 3));
            bases.add(base("c", c, Map.of("k", "v")));
        }
        return bases;
    }

    private Base base(String name, Map<String, Tensor> tensors, Map<String, String> metadata) throws Exception {
        Path file = dir.resolve("base-" + name + ".safetensors");
        SafeTensorsWriter.write(file, tensors, metadata);
        byte[] bytes = Files.readAllBytes(file);
        int n = (int) ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).getLong();
        String json = new String(bytes, 8, n, StandardCharsets.UTF_8).stripTrailing();
        ObjectNode header = (ObjectNode) JSON.readTree(json);
        assertEquals(json, JSON.writeValueAsString(header), "string edits below assume this serialization");
        return new Base(name, bytes, json, header, Arrays.copyOfRange(bytes, 8 + n, bytes.length));
    }

    // ---- mutations ----

    private static Mutant mutate(int index, Kind kind, Base base, Random rnd) throws Exception {
        byte[] bytes = base.bytes();
        int headerEnd = 8 + (int) (bytes.length - base.data().length - 8L);
        return switch (kind) {
            case TRUNCATE -> {
                // Half inside the data section, where only the offsets check can notice; every base's last byte
                // belongs to a tensor, so any cut loses data.
                int cut = rnd.nextBoolean() ? rnd.nextInt(bytes.length) : headerEnd + rnd.nextInt(base.data().length);
                yield new Mutant(index, kind, base.name(), "cut to " + cut + " bytes", Arrays.copyOf(bytes, cut),
                        Expect.REJECT);
            }
            case LENGTH_HUGE -> {
                long n = SafeTensorsFile.MAX_HEADER_BYTES + 1
                        + rnd.nextLong(Long.MAX_VALUE - SafeTensorsFile.MAX_HEADER_BYTES);
                yield lengthField(index, kind, base, n, Expect.REJECT);
            }
            case LENGTH_PAST_END -> lengthField(index, kind, base, bytes.length - 8 + 1 + rnd.nextInt(1 << 20),
                    Expect.REJECT);
            case LENGTH_ZERO -> lengthField(index, kind, base, 0, Expect.REJECT);
            case LENGTH_NEGATIVE -> lengthField(index, kind, base,
                    switch (rnd.nextInt(3)) {
                        case 0 -> -1;
                        case 1 -> Long.MIN_VALUE;
                        default -> -1 - rnd.nextLong(Long.MAX_VALUE);
                    }, Expect.REJECT);
            case LENGTH_SHORTER -> {
                // Cutting the header inside the JSON breaks it; cutting only padding moves the data start earlier,
                // which leaves a valid (if meaningless) file.
                int n = 1 + rnd.nextInt(headerEnd - 8 - 1);
                yield lengthField(index, kind, base, n, n < base.jsonBytes() ? Expect.REJECT : Expect.ACCEPT);
            }
            case FLIP_JSON_BYTE -> {
                byte[] b = bytes.clone();
                int at = 8 + rnd.nextInt(base.jsonBytes());
                int mask = rnd.nextBoolean() ? 1 << rnd.nextInt(8) : 1 + rnd.nextInt(255);
                b[at] ^= (byte) mask;
                yield new Mutant(index, kind, base.name(), "byte " + at + " ^= 0x" + Integer.toHexString(mask), b,
                        Expect.EITHER);
            }
            case INVALID_JSON -> {
                String[] invalid = {"{", "}", "{\"a\":}", "{\"a\" 1}", "{'a': 1}", "{\"a\": [1, 2,]}", "{\"a\": tru}",
                        "{\"a\": NaN}", "{\"a\": 01}", "{} {}", "{}x", "\u0000{}", "{\"a\": \"\\x\"}", "{\"a\":1,}"};
                int pick = rnd.nextInt(invalid.length + 2);
                if (pick < invalid.length) {
                    yield header(index, kind, base, invalid[pick], invalid[pick], Expect.REJECT);
                } else if (pick == invalid.length) { // a strict prefix never closes the outer object
                    String prefix = base.json().substring(0, 1 + rnd.nextInt(base.json().length() - 1));
                    yield header(index, kind, base, "prefix of " + prefix.length() + " chars", prefix, Expect.REJECT);
                } else { // garbage, with one byte that is never valid UTF-8
                    byte[] garbage = new byte[2 + rnd.nextInt(64)];
                    rnd.nextBytes(garbage);
                    garbage[rnd.nextInt(garbage.length)] = (byte) 0xFF;
                    yield new Mutant(index, kind, base.name(), garbage.length + " random bytes",
                            assemble(garbage.length, garbage, base.data()), Expect.REJECT);
                }
            }
            case NON_OBJECT -> {
                String[] json = {"[]", "[" + base.json() + "]", "42", "\"" + base.name() + "\"", "null", "true",
                        "-0.5e3", " " + base.json(), "\n" + base.json(), "\t" + base.json()};
                String pick = json[rnd.nextInt(json.length)];
                yield header(index, kind, base, abbreviate(pick), pick, Expect.REJECT);
            }
            case OVERLAP -> {
                List<String> names = base.tensors(true);
                String a = names.get(rnd.nextInt(names.size()));
                String b = other(names, a, rnd);
                ObjectNode h = base.header().deepCopy();
                long aBegin = begin(h.get(a)), bSize = size(h.get(b));
                // Stay inside the data section where possible, so the overlap check is what has to notice.
                long last = Math.min(aBegin + size(h.get(a)) - 1, base.data().length - bSize);
                long begin = last >= aBegin ? aBegin + rnd.nextLong(last - aBegin + 1) : aBegin;
                offsets((ObjectNode) h.get(b), begin, begin + bSize);
                yield tree(index, kind, base, b + " moved into " + a + " at " + begin, h, Expect.REJECT);
            }
            case OFFSETS_OUTSIDE -> {
                List<String> names = base.tensors(true);
                String t = names.get(rnd.nextInt(names.size()));
                ObjectNode h = base.header().deepCopy();
                ObjectNode e = (ObjectNode) h.get(t);
                long begin = begin(e), end = begin + size(e), dataLength = base.data().length;
                String what;
                switch (rnd.nextInt(6)) {
                    case 0 -> {
                        long shift = dataLength - begin + 1 + rnd.nextInt(100);
                        offsets(e, begin + shift, end + shift);
                        what = "shifted past the end by " + shift;
                    }
                    case 1 -> {
                        offsets(e, begin, dataLength + 1 + rnd.nextInt(100));
                        what = "end past the data";
                    }
                    case 2 -> {
                        offsets(e, -1 - rnd.nextInt(100), end);
                        what = "negative begin";
                    }
                    case 3 -> {
                        offsets(e, end, begin);
                        what = "begin and end swapped";
                    }
                    case 4 -> {
                        ArrayNode o = e.putArray("data_offsets");
                        o.add(BigInteger.TWO.pow(64).add(BigInteger.valueOf(rnd.nextInt(1000)))).add(end);
                        what = "begin beyond 2^64";
                    }
                    default -> {
                        offsets(e, Long.MAX_VALUE - size(e), Long.MAX_VALUE);
                        what = "at Long.MAX_VALUE";
                    }
                }
                yield tree(index, kind, base, t + ": " + what, h, Expect.REJECT);
            }
            case SHAPE_CHANGED -> {
                List<String> names = base.tensors(false);
                String t = names.get(rnd.nextInt(names.size()));
                ObjectNode h = base.header().deepCopy();
                ObjectNode e = (ObjectNode) h.get(t);
                List<Integer> shape = new ArrayList<>();
                e.get("shape").forEach(d -> shape.add(d.intValue()));
                int variant = shape.isEmpty() ? 1 : rnd.nextInt(4);
                switch (variant) {
                    case 0 -> {
                        int i = rnd.nextInt(shape.size());
                        shape.set(i, shape.get(i) == 0 || rnd.nextBoolean() ? shape.get(i) + 1 : shape.get(i) - 1);
                    }
                    case 1 -> shape.add(rnd.nextInt(shape.size() + 1), 1 + rnd.nextInt(3));
                    case 2 -> shape.remove(rnd.nextInt(shape.size()));
                    default -> {
                        int i = rnd.nextInt(shape.size());
                        shape.set(i, shape.get(i) * 2);
                    }
                }
                ArrayNode s = e.putArray("shape");
                shape.forEach(s::add);
                long bytesNow = DTYPE_SIZES.get(e.get("dtype").textValue());
                for (int d : shape) {
                    bytesNow *= d;
                }
                yield tree(index, kind, base, t + " shape " + shape, h,
                        bytesNow == size(e) ? Expect.ACCEPT : Expect.REJECT);
            }
            case UNKNOWN_DTYPE -> {
                String[] unknown = {"F33", "f32", "FLOAT32", "", "F32 ", " BOOL", "Q4_K", "F4", "C64", "F8_E8M0", "bool",
                        "I128", "F32\u0000"};
                String dtype = rnd.nextInt(4) == 0 ? randomWord(rnd) : unknown[rnd.nextInt(unknown.length)];
                List<String> names = base.tensors(false);
                String t = names.get(rnd.nextInt(names.size()));
                ObjectNode h = base.header().deepCopy();
                ((ObjectNode) h.get(t)).put("dtype", dtype);
                yield tree(index, kind, base, t + " dtype \"" + dtype + "\"", h, Expect.REJECT);
            }
            case OTHER_DTYPE -> {
                List<String> names = base.tensors(false);
                String t = names.get(rnd.nextInt(names.size()));
                ObjectNode h = base.header().deepCopy();
                ObjectNode e = (ObjectNode) h.get(t);
                String old = e.get("dtype").textValue();
                List<String> dtypes = new ArrayList<>(new TreeMap<>(DTYPE_SIZES).keySet());
                dtypes.remove(old);
                if (rnd.nextBoolean()) { // same element size: the header stays valid, tensor() decides
                    dtypes.removeIf(d -> !DTYPE_SIZES.get(d).equals(DTYPE_SIZES.get(old)));
                }
                String dtype = dtypes.get(rnd.nextInt(dtypes.size()));
                e.put("dtype", dtype);
                boolean sameSize = size(e) == 0 || DTYPE_SIZES.get(dtype).equals(DTYPE_SIZES.get(old));
                yield tree(index, kind, base, t + " " + old + " -> " + dtype, h,
                        sameSize && READABLE.contains(dtype) ? Expect.ACCEPT : Expect.REJECT);
            }
            case SHAPE_OVERFLOW -> {
                List<String> names = base.tensors(false);
                String t = names.get(rnd.nextInt(names.size()));
                ObjectNode h = base.header().deepCopy();
                ArrayNode s = ((ObjectNode) h.get(t)).putArray("shape");
                String what;
                switch (rnd.nextInt(5)) {
                    case 0 -> { // each dimension fits in an int, their product (>= 2^63) does not fit in a long
                        int rank = 3 + rnd.nextInt(6);
                        for (int i = 0; i < rank; i++) {
                            s.add((1 << 21) + rnd.nextInt(Integer.MAX_VALUE - (1 << 21)));
                        }
                        what = "product overflows";
                    }
                    case 1 -> {
                        s.add(2).add((long) Integer.MAX_VALUE + 1 + rnd.nextInt(1000));
                        what = "dimension beyond int";
                    }
                    case 2 -> {
                        s.add(-1 - rnd.nextInt(1000)).add(-1);
                        what = "negative dimensions";
                    }
                    case 3 -> {
                        s.add(BigInteger.TEN.pow(20 + rnd.nextInt(50)));
                        what = "dimension beyond long";
                    }
                    default -> {
                        int rank = 9 + rnd.nextInt(20);
                        for (int i = 0; i < rank; i++) {
                            s.add(1);
                        }
                        what = "rank " + rank;
                    }
                }
                yield tree(index, kind, base, t + ": " + what + " " + abbreviate(s.toString()), h, Expect.REJECT);
            }
            case DUPLICATE_KEY -> {
                String json = base.json();
                List<String> names = base.tensors(false);
                String t = names.get(rnd.nextInt(names.size()));
                String entry = JSON.writeValueAsString(base.header().get(t));
                String keyed = quote(t) + ":" + entry;
                JsonNode meta = base.header().get("__metadata__");
                int variant = rnd.nextInt(meta == null ? 2 : 4);
                String mutated, what;
                switch (variant) {
                    case 0 -> {
                        mutated = "{" + keyed + "," + json.substring(1);
                        what = "tensor " + t + " twice";
                    }
                    case 1 -> {
                        String field = rnd.nextBoolean() ? "\"dtype\":\"F32\"," : "\"shape\":[1],";
                        mutated = json.replace(keyed, quote(t) + ":{" + field + entry.substring(1));
                        what = "field " + field + " twice in " + t;
                    }
                    case 2 -> {
                        String metaText = JSON.writeValueAsString(meta);
                        String key = meta.fieldNames().next();
                        mutated = json.replace(quote("__metadata__") + ":" + metaText,
                                quote("__metadata__") + ":{" + quote(key) + ":\"dup\"," + metaText.substring(1));
                        what = "metadata key " + key + " twice";
                    }
                    default -> {
                        mutated = "{\"__metadata__\":{}," + json.substring(1);
                        what = "__metadata__ twice";
                    }
                }
                assertNotEquals(json, mutated, "duplicate-key edit did not apply");
                yield header(index, kind, base, what, mutated, Expect.REJECT);
            }
            case DEEP_NESTING -> {
                boolean deep = rnd.nextBoolean();
                int depth = deep ? 100 + rnd.nextInt(20_000) : 2 + rnd.nextInt(40);
                boolean arrays = rnd.nextBoolean();
                String nested = arrays ? "[".repeat(depth) + "1" + "]".repeat(depth)
                        : "{\"a\":".repeat(depth) + "1" + "}".repeat(depth);
                String json = base.json();
                List<String> names = base.tensors(false);
                String t = names.get(rnd.nextInt(names.size()));
                String keyed = quote(t) + ":" + JSON.writeValueAsString(base.header().get(t));
                String mutated, where;
                Expect expect = Expect.REJECT;
                switch (rnd.nextInt(4)) {
                    case 0 -> { // an unknown field is ignored, so only the depth decides
                        mutated = json.replace(keyed, keyed.substring(0, keyed.length() - 1) + ",\"x\":" + nested + "}");
                        where = "extra field of " + t;
                        expect = deep ? Expect.REJECT : Expect.ACCEPT;
                    }
                    case 1 -> {
                        mutated = "{\"__metadata__\":{\"k\":" + nested + "}," + json.substring(1)
                                .replaceFirst("^\"__metadata__\":\\{[^}]*\\},?", "");
                        where = "metadata value";
                    }
                    case 2 -> {
                        mutated = "{\"deep\":" + nested + "," + json.substring(1);
                        where = "top-level entry";
                    }
                    default -> {
                        mutated = json.replace(keyed, quote(t) + ":" + JSON.writeValueAsString(base.header().get(t))
                                .replaceFirst("\"shape\":\\[[^]]*\\]", "\"shape\":" + Matcher.quoteReplacement(nested)));
                        where = "shape of " + t;
                    }
                }
                assertNotEquals(json, mutated, "nesting edit did not apply");
                yield header(index, kind, base, (arrays ? "arrays" : "objects") + " " + depth + " deep in " + where,
                        mutated, expect);
            }
            case MALFORMED_ENTRY -> {
                List<String> names = base.tensors(false);
                String t = names.get(rnd.nextInt(names.size()));
                ObjectNode h = base.header().deepCopy();
                ObjectNode e = (ObjectNode) h.get(t);
                JsonNode[] odd = {NODES.numberNode(5), NODES.textNode("x"), NODES.arrayNode(), NODES.nullNode(),
                        NODES.booleanNode(true), NODES.objectNode(), NODES.numberNode(0.5)};
                JsonNode value = odd[rnd.nextInt(odd.length)];
                String[] fields = {"dtype", "shape", "data_offsets"};
                String field = fields[rnd.nextInt(fields.length)];
                String what;
                switch (rnd.nextInt(4)) {
                    case 0 -> {
                        h.set(t, value);
                        what = "entry is " + value;
                    }
                    case 1 -> {
                        e.remove(field);
                        what = field + " removed";
                    }
                    case 2 -> {
                        e.set(field, field.equals("dtype") || !value.isArray() ? value
                                : NODES.arrayNode().add(NODES.textNode("0")).add(NODES.textNode("4")));
                        what = field + " is " + e.get(field);
                    }
                    default -> {
                        ArrayNode o = e.putArray("data_offsets");
                        switch (rnd.nextInt(3)) {
                            case 0 -> o.add(0);
                            case 1 -> o.add(0).add(4).add(8);
                            default -> o.add(0.0).add(4.0);
                        }
                        what = "data_offsets " + o;
                    }
                }
                yield tree(index, kind, base, t + ": " + what, h, Expect.REJECT);
            }
            case BAD_METADATA -> {
                JsonNode[] bad = {NODES.arrayNode(), NODES.textNode("k=v"), NODES.numberNode(5), NODES.nullNode(),
                        NODES.booleanNode(false), NODES.objectNode().put("k", 1),
                        NODES.objectNode().putNull("k"), NODES.objectNode().set("k", NODES.arrayNode().add("v")),
                        NODES.objectNode().set("k", NODES.objectNode().put("x", "y")),
                        NODES.objectNode().put("ok", "fine").put("k", 1.5)};
                JsonNode value = bad[rnd.nextInt(bad.length)];
                ObjectNode h = base.header().deepCopy();
                h.set("__metadata__", value);
                yield tree(index, kind, base, "__metadata__ = " + value, h, Expect.REJECT);
            }
            case FLIP_DATA_BYTE -> {
                byte[] b = bytes.clone();
                int at = headerEnd + rnd.nextInt(base.data().length);
                b[at] ^= (byte) (1 + rnd.nextInt(255));
                yield new Mutant(index, kind, base.name(), "data byte " + at + " flipped", b, Expect.ACCEPT);
            }
            case APPEND_BYTES -> {
                byte[] extra = new byte[1 + rnd.nextInt(100)];
                rnd.nextBytes(extra);
                yield new Mutant(index, kind, base.name(), extra.length + " bytes appended",
                        SafeTensorsTestFiles.concat(bytes, extra), Expect.ACCEPT);
            }
        };
    }

    private static Mutant lengthField(int index, Kind kind, Base base, long n, Expect expect) {
        byte[] b = base.bytes().clone();
        ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putLong(0, n);
        return new Mutant(index, kind, base.name(), "header length " + Long.toUnsignedString(n), b, expect);
    }

    private static Mutant header(int index, Kind kind, Base base, String what, String json, Expect expect) {
        byte[] h = json.getBytes(StandardCharsets.UTF_8);
        return new Mutant(index, kind, base.name(), what, assemble(h.length, h, base.data()), expect);
    }

    private static Mutant tree(int index, Kind kind, Base base, String what, ObjectNode h, Expect expect)
            throws Exception {
        return header(index, kind, base, what, JSON.writeValueAsString(h), expect);
    }

    private static byte[] assemble(long n, byte[] header, byte[] data) {
        ByteBuffer b = ByteBuffer.allocate(8 + header.length + data.length).order(ByteOrder.LITTLE_ENDIAN);
        return b.putLong(n).put(header).put(data).array();
    }

    private static long begin(JsonNode entry) {
        return entry.get("data_offsets").get(0).longValue();
    }

    private static long size(JsonNode entry) {
        return entry.get("data_offsets").get(1).longValue() - begin(entry);
    }

    private static void offsets(ObjectNode entry, long begin, long end) {
        entry.putArray("data_offsets").add(begin).add(end);
    }

    private static String other(List<String> names, String not, Random rnd) {
        List<String> rest = new ArrayList<>(names);
        rest.remove(not);
        return rest.get(rnd.nextInt(rest.size()));
    }

    private static String randomWord(Random rnd) {
        StringBuilder sb = new StringBuilder("X");
        for (int i = rnd.nextInt(8); i > 0; i--) {
            sb.append((char) ('A' + rnd.nextInt(26)));
        }
        return sb.toString(); // no format dtype starts with X
    }

    private static String quote(String s) throws Exception {
        return JSON.writeValueAsString(s);
    }

    private static String abbreviate(String s) {
        return s.length() <= 60 ? s : s.substring(0, 57) + "...";
    }
}
