package io.github.ffmblas.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bench-netlib} through the command line: a tiny run writes its three files; bad options exit 2. */
class BenchNetlibCommandTest {
    @TempDir
    Path dir;

    /**
     * In a JVM of its own, as the command runs: netlib loads its JNI library once per JVM, from the path the
     * comparison sets first, which another test in this JVM may have loaded (or failed to) already.
     */
    @Test
    void aTinyRunWritesItsFiles() throws Exception {
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "--add-modules=jdk.incubator.vector",
                "-cp", System.getProperty("java.class.path"), "io.github.ffmblas.cli.Main",
                "bench-netlib", "--sizes", "4", "--routines", "ddot,dgemm", "--rounds", "2", "--batch-ms", "2",
                "--warmup-ms", "5", "--out", dir.toString());
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(p.waitFor(5, java.util.concurrent.TimeUnit.MINUTES), "bench-netlib did not finish");
        assertEquals(0, p.exitValue(), output);
        String csv = Files.readString(dir.resolve("results.csv"));
        for (String impl : List.of("FfmBLAS", "JNIBLAS", "VectorBLAS", "F2jBLAS", "raw")) {
            assertTrue(csv.contains("ddot,4," + impl + ",") && csv.contains("dgemm,4," + impl + ","), csv);
        }
        assertTrue(Files.readString(dir.resolve("environment.txt")).contains("libopenblas"));
        String ratios = Files.readString(dir.resolve("ratios.md"));
        assertTrue(ratios.contains("| FfmBLAS/raw | JNIBLAS/raw |"), ratios);
        assertTrue(output.contains("FfmBLAS/raw "), output);
    }

    @Test
    void badOptionsAreUsageErrors() {
        for (List<String> args : List.of(List.of("--routines", "cgemm"), List.of("--sizes", "0"),
                List.of("--sizes", "x"), List.of("--rounds", "0"), List.of("--bogus"))) {
            String[] line = new String[args.size() + 1];
            line[0] = "bench-netlib";
            for (int i = 0; i < args.size(); i++) {
                line[i + 1] = args.get(i);
            }
            CommandRun r = CommandRun.run(line);
            assertEquals(2, r.code(), args + ": " + r.err());
            assertTrue(r.err().startsWith("ffmblas bench-netlib: "), r.err());
        }
    }
}
