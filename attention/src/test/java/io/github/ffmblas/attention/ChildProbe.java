package io.github.ffmblas.attention;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A probe's {@code main} in a JVM of its own (the allocation probes: a fresh JIT, no other test's garbage), with the
 * Vector API and native access as the benchmark runs, this test JVM's class path, and the given system properties;
 * its output once it exited 0.
 */
final class ChildProbe {
    private ChildProbe() {}

    static String run(Class<?> probe, List<String> properties, String... args) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(java, "--enable-native-access=ALL-UNNAMED",
                "--add-modules=jdk.incubator.vector"));
        command.addAll(properties);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), probe.getName()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(3, TimeUnit.MINUTES), "probe timed out");
        assertEquals(0, p.exitValue(), output);
        return output;
    }
}
