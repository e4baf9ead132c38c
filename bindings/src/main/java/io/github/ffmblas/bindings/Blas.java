package io.github.ffmblas.bindings;

import static io.github.ffmblas.bindings.Checks.fitsInt;
import static io.github.ffmblas.bindings.Checks.increment;
import static io.github.ffmblas.bindings.Checks.leadingDimension;
import static io.github.ffmblas.bindings.Checks.matrixExtent;
import static io.github.ffmblas.bindings.Checks.nonNegative;
import static io.github.ffmblas.bindings.Checks.notNull;
import static io.github.ffmblas.bindings.Checks.rangesMeet;
import static io.github.ffmblas.bindings.Checks.start;
import static io.github.ffmblas.bindings.Checks.vectorExtent;

import io.github.ffmblas.bindings.cblas.cblas_h;
import io.github.ffmblas.nativelib.LoadedLibrary;
import io.github.ffmblas.nativelib.OpenBlasLibrary;
import java.lang.foreign.AddressLayout;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import java.util.Optional;

/**
 * The one door to native BLAS: every OpenBLAS call in ffmblas goes through this class, and no argument
 * reaches native code unchecked. It covers the whole CBLAS of OpenBLAS 0.3.31: levels 1, 2 and 3 in s (float),
 * d (double), c (complex float) and z (complex double), and the OpenBLAS extensions ({@code ?axpby},
 * {@code ?omatcopy}, {@code ?imatcopy}, {@code ?geadd}, {@code ?gemmt}, {@code ?sum}, {@code ?amax}, ...).
 * Each method is named as its CBLAS function without the {@code cblas_} prefix and takes its arguments in the
 * same order.
 *
 * <p>Operands are {@link MemorySegment}s plus an offset, counted, like leading dimensions, increments and
 * strides, in elements of the routine's type (a complex element is a (real, imaginary) pair). Native segments
 * are passed as they are; heap segments are accepted over the routine's own array type ({@code float[]} for s
 * and c, {@code double[]} for d and z) and passed without a copy by a critical downcall, during which the
 * garbage collector waits: use native memory for long calls and in services. Complex scalars are
 * {@link ComplexFloat} and {@link ComplexDouble}.
 *
 * <p>Before any native code runs, each routine checks, in exact {@code long} arithmetic, and throws an
 * exception naming the routine and the parameter:
 * <ul>
 *   <li>flags non-null, dimensions {@code >= 0}, increments non-zero (negative ones walk backwards, as in BLAS),
 *       strides {@code >= 0} and within {@code int};</li>
 *   <li>each leading dimension {@code >= max(1, width)} of the stored matrix (band: {@code kl + ku + 1});</li>
 *   <li>the last element of each operand's storage inside its segment, which starts aligned for the type;</li>
 *   <li>no output read-only ({@code asReadOnly()}, a file mapped {@code READ_ONLY});</li>
 *   <li>no output sharing an element with an input, another output, or (batches) another item of itself,
 *       decided exactly on the elements each operand touches: side-by-side column blocks of one buffer, such as
 *       attention heads, or the two triangles of one array, are fine;</li>
 *   <li>segments alive ({@link IllegalStateException}, also when another thread closes a shared arena during
 *       the call: FFM then refuses the downcall) and accessible from this thread ({@link WrongThreadException}).</li>
 * </ul>
 * When there is nothing to compute (a zero dimension) a routine returns without calling native code.
 *
 * <p>Once the JVM has begun to shut down, every computing routine and {@link #setNumThreads} throw
 * {@link IllegalStateException} instead of starting: OpenBLAS frees its memory as the process exits, and the
 * exit waits for the calls already running (see {@code ExitGate}).
 *
 * <p>OpenBLAS's thread count is process-wide: {@link #setNumThreads} affects every caller.
 */
public final class Blas {
    private static final String BATCH_SYMBOL = "cblas_sgemm_batch_strided";

    private static final LoadedLibrary LIBRARY = OpenBlasLibrary.load();
    private static final boolean HAS_NATIVE_BATCH = bindAll();
    /** Called directly by {@link #gemm}; see there. */
    private static final MethodHandle SGEMM = cblas_h.cblas_sgemm$handle();
    /** The same function with A, B and C passed as addresses (longs): see {@link #gemm}. */
    private static final MethodHandle SGEMM_BY_ADDRESS = Downcall.byAddress(cblas_h.cblas_sgemm$address(),
            cblas_h.cblas_sgemm$descriptor());
    /**
     * Products of at most this many multiply-adds (32^3) may be short calls, see {@link #shortCall}. OpenBLAS runs
     * them on the calling thread in well under a microsecond: it splits a GEMM over threads only above
     * 65,536 * GEMM_MULTITHREAD_THRESHOLD (262,144 by default; 125,000 on Neoverse V2), far above this.
     */
    static final long SHORT_CALL_LIMIT = 1L << 15;
    /**
     * The same for m = 1 or n = 1, which builds with GEMM_GEMV_FORWARD (ARM64's default) hand to sgemv: that splits
     * over threads from 2,304 * GEMM_MULTITHREAD_THRESHOLD elements (9,216 by default).
     */
    static final long SHORT_VECTOR_LIMIT = 2304;
    /**
     * {@link #SGEMM_BY_ADDRESS} with {@link Linker.Option#critical critical(false)}: no thread-state transition,
     * so no safepoint can complete while the call runs. Made on first use: a downcall handle costs ~10 ms at
     * start-up, and a forward of all but the smallest models makes no product this short.
     */
    private static final class ShortSgemm {
        static final MethodHandle HANDLE = Downcall.byAddress(cblas_h.cblas_sgemm$address(),
                cblas_h.cblas_sgemm$descriptor(), Linker.Option.critical(false));
    }
    /**
     * The batched GEMM's handles, likewise; made on first use (only products above M*N*K = 1,000,000 take it with
     * OpenBLAS 0.3.31, so a small model never does, and each handle costs ~10 ms at start-up). Never initialised
     * when the library has no batch entry point.
     */
    private static final class NativeBatch {
        // Bound to the file ffmblas loaded, as Downcall binds, not through jextract's lazily resolved address:
        // so bindAll need not resolve (and make a handle for) it at start-up.
        static final MemorySegment ADDRESS = Downcall.address(BATCH_SYMBOL);
        static final MethodHandle BY_SEGMENT = Linker.nativeLinker().downcallHandle(ADDRESS,
                cblas_h.cblas_sgemm_batch_strided$descriptor());
        static final MethodHandle BY_ADDRESS = Downcall.byAddress(ADDRESS, cblas_h.cblas_sgemm_batch_strided$descriptor());
    }
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
    private static final String CONFIG = cblas_h.openblas_get_config().getString(0);
    private static final String VERSION = Quirks.parseVersion(CONFIG);
    private static final boolean SMALL_BATCH_FIXED = Quirks.smallBatchFixed(VERSION);

    private Blas() {}


