package io.github.ffmblas.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ffmblas.attention.Tensor;
import io.github.ffmblas.attention.safetensors.SafeTensorsFile;
import io.github.ffmblas.attention.safetensors.SafeTensorsWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.lang.foreign.Arena;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The command line end to end: results against PyTorch fixtures, and every bad argument as exit 2 in one line. */
class MainTest {

    @TempDir
    Path dir;

    record Run(int code, String out, String err) {}

    static Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** A PyTorch fixture from the attention module's test jar, as a file of its own. */
    private Path fixture(String name) throws IOException {
        Path copy = dir.resolve(name + ".fixture.safetensors");
        if (!Files.exists(copy)) {
            try (InputStream in = MainTest.class.getResourceAsStream("/fixtures/" + name + ".safetensors")) {
                if (in == null) {
                    throw new IOException("no fixture " + name + " on the class path (ffmblas-attention's test jar)");
                }
                Files.copy(in, copy);
            }
        }
        return copy;
    }

    /** Splits a fixture into a weights file and an inputs file, as a user would have them. */
    private Path[] split(String fixture) throws IOException {
        Path weights = dir.resolve(fixture + ".weights.safetensors");
        Path inputs = dir.resolve(fixture + ".inputs.safetensors");
        try (SafeTensorsFile file = SafeTensorsFile.open(fixture(fixture))) {
            Map<String, Tensor> w = new LinkedHashMap<>();
            Map<String, Tensor> x = new LinkedHashMap<>();
            for (String name : file.names()) {
                if (List.of("query", "key", "value", "attn_mask", "key_padding_mask").contains(name)) {
                    x.put(name, file.tensor(name));
                } else if (!name.startsWith("expected.")) {
                    w.put(name, file.tensor(name));
                }
            }
            SafeTensorsWriter.write(weights, w, Map.of());
            SafeTensorsWriter.write(inputs, x, Map.of());
        }
        return new Path[] {weights, inputs};
    }

    private static float maxAbsDiff(Tensor a, Tensor b) {
        float[] x = a.toFloatArray();
        float[] y = b.toFloatArray();
        assertEquals(x.length, y.length);
        float max = 0;
        for (int i = 0; i < x.length; i++) {
            max = Math.max(max, Math.abs(x[i] - y[i]));
        }
        return max;
    }

    /** --help works on every command, prints its options and exits 0; no command at all is a usage error. */
    @Test
    void everyCommandHasHelp() {
        Map<List<String>, List<String>> cases = new LinkedHashMap<>();
        cases.put(List.of("--help"), List.of("Usage: ffmblas", "attention", "info"));
        cases.put(List.of("help"), List.of("Usage: ffmblas"));
        cases.put(List.of("help", "attention"), List.of("Usage: ffmblas attention", "--weights=W.safetensors"));
        cases.put(List.of("attention", "--help"), List.of("Usage: ffmblas attention", "--heads=H", "--causal",
                "--threads=N", "Exit codes"));
        cases.put(List.of("info", "-h"), List.of("Usage: ffmblas info"));
        cases.put(List.of("--version"), List.of("ffmblas "));
        for (Map.Entry<List<String>, List<String>> c : cases.entrySet()) {
            Run r = run(c.getKey().toArray(String[]::new));
            assertEquals(0, r.code(), c.getKey() + ": " + r.err());
            for (String expected : c.getValue()) {
                assertTrue(r.out().contains(expected), c.getKey() + " should print '" + expected + "':\n" + r.out());
            }
        }
        Run none = run();
        assertEquals(2, none.code());
        assertTrue(none.err().contains("Usage: ffmblas"), none.err());
    }

