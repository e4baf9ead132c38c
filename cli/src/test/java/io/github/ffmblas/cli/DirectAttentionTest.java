package io.github.ffmblas.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The hand parser of {@code attention} takes only lines picocli reads alike, and reads them alike. */
class DirectAttentionTest {
    private static final List<String> REQUIRED =
            List.of("--weights", "w.safetensors", "--inputs", "x.safetensors", "--output", "y.safetensors", "--heads", "8");

    @Test
    void takesTheUsualLinesAndReadsThemAsPicocliDoes() {
        List<List<String>> lines = List.of(
                REQUIRED,
                concat(REQUIRED, "--prefix", "encoder.layers.0.self_attn.", "--causal"),
                concat(REQUIRED, "--causal", "--no-weights", "--threads", "2"),
                List.of("--causal", "--heads", "0", "--output", "out/y.safetensors", "--prefix", "p.", "--inputs",
                        "/abs/x.safetensors", "--weights", "./w.safetensors"),
                List.of("--weights=w.safetensors", "--inputs=x", "--output=a=b", "--heads=16", "--prefix=q.",
                        "--threads=256"),
                concat(REQUIRED, "--threads", "999999999", "--prefix", "has space."),
                List.of("--weights", "help", "--inputs", "attention", "--output", "info", "--heads", "1"));
        for (List<String> line : lines) {
            AttentionCommand direct = DirectAttention.parse(withCommand(line));
            assertNotNull(direct, line.toString());
            assertEquals(picocli(line), direct.toString(), line.toString());
        }
    }

    @Test
    void leavesEverythingElseToPicocli() {
        List<List<String>> lines = List.of(
                List.of(),
                REQUIRED.subList(0, 6),                              // --heads missing
                concat(REQUIRED, "--heads", "4"),                    // twice
                concat(REQUIRED, "--causal", "--causal"),
                concat(REQUIRED, "--causal=true"),
                concat(REQUIRED, "--help"),
                concat(REQUIRED, "-h"),
                concat(REQUIRED, "-V"),
                concat(REQUIRED, "--bogus"),
                concat(REQUIRED, "extra"),
                concat(REQUIRED, "--prefix"),                        // no value
                concat(REQUIRED, "--prefix", "--causal"),            // an option where a value should be
                concat(REQUIRED, "--prefix", ""),
                concat(REQUIRED, "--prefix="),
                concat(REQUIRED, "--prefix", "@args.txt"),          // picocli's argument file
                concat(REQUIRED, "--threads", "-1"),
                concat(REQUIRED, "--threads", "+2"),
                concat(REQUIRED, "--threads", "08"),
                concat(REQUIRED, "--threads", "0x10"),
                concat(REQUIRED, "--threads", "1234567890"),
                concat(REQUIRED, "--threads", "two"),
                concat(REQUIRED, "--"),
                concat(REQUIRED, "--output", "y\0.safetensors"));
        for (List<String> line : lines) {
            assertNull(DirectAttention.parse(withCommand(line)), line.toString());
        }
        assertNull(DirectAttention.parse(new String[0]));
        assertNull(DirectAttention.parse(concat(List.of("info"), REQUIRED.toArray(String[]::new)).toArray(String[]::new)));
    }

    private static String picocli(List<String> line) {
        CommandLine cli = new CommandLine(new AttentionCommand());
        cli.parseArgs(line.toArray(String[]::new));
        return cli.getCommand().toString();
    }

    private static String[] withCommand(List<String> line) {
        return concat(List.of("attention"), line.toArray(String[]::new)).toArray(String[]::new);
    }

    private static List<String> concat(List<String> head, String... tail) {
        List<String> all = new java.util.ArrayList<>(head);
        all.addAll(Arrays.asList(tail));
        return all;
    }
}
