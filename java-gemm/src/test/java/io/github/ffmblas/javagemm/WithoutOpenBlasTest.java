package io.github.ffmblas.javagemm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ffmblas.attention.AttentionOptions;
import io.github.ffmblas.attention.AttentionWeights;
import io.github.ffmblas.attention.MultiHeadAttention;
import io.github.ffmblas.attention.ReferenceMultiHeadAttention;
import io.github.ffmblas.attention.Tensor;
import io.github.ffmblas.attention.Workspace;
import io.github.ffmblas.bindings.Transpose;
import io.github.ffmblas.nativelib.OpenBlasLibrary;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * VectorGemm is the fallback where OpenBLAS cannot load: in a JVM pointed at a library file that does not exist,
 * a product (with its checks) and a whole attention forward on VectorGemm run and match the plain-Java reference,
 * and only touching the facade itself fails.
 */
class WithoutOpenBlasTest {

    @Test
    void productsAndAttentionRunWhereOpenBlasCannotLoad() throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("--enable-native-access=ALL-UNNAMED");
        command.add("--add-modules=jdk.incubator.vector");
        command.add("-D" + OpenBlasLibrary.PATH_PROPERTY + "=/nonexistent/libopenblas.so.0");
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(Child.class.getName());
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), "the child JVM did not finish");
        assertEquals(0, process.exitValue(), output);
        assertTrue(output.contains("product ok") && output.contains("attention ok")
                && output.contains("facade refused: "), output);
    }

    /** Runs in the child JVM; exits non-zero on any difference. */
    public static final class Child {
        public static void main(String[] args) {
            try (Arena arena = Arena.ofConfined(); VectorGemm gemm = new VectorGemm(1)) {
                int m = 7, n = 33, k = 5;
                Random random = new Random(3);
                float[] a = new float[m * k];
                float[] b = new float[k * n];
                for (int i = 0; i < a.length; i++) {
                    a[i] = (float) random.nextGaussian();
                }
                for (int i = 0; i < b.length; i++) {
                    b[i] = (float) random.nextGaussian();
                }
                MemorySegment c = arena.allocate((long) m * n * Float.BYTES, 64);
                gemm.multiply(Transpose.NO_TRANSPOSE, m, n, k, 1f, arena.allocateFrom(ValueLayout.JAVA_FLOAT, a), 0,
                        k, arena.allocateFrom(ValueLayout.JAVA_FLOAT, b), 0, n, 0f, c, 0, n);
                for (int i = 0; i < m; i++) {
                    for (int j = 0; j < n; j++) {
                        double sum = 0;
                        for (int p = 0; p < k; p++) {
                            sum += (double) a[i * k + p] * b[p * n + j];
                        }
                        float got = c.getAtIndex(ValueLayout.JAVA_FLOAT, (long) i * n + j);
                        if (Math.abs(got - sum) > 1e-4) {
                            throw new AssertionError("C[" + i + "," + j + "] = " + got + ", expected " + sum);
                        }
                    }
                }
                System.out.println("product ok");

                int d = 16, heads = 4, l = 7;
                Tensor query = Gaussian.tensor(arena, random, 1f, 1, l, d);
                AttentionWeights weights = AttentionWeights.ofPyTorch(Gaussian.tensor(arena, random, 0.3f, 3 * d, d),
                        Gaussian.tensor(arena, random, 0.3f, 3 * d), Gaussian.tensor(arena, random, 0.3f, d, d),
                        Gaussian.tensor(arena, random, 0.3f, d));
                AttentionOptions options = AttentionOptions.DEFAULTS.withNeedWeights(false);
                float[] expected = new ReferenceMultiHeadAttention(d, heads, weights)
                        .forward(query, query, query, options).output().toFloatArray();
                Tensor actual = Tensor.allocate(arena, 1, l, d);
                try (Workspace workspace = Workspace.create()) {
                    new MultiHeadAttention(d, heads, weights, gemm)
                            .forward(query, query, query, options, workspace, actual, null);
                }
                float[] got = actual.toFloatArray();
                for (int i = 0; i < got.length; i++) {
                    if (!(Math.abs(got[i] - expected[i]) <= 1e-4f)) {
                        throw new AssertionError("output[" + i + "] = " + got[i] + ", reference " + expected[i]);
                    }
                }
                System.out.println("attention ok");
            }
            try {
                Class.forName("io.github.ffmblas.bindings.Blas", true, Child.class.getClassLoader());
                throw new AssertionError("OpenBLAS loaded although its path does not exist");
            } catch (ClassNotFoundException e) {
                throw new AssertionError(e);
            } catch (ExceptionInInitializerError e) {
                System.out.println("facade refused: " + e.getCause());
            }
        }

    }
}