    /**
     * This module alone is the command for library users: its class path (the cli jar's dependencies) holds none of
     * the benchmark's dependencies, and on it a fresh JVM runs info and a forward pass, and knows no bench command.
     */
    @Test
    void theCliRunsWithoutTheBenchmarkDependencies() throws Exception {
        String classPath = System.getProperty("java.class.path");
        for (String bench : List.of("onnxruntime", "javacpp", "jmh-core", "jfreechart", "ffmblas-bench")) {
            assertFalse(classPath.contains(bench), bench + " is on the cli's class path: " + classPath);
        }
        assertEquals(0, child("info").exitValue());
        Path[] files = split("pt_self_attention");
        Path output = dir.resolve("child.safetensors");
        assertEquals(0, child("attention", "--weights", files[0].toString(), "--inputs", files[1].toString(),
                "--output", output.toString(), "--heads", "4").exitValue());
        assertTrue(Files.size(output) > 0);
        Process bench = child("bench", "--quick");
        assertEquals(2, bench.exitValue());
        assertTrue(new String(bench.getErrorStream().readAllBytes(), StandardCharsets.UTF_8)
                .contains("unknown command 'bench'"));
    }

    private static Process child(String... args) throws IOException, InterruptedException {
        List<String> command = new java.util.ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                Main.class.getName()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        if (!p.waitFor(2, java.util.concurrent.TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("the child JVM did not finish: " + command);
        }
        return p;
    }

    @Test
    void infoNamesTheLibraryAndItsCore() {
        Run r = run("info");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("OpenBLAS:"), r.out());
        assertTrue(r.out().contains("config:         OpenBLAS"), r.out());
        assertTrue(r.out().contains("core:"), r.out());
        assertTrue(r.out().contains("batched sgemm:"), r.out());
        String coreType = System.getenv("OPENBLAS_CORETYPE");
        if (coreType != null && !coreType.isBlank()) {
            assertTrue(r.out().contains("OPENBLAS_CORETYPE=" + coreType + " forces"), r.out());
        }
    }

    /** threads 0: no --threads flag; otherwise the forward is split among that many threads. */
    @ParameterizedTest(name = "{0} threads={1}")
    @CsvSource({"pt_prefixed,0", "pt_causal_key_padding,0", "pt_bool_attn_mask,0", "seed_cross_attention,0",
            "pt_causal_key_padding,3", "seed_cross_attention,2"})
    void attentionReproducesPyTorch(String fixture, int threads) throws IOException {
        Path[] files = split(fixture);
        Path output = dir.resolve(fixture + ".out.safetensors");
        try (SafeTensorsFile expected = SafeTensorsFile.open(fixture(fixture))) {
            Map<String, String> meta = expected.metadata();
            List<String> args = new ArrayList<>(List.of("attention", "--weights", files[0].toString(), "--inputs",
                    files[1].toString(), "--output", output.toString(), "--heads", meta.get("heads")));
            if (Boolean.parseBoolean(meta.get("causal"))) {
                args.add("--causal");
            }
            if (!meta.getOrDefault("prefix", "").isEmpty()) {
                args.add("--prefix=" + meta.get("prefix"));
            }
            if (threads > 0) {
                args.add("--threads");
                args.add(Integer.toString(threads));
            }
            Run r = run(args.toArray(String[]::new));
            assertEquals(0, r.code(), r.err());
            assertTrue(r.out().startsWith("wrote " + output), r.out());
            try (SafeTensorsFile result = SafeTensorsFile.open(output)) {
                assertTrue(maxAbsDiff(expected.tensor("expected.output"), result.tensor("output")) <= 1e-4f);
                assertTrue(maxAbsDiff(expected.tensor("expected.attention_weights"), result.tensor("attention_weights")) <= 1e-4f);
                assertEquals(meta.get("heads"), result.metadata().get("heads"));
            }
        }
    }

