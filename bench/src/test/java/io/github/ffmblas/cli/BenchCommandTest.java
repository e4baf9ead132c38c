package io.github.ffmblas.cli;

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
        MainTest.Run r = MainTest.run("bench", "--quick", "--shapes", "1,8,8,16,2", "--sgemm", "16", "--threads", "1",
                "--impls", "java-reference", "--out", dir.toString(), "--json", extra.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("openblas_config"), r.out());
        assertTrue(r.out().contains("attention B=1 Lq=8 Lk=8 d=16 H=2, 1 thread"), r.out());
        JsonNode root = new ObjectMapper().readTree(dir.resolve("results.json").toFile());
        assertTrue(root.get("environment").has("openblas_core"));
        JsonNode results = root.get("results");
        assertEquals(4, results.size(), "native and java-reference on two problems");
        for (JsonNode row : results) {
            for (String field : List.of("kind", "impl", "batch", "query_len", "key_len", "d_model", "heads", "n",
                    "threads", "median_ms", "p90_ms", "gflops", "max_abs_diff")) {
                assertTrue(row.has(field), "missing " + field + " in " + row);
            }
            assertTrue(row.get("median_ms").isNumber(), row.toString());
            if (row.get("kind").asText().equals("sgemm")) {
                assertTrue(row.get("heads").isNull() && row.get("n").asInt() == 16, row.toString());
            } else {
                assertTrue(row.get("n").isNull() && row.get("heads").asInt() == 2, row.toString());
            }
        }
        assertTrue(Files.readString(dir.resolve("report.md")).contains("| native |"));
        assertTrue(Files.size(dir.resolve("chart.png")) > 1000);
        assertTrue(Files.exists(extra));
    }

    @Test
    void badFlagsAreUsageErrors() {
        assertEquals(2, MainTest.run("bench", "--shapes", "1,2,3").code());
        assertEquals(2, MainTest.run("bench", "--shapes", "1,8,8,10,3").code(), "H must divide d");
        assertEquals(2, MainTest.run("bench", "--impls", "cuda").code());
        assertEquals(2, MainTest.run("bench", "--threads", "0").code());
        assertEquals(2, MainTest.run("bench", "--shapes", "none", "--sgemm", "none").code());
    }
}
