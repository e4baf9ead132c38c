package io.github.ffmblas.attention;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A steady-state forward allocates no native memory and next to no heap (the JDK's per-thread counter). */
class AllocationTest {

    @ParameterizedTest(name = "needWeights={0}")
    @ValueSource(booleans = {false, true})
    void steadyStateForwardAllocatesNoNativeMemoryAndLittleHeap(boolean needWeights) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(List.of(java, "--enable-native-access=ALL-UNNAMED",
                "--add-modules=jdk.incubator.vector", "-cp", System.getProperty("java.class.path"),
                AllocationProbe.class.getName(), Boolean.toString(needWeights)))
                .redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(3, TimeUnit.MINUTES), "probe timed out");
        assertEquals(0, p.exitValue(), output);
        Matcher m = Pattern.compile("bytes=(\\d+) nativeAllocations=(\\d+)").matcher(output);
        assertTrue(m.find(), output);
        long bytes = Long.parseLong(m.group(1));
        System.out.println("heap allocated per steady-state forward (needWeights=" + needWeights + "): " + bytes + " bytes");
        assertEquals(0, Integer.parseInt(m.group(2)), "no new native memory in steady state");
        // Typically 32-192 bytes; when the JIT happens not to inline a BLAS call into its caller, the segment
        // slices handed to the downcall are not scalar-replaced and a forward costs ~2 KB. Either is "next to no
        // heap" for a call doing dozens of GEMMs; JMH -prof gc gives the figure per benchmark.
        assertTrue(bytes <= 4096, "a steady-state forward allocated " + bytes + " bytes of heap");
    }
}