    /** {@code --decode} one token at a time writes what the causal forward writes, and PyTorch's causal result. */
    @ParameterizedTest(name = "{0} threads={1}")
    @CsvSource({"pt_causal,0", "pt_causal,2", "pt_seq130,1"})
    void decodeWritesTheCausalForward(String fixture, int threads) throws IOException {
        Path[] files = split(fixture);
        Path decoded = dir.resolve(fixture + ".decoded.safetensors");
        Path forward = dir.resolve(fixture + ".forward.safetensors");
        try (SafeTensorsFile expected = SafeTensorsFile.open(fixture(fixture))) {
            String heads = expected.metadata().get("heads");
            List<String> common = new ArrayList<>(List.of("attention", "--weights", files[0].toString(), "--inputs",
                    files[1].toString(), "--heads", heads));
            if (threads > 0) {
                common.addAll(List.of("--threads", Integer.toString(threads)));
            }
            List<String> decode = new ArrayList<>(common);
            decode.addAll(List.of("--output", decoded.toString(), "--decode"));
            List<String> causal = new ArrayList<>(common);
            causal.addAll(List.of("--output", forward.toString(), "--causal"));
            Run r = run(decode.toArray(String[]::new));
            assertEquals(0, r.code(), r.err());
            assertTrue(r.out().contains("decoded token by token"), r.out());
            assertEquals(0, run(causal.toArray(String[]::new)).code());
            try (SafeTensorsFile d = SafeTensorsFile.open(decoded); SafeTensorsFile f = SafeTensorsFile.open(forward)) {
                assertEquals(List.copyOf(f.names()), List.copyOf(d.names()));
                assertTrue(maxAbsDiff(f.tensor("output"), d.tensor("output")) <= 1e-5f);
                assertTrue(maxAbsDiff(f.tensor("attention_weights"), d.tensor("attention_weights")) <= 1e-5f);
                assertEquals("true", d.metadata().get("causal"));
                if (Boolean.parseBoolean(expected.metadata().get("causal"))) {
                    assertTrue(maxAbsDiff(expected.tensor("expected.output"), d.tensor("output")) <= 1e-4f);
                    assertTrue(maxAbsDiff(expected.tensor("expected.attention_weights"),
                            d.tensor("attention_weights")) <= 1e-4f);
                }
            }
        }
        Path[] cross = split("seed_cross_attention");
        Run refused = run("attention", "--weights", cross[0].toString(), "--inputs", cross[1].toString(), "--output",
                dir.resolve("never.safetensors").toString(), "--heads", "3", "--decode");
        assertEquals(2, refused.code());
        assertTrue(refused.err().contains("--decode runs causal self-attention on query alone"), refused.err());
        assertFalse(Files.exists(dir.resolve("never.safetensors")));
    }

    @Test
    void noWeightsWritesOnlyTheOutput() throws IOException {
        Path[] files = split("pt_self_attention");
        Path output = dir.resolve("out.safetensors");
        Run r = run("attention", "--weights", files[0].toString(), "--inputs", files[1].toString(), "--output",
                output.toString(), "--heads", "4", "--no-weights", "--threads", "1");
        assertEquals(0, r.code(), r.err());
        try (SafeTensorsFile result = SafeTensorsFile.open(output)) {
            assertEquals(List.of("output"), List.copyOf(result.names()));
            assertArrayEquals(new int[] {3, 11, 16}, result.tensor("output").shape());
        }
    }

