package io.github.ffmblas.bench.jmh;

import io.github.ffmblas.attention.Gemm;
import io.github.ffmblas.bench.SgemmProblem;
import io.github.ffmblas.bench.Workload;
import io.github.ffmblas.javagemm.VectorGemm;
import io.github.ffmblas.bindings.Blas;
import io.github.ffmblas.bindings.Transpose;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The pure-Java {@link VectorGemm}: C = A·B, square {@code n x n}, alpha 1, beta 0, the sgemm problem of the
 * comparison. GFLOP/s = 2n³ / time. Run with {@code ./ffmblas jmh JavaVectorSgemm}; add
 * {@code -p impl=java-vector,native} to measure OpenBLAS ({@link Gemm#NATIVE}) on the same inputs in the same run.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "--add-modules=jdk.incubator.vector"})
@State(Scope.Thread)
public class JavaVectorSgemmBenchmark {

    @Param({"64", "256", "1024"})
    public int n;

    @Param({"1", "2"})
    public int threads;

    /** {@code java-vector} (VectorGemm) or {@code native} (OpenBLAS, as the baseline). */
    @Param({"java-vector"})
    public String impl;

    private Workload workload;
    private Arena arena;
    private VectorGemm vector;
    private Gemm gemm;
    private MemorySegment a;
    private MemorySegment b;
    private MemorySegment c;

    @Setup(Level.Trial)
    public void setUp() {
        workload = Workload.of(new SgemmProblem(n), 42);
        arena = Arena.ofShared();
        switch (impl) {
            case "java-vector" -> gemm = vector = new VectorGemm(threads);
            case "native" -> {
                Blas.setNumThreads(threads);
                gemm = Gemm.NATIVE;
            }
            default -> throw new IllegalArgumentException("impl must be java-vector or native, got " + impl);
        }
        a = workload.a();
        b = workload.b();
        c = arena.allocate((long) n * n * Float.BYTES, 64);
    }

    @Benchmark
    public MemorySegment sgemm() {
        gemm.multiply(Transpose.NO_TRANSPOSE, n, n, n, 1f, a, 0, n, b, 0, n, 0f, c, 0, n);
        return c;
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        if (vector != null) {
            vector.close();
        }
        arena.close();
        workload.close();
    }
}
