package io.github.ffmblas.bench.jmh;

import io.github.ffmblas.bench.impl.JavaCppOpenBlas;
import io.github.ffmblas.bench.impl.SegmentFloatPointer;
import io.github.ffmblas.bindings.Blas;
import io.github.ffmblas.bindings.Layout;
import io.github.ffmblas.bindings.Transpose;
import io.github.ffmblas.bindings.cblas.cblas_h;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.bytedeco.javacpp.FloatPointer;
import org.bytedeco.openblas.global.openblas_nolapack;
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
 * One row-major {@code C = A·B} (alpha 1, beta 0, no transposes) through three call paths into the same
 * OpenBLAS 0.3.31 build:
 * <ul>
 *   <li>{@code native}: ffmblas's facade, {@link Blas#sgemm} (every argument checked, then an FFM downcall);</li>
 *   <li>{@code ffm-raw}: the generated binding {@code cblas_h.cblas_sgemm} with no checks: the difference to
 *       {@code native} is what the facade's checks cost;</li>
 *   <li>{@code jni}: JavaCPP's presets, {@code openblas_nolapack.cblas_sgemm}, on the same native memory
 *       (JavaCPP's own copy of the library, the same file; see {@link JavaCppOpenBlas}).</li>
 * </ul>
 * {@code n} is a square size ({@code "256"}) or an {@code "MxNxK"} shape: the attention ones are the scores
 * {@code Q·Kᵀ} of one head ({@code 128x128x64}), {@code P·V} ({@code 128x64x128}), the fused QKV projection of
 * 128 tokens at d=768 ({@code 128x2304x768}) and a longer sequence's scores ({@code 512x512x64}). Each
 * parameter combination runs in its own fork, so only one implementation's thread pool is active at a time.
 * The C peer cannot run under JMH: see {@code CHarnessMain}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "--add-modules=jdk.incubator.vector"})
@State(Scope.Thread)
public class SgemmBenchmark {

    /**
     * A square size n, or MxNxK. Not "M,N,K": JMH's {@code -p n=a,b} splits values at commas, so a comma shape
     * could not be picked from the command line ({@code -p n=64,128x2304x768} works).
     */
    @Param({"16", "32", "64", "128", "256", "512", "1024", "128x128x64", "128x64x128", "128x2304x768", "512x512x64"})
    public String n;

    @Param({"native", "ffm-raw", "jni"})
    public String impl;

    @Param({"1", "2"})
    public int threads;

    private static final int NATIVE = 0;
    private static final int FFM_RAW = 1;
    private static final int JNI = 2;

    private Arena arena;
    /** {@link #impl} as a number: the measured method switches on an int, not a string. */
    private int path;
    private int m;
    private int cols;
    private int k;
    private MemorySegment a;
    private MemorySegment b;
    private MemorySegment c;
    private FloatPointer pa;
    private FloatPointer pb;
    private FloatPointer pc;

    @Setup(Level.Trial)
    public void setUp() {
        int[] shape = parseShape(n);
        m = shape[0];
        cols = shape[1];
        k = shape[2];
        arena = Arena.ofConfined();
        Random random = new Random(42);
        a = random(arena, random, (long) m * k);
        b = random(arena, random, (long) k * cols);
        c = arena.allocate((long) m * cols * Float.BYTES, 64);
        path = switch (impl) {
            case "native" -> NATIVE;
            case "ffm-raw" -> FFM_RAW;
            case "jni" -> JNI;
            default -> throw new IllegalArgumentException("impl must be native, ffm-raw or jni, got " + impl);
        };
        if (path == JNI) {
            JavaCppOpenBlas.setNumThreads(threads);
            pa = new SegmentFloatPointer(a);
            pb = new SegmentFloatPointer(b);
            pc = new SegmentFloatPointer(c);
        } else {
            Blas.setNumThreads(threads);
        }
    }

    /** {@code "256"} is {@code {256, 256, 256}}; {@code "128x2304x768"} (or {@code "128,2304,768"}) is M, N, K. */
    static int[] parseShape(String shape) {
        String[] parts = shape.split("[x,]");
        if (parts.length == 1) {
            int size = Integer.parseInt(parts[0].strip());
            return new int[] {size, size, size};
        }
        if (parts.length != 3) {
            throw new IllegalArgumentException("n must be a size or MxNxK, got '" + shape + "'");
        }
        return new int[] {Integer.parseInt(parts[0].strip()), Integer.parseInt(parts[1].strip()),
                Integer.parseInt(parts[2].strip())};
    }

    private static MemorySegment random(Arena arena, Random random, long count) {
        MemorySegment s = arena.allocate(count * Float.BYTES, 64);
        for (long i = 0; i < count; i++) {
            s.setAtIndex(ValueLayout.JAVA_FLOAT, i, (float) random.nextGaussian());
        }
        return s;
    }

    @Benchmark
    public MemorySegment sgemm() {
        switch (path) {
            case NATIVE -> Blas.sgemm(Layout.ROW_MAJOR, Transpose.NO_TRANSPOSE, Transpose.NO_TRANSPOSE, m, cols, k,
                    1f, a, 0, k, b, 0, cols, 0f, c, 0, cols);
            case FFM_RAW -> cblas_h.cblas_sgemm(cblas_h.CblasRowMajor(), cblas_h.CblasNoTrans(),
                    cblas_h.CblasNoTrans(), m, cols, k, 1f, a, k, b, cols, 0f, c, cols);
            default -> openblas_nolapack.cblas_sgemm(openblas_nolapack.CblasRowMajor, openblas_nolapack.CblasNoTrans,
                    openblas_nolapack.CblasNoTrans, m, cols, k, 1f, pa, k, pb, cols, 0f, pc, cols);
        }
        return c;
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        arena.close();
    }
}
