package io.github.ffmblas.onednn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A steady-state forward on oneDNN allocates no more heap than one on OpenBLAS: at most 64 bytes. */
class OneDnnAllocationTest {
    private static final long LIMIT = 64;

    @ParameterizedTest(name = "{0} thread(s)")
    @ValueSource(ints = {1, 2})
    void aSteadyStateForwardAllocatesAtMost64Bytes(int threads) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(List.of(java, "--enable-native-access=ALL-UNNAMED", "-cp",
                System.getProperty("java.class.path"), OneDnnAllocationProbe.class.getName(), Integer.toString(threads)))
                .redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(3, TimeUnit.MINUTES), "probe timed out");
        assertEquals(0, p.exitValue(), output);
        Matcher m = Pattern.compile("bytes=(\\d+)").matcher(output);
        assertTrue(m.find(), output);
        long bytes = Long.parseLong(m.group(1));
        System.out.println("heap allocated per steady-state forward on oneDNN at B=1 L=64 d=128 H=8, " + threads
                + " thread(s): " + bytes + " bytes");
        assertTrue(bytes <= LIMIT, "a steady-state forward allocated " + bytes + " bytes of heap");
    }
}
