package io.github.ffmblas.bench.jmh;

import io.github.ffmblas.bench.impl.JavaCppOpenBlas;
import io.github.ffmblas.bench.impl.SegmentFloatPointer;
import io.github.ffmblas.bindings.Blas;
import io.github.ffmblas.bindings.cblas.cblas_h;
import java.lang.foreign.Arena;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.concurrent.TimeUnit;
import org.bytedeco.javacpp.FloatPointer;
import org.bytedeco.openblas.global.openblas_nolapack;
import org.bytedeco.openblas.presets.openblas_nolapack.MklSetNumThreadsLocal;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What one call into OpenBLAS costs when the call itself does almost nothing.
 * <ul>
 *   <li>{@code ffmGetNumThreads}: the jextract binding {@code cblas_h.openblas_get_num_threads()}, an ordinary
 *       FFM downcall (thread state transition, safepoint poll on return);</li>
 *   <li>{@code ffmCriticalGetNumThreads}: the same function through a handle built with
 *       {@link Linker.Option#critical critical(false)}, which skips the transition: what a leaf call may save;</li>
 *   <li>{@code jniGetNumThreads}: the same function in JavaCPP's copy of the library, called through JNI (a
 *       JavaCPP function pointer, see {@link JavaCppOpenBlas#getNumThreadsCall()});</li>
 *   <li>{@code facadeSdot1}, {@code ffmRawSdot1}, {@code jniSdot1}: the facade's smallest real call,
 *       {@code Blas.sdot} with n=1 (argument checks, then the downcall), against the raw binding
 *       {@code cblas_h.cblas_sdot} and JavaCPP's {@code openblas_nolapack.cblas_sdot} on the same memory.</li>
 * </ul>
 * The same loop in C, for the floor: {@code CHarnessMain downcall} (JMH cannot run C).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "--add-modules=jdk.incubator.vector"})
@State(Scope.Thread)
public class DowncallBenchmark {

    /** Built once from the generated binding's address and descriptor; static final so the JIT can inline it. */
    private static final MethodHandle CRITICAL_GET_NUM_THREADS = criticalGetNumThreads();

    @SuppressWarnings("restricted") // a second downcall handle to a bound symbol, to measure Linker.Option.critical
    private static MethodHandle criticalGetNumThreads() {
        // Loads ffmblas's library (cblas_h alone does not) and pins the FFM bindings to it before JavaCPP loads
        // its own copy of OpenBLAS.
        JavaCppOpenBlas.load();
        return Linker.nativeLinker().downcallHandle(cblas_h.openblas_get_num_threads$address(),
                cblas_h.openblas_get_num_threads$descriptor(), Linker.Option.critical(false));
    }

    private Arena arena;
    private MemorySegment x;
    private MemorySegment y;
    private FloatPointer px;
    private FloatPointer py;
    private MklSetNumThreadsLocal jniGetNumThreads;

    @Setup(Level.Trial)
    public void setUp() {
        if (!JavaCppOpenBlas.ffmBindingsUseFfmblasLibrary()) {
            throw new IllegalStateException("the FFM bindings resolved into JavaCPP's copy of OpenBLAS");
        }
        arena = Arena.ofConfined();
        x = arena.allocate(ValueLayout.JAVA_FLOAT, 1);
        y = arena.allocate(ValueLayout.JAVA_FLOAT, 1);
        x.set(ValueLayout.JAVA_FLOAT, 0, 1.5f);
        y.set(ValueLayout.JAVA_FLOAT, 0, 2f);
        px = new SegmentFloatPointer(x);
        py = new SegmentFloatPointer(y);
        jniGetNumThreads = JavaCppOpenBlas.getNumThreadsCall();
    }

    @Benchmark
    public int ffmGetNumThreads() {
        return cblas_h.openblas_get_num_threads();
    }

    @Benchmark
    public int ffmCriticalGetNumThreads() throws Throwable {
        return (int) CRITICAL_GET_NUM_THREADS.invokeExact();
    }

    @Benchmark
    public int jniGetNumThreads() {
        return jniGetNumThreads.call(0);
    }

    @Benchmark
    public float facadeSdot1() {
        return Blas.sdot(1, x, 0, 1, y, 0, 1);
    }

    @Benchmark
    public float ffmRawSdot1() {
        return cblas_h.cblas_sdot(1, x, 1, y, 1);
    }

    @Benchmark
    public float jniSdot1() {
        return openblas_nolapack.cblas_sdot(1, px, 1, py, 1);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        arena.close();
    }
}
