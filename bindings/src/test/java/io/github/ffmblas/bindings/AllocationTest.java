package io.github.ffmblas.bindings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** A checked BLAS call allocates no heap once compiled, whatever its operands' shapes (the JDK's per-thread count). */
class AllocationTest {

    @Test
    void compiledCallsAllocateNothing() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(List.of(java, "--enable-native-access=ALL-UNNAMED", "-cp",
                System.getProperty("java.class.path"), AllocationProbe.class.getName()))
                .redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(3, TimeUnit.MINUTES), "probe timed out");
        assertEquals(0, p.exitValue(), output);
        Matcher m = Pattern.compile("(\\S+) bytes=([0-9.]+)").matcher(output);
        int routines = 0;
        while (m.find()) {
            routines++;
            double bytes = Double.parseDouble(m.group(2));
            System.out.println("heap bytes per compiled call, " + m.group(1) + ": " + bytes);
            assertTrue(bytes < AllocationProbe.LIMIT,
                    m.group(1) + " allocated " + bytes + " bytes per call:\n" + output);
        }
        assertEquals(11, routines, output);
    }
}
