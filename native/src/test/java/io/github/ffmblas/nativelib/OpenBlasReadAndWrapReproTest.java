package io.github.ffmblas.nativelib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Builds the reproducers of two OpenBLAS 0.3.31 bugs the facade works around (src/test/c) against the OpenBLAS
 * this JVM loads, and shows each, in child processes. When one stops failing, the library is fixed and its guard
 * (Quirks.zhemvReadsPastY, Quirks.batchOffsetsFitInt in bindings) may be relaxed for its version.
 */
class OpenBlasReadAndWrapReproTest {
    @TempDir
    Path tmp;

    @Test
    void zhemvReadsPastTheEndOfY() throws Exception {
        CProgram repro = CProgram.compile("openblas_zhemv_reads_past_y", tmp, "-O1");
        CProgram.Run roomy = repro.run("3", "16");
        assertEquals(0, roomy.exitCode(), roomy.output());
        assertTrue(roomy.output().contains("\nok"), roomy.output());
        for (String[] args : new String[][] {{"4", "0"}, {"3", "0", "R", "U"}, {"3", "0", "C", "L"}}) {
            CProgram.Run safe = repro.run(args);
            assertEquals(0, safe.exitCode(), String.join(" ", args) + ":\n" + safe.output());
        }
        CProgram.Run tight = repro.run("3", "0");
        // 128 + SIGSEGV (11) as Process reports a signal death
        assertTrue(tight.exitCode() > 128, "expected death by a signal (139 for SIGSEGV): this OpenBLAS may be "
                + "fixed, so the zhemv guard may be relaxed for its version; exit " + tight.exitCode() + ":\n"
                + tight.output());
        assertTrue(tight.output().startsWith("config=OpenBLAS 0.3.31"), tight.output());
    }

    @Test
    void batchItemOffsetsWrapAt2To31Floats() throws Exception {
        CProgram repro = CProgram.compile("openblas_batch_stride_wrap", tmp, "-O1");
        CProgram.Run below = repro.run("1073741823");
        assumeTrue(below.exitCode() != 2, "no 16 GiB reservation here:\n" + below.output());
        assertEquals(0, below.exitCode(), below.output());
        assertTrue(below.output().contains("\nok"), below.output());
        CProgram.Run at = repro.run("1073741824");
        assertEquals(1, at.exitCode(), "expected item 2 in the wrong place: this OpenBLAS may be fixed, so the"
                + " batch stride guard may be relaxed for its version:\n" + at.output());
        assertTrue(at.output().contains("wrapped: 101 written 8 GiB before C"), at.output());
    }
}
