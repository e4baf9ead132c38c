package io.github.ffmblas.nativelib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Builds src/test/c/sgemm_batch_small_crash.c against the OpenBLAS this JVM loads and shows the crash that
 * Blas.SMALL_BATCH_CRASH_LIMIT guards against. Run in child processes: the crash must never hit this JVM.
 */
class SmallBatchCrashReproTest {
    @TempDir
    Path tmp;

    private static boolean ok(CProgram.Run run) {
        return run.output().lines().anyMatch(l -> l.contains(" ok C[0]="));
    }

    @Test
    void smallBatchCrashesOpenBlas0331AndALargerOneDoesNot() throws Exception {
        CProgram repro = CProgram.compile("sgemm_batch_small_crash", tmp, "-O1");
        LoadedLibrary library = CProgram.bundledLibrary();

        CProgram.Run large = repro.run("128", "128", "64", "1");
        assertEquals(0, large.exitCode(), large.output());
        assertTrue(ok(large), large.output());
        assertTrue(large.output().contains("C[0]=64 (expect 64)"), large.output());

        CProgram.Run small = repro.run("130", "130", "33", "1");
        if (small.exitCode() == 0 && ok(small)) {
            fail("cblas_sgemm_batch_strided no longer crashes for M*N*K <= 1,000,000 with "
                    + library.path() + " (" + library.artifactVersion().orElse("?") + "): this library is fixed,"
                    + " so the guard in Blas (SMALL_BATCH_CRASH_LIMIT / batchRoute) may be relaxed for its version.\n"
                    + small.output());
        }
        // 128 + SIGSEGV (11) as Process reports a signal death; any signal would still be a crash.
        assertTrue(small.exitCode() > 128, "expected death by a signal (139 for SIGSEGV), got exit "
                + small.exitCode() + ":\n" + small.output());
        assertTrue(!ok(small), small.output());
        assertTrue(small.output().startsWith("config=OpenBLAS 0.3.31"), small.output());
    }
}
