package io.github.ffmblas.attention;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** See {@link WorkspaceReachabilityProbe}: a temporary team workspace outlives the forward it is passed to. */
class WorkspaceReachabilityTest {

    @TempDir
    Path dir;

    @Test
    void aTemporaryTeamWorkspaceIsNotCollectedDuringItsForward() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(List.of(java, "--enable-native-access=ALL-UNNAMED",
                "--add-modules=jdk.incubator.vector", "-XX:-CreateCoredumpOnCrash", "-cp",
                System.getProperty("java.class.path"), WorkspaceReachabilityProbe.class.getName()))
                .redirectErrorStream(true).redirectOutput(dir.resolve("out.txt").toFile()).start();
        boolean finished = p.waitFor(3, TimeUnit.MINUTES); // output to a file: a hung child cannot block a read
        if (!finished) {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        String output = Files.readString(dir.resolve("out.txt"));
        assertTrue(finished, "probe timed out:\n" + output);
        assertEquals(0, p.exitValue(), output);
        assertEquals(5, output.lines().filter(l -> l.equals("kept")).count(), output);
    }
}
