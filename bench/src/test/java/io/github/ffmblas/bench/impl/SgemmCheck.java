package io.github.ffmblas.bench.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.ffmblas.bench.Candidate;
import io.github.ffmblas.bench.SgemmProblem;
import io.github.ffmblas.bench.Workload;
import java.lang.foreign.ValueLayout;

/** What the sgemm peers are checked against: the native result, and both against a double-precision product. */
final class SgemmCheck {
    private SgemmCheck() {}

    static Workload workload(int m, int n, int k) {
        return Workload.of(new SgemmProblem(m, n, k), 1000L + m + 7L * n + 31L * k);
    }

    static float[] nativeResult(Workload workload, int threads) throws Exception {
        try (Candidate c = new NativeImplementation().prepare(workload, threads)) {
            c.run();
            return c.result();
        }
    }

    /**
     * Asserts {@code actual} equals {@code expected} (the native C) within float rounding, and that both are
     * A·B: each element within the standard bound {@code n·u·Σ|a||b|} (u = 2^-24, times 4 for slack) of the
     * product computed in double.
     */
    static void assertSameProduct(Workload workload, float[] expected, float[] actual, String label) {
        SgemmProblem problem = workload.sgemm();
        int m = problem.m();
        int n = problem.n();
        int k = problem.k();
        assertEquals((long) m * n, expected.length, label + ": length of native C");
        assertEquals((long) m * n, actual.length, label + ": length of C");
        float[] a = workload.a().asSlice(0, (long) m * k * Float.BYTES).toArray(ValueLayout.JAVA_FLOAT);
        float[] b = workload.b().asSlice(0, (long) k * n * Float.BYTES).toArray(ValueLayout.JAVA_FLOAT);
        double u = Math.scalb(1.0, -24);
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < n; j++) {
                double exact = 0;
                double magnitude = 0;
                for (int t = 0; t < k; t++) {
                    double p = (double) a[i * k + t] * b[t * n + j];
                    exact += p;
                    magnitude += Math.abs(p);
                }
                double bound = 4 * k * u * magnitude + Float.MIN_NORMAL;
                int at = i * n + j;
                if (Math.abs(expected[at] - exact) > bound) {
                    fail(label + ": native C[" + i + "," + j + "]=" + expected[at] + " but A·B=" + exact);
                }
                if (Math.abs(actual[at] - expected[at]) > 2 * bound) {
                    fail(label + ": C[" + i + "," + j + "]=" + actual[at] + " but native gives " + expected[at]
                            + " (bound " + 2 * bound + ")");
                }
            }
        }
    }
}