    /** Every one of these must exit 2 with exactly one line on stderr, naming the problem, and write nothing. */
    @Test
    void badArgumentsAndFilesExitTwoWithOneLine() throws IOException {
        Path[] ok = split("pt_self_attention");
        Path[] cross = split("seed_cross_attention");
        String w = ok[0].toString();
        String x = ok[1].toString();
        Path out = dir.resolve("never.safetensors");
        String o = out.toString();
        Path garbage = Files.writeString(dir.resolve("garbage.safetensors"), "this is not a safetensors file at all");
        Path wrongMask;
        Path kvMismatch;
        Path onlyKey;
        Path noQuery;
        try (Arena arena = Arena.ofConfined(); SafeTensorsFile f = SafeTensorsFile.open(ok[1])) {
            Tensor q = f.tensor("query"); // [3, 11, 16]
            wrongMask = dir.resolve("mask.safetensors");
            SafeTensorsWriter.write(wrongMask, Map.of("query", q, "attn_mask", Tensor.allocate(arena, 11, 10)), Map.of());
            kvMismatch = dir.resolve("kv.safetensors");
            SafeTensorsWriter.write(kvMismatch, Map.of("query", q, "key", Tensor.allocate(arena, 3, 5, 16),
                    "value", Tensor.allocate(arena, 3, 6, 16)), Map.of());
            onlyKey = dir.resolve("onlykey.safetensors");
            SafeTensorsWriter.write(onlyKey, Map.of("query", q, "key", Tensor.allocate(arena, 3, 5, 16)), Map.of());
            noQuery = dir.resolve("noquery.safetensors");
            SafeTensorsWriter.write(noQuery, Map.of("key", q), Map.of());
        }
        Object[][] cases = {
                {new String[] {"frobnicate"}, "unknown command"},
                {new String[] {"attention", "--weights", w, "--inputs", x, "--output", o, "--heads", "4", "--bogus"}, "unknown option --bogus"},
                {new String[] {"attention", "--weights", w, "--inputs", x, "--output", o, "--heads"}, "Missing required parameter for option '--heads'"},
                {new String[] {"attention", "--weights", w, "--inputs", x, "--output", o}, "Missing required option: '--heads"},
                {new String[] {"attention", "--inputs", x, "--output", o, "--heads", "4"}, "Missing required option: '--weights"},
                {new String[] {"attention", "--weights", w, "--inputs", x, "--output", o, "--heads", "four"}, "'four' is not an int"},
                {new String[] {"attention", "--weights", w, "--inputs", x, "--output", o, "--heads", "0"}, "between 1"},
                {new String[] {"attention", "--weights", w, "--inputs", x, "--output", o, "--heads", "3"}, "d_model must be divisible by num_heads"},
                {new String[] {"attention", "--weights", w, "--inputs", x, "--output", o, "--heads", "4", "--heads", "2"}, "should be specified only once"},
                {new String[] {"attention", "--weights", dir.resolve("missing.safetensors").toString(), "--inputs", x, "--output", o, "--heads", "4"}, "does not exist"},
                {new String[] {"attention", "--weights", garbage.toString(), "--inputs", x, "--output", o, "--heads", "4"}, "garbage.safetensors"},
                {new String[] {"attention", "--weights", w, "--inputs", noQuery.toString(), "--output", o, "--heads", "4"}, "no tensor 'query'"},
                {new String[] {"attention", "--weights", w, "--inputs", onlyKey.toString(), "--output", o, "--heads", "4"}, "without 'value'"},
                {new String[] {"attention", "--weights", w, "--inputs", wrongMask.toString(), "--output", o, "--heads", "4"}, "attn_mask must be [11, 11]"},
                {new String[] {"attention", "--weights", w, "--inputs", kvMismatch.toString(), "--output", o, "--heads", "4"}, "same length"},
                {new String[] {"attention", "--weights", w, "--inputs", x, "--output", o, "--heads", "4", "--prefix", "nope."}, "no attention weights under prefix 'nope.'"},
                {new String[] {"attention", "--weights", cross[0].toString(), "--inputs", x, "--output", o, "--heads", "4"}, "d_model 12"},
                {new String[] {"attention", "--weights", w, "--inputs", x, "--output", dir.toString(), "--heads", "4"}, "is a directory"},
                {new String[] {"attention", "--weights", w, "--inputs", x, "--output", o, "--heads", "4", "--threads", "-1"}, "--threads"},
        };
        for (Object[] c : cases) {
            String[] args = (String[]) c[0];
            Run r = run(args);
            String what = String.join(" ", args);
            assertEquals(2, r.code(), what + " -> " + r.err());
            String err = r.err().strip();
            assertFalse(err.contains("\n"), "one line only for: " + what + "\n" + err);
            assertFalse(err.contains("\tat "), "no stack trace for: " + what);
            assertTrue(err.contains((String) c[1]), "'" + err + "' should say '" + c[1] + "' for: " + what);
            assertFalse(Files.exists(out), "nothing written for: " + what);
        }
    }
}
