package io.github.ffmblas.bindings;

import io.github.ffmblas.bindings.cblas.cblas_h;
import io.github.ffmblas.nativelib.LoadedLibrary;
import io.github.ffmblas.nativelib.OpenBlasLibrary;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The loaded OpenBLAS as a whole: the file, the functions jextract's bindings resolve in it (checked when
 * {@link Blas} initialises), its version and what that means for the quirks, and its thread count.
 */
final class OpenBlasControl {
    static final String BATCH_SYMBOL = "cblas_sgemm_batch_strided";

    private static final LoadedLibrary LIBRARY = OpenBlasLibrary.load();
    /** Whether the library has the batched GEMM entry point; resolving the other symbols checks where they land. */
    static final boolean HAS_NATIVE_BATCH = bindAll();
    /** {@code int f(void)}, the form of OpenBLAS's getters. */
    private static final FunctionDescriptor INT_OF_VOID = FunctionDescriptor.of(cblas_h.C_INT);

    /**
     * {@code openblas_get_num_threads}, made on first use and bound as {@link NativeBatch}'s handles are: alone,
     * since opening a model asks it and nothing else ({@link IntGetters} makes two more handles).
     */
    private static final class NumThreads {
        static final MethodHandle HANDLE = Downcall.plain("openblas_get_num_threads", INT_OF_VOID);
    }

    /**
     * {@code openblas_get_num_procs} and {@code _parallel}, for {@link #runtime()}, made on first use and bound as
     * {@link NativeBatch}'s handles are (a forward calls neither).
     */
    private static final class IntGetters {
        static final MethodHandle NUM_PROCS = Downcall.plain("openblas_get_num_procs", INT_OF_VOID);
        static final MethodHandle PARALLEL = Downcall.plain("openblas_get_parallel", INT_OF_VOID);
    }

    /**
     * Calls an {@code int f(void)} getter. Out here, not in {@link IntGetters}: a static method of that class would
     * initialise it, making its two handles whenever {@link #numThreads} is asked.
     */
    private static int intGetter(MethodHandle getter, String routine) {
        try {
            return (int) getter.invokeExact();
        } catch (Throwable e) {
            throw Downcall.failed(routine, e);
        }
    }
    /** {@code openblas_set_num_threads}, made on first use and bound as {@link NativeBatch}'s handles are. */
    private static final class SetNumThreads {
        static final MethodHandle HANDLE = Downcall.plain("openblas_set_num_threads",
                cblas_h.openblas_set_num_threads$descriptor());
    }
    static final String CONFIG = cblas_h.openblas_get_config().getString(0);
    private static final String VERSION = Quirks.parseVersion(CONFIG);
    static final boolean SMALL_BATCH_FIXED = Quirks.smallBatchFixed(VERSION);

    private OpenBlasControl() {}

    /** Initialises this class (the symbol check of {@link #bindAll}) before any routine runs. */
    static void bind() {
        // nothing else: the static initialiser did the work
    }

    /**
     * Resolves every bound function now and checks that each lands in the file ffmblas loaded. The generated
     * bindings look symbols up lazily through {@link SymbolLookup#loaderLookup()}, which sees every library its
     * class loader has loaded: a second copy of OpenBLAS loaded later (JavaCPP's, in the benchmarks) must not
     * capture a function first called after it. Returns whether the batched GEMM entry point exists.
     */
    private static boolean bindAll() {
        SymbolLookup ours = SymbolLookup.libraryLookup(LIBRARY.path(), Arena.global());
        boolean batch = ours.find(BATCH_SYMBOL).isPresent();
        Map<String, Supplier<MemorySegment>> bound = new LinkedHashMap<>();
        // Only what ffmblas calls through jextract's own handles: every other routine is bound to the file ffmblas
        // loaded by Downcall (the batched GEMM, openblas_set_num_threads and the int getters too, which a cold
        // `attention` does not call), and binding one costs a downcall handle, about 10 ms each at start-up. The
        // benchmarks that call jextract's cblas_sdot directly pin every jextract symbol themselves before JavaCPP
        // loads its copy (JavaCppOpenBlas.load, checked by ffmBindingsUseFfmblasLibrary).
        bound.put("cblas_sgemm", cblas_h::cblas_sgemm$address);
        bound.put("openblas_get_config", cblas_h::openblas_get_config$address);
        bound.put("openblas_get_corename", cblas_h::openblas_get_corename$address);
        for (Map.Entry<String, Supplier<MemorySegment>> e : bound.entrySet()) {
            long expected = ours.find(e.getKey()).map(MemorySegment::address).orElse(-1L);
            long actual = e.getValue().get().address();
            if (expected != actual) {
                throw new IllegalStateException(e.getKey() + " resolved to 0x" + Long.toHexString(actual)
                        + ", not into " + LIBRARY.path() + " (0x" + Long.toHexString(expected) + "): another copy of "
                        + "OpenBLAS was loaded into this class loader before ffmblas; load ffmblas first");
            }
        }
        return batch;
    }

    /** OpenBLAS's thread count for the calls that follow (process-wide). */
    static int numThreads() {
        return intGetter(NumThreads.HANDLE, "numThreads");
    }

    /**
     * Sets OpenBLAS's thread count for the whole process. Call it while no BLAS call is running: OpenBLAS
     * resizes its shared thread pool.
     *
     * @throws IllegalStateException when the JVM is shutting down (the pool is being torn down)
     */
    static void setNumThreads(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("setNumThreads: threads=" + threads + " must be >= 1");
        }
        int gate = ExitGate.enter("setNumThreads");
        try {
            SetNumThreads.HANDLE.invokeExact(threads);
        } catch (Throwable e) {
            throw Downcall.failed("setNumThreads", e);
        } finally {
            ExitGate.leave(gate);
        }
    }

    /** Describes the loaded library and how ffmblas uses it. */
    static OpenBlasRuntime runtime() {
        BatchPolicy batch = !HAS_NATIVE_BATCH ? BatchPolicy.LOOP
                : SMALL_BATCH_FIXED ? BatchPolicy.NATIVE : BatchPolicy.NATIVE_ABOVE_CRASH_LIMIT;
        String coreType = System.getenv("OPENBLAS_CORETYPE");
        return new OpenBlasRuntime(VERSION, CONFIG, cblas_h.openblas_get_corename().getString(0),
                intGetter(NumThreads.HANDLE, "runtime"), intGetter(IntGetters.NUM_PROCS, "runtime"),
                Parallelism.fromCode(intGetter(IntGetters.PARALLEL, "runtime")), LIBRARY, batch,
                Optional.ofNullable(coreType).filter(s -> !s.isBlank()));
    }
}
