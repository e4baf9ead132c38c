package io.github.ffmblas.attention.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The SIMD softmax loops against the plain-Java ones, at lengths around the vector width: this JVM's width, and
 * in child JVMs 4 and 8 floats (where the CPU has wider vectors), as on SSE/NEON and AVX2 machines.
 */
class RowKernelTest {
    private static final boolean MODULE = ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();

    private static RowKernel[] kernels() {
        return MODULE ? new RowKernel[] {new ScalarRowKernel(), new VectorRowKernel()}
                : new RowKernel[] {new ScalarRowKernel()};
    }

    /** The checks below in a JVM of its own: {@code -XX:MaxVectorSize} narrows the vector kernel there. */
    public static void main(String[] args) {
        RowKernel vector = new VectorRowKernel();
        vectorMatchesScalar(vector);
        hideSetsExactlyTheFlaggedFloats(kernels());
        zeroClearsExactlyTheRange(kernels());
        aNaNLogitTurnsTheRowNaNAndAHiddenRowStaysHidden(vector);
        System.out.println("checked: " + vector.description());
    }

    @ParameterizedTest(name = "MaxVectorSize={0}")
    @ValueSource(ints = {16, 32})
    void narrowerVectorsGiveTheSameResults(int maxVectorBytes) throws Exception {
        if (!MODULE) {
            return;
        }
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(List.of(java, "--add-modules=jdk.incubator.vector",
                "-XX:MaxVectorSize=" + maxVectorBytes, "-cp", System.getProperty("java.class.path"),
                RowKernelTest.class.getName())).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(2, TimeUnit.MINUTES), "child JVM timed out");
        assertEquals(0, p.exitValue(), output);
        // At most that width: a CPU whose vectors are narrower still gives its own.
        Matcher m = Pattern.compile("checked: Vector API, (\\d+)-bit").matcher(output);
        assertTrue(m.find(), output);
        assertTrue(Integer.parseInt(m.group(1)) <= maxVectorBytes * Byte.SIZE, output);
    }

    @Test
    void theVectorKernelIsChosenWhenTheModuleIsPresent() {
        assertEquals(MODULE, RowKernel.INSTANCE instanceof VectorRowKernel, RowKernel.INSTANCE.description()
                + " / " + RowKernel.Choice.fallbackReason());
    }

    @Test
    void vectorMatchesScalar() {
        if (MODULE) { // else nothing to compare: only the plain kernel can run in this JVM
            vectorMatchesScalar(new VectorRowKernel());
        }
    }

    static void vectorMatchesScalar(RowKernel vector) {
        RowKernel scalar = new ScalarRowKernel();
        Random random = new Random(12);
        try (Arena arena = Arena.ofConfined()) {
            for (int n : new int[] {1, 7, 8, 15, 16, 17, 31, 33, 63, 64, 65, 127, 128, 130, 1000, 2048}) {
                MemorySegment a = arena.allocate((n + 3L) * Float.BYTES, 64);
                for (int i = 0; i < n + 3; i++) {
                    a.setAtIndex(ValueLayout.JAVA_FLOAT, i, random.nextFloat() < 0.1f ? Float.NEGATIVE_INFINITY
                            : (float) random.nextGaussian() * 5);
                }
                long offset = Float.BYTES; // an unaligned start for the vector loads
                MemorySegment b = arena.allocate(a.byteSize(), 64);
                b.copyFrom(a);
                float max = scalar.max(a, offset, n);
                assertEquals(max, vector.max(b, offset, n), "max, n=" + n);
                float expected = scalar.expAndSum(a, offset, n, max);
                float actual = vector.expAndSum(b, offset, n, max);
                assertEquals(expected, actual, Math.abs(expected) * 1e-5f, "sum, n=" + n);
                scalar.scale(a, offset, n, 1 / expected);
                vector.scale(b, offset, n, 1 / expected);
                for (int i = 0; i < n + 3; i++) {
                    float x = a.getAtIndex(ValueLayout.JAVA_FLOAT, i);
                    float y = b.getAtIndex(ValueLayout.JAVA_FLOAT, i);
                    assertTrue(x == y || Math.abs(x - y) <= 1e-6f + 1e-5f * Math.abs(x), "element " + i + " of n=" + n + ": " + x + " vs " + y);
                }
                assertEquals(a.getAtIndex(ValueLayout.JAVA_FLOAT, 0), b.getAtIndex(ValueLayout.JAVA_FLOAT, 0), "before the row untouched");
            }
        }
    }

    /** Both kernels against the definition: flagged floats become -inf, the others and the neighbours keep their bits. */
    @Test
    void hideSetsExactlyTheFlaggedFloatsToMinusInfinity() {
        hideSetsExactlyTheFlaggedFloats(kernels());
    }

    static void hideSetsExactlyTheFlaggedFloats(RowKernel... kernels) {
        Random random = new Random(14);
        try (Arena arena = Arena.ofConfined()) {
            for (RowKernel kernel : kernels) {
                for (int n : new int[] {1, 7, 8, 15, 16, 17, 33, 64, 65, 130, 1000}) {
                    for (double share : new double[] {0, 0.3, 1}) {
                        MemorySegment row = arena.allocate((n + 2L) * Float.BYTES, 64);
                        MemorySegment flags = arena.allocate(n + 3L, 64);
                        float[] before = new float[n + 2];
                        for (int i = 0; i < n + 2; i++) {
                            before[i] = random.nextInt(20) == 0 ? Float.NaN : (float) random.nextGaussian();
                            row.setAtIndex(ValueLayout.JAVA_FLOAT, i, before[i]);
                        }
                        byte[] flag = new byte[n];
                        for (int j = 0; j < n; j++) { // any non-zero byte hides, not only 1
                            flag[j] = random.nextDouble() < share ? (byte) (1 + random.nextInt(255)) : 0;
                            flags.set(ValueLayout.JAVA_BYTE, 3 + j, flag[j]);
                        }
                        // Unaligned starts for both the floats and the flags.
                        kernel.hide(row, Float.BYTES, n, flags, 3);
                        for (int i = 0; i < n + 2; i++) {
                            boolean hidden = i >= 1 && i <= n && flag[i - 1] != 0;
                            float expected = hidden ? Float.NEGATIVE_INFINITY : before[i];
                            float actual = row.getAtIndex(ValueLayout.JAVA_FLOAT, i);
                            assertEquals(Float.floatToRawIntBits(expected), Float.floatToRawIntBits(actual),
                                    kernel.description() + ", n=" + n + ", float " + i + ": " + actual);
                        }
                    }
                }
            }
        }
    }

    @Test
    void zeroClearsExactlyTheRange() {
        zeroClearsExactlyTheRange(kernels());
    }

    static void zeroClearsExactlyTheRange(RowKernel... kernels) {
        try (Arena arena = Arena.ofConfined()) {
            for (RowKernel kernel : kernels) {
                for (int n : new int[] {0, 1, 7, 16, 17, 33, 130}) {
                    MemorySegment row = arena.allocate((n + 2L) * Float.BYTES, 64);
                    for (int i = 0; i < n + 2; i++) {
                        row.setAtIndex(ValueLayout.JAVA_FLOAT, i, i % 3 == 0 ? Float.NaN : -1f - i);
                    }
                    kernel.zero(row, Float.BYTES, n);
                    for (int i = 0; i < n + 2; i++) {
                        float expected = i >= 1 && i <= n ? 0f : i % 3 == 0 ? Float.NaN : -1f - i;
                        assertEquals(Float.floatToRawIntBits(expected),
                                Float.floatToRawIntBits(row.getAtIndex(ValueLayout.JAVA_FLOAT, i)),
                                kernel.description() + ", n=" + n + ", float " + i);
                    }
                }
            }
        }
    }

    @Test
    void aNaNLogitTurnsTheRowNaNAndAHiddenRowStaysHidden() {
        if (MODULE) {
            aNaNLogitTurnsTheRowNaNAndAHiddenRowStaysHidden(new VectorRowKernel());
        }
    }

    static void aNaNLogitTurnsTheRowNaNAndAHiddenRowStaysHidden(RowKernel vector) {
        Random random = new Random(13);
        try (Arena arena = Arena.ofConfined()) {
            for (int n : new int[] {1, 17, 64, 65, 130, 2048}) {
                MemorySegment row = arena.allocate((long) n * Float.BYTES, 64);
                for (int nan = 0; nan < n; nan += Math.max(1, n / 5)) {
                    for (boolean hidden : new boolean[] {false, true}) {
                        for (int i = 0; i < n; i++) {
                            row.setAtIndex(ValueLayout.JAVA_FLOAT, i, hidden ? Float.NEGATIVE_INFINITY
                                    : (float) random.nextGaussian() * 5);
                        }
                        row.setAtIndex(ValueLayout.JAVA_FLOAT, nan, Float.NaN);
                        float max = vector.max(row, 0, n);
                        String where = "n=" + n + ", NaN at " + nan + (hidden ? " among -inf" : "");
                        assertTrue(max != Float.NEGATIVE_INFINITY, where + ": max " + max + " would hide the row");
                        assertTrue(Float.isNaN(vector.expAndSum(row, 0, n, max)), where);
                    }
                }
                for (int i = 0; i < n; i++) {
                    row.setAtIndex(ValueLayout.JAVA_FLOAT, i, Float.NEGATIVE_INFINITY);
                }
                assertEquals(Float.NEGATIVE_INFINITY, vector.max(row, 0, n), "all hidden, n=" + n);
                for (boolean withNaN : new boolean[] {false, true}) { // +inf - +inf is NaN, as with Math.max
                    for (int i = 0; i < n; i++) {
                        row.setAtIndex(ValueLayout.JAVA_FLOAT, i, (float) random.nextGaussian());
                    }
                    row.setAtIndex(ValueLayout.JAVA_FLOAT, n / 2, Float.POSITIVE_INFINITY);
                    if (withNaN && n > 1) {
                        row.setAtIndex(ValueLayout.JAVA_FLOAT, n - 1, Float.NaN);
                    }
                    float max = vector.max(row, 0, n);
                    assertTrue(Float.isNaN(vector.expAndSum(row, 0, n, max)), "+inf" + (withNaN ? " and NaN" : "")
                            + " in a row of " + n + ": max " + max);
                }
            }
        }
    }
}
