package io.github.ffmblas.bindings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The JVM exits while threads are inside cblas_sgemm. Without {@link ExitGate} OpenBLAS's unload destructor
 * frees buffers under the running call and the process dies of SIGSEGV, its crash report sometimes hanging
 * (reproduced with OpenBLAS 0.3.31 and 0.3.21, both thread counts, at n = 3072; calls of a few milliseconds,
 * n = 768, did not crash); with it, exit waits for the calls, refuses new ones, and the exit status is the
 * one asked for.
 */
class ExitDuringCallTest {

    @ParameterizedTest(name = "threads={0}")
    @ValueSource(ints = {1, 2})
    void exitWaitsForRunningCallsAndRefusesNewOnes(int threads, @TempDir Path dir) throws Exception {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-XX:ErrorFile=" + dir.resolve("hs_err_%p.log"),
                "-cp", System.getProperty("java.class.path"),
                ExitDuringCallProbe.class.getName(), Integer.toString(threads), "3072"));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(dir.resolve("out.txt").toFile())
                .directory(dir.toFile()).start();
        boolean finished = p.waitFor(120, TimeUnit.SECONDS);
        if (!finished) {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        String out = Files.readString(dir.resolve("out.txt"));
        assertTrue(finished, "the child did not exit:\n" + out);
        assertFalse(out.contains("fatal error"), out);
        try (var files = Files.list(dir)) {
            assertTrue(files.noneMatch(f -> f.getFileName().toString().startsWith("hs_err")), "a crash log: " + out);
        }
        assertEquals(0, p.exitValue(), out);
        assertEquals(threads, out.lines().filter(l -> l.equals("calling")).count(), out);
        // The exit must have met calls in flight, or this test proves nothing.
        int inFlight = out.lines().filter(l -> l.startsWith("exiting, calls in flight: "))
                .mapToInt(l -> Integer.parseInt(l.substring("exiting, calls in flight: ".length()))).findFirst()
                .orElseThrow(() -> new AssertionError("no exit line:\n" + out));
        assertTrue(inFlight >= 1, "no call was running at exit:\n" + out);
    }
}
