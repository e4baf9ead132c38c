package io.github.ffmblas.onednn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.ffmblas.attention.PackedGemm;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A steady-state forward on oneDNN, and on the packed kernel with the heads on oneDNN ({@code Backend.PACKED_AVX2}),
 * allocates no more heap than one on OpenBLAS: at most 64 bytes.
 */
class OneDnnAllocationTest {
    private static final long LIMIT = 64;

    @ParameterizedTest(name = "{0} thread(s), {1}")
    @CsvSource({"1, onednn", "2, onednn", "1, packed", "2, packed"})
    void aSteadyStateForwardAllocatesAtMost64Bytes(int threads, String backend) throws Exception {
        assumeTrue(backend.equals("onednn") || PackedGemm.unavailable() == null, PackedGemm.unavailable());
        // As in the attention module's AllocationTest: a JVM above the limit is followed by a second, and the lesser
        // counts, since on a loaded machine a JVM's JIT may not reach the compiled forward within the probe's rounds.
        long first = probe(threads, backend);
        long bytes = first <= LIMIT ? first : Math.min(first, probe(threads, backend));
        System.out.println("heap allocated per steady-state forward on " + backend + " at B=1 L=64 d=128 H=8, " + threads
                + " thread(s): " + bytes + " bytes" + (bytes == first ? "" : " (a first JVM: " + first + ")"));
        assertTrue(bytes <= LIMIT, "a steady-state forward allocated " + bytes + " bytes of heap");
    }

    /** The probe's bytes per forward, in a JVM of its own. */
    private static long probe(int threads, String backend) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(List.of(java, "--enable-native-access=ALL-UNNAMED", "-cp",
                System.getProperty("java.class.path"), OneDnnAllocationProbe.class.getName(), Integer.toString(threads), backend))
                .redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(3, TimeUnit.MINUTES), "probe timed out");
        assertEquals(0, p.exitValue(), output);
        Matcher m = Pattern.compile("bytes=(\\d+)").matcher(output);
        assertTrue(m.find(), output);
        return Long.parseLong(m.group(1));
    }
}
