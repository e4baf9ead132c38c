package io.github.ffmblas.bindings;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the facade does differently because of bugs in OpenBLAS 0.3.31, each reproduced in plain C first
 * (native/src/test/c) and each named where it is guarded.
 */
final class Quirks {
    /**
     * OpenBLAS 0.3.31 built with DYNAMIC_ARCH crashes (SIGSEGV, a null small-matrix kernel) in
     * {@code cblas_sgemm_batch[_strided]} whenever M*N*K is at or below this. Fixed upstream after 0.3.31
     * (OpenBLAS PR #5980). Reproduced in native/src/test/c/sgemm_batch_small_crash.c.
     */
    static final long SMALL_BATCH_CRASH_LIMIT = 1_000_000L;
    private static final int[] FIRST_FIXED_VERSION = {0, 3, 32};
    private static final Pattern VERSION_PATTERN = Pattern.compile("OpenBLAS\\s+(\\d+)\\.(\\d+)\\.(\\d+)");

    private Quirks() {}

    /** Whether this OpenBLAS version has the small-batch fix. */
    static boolean smallBatchFixed(String version) {
        return atLeast(version, FIRST_FIXED_VERSION);
    }

    /**
     * The increment to pass to {@code cblas_?scal}. OpenBLAS, like reference BLAS, returns without scaling anything
     * when incx < 0. Scaling touches the same elements whichever way the vector runs, so pass |incx| (any increment
     * will do for a single element).
     */
    static int scalIncrement(String routine, int n, int incx) {
        return n == 1 ? 1 : Checks.fitsInt(routine, "|incx|", Math.abs((long) incx));
    }

    static String parseVersion(String config) {
        Matcher m = VERSION_PATTERN.matcher(config);
        return m.find() ? m.group(1) + "." + m.group(2) + "." + m.group(3) : "unknown";
    }

    static boolean atLeast(String version, int[] minimum) {
        Matcher m = Pattern.compile("(\\d+)\\.(\\d+)\\.(\\d+)").matcher(version);
        if (!m.matches()) {
            return false;
        }
        for (int i = 0; i < 3; i++) {
            int part = Integer.parseInt(m.group(i + 1));
            if (part != minimum[i]) {
                return part > minimum[i];
            }
        }
        return true;
    }
}
