package io.github.ffmblas.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ffmblas.bench.blas.BlasSuite;
import io.github.ffmblas.bench.impl.CHarnessImplementation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bench --blas} end to end at tiny sizes and the quick budget: every routine, size and path is in the JSON. */
class BenchBlasCommandTest {

    @Test
    void everyRoutineAndPathIsCheckedTimedAndWritten(@TempDir Path dir) throws Exception {
        CommandRun r = CommandRun.run("bench", "--blas", "--quick", "--sizes", "2,5", "--out", dir.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("kernel: "), r.out());
        assertTrue(r.out().contains("OpenBLAS on 1 thread on every path"), r.out());
        JsonNode root = new ObjectMapper().readTree(dir.resolve("results.json").toFile());
        assertEquals("blas", root.get("suite").asText());
        assertEquals(1, root.get("threads").asInt());
        assertTrue(root.get("environment").has("openblas_core"));
        List<String> paths = List.of("ffmblas", "ffmblas-heap", "raw", "raw-heap", "jni", "java", "c");
        List<String> heapPaths = List.of("ffmblas-heap", "raw-heap", "java");
        Map<String, JsonNode> byKey = new HashMap<>();
        for (JsonNode row : root.get("results")) {
            assertNull(byKey.put(row.get("routine").asText() + "/" + row.get("n").asInt() + "/"
                    + row.get("path").asText(), row), "a repeated row: " + row);
        }
        boolean haveCompiler = CHarnessImplementation.compiler().isPresent();
        List<String> routines = BlasSuite.routines();
        for (String routine : List.of("sdot", "ddot", "saxpy", "daxpy", "snrm2", "dnrm2", "isamax", "idamax", "sgemv",
                "dgemv", "sger", "dger", "strsv", "dtrsv", "sgemm", "dgemm", "ssyrk", "dsyrk", "strsm", "dtrsm",
                "zgemm")) {
            assertTrue(routines.contains(routine), routine);
        }
        assertEquals(routines.size() * 2 * paths.size(), byKey.size());
        for (String routine : routines) {
            for (int n : List.of(2, 5)) {
                for (String path : paths) {
                    JsonNode row = byKey.get(routine + "/" + n + "/" + path);
                    assertNotNull(row, routine + " n=" + n + " " + path + " is missing");
                    String status = row.get("status").asText();
                    boolean unsupported = path.equals("java") && routine.equals("zgemm")
                            || path.equals("c") && !haveCompiler;
                    assertEquals(unsupported ? "unsupported" : "ok", status, row.toString());
                    if (status.equals("ok")) {
                        assertTrue(row.get("median_ns").asDouble() > 0, row.toString());
                        assertTrue(row.get("ratio_to_ffmblas").asDouble() > 0, row.toString());
                        assertTrue(row.get("ratio_to_floor").asDouble() > 0, row.toString());
                        assertTrue(row.get("floor_ratio_q1").asDouble() <= row.get("ratio_to_floor").asDouble()
                                && row.get("ratio_to_floor").asDouble() <= row.get("floor_ratio_q3").asDouble(),
                                row.toString());
                        assertTrue(row.get("rounds").asInt() >= BlasSuite.Budget.QUICK.minRounds(), row.toString());
                    } else {
                        assertTrue(row.get("median_ns").isNull(), row.toString());
                    }
                    if (path.equals("ffmblas")) {
                        assertEquals(1.0, row.get("ratio_to_ffmblas").asDouble(), 1e-12, row.toString());
                    }
                    assertEquals(heapPaths.contains(path) ? "raw-heap" : "raw", row.get("floor").asText(),
                            row.toString());
                    if (path.equals("raw") || path.equals("raw-heap")) {
                        assertEquals(1.0, row.get("ratio_to_floor").asDouble(), 1e-12, row.toString());
                    }
                }
            }
        }
        String report = Files.readString(dir.resolve("report.md"));
        assertTrue(report.contains("## ffmblas / jni and ffmblas / c"), report);
        assertTrue(report.contains("## the raw floor: ffmblas / raw, ffmblas-heap / raw-heap, jni / raw"), report);
        assertTrue(report.contains("| sdot | ffmblas-heap / raw-heap |"), report);
        assertTrue(report.contains("| n | ffmblas / raw | ffmblas-heap / raw-heap | raw / raw |"), report);
        assertTrue(root.get("warmup").isEmpty(), "no warm-up figures unless asked for");
        assertTrue(!report.contains("## warm-up"), report);
        assertTrue(r.out().contains("median per-round ratio to the raw floor"), r.out());
        assertTrue(report.contains("## zgemm (level 3, complex double)"), report);
        assertTrue(report.contains("`./ffmblas bench --blas --quick --sizes 2,5 --out "), "the command as run: " + report);
    }

    /** {@code --warmup-report}: one figure per path of each routine, at the smallest size, in all three reports. */
    @Test
    void theWarmupReportHasAFigurePerPath(@TempDir Path dir) throws Exception {
        CommandRun r = CommandRun.run("bench", "--blas", "--quick", "--routines", "daxpy", "--sizes", "16,4",
                "--warmup-report", "--out", dir.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("daxpy warm-up at n=4"), r.out());
        JsonNode root = new ObjectMapper().readTree(dir.resolve("results.json").toFile());
        List<String> paths = List.of("ffmblas", "ffmblas-heap", "raw", "raw-heap", "jni", "java", "c");
        assertEquals(paths.size(), root.get("warmup").size(), root.get("warmup").toString());
        boolean haveCompiler = CHarnessImplementation.compiler().isPresent();
        for (int i = 0; i < paths.size(); i++) {
            JsonNode f = root.get("warmup").get(i);
            assertEquals(paths.get(i), f.get("path").asText());
            assertEquals(4, f.get("n").asInt());
            if (paths.get(i).equals("c") && !haveCompiler) {
                assertEquals("unsupported", f.get("status").asText(), f.toString());
                continue;
            }
            assertEquals("ok", f.get("status").asText(), f.toString());
            assertTrue(f.get("batches").asInt() >= 8 && f.get("calls").asLong() >= f.get("batches").asInt(),
                    f.toString());
            assertTrue(f.get("first_call_ns").asDouble() > 0 && f.get("steady_ns").asDouble() > 0, f.toString());
            assertTrue(f.get("first_second_cost").asDouble() > 0, f.toString());
            assertTrue(f.has("calls_to_reach") && f.has("calls_to_steady"), f.toString());
        }
        assertTrue(Files.readString(dir.resolve("report.md")).contains("## warm-up"));
    }

    @Test
    void blasFlagsAreUsageErrors() {
        assertEquals(2, CommandRun.run("bench", "--warmup-report").code(), "--warmup-report without --blas");
        assertEquals(2, CommandRun.run("bench", "--blas", "--shapes", "1,8,8,16,2").code());
        assertEquals(2, CommandRun.run("bench", "--blas", "--impls", "native").code());
        assertEquals(2, CommandRun.run("bench", "--sizes", "8").code(), "--sizes without --blas");
        assertEquals(2, CommandRun.run("bench", "--blas", "--routines", "sgemm,cgemm").code());
        assertEquals(2, CommandRun.run("bench", "--blas", "--sizes", "0").code());
        assertEquals(2, CommandRun.run("bench", "--blas", "--blas").code());
    }
}
