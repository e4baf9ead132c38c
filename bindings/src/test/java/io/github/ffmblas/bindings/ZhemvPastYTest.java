package io.github.ffmblas.bindings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A valid {@code zhemv} whose y ends at the end of readable memory completes with the right result, on every layout
 * and triangle ({@link ZhemvPastYProbe}, in a child JVM: without the facade's copy, OpenBLAS 0.3.31 reads past y
 * and the process dies, which must never be this one).
 */
class ZhemvPastYTest {
    @TempDir
    Path dir;

    @Test
    void yEndingAtAnInaccessiblePageIsNotReadPast() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(List.of(java, "--enable-native-access=ALL-UNNAMED",
                "-XX:ErrorFile=" + dir.resolve("hs_err_%p.log"), "-XX:-CreateCoredumpOnCrash",
                "-cp", System.getProperty("java.class.path"),
                ZhemvPastYProbe.class.getName())).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("out.txt").toFile()).start();
        boolean finished = p.waitFor(2, TimeUnit.MINUTES); // output to a file: a hung child cannot block a read
        if (!finished) {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        String output = Files.readString(dir.resolve("out.txt"));
        assertTrue(finished, "probe timed out:\n" + output);
        assertFalse(output.contains("SIGSEGV"), output);
        assertEquals(0, p.exitValue(), output);
        assertEquals(16, output.lines().filter(l -> l.startsWith("ok ")).count(), output);
        try (var files = Files.list(dir)) {
            assertTrue(files.noneMatch(f -> f.getFileName().toString().startsWith("hs_err")), output);
        }
    }
}
