package io.github.ffmblas.nativelib;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** Starts {@link LoadProbe} in a fresh JVM on the test class path, and collects what it printed. */
final class ChildJvm {
    /** Generous for a JVM start plus one extraction on two busy cores; a hung child fails the test. */
    static final long TIMEOUT_SECONDS = 120;

    private final Process process;
    private final Path log;

    private ChildJvm(Process process, Path log) {
        this.process = process;
        this.log = log;
    }

    /** Starts a child; {@code log} receives its stdout and stderr. */
    static ChildJvm start(Path log, List<String> jvmOptions, String... probeArgs) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(javaBinary());
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(OpenBlasLibrary.NATIVE_ACCESS_FLAG);
        command.add("-XX:TieredStopAtLevel=1"); // short-lived: start fast
        command.add("-XX:+UseSerialGC");
        command.addAll(jvmOptions);
        command.add(LoadProbe.class.getName());
        command.addAll(List.of(probeArgs));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        // The child must resolve from what the test passes, not from a library path set for this JVM.
        // (OPENBLAS_* variables are inherited untouched.)
        Map<String, String> env = builder.environment();
        env.remove(OpenBlasLibrary.PATH_ENV);
        env.remove(OpenBlasLibrary.CACHE_ENV);
        return new ChildJvm(builder.start(), log);
    }

    /** Waits for the child (killing it after the timeout) and returns its exit code and output. */
    Result await() throws IOException, InterruptedException {
        if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            throw new AssertionError("child JVM did not finish within " + TIMEOUT_SECONDS + " s:\n"
                    + Files.readString(log));
        }
        return new Result(process.exitValue(), Files.readString(log));
    }

    record Result(int exitCode, String output) {
        /** The value printed as {@code key=value} by {@link LoadProbe}. */
        Optional<String> value(String key) {
            return output.lines().filter(l -> l.startsWith(key + "=")).map(l -> l.substring(key.length() + 1))
                    .findFirst();
        }

        String require(String key) {
            return value(key).orElseThrow(() -> new AssertionError("child printed no " + key + ":\n" + output));
        }
    }

    private static String javaBinary() {
        return ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }
}
