package io.github.ffmblas.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ffmblas.attention.DType;
import io.github.ffmblas.attention.Tensor;
import io.github.ffmblas.attention.safetensors.SafeTensorsFile;
import io.github.ffmblas.attention.safetensors.SafeTensorsWriter;
import io.github.ffmblas.nativelib.OpenBlasLibrary;
import java.io.IOException;
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
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command line against broken input files and wrong arguments: every failure is exit code 2 with exactly one
 * line on stderr and no stack trace (never exit 1, never an OutOfMemoryError), and the output file is never left
 * half-written, nor an earlier output damaged.
 *
 * <p>The corpus is seeded ({@code -Dffmblas.cli.mutation.seed=N}); a failure names the seed and the mutant.
 */
class CliFaultsTest {
    private static final long SEED = Long.decode(System.getProperty("ffmblas.cli.mutation.seed", "0xC11F"));
    private static final int D = 16;
    private static final int HEADS = 4;
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    // ---- valid base files ------------------------------------------------------------------------------------------

    private static Tensor gaussian(Arena arena, Random random, int... shape) {
        float[] values = new float[Math.toIntExact(Arrays.stream(shape).asLongStream().reduce(1, (a, b) -> a * b))];
        for (int i = 0; i < values.length; i++) {
            values[i] = (float) random.nextGaussian() * 0.3f;
        }
        return Tensor.copyOf(arena, values, shape);
    }

    private static Tensor bools(Arena arena, Random random, int... shape) {
        boolean[] values = new boolean[Math.toIntExact(Arrays.stream(shape).asLongStream().reduce(1, (a, b) -> a * b))];
        for (int i = 0; i < values.length; i++) {
            values[i] = random.nextInt(4) == 0;
        }
        return Tensor.copyOf(arena, values, shape);
    }

    /** Writes a weights file, a cross-attention inputs file and a self-attention inputs file. */
    private Map<String, Path> bases() throws IOException {
        Random random = new Random(1);
        Map<String, Path> files = new LinkedHashMap<>();
        try (Arena arena = Arena.ofConfined()) {
            Map<String, Tensor> w = new LinkedHashMap<>();
            w.put("in_proj_weight", gaussian(arena, random, 3 * D, D));
            w.put("in_proj_bias", gaussian(arena, random, 3 * D));
            w.put("out_proj.weight", gaussian(arena, random, D, D));
            w.put("out_proj.bias", gaussian(arena, random, D));
            files.put("weights", write("weights.safetensors", w, Map.of("format", "pt")));
            Map<String, Tensor> cross = new LinkedHashMap<>();
            cross.put("query", gaussian(arena, random, 2, 5, D));
            cross.put("key", gaussian(arena, random, 2, 7, D));
            cross.put("value", gaussian(arena, random, 2, 7, D));
            cross.put("attn_mask", bools(arena, random, 5, 7));
            cross.put("key_padding_mask", bools(arena, random, 2, 7));
            files.put("cross", write("cross.safetensors", cross, Map.of()));
            Map<String, Tensor> self = new LinkedHashMap<>();
            self.put("query", gaussian(arena, random, 1, 6, D));
            self.put("attn_mask", gaussian(arena, random, 6, 6));
            files.put("self", write("self.safetensors", self, Map.of("note", "self-attention")));
        }
        return files;
    }

    private Path write(String name, Map<String, Tensor> tensors, Map<String, String> metadata) throws IOException {
        Path file = dir.resolve(name);
        SafeTensorsWriter.write(file, tensors, metadata);
        return file;
    }

    // ---- running the CLI -------------------------------------------------------------------------------------------

    /** Runs {@code args} in-process; a failure must be exit 2, one line, no trace, and leave no file behind. */
    private MainTest.Run runExpectingCleanOutcome(Path output, String context, String... args) throws IOException {
        MainTest.Run r = MainTest.run(args);
        String err = r.err().strip();
        if (r.code() == 0) {
            assertTrue(Files.isRegularFile(output), context + ": exit 0 but no output file");
        } else {
            assertEquals(2, r.code(), context + ": exit " + r.code() + ", stderr: " + r.err());
            assertFalse(err.isEmpty(), context + ": nothing on stderr");
            assertFalse(err.contains("\n"), context + ": more than one line on stderr:\n" + r.err());
            assertTrue(err.startsWith("ffmblas "), context + ": " + err);
            assertFalse(err.contains("\tat ") || err.contains("Exception:") || err.contains("java.lang."),
                    context + ": internals on stderr: " + err);
            assertFalse(Files.exists(output), context + ": an output file was left behind");
        }
        try (Stream<Path> files = Files.list(output.getParent())) {
            List<Path> temps = files.filter(p -> p.getFileName().toString().endsWith(".tmp")).toList();
            assertTrue(temps.isEmpty(), context + ": temporary files left behind: " + temps);
        }
        return r;
    }

