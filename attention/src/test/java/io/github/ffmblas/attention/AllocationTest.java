package io.github.ffmblas.attention;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A steady-state forward allocates no native memory and next to no heap (the JDK's per-thread counter). */
class AllocationTest {

    @ParameterizedTest(name = "needWeights={0} threads={1} masks={2}")
    @CsvSource({"false,1,false", "true,1,false", "false,2,false", "true,2,false", "false,1,true", "true,2,true"})
    void steadyStateForwardAllocatesNoNativeMemoryAndLittleHeap(boolean needWeights, int threads, boolean masks)
            throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(List.of(java, "--enable-native-access=ALL-UNNAMED",
                "--add-modules=jdk.incubator.vector", "-Dmasks=" + masks, "-cp", System.getProperty("java.class.path"),
                AllocationProbe.class.getName(), Boolean.toString(needWeights), Integer.toString(threads)))
                .redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(3, TimeUnit.MINUTES), "probe timed out");
        assertEquals(0, p.exitValue(), output);
        Matcher m = Pattern.compile("bytes=(\\d+) nativeAllocations=(\\d+)").matcher(output);
        assertTrue(m.find(), output);
        long bytes = Long.parseLong(m.group(1));
        System.out.println("heap allocated per steady-state forward (needWeights=" + needWeights + ", threads="
                + threads + ", masks=" + masks + "): " + bytes + " bytes");
        assertEquals(0, Integer.parseInt(m.group(2)), "no new native memory in steady state");
        // 32 bytes here: the shape record; the pass keeps offsets, not views, and the facade's slices are
        // scalar-replaced because it calls the downcall handles itself (before that, a forward took ~2 KB whenever
        // the JIT declined to inline the generated wrapper). The issue asks for <= 256; this holds it to half.
        assertTrue(bytes <= 128, "a steady-state forward allocated " + bytes + " bytes of heap");
    }
}
