package io.github.ffmblas.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchCommandTest {

    @Test
    void writesTheThreeFilesWithTheDocumentedSchema(@TempDir Path dir) throws Exception {
        Path extra = dir.resolve("copy.json");
        CommandRun r = CommandRun.run("bench", "--quick", "--shapes", "1,8,8,16,2", "--sgemm", "16,7x33x5", "--threads", "1",
                "--impls", "java-reference", "--out", dir.toString(), "--json", extra.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("openblas_config"), r.out());
        assertTrue(r.out().contains("attention B=1 Lq=8 Lk=8 d=16 H=2, 1 thread"), r.out());
        assertTrue(r.out().contains("sgemm m=7 n=33 k=5, 1 thread"), r.out());
        JsonNode root = new ObjectMapper().readTree(dir.resolve("results.json").toFile());
        assertTrue(root.get("environment").has("openblas_core"));
        JsonNode results = root.get("results");
        assertEquals(6, results.size(), "native and java-reference on three problems");
        for (JsonNode row : results) {
            for (String field : List.of("kind", "impl", "batch", "query_len", "key_len", "d_model", "heads", "m", "n", "k",
                    "threads", "median_ms", "p90_ms", "gflops", "max_abs_diff")) {
                assertTrue(row.has(field), "missing " + field + " in " + row);
            }
            assertTrue(row.get("median_ms").isNumber(), row.toString());
            if (row.get("kind").asText().equals("sgemm")) {
                int m = row.get("m").asInt(), n = row.get("n").asInt(), k = row.get("k").asInt();
                assertTrue(row.get("heads").isNull() && (m == 16 && n == 16 && k == 16 || m == 7 && n == 33 && k == 5),
                        row.toString());
                assertTrue(row.get("max_abs_diff").asDouble() < 1e-4, "java-reference agrees with OpenBLAS: " + row);
            } else {
                assertTrue(row.get("n").isNull() && row.get("m").isNull() && row.get("heads").asInt() == 2,
                        row.toString());
            }
        }
        assertTrue(Files.readString(dir.resolve("report.md")).contains("| native |"));
        assertTrue(Files.size(dir.resolve("chart.png")) > 1000);
        assertTrue(Files.exists(extra));
    }

    @Test
    void badFlagsAreUsageErrors() {
        assertEquals(2, CommandRun.run("bench", "--shapes", "1,2,3").code());
        assertEquals(2, CommandRun.run("bench", "--shapes", "1,8,8,10,3").code(), "H must divide d");
        assertEquals(2, CommandRun.run("bench", "--impls", "cuda").code());
        assertEquals(2, CommandRun.run("bench", "--threads", "0").code());
        assertEquals(2, CommandRun.run("bench", "--shapes", "none", "--sgemm", "none").code());
        for (String sgemm : List.of("7x33", "7x33x5x2", "0x4x4", "4xx4", "8x8x-1", "40000", "8x8x", "x", "32768x32768x1",
                "9000")) {
            CommandRun r = CommandRun.run("bench", "--shapes", "none", "--sgemm", sgemm);
            assertEquals(2, r.code(), sgemm + ": " + r.err());
            assertTrue(r.err().contains("--sgemm"), sgemm + ": " + r.err());
        }
    }
}
