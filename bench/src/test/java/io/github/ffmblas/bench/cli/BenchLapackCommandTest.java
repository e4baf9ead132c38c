package io.github.ffmblas.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bench-lapack} through the command line: a tiny run checks its peers agree and writes its files. */
class BenchLapackCommandTest {
    @TempDir
    Path dir;

    /** In a JVM of its own: netlib loads its JNI library once per JVM, from the path the comparison sets first. */
    @Test
    void aTinyRunWritesItsFiles() throws Exception {
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                "io.github.ffmblas.cli.Main", "bench-lapack", "--sizes", "5", "--routines", "dgesv,sgesdd,dsyevd",
                "--rounds", "2", "--batch-ms", "2", "--warmup-ms", "5", "--out", dir.toString());
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), "bench-lapack did not finish");
        assertEquals(0, p.exitValue(), output);
        String csv = Files.readString(dir.resolve("results.csv"));
        for (String impl : List.of("Lapack", "raw", "FfmLAPACK", "JNILAPACK", "JavaLAPACK")) {
            assertTrue(csv.contains("dgesv,5," + impl + ",") && csv.contains("sgesdd,5," + impl + ","), csv);
        }
        assertTrue(Files.readString(dir.resolve("environment.txt")).contains("libopenblas"));
        assertTrue(Files.readString(dir.resolve("ratios.md")).contains("| Lapack/raw | FfmLAPACK/JNILAPACK |"));
    }

    @Test
    void badOptionsAreUsageErrors() {
        for (List<String> args : List.of(List.of("--routines", "zgesv"), List.of("--sizes", "0"),
                List.of("--rounds", "0"), List.of("--bogus"))) {
            String[] line = new String[args.size() + 1];
            line[0] = "bench-lapack";
            for (int i = 0; i < args.size(); i++) {
                line[i + 1] = args.get(i);
            }
            CommandRun r = CommandRun.run(line);
            assertEquals(2, r.code(), args + ": " + r.err());
            assertTrue(r.err().startsWith("ffmblas bench-lapack: "), r.err());
        }
    }
}