    // ---- the mutation corpus ---------------------------------------------------------------------------------------

    enum Kind {
        TRUNCATE, LENGTH_FIELD, FLIP_HEADER_BYTE, FLIP_DATA_BYTE, APPEND_BYTES, SHAPE, DTYPE, OFFSETS, RENAME,
        REMOVE, HUGE_SHAPE, GARBAGE, JSON_EDIT, METADATA
    }

    /** What a mutant must do: exit 2, exit 0 (the mutation keeps the file valid), or either. */
    enum Expect { FAIL, SUCCEED, EITHER }

    record Mutant(int index, String base, Kind kind, String what, byte[] bytes, Expect expect) {
        @Override
        public String toString() {
            return "mutant #" + index + " of " + base + ": " + kind + " (" + what + ")";
        }
    }

    /** A base file's parts: the header as a tree, and the bytes after it. */
    record Parts(byte[] bytes, ObjectNode header, int dataStart) {
        byte[] data() {
            return Arrays.copyOfRange(bytes, dataStart, bytes.length);
        }

        List<String> tensors() {
            List<String> names = new ArrayList<>();
            header.fieldNames().forEachRemaining(n -> {
                if (!n.equals("__metadata__")) {
                    names.add(n);
                }
            });
            return names;
        }
    }

    private static Parts parts(byte[] bytes) throws IOException {
        long n = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).getLong();
        String json = new String(bytes, 8, (int) n, StandardCharsets.UTF_8).strip();
        return new Parts(bytes, (ObjectNode) JSON.readTree(json), 8 + (int) n);
    }

    private static byte[] assemble(byte[] header, byte[] data) {
        int padded = header.length + (8 - header.length % 8) % 8;
        ByteBuffer b = ByteBuffer.allocate(8 + padded + data.length).order(ByteOrder.LITTLE_ENDIAN);
        b.putLong(padded).put(header);
        for (int i = header.length; i < padded; i++) {
            b.put((byte) ' ');
        }
        return b.put(data).array();
    }

    private static byte[] withHeader(Parts p, ObjectNode header) throws IOException {
        return assemble(JSON.writeValueAsBytes(header), p.data());
    }

    private static long begin(JsonNode entry) {
        return entry.get("data_offsets").get(0).longValue();
    }

    private static long end(JsonNode entry) {
        return entry.get("data_offsets").get(1).longValue();
    }

    private static Mutant mutate(int index, String base, Parts p, Kind kind, Random r) throws IOException {
        byte[] bytes = p.bytes();
        List<String> names = p.tensors();
        String t = names.get(r.nextInt(names.size()));
        ObjectNode h = p.header().deepCopy();
        ObjectNode e = (ObjectNode) h.get(t);
        return switch (kind) {
            case TRUNCATE -> {
                int cut = r.nextBoolean() ? r.nextInt(bytes.length) : p.dataStart() + r.nextInt(bytes.length - p.dataStart());
                yield new Mutant(index, base, kind, "cut to " + cut + " of " + bytes.length + " bytes",
                        Arrays.copyOf(bytes, cut), Expect.FAIL);
            }
            case LENGTH_FIELD -> {
                long n = switch (r.nextInt(5)) {
                    case 0 -> 0;
                    case 1 -> -1 - r.nextInt(1000);
                    case 2 -> Long.MAX_VALUE - r.nextInt(1000);
                    case 3 -> bytes.length + r.nextInt(1 << 20);
                    default -> (100L << 20) + 1 + r.nextInt(1000);
                };
                byte[] b = bytes.clone();
                ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putLong(0, n);
                yield new Mutant(index, base, kind, "header length " + n, b, Expect.FAIL);
            }
            case FLIP_HEADER_BYTE -> {
                byte[] b = bytes.clone();
                int at = 8 + r.nextInt(p.dataStart() - 8);
                b[at] ^= (byte) (1 + r.nextInt(255));
                yield new Mutant(index, base, kind, "header byte " + at, b, Expect.EITHER);
            }
            case FLIP_DATA_BYTE -> {
                byte[] b = bytes.clone();
                int at = p.dataStart() + r.nextInt(bytes.length - p.dataStart());
                b[at] ^= (byte) (1 + r.nextInt(255)); // NaN and infinity are values too: BLAS passes them through
                yield new Mutant(index, base, kind, "data byte " + at, b, Expect.SUCCEED);
            }
            case APPEND_BYTES -> {
                byte[] extra = new byte[1 + r.nextInt(300)];
                r.nextBytes(extra);
                byte[] b = Arrays.copyOf(bytes, bytes.length + extra.length);
                System.arraycopy(extra, 0, b, bytes.length, extra.length);
                yield new Mutant(index, base, kind, extra.length + " bytes appended", b, Expect.SUCCEED);
            }
            case SHAPE -> {
                List<Integer> shape = new ArrayList<>();
                e.get("shape").forEach(d -> shape.add(d.intValue()));
                String what;
                switch (shape.isEmpty() ? 1 : r.nextInt(5)) {
                    case 0 -> {
                        java.util.Collections.reverse(shape);
                        what = "reversed";
                    }
                    case 1 -> {
                        shape.add(r.nextInt(shape.size() + 1), 1);
                        what = "a dimension of 1 added";
                    }
                    case 2 -> {
                        int i = r.nextInt(shape.size());
                        shape.set(i, shape.get(i) + (r.nextBoolean() ? 1 : -1));
                        what = "one dimension off by one";
                    }
                    case 3 -> {
                        shape.remove(r.nextInt(shape.size()));
                        what = "a dimension removed";
                    }
                    default -> {
                        int all = shape.stream().reduce(1, (a, b) -> a * b);
                        shape.clear();
                        shape.add(all);
                        what = "flattened";
                    }
                }
                ArrayNode s = e.putArray("shape");
                shape.forEach(s::add);
                yield new Mutant(index, base, kind, t + " " + what + " " + shape, withHeader(p, h), Expect.EITHER);
            }
            case DTYPE -> {
                String[] dtypes = {"F16", "BF16", "I32", "U8", "BOOL", "F64", "I8", "F32", "Q4", "f32", ""};
                String dtype = dtypes[r.nextInt(dtypes.length)];
                e.put("dtype", dtype);
                yield new Mutant(index, base, kind, t + " dtype " + dtype, withHeader(p, h), Expect.EITHER);
            }
            case OFFSETS -> {
                long b0 = begin(e);
                long e0 = end(e);
                long size = p.bytes().length - p.dataStart();
                String what;
                ArrayNode o = e.putArray("data_offsets");
                switch (r.nextInt(6)) {
                    case 0 -> {
                        o.add(b0 + size).add(e0 + size);
                        what = "past the end";
                    }
                    case 1 -> {
                        o.add(e0).add(b0);
                        what = "swapped";
                    }
                    case 2 -> {
                        o.add(-4).add(e0);
                        what = "negative";
                    }
                    case 3 -> {
                        o.add(BigInteger.TWO.pow(64)).add(e0);
                        what = "beyond 2^64";
                    }
                    case 4 -> {
                        o.add(Long.MAX_VALUE - 8).add(Long.MAX_VALUE);
                        what = "at Long.MAX_VALUE";
                    }
                    default -> {
                        // onto another tensor's bytes (an overlap), keeping the size
                        String other = names.get((names.indexOf(t) + 1) % names.size());
                        long ob = begin(p.header().get(other));
                        o.add(ob).add(ob + (e0 - b0));
                        what = "moved onto " + other;
                    }
                }
                yield new Mutant(index, base, kind, t + " offsets " + what + " " + o, withHeader(p, h),
                        names.size() == 1 && what.startsWith("moved") ? Expect.EITHER : Expect.FAIL);
            }
            case RENAME -> {
                String to = switch (r.nextInt(4)) {
                    case 0 -> t + "s";
                    case 1 -> t.toUpperCase();
                    case 2 -> "prefix." + t;
                    default -> t.substring(0, t.length() - 1);
                };
                ObjectNode renamed = JSON.createObjectNode();
                h.fields().forEachRemaining(f -> renamed.set(f.getKey().equals(t) ? to : f.getKey(), f.getValue()));
                yield new Mutant(index, base, kind, t + " -> " + to, withHeader(p, renamed), Expect.EITHER);
            }
            case REMOVE -> {
                h.remove(t);
                yield new Mutant(index, base, kind, t + " removed", withHeader(p, h), Expect.EITHER);
            }
            case HUGE_SHAPE -> {
                ArrayNode s = e.putArray("shape");
                String what;
                switch (r.nextInt(4)) {
                    case 0 -> {
                        s.add(Integer.MAX_VALUE).add(Integer.MAX_VALUE).add(Integer.MAX_VALUE);
                        what = "product past 2^63";
                    }
                    case 1 -> {
                        s.add(1L << 40);
                        what = "dimension past int";
                    }
                    case 2 -> {
                        s.add(-1).add(16);
                        what = "negative";
                    }
                    default -> {
                        s.add(1 << 20).add(1 << 20);
                        what = "2^40 elements";
                    }
                }
                yield new Mutant(index, base, kind, t + " shape " + what, withHeader(p, h), Expect.FAIL);
            }
            case GARBAGE -> {
                byte[] b = new byte[r.nextInt(200)];
                r.nextBytes(b);
                if (b.length >= 8 && r.nextBoolean()) { // a plausible length field in front of garbage
                    ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putLong(0, b.length - 8);
                }
                yield new Mutant(index, base, kind, b.length + " random bytes", b, Expect.FAIL);
            }
            case JSON_EDIT -> {
                String json = new String(JSON.writeValueAsBytes(h), StandardCharsets.UTF_8);
                String mutated;
                String what;
                switch (r.nextInt(5)) {
                    case 0 -> {
                        mutated = "{\"deep\":" + "[".repeat(5_000) + "]".repeat(5_000) + "," + json.substring(1);
                        what = "5,000 nested arrays";
                    }
                    case 1 -> {
                        mutated = "{" + JSON.writeValueAsString(t) + ":" + JSON.writeValueAsString(e) + "," + json.substring(1);
                        what = "tensor " + t + " twice";
                    }
                    case 2 -> {
                        mutated = json.substring(0, r.nextInt(json.length()));
                        what = "header cut short";
                    }
                    case 3 -> {
                        mutated = "[" + json + "]";
                        what = "header is an array";
                    }
                    default -> {
                        mutated = json.replace("\"dtype\"", "\"dtype\" ").replace("}", ",}");
                        what = "trailing commas";
                    }
                }
                yield new Mutant(index, base, kind, what, assemble(mutated.getBytes(StandardCharsets.UTF_8), p.data()),
                        Expect.FAIL);
            }
            case METADATA -> {
                JsonNode[] bad = {JSON.createArrayNode(), JSON.getNodeFactory().numberNode(5),
                        JSON.createObjectNode().put("k", 1), JSON.createObjectNode().putNull("k"),
                        JSON.createObjectNode().set("k", JSON.createObjectNode())};
                JsonNode value = bad[r.nextInt(bad.length)];
                h.set("__metadata__", value);
                yield new Mutant(index, base, kind, "__metadata__ = " + value, withHeader(p, h), Expect.FAIL);
            }
        };
    }

    @Test
    void mutatedWeightsAndInputsExitTwoInOneLineOrSucceed() throws Exception {
        Map<String, Path> bases = bases();
        Map<String, Parts> parts = new LinkedHashMap<>();
        for (Map.Entry<String, Path> b : bases.entrySet()) {
            parts.put(b.getKey(), parts(Files.readAllBytes(b.getValue())));
        }
        // Every base works as it is.
        Path output = dir.resolve("out").resolve("result.safetensors");
        Files.createDirectories(output.getParent());
        for (String inputs : List.of("cross", "self")) {
            MainTest.Run ok = MainTest.run("attention", "--weights", bases.get("weights").toString(), "--inputs",
                    bases.get(inputs).toString(), "--output", output.toString(), "--heads", Integer.toString(HEADS));
            assertEquals(0, ok.code(), inputs + ": " + ok.err());
            Files.delete(output);
        }

        Random random = new Random(SEED);
        int perKindAndBase = 6;
        List<Mutant> mutants = new ArrayList<>();
        for (Kind kind : Kind.values()) {
            for (String base : parts.keySet()) {
                for (int i = 0; i < perKindAndBase; i++) {
                    mutants.add(mutate(mutants.size(), base, parts.get(base), kind, random));
                }
            }
        }
        Map<Kind, Map<String, Integer>> outcomes = new EnumMap<>(Kind.class);
        Map<String, Integer> messages = new TreeMap<>();
        Path mutantFile = dir.resolve("mutant.safetensors");
        for (Mutant m : mutants) {
            Files.write(mutantFile, m.bytes());
            boolean weights = m.base().equals("weights");
            String context = "seed 0x" + Long.toHexString(SEED) + ", " + m;
            MainTest.Run r = runExpectingCleanOutcome(output, context, "attention",
                    "--weights", (weights ? mutantFile : bases.get("weights")).toString(),
                    "--inputs", (weights ? bases.get("cross") : mutantFile).toString(),
                    "--output", output.toString(), "--heads", Integer.toString(HEADS));
            if (m.expect() == Expect.FAIL && r.code() != 2) {
                fail(context + ": a file that cannot be valid was accepted");
            }
            if (m.expect() == Expect.SUCCEED && r.code() != 0) {
                fail(context + ": a valid file was refused: " + r.err());
            }
            if (r.code() == 0) {
                try (SafeTensorsFile result = SafeTensorsFile.open(output)) {
                    assertEquals(DType.F32, result.tensor("output").dtype(), context);
                }
                Files.delete(output);
            } else {
                // Group messages by their shape, for the report: the text after the file name, numbers dropped.
                String message = r.err().strip().replaceFirst("^ffmblas attention: ", "")
                        .replace(mutantFile.toString(), "FILE").replace(mutantFile.getFileName().toString(), "FILE")
                        .replaceAll("\\d+", "N");
                messages.merge(message.length() > 100 ? message.substring(0, 100) : message, 1, Integer::sum);
            }
            outcomes.computeIfAbsent(m.kind(), k -> new TreeMap<>()).merge(r.code() == 0 ? "exit 0" : "exit 2", 1,
                    Integer::sum);
        }
        int failed = outcomes.values().stream().mapToInt(o -> o.getOrDefault("exit 2", 0)).sum();
        StringBuilder report = new StringBuilder(String.format("CLI mutation corpus: seed 0x%X, %d mutants of %d files:"
                + " %d exit 2 (one line each), %d exit 0%n", SEED, mutants.size(), parts.size(), failed,
                mutants.size() - failed));
        outcomes.forEach((kind, o) -> report.append(String.format("  %-16s %s%n", kind, o)));
        report.append("  ").append(messages.size()).append(" distinct messages, e.g.:\n");
        messages.entrySet().stream().limit(12).forEach(m -> report.append("    ").append(m.getKey()).append('\n'));
        System.out.print(report);
        assertTrue(mutants.size() >= 200, "corpus too small: " + mutants.size());
        assertTrue(failed >= mutants.size() / 2, "most mutants should be refused\n" + report);
    }

    // ---- arguments -----------------------------------------------------------------------------------------------

    /** Wrong arguments MainTest does not try: each exits 2 in one line naming the problem, and writes nothing. */
    @Test
    void moreWrongArgumentsExitTwoInOneLine() throws IOException {
        Map<String, Path> bases = bases();
        String w = bases.get("weights").toString();
        String x = bases.get("cross").toString();
        Path out = dir.resolve("never.safetensors");
        String o = out.toString();
        Path badPadding;
        Path rank2Query;
        Path wideQuery;
        Path floatPadding;
        Path longQuery;
        try (Arena arena = Arena.ofConfined()) {
            Random random = new Random(2);
            badPadding = write("padding.safetensors", Map.of("query", gaussian(arena, random, 2, 5, D),
                    "key_padding_mask", bools(arena, random, 2, 6)), Map.of());
            floatPadding = write("floatpadding.safetensors", Map.of("query", gaussian(arena, random, 2, 5, D),
                    "key_padding_mask", gaussian(arena, random, 2, 5)), Map.of());
            rank2Query = write("rank2.safetensors", Map.of("query", gaussian(arena, random, 5, D)), Map.of());
            wideQuery = write("wide.safetensors", Map.of("query", gaussian(arena, random, 1, 5, 2 * D)), Map.of());
            // 12.8 MB of query whose attention weights would take 4 * 200,000^2 floats: 640 GB
            longQuery = write("long.safetensors", Map.of("query", Tensor.allocate(arena, 1, 200_000, D)), Map.of());
        }
        String[][] cases = {
                {"Expected parameter for option '--weights'", "attention", "--weights", "--inputs", x, "--output", o, "--heads", "4"},
                {"Missing required parameter for option '--output'", "attention", "--weights", w, "--inputs", x, "--heads", "4", "--output"},
                {"--output needs a file name", "attention", "--weights", w, "--inputs", x, "--heads", "4", "--output="},
                {"unexpected argument 'stray'", "attention", "stray", "--weights", w, "--inputs", x, "--output", o, "--heads", "4"},
                {"unknown option -v", "attention", "-v", "--weights", w, "--inputs", x, "--output", o, "--heads", "4"},
                {"--causal", "attention", "--causal=yes", "--weights", w, "--inputs", x, "--output", o, "--heads", "4"},
                {"option '--causal' should be specified only once", "attention", "--causal", "--causal", "--weights", w, "--inputs", x, "--output", o, "--heads", "4"},
                {"Missing required option: '--inputs", "attention", "--weights", w, "--output", o, "--heads", "4"},
                {"Missing required option: '--output", "attention", "--weights", w, "--inputs", x, "--heads", "4"},
                {"--heads must be between 1", "attention", "--weights", w, "--inputs", x, "--output", o, "--heads", "-4"},
                {"'99999999999' is not an int", "attention", "--weights", w, "--inputs", x, "--output", o, "--heads", "99999999999"},
                {"d_model must be divisible by num_heads", "attention", "--weights", w, "--inputs", x, "--output", o, "--heads", "32"},
                {"--threads must be between 1 and 256", "attention", "--weights", w, "--inputs", x, "--output", o, "--heads", "4", "--threads", "5000"},
                {"key_padding_mask must be [2, 5]", "attention", "--weights", w, "--inputs", badPadding.toString(), "--output", o, "--heads", "4"},
                {"key_padding_mask must be BOOL", "attention", "--weights", w, "--inputs", floatPadding.toString(), "--output", o, "--heads", "4"},
                {"query must be [batch, seq, d_model]", "attention", "--weights", w, "--inputs", rank2Query.toString(), "--output", o, "--heads", "4"},
                {"query has d_model 32", "attention", "--weights", w, "--inputs", wideQuery.toString(), "--output", o, "--heads", "4"},
                {"--inputs " + dir + " is not a readable file", "attention", "--weights", w, "--inputs", dir.toString(), "--output", o, "--heads", "4"},
                {"--weights " + dir.resolve("nope") + " does not exist", "attention", "--weights", dir.resolve("nope").toString(), "--inputs", x, "--output", o, "--heads", "4"},
                {"out of memory", "attention", "--weights", w, "--inputs", longQuery.toString(), "--output", o, "--heads", "4"},
                {"unknown option --bogus", "info", "--bogus"},
                {"unexpected argument 'extra'", "info", "extra"},
        };
        for (String[] c : cases) {
            String[] args = Arrays.copyOfRange(c, 1, c.length);
            String what = String.join(" ", args);
            MainTest.Run r = runExpectingCleanOutcome(out, what, args);
            assertEquals(2, r.code(), what + ": " + r.err());
            assertTrue(r.err().contains(c[0]), "'" + r.err().strip() + "' should say '" + c[0] + "' for: " + what);
        }
    }

    // ---- the output file -----------------------------------------------------------------------------------------

    @Test
    void anOutputWhoseDirectoryIsAFileExitsTwoAndWritesNothing() throws IOException {
        Map<String, Path> bases = bases();
        Path blocker = Files.writeString(dir.resolve("not-a-directory"), "a file where a directory should be");
        for (Path output : List.of(blocker.resolve("out.safetensors"), dir.resolve("missing-dir").resolve("out.safetensors"))) {
            MainTest.Run r = MainTest.run("attention", "--weights", bases.get("weights").toString(), "--inputs",
                    bases.get("cross").toString(), "--output", output.toString(), "--heads", "4");
            assertEquals(2, r.code(), r.err());
            assertFalse(r.err().strip().contains("\n"), r.err());
            // The path as given, and not the temporary file next to it (whose name contains the output's: before,
            // the message named ".out.safetensors.<uuid>.tmp", which a looser check on the file name let through).
            assertTrue(r.err().contains("--output " + output + ": "), "names the output: " + r.err());
            assertFalse(r.err().contains(".tmp"), "names a temporary file: " + r.err());
            assertFalse(Files.exists(output));
        }
        assertEquals("a file where a directory should be", Files.readString(blocker));
        try (Stream<Path> files = Files.list(dir)) {
            assertTrue(files.noneMatch(p -> p.getFileName().toString().endsWith(".tmp")), "no temporary file left");
        }
    }

    /** A run that fails (a bad argument, a broken input) leaves the output of an earlier run exactly as it was. */
    @Test
    void aFailedRunLeavesAnEarlierOutputIntact() throws IOException {
        Map<String, Path> bases = bases();
        Path output = dir.resolve("kept.safetensors");
        String[] ok = {"attention", "--weights", bases.get("weights").toString(), "--inputs", bases.get("cross").toString(),
                "--output", output.toString(), "--heads", "4"};
        assertEquals(0, MainTest.run(ok).code());
        byte[] before = Files.readAllBytes(output);
        Path broken = Files.write(dir.resolve("broken.safetensors"), Arrays.copyOf(Files.readAllBytes(bases.get("cross")), 100));
        List<String[]> failing = List.of(
                new String[] {"attention", "--weights", bases.get("weights").toString(), "--inputs", broken.toString(),
                        "--output", output.toString(), "--heads", "4"},
                new String[] {"attention", "--weights", bases.get("weights").toString(), "--inputs",
                        bases.get("cross").toString(), "--output", output.toString(), "--heads", "3"});
        for (String[] args : failing) {
            MainTest.Run r = MainTest.run(args);
            assertEquals(2, r.code(), r.err());
            assertArrayEquals(before, Files.readAllBytes(output), "the earlier output changed: " + String.join(" ", args));
        }
    }

    /**
     * The library cannot be loaded (a named file that does not exist, or is a shared library but not OpenBLAS):
     * exit 2 and a message that names the file, what is wrong with it and the settings that choose another library,
     * with no stack trace. It takes a few lines on purpose: one per place tried. Child JVMs, since this one has
     * loaded OpenBLAS already.
     */
    @Test
    void aLibraryThatCannotBeLoadedIsExplainedWithoutATrace() throws Exception {
        Path libz = Path.of("/lib/x86_64-linux-gnu/libz.so.1");
        Map<Path, String> cases = new LinkedHashMap<>();
        cases.put(dir.resolve("no-such/libopenblas.so.0"), "does not exist or is not a file");
        if (Files.isRegularFile(libz)) {
            cases.put(libz, "is not a usable OpenBLAS: missing cblas_sgemm, cblas_sgemv");
        }
        for (Map.Entry<Path, String> c : cases.entrySet()) {
            Path log = dir.resolve("load.err");
            Process child = new ProcessBuilder(javaBinary(), OpenBlasLibrary.NATIVE_ACCESS_FLAG, "-XX:-UsePerfData",
                    "-XX:TieredStopAtLevel=1", "-D" + OpenBlasLibrary.PATH_PROPERTY + "=" + c.getKey(),
                    "-cp", System.getProperty("java.class.path"), Main.class.getName(), "info")
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(log.toFile()).start();
            if (!child.waitFor(2, TimeUnit.MINUTES)) {
                child.destroyForcibly();
                fail("the child JVM did not finish");
            }
            String err = Files.readString(log);
            assertEquals(2, child.exitValue(), err);
            assertTrue(err.startsWith("ffmblas info: Could not load the OpenBLAS library named by -D"
                    + OpenBlasLibrary.PATH_PROPERTY), err);
            assertTrue(err.contains(c.getKey() + " ") && err.contains(c.getValue()), err);
            assertTrue(err.contains("FFMBLAS_OPENBLAS_PATH"), "says how to choose another library: " + err);
            assertFalse(err.contains("\tat ") || err.contains("Exception"), "no trace: " + err);
        }
    }

    private static String javaBinary() {
        return ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }

    /**
     * The write itself fails midway: a child JVM runs the command under {@code ulimit -f}, so the kernel refuses the
     * output's bytes past the limit (EFBIG). Exit 2 in one line, the earlier output byte for byte intact, and no
     * temporary file left.
     */
    @Test
    void aWriteThatFailsMidwayLeavesTheEarlierOutputIntact() throws Exception {
        Map<String, Path> bases = bases();
        Path big;
        try (Arena arena = Arena.ofConfined()) { // output + attention weights of 64 tokens: ~82 KB, past the limit
            big = write("big.safetensors", Map.of("query", gaussian(arena, new Random(3), 1, 64, D)), Map.of());
        }
        Path output = dir.resolve("precious.safetensors");
        byte[] precious = "an earlier result that must survive".getBytes(StandardCharsets.UTF_8);
        Files.write(output, precious);
        Path library = OpenBlasLibrary.load().path(); // the child loads this file: no extraction, no big writes
        List<String> command = new ArrayList<>(List.of("/bin/sh", "-c", "ulimit -f 40 && exec \"$@\"", "sh",
                javaBinary(),
                OpenBlasLibrary.NATIVE_ACCESS_FLAG, "-XX:-UsePerfData", "-XX:TieredStopAtLevel=1",
                "-D" + OpenBlasLibrary.PATH_PROPERTY + "=" + library,
                "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                "attention", "--weights", bases.get("weights").toString(), "--inputs", big.toString(),
                "--output", output.toString(), "--heads", "4"));
        Path log = dir.resolve("child.err");
        Process child = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(log.toFile()).start();
        if (!child.waitFor(2, TimeUnit.MINUTES)) {
            child.destroyForcibly();
            fail("the child JVM did not finish");
        }
        String err = Files.readString(log).strip();
        System.out.println("write past ulimit -f: exit " + child.exitValue() + ": " + err);
        assertEquals(2, child.exitValue(), err);
        assertFalse(err.contains("\n"), "one line: " + err);
        assertTrue(err.startsWith("ffmblas attention: I/O error"), err);
        assertArrayEquals(precious, Files.readAllBytes(output), "the earlier output was damaged");
        try (Stream<Path> files = Files.list(dir)) {
            List<Path> temps = files.filter(p -> p.getFileName().toString().endsWith(".tmp")).toList();
            assertTrue(temps.isEmpty(), "temporary files left: " + temps);
        }
    }

    /**
     * A weight of rank 0, and inputs that are a FIFO or a directory: exit 2 in one line naming the tensor or the
     * path. Before, a scalar in_proj_weight ended in exit 1, "internal error: ArrayIndexOutOfBoundsException".
     */
    @Test
    void aScalarWeightAndNonRegularFilesExitTwoInOneLine() throws Exception {
        Map<String, Path> bases = bases();
        Path scalar;
        try (Arena arena = Arena.ofConfined()) {
            Random random = new Random(4);
            Map<String, Tensor> w = new LinkedHashMap<>();
            w.put("in_proj_weight", Tensor.allocate(arena));
            w.put("in_proj_bias", gaussian(arena, random, 3 * D));
            w.put("out_proj.weight", gaussian(arena, random, D, D));
            w.put("out_proj.bias", gaussian(arena, random, D));
            scalar = write("scalar.safetensors", w, Map.of());
        }
        Path output = dir.resolve("out").resolve("y.safetensors");
        Files.createDirectories(output.getParent());
        MainTest.Run r = runExpectingCleanOutcome(output, "scalar in_proj_weight", "attention", "--weights",
                scalar.toString(), "--inputs", bases.get("cross").toString(), "--output", output.toString(),
                "--heads", "4");
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("in_proj_weight must have rank 2"), r.err());

        Path fifo = dir.resolve("inputs.fifo");
        if (new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() == 0) {
            for (String flag : List.of("--weights", "--inputs")) {
                String weights = flag.equals("--weights") ? fifo.toString() : bases.get("weights").toString();
                String inputs = flag.equals("--inputs") ? fifo.toString() : bases.get("cross").toString();
                r = runExpectingCleanOutcome(output, flag + " FIFO", "attention", "--weights", weights, "--inputs",
                        inputs, "--output", output.toString(), "--heads", "4");
                assertEquals(2, r.code(), r.err());
                assertTrue(r.err().contains(flag + " " + fifo + " is not"), r.err());
            }
        }
        r = runExpectingCleanOutcome(output, "--inputs directory", "attention", "--weights",
                bases.get("weights").toString(), "--inputs", dir.toString(), "--output", output.toString(),
                "--heads", "4");
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("--inputs " + dir + " is not"), r.err());
    }
}
