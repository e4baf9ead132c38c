package io.github.ffmblas.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ffmblas bench-decode} runs end to end on tiny sizes (seconds, no timing asserted): the three decoders agree
 * on the step's output, and the report has a row per group; bad options exit 2 naming the option.
 */
class BenchDecodeCommandTest {
    @TempDir
    Path dir;

    @Test
    void aQuickRunWritesARowPerGroupAndTheDecodersAgree() throws Exception {
        CommandRun r = CommandRun.run("bench-decode", "--quick", "--lengths", "8,40", "--models", "32x4",
                "--threads", "1,2", "--out", dir.toString());
        assertEquals(0, r.code(), r.err() + r.out());
        List<String> csv = Files.readAllLines(dir.resolve("results.csv"));
        assertEquals(5, csv.size(), String.join("\n", csv));
        for (String row : csv.subList(1, csv.size())) {
            String[] f = row.split(",");
            assertTrue(Double.parseDouble(f[13]) < 1e-4, "step vs forward: " + row);
            assertTrue(Double.parseDouble(f[14]) < 1e-4, "step vs ONNX Runtime: " + row);
        }
        assertTrue(Files.readString(dir.resolve("report.md")).contains("| 32x4 | 40 | 2 |"));
    }

    /** {@code bench --decode} is the same suite: its options pass through; bench's own typos are still refused. */
    @Test
    void benchDecodeIsTheSameSuite() throws Exception {
        CommandRun r = CommandRun.run("bench", "--decode", "--quick", "--lengths", "8", "--models", "32x4",
                "--threads", "1", "--impls", "ffmblas,forward", "--out", dir.toString());
        assertEquals(0, r.code(), r.err() + r.out());
        assertEquals(2, Files.readAllLines(dir.resolve("results.csv")).size());
        r = CommandRun.run("bench", "--decode", "--models", "30x4");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("--models"), r.err());
        r = CommandRun.run("bench", "--lengths", "8");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("unknown option --lengths"), r.err());
        r = CommandRun.run("bench", "--decode", "--blas");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("drop --blas"), r.err());
    }

    @Test
    void badOptionsExitTwoNamingTheOption() {
        CommandRun r = CommandRun.run("bench-decode", "--models", "30x4");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("--models"), r.err());
        r = CommandRun.run("bench-decode", "--lengths", "1");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("--lengths"), r.err());
        r = CommandRun.run("bench-decode", "--impls", "pytorch");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("--impls"), r.err());
    }
}
