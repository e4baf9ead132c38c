package io.github.ffmblas.bindings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * No public {@link Blas} routine touches a byte outside the segments the facade accepted: every case of
 * {@link GuardPageSweepProbe}, each operand exactly as long as the facade demands with an inaccessible page at
 * either end, completes. The probe runs in a child JVM because a failure is a SIGSEGV; the message then names the
 * case it was running.
 */
class GuardPageSweepTest {
    @TempDir
    Path dir;

    @Test
    void noRoutineTouchesMemoryOutsideWhatTheFacadeAccepted() throws Exception {
        sweep(GuardPageSweepProbe.class, "guard-page sweep");
    }

    /** The same for every LAPACK routine of {@link Lapack} ({@link LapackGuardPageSweepProbe}). */
    @Test
    void noLapackRoutineTouchesMemoryOutsideWhatTheFacadeAccepted() throws Exception {
        sweep(LapackGuardPageSweepProbe.class, "LAPACK guard-page sweep");
    }

    private void sweep(Class<?> probe, String title) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Path out = dir.resolve("out.txt");
        Process p = new ProcessBuilder(List.of(java, "--enable-native-access=ALL-UNNAMED",
                "-XX:ErrorFile=" + dir.resolve("hs_err_%p.log"), "-XX:-CreateCoredumpOnCrash",
                "-cp", System.getProperty("java.class.path"), probe.getName()))
                .directory(dir.toFile()).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        boolean finished = p.waitFor(5, TimeUnit.MINUTES);
        if (!finished) {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        List<String> lines = Files.readAllLines(out);
        List<String> runs = lines.stream().filter(l -> l.startsWith("RUN ")).toList();
        // The whole output is a line per case: a failure shows the case that was running and all else printed.
        String lastCase = runs.isEmpty() ? "none" : runs.getLast().substring("RUN ".length());
        String report = "last case started: " + lastCase + "\n"
                + String.join("\n", lines.stream().filter(l -> !l.startsWith("RUN ")).toList());
        assertTrue(finished, "the probe did not finish in 5 minutes; " + report);
        try (var files = Files.list(dir)) {
            assertTrue(files.noneMatch(f -> f.getFileName().toString().startsWith("hs_err")), "a crash log; " + report);
        }
        assertEquals(0, p.exitValue(), report);
        String done = lines.stream().filter(l -> l.startsWith("DONE ")).findFirst()
                .orElseThrow(() -> new AssertionError("no DONE line; " + report));
        System.out.println(title + ": " + done);
        assertTrue(done.startsWith("DONE " + runs.size() + " cases"), "cases run and counted differ; " + report);
    }
}
