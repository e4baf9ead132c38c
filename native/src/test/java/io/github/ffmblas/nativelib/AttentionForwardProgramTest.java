package io.github.ffmblas.nativelib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * src/test/c/attention_forward.c is the C ceiling the Java forward's timings are compared with (docs/performance.md,
 * docs/bench/c-forward.txt): its timings only mean something while it computes attention. Its check mode
 * compares its forward with a naive double-precision attention on awkward shapes and tiles; timing runs must
 * print their lines, and a bad argument (d not a multiple of H, a tile that is not a number, a misspelt flag, sizes
 * past int arithmetic, more rows than keys, ld too small) must be refused.
 */
class AttentionForwardProgramTest {
    private static final Pattern CHECK = Pattern.compile(
            "check B=\\d+ L=\\d+ d=\\d+ H=\\d+ group=\\d+ tileRows=\\d+: max \\|difference\\| (\\S+) ok");

    @TempDir
    Path tmp;

    @Test
    void forwardMatchesNaiveAttentionAndTimingRunsReport() throws Exception {
        CProgram program = CProgram.compile("attention_forward", tmp, "-O2");

        CProgram.Run check = program.run("check");
        assertEquals(0, check.exitCode(), check.output());
        long cases = check.output().lines().map(CHECK::matcher).filter(Matcher::matches)
                .peek(m -> assertTrue(Double.parseDouble(m.group(1)) <= 1e-4, m.group()))
                .count();
        assertEquals(6, cases, check.output());

        CProgram.Run timing = program.run("2", "33", "48", "4", "2", "7");
        assertEquals(0, timing.exitCode(), timing.output());
        assertTrue(timing.output().startsWith("OpenBLAS "), timing.output());
        assertTrue(timing.output().contains("B=2 L=33 d=48 H=4 group=4 tileRows=7 softmax=yes"), timing.output());
        assertEquals(4, timing.output().lines().filter(l -> l.startsWith("sgemm n=1024 ")).count(),
                timing.output());

        CProgram.Run logits = program.run("logits", "7", "33", "8", "24");
        assertEquals(0, logits.exitCode(), logits.output());
        assertEquals(3, logits.output().lines().filter(l -> l.startsWith("logits 7 x 33 x 8, ld 24: beta = 0 ")).count(),
                logits.output());

        for (String[] bad : new String[][] {{"1", "33", "48", "5", "2"}, {"1", "33", "48", "4", "2", "x"},
                {"1", "33", "48", "4", "2", "0", "no-sofmax"}, {"1048576", "1048576", "64", "4", "1"},
                {"logits", "34", "33", "8", "24"}, {"logits", "7", "33", "8", "15"}}) {
            CProgram.Run usage = program.run(bad);
            assertEquals(2, usage.exitCode(), String.join(" ", bad) + ":\n" + usage.output());
            assertTrue(usage.output().contains("usage:"), usage.output());
        }
    }
}
