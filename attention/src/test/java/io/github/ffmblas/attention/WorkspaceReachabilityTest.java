package io.github.ffmblas.attention;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** See {@link WorkspaceReachabilityProbe}: a temporary team workspace outlives the forward it is passed to. */
class WorkspaceReachabilityTest {

    @Test
    void aTemporaryTeamWorkspaceIsNotCollectedDuringItsForward() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(List.of(java, "--enable-native-access=ALL-UNNAMED",
                "--add-modules=jdk.incubator.vector", "-XX:-CreateCoredumpOnCrash", "-cp",
                System.getProperty("java.class.path"), WorkspaceReachabilityProbe.class.getName()))
                .redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(3, TimeUnit.MINUTES), "probe timed out:\n" + output);
        assertEquals(0, p.exitValue(), output);
        assertEquals(5, output.lines().filter(l -> l.equals("kept")).count(), output);
    }
}