    /**
     * Whether {@link #gemm} may run this product, on memory the caller alone can free, as a critical downcall
     * outside the exit count. Every safepoint, and so every other Java thread, waits for such a call, so only
     * products that plainly return at once qualify:
     * <ul>
     *   <li>at most {@link #SHORT_CALL_LIMIT} multiply-adds, counting k = 0 as 1 (then OpenBLAS still scales all
     *       of C);</li>
     *   <li>at most {@link #SHORT_VECTOR_LIMIT} when m = 1 or n = 1, so that it stays on one thread as an sgemv
     *       too (a threaded call can wait for another thread's);</li>
     *   <li>no memory-mapped operand, which could fault a page in from disk during the call.</li>
     * </ul>
     */
    static boolean shortCall(int m, int n, int k, MemorySegment a, MemorySegment b, MemorySegment c) {
        long mn = (long) m * n;
        long limit = m > 1 && n > 1 ? SHORT_CALL_LIMIT : SHORT_VECTOR_LIMIT;
        return Call.CRITICAL_HOLDS_EXIT && mn <= limit && mn * Math.max(k, 1) <= limit // no overflow: mn <= 2^15 here
                && !a.isMapped() && !b.isMapped() && !c.isMapped();
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

    // ---- level 3 ---------------------------------------------------------------------------------------------

    /**
     * C = alpha * op(A) * op(B) + beta * C, with op(A) {@code m x k}, op(B) {@code k x n} and C {@code m x n}.
     *
     * @throws IllegalArgumentException for a bad dimension, leading dimension, offset, extent, alignment,
     *                                  overlap or a heap segment
     * @throws IllegalStateException    when a segment's arena is closed
     * @throws WrongThreadException     when a segment is confined to another thread
     */
    public static void sgemm(Layout layout, Transpose transA, Transpose transB, int m, int n, int k,
                             float alpha, MemorySegment a, long aOffset, int lda,
                             MemorySegment b, long bOffset, int ldb,
                             float beta, MemorySegment c, long cOffset, int ldc) {
        if (GemmChecks.onHeap(a, b, c)) {
            heapGemm("sgemm", layout, transA, transB, m, n, k, alpha, a, aOffset, lda, 0, b, bOffset, ldb, 0, beta,
                    c, cOffset, ldc, 0, 1);
            return;
        }
        if (!FastGemmCheck.accepts(layout, transA, transB, m, n, k, a, aOffset, lda, b, bOffset, ldb, c, cOffset,
                ldc)) {
            GemmChecks.check("sgemm", layout, transA, transB, m, n, k, a, aOffset, lda, 0, b, bOffset, ldb, 0,
                    c, cOffset, ldc, 0, 1);
            if (m == 0 || n == 0) {
                return;
            }
        }
        gemm(layout, transA, transB, m, n, k, alpha, a, aOffset, lda, b, bOffset, ldb, beta, c, cOffset, ldc);
    }

    /**
     * One checked {@code cblas_sgemm}. With k == 0 nothing is read from A or B, and their offsets may lie past
     * the end.
     *
     * <p>Memory only the calling thread can free (confined to it, or global) goes by address: nothing is
     * allocated, however the JIT has compiled this. Other memory (a shared or automatic arena) goes as slices,
     * which FFM keeps from being freed until the call returns; the slices stay off the heap only once C2 has
     * compiled them together with the downcall. So this calls the generated handle itself: a constant handle is
     * always inlined, whereas the generated wrapper (176 bytes of bytecode) sometimes is not.
     *
     * <p>A short product by address ({@link #shortCall}) is a critical downcall and is not counted by the exit
     * gate, whose two atomic updates cost more than the transition the critical call saves. On HotSpot it needs no
     * count: the thread stays in the Java state, the JVM exits at a safepoint, and a safepoint cannot complete
     * until the call returns, so OpenBLAS is never unloaded under it. Holding off safepoints (and so the GC) for
     * the well under a microsecond such a product takes is harmless.
     */
    private static void gemm(Layout layout, Transpose transA, Transpose transB, int m, int n, int k, float alpha,
                             MemorySegment a, long aOffset, int lda, MemorySegment b, long bOffset, int ldb,
                             float beta, MemorySegment c, long cOffset, int ldc) {
        boolean byAddress = Call.ownedOrGlobal(a) && Call.ownedOrGlobal(b) && Call.ownedOrGlobal(c);
        if (byAddress && shortCall(m, n, k, a, b, c)) {
            ExitGate.ensureOpen("sgemm");
            try {
                ShortSgemm.HANDLE.invokeExact(layout.code(), transA.code(), transB.code(), m, n, k, alpha,
                        input(a, aOffset, k), lda, input(b, bOffset, k), ldb, beta, start(c, cOffset), ldc);
            } catch (Throwable e) {
                throw Downcall.failed("sgemm", e);
            }
            return;
        }
        int gate = ExitGate.enter("sgemm");
        try {
            if (byAddress) {
                SGEMM_BY_ADDRESS.invokeExact(layout.code(), transA.code(), transB.code(), m, n, k, alpha,
                        input(a, aOffset, k), lda, input(b, bOffset, k), ldb, beta, start(c, cOffset), ldc);
            } else {
                bySegments(layout, transA, transB, m, n, k, alpha, a, aOffset, lda, b, bOffset, ldb, beta, c, cOffset,
                        ldc);
            }
        } catch (Throwable e) {
            throw Downcall.failed("sgemm", e);
        } finally {
            ExitGate.leave(gate);
        }
    }

    /**
     * {@link #gemm}'s call with segments, which FFM keeps alive during the call. A slice is an object, which stays
     * off the heap only when C2 compiles it away with the downcall. So whole tensors at offset 0 go unsliced, and
     * so does B at offset 0 (a forward's weights, or a part of them made once) whatever A's and C's offsets: C2 did
     * not compile away the slices of a call this rare (two of a forward's ~20), least of all those of a file's
     * mapping, whose {@code dup} the JDK does not force inline (weights in a shared arena or mapped from a file cost
     * 272 bytes a forward, JFR; 112 on two threads while the mapping was sliced at offset 0 whenever A or C had an
     * offset). That is a branch of its own rather than a slice chosen by a condition: where the condition goes both
     * ways, the slice and the unsliced segment meet in one value, and C2 then keeps the slice on the heap (112
     * bytes, JFR). The {@code k == 0} conditions never go the other way in a forward, so they do not. Other
     * operands are sliced each at an {@code asSlice} of its own: a helper's type profile is shared by its callers,
     * and weights mapped from a file (B of a projection) then made the slices of plain memory there (A and B of
     * every per-head product) heap objects too: 1.4 KB a forward on two threads (JFR). A method of its own keeps
     * {@link #sgemm} small enough for the JIT to inline its heap path, whose slices must not escape either.
     */
    private static void bySegments(Layout layout, Transpose transA, Transpose transB, int m, int n, int k,
                                   float alpha, MemorySegment a, long aOffset, int lda, MemorySegment b, long bOffset,
                                   int ldb, float beta, MemorySegment c, long cOffset, int ldc) throws Throwable {
        if ((aOffset | bOffset | cOffset) == 0) {
            SGEMM.invokeExact(layout.code(), transA.code(), transB.code(), m, n, k, alpha, a, lda, b, ldb, beta, c,
                    ldc);
        } else if (bOffset == 0) {
            SGEMM.invokeExact(layout.code(), transA.code(), transB.code(), m, n, k, alpha,
                    (MemorySegment) (k == 0 ? a : a.asSlice(aOffset * Float.BYTES)), lda, b, ldb, beta,
                    c.asSlice(cOffset * Float.BYTES), ldc);
        } else {
            SGEMM.invokeExact(layout.code(), transA.code(), transB.code(), m, n, k, alpha,
                    (MemorySegment) (k == 0 ? a : a.asSlice(aOffset * Float.BYTES)), lda,
                    (MemorySegment) (k == 0 ? b : b.asSlice(bOffset * Float.BYTES)), ldb, beta,
                    c.asSlice(cOffset * Float.BYTES), ldc);
        }
    }

    /**
     * Where an input operand starts. With k == 0 nothing is read from it and its offset was not checked (it may
     * lie past the end): the segment's base stands in.
     */
    private static long input(MemorySegment s, long offset, int k) {
        return k == 0 ? s.address() : start(s, offset);
    }

    /**
     * {@link #sgemm} or {@link #sgemmBatchStrided} with an operand on the Java heap: the generic checks, then one
     * critical downcall per item, which pins the arrays (the garbage collector waits for each product).
     */
    private static void heapGemm(String routine, Layout layout, Transpose transA, Transpose transB, int m, int n,
                                 int k, float alpha, MemorySegment a, long aOffset, int lda, long strideA,
                                 MemorySegment b, long bOffset, int ldb, long strideB, float beta,
                                 MemorySegment c, long cOffset, int ldc, long strideC, int count) {
        Call call = GemmChecks.heap(routine, layout, transA, transB, m, n, k, a, aOffset, lda, strideA, b, bOffset,
                ldb, strideB, c, cOffset, ldc, strideC, count).check();
        if (call.skip) {
            return;
        }
        MethodHandle sgemm = HSgemm.D.critical();
        int gate = call.enter();
        try {
            for (int i = 0; i < count; i++) {
                // No slice for an operand at its segment's start (a slice is an object, which escapes where the
                // JIT does not inline this loop with the downcall); each other one at an asSlice of its own.
                long ai = aOffset + i * strideA;
                long bi = bOffset + i * strideB;
                long ci = cOffset + i * strideC;
                sgemm.invokeExact(layout.code(), transA.code(), transB.code(), m, n, k, alpha,
                        (MemorySegment) (k == 0 || ai == 0 ? a : a.asSlice(ai * Float.BYTES)), lda,
                        (MemorySegment) (k == 0 || bi == 0 ? b : b.asSlice(bi * Float.BYTES)), ldb, beta,
                        (MemorySegment) (ci == 0 ? c : c.asSlice(ci * Float.BYTES)), ldc);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HSgemm {
        static final Downcall D = Downcall.of("cblas_sgemm", cblas_h.cblas_sgemm$descriptor());
    }

    /**
     * {@code count} independent GEMMs of one shape: item i reads A at {@code aOffset + i*strideA} and B at
     * {@code bOffset + i*strideB} and writes C at {@code cOffset + i*strideC} (all in floats). A zero input
     * stride reuses one matrix for every item.
     *
     * <p>Runs OpenBLAS's {@code cblas_sgemm_batch_strided} where that is safe, otherwise a loop of
     * {@code cblas_sgemm}: the entry point is missing before OpenBLAS 0.3.31, and in 0.3.31 it crashes the
     * process for M*N*K &lt;= 1,000,000 (see {@link #batchRoute(int, int, int)}).
     */
    public static void sgemmBatchStrided(Layout layout, Transpose transA, Transpose transB, int m, int n, int k,
                                         float alpha, MemorySegment a, long aOffset, int lda, long strideA,
                                         MemorySegment b, long bOffset, int ldb, long strideB,
                                         float beta, MemorySegment c, long cOffset, int ldc, long strideC,
                                         int count) {
        String routine = "sgemmBatchStrided";
        if (GemmChecks.onHeap(a, b, c)) {
            heapGemm(routine, layout, transA, transB, m, n, k, alpha, a, aOffset, lda, strideA, b, bOffset, ldb, strideB
                    ,
                    beta, c, cOffset, ldc, strideC, count);
            return;
        }
        GemmChecks.check(routine, layout, transA, transB, m, n, k, a, aOffset, lda, strideA, b, bOffset, ldb, strideB,
                c, cOffset, ldc, strideC, count);
        if (m == 0 || n == 0 || count == 0) {
            return;
        }
        if (count > 1 && batchRoute(m, n, k) == BatchRoute.NATIVE
                && Quirks.batchOffsetsFitInt(count, strideA, strideB, strideC)) {
            nativeBatch(layout, transA, transB, m, n, k, alpha, a, aOffset, lda, (int) strideA, b, bOffset, ldb,
                    (int) strideB, beta, c, cOffset, ldc, (int) strideC, count); // strides checked to fit by GemmChecks
            return;
        }
        for (int i = 0; i < count; i++) {
            gemm(layout, transA, transB, m, n, k, alpha, a, aOffset + i * strideA, lda, b, bOffset + i * strideB, ldb,
                    beta, c, cOffset + i * strideC, ldc);
        }
    }

    private static void nativeBatch(Layout layout, Transpose transA, Transpose transB, int m, int n, int k,
                                    float alpha, MemorySegment a, long aOffset, int lda, int strideA,
                                    MemorySegment b, long bOffset, int ldb, int strideB,
                                    float beta, MemorySegment c, long cOffset, int ldc, int strideC, int count) {
        // OpenBLAS 0.3.31 rejects every column-major batch (xerbla "parameter number 8", C untouched; fixed
        // upstream by PR #5979). A column-major C is the row-major C^T = op(B)^T * op(A)^T: the same memory and
        // work with the operands exchanged, which is what OpenBLAS's row-major path does anyway.
        if (layout == Layout.ROW_MAJOR) {
            rowMajorBatch(transA, transB, m, n, k, alpha, a, aOffset, lda, strideA, b, bOffset, ldb, strideB, beta,
                    c, cOffset, ldc, strideC, count);
        } else {
            rowMajorBatch(transB, transA, n, m, k, alpha, b, bOffset, ldb, strideB, a, aOffset, lda, strideA, beta,
                    c, cOffset, ldc, strideC, count);
        }
    }

    /**
     * One row-major {@code cblas_sgemm_batch_strided}, by address or as slices as in {@link #gemm} (each sliced at
     * an {@code asSlice} of its own, as there).
     */
    private static void rowMajorBatch(Transpose transA, Transpose transB, int m, int n, int k, float alpha,
                                      MemorySegment a, long aOffset, int lda, int strideA,
                                      MemorySegment b, long bOffset, int ldb, int strideB,
                                      float beta, MemorySegment c, long cOffset, int ldc, int strideC, int count) {
        int row = Layout.ROW_MAJOR.code();
        int gate = ExitGate.enter("sgemmBatchStrided");
        try {
            if (Call.ownedOrGlobal(a) && Call.ownedOrGlobal(b) && Call.ownedOrGlobal(c)) {
                NativeBatch.BY_ADDRESS.invokeExact(row, transA.code(), transB.code(), m, n, k, alpha,
                        input(a, aOffset, k), lda, strideA, input(b, bOffset, k), ldb, strideB, beta,
                        start(c, cOffset), ldc, strideC, count);
            } else {
                NativeBatch.BY_SEGMENT.invokeExact(row, transA.code(), transB.code(), m, n, k, alpha,
                        (MemorySegment) (k == 0 ? a : a.asSlice(aOffset * Float.BYTES)), lda, strideA,
                        (MemorySegment) (k == 0 ? b : b.asSlice(bOffset * Float.BYTES)), ldb, strideB, beta,
                        c.asSlice(cOffset * Float.BYTES), ldc, strideC, count);
            }
        } catch (Throwable e) {
            throw Downcall.failed("sgemmBatchStrided", e);
        } finally {
            ExitGate.leave(gate);
        }
    }

    /** Which code path {@link #sgemmBatchStrided} takes for this shape with the loaded library. */
    public static BatchRoute batchRoute(int m, int n, int k) {
        if (!HAS_NATIVE_BATCH) {
            return BatchRoute.LOOP_NO_ENTRY_POINT;
        }
        if (SMALL_BATCH_FIXED || (long) m * n * k > Quirks.SMALL_BATCH_CRASH_LIMIT) {
            return BatchRoute.NATIVE;
        }
        return BatchRoute.LOOP_AVOIDS_CRASH;
    }

    /** The paths a batched GEMM can take. */
    public enum BatchRoute {
        /** {@code cblas_sgemm_batch_strided}. */
        NATIVE,
        /** A loop of {@code cblas_sgemm}: this OpenBLAS has no batch entry point. */
        LOOP_NO_ENTRY_POINT,
        /** A loop of {@code cblas_sgemm}: OpenBLAS 0.3.31's batch crashes for this small a shape. */
        LOOP_AVOIDS_CRASH
    }





    // ---- level 1 ---------------------------------------------------------------------------------------------

    /** The dot product x<sup>T</sup>y over n elements (0 when n is 0). */
    public static float sdot(int n, MemorySegment x, long xOffset, int incx, MemorySegment y, long yOffset, int incy) {
        String routine = "sdot";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Call call = Call.begin(routine, Precision.SINGLE)
                .vector("x", x, xOffset, n, incx)
                .vector("y", y, yOffset, n, incy)
                .check();
        if (call.skip) {
            return 0;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                return (float) HSdot.D.byAddress().invokeExact(call.critical, n, call.address(0), incx,
                        call.address(1), incy);
            }
            return (float) HSdot.D.bySegment().invokeExact(call.critical, n, call.at(0), incx, call.at(1), incy);
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HSdot {
        static final Downcall D = Downcall.of("cblas_sdot", cblas_h.cblas_sdot$descriptor());
    }

    /** The Euclidean norm of x over n elements (0 when n is 0). */
    public static float snrm2(int n, MemorySegment x, long xOffset, int incx) {
        String routine = "snrm2";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Call call = Call.begin(routine, Precision.SINGLE)
                .vector("x", x, xOffset, n, incx)
                .check();
        if (call.skip) {
            return 0;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                return (float) HSnrm2.D.byAddress().invokeExact(call.critical, n, call.address(0),
                        Quirks.reductionIncrement(routine, n, incx));
            }
            return (float) HSnrm2.D.bySegment().invokeExact(call.critical, n, call.at(0),
                    Quirks.reductionIncrement(routine, n, incx));
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HSnrm2 {
        static final Downcall D = Downcall.of("cblas_snrm2", cblas_h.cblas_snrm2$descriptor());
    }

    /** The sum of |x_i| over n elements (0 when n is 0). */
    public static float sasum(int n, MemorySegment x, long xOffset, int incx) {
        String routine = "sasum";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Call call = Call.begin(routine, Precision.SINGLE)
                .vector("x", x, xOffset, n, incx)
                .check();
        if (call.skip) {
            return 0;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                return (float) HSasum.D.byAddress().invokeExact(call.critical, n, call.address(0),
                        Quirks.reductionIncrement(routine, n, incx));
            }
            return (float) HSasum.D.bySegment().invokeExact(call.critical, n, call.at(0),
                    Quirks.reductionIncrement(routine, n, incx));
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HSasum {
        static final Downcall D = Downcall.of("cblas_sasum", cblas_h.cblas_sasum$descriptor());
    }

    /** The sum of x_i (OpenBLAS extension) over n elements (0 when n is 0). */
    public static float ssum(int n, MemorySegment x, long xOffset, int incx) {
        String routine = "ssum";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Call call = Call.begin(routine, Precision.SINGLE)
                .vector("x", x, xOffset, n, incx)
                .check();
        if (call.skip) {
            return 0;
        }
        if (Math.abs(incx) == 1) {
            call.done();
            return Quirks.sumUnitStride(x, xOffset, n); // OpenBLAS 0.3.31's cblas_ssum is wrong for incx = 1
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                return (float) HSsum.D.byAddress().invokeExact(call.critical, n, call.address(0),
                        Quirks.reductionIncrement(routine, n, incx));
            }
            return (float) HSsum.D.bySegment().invokeExact(call.critical, n, call.at(0),
                    Quirks.reductionIncrement(routine, n, incx));
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HSsum {
        static final Downcall D = Downcall.of("cblas_ssum", cblas_h.cblas_ssum$descriptor());
    }

    /** The largest |x_i| (OpenBLAS extension) over n elements (0 when n is 0). */
    public static float samax(int n, MemorySegment x, long xOffset, int incx) {
        String routine = "samax";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Call call = Call.begin(routine, Precision.SINGLE)
                .vector("x", x, xOffset, n, incx)
                .check();
        if (call.skip) {
            return 0;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                return (float) HSamax.D.byAddress().invokeExact(call.critical, n, call.address(0),
                        Quirks.reductionIncrement(routine, n, incx));
            }
            return (float) HSamax.D.bySegment().invokeExact(call.critical, n, call.at(0),
                    Quirks.reductionIncrement(routine, n, incx));
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HSamax {
        static final Downcall D = Downcall.of("cblas_samax", cblas_h.cblas_samax$descriptor());
    }

    /** The smallest |x_i| (OpenBLAS extension) over n elements (0 when n is 0). */
    public static float samin(int n, MemorySegment x, long xOffset, int incx) {
        String routine = "samin";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Call call = Call.begin(routine, Precision.SINGLE)
                .vector("x", x, xOffset, n, incx)
                .check();
        if (call.skip) {
            return 0;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                return (float) HSamin.D.byAddress().invokeExact(call.critical, n, call.address(0),
                        Quirks.reductionIncrement(routine, n, incx));
            }
            return (float) HSamin.D.bySegment().invokeExact(call.critical, n, call.at(0),
                    Quirks.reductionIncrement(routine, n, incx));
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HSamin {
        static final Downcall D = Downcall.of("cblas_samin", cblas_h.cblas_samin$descriptor());
    }

    /**
     * The 0-based index of the first element of largest |x_i| over n elements, -1 when n is 0; incx must be positive.
     */
    public static long isamax(int n, MemorySegment x, long xOffset, int incx) {
        String routine = "isamax";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Quirks.forwardIndex(routine, incx);
        Call call = Call.begin(routine, Precision.SINGLE)
                .vector("x", x, xOffset, n, incx)
                .check();
        if (call.skip) {
            return -1;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                return (long) HIsamax.D.byAddress().invokeExact(call.critical, n, call.address(0), incx);
            }
            return (long) HIsamax.D.bySegment().invokeExact(call.critical, n, call.at(0), incx);
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HIsamax {
        static final Downcall D = Downcall.of("cblas_isamax", cblas_h.cblas_isamax$descriptor());
    }

    /**
     * The 0-based index of the first element of smallest |x_i| (OpenBLAS extension) over n elements, -1 when n is 0;
     * incx must be positive.
     */
    public static long isamin(int n, MemorySegment x, long xOffset, int incx) {
        String routine = "isamin";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Quirks.forwardIndex(routine, incx);
        Call call = Call.begin(routine, Precision.SINGLE)
                .vector("x", x, xOffset, n, incx)
                .check();
        if (call.skip) {
            return -1;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                return (long) HIsamin.D.byAddress().invokeExact(call.critical, n, call.address(0), incx);
            }
            return (long) HIsamin.D.bySegment().invokeExact(call.critical, n, call.at(0), incx);
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HIsamin {
        static final Downcall D = Downcall.of("cblas_isamin", cblas_h.cblas_isamin$descriptor());
    }

    /**
     * The 0-based index of the first element of largest x_i (OpenBLAS extension) over n elements, -1 when n is 0; incx
     * must be positive.
     */
    public static long ismax(int n, MemorySegment x, long xOffset, int incx) {
        String routine = "ismax";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Quirks.forwardIndex(routine, incx);
        Call call = Call.begin(routine, Precision.SINGLE)
                .vector("x", x, xOffset, n, incx)
                .check();
        if (call.skip) {
            return -1;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                return (long) HIsmax.D.byAddress().invokeExact(call.critical, n, call.address(0), incx);
            }
            return (long) HIsmax.D.bySegment().invokeExact(call.critical, n, call.at(0), incx);
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HIsmax {
        static final Downcall D = Downcall.of("cblas_ismax", cblas_h.cblas_ismax$descriptor());
    }

    /**
     * The 0-based index of the first element of smallest x_i (OpenBLAS extension) over n elements, -1 when n is 0; incx
     * must be positive.
     */
    public static long ismin(int n, MemorySegment x, long xOffset, int incx) {
        String routine = "ismin";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Quirks.forwardIndex(routine, incx);
        Call call = Call.begin(routine, Precision.SINGLE)
                .vector("x", x, xOffset, n, incx)
                .check();
        if (call.skip) {
            return -1;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                return (long) HIsmin.D.byAddress().invokeExact(call.critical, n, call.address(0), incx);
            }
            return (long) HIsmin.D.bySegment().invokeExact(call.critical, n, call.at(0), incx);
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HIsmin {
        static final Downcall D = Downcall.of("cblas_ismin", cblas_h.cblas_ismin$descriptor());
    }

    /** y = alpha * x + y over n elements. */
    public static void saxpy(int n, float alpha, MemorySegment x, long xOffset, int incx, MemorySegment y, long yOffset,
            int incy) {
        String routine = "saxpy";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Call call = Call.begin(routine, Precision.SINGLE)
                .vector("x", x, xOffset, n, incx)
                .vector("y", y, yOffset, n, incy).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HSaxpy.D.byAddress().invokeExact(call.critical, n, alpha, call.address(0), incx, call.address(1), incy);
            } else {
                HSaxpy.D.bySegment().invokeExact(call.critical, n, alpha, call.at(0), incx, call.at(1), incy);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HSaxpy {
        static final Downcall D = Downcall.of("cblas_saxpy", cblas_h.cblas_saxpy$descriptor());
    }

    /** y = alpha * x + beta * y over n elements (OpenBLAS extension). */
    public static void saxpby(int n, float alpha, MemorySegment x, long xOffset, int incx, float beta, MemorySegment y,
            long yOffset, int incy) {
        String routine = "saxpby";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Call call = Call.begin(routine, Precision.SINGLE)
                .vector("x", x, xOffset, n, incx)
                .vector("y", y, yOffset, n, incy).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HSaxpby.D.byAddress().invokeExact(call.critical, n, alpha, call.address(0), incx, beta,
                        call.address(1), incy);
            } else {
                HSaxpby.D.bySegment().invokeExact(call.critical, n, alpha, call.at(0), incx, beta, call.at(1), incy);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HSaxpby {
        static final Downcall D = Downcall.of("cblas_saxpby", cblas_h.cblas_saxpby$descriptor());
    }

    /** y = x over n elements. */
    public static void scopy(int n, MemorySegment x, long xOffset, int incx, MemorySegment y, long yOffset, int incy) {
        String routine = "scopy";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Call call = Call.begin(routine, Precision.SINGLE)
                .vector("x", x, xOffset, n, incx)
                .vector("y", y, yOffset, n, incy).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HScopy.D.byAddress().invokeExact(call.critical, n, call.address(0), incx, call.address(1), incy);
            } else {
                HScopy.D.bySegment().invokeExact(call.critical, n, call.at(0), incx, call.at(1), incy);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HScopy {
        static final Downcall D = Downcall.of("cblas_scopy", cblas_h.cblas_scopy$descriptor());
    }

    /** Exchanges x and y over n elements (both are outputs: they must not overlap). */
    public static void sswap(int n, MemorySegment x, long xOffset, int incx, MemorySegment y, long yOffset, int incy) {
        String routine = "sswap";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Call call = Call.begin(routine, Precision.SINGLE)
                .vector("x", x, xOffset, n, incx).output()
                .vector("y", y, yOffset, n, incy).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HSswap.D.byAddress().invokeExact(call.critical, n, call.address(0), incx, call.address(1), incy);
            } else {
                HSswap.D.bySegment().invokeExact(call.critical, n, call.at(0), incx, call.at(1), incy);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HSswap {
        static final Downcall D = Downcall.of("cblas_sswap", cblas_h.cblas_sswap$descriptor());
    }

    /** x = alpha * x over n elements (a negative increment scales the same elements). */
    public static void sscal(int n, float alpha, MemorySegment x, long xOffset, int incx) {
        String routine = "sscal";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Call call = Call.begin(routine, Precision.SINGLE)
                .vector("x", x, xOffset, n, incx).output()
                .check();
        if (call.skip) {
            return;
        }
        int inc = Quirks.scalIncrement(routine, n, incx);
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HSscal.D.byAddress().invokeExact(call.critical, n, alpha, call.address(0), inc);
            } else {
                HSscal.D.bySegment().invokeExact(call.critical, n, alpha, call.at(0), inc);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HSscal {
        static final Downcall D = Downcall.of("cblas_sscal", cblas_h.cblas_sscal$descriptor());
    }

    /** Applies the plane rotation (c, s): (x_i, y_i) = (c x_i + s y_i, c y_i - s x_i) over n elements. */
    public static void srot(int n, MemorySegment x, long xOffset, int incx, MemorySegment y, long yOffset, int incy,
            float c, float s) {
        String routine = "srot";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Call call = Call.begin(routine, Precision.SINGLE)
                .vector("x", x, xOffset, n, incx).output()
                .vector("y", y, yOffset, n, incy).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HSrot.D.byAddress().invokeExact(call.critical, n, call.address(0), incx, call.address(1), incy, c, s);
            } else {
                HSrot.D.bySegment().invokeExact(call.critical, n, call.at(0), incx, call.at(1), incy, c, s);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HSrot {
        static final Downcall D = Downcall.of("cblas_srot", cblas_h.cblas_srot$descriptor());
    }

    /**
     * Applies the modified Givens rotation whose flag and H are the 5 elements of param (as {@code srotmg} makes them).
     */
    public static void srotm(int n, MemorySegment x, long xOffset, int incx, MemorySegment y, long yOffset, int incy,
            MemorySegment param, long paramOffset) {
        String routine = "srotm";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Call call = Call.begin(routine, Precision.SINGLE)
                .vector("x", x, xOffset, n, incx).output()
                .vector("y", y, yOffset, n, incy).output()
                .contiguous("param", param, paramOffset, 5)
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HSrotm.D.byAddress().invokeExact(call.critical, n, call.address(0), incx, call.address(1), incy,
                        call.address(2));
            } else {
                HSrotm.D.bySegment().invokeExact(call.critical, n, call.at(0), incx, call.at(1), incy, call.at(2));
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HSrotm {
        static final Downcall D = Downcall.of("cblas_srotm", cblas_h.cblas_srotm$descriptor());
    }

    /** Constructs a Givens rotation: from (a, b) computes r into a, z into b, and c and s (one element each). */
    public static void srotg(MemorySegment a, long aOffset, MemorySegment b, long bOffset, MemorySegment c,
            long cOffset, MemorySegment s, long sOffset) {
        String routine = "srotg";
        Call call = Call.begin(routine, Precision.SINGLE)
                .contiguous("a", a, aOffset, 1).output()
                .contiguous("b", b, bOffset, 1).output()
                .contiguous("c", c, cOffset, 1).output()
                .contiguous("s", s, sOffset, 1).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HSrotg.D.byAddress().invokeExact(call.critical, call.address(0), call.address(1), call.address(2),
                        call.address(3));
            } else {
                HSrotg.D.bySegment().invokeExact(call.critical, call.at(0), call.at(1), call.at(2), call.at(3));
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HSrotg {
        static final Downcall D = Downcall.of("cblas_srotg", cblas_h.cblas_srotg$descriptor());
    }

    /**
     * Constructs a modified Givens rotation: updates d1, d2, x1 (one element each) and writes flag and H to the 5
     * elements of param.
     */
    public static void srotmg(MemorySegment d1, long d1Offset, MemorySegment d2, long d2Offset, MemorySegment x1,
            long x1Offset, float y1, MemorySegment param, long paramOffset) {
        String routine = "srotmg";
        Call call = Call.begin(routine, Precision.SINGLE)
                .contiguous("d1", d1, d1Offset, 1).output()
                .contiguous("d2", d2, d2Offset, 1).output()
                .contiguous("x1", x1, x1Offset, 1).output()
                .contiguous("param", param, paramOffset, 5).output()
                .check();
        if (call.skip) {
            return;
        }
        refuseEndlessRotmg(call, routine, d1.getAtIndex(ValueLayout.JAVA_FLOAT, d1Offset),
                d2.getAtIndex(ValueLayout.JAVA_FLOAT, d2Offset), x1.getAtIndex(ValueLayout.JAVA_FLOAT, x1Offset), y1,
                true);
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HSrotmg.D.byAddress().invokeExact(call.critical, call.address(0), call.address(1), call.address(2),
                        y1, call.address(3));
            } else {
                HSrotmg.D.bySegment().invokeExact(call.critical, call.at(0), call.at(1), call.at(2), y1, call.at(3));
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HSrotmg {
        static final Downcall D = Downcall.of("cblas_srotmg", cblas_h.cblas_srotmg$descriptor());
    }

    /** The dot product x<sup>T</sup>y over n elements (0 when n is 0). */
    public static double ddot(int n, MemorySegment x, long xOffset, int incx, MemorySegment y, long yOffset, int incy) {
        String routine = "ddot";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Call call = Call.begin(routine, Precision.DOUBLE)
                .vector("x", x, xOffset, n, incx)
                .vector("y", y, yOffset, n, incy)
                .check();
        if (call.skip) {
            return 0;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                return (double) HDdot.D.byAddress().invokeExact(call.critical, n, call.address(0), incx,
                        call.address(1), incy);
            }
            return (double) HDdot.D.bySegment().invokeExact(call.critical, n, call.at(0), incx, call.at(1), incy);
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HDdot {
        static final Downcall D = Downcall.of("cblas_ddot", cblas_h.cblas_ddot$descriptor());
    }

    /** The Euclidean norm of x over n elements (0 when n is 0). */
    public static double dnrm2(int n, MemorySegment x, long xOffset, int incx) {
        String routine = "dnrm2";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Call call = Call.begin(routine, Precision.DOUBLE)
                .vector("x", x, xOffset, n, incx)
                .check();
        if (call.skip) {
            return 0;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                return (double) HDnrm2.D.byAddress().invokeExact(call.critical, n, call.address(0),
                        Quirks.reductionIncrement(routine, n, incx));
            }
            return (double) HDnrm2.D.bySegment().invokeExact(call.critical, n, call.at(0),
                    Quirks.reductionIncrement(routine, n, incx));
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HDnrm2 {
        static final Downcall D = Downcall.of("cblas_dnrm2", cblas_h.cblas_dnrm2$descriptor());
    }

    /** The sum of |x_i| over n elements (0 when n is 0). */
    public static double dasum(int n, MemorySegment x, long xOffset, int incx) {
        String routine = "dasum";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Call call = Call.begin(routine, Precision.DOUBLE)
                .vector("x", x, xOffset, n, incx)
                .check();
        if (call.skip) {
            return 0;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                return (double) HDasum.D.byAddress().invokeExact(call.critical, n, call.address(0),
                        Quirks.reductionIncrement(routine, n, incx));
            }
            return (double) HDasum.D.bySegment().invokeExact(call.critical, n, call.at(0),
                    Quirks.reductionIncrement(routine, n, incx));
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HDasum {
        static final Downcall D = Downcall.of("cblas_dasum", cblas_h.cblas_dasum$descriptor());
    }

    /** The sum of x_i (OpenBLAS extension) over n elements (0 when n is 0). */
    public static double dsum(int n, MemorySegment x, long xOffset, int incx) {
        String routine = "dsum";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Call call = Call.begin(routine, Precision.DOUBLE)
                .vector("x", x, xOffset, n, incx)
                .check();
        if (call.skip) {
            return 0;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                return (double) HDsum.D.byAddress().invokeExact(call.critical, n, call.address(0),
                        Quirks.reductionIncrement(routine, n, incx));
            }
            return (double) HDsum.D.bySegment().invokeExact(call.critical, n, call.at(0),
                    Quirks.reductionIncrement(routine, n, incx));
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HDsum {
        static final Downcall D = Downcall.of("cblas_dsum", cblas_h.cblas_dsum$descriptor());
    }

    /** The largest |x_i| (OpenBLAS extension) over n elements (0 when n is 0). */
    public static double damax(int n, MemorySegment x, long xOffset, int incx) {
        String routine = "damax";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Call call = Call.begin(routine, Precision.DOUBLE)
                .vector("x", x, xOffset, n, incx)
                .check();
        if (call.skip) {
            return 0;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                return (double) HDamax.D.byAddress().invokeExact(call.critical, n, call.address(0),
                        Quirks.reductionIncrement(routine, n, incx));
            }
            return (double) HDamax.D.bySegment().invokeExact(call.critical, n, call.at(0),
                    Quirks.reductionIncrement(routine, n, incx));
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HDamax {
        static final Downcall D = Downcall.of("cblas_damax", cblas_h.cblas_damax$descriptor());
    }

    /** The smallest |x_i| (OpenBLAS extension) over n elements (0 when n is 0). */
    public static double damin(int n, MemorySegment x, long xOffset, int incx) {
        String routine = "damin";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Call call = Call.begin(routine, Precision.DOUBLE)
                .vector("x", x, xOffset, n, incx)
                .check();
        if (call.skip) {
            return 0;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                return (double) HDamin.D.byAddress().invokeExact(call.critical, n, call.address(0),
                        Quirks.reductionIncrement(routine, n, incx));
            }
            return (double) HDamin.D.bySegment().invokeExact(call.critical, n, call.at(0),
                    Quirks.reductionIncrement(routine, n, incx));
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HDamin {
        static final Downcall D = Downcall.of("cblas_damin", cblas_h.cblas_damin$descriptor());
    }

    /**
     * The 0-based index of the first element of largest |x_i| over n elements, -1 when n is 0; incx must be positive.
     */
    public static long idamax(int n, MemorySegment x, long xOffset, int incx) {
        String routine = "idamax";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Quirks.forwardIndex(routine, incx);
        Call call = Call.begin(routine, Precision.DOUBLE)
                .vector("x", x, xOffset, n, incx)
                .check();
        if (call.skip) {
            return -1;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                return (long) HIdamax.D.byAddress().invokeExact(call.critical, n, call.address(0), incx);
            }
            return (long) HIdamax.D.bySegment().invokeExact(call.critical, n, call.at(0), incx);
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HIdamax {
        static final Downcall D = Downcall.of("cblas_idamax", cblas_h.cblas_idamax$descriptor());
    }

    /**
     * The 0-based index of the first element of smallest |x_i| (OpenBLAS extension) over n elements, -1 when n is 0;
     * incx must be positive.
     */
    public static long idamin(int n, MemorySegment x, long xOffset, int incx) {
        String routine = "idamin";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Quirks.forwardIndex(routine, incx);
        Call call = Call.begin(routine, Precision.DOUBLE)
                .vector("x", x, xOffset, n, incx)
                .check();
        if (call.skip) {
            return -1;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                return (long) HIdamin.D.byAddress().invokeExact(call.critical, n, call.address(0), incx);
            }
            return (long) HIdamin.D.bySegment().invokeExact(call.critical, n, call.at(0), incx);
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HIdamin {
        static final Downcall D = Downcall.of("cblas_idamin", cblas_h.cblas_idamin$descriptor());
    }

    /**
     * The 0-based index of the first element of largest x_i (OpenBLAS extension) over n elements, -1 when n is 0; incx
     * must be positive.
     */
    public static long idmax(int n, MemorySegment x, long xOffset, int incx) {
        String routine = "idmax";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Quirks.forwardIndex(routine, incx);
        Call call = Call.begin(routine, Precision.DOUBLE)
                .vector("x", x, xOffset, n, incx)
                .check();
        if (call.skip) {
            return -1;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                return (long) HIdmax.D.byAddress().invokeExact(call.critical, n, call.address(0), incx);
            }
            return (long) HIdmax.D.bySegment().invokeExact(call.critical, n, call.at(0), incx);
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HIdmax {
        static final Downcall D = Downcall.of("cblas_idmax", cblas_h.cblas_idmax$descriptor());
    }

    /**
     * The 0-based index of the first element of smallest x_i (OpenBLAS extension) over n elements, -1 when n is 0; incx
     * must be positive.
     */
    public static long idmin(int n, MemorySegment x, long xOffset, int incx) {
        String routine = "idmin";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Quirks.forwardIndex(routine, incx);
        Call call = Call.begin(routine, Precision.DOUBLE)
                .vector("x", x, xOffset, n, incx)
                .check();
        if (call.skip) {
            return -1;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                return (long) HIdmin.D.byAddress().invokeExact(call.critical, n, call.address(0), incx);
            }
            return (long) HIdmin.D.bySegment().invokeExact(call.critical, n, call.at(0), incx);
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HIdmin {
        static final Downcall D = Downcall.of("cblas_idmin", cblas_h.cblas_idmin$descriptor());
    }

    /** y = alpha * x + y over n elements. */
    public static void daxpy(int n, double alpha, MemorySegment x, long xOffset, int incx, MemorySegment y,
            long yOffset, int incy) {
        String routine = "daxpy";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Call call = Call.begin(routine, Precision.DOUBLE)
                .vector("x", x, xOffset, n, incx)
                .vector("y", y, yOffset, n, incy).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HDaxpy.D.byAddress().invokeExact(call.critical, n, alpha, call.address(0), incx, call.address(1), incy);
            } else {
                HDaxpy.D.bySegment().invokeExact(call.critical, n, alpha, call.at(0), incx, call.at(1), incy);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HDaxpy {
        static final Downcall D = Downcall.of("cblas_daxpy", cblas_h.cblas_daxpy$descriptor());
    }

    /** y = alpha * x + beta * y over n elements (OpenBLAS extension). */
    public static void daxpby(int n, double alpha, MemorySegment x, long xOffset, int incx, double beta,
            MemorySegment y, long yOffset, int incy) {
        String routine = "daxpby";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Call call = Call.begin(routine, Precision.DOUBLE)
                .vector("x", x, xOffset, n, incx)
                .vector("y", y, yOffset, n, incy).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HDaxpby.D.byAddress().invokeExact(call.critical, n, alpha, call.address(0), incx, beta,
                        call.address(1), incy);
            } else {
                HDaxpby.D.bySegment().invokeExact(call.critical, n, alpha, call.at(0), incx, beta, call.at(1), incy);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HDaxpby {
        static final Downcall D = Downcall.of("cblas_daxpby", cblas_h.cblas_daxpby$descriptor());
    }

    /** y = x over n elements. */
    public static void dcopy(int n, MemorySegment x, long xOffset, int incx, MemorySegment y, long yOffset, int incy) {
        String routine = "dcopy";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Call call = Call.begin(routine, Precision.DOUBLE)
                .vector("x", x, xOffset, n, incx)
                .vector("y", y, yOffset, n, incy).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HDcopy.D.byAddress().invokeExact(call.critical, n, call.address(0), incx, call.address(1), incy);
            } else {
                HDcopy.D.bySegment().invokeExact(call.critical, n, call.at(0), incx, call.at(1), incy);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HDcopy {
        static final Downcall D = Downcall.of("cblas_dcopy", cblas_h.cblas_dcopy$descriptor());
    }

    /** Exchanges x and y over n elements (both are outputs: they must not overlap). */
    public static void dswap(int n, MemorySegment x, long xOffset, int incx, MemorySegment y, long yOffset, int incy) {
        String routine = "dswap";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Call call = Call.begin(routine, Precision.DOUBLE)
                .vector("x", x, xOffset, n, incx).output()
                .vector("y", y, yOffset, n, incy).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HDswap.D.byAddress().invokeExact(call.critical, n, call.address(0), incx, call.address(1), incy);
            } else {
                HDswap.D.bySegment().invokeExact(call.critical, n, call.at(0), incx, call.at(1), incy);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HDswap {
        static final Downcall D = Downcall.of("cblas_dswap", cblas_h.cblas_dswap$descriptor());
    }

    /** x = alpha * x over n elements (a negative increment scales the same elements). */
    public static void dscal(int n, double alpha, MemorySegment x, long xOffset, int incx) {
        String routine = "dscal";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Call call = Call.begin(routine, Precision.DOUBLE)
                .vector("x", x, xOffset, n, incx).output()
                .check();
        if (call.skip) {
            return;
        }
        int inc = Quirks.scalIncrement(routine, n, incx);
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HDscal.D.byAddress().invokeExact(call.critical, n, alpha, call.address(0), inc);
            } else {
                HDscal.D.bySegment().invokeExact(call.critical, n, alpha, call.at(0), inc);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HDscal {
        static final Downcall D = Downcall.of("cblas_dscal", cblas_h.cblas_dscal$descriptor());
    }

    /** Applies the plane rotation (c, s): (x_i, y_i) = (c x_i + s y_i, c y_i - s x_i) over n elements. */
    public static void drot(int n, MemorySegment x, long xOffset, int incx, MemorySegment y, long yOffset, int incy,
            double c, double s) {
        String routine = "drot";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Call call = Call.begin(routine, Precision.DOUBLE)
                .vector("x", x, xOffset, n, incx).output()
                .vector("y", y, yOffset, n, incy).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HDrot.D.byAddress().invokeExact(call.critical, n, call.address(0), incx, call.address(1), incy, c, s);
            } else {
                HDrot.D.bySegment().invokeExact(call.critical, n, call.at(0), incx, call.at(1), incy, c, s);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HDrot {
        static final Downcall D = Downcall.of("cblas_drot", cblas_h.cblas_drot$descriptor());
    }

    /**
     * Applies the modified Givens rotation whose flag and H are the 5 elements of param (as {@code drotmg} makes them).
     */
    public static void drotm(int n, MemorySegment x, long xOffset, int incx, MemorySegment y, long yOffset, int incy,
            MemorySegment param, long paramOffset) {
        String routine = "drotm";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Call call = Call.begin(routine, Precision.DOUBLE)
                .vector("x", x, xOffset, n, incx).output()
                .vector("y", y, yOffset, n, incy).output()
                .contiguous("param", param, paramOffset, 5)
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HDrotm.D.byAddress().invokeExact(call.critical, n, call.address(0), incx, call.address(1), incy,
                        call.address(2));
            } else {
                HDrotm.D.bySegment().invokeExact(call.critical, n, call.at(0), incx, call.at(1), incy, call.at(2));
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HDrotm {
        static final Downcall D = Downcall.of("cblas_drotm", cblas_h.cblas_drotm$descriptor());
    }

    /** Constructs a Givens rotation: from (a, b) computes r into a, z into b, and c and s (one element each). */
    public static void drotg(MemorySegment a, long aOffset, MemorySegment b, long bOffset, MemorySegment c,
            long cOffset, MemorySegment s, long sOffset) {
        String routine = "drotg";
        Call call = Call.begin(routine, Precision.DOUBLE)
                .contiguous("a", a, aOffset, 1).output()
                .contiguous("b", b, bOffset, 1).output()
                .contiguous("c", c, cOffset, 1).output()
                .contiguous("s", s, sOffset, 1).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HDrotg.D.byAddress().invokeExact(call.critical, call.address(0), call.address(1), call.address(2),
                        call.address(3));
            } else {
                HDrotg.D.bySegment().invokeExact(call.critical, call.at(0), call.at(1), call.at(2), call.at(3));
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HDrotg {
        static final Downcall D = Downcall.of("cblas_drotg", cblas_h.cblas_drotg$descriptor());
    }

    /**
     * Constructs a modified Givens rotation: updates d1, d2, x1 (one element each) and writes flag and H to the 5
     * elements of param.
     */
    public static void drotmg(MemorySegment d1, long d1Offset, MemorySegment d2, long d2Offset, MemorySegment x1,
            long x1Offset, double y1, MemorySegment param, long paramOffset) {
        String routine = "drotmg";
        Call call = Call.begin(routine, Precision.DOUBLE)
                .contiguous("d1", d1, d1Offset, 1).output()
                .contiguous("d2", d2, d2Offset, 1).output()
                .contiguous("x1", x1, x1Offset, 1).output()
                .contiguous("param", param, paramOffset, 5).output()
                .check();
        if (call.skip) {
            return;
        }
        refuseEndlessRotmg(call, routine, d1.getAtIndex(ValueLayout.JAVA_DOUBLE, d1Offset),
                d2.getAtIndex(ValueLayout.JAVA_DOUBLE, d2Offset), x1.getAtIndex(ValueLayout.JAVA_DOUBLE, x1Offset), y1,
                false);
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HDrotmg.D.byAddress().invokeExact(call.critical, call.address(0), call.address(1), call.address(2),
                        y1, call.address(3));
            } else {
                HDrotmg.D.bySegment().invokeExact(call.critical, call.at(0), call.at(1), call.at(2), y1, call.at(3));
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    /** Ends the call and refuses inputs ?rotmg would rescale for ever ({@link Quirks#rotmgNeverEnds}). */
    private static void refuseEndlessRotmg(Call call, String routine, double d1, double d2, double x1, double y1,
                                           boolean single) {
        if (Quirks.rotmgNeverEnds(d1, d2, x1, y1, single)) {
            call.done();
            throw new IllegalArgumentException(routine + ": d1=" + d1 + ", d2=" + d2 + ", x1=" + x1 + ", y1=" + y1
                    + " make the rotation's d1 negative or infinite, which BLAS rescales for ever (a hang)");
        }
    }

    private static final class HDrotmg {
        static final Downcall D = Downcall.of("cblas_drotmg", cblas_h.cblas_drotmg$descriptor());
    }

    /** The dot product x<sup>T</sup>y over n elements (0 when n is 0). */
    public static ComplexFloat cdotu(int n, MemorySegment x, long xOffset, int incx, MemorySegment y, long yOffset,
            int incy) {
        String routine = "cdotu";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Call call = Call.begin(routine, Precision.COMPLEX_SINGLE)
                .vector("x", x, xOffset, n, incx)
                .vector("y", y, yOffset, n, incy)
                .check();
        if (call.skip) {
            return ComplexFloat.ZERO;
        }
        MemorySegment room = Scalars.room();
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HCdotu.D.byAddress().invokeExact(call.critical, n, call.address(0), incx, call.address(1), incy,
                        Scalars.result(room).address());
            } else {
                HCdotu.D.bySegment().invokeExact(call.critical, n, call.at(0), incx, call.at(1), incy,
                        Scalars.result(room));
            }
            return Scalars.complexFloat(Scalars.result(room));
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HCdotu {
        static final Downcall D = Downcall.of("cblas_cdotu_sub", cblas_h.cblas_cdotu_sub$descriptor());
    }

    /** The dot product x<sup>H</sup>y (x conjugated) over n elements (0 when n is 0). */
    public static ComplexFloat cdotc(int n, MemorySegment x, long xOffset, int incx, MemorySegment y, long yOffset,
            int incy) {
        String routine = "cdotc";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Call call = Call.begin(routine, Precision.COMPLEX_SINGLE)
                .vector("x", x, xOffset, n, incx)
                .vector("y", y, yOffset, n, incy)
                .check();
        if (call.skip) {
            return ComplexFloat.ZERO;
        }
        MemorySegment room = Scalars.room();
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HCdotc.D.byAddress().invokeExact(call.critical, n, call.address(0), incx, call.address(1), incy,
                        Scalars.result(room).address());
            } else {
                HCdotc.D.bySegment().invokeExact(call.critical, n, call.at(0), incx, call.at(1), incy,
                        Scalars.result(room));
            }
            return Scalars.complexFloat(Scalars.result(room));
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HCdotc {
        static final Downcall D = Downcall.of("cblas_cdotc_sub", cblas_h.cblas_cdotc_sub$descriptor());
    }

    /** The Euclidean norm of x over n elements (0 when n is 0). */
    public static float scnrm2(int n, MemorySegment x, long xOffset, int incx) {
        String routine = "scnrm2";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Call call = Call.begin(routine, Precision.COMPLEX_SINGLE)
                .vector("x", x, xOffset, n, incx)
                .check();
        if (call.skip) {
            return 0;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                return (float) HScnrm2.D.byAddress().invokeExact(call.critical, n, call.address(0),
                        Quirks.reductionIncrement(routine, n, incx));
            }
            return (float) HScnrm2.D.bySegment().invokeExact(call.critical, n, call.at(0),
                    Quirks.reductionIncrement(routine, n, incx));
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HScnrm2 {
        static final Downcall D = Downcall.of("cblas_scnrm2", cblas_h.cblas_scnrm2$descriptor());
    }

    /** The sum of |Re x_i| + |Im x_i| over n elements (0 when n is 0). */
    public static float scasum(int n, MemorySegment x, long xOffset, int incx) {
        String routine = "scasum";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Call call = Call.begin(routine, Precision.COMPLEX_SINGLE)
                .vector("x", x, xOffset, n, incx)
                .check();
        if (call.skip) {
            return 0;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                return (float) HScasum.D.byAddress().invokeExact(call.critical, n, call.address(0),
                        Quirks.reductionIncrement(routine, n, incx));
            }
            return (float) HScasum.D.bySegment().invokeExact(call.critical, n, call.at(0),
                    Quirks.reductionIncrement(routine, n, incx));
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HScasum {
        static final Downcall D = Downcall.of("cblas_scasum", cblas_h.cblas_scasum$descriptor());
    }

    /** The sum of Re x_i + Im x_i (OpenBLAS extension) over n elements (0 when n is 0). */
    public static float scsum(int n, MemorySegment x, long xOffset, int incx) {
        String routine = "scsum";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Call call = Call.begin(routine, Precision.COMPLEX_SINGLE)
                .vector("x", x, xOffset, n, incx)
                .check();
        if (call.skip) {
            return 0;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                return (float) HScsum.D.byAddress().invokeExact(call.critical, n, call.address(0),
                        Quirks.reductionIncrement(routine, n, incx));
            }
            return (float) HScsum.D.bySegment().invokeExact(call.critical, n, call.at(0),
                    Quirks.reductionIncrement(routine, n, incx));
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HScsum {
        static final Downcall D = Downcall.of("cblas_scsum", cblas_h.cblas_scsum$descriptor());
    }

    /** The largest |Re x_i| + |Im x_i| (OpenBLAS extension) over n elements (0 when n is 0). */
    public static float scamax(int n, MemorySegment x, long xOffset, int incx) {
        String routine = "scamax";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Call call = Call.begin(routine, Precision.COMPLEX_SINGLE)
                .vector("x", x, xOffset, n, incx)
                .check();
        if (call.skip) {
            return 0;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                return (float) HScamax.D.byAddress().invokeExact(call.critical, n, call.address(0),
                        Quirks.reductionIncrement(routine, n, incx));
            }
            return (float) HScamax.D.bySegment().invokeExact(call.critical, n, call.at(0),
                    Quirks.reductionIncrement(routine, n, incx));
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HScamax {
        static final Downcall D = Downcall.of("cblas_scamax", cblas_h.cblas_scamax$descriptor());
    }

    /** The smallest |Re x_i| + |Im x_i| (OpenBLAS extension) over n elements (0 when n is 0). */
    public static float scamin(int n, MemorySegment x, long xOffset, int incx) {
        String routine = "scamin";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Call call = Call.begin(routine, Precision.COMPLEX_SINGLE)
                .vector("x", x, xOffset, n, incx)
                .check();
        if (call.skip) {
            return 0;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                return (float) HScamin.D.byAddress().invokeExact(call.critical, n, call.address(0),
                        Quirks.reductionIncrement(routine, n, incx));
            }
            return (float) HScamin.D.bySegment().invokeExact(call.critical, n, call.at(0),
                    Quirks.reductionIncrement(routine, n, incx));
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HScamin {
        static final Downcall D = Downcall.of("cblas_scamin", cblas_h.cblas_scamin$descriptor());
    }

    /**
     * The 0-based index of the first element of largest |x_i| (|Re| + |Im|) over n elements, -1 when n is 0; incx must
     * be positive.
     */
    public static long icamax(int n, MemorySegment x, long xOffset, int incx) {
        String routine = "icamax";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Quirks.forwardIndex(routine, incx);
        Call call = Call.begin(routine, Precision.COMPLEX_SINGLE)
                .vector("x", x, xOffset, n, incx)
                .check();
        if (call.skip) {
            return -1;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                return (long) HIcamax.D.byAddress().invokeExact(call.critical, n, call.address(0), incx);
            }
            return (long) HIcamax.D.bySegment().invokeExact(call.critical, n, call.at(0), incx);
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HIcamax {
        static final Downcall D = Downcall.of("cblas_icamax", cblas_h.cblas_icamax$descriptor());
    }

    /**
     * The 0-based index of the first element of smallest |x_i| (|Re| + |Im|) (OpenBLAS extension) over n elements, -1
     * when n is 0; incx must be positive.
     */
    public static long icamin(int n, MemorySegment x, long xOffset, int incx) {
        String routine = "icamin";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Quirks.forwardIndex(routine, incx);
        Call call = Call.begin(routine, Precision.COMPLEX_SINGLE)
                .vector("x", x, xOffset, n, incx)
                .check();
        if (call.skip) {
            return -1;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                return (long) HIcamin.D.byAddress().invokeExact(call.critical, n, call.address(0), incx);
            }
            return (long) HIcamin.D.bySegment().invokeExact(call.critical, n, call.at(0), incx);
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HIcamin {
        static final Downcall D = Downcall.of("cblas_icamin", cblas_h.cblas_icamin$descriptor());
    }

    /**
     * The 0-based index of the first element of largest Re x_i + Im x_i (OpenBLAS extension) over n elements, -1 when n
     * is 0; incx must be positive.
     */
    public static long icmax(int n, MemorySegment x, long xOffset, int incx) {
        String routine = "icmax";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Quirks.forwardIndex(routine, incx);
        Call call = Call.begin(routine, Precision.COMPLEX_SINGLE)
                .vector("x", x, xOffset, n, incx)
                .check();
        if (call.skip) {
            return -1;
        }
        call.done();
        // Computed here: OpenBLAS 0.3.31's cblas_icmax runs its real kernel over x's first n floats
        // (native/src/test/c/complex_reductions.c).
        return Quirks.complexIndexOfExtreme(x, xOffset, n, incx, false, true);
    }

    /**
     * The 0-based index of the first element of smallest Re x_i + Im x_i (OpenBLAS extension) over n elements, -1 when
     * n is 0; incx must be positive.
     */
    public static long icmin(int n, MemorySegment x, long xOffset, int incx) {
        String routine = "icmin";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Quirks.forwardIndex(routine, incx);
        Call call = Call.begin(routine, Precision.COMPLEX_SINGLE)
                .vector("x", x, xOffset, n, incx)
                .check();
        if (call.skip) {
            return -1;
        }
        call.done();
        // Computed here: OpenBLAS 0.3.31's cblas_icmin runs its real kernel over x's first n floats
        // (native/src/test/c/complex_reductions.c).
        return Quirks.complexIndexOfExtreme(x, xOffset, n, incx, false, false);
    }

    /** y = alpha * x + y over n elements. */
    public static void caxpy(int n, ComplexFloat alpha, MemorySegment x, long xOffset, int incx, MemorySegment y,
            long yOffset, int incy) {
        String routine = "caxpy";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Checks.notNull(routine, "alpha", alpha);
        Call call = Call.begin(routine, Precision.COMPLEX_SINGLE)
                .vector("x", x, xOffset, n, incx)
                .vector("y", y, yOffset, n, incy).output()
                .check();
        if (call.skip) {
            return;
        }
        MemorySegment room = Scalars.room();
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HCaxpy.D.byAddress().invokeExact(call.critical, n, Scalars.alpha(room, alpha).address(),
                        call.address(0), incx, call.address(1), incy);
            } else {
                HCaxpy.D.bySegment().invokeExact(call.critical, n, Scalars.alpha(room, alpha), call.at(0), incx,
                        call.at(1), incy);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HCaxpy {
        static final Downcall D = Downcall.of("cblas_caxpy", cblas_h.cblas_caxpy$descriptor());
    }

    /** y = alpha * conj(x) + y over n elements (OpenBLAS extension). */
    public static void caxpyc(int n, ComplexFloat alpha, MemorySegment x, long xOffset, int incx, MemorySegment y,
            long yOffset, int incy) {
        String routine = "caxpyc";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Checks.notNull(routine, "alpha", alpha);
        Call call = Call.begin(routine, Precision.COMPLEX_SINGLE)
                .vector("x", x, xOffset, n, incx)
                .vector("y", y, yOffset, n, incy).output()
                .check();
        if (call.skip) {
            return;
        }
        MemorySegment room = Scalars.room();
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HCaxpyc.D.byAddress().invokeExact(call.critical, n, Scalars.alpha(room, alpha).address(),
                        call.address(0), incx, call.address(1), incy);
            } else {
                HCaxpyc.D.bySegment().invokeExact(call.critical, n, Scalars.alpha(room, alpha), call.at(0), incx,
                        call.at(1), incy);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HCaxpyc {
        static final Downcall D = Downcall.of("cblas_caxpyc", cblas_h.cblas_caxpyc$descriptor());
    }

    /** y = alpha * x + beta * y over n elements (OpenBLAS extension). */
    public static void caxpby(int n, ComplexFloat alpha, MemorySegment x, long xOffset, int incx, ComplexFloat beta,
            MemorySegment y, long yOffset, int incy) {
        String routine = "caxpby";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Checks.notNull(routine, "alpha", alpha);
        Checks.notNull(routine, "beta", beta);
        Call call = Call.begin(routine, Precision.COMPLEX_SINGLE)
                .vector("x", x, xOffset, n, incx)
                .vector("y", y, yOffset, n, incy).output()
                .check();
        if (call.skip) {
            return;
        }
        MemorySegment room = Scalars.room();
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HCaxpby.D.byAddress().invokeExact(call.critical, n, Scalars.alpha(room, alpha).address(),
                        call.address(0), incx, Scalars.beta(room, beta).address(), call.address(1), incy);
            } else {
                HCaxpby.D.bySegment().invokeExact(call.critical, n, Scalars.alpha(room, alpha), call.at(0), incx,
                        Scalars.beta(room, beta), call.at(1), incy);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HCaxpby {
        static final Downcall D = Downcall.of("cblas_caxpby", cblas_h.cblas_caxpby$descriptor());
    }

    /** y = x over n elements. */
    public static void ccopy(int n, MemorySegment x, long xOffset, int incx, MemorySegment y, long yOffset, int incy) {
        String routine = "ccopy";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Call call = Call.begin(routine, Precision.COMPLEX_SINGLE)
                .vector("x", x, xOffset, n, incx)
                .vector("y", y, yOffset, n, incy).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HCcopy.D.byAddress().invokeExact(call.critical, n, call.address(0), incx, call.address(1), incy);
            } else {
                HCcopy.D.bySegment().invokeExact(call.critical, n, call.at(0), incx, call.at(1), incy);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HCcopy {
        static final Downcall D = Downcall.of("cblas_ccopy", cblas_h.cblas_ccopy$descriptor());
    }

    /** Exchanges x and y over n elements (both are outputs: they must not overlap). */
    public static void cswap(int n, MemorySegment x, long xOffset, int incx, MemorySegment y, long yOffset, int incy) {
        String routine = "cswap";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Call call = Call.begin(routine, Precision.COMPLEX_SINGLE)
                .vector("x", x, xOffset, n, incx).output()
                .vector("y", y, yOffset, n, incy).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HCswap.D.byAddress().invokeExact(call.critical, n, call.address(0), incx, call.address(1), incy);
            } else {
                HCswap.D.bySegment().invokeExact(call.critical, n, call.at(0), incx, call.at(1), incy);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HCswap {
        static final Downcall D = Downcall.of("cblas_cswap", cblas_h.cblas_cswap$descriptor());
    }

    /** x = alpha * x over n elements (a negative increment scales the same elements). */
    public static void cscal(int n, ComplexFloat alpha, MemorySegment x, long xOffset, int incx) {
        String routine = "cscal";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.notNull(routine, "alpha", alpha);
        Call call = Call.begin(routine, Precision.COMPLEX_SINGLE)
                .vector("x", x, xOffset, n, incx).output()
                .check();
        if (call.skip) {
            return;
        }
        int inc = Quirks.scalIncrement(routine, n, incx);
        MemorySegment room = Scalars.room();
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HCscal.D.byAddress().invokeExact(call.critical, n, Scalars.alpha(room, alpha).address(),
                        call.address(0), inc);
            } else {
                HCscal.D.bySegment().invokeExact(call.critical, n, Scalars.alpha(room, alpha), call.at(0), inc);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HCscal {
        static final Downcall D = Downcall.of("cblas_cscal", cblas_h.cblas_cscal$descriptor());
    }

    /** x = alpha * x over n complex elements, alpha real. */
    public static void csscal(int n, float alpha, MemorySegment x, long xOffset, int incx) {
        String routine = "csscal";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Call call = Call.begin(routine, Precision.COMPLEX_SINGLE)
                .vector("x", x, xOffset, n, incx).output()
                .check();
        if (call.skip) {
            return;
        }
        int inc = Quirks.scalIncrement(routine, n, incx);
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HCsscal.D.byAddress().invokeExact(call.critical, n, alpha, call.address(0), inc);
            } else {
                HCsscal.D.bySegment().invokeExact(call.critical, n, alpha, call.at(0), inc);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HCsscal {
        static final Downcall D = Downcall.of("cblas_csscal", cblas_h.cblas_csscal$descriptor());
    }

    /** Applies the plane rotation (c, s): (x_i, y_i) = (c x_i + s y_i, c y_i - s x_i) over n elements. */
    public static void csrot(int n, MemorySegment x, long xOffset, int incx, MemorySegment y, long yOffset, int incy,
            float c, float s) {
        String routine = "csrot";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Call call = Call.begin(routine, Precision.COMPLEX_SINGLE)
                .vector("x", x, xOffset, n, incx).output()
                .vector("y", y, yOffset, n, incy).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HCsrot.D.byAddress().invokeExact(call.critical, n, call.address(0), incx, call.address(1), incy, c, s);
            } else {
                HCsrot.D.bySegment().invokeExact(call.critical, n, call.at(0), incx, call.at(1), incy, c, s);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HCsrot {
        static final Downcall D = Downcall.of("cblas_csrot", cblas_h.cblas_csrot$descriptor());
    }

    /** Constructs a complex Givens rotation: from (a, b
            ) computes r into a, the real c and the complex s (b is read only). */
    public static void crotg(MemorySegment a, long aOffset, MemorySegment b, long bOffset, MemorySegment c,
            long cOffset, MemorySegment s, long sOffset) {
        String routine = "crotg";
        Call call = Call.begin(routine, Precision.COMPLEX_SINGLE)
                .contiguous("a", a, aOffset, 1).output()
                .contiguous("b", b, bOffset, 1)
                .realScalar("c", c, cOffset).output()
                .contiguous("s", s, sOffset, 1).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HCrotg.D.byAddress().invokeExact(call.critical, call.address(0), call.address(1), call.address(2),
                        call.address(3));
            } else {
                HCrotg.D.bySegment().invokeExact(call.critical, call.at(0), call.at(1), call.at(2), call.at(3));
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HCrotg {
        static final Downcall D = Downcall.of("cblas_crotg", cblas_h.cblas_crotg$descriptor());
    }

    /** The dot product x<sup>T</sup>y over n elements (0 when n is 0). */
    public static ComplexDouble zdotu(int n, MemorySegment x, long xOffset, int incx, MemorySegment y, long yOffset,
            int incy) {
        String routine = "zdotu";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Call call = Call.begin(routine, Precision.COMPLEX_DOUBLE)
                .vector("x", x, xOffset, n, incx)
                .vector("y", y, yOffset, n, incy)
                .check();
        if (call.skip) {
            return ComplexDouble.ZERO;
        }
        MemorySegment room = Scalars.room();
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HZdotu.D.byAddress().invokeExact(call.critical, n, call.address(0), incx, call.address(1), incy,
                        Scalars.result(room).address());
            } else {
                HZdotu.D.bySegment().invokeExact(call.critical, n, call.at(0), incx, call.at(1), incy,
                        Scalars.result(room));
            }
            return Scalars.complexDouble(Scalars.result(room));
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HZdotu {
        static final Downcall D = Downcall.of("cblas_zdotu_sub", cblas_h.cblas_zdotu_sub$descriptor());
    }

    /** The dot product x<sup>H</sup>y (x conjugated) over n elements (0 when n is 0). */
    public static ComplexDouble zdotc(int n, MemorySegment x, long xOffset, int incx, MemorySegment y, long yOffset,
            int incy) {
        String routine = "zdotc";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Call call = Call.begin(routine, Precision.COMPLEX_DOUBLE)
                .vector("x", x, xOffset, n, incx)
                .vector("y", y, yOffset, n, incy)
                .check();
        if (call.skip) {
            return ComplexDouble.ZERO;
        }
        MemorySegment room = Scalars.room();
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HZdotc.D.byAddress().invokeExact(call.critical, n, call.address(0), incx, call.address(1), incy,
                        Scalars.result(room).address());
            } else {
                HZdotc.D.bySegment().invokeExact(call.critical, n, call.at(0), incx, call.at(1), incy,
                        Scalars.result(room));
            }
            return Scalars.complexDouble(Scalars.result(room));
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HZdotc {
        static final Downcall D = Downcall.of("cblas_zdotc_sub", cblas_h.cblas_zdotc_sub$descriptor());
    }

    /** The Euclidean norm of x over n elements (0 when n is 0). */
    public static double dznrm2(int n, MemorySegment x, long xOffset, int incx) {
        String routine = "dznrm2";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Call call = Call.begin(routine, Precision.COMPLEX_DOUBLE)
                .vector("x", x, xOffset, n, incx)
                .check();
        if (call.skip) {
            return 0;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                return (double) HDznrm2.D.byAddress().invokeExact(call.critical, n, call.address(0),
                        Quirks.reductionIncrement(routine, n, incx));
            }
            return (double) HDznrm2.D.bySegment().invokeExact(call.critical, n, call.at(0),
                    Quirks.reductionIncrement(routine, n, incx));
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HDznrm2 {
        static final Downcall D = Downcall.of("cblas_dznrm2", cblas_h.cblas_dznrm2$descriptor());
    }

    /** The sum of |Re x_i| + |Im x_i| over n elements (0 when n is 0). */
    public static double dzasum(int n, MemorySegment x, long xOffset, int incx) {
        String routine = "dzasum";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Call call = Call.begin(routine, Precision.COMPLEX_DOUBLE)
                .vector("x", x, xOffset, n, incx)
                .check();
        if (call.skip) {
            return 0;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                return (double) HDzasum.D.byAddress().invokeExact(call.critical, n, call.address(0),
                        Quirks.reductionIncrement(routine, n, incx));
            }
            return (double) HDzasum.D.bySegment().invokeExact(call.critical, n, call.at(0),
                    Quirks.reductionIncrement(routine, n, incx));
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HDzasum {
        static final Downcall D = Downcall.of("cblas_dzasum", cblas_h.cblas_dzasum$descriptor());
    }

    /** The sum of Re x_i + Im x_i (OpenBLAS extension) over n elements (0 when n is 0). */
    public static double dzsum(int n, MemorySegment x, long xOffset, int incx) {
        String routine = "dzsum";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Call call = Call.begin(routine, Precision.COMPLEX_DOUBLE)
                .vector("x", x, xOffset, n, incx)
                .check();
        if (call.skip) {
            return 0;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                return (double) HDzsum.D.byAddress().invokeExact(call.critical, n, call.address(0),
                        Quirks.reductionIncrement(routine, n, incx));
            }
            return (double) HDzsum.D.bySegment().invokeExact(call.critical, n, call.at(0),
                    Quirks.reductionIncrement(routine, n, incx));
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HDzsum {
        static final Downcall D = Downcall.of("cblas_dzsum", cblas_h.cblas_dzsum$descriptor());
    }

    /** The largest |Re x_i| + |Im x_i| (OpenBLAS extension) over n elements (0 when n is 0). */
    public static double dzamax(int n, MemorySegment x, long xOffset, int incx) {
        String routine = "dzamax";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Call call = Call.begin(routine, Precision.COMPLEX_DOUBLE)
                .vector("x", x, xOffset, n, incx)
                .check();
        if (call.skip) {
            return 0;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                return (double) HDzamax.D.byAddress().invokeExact(call.critical, n, call.address(0),
                        Quirks.reductionIncrement(routine, n, incx));
            }
            return (double) HDzamax.D.bySegment().invokeExact(call.critical, n, call.at(0),
                    Quirks.reductionIncrement(routine, n, incx));
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HDzamax {
        static final Downcall D = Downcall.of("cblas_dzamax", cblas_h.cblas_dzamax$descriptor());
    }

    /** The smallest |Re x_i| + |Im x_i| (OpenBLAS extension) over n elements (0 when n is 0). */
    public static double dzamin(int n, MemorySegment x, long xOffset, int incx) {
        String routine = "dzamin";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Call call = Call.begin(routine, Precision.COMPLEX_DOUBLE)
                .vector("x", x, xOffset, n, incx)
                .check();
        if (call.skip) {
            return 0;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                return (double) HDzamin.D.byAddress().invokeExact(call.critical, n, call.address(0),
                        Quirks.reductionIncrement(routine, n, incx));
            }
            return (double) HDzamin.D.bySegment().invokeExact(call.critical, n, call.at(0),
                    Quirks.reductionIncrement(routine, n, incx));
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HDzamin {
        static final Downcall D = Downcall.of("cblas_dzamin", cblas_h.cblas_dzamin$descriptor());
    }

    /**
     * The 0-based index of the first element of largest |x_i| (|Re| + |Im|) over n elements, -1 when n is 0; incx must
     * be positive.
     */
    public static long izamax(int n, MemorySegment x, long xOffset, int incx) {
        String routine = "izamax";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Quirks.forwardIndex(routine, incx);
        Call call = Call.begin(routine, Precision.COMPLEX_DOUBLE)
                .vector("x", x, xOffset, n, incx)
                .check();
        if (call.skip) {
            return -1;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                return (long) HIzamax.D.byAddress().invokeExact(call.critical, n, call.address(0), incx);
            }
            return (long) HIzamax.D.bySegment().invokeExact(call.critical, n, call.at(0), incx);
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HIzamax {
        static final Downcall D = Downcall.of("cblas_izamax", cblas_h.cblas_izamax$descriptor());
    }

    /**
     * The 0-based index of the first element of smallest |x_i| (|Re| + |Im|) (OpenBLAS extension) over n elements, -1
     * when n is 0; incx must be positive.
     */
    public static long izamin(int n, MemorySegment x, long xOffset, int incx) {
        String routine = "izamin";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Quirks.forwardIndex(routine, incx);
        Call call = Call.begin(routine, Precision.COMPLEX_DOUBLE)
                .vector("x", x, xOffset, n, incx)
                .check();
        if (call.skip) {
            return -1;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                return (long) HIzamin.D.byAddress().invokeExact(call.critical, n, call.address(0), incx);
            }
            return (long) HIzamin.D.bySegment().invokeExact(call.critical, n, call.at(0), incx);
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HIzamin {
        static final Downcall D = Downcall.of("cblas_izamin", cblas_h.cblas_izamin$descriptor());
    }

    /**
     * The 0-based index of the first element of largest Re x_i + Im x_i (OpenBLAS extension) over n elements, -1 when n
     * is 0; incx must be positive.
     */
    public static long izmax(int n, MemorySegment x, long xOffset, int incx) {
        String routine = "izmax";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Quirks.forwardIndex(routine, incx);
        Call call = Call.begin(routine, Precision.COMPLEX_DOUBLE)
                .vector("x", x, xOffset, n, incx)
                .check();
        if (call.skip) {
            return -1;
        }
        call.done();
        // Computed here: OpenBLAS 0.3.31's cblas_izmax runs its real kernel over x's first n doubles
        // (native/src/test/c/complex_reductions.c).
        return Quirks.complexIndexOfExtreme(x, xOffset, n, incx, true, true);
    }

    /**
     * The 0-based index of the first element of smallest Re x_i + Im x_i (OpenBLAS extension) over n elements, -1 when
     * n is 0; incx must be positive.
     */
    public static long izmin(int n, MemorySegment x, long xOffset, int incx) {
        String routine = "izmin";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Quirks.forwardIndex(routine, incx);
        Call call = Call.begin(routine, Precision.COMPLEX_DOUBLE)
                .vector("x", x, xOffset, n, incx)
                .check();
        if (call.skip) {
            return -1;
        }
        call.done();
        // Computed here: OpenBLAS 0.3.31's cblas_izmin runs its real kernel over x's first n doubles
        // (native/src/test/c/complex_reductions.c).
        return Quirks.complexIndexOfExtreme(x, xOffset, n, incx, true, false);
    }

    /** y = alpha * x + y over n elements. */
    public static void zaxpy(int n, ComplexDouble alpha, MemorySegment x, long xOffset, int incx, MemorySegment y,
            long yOffset, int incy) {
        String routine = "zaxpy";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Checks.notNull(routine, "alpha", alpha);
        Call call = Call.begin(routine, Precision.COMPLEX_DOUBLE)
                .vector("x", x, xOffset, n, incx)
                .vector("y", y, yOffset, n, incy).output()
                .check();
        if (call.skip) {
            return;
        }
        MemorySegment room = Scalars.room();
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HZaxpy.D.byAddress().invokeExact(call.critical, n, Scalars.alpha(room, alpha).address(),
                        call.address(0), incx, call.address(1), incy);
            } else {
                HZaxpy.D.bySegment().invokeExact(call.critical, n, Scalars.alpha(room, alpha), call.at(0), incx,
                        call.at(1), incy);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HZaxpy {
        static final Downcall D = Downcall.of("cblas_zaxpy", cblas_h.cblas_zaxpy$descriptor());
    }

    /** y = alpha * conj(x) + y over n elements (OpenBLAS extension). */
    public static void zaxpyc(int n, ComplexDouble alpha, MemorySegment x, long xOffset, int incx, MemorySegment y,
            long yOffset, int incy) {
        String routine = "zaxpyc";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Checks.notNull(routine, "alpha", alpha);
        Call call = Call.begin(routine, Precision.COMPLEX_DOUBLE)
                .vector("x", x, xOffset, n, incx)
                .vector("y", y, yOffset, n, incy).output()
                .check();
        if (call.skip) {
            return;
        }
        MemorySegment room = Scalars.room();
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HZaxpyc.D.byAddress().invokeExact(call.critical, n, Scalars.alpha(room, alpha).address(),
                        call.address(0), incx, call.address(1), incy);
            } else {
                HZaxpyc.D.bySegment().invokeExact(call.critical, n, Scalars.alpha(room, alpha), call.at(0), incx,
                        call.at(1), incy);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HZaxpyc {
        static final Downcall D = Downcall.of("cblas_zaxpyc", cblas_h.cblas_zaxpyc$descriptor());
    }

    /** y = alpha * x + beta * y over n elements (OpenBLAS extension). */
    public static void zaxpby(int n, ComplexDouble alpha, MemorySegment x, long xOffset, int incx, ComplexDouble beta,
            MemorySegment y, long yOffset, int incy) {
        String routine = "zaxpby";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Checks.notNull(routine, "alpha", alpha);
        Checks.notNull(routine, "beta", beta);
        Call call = Call.begin(routine, Precision.COMPLEX_DOUBLE)
                .vector("x", x, xOffset, n, incx)
                .vector("y", y, yOffset, n, incy).output()
                .check();
        if (call.skip) {
            return;
        }
        MemorySegment room = Scalars.room();
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HZaxpby.D.byAddress().invokeExact(call.critical, n, Scalars.alpha(room, alpha).address(),
                        call.address(0), incx, Scalars.beta(room, beta).address(), call.address(1), incy);
            } else {
                HZaxpby.D.bySegment().invokeExact(call.critical, n, Scalars.alpha(room, alpha), call.at(0), incx,
                        Scalars.beta(room, beta), call.at(1), incy);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HZaxpby {
        static final Downcall D = Downcall.of("cblas_zaxpby", cblas_h.cblas_zaxpby$descriptor());
    }

    /** y = x over n elements. */
    public static void zcopy(int n, MemorySegment x, long xOffset, int incx, MemorySegment y, long yOffset, int incy) {
        String routine = "zcopy";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Call call = Call.begin(routine, Precision.COMPLEX_DOUBLE)
                .vector("x", x, xOffset, n, incx)
                .vector("y", y, yOffset, n, incy).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HZcopy.D.byAddress().invokeExact(call.critical, n, call.address(0), incx, call.address(1), incy);
            } else {
                HZcopy.D.bySegment().invokeExact(call.critical, n, call.at(0), incx, call.at(1), incy);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HZcopy {
        static final Downcall D = Downcall.of("cblas_zcopy", cblas_h.cblas_zcopy$descriptor());
    }

    /** Exchanges x and y over n elements (both are outputs: they must not overlap). */
    public static void zswap(int n, MemorySegment x, long xOffset, int incx, MemorySegment y, long yOffset, int incy) {
        String routine = "zswap";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Call call = Call.begin(routine, Precision.COMPLEX_DOUBLE)
                .vector("x", x, xOffset, n, incx).output()
                .vector("y", y, yOffset, n, incy).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HZswap.D.byAddress().invokeExact(call.critical, n, call.address(0), incx, call.address(1), incy);
            } else {
                HZswap.D.bySegment().invokeExact(call.critical, n, call.at(0), incx, call.at(1), incy);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HZswap {
        static final Downcall D = Downcall.of("cblas_zswap", cblas_h.cblas_zswap$descriptor());
    }

    /** x = alpha * x over n elements (a negative increment scales the same elements). */
    public static void zscal(int n, ComplexDouble alpha, MemorySegment x, long xOffset, int incx) {
        String routine = "zscal";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.notNull(routine, "alpha", alpha);
        Call call = Call.begin(routine, Precision.COMPLEX_DOUBLE)
                .vector("x", x, xOffset, n, incx).output()
                .check();
        if (call.skip) {
            return;
        }
        int inc = Quirks.scalIncrement(routine, n, incx);
        MemorySegment room = Scalars.room();
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HZscal.D.byAddress().invokeExact(call.critical, n, Scalars.alpha(room, alpha).address(),
                        call.address(0), inc);
            } else {
                HZscal.D.bySegment().invokeExact(call.critical, n, Scalars.alpha(room, alpha), call.at(0), inc);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HZscal {
        static final Downcall D = Downcall.of("cblas_zscal", cblas_h.cblas_zscal$descriptor());
    }

    /** x = alpha * x over n complex elements, alpha real. */
    public static void zdscal(int n, double alpha, MemorySegment x, long xOffset, int incx) {
        String routine = "zdscal";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Call call = Call.begin(routine, Precision.COMPLEX_DOUBLE)
                .vector("x", x, xOffset, n, incx).output()
                .check();
        if (call.skip) {
            return;
        }
        int inc = Quirks.scalIncrement(routine, n, incx);
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HZdscal.D.byAddress().invokeExact(call.critical, n, alpha, call.address(0), inc);
            } else {
                HZdscal.D.bySegment().invokeExact(call.critical, n, alpha, call.at(0), inc);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HZdscal {
        static final Downcall D = Downcall.of("cblas_zdscal", cblas_h.cblas_zdscal$descriptor());
    }

    /** Applies the plane rotation (c, s): (x_i, y_i) = (c x_i + s y_i, c y_i - s x_i) over n elements. */
    public static void zdrot(int n, MemorySegment x, long xOffset, int incx, MemorySegment y, long yOffset, int incy,
            double c, double s) {
        String routine = "zdrot";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Call call = Call.begin(routine, Precision.COMPLEX_DOUBLE)
                .vector("x", x, xOffset, n, incx).output()
                .vector("y", y, yOffset, n, incy).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HZdrot.D.byAddress().invokeExact(call.critical, n, call.address(0), incx, call.address(1), incy, c, s);
            } else {
                HZdrot.D.bySegment().invokeExact(call.critical, n, call.at(0), incx, call.at(1), incy, c, s);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HZdrot {
        static final Downcall D = Downcall.of("cblas_zdrot", cblas_h.cblas_zdrot$descriptor());
    }

    /** Constructs a complex Givens rotation: from (a, b
            ) computes r into a, the real c and the complex s (b is read only). */
    public static void zrotg(MemorySegment a, long aOffset, MemorySegment b, long bOffset, MemorySegment c,
            long cOffset, MemorySegment s, long sOffset) {
        String routine = "zrotg";
        Call call = Call.begin(routine, Precision.COMPLEX_DOUBLE)
                .contiguous("a", a, aOffset, 1).output()
                .contiguous("b", b, bOffset, 1)
                .realScalar("c", c, cOffset).output()
                .contiguous("s", s, sOffset, 1).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HZrotg.D.byAddress().invokeExact(call.critical, call.address(0), call.address(1), call.address(2),
                        call.address(3));
            } else {
                HZrotg.D.bySegment().invokeExact(call.critical, call.at(0), call.at(1), call.at(2), call.at(3));
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HZrotg {
        static final Downcall D = Downcall.of("cblas_zrotg", cblas_h.cblas_zrotg$descriptor());
    }

    /** alpha + x<sup>T</sup>y, accumulated in double, over n elements (alpha when n is 0). */
    public static float sdsdot(int n, float alpha, MemorySegment x, long xOffset, int incx, MemorySegment y,
            long yOffset, int incy) {
        String routine = "sdsdot";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Call call = Call.begin(routine, Precision.SINGLE)
                .vector("x", x, xOffset, n, incx)
                .vector("y", y, yOffset, n, incy)
                .check();
        if (call.skip) {
            return alpha;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                return (float) HSdsdot.D.byAddress().invokeExact(call.critical, n, alpha, call.address(0), incx,
                        call.address(1), incy);
            }
            return (float) HSdsdot.D.bySegment().invokeExact(call.critical, n, alpha, call.at(0), incx, call.at(1),
                    incy);
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HSdsdot {
        static final Downcall D = Downcall.of("cblas_sdsdot", cblas_h.cblas_sdsdot$descriptor());
    }

    /** x<sup>T</sup>y of float vectors, accumulated and returned in double (0 when n is 0). */
    public static double dsdot(int n, MemorySegment x, long xOffset, int incx, MemorySegment y, long yOffset, int incy
            ) {
        String routine = "dsdot";
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Call call = Call.begin(routine, Precision.SINGLE)
                .vector("x", x, xOffset, n, incx)
                .vector("y", y, yOffset, n, incy)
                .check();
        if (call.skip) {
            return 0;
        }
        call.done();
        // Computed here: OpenBLAS 0.3.31's cblas_dsdot loses the double accumulation it promises
        // (native/src/test/c/openblas_ssum_dsdot_unit_stride.c).
        return Quirks.dsdot(n, x, xOffset, incx, y, yOffset, incy);
    }

    // ---- level 2 ---------------------------------------------------------------------------------------------

    /** y = alpha * op(A) * x + beta * y, A stored m x n; x has n elements (m when transposed), y has m (n). */
    public static void sgemv(Layout layout, Transpose trans, int m, int n, float alpha, MemorySegment a, long aOffset,
            int lda, MemorySegment x, long xOffset, int incx, float beta, MemorySegment y, long yOffset, int incy) {
        String routine = "sgemv";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "trans", trans);
        Checks.nonNegative(routine, "m", m);
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        boolean empty = m == 0 || n == 0; // BLAS then returns at once, y untouched
        Call call = Call.begin(routine, Precision.SINGLE)
                .general("A", a, aOffset, layout, m, n, lda)
                .vector("x", x, xOffset, empty ? 0 : trans.transposed() ? m : n, incx)
                .vector("y", y, yOffset, empty ? 0 : trans.transposed() ? n : m, incy).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HSgemv.D.byAddress().invokeExact(call.critical, layout.code(), trans.code(), m, n, alpha,
                        call.address(0), lda, call.address(1), incx, beta, call.address(2), incy);
            } else {
                HSgemv.D.bySegment().invokeExact(call.critical, layout.code(), trans.code(), m, n, alpha, call.at(0),
                        lda, call.at(1), incx, beta, call.at(2), incy);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HSgemv {
        static final Downcall D = Downcall.of("cblas_sgemv", cblas_h.cblas_sgemv$descriptor());
    }

    /**
     * y = alpha * op(A) * x + beta * y, A an m x n band matrix with kl sub- and ku super-diagonals in band storage (lda
     * >= kl + ku + 1).
     */
    public static void sgbmv(Layout layout, Transpose trans, int m, int n, int kl, int ku, float alpha, MemorySegment a,
            long aOffset, int lda, MemorySegment x, long xOffset, int incx, float beta, MemorySegment y, long yOffset,
            int incy) {
        String routine = "sgbmv";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "trans", trans);
        Checks.nonNegative(routine, "m", m);
        Checks.nonNegative(routine, "n", n);
        Checks.nonNegative(routine, "kl", kl);
        Checks.nonNegative(routine, "ku", ku);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        boolean empty = m == 0 || n == 0;
        Call call = Call.begin(routine, Precision.SINGLE)
                .band("A", a, aOffset, layout, m, n, kl, ku, lda)
                .vector("x", x, xOffset, empty ? 0 : trans.transposed() ? m : n, incx)
                .vector("y", y, yOffset, empty ? 0 : trans.transposed() ? n : m, incy).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HSgbmv.D.byAddress().invokeExact(call.critical, layout.code(), trans.code(), m, n, kl, ku, alpha,
                        call.address(0), lda, call.address(1), incx, beta, call.address(2), incy);
            } else {
                HSgbmv.D.bySegment().invokeExact(call.critical, layout.code(), trans.code(), m, n, kl, ku, alpha,
                        call.at(0), lda, call.at(1), incx, beta, call.at(2), incy);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HSgbmv {
        static final Downcall D = Downcall.of("cblas_sgbmv", cblas_h.cblas_sgbmv$descriptor());
    }

    /** A = alpha * x * y<sup>T</sup> + A, A m x n, x of m and y of n elements. */
    public static void sger(Layout layout, int m, int n, float alpha, MemorySegment x, long xOffset, int incx,
            MemorySegment y, long yOffset, int incy, MemorySegment a, long aOffset, int lda) {
        String routine = "sger";
        Checks.notNull(routine, "layout", layout);
        Checks.nonNegative(routine, "m", m);
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        boolean empty = m == 0 || n == 0;
        Call call = Call.begin(routine, Precision.SINGLE)
                .vector("x", x, xOffset, empty ? 0 : m, incx)
                .vector("y", y, yOffset, empty ? 0 : n, incy)
                .general("A", a, aOffset, layout, m, n, lda).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HSger.D.byAddress().invokeExact(call.critical, layout.code(), m, n, alpha, call.address(0), incx,
                        call.address(1), incy, call.address(2), lda);
            } else {
                HSger.D.bySegment().invokeExact(call.critical, layout.code(), m, n, alpha, call.at(0), incx,
                        call.at(1), incy, call.at(2), lda);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HSger {
        static final Downcall D = Downcall.of("cblas_sger", cblas_h.cblas_sger$descriptor());
    }

    /** x = op(A) * x, A an n x n triangular matrix (only its uplo triangle is read; not the diagonal when unit). */
    public static void strmv(Layout layout, Uplo uplo, Transpose trans, Diag diag, int n, MemorySegment a, long aOffset,
            int lda, MemorySegment x, long xOffset, int incx) {
        String routine = "strmv";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.notNull(routine, "trans", trans);
        Checks.notNull(routine, "diag", diag);
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Call call = Call.begin(routine, Precision.SINGLE)
                .triangle("A", a, aOffset, layout, uplo, diag, n, lda)
                .vector("x", x, xOffset, n, incx).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HStrmv.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), diag.code(),
                        n, call.address(0), lda, call.address(1), incx);
            } else {
                HStrmv.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), diag.code(),
                        n, call.at(0), lda, call.at(1), incx);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HStrmv {
        static final Downcall D = Downcall.of("cblas_strmv", cblas_h.cblas_strmv$descriptor());
    }

    /**
     * Solves op(A) * x = b, b given in x, A an n x n triangular matrix (only its uplo triangle is read; not the
     * diagonal when unit).
     */
    public static void strsv(Layout layout, Uplo uplo, Transpose trans, Diag diag, int n, MemorySegment a, long aOffset,
            int lda, MemorySegment x, long xOffset, int incx) {
        String routine = "strsv";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.notNull(routine, "trans", trans);
        Checks.notNull(routine, "diag", diag);
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Call call = Call.begin(routine, Precision.SINGLE)
                .triangle("A", a, aOffset, layout, uplo, diag, n, lda)
                .vector("x", x, xOffset, n, incx).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HStrsv.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), diag.code(),
                        n, call.address(0), lda, call.address(1), incx);
            } else {
                HStrsv.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), diag.code(),
                        n, call.at(0), lda, call.at(1), incx);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HStrsv {
        static final Downcall D = Downcall.of("cblas_strsv", cblas_h.cblas_strsv$descriptor());
    }

    /** x = op(A) * x, A an n x n triangular band matrix with k off-diagonals in band storage (lda >= k + 1). */
    public static void stbmv(Layout layout, Uplo uplo, Transpose trans, Diag diag, int n, int k, MemorySegment a,
            long aOffset, int lda, MemorySegment x, long xOffset, int incx) {
        String routine = "stbmv";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.notNull(routine, "trans", trans);
        Checks.notNull(routine, "diag", diag);
        Checks.nonNegative(routine, "n", n);
        Checks.nonNegative(routine, "k", k);
        Checks.increment(routine, "incx", incx);
        Call call = Call.begin(routine, Precision.SINGLE)
                .triangularBand("A", a, aOffset, layout, uplo, n, k, lda)
                .vector("x", x, xOffset, n, incx).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HStbmv.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), diag.code(),
                        n, k, call.address(0), lda, call.address(1), incx);
            } else {
                HStbmv.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), diag.code(),
                        n, k, call.at(0), lda, call.at(1), incx);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HStbmv {
        static final Downcall D = Downcall.of("cblas_stbmv", cblas_h.cblas_stbmv$descriptor());
    }

    /**
     * Solves op(A) * x = b, b given in x, A an n x n triangular band matrix with k off-diagonals in band storage (lda
     * >= k + 1).
     */
    public static void stbsv(Layout layout, Uplo uplo, Transpose trans, Diag diag, int n, int k, MemorySegment a,
            long aOffset, int lda, MemorySegment x, long xOffset, int incx) {
        String routine = "stbsv";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.notNull(routine, "trans", trans);
        Checks.notNull(routine, "diag", diag);
        Checks.nonNegative(routine, "n", n);
        Checks.nonNegative(routine, "k", k);
        Checks.increment(routine, "incx", incx);
        Call call = Call.begin(routine, Precision.SINGLE)
                .triangularBand("A", a, aOffset, layout, uplo, n, k, lda)
                .vector("x", x, xOffset, n, incx).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HStbsv.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), diag.code(),
                        n, k, call.address(0), lda, call.address(1), incx);
            } else {
                HStbsv.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), diag.code(),
                        n, k, call.at(0), lda, call.at(1), incx);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HStbsv {
        static final Downcall D = Downcall.of("cblas_stbsv", cblas_h.cblas_stbsv$descriptor());
    }

    /** x = op(A) * x, A an n x n triangular matrix packed into n(n+1)/2 elements. */
    public static void stpmv(Layout layout, Uplo uplo, Transpose trans, Diag diag, int n, MemorySegment ap,
            long apOffset, MemorySegment x, long xOffset, int incx) {
        String routine = "stpmv";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.notNull(routine, "trans", trans);
        Checks.notNull(routine, "diag", diag);
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Call call = Call.begin(routine, Precision.SINGLE)
                .packed("AP", ap, apOffset, n)
                .vector("x", x, xOffset, n, incx).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HStpmv.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), diag.code(),
                        n, call.address(0), call.address(1), incx);
            } else {
                HStpmv.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), diag.code(),
                        n, call.at(0), call.at(1), incx);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HStpmv {
        static final Downcall D = Downcall.of("cblas_stpmv", cblas_h.cblas_stpmv$descriptor());
    }

    /** Solves op(A) * x = b, b given in x, A an n x n triangular matrix packed into n(n+1)/2 elements. */
    public static void stpsv(Layout layout, Uplo uplo, Transpose trans, Diag diag, int n, MemorySegment ap,
            long apOffset, MemorySegment x, long xOffset, int incx) {
        String routine = "stpsv";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.notNull(routine, "trans", trans);
        Checks.notNull(routine, "diag", diag);
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Call call = Call.begin(routine, Precision.SINGLE)
                .packed("AP", ap, apOffset, n)
                .vector("x", x, xOffset, n, incx).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HStpsv.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), diag.code(),
                        n, call.address(0), call.address(1), incx);
            } else {
                HStpsv.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), diag.code(),
                        n, call.at(0), call.at(1), incx);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HStpsv {
        static final Downcall D = Downcall.of("cblas_stpsv", cblas_h.cblas_stpsv$descriptor());
    }

    /** y = alpha * A * x + beta * y, A n x n symmetric (only its uplo triangle is read). */
    public static void ssymv(Layout layout, Uplo uplo, int n, float alpha, MemorySegment a, long aOffset, int lda,
            MemorySegment x, long xOffset, int incx, float beta, MemorySegment y, long yOffset, int incy) {
        String routine = "ssymv";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Call call = Call.begin(routine, Precision.SINGLE)
                .triangle("A", a, aOffset, layout, uplo, Diag.NON_UNIT, n, lda)
                .vector("x", x, xOffset, n, incx)
                .vector("y", y, yOffset, n, incy).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HSsymv.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), n, alpha, call.address(0),
                        lda, call.address(1), incx, beta, call.address(2), incy);
            } else {
                HSsymv.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), n, alpha, call.at(0), lda,
                        call.at(1), incx, beta, call.at(2), incy);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HSsymv {
        static final Downcall D = Downcall.of("cblas_ssymv", cblas_h.cblas_ssymv$descriptor());
    }

    /**
     * y = alpha * A * x + beta * y, A n x n symmetric band with k off-diagonals, its uplo half in band storage (lda >=
     * k + 1).
     */
    public static void ssbmv(Layout layout, Uplo uplo, int n, int k, float alpha, MemorySegment a, long aOffset,
            int lda, MemorySegment x, long xOffset, int incx, float beta, MemorySegment y, long yOffset, int incy) {
        String routine = "ssbmv";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.nonNegative(routine, "n", n);
        Checks.nonNegative(routine, "k", k);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Call call = Call.begin(routine, Precision.SINGLE)
                .triangularBand("A", a, aOffset, layout, uplo, n, k, lda)
                .vector("x", x, xOffset, n, incx)
                .vector("y", y, yOffset, n, incy).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HSsbmv.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), n, k, alpha,
                        call.address(0), lda, call.address(1), incx, beta, call.address(2), incy);
            } else {
                HSsbmv.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), n, k, alpha, call.at(0),
                        lda, call.at(1), incx, beta, call.at(2), incy);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HSsbmv {
        static final Downcall D = Downcall.of("cblas_ssbmv", cblas_h.cblas_ssbmv$descriptor());
    }

    /** y = alpha * A * x + beta * y, A n x n symmetric with its uplo triangle packed into n(n+1)/2 elements. */
    public static void sspmv(Layout layout, Uplo uplo, int n, float alpha, MemorySegment ap, long apOffset,
            MemorySegment x, long xOffset, int incx, float beta, MemorySegment y, long yOffset, int incy) {
        String routine = "sspmv";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Call call = Call.begin(routine, Precision.SINGLE)
                .packed("AP", ap, apOffset, n)
                .vector("x", x, xOffset, n, incx)
                .vector("y", y, yOffset, n, incy).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HSspmv.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), n, alpha, call.address(0),
                        call.address(1), incx, beta, call.address(2), incy);
            } else {
                HSspmv.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), n, alpha, call.at(0),
                        call.at(1), incx, beta, call.at(2), incy);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HSspmv {
        static final Downcall D = Downcall.of("cblas_sspmv", cblas_h.cblas_sspmv$descriptor());
    }

    /** A = alpha * x * x<sup>T</sup> + A on the uplo triangle of the n x n symmetric A (alpha real). */
    public static void ssyr(Layout layout, Uplo uplo, int n, float alpha, MemorySegment x, long xOffset, int incx,
            MemorySegment a, long aOffset, int lda) {
        String routine = "ssyr";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Call call = Call.begin(routine, Precision.SINGLE)
                .vector("x", x, xOffset, n, incx)
                .triangle("A", a, aOffset, layout, uplo, Diag.NON_UNIT, n, lda).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HSsyr.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), n, alpha, call.address(0),
                        incx, call.address(1), lda);
            } else {
                HSsyr.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), n, alpha, call.at(0), incx,
                        call.at(1), lda);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HSsyr {
        static final Downcall D = Downcall.of("cblas_ssyr", cblas_h.cblas_ssyr$descriptor());
    }

    /** A = alpha * (x * y<sup>T</sup> + y * x<sup>T</sup>) + A on the uplo triangle of the n x n symmetric A. */
    public static void ssyr2(Layout layout, Uplo uplo, int n, float alpha, MemorySegment x, long xOffset, int incx,
            MemorySegment y, long yOffset, int incy, MemorySegment a, long aOffset, int lda) {
        String routine = "ssyr2";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Call call = Call.begin(routine, Precision.SINGLE)
                .vector("x", x, xOffset, n, incx)
                .vector("y", y, yOffset, n, incy)
                .triangle("A", a, aOffset, layout, uplo, Diag.NON_UNIT, n, lda).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HSsyr2.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), n, alpha, call.address(0),
                        incx, call.address(1), incy, call.address(2), lda);
            } else {
                HSsyr2.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), n, alpha, call.at(0),
                        incx, call.at(1), incy, call.at(2), lda);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HSsyr2 {
        static final Downcall D = Downcall.of("cblas_ssyr2", cblas_h.cblas_ssyr2$descriptor());
    }

    /**
     * A = alpha * x * x<sup>T</sup> + A, A n x n symmetric with its uplo triangle packed into n(n+1)/2 elements (alpha
     * real).
     */
    public static void sspr(Layout layout, Uplo uplo, int n, float alpha, MemorySegment x, long xOffset, int incx,
            MemorySegment ap, long apOffset) {
        String routine = "sspr";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Call call = Call.begin(routine, Precision.SINGLE)
                .vector("x", x, xOffset, n, incx)
                .packed("AP", ap, apOffset, n).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HSspr.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), n, alpha, call.address(0),
                        incx, call.address(1));
            } else {
                HSspr.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), n, alpha, call.at(0), incx,
                        call.at(1));
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HSspr {
        static final Downcall D = Downcall.of("cblas_sspr", cblas_h.cblas_sspr$descriptor());
    }

    /** The rank-2 update of ssyr2 on a packed symmetric A. */
    public static void sspr2(Layout layout, Uplo uplo, int n, float alpha, MemorySegment x, long xOffset, int incx,
            MemorySegment y, long yOffset, int incy, MemorySegment ap, long apOffset) {
        String routine = "sspr2";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Call call = Call.begin(routine, Precision.SINGLE)
                .vector("x", x, xOffset, n, incx)
                .vector("y", y, yOffset, n, incy)
                .packed("AP", ap, apOffset, n).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HSspr2.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), n, alpha, call.address(0),
                        incx, call.address(1), incy, call.address(2));
            } else {
                HSspr2.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), n, alpha, call.at(0),
                        incx, call.at(1), incy, call.at(2));
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HSspr2 {
        static final Downcall D = Downcall.of("cblas_sspr2", cblas_h.cblas_sspr2$descriptor());
    }

    /** y = alpha * op(A) * x + beta * y, A stored m x n; x has n elements (m when transposed), y has m (n). */
    public static void dgemv(Layout layout, Transpose trans, int m, int n, double alpha, MemorySegment a, long aOffset,
            int lda, MemorySegment x, long xOffset, int incx, double beta, MemorySegment y, long yOffset, int incy) {
        String routine = "dgemv";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "trans", trans);
        Checks.nonNegative(routine, "m", m);
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        boolean empty = m == 0 || n == 0; // BLAS then returns at once, y untouched
        Call call = Call.begin(routine, Precision.DOUBLE)
                .general("A", a, aOffset, layout, m, n, lda)
                .vector("x", x, xOffset, empty ? 0 : trans.transposed() ? m : n, incx)
                .vector("y", y, yOffset, empty ? 0 : trans.transposed() ? n : m, incy).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HDgemv.D.byAddress().invokeExact(call.critical, layout.code(), trans.code(), m, n, alpha,
                        call.address(0), lda, call.address(1), incx, beta, call.address(2), incy);
            } else {
                HDgemv.D.bySegment().invokeExact(call.critical, layout.code(), trans.code(), m, n, alpha, call.at(0),
                        lda, call.at(1), incx, beta, call.at(2), incy);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HDgemv {
        static final Downcall D = Downcall.of("cblas_dgemv", cblas_h.cblas_dgemv$descriptor());
    }

    /**
     * y = alpha * op(A) * x + beta * y, A an m x n band matrix with kl sub- and ku super-diagonals in band storage (lda
     * >= kl + ku + 1).
     */
    public static void dgbmv(Layout layout, Transpose trans, int m, int n, int kl, int ku, double alpha,
            MemorySegment a, long aOffset, int lda, MemorySegment x, long xOffset, int incx, double beta,
            MemorySegment y, long yOffset, int incy) {
        String routine = "dgbmv";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "trans", trans);
        Checks.nonNegative(routine, "m", m);
        Checks.nonNegative(routine, "n", n);
        Checks.nonNegative(routine, "kl", kl);
        Checks.nonNegative(routine, "ku", ku);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        boolean empty = m == 0 || n == 0;
        Call call = Call.begin(routine, Precision.DOUBLE)
                .band("A", a, aOffset, layout, m, n, kl, ku, lda)
                .vector("x", x, xOffset, empty ? 0 : trans.transposed() ? m : n, incx)
                .vector("y", y, yOffset, empty ? 0 : trans.transposed() ? n : m, incy).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HDgbmv.D.byAddress().invokeExact(call.critical, layout.code(), trans.code(), m, n, kl, ku, alpha,
                        call.address(0), lda, call.address(1), incx, beta, call.address(2), incy);
            } else {
                HDgbmv.D.bySegment().invokeExact(call.critical, layout.code(), trans.code(), m, n, kl, ku, alpha,
                        call.at(0), lda, call.at(1), incx, beta, call.at(2), incy);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HDgbmv {
        static final Downcall D = Downcall.of("cblas_dgbmv", cblas_h.cblas_dgbmv$descriptor());
    }

    /** A = alpha * x * y<sup>T</sup> + A, A m x n, x of m and y of n elements. */
    public static void dger(Layout layout, int m, int n, double alpha, MemorySegment x, long xOffset, int incx,
            MemorySegment y, long yOffset, int incy, MemorySegment a, long aOffset, int lda) {
        String routine = "dger";
        Checks.notNull(routine, "layout", layout);
        Checks.nonNegative(routine, "m", m);
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        boolean empty = m == 0 || n == 0;
        Call call = Call.begin(routine, Precision.DOUBLE)
                .vector("x", x, xOffset, empty ? 0 : m, incx)
                .vector("y", y, yOffset, empty ? 0 : n, incy)
                .general("A", a, aOffset, layout, m, n, lda).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HDger.D.byAddress().invokeExact(call.critical, layout.code(), m, n, alpha, call.address(0), incx,
                        call.address(1), incy, call.address(2), lda);
            } else {
                HDger.D.bySegment().invokeExact(call.critical, layout.code(), m, n, alpha, call.at(0), incx,
                        call.at(1), incy, call.at(2), lda);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HDger {
        static final Downcall D = Downcall.of("cblas_dger", cblas_h.cblas_dger$descriptor());
    }

    /** x = op(A) * x, A an n x n triangular matrix (only its uplo triangle is read; not the diagonal when unit). */
    public static void dtrmv(Layout layout, Uplo uplo, Transpose trans, Diag diag, int n, MemorySegment a, long aOffset,
            int lda, MemorySegment x, long xOffset, int incx) {
        String routine = "dtrmv";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.notNull(routine, "trans", trans);
        Checks.notNull(routine, "diag", diag);
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Call call = Call.begin(routine, Precision.DOUBLE)
                .triangle("A", a, aOffset, layout, uplo, diag, n, lda)
                .vector("x", x, xOffset, n, incx).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HDtrmv.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), diag.code(),
                        n, call.address(0), lda, call.address(1), incx);
            } else {
                HDtrmv.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), diag.code(),
                        n, call.at(0), lda, call.at(1), incx);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HDtrmv {
        static final Downcall D = Downcall.of("cblas_dtrmv", cblas_h.cblas_dtrmv$descriptor());
    }

    /**
     * Solves op(A) * x = b, b given in x, A an n x n triangular matrix (only its uplo triangle is read; not the
     * diagonal when unit).
     */
    public static void dtrsv(Layout layout, Uplo uplo, Transpose trans, Diag diag, int n, MemorySegment a, long aOffset,
            int lda, MemorySegment x, long xOffset, int incx) {
        String routine = "dtrsv";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.notNull(routine, "trans", trans);
        Checks.notNull(routine, "diag", diag);
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Call call = Call.begin(routine, Precision.DOUBLE)
                .triangle("A", a, aOffset, layout, uplo, diag, n, lda)
                .vector("x", x, xOffset, n, incx).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HDtrsv.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), diag.code(),
                        n, call.address(0), lda, call.address(1), incx);
            } else {
                HDtrsv.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), diag.code(),
                        n, call.at(0), lda, call.at(1), incx);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HDtrsv {
        static final Downcall D = Downcall.of("cblas_dtrsv", cblas_h.cblas_dtrsv$descriptor());
    }

    /** x = op(A) * x, A an n x n triangular band matrix with k off-diagonals in band storage (lda >= k + 1). */
    public static void dtbmv(Layout layout, Uplo uplo, Transpose trans, Diag diag, int n, int k, MemorySegment a,
            long aOffset, int lda, MemorySegment x, long xOffset, int incx) {
        String routine = "dtbmv";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.notNull(routine, "trans", trans);
        Checks.notNull(routine, "diag", diag);
        Checks.nonNegative(routine, "n", n);
        Checks.nonNegative(routine, "k", k);
        Checks.increment(routine, "incx", incx);
        Call call = Call.begin(routine, Precision.DOUBLE)
                .triangularBand("A", a, aOffset, layout, uplo, n, k, lda)
                .vector("x", x, xOffset, n, incx).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HDtbmv.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), diag.code(),
                        n, k, call.address(0), lda, call.address(1), incx);
            } else {
                HDtbmv.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), diag.code(),
                        n, k, call.at(0), lda, call.at(1), incx);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HDtbmv {
        static final Downcall D = Downcall.of("cblas_dtbmv", cblas_h.cblas_dtbmv$descriptor());
    }

    /**
     * Solves op(A) * x = b, b given in x, A an n x n triangular band matrix with k off-diagonals in band storage (lda
     * >= k + 1).
     */
    public static void dtbsv(Layout layout, Uplo uplo, Transpose trans, Diag diag, int n, int k, MemorySegment a,
            long aOffset, int lda, MemorySegment x, long xOffset, int incx) {
        String routine = "dtbsv";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.notNull(routine, "trans", trans);
        Checks.notNull(routine, "diag", diag);
        Checks.nonNegative(routine, "n", n);
        Checks.nonNegative(routine, "k", k);
        Checks.increment(routine, "incx", incx);
        Call call = Call.begin(routine, Precision.DOUBLE)
                .triangularBand("A", a, aOffset, layout, uplo, n, k, lda)
                .vector("x", x, xOffset, n, incx).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HDtbsv.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), diag.code(),
                        n, k, call.address(0), lda, call.address(1), incx);
            } else {
                HDtbsv.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), diag.code(),
                        n, k, call.at(0), lda, call.at(1), incx);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HDtbsv {
        static final Downcall D = Downcall.of("cblas_dtbsv", cblas_h.cblas_dtbsv$descriptor());
    }

    /** x = op(A) * x, A an n x n triangular matrix packed into n(n+1)/2 elements. */
    public static void dtpmv(Layout layout, Uplo uplo, Transpose trans, Diag diag, int n, MemorySegment ap,
            long apOffset, MemorySegment x, long xOffset, int incx) {
        String routine = "dtpmv";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.notNull(routine, "trans", trans);
        Checks.notNull(routine, "diag", diag);
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Call call = Call.begin(routine, Precision.DOUBLE)
                .packed("AP", ap, apOffset, n)
                .vector("x", x, xOffset, n, incx).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HDtpmv.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), diag.code(),
                        n, call.address(0), call.address(1), incx);
            } else {
                HDtpmv.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), diag.code(),
                        n, call.at(0), call.at(1), incx);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HDtpmv {
        static final Downcall D = Downcall.of("cblas_dtpmv", cblas_h.cblas_dtpmv$descriptor());
    }

    /** Solves op(A) * x = b, b given in x, A an n x n triangular matrix packed into n(n+1)/2 elements. */
    public static void dtpsv(Layout layout, Uplo uplo, Transpose trans, Diag diag, int n, MemorySegment ap,
            long apOffset, MemorySegment x, long xOffset, int incx) {
        String routine = "dtpsv";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.notNull(routine, "trans", trans);
        Checks.notNull(routine, "diag", diag);
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Call call = Call.begin(routine, Precision.DOUBLE)
                .packed("AP", ap, apOffset, n)
                .vector("x", x, xOffset, n, incx).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HDtpsv.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), diag.code(),
                        n, call.address(0), call.address(1), incx);
            } else {
                HDtpsv.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), diag.code(),
                        n, call.at(0), call.at(1), incx);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HDtpsv {
        static final Downcall D = Downcall.of("cblas_dtpsv", cblas_h.cblas_dtpsv$descriptor());
    }

    /** y = alpha * A * x + beta * y, A n x n symmetric (only its uplo triangle is read). */
    public static void dsymv(Layout layout, Uplo uplo, int n, double alpha, MemorySegment a, long aOffset, int lda,
            MemorySegment x, long xOffset, int incx, double beta, MemorySegment y, long yOffset, int incy) {
        String routine = "dsymv";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Call call = Call.begin(routine, Precision.DOUBLE)
                .triangle("A", a, aOffset, layout, uplo, Diag.NON_UNIT, n, lda)
                .vector("x", x, xOffset, n, incx)
                .vector("y", y, yOffset, n, incy).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HDsymv.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), n, alpha, call.address(0),
                        lda, call.address(1), incx, beta, call.address(2), incy);
            } else {
                HDsymv.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), n, alpha, call.at(0), lda,
                        call.at(1), incx, beta, call.at(2), incy);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HDsymv {
        static final Downcall D = Downcall.of("cblas_dsymv", cblas_h.cblas_dsymv$descriptor());
    }

    /**
     * y = alpha * A * x + beta * y, A n x n symmetric band with k off-diagonals, its uplo half in band storage (lda >=
     * k + 1).
     */
    public static void dsbmv(Layout layout, Uplo uplo, int n, int k, double alpha, MemorySegment a, long aOffset,
            int lda, MemorySegment x, long xOffset, int incx, double beta, MemorySegment y, long yOffset, int incy) {
        String routine = "dsbmv";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.nonNegative(routine, "n", n);
        Checks.nonNegative(routine, "k", k);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Call call = Call.begin(routine, Precision.DOUBLE)
                .triangularBand("A", a, aOffset, layout, uplo, n, k, lda)
                .vector("x", x, xOffset, n, incx)
                .vector("y", y, yOffset, n, incy).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HDsbmv.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), n, k, alpha,
                        call.address(0), lda, call.address(1), incx, beta, call.address(2), incy);
            } else {
                HDsbmv.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), n, k, alpha, call.at(0),
                        lda, call.at(1), incx, beta, call.at(2), incy);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HDsbmv {
        static final Downcall D = Downcall.of("cblas_dsbmv", cblas_h.cblas_dsbmv$descriptor());
    }

    /** y = alpha * A * x + beta * y, A n x n symmetric with its uplo triangle packed into n(n+1)/2 elements. */
    public static void dspmv(Layout layout, Uplo uplo, int n, double alpha, MemorySegment ap, long apOffset,
            MemorySegment x, long xOffset, int incx, double beta, MemorySegment y, long yOffset, int incy) {
        String routine = "dspmv";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Call call = Call.begin(routine, Precision.DOUBLE)
                .packed("AP", ap, apOffset, n)
                .vector("x", x, xOffset, n, incx)
                .vector("y", y, yOffset, n, incy).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HDspmv.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), n, alpha, call.address(0),
                        call.address(1), incx, beta, call.address(2), incy);
            } else {
                HDspmv.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), n, alpha, call.at(0),
                        call.at(1), incx, beta, call.at(2), incy);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HDspmv {
        static final Downcall D = Downcall.of("cblas_dspmv", cblas_h.cblas_dspmv$descriptor());
    }

    /** A = alpha * x * x<sup>T</sup> + A on the uplo triangle of the n x n symmetric A (alpha real). */
    public static void dsyr(Layout layout, Uplo uplo, int n, double alpha, MemorySegment x, long xOffset, int incx,
            MemorySegment a, long aOffset, int lda) {
        String routine = "dsyr";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Call call = Call.begin(routine, Precision.DOUBLE)
                .vector("x", x, xOffset, n, incx)
                .triangle("A", a, aOffset, layout, uplo, Diag.NON_UNIT, n, lda).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HDsyr.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), n, alpha, call.address(0),
                        incx, call.address(1), lda);
            } else {
                HDsyr.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), n, alpha, call.at(0), incx,
                        call.at(1), lda);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HDsyr {
        static final Downcall D = Downcall.of("cblas_dsyr", cblas_h.cblas_dsyr$descriptor());
    }

    /** A = alpha * (x * y<sup>T</sup> + y * x<sup>T</sup>) + A on the uplo triangle of the n x n symmetric A. */
    public static void dsyr2(Layout layout, Uplo uplo, int n, double alpha, MemorySegment x, long xOffset, int incx,
            MemorySegment y, long yOffset, int incy, MemorySegment a, long aOffset, int lda) {
        String routine = "dsyr2";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Call call = Call.begin(routine, Precision.DOUBLE)
                .vector("x", x, xOffset, n, incx)
                .vector("y", y, yOffset, n, incy)
                .triangle("A", a, aOffset, layout, uplo, Diag.NON_UNIT, n, lda).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HDsyr2.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), n, alpha, call.address(0),
                        incx, call.address(1), incy, call.address(2), lda);
            } else {
                HDsyr2.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), n, alpha, call.at(0),
                        incx, call.at(1), incy, call.at(2), lda);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HDsyr2 {
        static final Downcall D = Downcall.of("cblas_dsyr2", cblas_h.cblas_dsyr2$descriptor());
    }

    /**
     * A = alpha * x * x<sup>T</sup> + A, A n x n symmetric with its uplo triangle packed into n(n+1)/2 elements (alpha
     * real).
     */
    public static void dspr(Layout layout, Uplo uplo, int n, double alpha, MemorySegment x, long xOffset, int incx,
            MemorySegment ap, long apOffset) {
        String routine = "dspr";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Call call = Call.begin(routine, Precision.DOUBLE)
                .vector("x", x, xOffset, n, incx)
                .packed("AP", ap, apOffset, n).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HDspr.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), n, alpha, call.address(0),
                        incx, call.address(1));
            } else {
                HDspr.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), n, alpha, call.at(0), incx,
                        call.at(1));
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HDspr {
        static final Downcall D = Downcall.of("cblas_dspr", cblas_h.cblas_dspr$descriptor());
    }

    /** The rank-2 update of dsyr2 on a packed symmetric A. */
    public static void dspr2(Layout layout, Uplo uplo, int n, double alpha, MemorySegment x, long xOffset, int incx,
            MemorySegment y, long yOffset, int incy, MemorySegment ap, long apOffset) {
        String routine = "dspr2";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Call call = Call.begin(routine, Precision.DOUBLE)
                .vector("x", x, xOffset, n, incx)
                .vector("y", y, yOffset, n, incy)
                .packed("AP", ap, apOffset, n).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HDspr2.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), n, alpha, call.address(0),
                        incx, call.address(1), incy, call.address(2));
            } else {
                HDspr2.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), n, alpha, call.at(0),
                        incx, call.at(1), incy, call.at(2));
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HDspr2 {
        static final Downcall D = Downcall.of("cblas_dspr2", cblas_h.cblas_dspr2$descriptor());
    }

    /** y = alpha * op(A) * x + beta * y, A stored m x n; x has n elements (m when transposed), y has m (n). */
    public static void cgemv(Layout layout, Transpose trans, int m, int n, ComplexFloat alpha, MemorySegment a,
            long aOffset, int lda, MemorySegment x, long xOffset, int incx, ComplexFloat beta, MemorySegment y,
            long yOffset, int incy) {
        String routine = "cgemv";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "trans", trans);
        Checks.nonNegative(routine, "m", m);
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Checks.notNull(routine, "alpha", alpha);
        Checks.notNull(routine, "beta", beta);
        boolean empty = m == 0 || n == 0; // BLAS then returns at once, y untouched
        Call call = Call.begin(routine, Precision.COMPLEX_SINGLE)
                .general("A", a, aOffset, layout, m, n, lda)
                .vector("x", x, xOffset, empty ? 0 : trans.transposed() ? m : n, incx)
                .vector("y", y, yOffset, empty ? 0 : trans.transposed() ? n : m, incy).output()
                .check();
        if (call.skip) {
            return;
        }
        MemorySegment room = Scalars.room();
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HCgemv.D.byAddress().invokeExact(call.critical, layout.code(), trans.code(), m, n, Scalars.alpha(room,
                        alpha).address(), call.address(0), lda, call.address(1), incx, Scalars.beta(room,
                        beta).address(), call.address(2), incy);
            } else {
                HCgemv.D.bySegment().invokeExact(call.critical, layout.code(), trans.code(), m, n, Scalars.alpha(room,
                        alpha), call.at(0), lda, call.at(1), incx, Scalars.beta(room, beta), call.at(2), incy);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HCgemv {
        static final Downcall D = Downcall.of("cblas_cgemv", cblas_h.cblas_cgemv$descriptor());
    }

    /**
     * y = alpha * op(A) * x + beta * y, A an m x n band matrix with kl sub- and ku super-diagonals in band storage (lda
     * >= kl + ku + 1).
     */
    public static void cgbmv(Layout layout, Transpose trans, int m, int n, int kl, int ku, ComplexFloat alpha,
            MemorySegment a, long aOffset, int lda, MemorySegment x, long xOffset, int incx, ComplexFloat beta,
            MemorySegment y, long yOffset, int incy) {
        String routine = "cgbmv";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "trans", trans);
        Checks.nonNegative(routine, "m", m);
        Checks.nonNegative(routine, "n", n);
        Checks.nonNegative(routine, "kl", kl);
        Checks.nonNegative(routine, "ku", ku);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Checks.notNull(routine, "alpha", alpha);
        Checks.notNull(routine, "beta", beta);
        boolean empty = m == 0 || n == 0;
        Call call = Call.begin(routine, Precision.COMPLEX_SINGLE)
                .band("A", a, aOffset, layout, m, n, kl, ku, lda)
                .vector("x", x, xOffset, empty ? 0 : trans.transposed() ? m : n, incx)
                .vector("y", y, yOffset, empty ? 0 : trans.transposed() ? n : m, incy).output()
                .check();
        if (call.skip) {
            return;
        }
        MemorySegment room = Scalars.room();
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HCgbmv.D.byAddress().invokeExact(call.critical, layout.code(), trans.code(), m, n, kl, ku,
                        Scalars.alpha(room, alpha).address(), call.address(0), lda, call.address(1), incx,
                        Scalars.beta(room, beta).address(), call.address(2), incy);
            } else {
                HCgbmv.D.bySegment().invokeExact(call.critical, layout.code(), trans.code(), m, n, kl, ku,
                        Scalars.alpha(room, alpha), call.at(0), lda, call.at(1), incx, Scalars.beta(room, beta),
                        call.at(2), incy);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HCgbmv {
        static final Downcall D = Downcall.of("cblas_cgbmv", cblas_h.cblas_cgbmv$descriptor());
    }

    /** A = alpha * x * y<sup>T</sup> + A, A m x n, x of m and y of n elements. */
    public static void cgeru(Layout layout, int m, int n, ComplexFloat alpha, MemorySegment x, long xOffset, int incx,
            MemorySegment y, long yOffset, int incy, MemorySegment a, long aOffset, int lda) {
        String routine = "cgeru";
        Checks.notNull(routine, "layout", layout);
        Checks.nonNegative(routine, "m", m);
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Checks.notNull(routine, "alpha", alpha);
        boolean empty = m == 0 || n == 0;
        Call call = Call.begin(routine, Precision.COMPLEX_SINGLE)
                .vector("x", x, xOffset, empty ? 0 : m, incx)
                .vector("y", y, yOffset, empty ? 0 : n, incy)
                .general("A", a, aOffset, layout, m, n, lda).output()
                .check();
        if (call.skip) {
            return;
        }
        MemorySegment room = Scalars.room();
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HCgeru.D.byAddress().invokeExact(call.critical, layout.code(), m, n, Scalars.alpha(room,
                        alpha).address(), call.address(0), incx, call.address(1), incy, call.address(2), lda);
            } else {
                HCgeru.D.bySegment().invokeExact(call.critical, layout.code(), m, n, Scalars.alpha(room, alpha),
                        call.at(0), incx, call.at(1), incy, call.at(2), lda);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HCgeru {
        static final Downcall D = Downcall.of("cblas_cgeru", cblas_h.cblas_cgeru$descriptor());
    }

    /** A = alpha * x * y<sup>H</sup> + A, A m x n, x of m and y of n elements. */
    public static void cgerc(Layout layout, int m, int n, ComplexFloat alpha, MemorySegment x, long xOffset, int incx,
            MemorySegment y, long yOffset, int incy, MemorySegment a, long aOffset, int lda) {
        String routine = "cgerc";
        Checks.notNull(routine, "layout", layout);
        Checks.nonNegative(routine, "m", m);
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Checks.notNull(routine, "alpha", alpha);
        boolean empty = m == 0 || n == 0;
        Call call = Call.begin(routine, Precision.COMPLEX_SINGLE)
                .vector("x", x, xOffset, empty ? 0 : m, incx)
                .vector("y", y, yOffset, empty ? 0 : n, incy)
                .general("A", a, aOffset, layout, m, n, lda).output()
                .check();
        if (call.skip) {
            return;
        }
        MemorySegment room = Scalars.room();
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HCgerc.D.byAddress().invokeExact(call.critical, layout.code(), m, n, Scalars.alpha(room,
                        alpha).address(), call.address(0), incx, call.address(1), incy, call.address(2), lda);
            } else {
                HCgerc.D.bySegment().invokeExact(call.critical, layout.code(), m, n, Scalars.alpha(room, alpha),
                        call.at(0), incx, call.at(1), incy, call.at(2), lda);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HCgerc {
        static final Downcall D = Downcall.of("cblas_cgerc", cblas_h.cblas_cgerc$descriptor());
    }

    /** x = op(A) * x, A an n x n triangular matrix (only its uplo triangle is read; not the diagonal when unit). */
    public static void ctrmv(Layout layout, Uplo uplo, Transpose trans, Diag diag, int n, MemorySegment a, long aOffset,
            int lda, MemorySegment x, long xOffset, int incx) {
        String routine = "ctrmv";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.notNull(routine, "trans", trans);
        Checks.notNull(routine, "diag", diag);
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Call call = Call.begin(routine, Precision.COMPLEX_SINGLE)
                .triangle("A", a, aOffset, layout, uplo, diag, n, lda)
                .vector("x", x, xOffset, n, incx).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HCtrmv.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), diag.code(),
                        n, call.address(0), lda, call.address(1), incx);
            } else {
                HCtrmv.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), diag.code(),
                        n, call.at(0), lda, call.at(1), incx);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HCtrmv {
        static final Downcall D = Downcall.of("cblas_ctrmv", cblas_h.cblas_ctrmv$descriptor());
    }

    /**
     * Solves op(A) * x = b, b given in x, A an n x n triangular matrix (only its uplo triangle is read; not the
     * diagonal when unit).
     */
    public static void ctrsv(Layout layout, Uplo uplo, Transpose trans, Diag diag, int n, MemorySegment a, long aOffset,
            int lda, MemorySegment x, long xOffset, int incx) {
        String routine = "ctrsv";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.notNull(routine, "trans", trans);
        Checks.notNull(routine, "diag", diag);
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Call call = Call.begin(routine, Precision.COMPLEX_SINGLE)
                .triangle("A", a, aOffset, layout, uplo, diag, n, lda)
                .vector("x", x, xOffset, n, incx).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HCtrsv.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), diag.code(),
                        n, call.address(0), lda, call.address(1), incx);
            } else {
                HCtrsv.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), diag.code(),
                        n, call.at(0), lda, call.at(1), incx);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HCtrsv {
        static final Downcall D = Downcall.of("cblas_ctrsv", cblas_h.cblas_ctrsv$descriptor());
    }

    /** x = op(A) * x, A an n x n triangular band matrix with k off-diagonals in band storage (lda >= k + 1). */
    public static void ctbmv(Layout layout, Uplo uplo, Transpose trans, Diag diag, int n, int k, MemorySegment a,
            long aOffset, int lda, MemorySegment x, long xOffset, int incx) {
        String routine = "ctbmv";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.notNull(routine, "trans", trans);
        Checks.notNull(routine, "diag", diag);
        Checks.nonNegative(routine, "n", n);
        Checks.nonNegative(routine, "k", k);
        Checks.increment(routine, "incx", incx);
        Call call = Call.begin(routine, Precision.COMPLEX_SINGLE)
                .triangularBand("A", a, aOffset, layout, uplo, n, k, lda)
                .vector("x", x, xOffset, n, incx).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HCtbmv.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), diag.code(),
                        n, k, call.address(0), lda, call.address(1), incx);
            } else {
                HCtbmv.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), diag.code(),
                        n, k, call.at(0), lda, call.at(1), incx);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HCtbmv {
        static final Downcall D = Downcall.of("cblas_ctbmv", cblas_h.cblas_ctbmv$descriptor());
    }

    /**
     * Solves op(A) * x = b, b given in x, A an n x n triangular band matrix with k off-diagonals in band storage (lda
     * >= k + 1).
     */
    public static void ctbsv(Layout layout, Uplo uplo, Transpose trans, Diag diag, int n, int k, MemorySegment a,
            long aOffset, int lda, MemorySegment x, long xOffset, int incx) {
        String routine = "ctbsv";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.notNull(routine, "trans", trans);
        Checks.notNull(routine, "diag", diag);
        Checks.nonNegative(routine, "n", n);
        Checks.nonNegative(routine, "k", k);
        Checks.increment(routine, "incx", incx);
        Call call = Call.begin(routine, Precision.COMPLEX_SINGLE)
                .triangularBand("A", a, aOffset, layout, uplo, n, k, lda)
                .vector("x", x, xOffset, n, incx).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HCtbsv.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), diag.code(),
                        n, k, call.address(0), lda, call.address(1), incx);
            } else {
                HCtbsv.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), diag.code(),
                        n, k, call.at(0), lda, call.at(1), incx);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HCtbsv {
        static final Downcall D = Downcall.of("cblas_ctbsv", cblas_h.cblas_ctbsv$descriptor());
    }

    /** x = op(A) * x, A an n x n triangular matrix packed into n(n+1)/2 elements. */
    public static void ctpmv(Layout layout, Uplo uplo, Transpose trans, Diag diag, int n, MemorySegment ap,
            long apOffset, MemorySegment x, long xOffset, int incx) {
        String routine = "ctpmv";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.notNull(routine, "trans", trans);
        Checks.notNull(routine, "diag", diag);
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Call call = Call.begin(routine, Precision.COMPLEX_SINGLE)
                .packed("AP", ap, apOffset, n)
                .vector("x", x, xOffset, n, incx).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HCtpmv.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), diag.code(),
                        n, call.address(0), call.address(1), incx);
            } else {
                HCtpmv.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), diag.code(),
                        n, call.at(0), call.at(1), incx);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HCtpmv {
        static final Downcall D = Downcall.of("cblas_ctpmv", cblas_h.cblas_ctpmv$descriptor());
    }

    /** Solves op(A) * x = b, b given in x, A an n x n triangular matrix packed into n(n+1)/2 elements. */
    public static void ctpsv(Layout layout, Uplo uplo, Transpose trans, Diag diag, int n, MemorySegment ap,
            long apOffset, MemorySegment x, long xOffset, int incx) {
        String routine = "ctpsv";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.notNull(routine, "trans", trans);
        Checks.notNull(routine, "diag", diag);
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Call call = Call.begin(routine, Precision.COMPLEX_SINGLE)
                .packed("AP", ap, apOffset, n)
                .vector("x", x, xOffset, n, incx).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HCtpsv.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), diag.code(),
                        n, call.address(0), call.address(1), incx);
            } else {
                HCtpsv.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), diag.code(),
                        n, call.at(0), call.at(1), incx);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HCtpsv {
        static final Downcall D = Downcall.of("cblas_ctpsv", cblas_h.cblas_ctpsv$descriptor());
    }

    /** y = alpha * A * x + beta * y, A n x n Hermitian (only its uplo triangle is read). */
    public static void chemv(Layout layout, Uplo uplo, int n, ComplexFloat alpha, MemorySegment a, long aOffset,
            int lda, MemorySegment x, long xOffset, int incx, ComplexFloat beta, MemorySegment y, long yOffset, int incy
            ) {
        String routine = "chemv";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Checks.notNull(routine, "alpha", alpha);
        Checks.notNull(routine, "beta", beta);
        Call call = Call.begin(routine, Precision.COMPLEX_SINGLE)
                .triangle("A", a, aOffset, layout, uplo, Diag.NON_UNIT, n, lda)
                .vector("x", x, xOffset, n, incx)
                .vector("y", y, yOffset, n, incy).output()
                .check();
        if (call.skip) {
            return;
        }
        MemorySegment room = Scalars.room();
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HChemv.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), n, Scalars.alpha(room,
                        alpha).address(), call.address(0), lda, call.address(1), incx, Scalars.beta(room,
                        beta).address(), call.address(2), incy);
            } else {
                HChemv.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), n, Scalars.alpha(room,
                        alpha), call.at(0), lda, call.at(1), incx, Scalars.beta(room, beta), call.at(2), incy);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HChemv {
        static final Downcall D = Downcall.of("cblas_chemv", cblas_h.cblas_chemv$descriptor());
    }

    /**
     * y = alpha * A * x + beta * y, A n x n Hermitian band with k off-diagonals, its uplo half in band storage (lda >=
     * k + 1).
     */
    public static void chbmv(Layout layout, Uplo uplo, int n, int k, ComplexFloat alpha, MemorySegment a, long aOffset,
            int lda, MemorySegment x, long xOffset, int incx, ComplexFloat beta, MemorySegment y, long yOffset, int incy
            ) {
        String routine = "chbmv";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.nonNegative(routine, "n", n);
        Checks.nonNegative(routine, "k", k);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Checks.notNull(routine, "alpha", alpha);
        Checks.notNull(routine, "beta", beta);
        Call call = Call.begin(routine, Precision.COMPLEX_SINGLE)
                .triangularBand("A", a, aOffset, layout, uplo, n, k, lda)
                .vector("x", x, xOffset, n, incx)
                .vector("y", y, yOffset, n, incy).output()
                .check();
        if (call.skip) {
            return;
        }
        MemorySegment room = Scalars.room();
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HChbmv.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), n, k, Scalars.alpha(room,
                        alpha).address(), call.address(0), lda, call.address(1), incx, Scalars.beta(room,
                        beta).address(), call.address(2), incy);
            } else {
                HChbmv.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), n, k, Scalars.alpha(room,
                        alpha), call.at(0), lda, call.at(1), incx, Scalars.beta(room, beta), call.at(2), incy);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HChbmv {
        static final Downcall D = Downcall.of("cblas_chbmv", cblas_h.cblas_chbmv$descriptor());
    }

    /** y = alpha * A * x + beta * y, A n x n Hermitian with its uplo triangle packed into n(n+1)/2 elements. */
    public static void chpmv(Layout layout, Uplo uplo, int n, ComplexFloat alpha, MemorySegment ap, long apOffset,
            MemorySegment x, long xOffset, int incx, ComplexFloat beta, MemorySegment y, long yOffset, int incy) {
        String routine = "chpmv";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Checks.notNull(routine, "alpha", alpha);
        Checks.notNull(routine, "beta", beta);
        Call call = Call.begin(routine, Precision.COMPLEX_SINGLE)
                .packed("AP", ap, apOffset, n)
                .vector("x", x, xOffset, n, incx)
                .vector("y", y, yOffset, n, incy).output()
                .check();
        if (call.skip) {
            return;
        }
        MemorySegment room = Scalars.room();
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HChpmv.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), n, Scalars.alpha(room,
                        alpha).address(), call.address(0), call.address(1), incx, Scalars.beta(room, beta).address(),
                        call.address(2), incy);
            } else {
                HChpmv.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), n, Scalars.alpha(room,
                        alpha), call.at(0), call.at(1), incx, Scalars.beta(room, beta), call.at(2), incy);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HChpmv {
        static final Downcall D = Downcall.of("cblas_chpmv", cblas_h.cblas_chpmv$descriptor());
    }

    /** A = alpha * x * x<sup>H</sup> + A on the uplo triangle of the n x n Hermitian A (alpha real). */
    public static void cher(Layout layout, Uplo uplo, int n, float alpha, MemorySegment x, long xOffset, int incx,
            MemorySegment a, long aOffset, int lda) {
        String routine = "cher";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Call call = Call.begin(routine, Precision.COMPLEX_SINGLE)
                .vector("x", x, xOffset, n, incx)
                .triangle("A", a, aOffset, layout, uplo, Diag.NON_UNIT, n, lda).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HCher.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), n, alpha, call.address(0),
                        incx, call.address(1), lda);
            } else {
                HCher.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), n, alpha, call.at(0), incx,
                        call.at(1), lda);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HCher {
        static final Downcall D = Downcall.of("cblas_cher", cblas_h.cblas_cher$descriptor());
    }

    /** A = alpha * x * y' + conj(alpha) * y * x' + A on the uplo triangle of the n x n Hermitian A. */
    public static void cher2(Layout layout, Uplo uplo, int n, ComplexFloat alpha, MemorySegment x, long xOffset,
            int incx, MemorySegment y, long yOffset, int incy, MemorySegment a, long aOffset, int lda) {
        String routine = "cher2";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Checks.notNull(routine, "alpha", alpha);
        Call call = Call.begin(routine, Precision.COMPLEX_SINGLE)
                .vector("x", x, xOffset, n, incx)
                .vector("y", y, yOffset, n, incy)
                .triangle("A", a, aOffset, layout, uplo, Diag.NON_UNIT, n, lda).output()
                .check();
        if (call.skip) {
            return;
        }
        MemorySegment room = Scalars.room();
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HCher2.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), n, Scalars.alpha(room,
                        alpha).address(), call.address(0), incx, call.address(1), incy, call.address(2), lda);
            } else {
                HCher2.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), n, Scalars.alpha(room,
                        alpha), call.at(0), incx, call.at(1), incy, call.at(2), lda);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HCher2 {
        static final Downcall D = Downcall.of("cblas_cher2", cblas_h.cblas_cher2$descriptor());
    }

    /**
     * A = alpha * x * x<sup>H</sup> + A, A n x n Hermitian with its uplo triangle packed into n(n+1)/2 elements (alpha
     * real).
     */
    public static void chpr(Layout layout, Uplo uplo, int n, float alpha, MemorySegment x, long xOffset, int incx,
            MemorySegment ap, long apOffset) {
        String routine = "chpr";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Call call = Call.begin(routine, Precision.COMPLEX_SINGLE)
                .vector("x", x, xOffset, n, incx)
                .packed("AP", ap, apOffset, n).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HChpr.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), n, alpha, call.address(0),
                        incx, call.address(1));
            } else {
                HChpr.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), n, alpha, call.at(0), incx,
                        call.at(1));
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HChpr {
        static final Downcall D = Downcall.of("cblas_chpr", cblas_h.cblas_chpr$descriptor());
    }

    /** The rank-2 update of cher2 on a packed Hermitian A. */
    public static void chpr2(Layout layout, Uplo uplo, int n, ComplexFloat alpha, MemorySegment x, long xOffset,
            int incx, MemorySegment y, long yOffset, int incy, MemorySegment ap, long apOffset) {
        String routine = "chpr2";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Checks.notNull(routine, "alpha", alpha);
        Call call = Call.begin(routine, Precision.COMPLEX_SINGLE)
                .vector("x", x, xOffset, n, incx)
                .vector("y", y, yOffset, n, incy)
                .packed("AP", ap, apOffset, n).output()
                .check();
        if (call.skip) {
            return;
        }
        MemorySegment room = Scalars.room();
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HChpr2.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), n, Scalars.alpha(room,
                        alpha).address(), call.address(0), incx, call.address(1), incy, call.address(2));
            } else {
                HChpr2.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), n, Scalars.alpha(room,
                        alpha), call.at(0), incx, call.at(1), incy, call.at(2));
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HChpr2 {
        static final Downcall D = Downcall.of("cblas_chpr2", cblas_h.cblas_chpr2$descriptor());
    }

    /** y = alpha * op(A) * x + beta * y, A stored m x n; x has n elements (m when transposed), y has m (n). */
    public static void zgemv(Layout layout, Transpose trans, int m, int n, ComplexDouble alpha, MemorySegment a,
            long aOffset, int lda, MemorySegment x, long xOffset, int incx, ComplexDouble beta, MemorySegment y,
            long yOffset, int incy) {
        String routine = "zgemv";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "trans", trans);
        Checks.nonNegative(routine, "m", m);
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Checks.notNull(routine, "alpha", alpha);
        Checks.notNull(routine, "beta", beta);
        boolean empty = m == 0 || n == 0; // BLAS then returns at once, y untouched
        Call call = Call.begin(routine, Precision.COMPLEX_DOUBLE)
                .general("A", a, aOffset, layout, m, n, lda)
                .vector("x", x, xOffset, empty ? 0 : trans.transposed() ? m : n, incx)
                .vector("y", y, yOffset, empty ? 0 : trans.transposed() ? n : m, incy).output()
                .check();
        if (call.skip) {
            return;
        }
        MemorySegment room = Scalars.room();
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HZgemv.D.byAddress().invokeExact(call.critical, layout.code(), trans.code(), m, n, Scalars.alpha(room,
                        alpha).address(), call.address(0), lda, call.address(1), incx, Scalars.beta(room,
                        beta).address(), call.address(2), incy);
            } else {
                HZgemv.D.bySegment().invokeExact(call.critical, layout.code(), trans.code(), m, n, Scalars.alpha(room,
                        alpha), call.at(0), lda, call.at(1), incx, Scalars.beta(room, beta), call.at(2), incy);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HZgemv {
        static final Downcall D = Downcall.of("cblas_zgemv", cblas_h.cblas_zgemv$descriptor());
    }

    /**
     * y = alpha * op(A) * x + beta * y, A an m x n band matrix with kl sub- and ku super-diagonals in band storage (lda
     * >= kl + ku + 1).
     */
    public static void zgbmv(Layout layout, Transpose trans, int m, int n, int kl, int ku, ComplexDouble alpha,
            MemorySegment a, long aOffset, int lda, MemorySegment x, long xOffset, int incx, ComplexDouble beta,
            MemorySegment y, long yOffset, int incy) {
        String routine = "zgbmv";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "trans", trans);
        Checks.nonNegative(routine, "m", m);
        Checks.nonNegative(routine, "n", n);
        Checks.nonNegative(routine, "kl", kl);
        Checks.nonNegative(routine, "ku", ku);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Checks.notNull(routine, "alpha", alpha);
        Checks.notNull(routine, "beta", beta);
        boolean empty = m == 0 || n == 0;
        Call call = Call.begin(routine, Precision.COMPLEX_DOUBLE)
                .band("A", a, aOffset, layout, m, n, kl, ku, lda)
                .vector("x", x, xOffset, empty ? 0 : trans.transposed() ? m : n, incx)
                .vector("y", y, yOffset, empty ? 0 : trans.transposed() ? n : m, incy).output()
                .check();
        if (call.skip) {
            return;
        }
        MemorySegment room = Scalars.room();
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HZgbmv.D.byAddress().invokeExact(call.critical, layout.code(), trans.code(), m, n, kl, ku,
                        Scalars.alpha(room, alpha).address(), call.address(0), lda, call.address(1), incx,
                        Scalars.beta(room, beta).address(), call.address(2), incy);
            } else {
                HZgbmv.D.bySegment().invokeExact(call.critical, layout.code(), trans.code(), m, n, kl, ku,
                        Scalars.alpha(room, alpha), call.at(0), lda, call.at(1), incx, Scalars.beta(room, beta),
                        call.at(2), incy);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HZgbmv {
        static final Downcall D = Downcall.of("cblas_zgbmv", cblas_h.cblas_zgbmv$descriptor());
    }

    /** A = alpha * x * y<sup>T</sup> + A, A m x n, x of m and y of n elements. */
    public static void zgeru(Layout layout, int m, int n, ComplexDouble alpha, MemorySegment x, long xOffset, int incx,
            MemorySegment y, long yOffset, int incy, MemorySegment a, long aOffset, int lda) {
        String routine = "zgeru";
        Checks.notNull(routine, "layout", layout);
        Checks.nonNegative(routine, "m", m);
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Checks.notNull(routine, "alpha", alpha);
        boolean empty = m == 0 || n == 0;
        Call call = Call.begin(routine, Precision.COMPLEX_DOUBLE)
                .vector("x", x, xOffset, empty ? 0 : m, incx)
                .vector("y", y, yOffset, empty ? 0 : n, incy)
                .general("A", a, aOffset, layout, m, n, lda).output()
                .check();
        if (call.skip) {
            return;
        }
        MemorySegment room = Scalars.room();
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HZgeru.D.byAddress().invokeExact(call.critical, layout.code(), m, n, Scalars.alpha(room,
                        alpha).address(), call.address(0), incx, call.address(1), incy, call.address(2), lda);
            } else {
                HZgeru.D.bySegment().invokeExact(call.critical, layout.code(), m, n, Scalars.alpha(room, alpha),
                        call.at(0), incx, call.at(1), incy, call.at(2), lda);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HZgeru {
        static final Downcall D = Downcall.of("cblas_zgeru", cblas_h.cblas_zgeru$descriptor());
    }

    /** A = alpha * x * y<sup>H</sup> + A, A m x n, x of m and y of n elements. */
    public static void zgerc(Layout layout, int m, int n, ComplexDouble alpha, MemorySegment x, long xOffset, int incx,
            MemorySegment y, long yOffset, int incy, MemorySegment a, long aOffset, int lda) {
        String routine = "zgerc";
        Checks.notNull(routine, "layout", layout);
        Checks.nonNegative(routine, "m", m);
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Checks.notNull(routine, "alpha", alpha);
        boolean empty = m == 0 || n == 0;
        Call call = Call.begin(routine, Precision.COMPLEX_DOUBLE)
                .vector("x", x, xOffset, empty ? 0 : m, incx)
                .vector("y", y, yOffset, empty ? 0 : n, incy)
                .general("A", a, aOffset, layout, m, n, lda).output()
                .check();
        if (call.skip) {
            return;
        }
        MemorySegment room = Scalars.room();
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HZgerc.D.byAddress().invokeExact(call.critical, layout.code(), m, n, Scalars.alpha(room,
                        alpha).address(), call.address(0), incx, call.address(1), incy, call.address(2), lda);
            } else {
                HZgerc.D.bySegment().invokeExact(call.critical, layout.code(), m, n, Scalars.alpha(room, alpha),
                        call.at(0), incx, call.at(1), incy, call.at(2), lda);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HZgerc {
        static final Downcall D = Downcall.of("cblas_zgerc", cblas_h.cblas_zgerc$descriptor());
    }

    /** x = op(A) * x, A an n x n triangular matrix (only its uplo triangle is read; not the diagonal when unit). */
    public static void ztrmv(Layout layout, Uplo uplo, Transpose trans, Diag diag, int n, MemorySegment a, long aOffset,
            int lda, MemorySegment x, long xOffset, int incx) {
        String routine = "ztrmv";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.notNull(routine, "trans", trans);
        Checks.notNull(routine, "diag", diag);
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Call call = Call.begin(routine, Precision.COMPLEX_DOUBLE)
                .triangle("A", a, aOffset, layout, uplo, diag, n, lda)
                .vector("x", x, xOffset, n, incx).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HZtrmv.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), diag.code(),
                        n, call.address(0), lda, call.address(1), incx);
            } else {
                HZtrmv.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), diag.code(),
                        n, call.at(0), lda, call.at(1), incx);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HZtrmv {
        static final Downcall D = Downcall.of("cblas_ztrmv", cblas_h.cblas_ztrmv$descriptor());
    }

    /**
     * Solves op(A) * x = b, b given in x, A an n x n triangular matrix (only its uplo triangle is read; not the
     * diagonal when unit).
     */
    public static void ztrsv(Layout layout, Uplo uplo, Transpose trans, Diag diag, int n, MemorySegment a, long aOffset,
            int lda, MemorySegment x, long xOffset, int incx) {
        String routine = "ztrsv";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.notNull(routine, "trans", trans);
        Checks.notNull(routine, "diag", diag);
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Call call = Call.begin(routine, Precision.COMPLEX_DOUBLE)
                .triangle("A", a, aOffset, layout, uplo, diag, n, lda)
                .vector("x", x, xOffset, n, incx).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HZtrsv.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), diag.code(),
                        n, call.address(0), lda, call.address(1), incx);
            } else {
                HZtrsv.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), diag.code(),
                        n, call.at(0), lda, call.at(1), incx);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HZtrsv {
        static final Downcall D = Downcall.of("cblas_ztrsv", cblas_h.cblas_ztrsv$descriptor());
    }

    /** x = op(A) * x, A an n x n triangular band matrix with k off-diagonals in band storage (lda >= k + 1). */
    public static void ztbmv(Layout layout, Uplo uplo, Transpose trans, Diag diag, int n, int k, MemorySegment a,
            long aOffset, int lda, MemorySegment x, long xOffset, int incx) {
        String routine = "ztbmv";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.notNull(routine, "trans", trans);
        Checks.notNull(routine, "diag", diag);
        Checks.nonNegative(routine, "n", n);
        Checks.nonNegative(routine, "k", k);
        Checks.increment(routine, "incx", incx);
        Call call = Call.begin(routine, Precision.COMPLEX_DOUBLE)
                .triangularBand("A", a, aOffset, layout, uplo, n, k, lda)
                .vector("x", x, xOffset, n, incx).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HZtbmv.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), diag.code(),
                        n, k, call.address(0), lda, call.address(1), incx);
            } else {
                HZtbmv.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), diag.code(),
                        n, k, call.at(0), lda, call.at(1), incx);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HZtbmv {
        static final Downcall D = Downcall.of("cblas_ztbmv", cblas_h.cblas_ztbmv$descriptor());
    }

    /**
     * Solves op(A) * x = b, b given in x, A an n x n triangular band matrix with k off-diagonals in band storage (lda
     * >= k + 1).
     */
    public static void ztbsv(Layout layout, Uplo uplo, Transpose trans, Diag diag, int n, int k, MemorySegment a,
            long aOffset, int lda, MemorySegment x, long xOffset, int incx) {
        String routine = "ztbsv";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.notNull(routine, "trans", trans);
        Checks.notNull(routine, "diag", diag);
        Checks.nonNegative(routine, "n", n);
        Checks.nonNegative(routine, "k", k);
        Checks.increment(routine, "incx", incx);
        Call call = Call.begin(routine, Precision.COMPLEX_DOUBLE)
                .triangularBand("A", a, aOffset, layout, uplo, n, k, lda)
                .vector("x", x, xOffset, n, incx).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HZtbsv.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), diag.code(),
                        n, k, call.address(0), lda, call.address(1), incx);
            } else {
                HZtbsv.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), diag.code(),
                        n, k, call.at(0), lda, call.at(1), incx);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HZtbsv {
        static final Downcall D = Downcall.of("cblas_ztbsv", cblas_h.cblas_ztbsv$descriptor());
    }

    /** x = op(A) * x, A an n x n triangular matrix packed into n(n+1)/2 elements. */
    public static void ztpmv(Layout layout, Uplo uplo, Transpose trans, Diag diag, int n, MemorySegment ap,
            long apOffset, MemorySegment x, long xOffset, int incx) {
        String routine = "ztpmv";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.notNull(routine, "trans", trans);
        Checks.notNull(routine, "diag", diag);
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Call call = Call.begin(routine, Precision.COMPLEX_DOUBLE)
                .packed("AP", ap, apOffset, n)
                .vector("x", x, xOffset, n, incx).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HZtpmv.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), diag.code(),
                        n, call.address(0), call.address(1), incx);
            } else {
                HZtpmv.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), diag.code(),
                        n, call.at(0), call.at(1), incx);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HZtpmv {
        static final Downcall D = Downcall.of("cblas_ztpmv", cblas_h.cblas_ztpmv$descriptor());
    }

    /** Solves op(A) * x = b, b given in x, A an n x n triangular matrix packed into n(n+1)/2 elements. */
    public static void ztpsv(Layout layout, Uplo uplo, Transpose trans, Diag diag, int n, MemorySegment ap,
            long apOffset, MemorySegment x, long xOffset, int incx) {
        String routine = "ztpsv";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.notNull(routine, "trans", trans);
        Checks.notNull(routine, "diag", diag);
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Call call = Call.begin(routine, Precision.COMPLEX_DOUBLE)
                .packed("AP", ap, apOffset, n)
                .vector("x", x, xOffset, n, incx).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HZtpsv.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), diag.code(),
                        n, call.address(0), call.address(1), incx);
            } else {
                HZtpsv.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), diag.code(),
                        n, call.at(0), call.at(1), incx);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HZtpsv {
        static final Downcall D = Downcall.of("cblas_ztpsv", cblas_h.cblas_ztpsv$descriptor());
    }

    /** y = alpha * A * x + beta * y, A n x n Hermitian (only its uplo triangle is read). */
    public static void zhemv(Layout layout, Uplo uplo, int n, ComplexDouble alpha, MemorySegment a, long aOffset,
            int lda, MemorySegment x, long xOffset, int incx, ComplexDouble beta, MemorySegment y, long yOffset,
            int incy) {
        String routine = "zhemv";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Checks.notNull(routine, "alpha", alpha);
        Checks.notNull(routine, "beta", beta);
        Call call = Call.begin(routine, Precision.COMPLEX_DOUBLE)
                .triangle("A", a, aOffset, layout, uplo, Diag.NON_UNIT, n, lda)
                .vector("x", x, xOffset, n, incx)
                .vector("y", y, yOffset, n, incy).output()
                .check();
        if (call.skip) {
            return;
        }
        if (Quirks.zhemvReadsPastY(layout, uplo, n, incy) && y.byteSize() - 16 * (yOffset + n) < 16) {
            call.done();
            zhemvWithRoomAfterY(layout, uplo, n, alpha, a, aOffset, lda, x, xOffset, incx, beta, y, yOffset);
            return;
        }
        MemorySegment room = Scalars.room();
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HZhemv.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), n, Scalars.alpha(room,
                        alpha).address(), call.address(0), lda, call.address(1), incx, Scalars.beta(room,
                        beta).address(), call.address(2), incy);
            } else {
                HZhemv.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), n, Scalars.alpha(room,
                        alpha), call.at(0), lda, call.at(1), incx, Scalars.beta(room, beta), call.at(2), incy);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    /**
     * {@link #zhemv} (checked) on a copy of y with room after it, where OpenBLAS would read past y's segment
     * ({@link Quirks#zhemvReadsPastY}): an O(n) copy each way beside the O(n^2) product.
     */
    private static void zhemvWithRoomAfterY(Layout layout, Uplo uplo, int n, ComplexDouble alpha, MemorySegment a,
            long aOffset, int lda, MemorySegment x, long xOffset, int incx, ComplexDouble beta, MemorySegment y,
            long yOffset) {
        long bytes = 16L * n;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment copy = arena.allocate(bytes + 16, 16);
            MemorySegment.copy(y, 16 * yOffset, copy, 0, bytes);
            zhemv(layout, uplo, n, alpha, a, aOffset, lda, x, xOffset, incx, beta, copy, 0, 1);
            MemorySegment.copy(copy, 0, y, 16 * yOffset, bytes);
        }
    }

    private static final class HZhemv {
        static final Downcall D = Downcall.of("cblas_zhemv", cblas_h.cblas_zhemv$descriptor());
    }

    /**
     * y = alpha * A * x + beta * y, A n x n Hermitian band with k off-diagonals, its uplo half in band storage (lda >=
     * k + 1).
     */
    public static void zhbmv(Layout layout, Uplo uplo, int n, int k, ComplexDouble alpha, MemorySegment a, long aOffset,
            int lda, MemorySegment x, long xOffset, int incx, ComplexDouble beta, MemorySegment y, long yOffset,
            int incy) {
        String routine = "zhbmv";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.nonNegative(routine, "n", n);
        Checks.nonNegative(routine, "k", k);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Checks.notNull(routine, "alpha", alpha);
        Checks.notNull(routine, "beta", beta);
        Call call = Call.begin(routine, Precision.COMPLEX_DOUBLE)
                .triangularBand("A", a, aOffset, layout, uplo, n, k, lda)
                .vector("x", x, xOffset, n, incx)
                .vector("y", y, yOffset, n, incy).output()
                .check();
        if (call.skip) {
            return;
        }
        MemorySegment room = Scalars.room();
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HZhbmv.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), n, k, Scalars.alpha(room,
                        alpha).address(), call.address(0), lda, call.address(1), incx, Scalars.beta(room,
                        beta).address(), call.address(2), incy);
            } else {
                HZhbmv.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), n, k, Scalars.alpha(room,
                        alpha), call.at(0), lda, call.at(1), incx, Scalars.beta(room, beta), call.at(2), incy);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HZhbmv {
        static final Downcall D = Downcall.of("cblas_zhbmv", cblas_h.cblas_zhbmv$descriptor());
    }

    /** y = alpha * A * x + beta * y, A n x n Hermitian with its uplo triangle packed into n(n+1)/2 elements. */
    public static void zhpmv(Layout layout, Uplo uplo, int n, ComplexDouble alpha, MemorySegment ap, long apOffset,
            MemorySegment x, long xOffset, int incx, ComplexDouble beta, MemorySegment y, long yOffset, int incy) {
        String routine = "zhpmv";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Checks.notNull(routine, "alpha", alpha);
        Checks.notNull(routine, "beta", beta);
        Call call = Call.begin(routine, Precision.COMPLEX_DOUBLE)
                .packed("AP", ap, apOffset, n)
                .vector("x", x, xOffset, n, incx)
                .vector("y", y, yOffset, n, incy).output()
                .check();
        if (call.skip) {
            return;
        }
        MemorySegment room = Scalars.room();
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HZhpmv.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), n, Scalars.alpha(room,
                        alpha).address(), call.address(0), call.address(1), incx, Scalars.beta(room, beta).address(),
                        call.address(2), incy);
            } else {
                HZhpmv.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), n, Scalars.alpha(room,
                        alpha), call.at(0), call.at(1), incx, Scalars.beta(room, beta), call.at(2), incy);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HZhpmv {
        static final Downcall D = Downcall.of("cblas_zhpmv", cblas_h.cblas_zhpmv$descriptor());
    }

    /** A = alpha * x * x<sup>H</sup> + A on the uplo triangle of the n x n Hermitian A (alpha real). */
    public static void zher(Layout layout, Uplo uplo, int n, double alpha, MemorySegment x, long xOffset, int incx,
            MemorySegment a, long aOffset, int lda) {
        String routine = "zher";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Call call = Call.begin(routine, Precision.COMPLEX_DOUBLE)
                .vector("x", x, xOffset, n, incx)
                .triangle("A", a, aOffset, layout, uplo, Diag.NON_UNIT, n, lda).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HZher.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), n, alpha, call.address(0),
                        incx, call.address(1), lda);
            } else {
                HZher.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), n, alpha, call.at(0), incx,
                        call.at(1), lda);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HZher {
        static final Downcall D = Downcall.of("cblas_zher", cblas_h.cblas_zher$descriptor());
    }

    /** A = alpha * x * y' + conj(alpha) * y * x' + A on the uplo triangle of the n x n Hermitian A. */
    public static void zher2(Layout layout, Uplo uplo, int n, ComplexDouble alpha, MemorySegment x, long xOffset,
            int incx, MemorySegment y, long yOffset, int incy, MemorySegment a, long aOffset, int lda) {
        String routine = "zher2";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Checks.notNull(routine, "alpha", alpha);
        Call call = Call.begin(routine, Precision.COMPLEX_DOUBLE)
                .vector("x", x, xOffset, n, incx)
                .vector("y", y, yOffset, n, incy)
                .triangle("A", a, aOffset, layout, uplo, Diag.NON_UNIT, n, lda).output()
                .check();
        if (call.skip) {
            return;
        }
        MemorySegment room = Scalars.room();
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HZher2.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), n, Scalars.alpha(room,
                        alpha).address(), call.address(0), incx, call.address(1), incy, call.address(2), lda);
            } else {
                HZher2.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), n, Scalars.alpha(room,
                        alpha), call.at(0), incx, call.at(1), incy, call.at(2), lda);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HZher2 {
        static final Downcall D = Downcall.of("cblas_zher2", cblas_h.cblas_zher2$descriptor());
    }

    /**
     * A = alpha * x * x<sup>H</sup> + A, A n x n Hermitian with its uplo triangle packed into n(n+1)/2 elements (alpha
     * real).
     */
    public static void zhpr(Layout layout, Uplo uplo, int n, double alpha, MemorySegment x, long xOffset, int incx,
            MemorySegment ap, long apOffset) {
        String routine = "zhpr";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Call call = Call.begin(routine, Precision.COMPLEX_DOUBLE)
                .vector("x", x, xOffset, n, incx)
                .packed("AP", ap, apOffset, n).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HZhpr.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), n, alpha, call.address(0),
                        incx, call.address(1));
            } else {
                HZhpr.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), n, alpha, call.at(0), incx,
                        call.at(1));
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HZhpr {
        static final Downcall D = Downcall.of("cblas_zhpr", cblas_h.cblas_zhpr$descriptor());
    }

    /** The rank-2 update of zher2 on a packed Hermitian A. */
    public static void zhpr2(Layout layout, Uplo uplo, int n, ComplexDouble alpha, MemorySegment x, long xOffset,
            int incx, MemorySegment y, long yOffset, int incy, MemorySegment ap, long apOffset) {
        String routine = "zhpr2";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.nonNegative(routine, "n", n);
        Checks.increment(routine, "incx", incx);
        Checks.increment(routine, "incy", incy);
        Checks.notNull(routine, "alpha", alpha);
        Call call = Call.begin(routine, Precision.COMPLEX_DOUBLE)
                .vector("x", x, xOffset, n, incx)
                .vector("y", y, yOffset, n, incy)
                .packed("AP", ap, apOffset, n).output()
                .check();
        if (call.skip) {
            return;
        }
        MemorySegment room = Scalars.room();
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HZhpr2.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), n, Scalars.alpha(room,
                        alpha).address(), call.address(0), incx, call.address(1), incy, call.address(2));
            } else {
                HZhpr2.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), n, Scalars.alpha(room,
                        alpha), call.at(0), incx, call.at(1), incy, call.at(2));
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HZhpr2 {
        static final Downcall D = Downcall.of("cblas_zhpr2", cblas_h.cblas_zhpr2$descriptor());
    }

    // ---- level 3 and extensions (sgemm and sgemmBatchStrided above) -------------------------------------

    /**
     * The uplo triangle of C = alpha * op(A) * op(B) + beta * C, op(A) n x k, op(B) k x n, C n x n (OpenBLAS
     * extension).
     */
    public static void sgemmt(Layout layout, Uplo uplo, Transpose transA, Transpose transB, int n, int k, float alpha,
            MemorySegment a, long aOffset, int lda, MemorySegment b, long bOffset, int ldb, float beta, MemorySegment c,
            long cOffset, int ldc) {
        String routine = "sgemmt";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.notNull(routine, "transA", transA);
        Checks.notNull(routine, "transB", transB);
        Checks.nonNegative(routine, "n", n);
        Checks.nonNegative(routine, "k", k);
        Call call = Call.begin(routine, Precision.SINGLE)
                .general("A", a, aOffset, layout, transA.transposed() ? k : n, transA.transposed() ? n : k, lda)
                .general("B", b, bOffset, layout, transB.transposed() ? n : k, transB.transposed() ? k : n, ldb)
                .triangle("C", c, cOffset, layout, uplo, Diag.NON_UNIT, n, ldc).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HSgemmt.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), transA.code(),
                        transB.code(), n, k, alpha, call.address(0), lda, call.address(1), ldb, beta, call.address(2),
                        ldc);
            } else {
                HSgemmt.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), transA.code(),
                        transB.code(), n, k, alpha, call.at(0), lda, call.at(1), ldb, beta, call.at(2), ldc);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HSgemmt {
        static final Downcall D = Downcall.of("cblas_sgemmt", cblas_h.cblas_sgemmt$descriptor());
    }

    /** C = alpha * A * B + beta * C (side LEFT) or alpha * B * A + beta * C (RIGHT), A symmetric (m x m or n x n,
            its uplo triangle read), B and C m x n. */
    public static void ssymm(Layout layout, Side side, Uplo uplo, int m, int n, float alpha, MemorySegment a,
            long aOffset, int lda, MemorySegment b, long bOffset, int ldb, float beta, MemorySegment c, long cOffset,
            int ldc) {
        String routine = "ssymm";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "side", side);
        Checks.notNull(routine, "uplo", uplo);
        Checks.nonNegative(routine, "m", m);
        Checks.nonNegative(routine, "n", n);
        boolean empty = m == 0 || n == 0;
        Call call = Call.begin(routine, Precision.SINGLE)
                .triangle("A", a, aOffset, layout, uplo, Diag.NON_UNIT, empty ? 0 : side == Side.LEFT ? m : n, lda)
                .general("B", b, bOffset, layout, m, n, ldb)
                .general("C", c, cOffset, layout, m, n, ldc).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HSsymm.D.byAddress().invokeExact(call.critical, layout.code(), side.code(), uplo.code(), m, n, alpha,
                        call.address(0), lda, call.address(1), ldb, beta, call.address(2), ldc);
            } else {
                HSsymm.D.bySegment().invokeExact(call.critical, layout.code(), side.code(), uplo.code(), m, n, alpha,
                        call.at(0), lda, call.at(1), ldb, beta, call.at(2), ldc);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HSsymm {
        static final Downcall D = Downcall.of("cblas_ssymm", cblas_h.cblas_ssymm$descriptor());
    }

    /** The uplo triangle of C = alpha * A * A<sup>T</sup> + beta * C (trans NO_TRANSPOSE, A n x k
            ) or alpha * A<sup>T</sup> * A + beta * C (A k x n), C n x n symmetric. */
    public static void ssyrk(Layout layout, Uplo uplo, Transpose trans, int n, int k, float alpha, MemorySegment a,
            long aOffset, int lda, float beta, MemorySegment c, long cOffset, int ldc) {
        String routine = "ssyrk";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.notNull(routine, "trans", trans);
        Checks.nonNegative(routine, "n", n);
        Checks.nonNegative(routine, "k", k);
        Call call = Call.begin(routine, Precision.SINGLE)
                .general("A", a, aOffset, layout, trans.transposed() ? k : n, trans.transposed() ? n : k, lda)
                .triangle("C", c, cOffset, layout, uplo, Diag.NON_UNIT, n, ldc).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HSsyrk.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), n, k, alpha,
                        call.address(0), lda, beta, call.address(1), ldc);
            } else {
                HSsyrk.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), n, k, alpha,
                        call.at(0), lda, beta, call.at(1), ldc);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HSsyrk {
        static final Downcall D = Downcall.of("cblas_ssyrk", cblas_h.cblas_ssyrk$descriptor());
    }

    /** The uplo triangle of the rank-2k update C = alpha * A * B' + alpha' * B * A' + beta * C (A,
            B n x k; k x n when transposed), C n x n. */
    public static void ssyr2k(Layout layout, Uplo uplo, Transpose trans, int n, int k, float alpha, MemorySegment a,
            long aOffset, int lda, MemorySegment b, long bOffset, int ldb, float beta, MemorySegment c, long cOffset,
            int ldc) {
        String routine = "ssyr2k";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.notNull(routine, "trans", trans);
        Checks.nonNegative(routine, "n", n);
        Checks.nonNegative(routine, "k", k);
        Call call = Call.begin(routine, Precision.SINGLE)
                .general("A", a, aOffset, layout, trans.transposed() ? k : n, trans.transposed() ? n : k, lda)
                .general("B", b, bOffset, layout, trans.transposed() ? k : n, trans.transposed() ? n : k, ldb)
                .triangle("C", c, cOffset, layout, uplo, Diag.NON_UNIT, n, ldc).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HSsyr2k.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), n, k,
                        alpha, call.address(0), lda, call.address(1), ldb, beta, call.address(2), ldc);
            } else {
                HSsyr2k.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), n, k,
                        alpha, call.at(0), lda, call.at(1), ldb, beta, call.at(2), ldc);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HSsyr2k {
        static final Downcall D = Downcall.of("cblas_ssyr2k", cblas_h.cblas_ssyr2k$descriptor());
    }

    /**
     * B = alpha * op(A) * B (side LEFT) or alpha * B * op(A) (RIGHT); A triangular, m x m or n x n (its uplo triangle
     * read; not the diagonal when unit), B m x n.
     */
    public static void strmm(Layout layout, Side side, Uplo uplo, Transpose transA, Diag diag, int m, int n,
            float alpha, MemorySegment a, long aOffset, int lda, MemorySegment b, long bOffset, int ldb) {
        String routine = "strmm";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "side", side);
        Checks.notNull(routine, "uplo", uplo);
        Checks.notNull(routine, "transA", transA);
        Checks.notNull(routine, "diag", diag);
        Checks.nonNegative(routine, "m", m);
        Checks.nonNegative(routine, "n", n);
        boolean empty = m == 0 || n == 0;
        Call call = Call.begin(routine, Precision.SINGLE)
                .triangle("A", a, aOffset, layout, uplo, diag, empty ? 0 : side == Side.LEFT ? m : n, lda)
                .general("B", b, bOffset, layout, m, n, ldb).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HStrmm.D.byAddress().invokeExact(call.critical, layout.code(), side.code(), uplo.code(),
                        transA.code(), diag.code(), m, n, alpha, call.address(0), lda, call.address(1), ldb);
            } else {
                HStrmm.D.bySegment().invokeExact(call.critical, layout.code(), side.code(), uplo.code(),
                        transA.code(), diag.code(), m, n, alpha, call.at(0), lda, call.at(1), ldb);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HStrmm {
        static final Downcall D = Downcall.of("cblas_strmm", cblas_h.cblas_strmm$descriptor());
    }

    /**
     * Solves op(A) * X = alpha * B (side LEFT) or X * op(A) = alpha * B (RIGHT) for X, written over B; A triangular, m
     * x m or n x n (its uplo triangle read; not the diagonal when unit), B m x n.
     */
    public static void strsm(Layout layout, Side side, Uplo uplo, Transpose transA, Diag diag, int m, int n,
            float alpha, MemorySegment a, long aOffset, int lda, MemorySegment b, long bOffset, int ldb) {
        String routine = "strsm";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "side", side);
        Checks.notNull(routine, "uplo", uplo);
        Checks.notNull(routine, "transA", transA);
        Checks.notNull(routine, "diag", diag);
        Checks.nonNegative(routine, "m", m);
        Checks.nonNegative(routine, "n", n);
        boolean empty = m == 0 || n == 0;
        Call call = Call.begin(routine, Precision.SINGLE)
                .triangle("A", a, aOffset, layout, uplo, diag, empty ? 0 : side == Side.LEFT ? m : n, lda)
                .general("B", b, bOffset, layout, m, n, ldb).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HStrsm.D.byAddress().invokeExact(call.critical, layout.code(), side.code(), uplo.code(),
                        transA.code(), diag.code(), m, n, alpha, call.address(0), lda, call.address(1), ldb);
            } else {
                HStrsm.D.bySegment().invokeExact(call.critical, layout.code(), side.code(), uplo.code(),
                        transA.code(), diag.code(), m, n, alpha, call.at(0), lda, call.at(1), ldb);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HStrsm {
        static final Downcall D = Downcall.of("cblas_strsm", cblas_h.cblas_strsm$descriptor());
    }

    /** B = alpha * op(A), A rows x cols, B cols x rows when transposed (OpenBLAS extension). */
    public static void somatcopy(Layout layout, Transpose trans, int rows, int cols, float alpha, MemorySegment a,
            long aOffset, int lda, MemorySegment b, long bOffset, int ldb) {
        String routine = "somatcopy";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "trans", trans);
        Checks.nonNegative(routine, "rows", rows);
        Checks.nonNegative(routine, "cols", cols);
        Call call = Call.begin(routine, Precision.SINGLE)
                .general("A", a, aOffset, layout, rows, cols, lda)
                .general("B", b, bOffset, layout, trans.transposed() ? cols : rows, trans.transposed() ? rows : cols,
                        ldb).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HSomatcopy.D.byAddress().invokeExact(call.critical, layout.code(), trans.code(), rows, cols, alpha,
                        call.address(0), lda, call.address(1), ldb);
            } else {
                HSomatcopy.D.bySegment().invokeExact(call.critical, layout.code(), trans.code(), rows, cols, alpha,
                        call.at(0), lda, call.at(1), ldb);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HSomatcopy {
        static final Downcall D = Downcall.of("cblas_somatcopy", cblas_h.cblas_somatcopy$descriptor());
    }

    /** C = alpha * A + beta * C, both rows x cols (OpenBLAS extension). */
    public static void sgeadd(Layout layout, int rows, int cols, float alpha, MemorySegment a, long aOffset, int lda,
            float beta, MemorySegment c, long cOffset, int ldc) {
        String routine = "sgeadd";
        Checks.notNull(routine, "layout", layout);
        Checks.nonNegative(routine, "rows", rows);
        Checks.nonNegative(routine, "cols", cols);
        Call call = Call.begin(routine, Precision.SINGLE)
                .general("A", a, aOffset, layout, rows, cols, lda)
                .general("C", c, cOffset, layout, rows, cols, ldc).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HSgeadd.D.byAddress().invokeExact(call.critical, layout.code(), rows, cols, alpha, call.address(0),
                        lda, beta, call.address(1), ldc);
            } else {
                HSgeadd.D.bySegment().invokeExact(call.critical, layout.code(), rows, cols, alpha, call.at(0), lda,
                        beta, call.at(1), ldc);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HSgeadd {
        static final Downcall D = Downcall.of("cblas_sgeadd", cblas_h.cblas_sgeadd$descriptor());
    }

    /** C = alpha * op(A) * op(B) + beta * C, op(A) m x k, op(B) k x n, C m x n. */
    public static void dgemm(Layout layout, Transpose transA, Transpose transB, int m, int n, int k, double alpha,
            MemorySegment a, long aOffset, int lda, MemorySegment b, long bOffset, int ldb, double beta,
            MemorySegment c, long cOffset, int ldc) {
        String routine = "dgemm";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "transA", transA);
        Checks.notNull(routine, "transB", transB);
        Checks.nonNegative(routine, "m", m);
        Checks.nonNegative(routine, "n", n);
        Checks.nonNegative(routine, "k", k);
        Call call = Call.begin(routine, Precision.DOUBLE)
                .general("A", a, aOffset, layout, transA.transposed() ? k : m, transA.transposed() ? m : k, lda)
                .general("B", b, bOffset, layout, transB.transposed() ? n : k, transB.transposed() ? k : n, ldb)
                .general("C", c, cOffset, layout, m, n, ldc).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HDgemm.D.byAddress().invokeExact(call.critical, layout.code(), transA.code(), transB.code(), m, n, k,
                        alpha, call.address(0), lda, call.address(1), ldb, beta, call.address(2), ldc);
            } else {
                HDgemm.D.bySegment().invokeExact(call.critical, layout.code(), transA.code(), transB.code(), m, n, k,
                        alpha, call.at(0), lda, call.at(1), ldb, beta, call.at(2), ldc);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HDgemm {
        static final Downcall D = Downcall.of("cblas_dgemm", cblas_h.cblas_dgemm$descriptor());
    }

    /**
     * The uplo triangle of C = alpha * op(A) * op(B) + beta * C, op(A) n x k, op(B) k x n, C n x n (OpenBLAS
     * extension).
     */
    public static void dgemmt(Layout layout, Uplo uplo, Transpose transA, Transpose transB, int n, int k, double alpha,
            MemorySegment a, long aOffset, int lda, MemorySegment b, long bOffset, int ldb, double beta,
            MemorySegment c, long cOffset, int ldc) {
        String routine = "dgemmt";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.notNull(routine, "transA", transA);
        Checks.notNull(routine, "transB", transB);
        Checks.nonNegative(routine, "n", n);
        Checks.nonNegative(routine, "k", k);
        Call call = Call.begin(routine, Precision.DOUBLE)
                .general("A", a, aOffset, layout, transA.transposed() ? k : n, transA.transposed() ? n : k, lda)
                .general("B", b, bOffset, layout, transB.transposed() ? n : k, transB.transposed() ? k : n, ldb)
                .triangle("C", c, cOffset, layout, uplo, Diag.NON_UNIT, n, ldc).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HDgemmt.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), transA.code(),
                        transB.code(), n, k, alpha, call.address(0), lda, call.address(1), ldb, beta, call.address(2),
                        ldc);
            } else {
                HDgemmt.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), transA.code(),
                        transB.code(), n, k, alpha, call.at(0), lda, call.at(1), ldb, beta, call.at(2), ldc);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HDgemmt {
        static final Downcall D = Downcall.of("cblas_dgemmt", cblas_h.cblas_dgemmt$descriptor());
    }

    /** C = alpha * A * B + beta * C (side LEFT) or alpha * B * A + beta * C (RIGHT), A symmetric (m x m or n x n,
            its uplo triangle read), B and C m x n. */
    public static void dsymm(Layout layout, Side side, Uplo uplo, int m, int n, double alpha, MemorySegment a,
            long aOffset, int lda, MemorySegment b, long bOffset, int ldb, double beta, MemorySegment c, long cOffset,
            int ldc) {
        String routine = "dsymm";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "side", side);
        Checks.notNull(routine, "uplo", uplo);
        Checks.nonNegative(routine, "m", m);
        Checks.nonNegative(routine, "n", n);
        boolean empty = m == 0 || n == 0;
        Call call = Call.begin(routine, Precision.DOUBLE)
                .triangle("A", a, aOffset, layout, uplo, Diag.NON_UNIT, empty ? 0 : side == Side.LEFT ? m : n, lda)
                .general("B", b, bOffset, layout, m, n, ldb)
                .general("C", c, cOffset, layout, m, n, ldc).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HDsymm.D.byAddress().invokeExact(call.critical, layout.code(), side.code(), uplo.code(), m, n, alpha,
                        call.address(0), lda, call.address(1), ldb, beta, call.address(2), ldc);
            } else {
                HDsymm.D.bySegment().invokeExact(call.critical, layout.code(), side.code(), uplo.code(), m, n, alpha,
                        call.at(0), lda, call.at(1), ldb, beta, call.at(2), ldc);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HDsymm {
        static final Downcall D = Downcall.of("cblas_dsymm", cblas_h.cblas_dsymm$descriptor());
    }

    /** The uplo triangle of C = alpha * A * A<sup>T</sup> + beta * C (trans NO_TRANSPOSE, A n x k
            ) or alpha * A<sup>T</sup> * A + beta * C (A k x n), C n x n symmetric. */
    public static void dsyrk(Layout layout, Uplo uplo, Transpose trans, int n, int k, double alpha, MemorySegment a,
            long aOffset, int lda, double beta, MemorySegment c, long cOffset, int ldc) {
        String routine = "dsyrk";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.notNull(routine, "trans", trans);
        Checks.nonNegative(routine, "n", n);
        Checks.nonNegative(routine, "k", k);
        Call call = Call.begin(routine, Precision.DOUBLE)
                .general("A", a, aOffset, layout, trans.transposed() ? k : n, trans.transposed() ? n : k, lda)
                .triangle("C", c, cOffset, layout, uplo, Diag.NON_UNIT, n, ldc).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HDsyrk.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), n, k, alpha,
                        call.address(0), lda, beta, call.address(1), ldc);
            } else {
                HDsyrk.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), n, k, alpha,
                        call.at(0), lda, beta, call.at(1), ldc);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HDsyrk {
        static final Downcall D = Downcall.of("cblas_dsyrk", cblas_h.cblas_dsyrk$descriptor());
    }

    /** The uplo triangle of the rank-2k update C = alpha * A * B' + alpha' * B * A' + beta * C (A,
            B n x k; k x n when transposed), C n x n. */
    public static void dsyr2k(Layout layout, Uplo uplo, Transpose trans, int n, int k, double alpha, MemorySegment a,
            long aOffset, int lda, MemorySegment b, long bOffset, int ldb, double beta, MemorySegment c, long cOffset,
            int ldc) {
        String routine = "dsyr2k";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.notNull(routine, "trans", trans);
        Checks.nonNegative(routine, "n", n);
        Checks.nonNegative(routine, "k", k);
        Call call = Call.begin(routine, Precision.DOUBLE)
                .general("A", a, aOffset, layout, trans.transposed() ? k : n, trans.transposed() ? n : k, lda)
                .general("B", b, bOffset, layout, trans.transposed() ? k : n, trans.transposed() ? n : k, ldb)
                .triangle("C", c, cOffset, layout, uplo, Diag.NON_UNIT, n, ldc).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HDsyr2k.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), n, k,
                        alpha, call.address(0), lda, call.address(1), ldb, beta, call.address(2), ldc);
            } else {
                HDsyr2k.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), n, k,
                        alpha, call.at(0), lda, call.at(1), ldb, beta, call.at(2), ldc);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HDsyr2k {
        static final Downcall D = Downcall.of("cblas_dsyr2k", cblas_h.cblas_dsyr2k$descriptor());
    }

    /**
     * B = alpha * op(A) * B (side LEFT) or alpha * B * op(A) (RIGHT); A triangular, m x m or n x n (its uplo triangle
     * read; not the diagonal when unit), B m x n.
     */
    public static void dtrmm(Layout layout, Side side, Uplo uplo, Transpose transA, Diag diag, int m, int n,
            double alpha, MemorySegment a, long aOffset, int lda, MemorySegment b, long bOffset, int ldb) {
        String routine = "dtrmm";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "side", side);
        Checks.notNull(routine, "uplo", uplo);
        Checks.notNull(routine, "transA", transA);
        Checks.notNull(routine, "diag", diag);
        Checks.nonNegative(routine, "m", m);
        Checks.nonNegative(routine, "n", n);
        boolean empty = m == 0 || n == 0;
        Call call = Call.begin(routine, Precision.DOUBLE)
                .triangle("A", a, aOffset, layout, uplo, diag, empty ? 0 : side == Side.LEFT ? m : n, lda)
                .general("B", b, bOffset, layout, m, n, ldb).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HDtrmm.D.byAddress().invokeExact(call.critical, layout.code(), side.code(), uplo.code(),
                        transA.code(), diag.code(), m, n, alpha, call.address(0), lda, call.address(1), ldb);
            } else {
                HDtrmm.D.bySegment().invokeExact(call.critical, layout.code(), side.code(), uplo.code(),
                        transA.code(), diag.code(), m, n, alpha, call.at(0), lda, call.at(1), ldb);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HDtrmm {
        static final Downcall D = Downcall.of("cblas_dtrmm", cblas_h.cblas_dtrmm$descriptor());
    }

    /**
     * Solves op(A) * X = alpha * B (side LEFT) or X * op(A) = alpha * B (RIGHT) for X, written over B; A triangular, m
     * x m or n x n (its uplo triangle read; not the diagonal when unit), B m x n.
     */
    public static void dtrsm(Layout layout, Side side, Uplo uplo, Transpose transA, Diag diag, int m, int n,
            double alpha, MemorySegment a, long aOffset, int lda, MemorySegment b, long bOffset, int ldb) {
        String routine = "dtrsm";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "side", side);
        Checks.notNull(routine, "uplo", uplo);
        Checks.notNull(routine, "transA", transA);
        Checks.notNull(routine, "diag", diag);
        Checks.nonNegative(routine, "m", m);
        Checks.nonNegative(routine, "n", n);
        boolean empty = m == 0 || n == 0;
        Call call = Call.begin(routine, Precision.DOUBLE)
                .triangle("A", a, aOffset, layout, uplo, diag, empty ? 0 : side == Side.LEFT ? m : n, lda)
                .general("B", b, bOffset, layout, m, n, ldb).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HDtrsm.D.byAddress().invokeExact(call.critical, layout.code(), side.code(), uplo.code(),
                        transA.code(), diag.code(), m, n, alpha, call.address(0), lda, call.address(1), ldb);
            } else {
                HDtrsm.D.bySegment().invokeExact(call.critical, layout.code(), side.code(), uplo.code(),
                        transA.code(), diag.code(), m, n, alpha, call.at(0), lda, call.at(1), ldb);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HDtrsm {
        static final Downcall D = Downcall.of("cblas_dtrsm", cblas_h.cblas_dtrsm$descriptor());
    }

    /** B = alpha * op(A), A rows x cols, B cols x rows when transposed (OpenBLAS extension). */
    public static void domatcopy(Layout layout, Transpose trans, int rows, int cols, double alpha, MemorySegment a,
            long aOffset, int lda, MemorySegment b, long bOffset, int ldb) {
        String routine = "domatcopy";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "trans", trans);
        Checks.nonNegative(routine, "rows", rows);
        Checks.nonNegative(routine, "cols", cols);
        Call call = Call.begin(routine, Precision.DOUBLE)
                .general("A", a, aOffset, layout, rows, cols, lda)
                .general("B", b, bOffset, layout, trans.transposed() ? cols : rows, trans.transposed() ? rows : cols,
                        ldb).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HDomatcopy.D.byAddress().invokeExact(call.critical, layout.code(), trans.code(), rows, cols, alpha,
                        call.address(0), lda, call.address(1), ldb);
            } else {
                HDomatcopy.D.bySegment().invokeExact(call.critical, layout.code(), trans.code(), rows, cols, alpha,
                        call.at(0), lda, call.at(1), ldb);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HDomatcopy {
        static final Downcall D = Downcall.of("cblas_domatcopy", cblas_h.cblas_domatcopy$descriptor());
    }

    /** C = alpha * A + beta * C, both rows x cols (OpenBLAS extension). */
    public static void dgeadd(Layout layout, int rows, int cols, double alpha, MemorySegment a, long aOffset, int lda,
            double beta, MemorySegment c, long cOffset, int ldc) {
        String routine = "dgeadd";
        Checks.notNull(routine, "layout", layout);
        Checks.nonNegative(routine, "rows", rows);
        Checks.nonNegative(routine, "cols", cols);
        Call call = Call.begin(routine, Precision.DOUBLE)
                .general("A", a, aOffset, layout, rows, cols, lda)
                .general("C", c, cOffset, layout, rows, cols, ldc).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HDgeadd.D.byAddress().invokeExact(call.critical, layout.code(), rows, cols, alpha, call.address(0),
                        lda, beta, call.address(1), ldc);
            } else {
                HDgeadd.D.bySegment().invokeExact(call.critical, layout.code(), rows, cols, alpha, call.at(0), lda,
                        beta, call.at(1), ldc);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HDgeadd {
        static final Downcall D = Downcall.of("cblas_dgeadd", cblas_h.cblas_dgeadd$descriptor());
    }

    /** C = alpha * op(A) * op(B) + beta * C, op(A) m x k, op(B) k x n, C m x n. */
    public static void cgemm(Layout layout, Transpose transA, Transpose transB, int m, int n, int k, ComplexFloat alpha,
            MemorySegment a, long aOffset, int lda, MemorySegment b, long bOffset, int ldb, ComplexFloat beta,
            MemorySegment c, long cOffset, int ldc) {
        String routine = "cgemm";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "transA", transA);
        Checks.notNull(routine, "transB", transB);
        Checks.nonNegative(routine, "m", m);
        Checks.nonNegative(routine, "n", n);
        Checks.nonNegative(routine, "k", k);
        Checks.notNull(routine, "alpha", alpha);
        Checks.notNull(routine, "beta", beta);
        Call call = Call.begin(routine, Precision.COMPLEX_SINGLE)
                .general("A", a, aOffset, layout, transA.transposed() ? k : m, transA.transposed() ? m : k, lda)
                .general("B", b, bOffset, layout, transB.transposed() ? n : k, transB.transposed() ? k : n, ldb)
                .general("C", c, cOffset, layout, m, n, ldc).output()
                .check();
        if (call.skip) {
            return;
        }
        MemorySegment room = Scalars.room();
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HCgemm.D.byAddress().invokeExact(call.critical, layout.code(), transA.code(), transB.code(), m, n, k,
                        Scalars.alpha(room, alpha).address(), call.address(0), lda, call.address(1), ldb,
                        Scalars.beta(room, beta).address(), call.address(2), ldc);
            } else {
                HCgemm.D.bySegment().invokeExact(call.critical, layout.code(), transA.code(), transB.code(), m, n, k,
                        Scalars.alpha(room, alpha), call.at(0), lda, call.at(1), ldb, Scalars.beta(room, beta),
                        call.at(2), ldc);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HCgemm {
        static final Downcall D = Downcall.of("cblas_cgemm", cblas_h.cblas_cgemm$descriptor());
    }

    /**
     * C = alpha * op(A) * op(B) + beta * C (the 3M method: three real products per complex one), op(A) m x k, op(B) k x
     * n, C m x n.
     */
    public static void cgemm3m(Layout layout, Transpose transA, Transpose transB, int m, int n, int k,
            ComplexFloat alpha, MemorySegment a, long aOffset, int lda, MemorySegment b, long bOffset, int ldb,
            ComplexFloat beta, MemorySegment c, long cOffset, int ldc) {
        String routine = "cgemm3m";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "transA", transA);
        Checks.notNull(routine, "transB", transB);
        Checks.nonNegative(routine, "m", m);
        Checks.nonNegative(routine, "n", n);
        Checks.nonNegative(routine, "k", k);
        Checks.notNull(routine, "alpha", alpha);
        Checks.notNull(routine, "beta", beta);
        Call call = Call.begin(routine, Precision.COMPLEX_SINGLE)
                .general("A", a, aOffset, layout, transA.transposed() ? k : m, transA.transposed() ? m : k, lda)
                .general("B", b, bOffset, layout, transB.transposed() ? n : k, transB.transposed() ? k : n, ldb)
                .general("C", c, cOffset, layout, m, n, ldc).output()
                .check();
        if (call.skip) {
            return;
        }
        MemorySegment room = Scalars.room();
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HCgemm3m.D.byAddress().invokeExact(call.critical, layout.code(), transA.code(), transB.code(), m, n,
                        k, Scalars.alpha(room, alpha).address(), call.address(0), lda, call.address(1), ldb,
                        Scalars.beta(room, beta).address(), call.address(2), ldc);
            } else {
                HCgemm3m.D.bySegment().invokeExact(call.critical, layout.code(), transA.code(), transB.code(), m, n,
                        k, Scalars.alpha(room, alpha), call.at(0), lda, call.at(1), ldb, Scalars.beta(room, beta),
                        call.at(2), ldc);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HCgemm3m {
        static final Downcall D = Downcall.of("cblas_cgemm3m", cblas_h.cblas_cgemm3m$descriptor());
    }

    /**
     * The uplo triangle of C = alpha * op(A) * op(B) + beta * C, op(A) n x k, op(B) k x n, C n x n (OpenBLAS
     * extension).
     */
    public static void cgemmt(Layout layout, Uplo uplo, Transpose transA, Transpose transB, int n, int k,
            ComplexFloat alpha, MemorySegment a, long aOffset, int lda, MemorySegment b, long bOffset, int ldb,
            ComplexFloat beta, MemorySegment c, long cOffset, int ldc) {
        String routine = "cgemmt";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.notNull(routine, "transA", transA);
        Checks.notNull(routine, "transB", transB);
        Checks.nonNegative(routine, "n", n);
        Checks.nonNegative(routine, "k", k);
        Checks.notNull(routine, "alpha", alpha);
        Checks.notNull(routine, "beta", beta);
        Call call = Call.begin(routine, Precision.COMPLEX_SINGLE)
                .general("A", a, aOffset, layout, transA.transposed() ? k : n, transA.transposed() ? n : k, lda)
                .general("B", b, bOffset, layout, transB.transposed() ? n : k, transB.transposed() ? k : n, ldb)
                .triangle("C", c, cOffset, layout, uplo, Diag.NON_UNIT, n, ldc).output()
                .check();
        if (call.skip) {
            return;
        }
        MemorySegment room = Scalars.room();
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HCgemmt.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), transA.code(),
                        transB.code(), n, k, Scalars.alpha(room, alpha).address(), call.address(0), lda,
                        call.address(1), ldb, Scalars.beta(room, beta).address(), call.address(2), ldc);
            } else {
                HCgemmt.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), transA.code(),
                        transB.code(), n, k, Scalars.alpha(room, alpha), call.at(0), lda, call.at(1), ldb,
                        Scalars.beta(room, beta), call.at(2), ldc);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HCgemmt {
        static final Downcall D = Downcall.of("cblas_cgemmt", cblas_h.cblas_cgemmt$descriptor());
    }

    /** C = alpha * A * B + beta * C (side LEFT) or alpha * B * A + beta * C (RIGHT), A symmetric (m x m or n x n,
            its uplo triangle read), B and C m x n. */
    public static void csymm(Layout layout, Side side, Uplo uplo, int m, int n, ComplexFloat alpha, MemorySegment a,
            long aOffset, int lda, MemorySegment b, long bOffset, int ldb, ComplexFloat beta, MemorySegment c,
            long cOffset, int ldc) {
        String routine = "csymm";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "side", side);
        Checks.notNull(routine, "uplo", uplo);
        Checks.nonNegative(routine, "m", m);
        Checks.nonNegative(routine, "n", n);
        Checks.notNull(routine, "alpha", alpha);
        Checks.notNull(routine, "beta", beta);
        boolean empty = m == 0 || n == 0;
        Call call = Call.begin(routine, Precision.COMPLEX_SINGLE)
                .triangle("A", a, aOffset, layout, uplo, Diag.NON_UNIT, empty ? 0 : side == Side.LEFT ? m : n, lda)
                .general("B", b, bOffset, layout, m, n, ldb)
                .general("C", c, cOffset, layout, m, n, ldc).output()
                .check();
        if (call.skip) {
            return;
        }
        MemorySegment room = Scalars.room();
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HCsymm.D.byAddress().invokeExact(call.critical, layout.code(), side.code(), uplo.code(), m, n,
                        Scalars.alpha(room, alpha).address(), call.address(0), lda, call.address(1), ldb,
                        Scalars.beta(room, beta).address(), call.address(2), ldc);
            } else {
                HCsymm.D.bySegment().invokeExact(call.critical, layout.code(), side.code(), uplo.code(), m, n,
                        Scalars.alpha(room, alpha), call.at(0), lda, call.at(1), ldb, Scalars.beta(room, beta),
                        call.at(2), ldc);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HCsymm {
        static final Downcall D = Downcall.of("cblas_csymm", cblas_h.cblas_csymm$descriptor());
    }

    /** C = alpha * A * B + beta * C (side LEFT) or alpha * B * A + beta * C (RIGHT), A Hermitian (m x m or n x n,
            its uplo triangle read), B and C m x n. */
    public static void chemm(Layout layout, Side side, Uplo uplo, int m, int n, ComplexFloat alpha, MemorySegment a,
            long aOffset, int lda, MemorySegment b, long bOffset, int ldb, ComplexFloat beta, MemorySegment c,
            long cOffset, int ldc) {
        String routine = "chemm";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "side", side);
        Checks.notNull(routine, "uplo", uplo);
        Checks.nonNegative(routine, "m", m);
        Checks.nonNegative(routine, "n", n);
        Checks.notNull(routine, "alpha", alpha);
        Checks.notNull(routine, "beta", beta);
        boolean empty = m == 0 || n == 0;
        Call call = Call.begin(routine, Precision.COMPLEX_SINGLE)
                .triangle("A", a, aOffset, layout, uplo, Diag.NON_UNIT, empty ? 0 : side == Side.LEFT ? m : n, lda)
                .general("B", b, bOffset, layout, m, n, ldb)
                .general("C", c, cOffset, layout, m, n, ldc).output()
                .check();
        if (call.skip) {
            return;
        }
        MemorySegment room = Scalars.room();
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HChemm.D.byAddress().invokeExact(call.critical, layout.code(), side.code(), uplo.code(), m, n,
                        Scalars.alpha(room, alpha).address(), call.address(0), lda, call.address(1), ldb,
                        Scalars.beta(room, beta).address(), call.address(2), ldc);
            } else {
                HChemm.D.bySegment().invokeExact(call.critical, layout.code(), side.code(), uplo.code(), m, n,
                        Scalars.alpha(room, alpha), call.at(0), lda, call.at(1), ldb, Scalars.beta(room, beta),
                        call.at(2), ldc);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HChemm {
        static final Downcall D = Downcall.of("cblas_chemm", cblas_h.cblas_chemm$descriptor());
    }

    /** The uplo triangle of C = alpha * A * A<sup>T</sup> + beta * C (trans NO_TRANSPOSE, A n x k
            ) or alpha * A<sup>T</sup> * A + beta * C (A k x n), C n x n symmetric. */
    public static void csyrk(Layout layout, Uplo uplo, Transpose trans, int n, int k, ComplexFloat alpha,
            MemorySegment a, long aOffset, int lda, ComplexFloat beta, MemorySegment c, long cOffset, int ldc) {
        String routine = "csyrk";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.notNull(routine, "trans", trans);
        Checks.nonNegative(routine, "n", n);
        Checks.nonNegative(routine, "k", k);
        Checks.notNull(routine, "alpha", alpha);
        Checks.notNull(routine, "beta", beta);
        if (trans == Transpose.CONJUGATE_TRANSPOSE) {
            throw new IllegalArgumentException(routine + ": trans=" + trans + " is not defined for csyrk;"
                    + " use NO_TRANSPOSE or TRANSPOSE");
        }
        Call call = Call.begin(routine, Precision.COMPLEX_SINGLE)
                .general("A", a, aOffset, layout, trans.transposed() ? k : n, trans.transposed() ? n : k, lda)
                .triangle("C", c, cOffset, layout, uplo, Diag.NON_UNIT, n, ldc).output()
                .check();
        if (call.skip) {
            return;
        }
        MemorySegment room = Scalars.room();
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HCsyrk.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), n, k,
                        Scalars.alpha(room, alpha).address(), call.address(0), lda, Scalars.beta(room,
                        beta).address(), call.address(1), ldc);
            } else {
                HCsyrk.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), n, k,
                        Scalars.alpha(room, alpha), call.at(0), lda, Scalars.beta(room, beta), call.at(1), ldc);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HCsyrk {
        static final Downcall D = Downcall.of("cblas_csyrk", cblas_h.cblas_csyrk$descriptor());
    }

    /** The uplo triangle of C = alpha * A * A<sup>H</sup> + beta * C (trans NO_TRANSPOSE, A n x k
            ) or alpha * A<sup>H</sup> * A + beta * C (A k x n), C n x n Hermitian. */
    public static void cherk(Layout layout, Uplo uplo, Transpose trans, int n, int k, float alpha, MemorySegment a,
            long aOffset, int lda, float beta, MemorySegment c, long cOffset, int ldc) {
        String routine = "cherk";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.notNull(routine, "trans", trans);
        Checks.nonNegative(routine, "n", n);
        Checks.nonNegative(routine, "k", k);
        if (trans == Transpose.TRANSPOSE) {
            throw new IllegalArgumentException(routine + ": trans=" + trans + " is not defined for cherk;"
                    + " use NO_TRANSPOSE or CONJUGATE_TRANSPOSE");
        }
        Call call = Call.begin(routine, Precision.COMPLEX_SINGLE)
                .general("A", a, aOffset, layout, trans.transposed() ? k : n, trans.transposed() ? n : k, lda)
                .triangle("C", c, cOffset, layout, uplo, Diag.NON_UNIT, n, ldc).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HCherk.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), n, k, alpha,
                        call.address(0), lda, beta, call.address(1), ldc);
            } else {
                HCherk.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), n, k, alpha,
                        call.at(0), lda, beta, call.at(1), ldc);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HCherk {
        static final Downcall D = Downcall.of("cblas_cherk", cblas_h.cblas_cherk$descriptor());
    }

    /** The uplo triangle of the rank-2k update C = alpha * A * B' + alpha' * B * A' + beta * C (A,
            B n x k; k x n when transposed), C n x n. */
    public static void csyr2k(Layout layout, Uplo uplo, Transpose trans, int n, int k, ComplexFloat alpha,
            MemorySegment a, long aOffset, int lda, MemorySegment b, long bOffset, int ldb, ComplexFloat beta,
            MemorySegment c, long cOffset, int ldc) {
        String routine = "csyr2k";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.notNull(routine, "trans", trans);
        Checks.nonNegative(routine, "n", n);
        Checks.nonNegative(routine, "k", k);
        Checks.notNull(routine, "alpha", alpha);
        Checks.notNull(routine, "beta", beta);
        if (trans == Transpose.CONJUGATE_TRANSPOSE) {
            throw new IllegalArgumentException(routine + ": trans=" + trans + " is not defined for csyr2k;"
                    + " use NO_TRANSPOSE or TRANSPOSE");
        }
        Call call = Call.begin(routine, Precision.COMPLEX_SINGLE)
                .general("A", a, aOffset, layout, trans.transposed() ? k : n, trans.transposed() ? n : k, lda)
                .general("B", b, bOffset, layout, trans.transposed() ? k : n, trans.transposed() ? n : k, ldb)
                .triangle("C", c, cOffset, layout, uplo, Diag.NON_UNIT, n, ldc).output()
                .check();
        if (call.skip) {
            return;
        }
        MemorySegment room = Scalars.room();
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HCsyr2k.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), n, k,
                        Scalars.alpha(room, alpha).address(), call.address(0), lda, call.address(1), ldb,
                        Scalars.beta(room, beta).address(), call.address(2), ldc);
            } else {
                HCsyr2k.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), n, k,
                        Scalars.alpha(room, alpha), call.at(0), lda, call.at(1), ldb, Scalars.beta(room, beta),
                        call.at(2), ldc);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HCsyr2k {
        static final Downcall D = Downcall.of("cblas_csyr2k", cblas_h.cblas_csyr2k$descriptor());
    }

    /** The uplo triangle of the rank-2k update C = alpha * A * B' + alpha' * B * A' + beta * C (A,
            B n x k; k x n when transposed), C n x n. */
    public static void cher2k(Layout layout, Uplo uplo, Transpose trans, int n, int k, ComplexFloat alpha,
            MemorySegment a, long aOffset, int lda, MemorySegment b, long bOffset, int ldb, float beta, MemorySegment c,
            long cOffset, int ldc) {
        String routine = "cher2k";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.notNull(routine, "trans", trans);
        Checks.nonNegative(routine, "n", n);
        Checks.nonNegative(routine, "k", k);
        Checks.notNull(routine, "alpha", alpha);
        if (trans == Transpose.TRANSPOSE) {
            throw new IllegalArgumentException(routine + ": trans=" + trans + " is not defined for cher2k;"
                    + " use NO_TRANSPOSE or CONJUGATE_TRANSPOSE");
        }
        Call call = Call.begin(routine, Precision.COMPLEX_SINGLE)
                .general("A", a, aOffset, layout, trans.transposed() ? k : n, trans.transposed() ? n : k, lda)
                .general("B", b, bOffset, layout, trans.transposed() ? k : n, trans.transposed() ? n : k, ldb)
                .triangle("C", c, cOffset, layout, uplo, Diag.NON_UNIT, n, ldc).output()
                .check();
        if (call.skip) {
            return;
        }
        MemorySegment room = Scalars.room();
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HCher2k.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), n, k,
                        Scalars.alpha(room, alpha).address(), call.address(0), lda, call.address(1), ldb, beta,
                        call.address(2), ldc);
            } else {
                HCher2k.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), n, k,
                        Scalars.alpha(room, alpha), call.at(0), lda, call.at(1), ldb, beta, call.at(2), ldc);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HCher2k {
        static final Downcall D = Downcall.of("cblas_cher2k", cblas_h.cblas_cher2k$descriptor());
    }

    /**
     * B = alpha * op(A) * B (side LEFT) or alpha * B * op(A) (RIGHT); A triangular, m x m or n x n (its uplo triangle
     * read; not the diagonal when unit), B m x n.
     */
    public static void ctrmm(Layout layout, Side side, Uplo uplo, Transpose transA, Diag diag, int m, int n,
            ComplexFloat alpha, MemorySegment a, long aOffset, int lda, MemorySegment b, long bOffset, int ldb) {
        String routine = "ctrmm";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "side", side);
        Checks.notNull(routine, "uplo", uplo);
        Checks.notNull(routine, "transA", transA);
        Checks.notNull(routine, "diag", diag);
        Checks.nonNegative(routine, "m", m);
        Checks.nonNegative(routine, "n", n);
        Checks.notNull(routine, "alpha", alpha);
        boolean empty = m == 0 || n == 0;
        Call call = Call.begin(routine, Precision.COMPLEX_SINGLE)
                .triangle("A", a, aOffset, layout, uplo, diag, empty ? 0 : side == Side.LEFT ? m : n, lda)
                .general("B", b, bOffset, layout, m, n, ldb).output()
                .check();
        if (call.skip) {
            return;
        }
        MemorySegment room = Scalars.room();
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HCtrmm.D.byAddress().invokeExact(call.critical, layout.code(), side.code(), uplo.code(),
                        transA.code(), diag.code(), m, n, Scalars.alpha(room, alpha).address(), call.address(0), lda,
                        call.address(1), ldb);
            } else {
                HCtrmm.D.bySegment().invokeExact(call.critical, layout.code(), side.code(), uplo.code(),
                        transA.code(), diag.code(), m, n, Scalars.alpha(room, alpha), call.at(0), lda, call.at(1), ldb);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HCtrmm {
        static final Downcall D = Downcall.of("cblas_ctrmm", cblas_h.cblas_ctrmm$descriptor());
    }

    /**
     * Solves op(A) * X = alpha * B (side LEFT) or X * op(A) = alpha * B (RIGHT) for X, written over B; A triangular, m
     * x m or n x n (its uplo triangle read; not the diagonal when unit), B m x n.
     */
    public static void ctrsm(Layout layout, Side side, Uplo uplo, Transpose transA, Diag diag, int m, int n,
            ComplexFloat alpha, MemorySegment a, long aOffset, int lda, MemorySegment b, long bOffset, int ldb) {
        String routine = "ctrsm";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "side", side);
        Checks.notNull(routine, "uplo", uplo);
        Checks.notNull(routine, "transA", transA);
        Checks.notNull(routine, "diag", diag);
        Checks.nonNegative(routine, "m", m);
        Checks.nonNegative(routine, "n", n);
        Checks.notNull(routine, "alpha", alpha);
        boolean empty = m == 0 || n == 0;
        Call call = Call.begin(routine, Precision.COMPLEX_SINGLE)
                .triangle("A", a, aOffset, layout, uplo, diag, empty ? 0 : side == Side.LEFT ? m : n, lda)
                .general("B", b, bOffset, layout, m, n, ldb).output()
                .check();
        if (call.skip) {
            return;
        }
        MemorySegment room = Scalars.room();
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HCtrsm.D.byAddress().invokeExact(call.critical, layout.code(), side.code(), uplo.code(),
                        transA.code(), diag.code(), m, n, Scalars.alpha(room, alpha).address(), call.address(0), lda,
                        call.address(1), ldb);
            } else {
                HCtrsm.D.bySegment().invokeExact(call.critical, layout.code(), side.code(), uplo.code(),
                        transA.code(), diag.code(), m, n, Scalars.alpha(room, alpha), call.at(0), lda, call.at(1), ldb);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HCtrsm {
        static final Downcall D = Downcall.of("cblas_ctrsm", cblas_h.cblas_ctrsm$descriptor());
    }

    /** B = alpha * op(A), A rows x cols, B cols x rows when transposed (OpenBLAS extension). */
    public static void comatcopy(Layout layout, Transpose trans, int rows, int cols, ComplexFloat alpha,
            MemorySegment a, long aOffset, int lda, MemorySegment b, long bOffset, int ldb) {
        String routine = "comatcopy";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "trans", trans);
        Checks.nonNegative(routine, "rows", rows);
        Checks.nonNegative(routine, "cols", cols);
        Checks.notNull(routine, "alpha", alpha);
        Call call = Call.begin(routine, Precision.COMPLEX_SINGLE)
                .general("A", a, aOffset, layout, rows, cols, lda)
                .general("B", b, bOffset, layout, trans.transposed() ? cols : rows, trans.transposed() ? rows : cols,
                        ldb).output()
                .check();
        if (call.skip) {
            return;
        }
        MemorySegment room = Scalars.room();
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HComatcopy.D.byAddress().invokeExact(call.critical, layout.code(), trans.code(), rows, cols,
                        Scalars.alpha(room, alpha).address(), call.address(0), lda, call.address(1), ldb);
            } else {
                HComatcopy.D.bySegment().invokeExact(call.critical, layout.code(), trans.code(), rows, cols,
                        Scalars.alpha(room, alpha), call.at(0), lda, call.at(1), ldb);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HComatcopy {
        static final Downcall D = Downcall.of("cblas_comatcopy", cblas_h.cblas_comatcopy$descriptor());
    }

    /** C = alpha * A + beta * C, both rows x cols (OpenBLAS extension). */
    public static void cgeadd(Layout layout, int rows, int cols, ComplexFloat alpha, MemorySegment a, long aOffset,
            int lda, ComplexFloat beta, MemorySegment c, long cOffset, int ldc) {
        String routine = "cgeadd";
        Checks.notNull(routine, "layout", layout);
        Checks.nonNegative(routine, "rows", rows);
        Checks.nonNegative(routine, "cols", cols);
        Checks.notNull(routine, "alpha", alpha);
        Checks.notNull(routine, "beta", beta);
        Call call = Call.begin(routine, Precision.COMPLEX_SINGLE)
                .general("A", a, aOffset, layout, rows, cols, lda)
                .general("C", c, cOffset, layout, rows, cols, ldc).output()
                .check();
        if (call.skip) {
            return;
        }
        MemorySegment room = Scalars.room();
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HCgeadd.D.byAddress().invokeExact(call.critical, layout.code(), rows, cols, Scalars.alpha(room,
                        alpha).address(), call.address(0), lda, Scalars.beta(room, beta).address(), call.address(1),
                        ldc);
            } else {
                HCgeadd.D.bySegment().invokeExact(call.critical, layout.code(), rows, cols, Scalars.alpha(room,
                        alpha), call.at(0), lda, Scalars.beta(room, beta), call.at(1), ldc);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HCgeadd {
        static final Downcall D = Downcall.of("cblas_cgeadd", cblas_h.cblas_cgeadd$descriptor());
    }

    /** C = alpha * op(A) * op(B) + beta * C, op(A) m x k, op(B) k x n, C m x n. */
    public static void zgemm(Layout layout, Transpose transA, Transpose transB, int m, int n, int k,
            ComplexDouble alpha, MemorySegment a, long aOffset, int lda, MemorySegment b, long bOffset, int ldb,
            ComplexDouble beta, MemorySegment c, long cOffset, int ldc) {
        String routine = "zgemm";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "transA", transA);
        Checks.notNull(routine, "transB", transB);
        Checks.nonNegative(routine, "m", m);
        Checks.nonNegative(routine, "n", n);
        Checks.nonNegative(routine, "k", k);
        Checks.notNull(routine, "alpha", alpha);
        Checks.notNull(routine, "beta", beta);
        Call call = Call.begin(routine, Precision.COMPLEX_DOUBLE)
                .general("A", a, aOffset, layout, transA.transposed() ? k : m, transA.transposed() ? m : k, lda)
                .general("B", b, bOffset, layout, transB.transposed() ? n : k, transB.transposed() ? k : n, ldb)
                .general("C", c, cOffset, layout, m, n, ldc).output()
                .check();
        if (call.skip) {
            return;
        }
        MemorySegment room = Scalars.room();
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HZgemm.D.byAddress().invokeExact(call.critical, layout.code(), transA.code(), transB.code(), m, n, k,
                        Scalars.alpha(room, alpha).address(), call.address(0), lda, call.address(1), ldb,
                        Scalars.beta(room, beta).address(), call.address(2), ldc);
            } else {
                HZgemm.D.bySegment().invokeExact(call.critical, layout.code(), transA.code(), transB.code(), m, n, k,
                        Scalars.alpha(room, alpha), call.at(0), lda, call.at(1), ldb, Scalars.beta(room, beta),
                        call.at(2), ldc);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HZgemm {
        static final Downcall D = Downcall.of("cblas_zgemm", cblas_h.cblas_zgemm$descriptor());
    }

    /**
     * C = alpha * op(A) * op(B) + beta * C (the 3M method: three real products per complex one), op(A) m x k, op(B) k x
     * n, C m x n.
     */
    public static void zgemm3m(Layout layout, Transpose transA, Transpose transB, int m, int n, int k,
            ComplexDouble alpha, MemorySegment a, long aOffset, int lda, MemorySegment b, long bOffset, int ldb,
            ComplexDouble beta, MemorySegment c, long cOffset, int ldc) {
        String routine = "zgemm3m";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "transA", transA);
        Checks.notNull(routine, "transB", transB);
        Checks.nonNegative(routine, "m", m);
        Checks.nonNegative(routine, "n", n);
        Checks.nonNegative(routine, "k", k);
        Checks.notNull(routine, "alpha", alpha);
        Checks.notNull(routine, "beta", beta);
        Call call = Call.begin(routine, Precision.COMPLEX_DOUBLE)
                .general("A", a, aOffset, layout, transA.transposed() ? k : m, transA.transposed() ? m : k, lda)
                .general("B", b, bOffset, layout, transB.transposed() ? n : k, transB.transposed() ? k : n, ldb)
                .general("C", c, cOffset, layout, m, n, ldc).output()
                .check();
        if (call.skip) {
            return;
        }
        MemorySegment room = Scalars.room();
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HZgemm3m.D.byAddress().invokeExact(call.critical, layout.code(), transA.code(), transB.code(), m, n,
                        k, Scalars.alpha(room, alpha).address(), call.address(0), lda, call.address(1), ldb,
                        Scalars.beta(room, beta).address(), call.address(2), ldc);
            } else {
                HZgemm3m.D.bySegment().invokeExact(call.critical, layout.code(), transA.code(), transB.code(), m, n,
                        k, Scalars.alpha(room, alpha), call.at(0), lda, call.at(1), ldb, Scalars.beta(room, beta),
                        call.at(2), ldc);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HZgemm3m {
        static final Downcall D = Downcall.of("cblas_zgemm3m", cblas_h.cblas_zgemm3m$descriptor());
    }

    /**
     * The uplo triangle of C = alpha * op(A) * op(B) + beta * C, op(A) n x k, op(B) k x n, C n x n (OpenBLAS
     * extension).
     */
    public static void zgemmt(Layout layout, Uplo uplo, Transpose transA, Transpose transB, int n, int k,
            ComplexDouble alpha, MemorySegment a, long aOffset, int lda, MemorySegment b, long bOffset, int ldb,
            ComplexDouble beta, MemorySegment c, long cOffset, int ldc) {
        String routine = "zgemmt";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.notNull(routine, "transA", transA);
        Checks.notNull(routine, "transB", transB);
        Checks.nonNegative(routine, "n", n);
        Checks.nonNegative(routine, "k", k);
        Checks.notNull(routine, "alpha", alpha);
        Checks.notNull(routine, "beta", beta);
        Call call = Call.begin(routine, Precision.COMPLEX_DOUBLE)
                .general("A", a, aOffset, layout, transA.transposed() ? k : n, transA.transposed() ? n : k, lda)
                .general("B", b, bOffset, layout, transB.transposed() ? n : k, transB.transposed() ? k : n, ldb)
                .triangle("C", c, cOffset, layout, uplo, Diag.NON_UNIT, n, ldc).output()
                .check();
        if (call.skip) {
            return;
        }
        MemorySegment room = Scalars.room();
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HZgemmt.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), transA.code(),
                        transB.code(), n, k, Scalars.alpha(room, alpha).address(), call.address(0), lda,
                        call.address(1), ldb, Scalars.beta(room, beta).address(), call.address(2), ldc);
            } else {
                HZgemmt.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), transA.code(),
                        transB.code(), n, k, Scalars.alpha(room, alpha), call.at(0), lda, call.at(1), ldb,
                        Scalars.beta(room, beta), call.at(2), ldc);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HZgemmt {
        static final Downcall D = Downcall.of("cblas_zgemmt", cblas_h.cblas_zgemmt$descriptor());
    }

    /** C = alpha * A * B + beta * C (side LEFT) or alpha * B * A + beta * C (RIGHT), A symmetric (m x m or n x n,
            its uplo triangle read), B and C m x n. */
    public static void zsymm(Layout layout, Side side, Uplo uplo, int m, int n, ComplexDouble alpha, MemorySegment a,
            long aOffset, int lda, MemorySegment b, long bOffset, int ldb, ComplexDouble beta, MemorySegment c,
            long cOffset, int ldc) {
        String routine = "zsymm";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "side", side);
        Checks.notNull(routine, "uplo", uplo);
        Checks.nonNegative(routine, "m", m);
        Checks.nonNegative(routine, "n", n);
        Checks.notNull(routine, "alpha", alpha);
        Checks.notNull(routine, "beta", beta);
        boolean empty = m == 0 || n == 0;
        Call call = Call.begin(routine, Precision.COMPLEX_DOUBLE)
                .triangle("A", a, aOffset, layout, uplo, Diag.NON_UNIT, empty ? 0 : side == Side.LEFT ? m : n, lda)
                .general("B", b, bOffset, layout, m, n, ldb)
                .general("C", c, cOffset, layout, m, n, ldc).output()
                .check();
        if (call.skip) {
            return;
        }
        MemorySegment room = Scalars.room();
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HZsymm.D.byAddress().invokeExact(call.critical, layout.code(), side.code(), uplo.code(), m, n,
                        Scalars.alpha(room, alpha).address(), call.address(0), lda, call.address(1), ldb,
                        Scalars.beta(room, beta).address(), call.address(2), ldc);
            } else {
                HZsymm.D.bySegment().invokeExact(call.critical, layout.code(), side.code(), uplo.code(), m, n,
                        Scalars.alpha(room, alpha), call.at(0), lda, call.at(1), ldb, Scalars.beta(room, beta),
                        call.at(2), ldc);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HZsymm {
        static final Downcall D = Downcall.of("cblas_zsymm", cblas_h.cblas_zsymm$descriptor());
    }

    /** C = alpha * A * B + beta * C (side LEFT) or alpha * B * A + beta * C (RIGHT), A Hermitian (m x m or n x n,
            its uplo triangle read), B and C m x n. */
    public static void zhemm(Layout layout, Side side, Uplo uplo, int m, int n, ComplexDouble alpha, MemorySegment a,
            long aOffset, int lda, MemorySegment b, long bOffset, int ldb, ComplexDouble beta, MemorySegment c,
            long cOffset, int ldc) {
        String routine = "zhemm";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "side", side);
        Checks.notNull(routine, "uplo", uplo);
        Checks.nonNegative(routine, "m", m);
        Checks.nonNegative(routine, "n", n);
        Checks.notNull(routine, "alpha", alpha);
        Checks.notNull(routine, "beta", beta);
        boolean empty = m == 0 || n == 0;
        Call call = Call.begin(routine, Precision.COMPLEX_DOUBLE)
                .triangle("A", a, aOffset, layout, uplo, Diag.NON_UNIT, empty ? 0 : side == Side.LEFT ? m : n, lda)
                .general("B", b, bOffset, layout, m, n, ldb)
                .general("C", c, cOffset, layout, m, n, ldc).output()
                .check();
        if (call.skip) {
            return;
        }
        MemorySegment room = Scalars.room();
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HZhemm.D.byAddress().invokeExact(call.critical, layout.code(), side.code(), uplo.code(), m, n,
                        Scalars.alpha(room, alpha).address(), call.address(0), lda, call.address(1), ldb,
                        Scalars.beta(room, beta).address(), call.address(2), ldc);
            } else {
                HZhemm.D.bySegment().invokeExact(call.critical, layout.code(), side.code(), uplo.code(), m, n,
                        Scalars.alpha(room, alpha), call.at(0), lda, call.at(1), ldb, Scalars.beta(room, beta),
                        call.at(2), ldc);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HZhemm {
        static final Downcall D = Downcall.of("cblas_zhemm", cblas_h.cblas_zhemm$descriptor());
    }

    /** The uplo triangle of C = alpha * A * A<sup>T</sup> + beta * C (trans NO_TRANSPOSE, A n x k
            ) or alpha * A<sup>T</sup> * A + beta * C (A k x n), C n x n symmetric. */
    public static void zsyrk(Layout layout, Uplo uplo, Transpose trans, int n, int k, ComplexDouble alpha,
            MemorySegment a, long aOffset, int lda, ComplexDouble beta, MemorySegment c, long cOffset, int ldc) {
        String routine = "zsyrk";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.notNull(routine, "trans", trans);
        Checks.nonNegative(routine, "n", n);
        Checks.nonNegative(routine, "k", k);
        Checks.notNull(routine, "alpha", alpha);
        Checks.notNull(routine, "beta", beta);
        if (trans == Transpose.CONJUGATE_TRANSPOSE) {
            throw new IllegalArgumentException(routine + ": trans=" + trans + " is not defined for zsyrk;"
                    + " use NO_TRANSPOSE or TRANSPOSE");
        }
        Call call = Call.begin(routine, Precision.COMPLEX_DOUBLE)
                .general("A", a, aOffset, layout, trans.transposed() ? k : n, trans.transposed() ? n : k, lda)
                .triangle("C", c, cOffset, layout, uplo, Diag.NON_UNIT, n, ldc).output()
                .check();
        if (call.skip) {
            return;
        }
        MemorySegment room = Scalars.room();
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HZsyrk.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), n, k,
                        Scalars.alpha(room, alpha).address(), call.address(0), lda, Scalars.beta(room,
                        beta).address(), call.address(1), ldc);
            } else {
                HZsyrk.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), n, k,
                        Scalars.alpha(room, alpha), call.at(0), lda, Scalars.beta(room, beta), call.at(1), ldc);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HZsyrk {
        static final Downcall D = Downcall.of("cblas_zsyrk", cblas_h.cblas_zsyrk$descriptor());
    }

    /** The uplo triangle of C = alpha * A * A<sup>H</sup> + beta * C (trans NO_TRANSPOSE, A n x k
            ) or alpha * A<sup>H</sup> * A + beta * C (A k x n), C n x n Hermitian. */
    public static void zherk(Layout layout, Uplo uplo, Transpose trans, int n, int k, double alpha, MemorySegment a,
            long aOffset, int lda, double beta, MemorySegment c, long cOffset, int ldc) {
        String routine = "zherk";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.notNull(routine, "trans", trans);
        Checks.nonNegative(routine, "n", n);
        Checks.nonNegative(routine, "k", k);
        if (trans == Transpose.TRANSPOSE) {
            throw new IllegalArgumentException(routine + ": trans=" + trans + " is not defined for zherk;"
                    + " use NO_TRANSPOSE or CONJUGATE_TRANSPOSE");
        }
        Call call = Call.begin(routine, Precision.COMPLEX_DOUBLE)
                .general("A", a, aOffset, layout, trans.transposed() ? k : n, trans.transposed() ? n : k, lda)
                .triangle("C", c, cOffset, layout, uplo, Diag.NON_UNIT, n, ldc).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HZherk.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), n, k, alpha,
                        call.address(0), lda, beta, call.address(1), ldc);
            } else {
                HZherk.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), n, k, alpha,
                        call.at(0), lda, beta, call.at(1), ldc);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HZherk {
        static final Downcall D = Downcall.of("cblas_zherk", cblas_h.cblas_zherk$descriptor());
    }

    /** The uplo triangle of the rank-2k update C = alpha * A * B' + alpha' * B * A' + beta * C (A,
            B n x k; k x n when transposed), C n x n. */
    public static void zsyr2k(Layout layout, Uplo uplo, Transpose trans, int n, int k, ComplexDouble alpha,
            MemorySegment a, long aOffset, int lda, MemorySegment b, long bOffset, int ldb, ComplexDouble beta,
            MemorySegment c, long cOffset, int ldc) {
        String routine = "zsyr2k";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.notNull(routine, "trans", trans);
        Checks.nonNegative(routine, "n", n);
        Checks.nonNegative(routine, "k", k);
        Checks.notNull(routine, "alpha", alpha);
        Checks.notNull(routine, "beta", beta);
        if (trans == Transpose.CONJUGATE_TRANSPOSE) {
            throw new IllegalArgumentException(routine + ": trans=" + trans + " is not defined for zsyr2k;"
                    + " use NO_TRANSPOSE or TRANSPOSE");
        }
        Call call = Call.begin(routine, Precision.COMPLEX_DOUBLE)
                .general("A", a, aOffset, layout, trans.transposed() ? k : n, trans.transposed() ? n : k, lda)
                .general("B", b, bOffset, layout, trans.transposed() ? k : n, trans.transposed() ? n : k, ldb)
                .triangle("C", c, cOffset, layout, uplo, Diag.NON_UNIT, n, ldc).output()
                .check();
        if (call.skip) {
            return;
        }
        MemorySegment room = Scalars.room();
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HZsyr2k.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), n, k,
                        Scalars.alpha(room, alpha).address(), call.address(0), lda, call.address(1), ldb,
                        Scalars.beta(room, beta).address(), call.address(2), ldc);
            } else {
                HZsyr2k.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), n, k,
                        Scalars.alpha(room, alpha), call.at(0), lda, call.at(1), ldb, Scalars.beta(room, beta),
                        call.at(2), ldc);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HZsyr2k {
        static final Downcall D = Downcall.of("cblas_zsyr2k", cblas_h.cblas_zsyr2k$descriptor());
    }

    /** The uplo triangle of the rank-2k update C = alpha * A * B' + alpha' * B * A' + beta * C (A,
            B n x k; k x n when transposed), C n x n. */
    public static void zher2k(Layout layout, Uplo uplo, Transpose trans, int n, int k, ComplexDouble alpha,
            MemorySegment a, long aOffset, int lda, MemorySegment b, long bOffset, int ldb, double beta,
            MemorySegment c, long cOffset, int ldc) {
        String routine = "zher2k";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "uplo", uplo);
        Checks.notNull(routine, "trans", trans);
        Checks.nonNegative(routine, "n", n);
        Checks.nonNegative(routine, "k", k);
        Checks.notNull(routine, "alpha", alpha);
        if (trans == Transpose.TRANSPOSE) {
            throw new IllegalArgumentException(routine + ": trans=" + trans + " is not defined for zher2k;"
                    + " use NO_TRANSPOSE or CONJUGATE_TRANSPOSE");
        }
        Call call = Call.begin(routine, Precision.COMPLEX_DOUBLE)
                .general("A", a, aOffset, layout, trans.transposed() ? k : n, trans.transposed() ? n : k, lda)
                .general("B", b, bOffset, layout, trans.transposed() ? k : n, trans.transposed() ? n : k, ldb)
                .triangle("C", c, cOffset, layout, uplo, Diag.NON_UNIT, n, ldc).output()
                .check();
        if (call.skip) {
            return;
        }
        MemorySegment room = Scalars.room();
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HZher2k.D.byAddress().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), n, k,
                        Scalars.alpha(room, alpha).address(), call.address(0), lda, call.address(1), ldb, beta,
                        call.address(2), ldc);
            } else {
                HZher2k.D.bySegment().invokeExact(call.critical, layout.code(), uplo.code(), trans.code(), n, k,
                        Scalars.alpha(room, alpha), call.at(0), lda, call.at(1), ldb, beta, call.at(2), ldc);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HZher2k {
        static final Downcall D = Downcall.of("cblas_zher2k", cblas_h.cblas_zher2k$descriptor());
    }

    /**
     * B = alpha * op(A) * B (side LEFT) or alpha * B * op(A) (RIGHT); A triangular, m x m or n x n (its uplo triangle
     * read; not the diagonal when unit), B m x n.
     */
    public static void ztrmm(Layout layout, Side side, Uplo uplo, Transpose transA, Diag diag, int m, int n,
            ComplexDouble alpha, MemorySegment a, long aOffset, int lda, MemorySegment b, long bOffset, int ldb) {
        String routine = "ztrmm";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "side", side);
        Checks.notNull(routine, "uplo", uplo);
        Checks.notNull(routine, "transA", transA);
        Checks.notNull(routine, "diag", diag);
        Checks.nonNegative(routine, "m", m);
        Checks.nonNegative(routine, "n", n);
        Checks.notNull(routine, "alpha", alpha);
        boolean empty = m == 0 || n == 0;
        Call call = Call.begin(routine, Precision.COMPLEX_DOUBLE)
                .triangle("A", a, aOffset, layout, uplo, diag, empty ? 0 : side == Side.LEFT ? m : n, lda)
                .general("B", b, bOffset, layout, m, n, ldb).output()
                .check();
        if (call.skip) {
            return;
        }
        MemorySegment room = Scalars.room();
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HZtrmm.D.byAddress().invokeExact(call.critical, layout.code(), side.code(), uplo.code(),
                        transA.code(), diag.code(), m, n, Scalars.alpha(room, alpha).address(), call.address(0), lda,
                        call.address(1), ldb);
            } else {
                HZtrmm.D.bySegment().invokeExact(call.critical, layout.code(), side.code(), uplo.code(),
                        transA.code(), diag.code(), m, n, Scalars.alpha(room, alpha), call.at(0), lda, call.at(1), ldb);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HZtrmm {
        static final Downcall D = Downcall.of("cblas_ztrmm", cblas_h.cblas_ztrmm$descriptor());
    }

    /**
     * Solves op(A) * X = alpha * B (side LEFT) or X * op(A) = alpha * B (RIGHT) for X, written over B; A triangular, m
     * x m or n x n (its uplo triangle read; not the diagonal when unit), B m x n.
     */
    public static void ztrsm(Layout layout, Side side, Uplo uplo, Transpose transA, Diag diag, int m, int n,
            ComplexDouble alpha, MemorySegment a, long aOffset, int lda, MemorySegment b, long bOffset, int ldb) {
        String routine = "ztrsm";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "side", side);
        Checks.notNull(routine, "uplo", uplo);
        Checks.notNull(routine, "transA", transA);
        Checks.notNull(routine, "diag", diag);
        Checks.nonNegative(routine, "m", m);
        Checks.nonNegative(routine, "n", n);
        Checks.notNull(routine, "alpha", alpha);
        boolean empty = m == 0 || n == 0;
        Call call = Call.begin(routine, Precision.COMPLEX_DOUBLE)
                .triangle("A", a, aOffset, layout, uplo, diag, empty ? 0 : side == Side.LEFT ? m : n, lda)
                .general("B", b, bOffset, layout, m, n, ldb).output()
                .check();
        if (call.skip) {
            return;
        }
        MemorySegment room = Scalars.room();
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HZtrsm.D.byAddress().invokeExact(call.critical, layout.code(), side.code(), uplo.code(),
                        transA.code(), diag.code(), m, n, Scalars.alpha(room, alpha).address(), call.address(0), lda,
                        call.address(1), ldb);
            } else {
                HZtrsm.D.bySegment().invokeExact(call.critical, layout.code(), side.code(), uplo.code(),
                        transA.code(), diag.code(), m, n, Scalars.alpha(room, alpha), call.at(0), lda, call.at(1), ldb);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HZtrsm {
        static final Downcall D = Downcall.of("cblas_ztrsm", cblas_h.cblas_ztrsm$descriptor());
    }

    /** B = alpha * op(A), A rows x cols, B cols x rows when transposed (OpenBLAS extension). */
    public static void zomatcopy(Layout layout, Transpose trans, int rows, int cols, ComplexDouble alpha,
            MemorySegment a, long aOffset, int lda, MemorySegment b, long bOffset, int ldb) {
        String routine = "zomatcopy";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "trans", trans);
        Checks.nonNegative(routine, "rows", rows);
        Checks.nonNegative(routine, "cols", cols);
        Checks.notNull(routine, "alpha", alpha);
        Call call = Call.begin(routine, Precision.COMPLEX_DOUBLE)
                .general("A", a, aOffset, layout, rows, cols, lda)
                .general("B", b, bOffset, layout, trans.transposed() ? cols : rows, trans.transposed() ? rows : cols,
                        ldb).output()
                .check();
        if (call.skip) {
            return;
        }
        MemorySegment room = Scalars.room();
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HZomatcopy.D.byAddress().invokeExact(call.critical, layout.code(), trans.code(), rows, cols,
                        Scalars.alpha(room, alpha).address(), call.address(0), lda, call.address(1), ldb);
            } else {
                HZomatcopy.D.bySegment().invokeExact(call.critical, layout.code(), trans.code(), rows, cols,
                        Scalars.alpha(room, alpha), call.at(0), lda, call.at(1), ldb);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HZomatcopy {
        static final Downcall D = Downcall.of("cblas_zomatcopy", cblas_h.cblas_zomatcopy$descriptor());
    }

    /** C = alpha * A + beta * C, both rows x cols (OpenBLAS extension). */
    public static void zgeadd(Layout layout, int rows, int cols, ComplexDouble alpha, MemorySegment a, long aOffset,
            int lda, ComplexDouble beta, MemorySegment c, long cOffset, int ldc) {
        String routine = "zgeadd";
        Checks.notNull(routine, "layout", layout);
        Checks.nonNegative(routine, "rows", rows);
        Checks.nonNegative(routine, "cols", cols);
        Checks.notNull(routine, "alpha", alpha);
        Checks.notNull(routine, "beta", beta);
        Call call = Call.begin(routine, Precision.COMPLEX_DOUBLE)
                .general("A", a, aOffset, layout, rows, cols, lda)
                .general("C", c, cOffset, layout, rows, cols, ldc).output()
                .check();
        if (call.skip) {
            return;
        }
        MemorySegment room = Scalars.room();
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HZgeadd.D.byAddress().invokeExact(call.critical, layout.code(), rows, cols, Scalars.alpha(room,
                        alpha).address(), call.address(0), lda, Scalars.beta(room, beta).address(), call.address(1),
                        ldc);
            } else {
                HZgeadd.D.bySegment().invokeExact(call.critical, layout.code(), rows, cols, Scalars.alpha(room,
                        alpha), call.at(0), lda, Scalars.beta(room, beta), call.at(1), ldc);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HZgeadd {
        static final Downcall D = Downcall.of("cblas_zgeadd", cblas_h.cblas_zgeadd$descriptor());
    }


    /**
     * A = alpha * op(A) in place (OpenBLAS extension): A is read as rows x cols with leading dimension lda and
     * written as op(A) (cols x rows when transposed) with leading dimension ldb. Both shapes must fit the segment.
     */
    public static void simatcopy(Layout layout, Transpose trans, int rows, int cols, float alpha,
                                 MemorySegment a, long aOffset, int lda, int ldb) {
        String routine = "simatcopy";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "trans", trans);
        Checks.nonNegative(routine, "rows", rows);
        Checks.nonNegative(routine, "cols", cols);
        boolean t = trans.transposed();
        // One operand read and written in two shapes: each shape is checked against the segment on its own.
        Call.begin(routine, Precision.SINGLE)
                .general("A", a, aOffset, layout, t ? cols : rows, t ? rows : cols, ldb).output()
                .validate();
        Call call = Call.begin(routine, Precision.SINGLE)
                .general("A", a, aOffset, layout, rows, cols, lda).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HSimatcopy.D.byAddress().invokeExact(call.critical, layout.code(), trans.code(), rows, cols, alpha,
                        call.address(0), lda, ldb);
            } else {
                HSimatcopy.D.bySegment().invokeExact(call.critical, layout.code(), trans.code(), rows, cols, alpha,
                        call.at(0), lda, ldb);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HSimatcopy {
        static final Downcall D = Downcall.of("cblas_simatcopy", cblas_h.cblas_simatcopy$descriptor());
    }

    /**
     * A = alpha * op(A) in place (OpenBLAS extension): A is read as rows x cols with leading dimension lda and
     * written as op(A) (cols x rows when transposed) with leading dimension ldb. Both shapes must fit the segment.
     */
    public static void dimatcopy(Layout layout, Transpose trans, int rows, int cols, double alpha,
                                 MemorySegment a, long aOffset, int lda, int ldb) {
        String routine = "dimatcopy";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "trans", trans);
        Checks.nonNegative(routine, "rows", rows);
        Checks.nonNegative(routine, "cols", cols);
        boolean t = trans.transposed();
        // One operand read and written in two shapes: each shape is checked against the segment on its own.
        Call.begin(routine, Precision.DOUBLE)
                .general("A", a, aOffset, layout, t ? cols : rows, t ? rows : cols, ldb).output()
                .validate();
        Call call = Call.begin(routine, Precision.DOUBLE)
                .general("A", a, aOffset, layout, rows, cols, lda).output()
                .check();
        if (call.skip) {
            return;
        }
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HDimatcopy.D.byAddress().invokeExact(call.critical, layout.code(), trans.code(), rows, cols, alpha,
                        call.address(0), lda, ldb);
            } else {
                HDimatcopy.D.bySegment().invokeExact(call.critical, layout.code(), trans.code(), rows, cols, alpha,
                        call.at(0), lda, ldb);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HDimatcopy {
        static final Downcall D = Downcall.of("cblas_dimatcopy", cblas_h.cblas_dimatcopy$descriptor());
    }

    /**
     * {@code count} independent dgemm products of one shape, item i at offsets {@code xOffset + i * strideX}
     * (a zero input stride reuses one matrix). Runs as a loop of {@code cblas_dgemm} after one check of every
     * item: OpenBLAS 0.3.31's batch entry points crash or ignore column-major calls for small shapes (see
     * {@link #sgemmBatchStrided}), and only the single-precision route has been measured and guarded.
     */
    public static void dgemmBatchStrided(Layout layout, Transpose transA, Transpose transB, int m, int n, int k,
                                         double alpha, MemorySegment a, long aOffset, int lda, long strideA,
                                         MemorySegment b, long bOffset, int ldb, long strideB,
                                         double beta, MemorySegment c, long cOffset, int ldc, long strideC,
                                         int count) {
        String routine = "dgemmBatchStrided";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "transA", transA);
        Checks.notNull(routine, "transB", transB);
        Checks.nonNegative(routine, "m", m);
        Checks.nonNegative(routine, "n", n);
        Checks.nonNegative(routine, "k", k);
        Checks.nonNegative(routine, "count", count);
        Checks.nonNegative(routine, "strideA", strideA);
        Checks.nonNegative(routine, "strideB", strideB);
        Checks.nonNegative(routine, "strideC", strideC);
        boolean ta = transA.transposed();
        boolean tb = transB.transposed();
        Call call = Call.begin(routine, Precision.DOUBLE)
                .generalBatch("A", a, aOffset, layout, ta ? k : m, ta ? m : k, lda, count, strideA)
                .generalBatch("B", b, bOffset, layout, tb ? n : k, tb ? k : n, ldb, count, strideB)
                .generalBatch("C", c, cOffset, layout, m, n, ldc, count, strideC).output()
                .check();
        if (call.skip) {
            return;
        }
        MethodHandle gemm = HDgemm.D.bySegment();
        long bytes = Precision.DOUBLE.bytes;
        int gate = call.enter();
        try {
            for (int i = 0; i < count; i++) {
                gemm.invokeExact(call.critical, layout.code(), transA.code(), transB.code(), m, n, k, alpha,
                        (MemorySegment) (k == 0 ? a : a.asSlice((aOffset + i * strideA) * bytes)), lda,
                        (MemorySegment) (k == 0 ? b : b.asSlice((bOffset + i * strideB) * bytes)), ldb, beta,
                        c.asSlice((cOffset + i * strideC) * bytes), ldc);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    /**
     * A = alpha * op(A) in place (OpenBLAS extension): A is read as rows x cols with leading dimension lda and
     * written as op(A) (cols x rows when transposed) with leading dimension ldb. Both shapes must fit the segment.
     */
    public static void cimatcopy(Layout layout, Transpose trans, int rows, int cols, ComplexFloat alpha,
                                 MemorySegment a, long aOffset, int lda, int ldb) {
        String routine = "cimatcopy";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "trans", trans);
        Checks.nonNegative(routine, "rows", rows);
        Checks.nonNegative(routine, "cols", cols);
        Checks.notNull(routine, "alpha", alpha);
        boolean t = trans.transposed();
        // One operand read and written in two shapes: each shape is checked against the segment on its own.
        Call.begin(routine, Precision.COMPLEX_SINGLE)
                .general("A", a, aOffset, layout, t ? cols : rows, t ? rows : cols, ldb).output()
                .validate();
        Call call = Call.begin(routine, Precision.COMPLEX_SINGLE)
                .general("A", a, aOffset, layout, rows, cols, lda).output()
                .check();
        if (call.skip) {
            return;
        }
        MemorySegment room = Scalars.room();
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HCimatcopy.D.byAddress().invokeExact(call.critical, layout.code(), trans.code(), rows, cols,
                        Scalars.alpha(room, alpha).address(), call.address(0), lda, ldb);
            } else {
                HCimatcopy.D.bySegment().invokeExact(call.critical, layout.code(), trans.code(), rows, cols,
                        Scalars.alpha(room, alpha), call.at(0), lda, ldb);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HCimatcopy {
        static final Downcall D = Downcall.of("cblas_cimatcopy", cblas_h.cblas_cimatcopy$descriptor());
    }

    /**
     * {@code count} independent cgemm products of one shape, item i at offsets {@code xOffset + i * strideX}
     * (a zero input stride reuses one matrix). Runs as a loop of {@code cblas_cgemm} after one check of every
     * item: OpenBLAS 0.3.31's batch entry points crash or ignore column-major calls for small shapes (see
     * {@link #sgemmBatchStrided}), and only the single-precision route has been measured and guarded.
     */
    public static void cgemmBatchStrided(Layout layout, Transpose transA, Transpose transB, int m, int n, int k,
                                         ComplexFloat alpha, MemorySegment a, long aOffset, int lda, long strideA,
                                         MemorySegment b, long bOffset, int ldb, long strideB,
                                         ComplexFloat beta, MemorySegment c, long cOffset, int ldc, long strideC,
                                         int count) {
        String routine = "cgemmBatchStrided";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "transA", transA);
        Checks.notNull(routine, "transB", transB);
        Checks.notNull(routine, "alpha", alpha);
        Checks.notNull(routine, "beta", beta);
        Checks.nonNegative(routine, "m", m);
        Checks.nonNegative(routine, "n", n);
        Checks.nonNegative(routine, "k", k);
        Checks.nonNegative(routine, "count", count);
        Checks.nonNegative(routine, "strideA", strideA);
        Checks.nonNegative(routine, "strideB", strideB);
        Checks.nonNegative(routine, "strideC", strideC);
        boolean ta = transA.transposed();
        boolean tb = transB.transposed();
        Call call = Call.begin(routine, Precision.COMPLEX_SINGLE)
                .generalBatch("A", a, aOffset, layout, ta ? k : m, ta ? m : k, lda, count, strideA)
                .generalBatch("B", b, bOffset, layout, tb ? n : k, tb ? k : n, ldb, count, strideB)
                .generalBatch("C", c, cOffset, layout, m, n, ldc, count, strideC).output()
                .check();
        if (call.skip) {
            return;
        }
        MemorySegment room = Scalars.room();
        MethodHandle gemm = HCgemm.D.bySegment();
        long bytes = Precision.COMPLEX_SINGLE.bytes;
        int gate = call.enter();
        try {
            for (int i = 0; i < count; i++) {
                gemm.invokeExact(call.critical, layout.code(), transA.code(), transB.code(), m, n, k,
                        Scalars.alpha(room, alpha),
                        (MemorySegment) (k == 0 ? a : a.asSlice((aOffset + i * strideA) * bytes)), lda,
                        (MemorySegment) (k == 0 ? b : b.asSlice((bOffset + i * strideB) * bytes)), ldb,
                        Scalars.beta(room, beta),
                        c.asSlice((cOffset + i * strideC) * bytes), ldc);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    /**
     * A = alpha * op(A) in place (OpenBLAS extension): A is read as rows x cols with leading dimension lda and
     * written as op(A) (cols x rows when transposed) with leading dimension ldb. Both shapes must fit the segment.
     */
    public static void zimatcopy(Layout layout, Transpose trans, int rows, int cols, ComplexDouble alpha,
                                 MemorySegment a, long aOffset, int lda, int ldb) {
        String routine = "zimatcopy";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "trans", trans);
        Checks.nonNegative(routine, "rows", rows);
        Checks.nonNegative(routine, "cols", cols);
        Checks.notNull(routine, "alpha", alpha);
        boolean t = trans.transposed();
        // One operand read and written in two shapes: each shape is checked against the segment on its own.
        Call.begin(routine, Precision.COMPLEX_DOUBLE)
                .general("A", a, aOffset, layout, t ? cols : rows, t ? rows : cols, ldb).output()
                .validate();
        Call call = Call.begin(routine, Precision.COMPLEX_DOUBLE)
                .general("A", a, aOffset, layout, rows, cols, lda).output()
                .check();
        if (call.skip) {
            return;
        }
        MemorySegment room = Scalars.room();
        int gate = call.enter();
        try {
            if (call.byAddress) {
                HZimatcopy.D.byAddress().invokeExact(call.critical, layout.code(), trans.code(), rows, cols,
                        Scalars.alpha(room, alpha).address(), call.address(0), lda, ldb);
            } else {
                HZimatcopy.D.bySegment().invokeExact(call.critical, layout.code(), trans.code(), rows, cols,
                        Scalars.alpha(room, alpha), call.at(0), lda, ldb);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    private static final class HZimatcopy {
        static final Downcall D = Downcall.of("cblas_zimatcopy", cblas_h.cblas_zimatcopy$descriptor());
    }

    /**
     * {@code count} independent zgemm products of one shape, item i at offsets {@code xOffset + i * strideX}
     * (a zero input stride reuses one matrix). Runs as a loop of {@code cblas_zgemm} after one check of every
     * item: OpenBLAS 0.3.31's batch entry points crash or ignore column-major calls for small shapes (see
     * {@link #sgemmBatchStrided}), and only the single-precision route has been measured and guarded.
     */
    public static void zgemmBatchStrided(Layout layout, Transpose transA, Transpose transB, int m, int n, int k,
                                         ComplexDouble alpha, MemorySegment a, long aOffset, int lda, long strideA,
                                         MemorySegment b, long bOffset, int ldb, long strideB,
                                         ComplexDouble beta, MemorySegment c, long cOffset, int ldc, long strideC,
                                         int count) {
        String routine = "zgemmBatchStrided";
        Checks.notNull(routine, "layout", layout);
        Checks.notNull(routine, "transA", transA);
        Checks.notNull(routine, "transB", transB);
        Checks.notNull(routine, "alpha", alpha);
        Checks.notNull(routine, "beta", beta);
        Checks.nonNegative(routine, "m", m);
        Checks.nonNegative(routine, "n", n);
        Checks.nonNegative(routine, "k", k);
        Checks.nonNegative(routine, "count", count);
        Checks.nonNegative(routine, "strideA", strideA);
        Checks.nonNegative(routine, "strideB", strideB);
        Checks.nonNegative(routine, "strideC", strideC);
        boolean ta = transA.transposed();
        boolean tb = transB.transposed();
        Call call = Call.begin(routine, Precision.COMPLEX_DOUBLE)
                .generalBatch("A", a, aOffset, layout, ta ? k : m, ta ? m : k, lda, count, strideA)
                .generalBatch("B", b, bOffset, layout, tb ? n : k, tb ? k : n, ldb, count, strideB)
                .generalBatch("C", c, cOffset, layout, m, n, ldc, count, strideC).output()
                .check();
        if (call.skip) {
            return;
        }
        MemorySegment room = Scalars.room();
        MethodHandle gemm = HZgemm.D.bySegment();
        long bytes = Precision.COMPLEX_DOUBLE.bytes;
        int gate = call.enter();
        try {
            for (int i = 0; i < count; i++) {
                gemm.invokeExact(call.critical, layout.code(), transA.code(), transB.code(), m, n, k,
                        Scalars.alpha(room, alpha),
                        (MemorySegment) (k == 0 ? a : a.asSlice((aOffset + i * strideA) * bytes)), lda,
                        (MemorySegment) (k == 0 ? b : b.asSlice((bOffset + i * strideB) * bytes)), ldb,
                        Scalars.beta(room, beta),
                        c.asSlice((cOffset + i * strideC) * bytes), ldc);
            }
        } catch (Throwable e) {
            throw call.failed(e);
        } finally {
            call.leave(gate);
        }
    }

    // ---- the library -----------------------------------------------------------------------------------------

    /** OpenBLAS's thread count for the calls that follow (process-wide). */
    public static int numThreads() {
        return intGetter(NumThreads.HANDLE, "numThreads");
    }

    /**
     * Sets OpenBLAS's thread count for the whole process. Call it while no BLAS call is running: OpenBLAS
     * resizes its shared thread pool.
     *
     * @throws IllegalStateException when the JVM is shutting down (the pool is being torn down)
     */
    public static void setNumThreads(int threads) {
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
    public static OpenBlasRuntime runtime() {
        BatchPolicy batch = !HAS_NATIVE_BATCH ? BatchPolicy.LOOP
                : SMALL_BATCH_FIXED ? BatchPolicy.NATIVE : BatchPolicy.NATIVE_ABOVE_CRASH_LIMIT;
        String coreType = System.getenv("OPENBLAS_CORETYPE");
        return new OpenBlasRuntime(VERSION, CONFIG, cblas_h.openblas_get_corename().getString(0),
                intGetter(NumThreads.HANDLE, "runtime"), intGetter(IntGetters.NUM_PROCS, "runtime"),
                Parallelism.fromCode(intGetter(IntGetters.PARALLEL, "runtime")), LIBRARY, batch,
                Optional.ofNullable(coreType).filter(s -> !s.isBlank()));
    }
}
