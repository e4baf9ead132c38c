package io.github.ffmblas.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Runs the README's example as a user would, in a JVM of its own: on the class path, and on the module path
 * (ffmblas's modules and Jackson's as modules, OpenBLAS's jar, which only carries the library file, on the class
 * path) with native access granted to ffmblas's modules by name. Each run must match PyTorch and print no
 * warning. And the README must show this very code.
 */
class ExampleTest {
    private static final Path ROOT = Path.of("../..").toAbsolutePath().normalize();
    private static final Pattern RESULT = Pattern.compile(
            "output \\[2, 48, 128], attention weights \\[2, 8, 48, 48], max \\|difference\\| from PyTorch: (\\S+), (\\S+)");

    @Test
    void runsOnTheClassPath() throws Exception {
        check(run(List.of("--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                Example.class.getName())));
    }

    @Test
    void runsOnTheModulePath() throws Exception {
        List<String> modules = new ArrayList<>();
        List<String> classes = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            String name = Path.of(entry).getFileName().toString();
            if (name.startsWith("openblas-")) {
                classes.add(entry);
            } else if (name.startsWith("ffmblas-") || name.startsWith("jackson-") || entry.endsWith("classes")
                    && !entry.endsWith("test-classes")) {
                modules.add(entry);
            }
        }
        assertTrue(modules.size() >= 5, "modules found: " + modules);
        assertFalse(classes.isEmpty(), "the OpenBLAS jar is not on the test class path");
        String output = run(List.of(
                "--enable-native-access=io.github.ffmblas.nativelib,io.github.ffmblas.bindings,io.github.ffmblas.attention",
                "--module-path", String.join(File.pathSeparator, modules),
                "-cp", String.join(File.pathSeparator, classes),
                "-m", "io.github.ffmblas.example/" + Example.class.getName()));
        check(output);
    }

    @Test
    void readmeShowsThisCode() throws IOException {
        String source = Files.readString(Path.of("src/main/java/io/github/ffmblas/example/Example.java"));
        String snippet = source.substring(source.indexOf("// README begin"), source.indexOf("// README end"));
        String readme = Files.readString(ROOT.resolve("README.md"));
        int at = 0;
        for (String line : snippet.lines().skip(1).map(String::strip).filter(l -> !l.isEmpty()).toList()) {
            String code = line.replaceAll("\\s+//.*$", "").replace("dir.resolve(\"", "Path.of(\"examples/");
            int found = readme.indexOf(code, at);
            assertTrue(found >= 0, "README.md does not show, in order, the example line: " + code);
            at = found + code.length();
        }
    }

    private static void check(String output) {
        Matcher m = RESULT.matcher(output);
        assertTrue(m.find(), output);
        assertTrue(Double.parseDouble(m.group(1)) < 1e-5, output);
        assertTrue(Double.parseDouble(m.group(2)) < 1e-5, output);
        assertFalse(output.contains("WARNING"), "the example printed a warning:\n" + output);
    }

    private static String run(List<String> arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(arguments);
        command.add(ROOT.resolve("examples").toString());
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), "the example did not finish");
        assertEquals(0, process.exitValue(), String.join(" ", command) + "\n" + output);
        return output;
    }
}
