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
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one door to native BLAS: every OpenBLAS call in ffmblas goes through this class, and no argument
 * reaches native code unchecked.
 *
 * <p>Operands are native {@link MemorySegment}s plus an offset and leading dimension counted in floats, as in
 * CBLAS. Before any native code runs, each routine checks, in exact {@code long} arithmetic, and throws an
 * exception naming the routine and the parameter:
 * <ul>
 *   <li>dimensions and batch counts are {@code >= 0}, strides {@code >= 0} and within {@code int};</li>
 *   <li>each leading dimension is {@code >= max(1, cols)} of the stored matrix (rows for column-major);</li>
 *   <li>the last float each operand touches lies inside its segment, which starts float-aligned;</li>
 *   <li>the output shares no float with an input, and batch items of the output none with each other
 *       (side-by-side column blocks of one buffer, such as attention heads, are fine);</li>
 *   <li>segments are alive ({@link IllegalStateException} otherwise, also when another thread closes a shared
 *       arena during the call: FFM then refuses the downcall), accessible from this thread
 *       ({@link WrongThreadException}) and native: heap segments are refused, deliberately, so no call pins
 *       a Java array while OpenBLAS runs.</li>
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
    /**
     * OpenBLAS 0.3.31 built with DYNAMIC_ARCH crashes (SIGSEGV, a null small-matrix kernel) in
     * {@code cblas_sgemm_batch[_strided]} whenever M*N*K is at or below this. Fixed upstream after 0.3.31
     * (OpenBLAS PR #5980). Reproduced in native/src/test/c/sgemm_batch_small_crash.c.
     */
    static final long SMALL_BATCH_CRASH_LIMIT = 1_000_000L;
    private static final int[] FIRST_FIXED_VERSION = {0, 3, 32};
    private static final String BATCH_SYMBOL = "cblas_sgemm_batch_strided";
    private static final Pattern VERSION_PATTERN = Pattern.compile("OpenBLAS\\s+(\\d+)\\.(\\d+)\\.(\\d+)");

    private static final LoadedLibrary LIBRARY = OpenBlasLibrary.load();
    private static final boolean HAS_NATIVE_BATCH = bindAll();
    /** Called directly by {@link #gemm}; see there. */
    private static final MethodHandle SGEMM = cblas_h.cblas_sgemm$handle();
    /** The same function with A, B and C passed as addresses (longs): see {@link #gemm}. */
    private static final MethodHandle SGEMM_BY_ADDRESS = byAddress(cblas_h.cblas_sgemm$address(),
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
     * HotSpot, where a thread in a critical downcall stays in the Java state, so the safepoint at which the JVM
     * exits cannot complete until the call returns. {@link Linker.Option#critical} is only a hint elsewhere.
     */
    private static final boolean CRITICAL_HOLDS_EXIT = isHotSpot();
    /**
     * {@link #SGEMM_BY_ADDRESS} with {@link Linker.Option#critical critical(false)}: no thread-state transition,
     * so no safepoint can complete while the call runs.
     */
    private static final MethodHandle SGEMM_SHORT = byAddress(cblas_h.cblas_sgemm$address(),
            cblas_h.cblas_sgemm$descriptor(), Linker.Option.critical(false));
    /** A thread that owns nothing: a segment it cannot access is confined to some thread. */
    private static final Thread NO_OWNER = new Thread(() -> { });
    private static final MemorySegment.Scope GLOBAL = Arena.global().scope();
    /** Likewise; null when the library has no batch entry point (then it is never called). */
    private static final MethodHandle SGEMM_BATCH_STRIDED = HAS_NATIVE_BATCH
            ? cblas_h.cblas_sgemm_batch_strided$handle() : null;
    private static final MethodHandle SGEMM_BATCH_STRIDED_BY_ADDRESS = HAS_NATIVE_BATCH
            ? byAddress(cblas_h.cblas_sgemm_batch_strided$address(), cblas_h.cblas_sgemm_batch_strided$descriptor())
            : null;
    private static final String CONFIG = cblas_h.openblas_get_config().getString(0);
    private static final String VERSION = parseVersion(CONFIG);
    private static final boolean SMALL_BATCH_FIXED = atLeast(VERSION, FIRST_FIXED_VERSION);

    private Blas() {}

    /**
     * A downcall to {@code function} whose pointer parameters are declared as 64-bit integers. Both are passed
     * alike (the INTEGER class of the x86-64 System V and AArch64 calling conventions), so the C function sees
     * the same pointers. Only for memory that no other thread can free during the call: FFM does not hold a
     * long's memory alive as it holds a segment's.
     */
    private static MethodHandle byAddress(MemorySegment function, FunctionDescriptor generated,
                                          Linker.Option... options) {
        if (ValueLayout.ADDRESS.byteSize() != Long.BYTES) {
            throw new IllegalStateException("ffmblas needs 64-bit pointers");
        }
        MemoryLayout[] parameters = generated.argumentLayouts().stream()
                .map(l -> l instanceof AddressLayout ? ValueLayout.JAVA_LONG : l).toArray(MemoryLayout[]::new);
        FunctionDescriptor descriptor = generated.returnLayout()
                .map(r -> FunctionDescriptor.of(r, parameters)).orElseGet(() -> FunctionDescriptor.ofVoid(parameters));
        return Linker.nativeLinker().downcallHandle(function, descriptor, options);
    }

    private static boolean isHotSpot() {
        String vm = System.getProperty("java.vm.name", "");
        return vm.contains("HotSpot") || vm.startsWith("OpenJDK");
    }

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
        return CRITICAL_HOLDS_EXIT && mn <= limit && mn * Math.max(k, 1) <= limit // no overflow: mn <= 2^15 here
                && !a.isMapped() && !b.isMapped() && !c.isMapped();
    }

    /**
     * True when no thread but the calling one can free {@code s}'s memory while the caller is inside a
     * downcall: {@code s} is confined to the calling thread (checked accessible already) or global.
     */
    private static boolean ownedOrGlobal(MemorySegment s) {
        return !s.isAccessibleBy(NO_OWNER) || s.scope().equals(GLOBAL);
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
        bound.put("cblas_sgemm", cblas_h::cblas_sgemm$address);
        bound.put("cblas_sgemv", cblas_h::cblas_sgemv$address);
        bound.put("cblas_saxpy", cblas_h::cblas_saxpy$address);
        bound.put("cblas_sdot", cblas_h::cblas_sdot$address);
        bound.put("cblas_sscal", cblas_h::cblas_sscal$address);
        bound.put("openblas_get_config", cblas_h::openblas_get_config$address);
        bound.put("openblas_get_corename", cblas_h::openblas_get_corename$address);
        bound.put("openblas_get_num_threads", cblas_h::openblas_get_num_threads$address);
        bound.put("openblas_set_num_threads", cblas_h::openblas_set_num_threads$address);
        bound.put("openblas_get_num_procs", cblas_h::openblas_get_num_procs$address);
        bound.put("openblas_get_parallel", cblas_h::openblas_get_parallel$address);
        if (batch) {
            bound.put(BATCH_SYMBOL, cblas_h::cblas_sgemm_batch_strided$address);
        }
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
        if (!FastGemmCheck.accepts(layout, transA, transB, m, n, k, a, aOffset, lda, b, bOffset, ldb, c, cOffset,
                ldc)) {
            checkGemm("sgemm", layout, transA, transB, m, n, k, a, aOffset, lda, 0, b, bOffset, ldb, 0,
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
        boolean byAddress = ownedOrGlobal(a) && ownedOrGlobal(b) && ownedOrGlobal(c);
        if (byAddress && shortCall(m, n, k, a, b, c)) {
            ExitGate.ensureOpen("sgemm");
            try {
                SGEMM_SHORT.invokeExact(layout.code(), transA.code(), transB.code(), m, n, k, alpha,
                        input(a, aOffset, k), lda, input(b, bOffset, k), ldb, beta, start(c, cOffset), ldc);
            } catch (Throwable e) {
                throw handleFailed("sgemm", e);
            }
            return;
        }
        int gate = ExitGate.enter("sgemm");
        try {
            if (byAddress) {
                SGEMM_BY_ADDRESS.invokeExact(layout.code(), transA.code(), transB.code(), m, n, k, alpha,
                        input(a, aOffset, k), lda, input(b, bOffset, k), ldb, beta, start(c, cOffset), ldc);
            } else {
                SGEMM.invokeExact(layout.code(), transA.code(), transB.code(), m, n, k, alpha, inputSlice(a, aOffset, k),
                        lda, inputSlice(b, bOffset, k), ldb, beta, c.asSlice(cOffset * Float.BYTES), ldc);
            }
        } catch (Throwable e) {
            throw handleFailed("sgemm", e);
        } finally {
            ExitGate.leave(gate);
        }
    }

    /**
     * Where an input operand starts. With k == 0 nothing is read from it and its offset was not checked (it may
     * lie past the end): the segment's base stands in.
     */
    private static long input(MemorySegment s, long offset, int k) {
        return k == 0 ? s.address() : start(s, offset);
    }

    /** {@link #input} as a slice, for the segment path. */
    private static MemorySegment inputSlice(MemorySegment s, long offset, int k) {
        return k == 0 ? s : s.asSlice(offset * Float.BYTES);
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
        checkGemm(routine, layout, transA, transB, m, n, k, a, aOffset, lda, strideA, b, bOffset, ldb, strideB,
                c, cOffset, ldc, strideC, count);
        if (m == 0 || n == 0 || count == 0) {
            return;
        }
        if (count > 1 && batchRoute(m, n, k) == BatchRoute.NATIVE) {
            nativeBatch(layout, transA, transB, m, n, k, alpha, a, aOffset, lda, (int) strideA, b, bOffset, ldb,
                    (int) strideB, beta, c, cOffset, ldc, (int) strideC, count); // strides checked to fit by checkGemm
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

    /** One row-major {@code cblas_sgemm_batch_strided}, by address or as slices as in {@link #gemm}. */
    private static void rowMajorBatch(Transpose transA, Transpose transB, int m, int n, int k, float alpha,
                                      MemorySegment a, long aOffset, int lda, int strideA,
                                      MemorySegment b, long bOffset, int ldb, int strideB,
                                      float beta, MemorySegment c, long cOffset, int ldc, int strideC, int count) {
        int row = Layout.ROW_MAJOR.code();
        int gate = ExitGate.enter("sgemmBatchStrided");
        try {
            if (ownedOrGlobal(a) && ownedOrGlobal(b) && ownedOrGlobal(c)) {
                SGEMM_BATCH_STRIDED_BY_ADDRESS.invokeExact(row, transA.code(), transB.code(), m, n, k, alpha,
                        input(a, aOffset, k), lda, strideA, input(b, bOffset, k), ldb, strideB, beta,
                        start(c, cOffset), ldc, strideC, count);
            } else {
                SGEMM_BATCH_STRIDED.invokeExact(row, transA.code(), transB.code(), m, n, k, alpha,
                        inputSlice(a, aOffset, k), lda, strideA, inputSlice(b, bOffset, k), ldb, strideB, beta,
                        c.asSlice(cOffset * Float.BYTES), ldc, strideC, count);
            }
        } catch (Throwable e) {
            throw handleFailed("sgemmBatchStrided", e);
        } finally {
            ExitGate.leave(gate);
        }
    }

    /**
     * The generated binding wraps every failure of a downcall in an {@link AssertionError}. One can happen after
     * this class's checks: another thread closes a shared arena between the check and the call. FFM then refuses
     * the downcall before any native code runs (a running downcall holds its segments, so a close meanwhile is
     * refused instead), and the caller gets the {@link IllegalStateException} promised for a closed arena.
     */
    private static RuntimeException closedDuringCall(String routine, AssertionError e) {
        if (e.getCause() instanceof IllegalStateException closed) {
            return closedDuringCall(routine, closed);
        }
        throw e;
    }

    /**
     * What a downcall made through its handle (FFM's exceptions arrive unwrapped) throws: a closed arena as
     * {@link #closedDuringCall}, other runtime exceptions and errors as they are.
     */
    private static RuntimeException handleFailed(String routine, Throwable e) {
        if (e instanceof IllegalStateException closed) {
            return closedDuringCall(routine, closed);
        }
        if (e instanceof RuntimeException runtime) {
            return runtime;
        }
        if (e instanceof Error error) {
            throw error;
        }
        throw new AssertionError(routine + ": the downcall threw a checked exception", e);
    }

    /** The same for a downcall made through the handle itself, where FFM's exception arrives unwrapped. */
    private static RuntimeException closedDuringCall(String routine, IllegalStateException closed) {
        return new IllegalStateException(routine + ": a segment's arena was closed by another thread during the"
                + " call (" + closed.getMessage() + ")", closed);
    }

    /** Which code path {@link #sgemmBatchStrided} takes for this shape with the loaded library. */
    public static BatchRoute batchRoute(int m, int n, int k) {
        if (!HAS_NATIVE_BATCH) {
            return BatchRoute.LOOP_NO_ENTRY_POINT;
        }
        if (SMALL_BATCH_FIXED || (long) m * n * k > SMALL_BATCH_CRASH_LIMIT) {
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

    /**
     * The allocation-free answer for the common case of operands with one leading dimension whose items sit side
     * by side within the rows, such as attention heads in one buffer: true when the column band of C's items and
     * that of X's items share no float. False means "not decided here" (the exact test runs).
     */
    private static boolean columnBlocksApart(Layout layout, long count, long cStart, int cRows, int cCols, int ldc,
                                             long strideC, long xStart, int xRows, int xCols, int ldx, long strideX) {
        if (ldc != ldx || ((xStart - cStart) & (Float.BYTES - 1)) != 0) {
            return false;
        }
        boolean rowMajor = layout == Layout.ROW_MAJOR;
        long cWidth = (count - 1) * strideC + (rowMajor ? cCols : cRows);
        long xWidth = (count - 1) * strideX + (rowMajor ? xCols : xRows);
        if (cWidth > ldc || xWidth > ldc) {
            return false; // items move on to other rows: no single band describes them
        }
        return !Footprint.sameStrideOverlap(cStart, rowMajor ? cRows : cCols, cWidth,
                xStart, rowMajor ? xRows : xCols, xWidth, ldc);
    }

    /** Every check of a (batched) GEMM; throws before any native code runs. Allocates nothing when all is well. */
    static void checkGemm(String routine, Layout layout, Transpose transA, Transpose transB,
                                  int m, int n, int k,
                                  MemorySegment a, long aOffset, int lda, long strideA,
                                  MemorySegment b, long bOffset, int ldb, long strideB,
                                  MemorySegment c, long cOffset, int ldc, long strideC, int count) {
        notNull(routine, "layout", layout);
        notNull(routine, "transA", transA);
        notNull(routine, "transB", transB);
        nonNegative(routine, "m", m);
        nonNegative(routine, "n", n);
        nonNegative(routine, "k", k);
        nonNegative(routine, "count", count);
        nonNegative(routine, "strideA", strideA);
        nonNegative(routine, "strideB", strideB);
        nonNegative(routine, "strideC", strideC);
        fitsInt(routine, "strideA", strideA);
        fitsInt(routine, "strideB", strideB);
        fitsInt(routine, "strideC", strideC);
        int aRows = transA.transposed() ? k : m;
        int aCols = transA.transposed() ? m : k;
        int bRows = transB.transposed() ? n : k;
        int bCols = transB.transposed() ? k : n;
        leadingDimension(routine, "lda", lda, layout, aRows, aCols, "A");
        leadingDimension(routine, "ldb", ldb, layout, bRows, bCols, "B");
        leadingDimension(routine, "ldc", ldc, layout, m, n, "C");
        // Every segment is checked even when nothing will be read from it: the downcall would touch it.
        // With m or n zero no float is read or written, not even of the operand whose own shape is not empty.
        long items = m == 0 || n == 0 ? 0 : count;
        long aEnd = matrixExtent(routine, "A", a, aOffset, layout, aRows, aCols, lda, items, strideA);
        long bEnd = matrixExtent(routine, "B", b, bOffset, layout, bRows, bCols, ldb, items, strideB);
        long cEnd = matrixExtent(routine, "C", c, cOffset, layout, m, n, ldc, items, strideC);
        if (items == 0) {
            return;
        }
        boolean rowMajor = layout == Layout.ROW_MAJOR;
        if (!Footprint.itemsApart(rowMajor ? m : n, rowMajor ? n : m, ldc, count, strideC)) {
            Checks.itemsDisjoint(routine, Footprint.matrix("C", c, cOffset, layout, m, n, ldc, count, strideC));
        }
        inputApart(routine, layout, count, c, cOffset, m, n, ldc, strideC, cEnd, "A", a, aOffset, aRows, aCols, lda,
                strideA, aEnd);
        inputApart(routine, layout, count, c, cOffset, m, n, ldc, strideC, cEnd, "B", b, bOffset, bRows, bCols, ldb,
                strideB, bEnd);
    }

    /**
     * Throws when output C shares a float with input X. Byte ranges that do not meet, and side-by-side column
     * bands of one buffer, are decided without allocating; anything else gets the exact test.
     */
    private static void inputApart(String routine, Layout layout, int count, MemorySegment c, long cOffset, int m,
                                   int n, int ldc, long strideC, long cEnd, String name, MemorySegment x,
                                   long xOffset, int xRows, int xCols, int ldx, long strideX, long xEnd) {
        long cStart = start(c, cOffset);
        long xStart = start(x, xOffset);
        if (rangesMeet(cStart, cEnd, xStart, xEnd)
                && !columnBlocksApart(layout, count, cStart, m, n, ldc, strideC, xStart, xRows, xCols, ldx, strideX)) {
            Checks.noOverlap(routine, Footprint.matrix("C", c, cOffset, layout, m, n, ldc, count, strideC),
                    Footprint.matrix(name, x, xOffset, layout, xRows, xCols, ldx, count, strideX));
        }
    }

    // ---- level 2 ---------------------------------------------------------------------------------------------

    /**
     * y = alpha * op(A) * x + beta * y, with A stored {@code m x n}; x has n elements (m when transposed) and y
     * has m (n when transposed), {@code |incx|} and {@code |incy|} apart.
     */
    public static void sgemv(Layout layout, Transpose trans, int m, int n, float alpha,
                             MemorySegment a, long aOffset, int lda,
                             MemorySegment x, long xOffset, int incx,
                             float beta, MemorySegment y, long yOffset, int incy) {
        String routine = "sgemv";
        notNull(routine, "layout", layout);
        notNull(routine, "trans", trans);
        nonNegative(routine, "m", m);
        nonNegative(routine, "n", n);
        leadingDimension(routine, "lda", lda, layout, m, n, "A");
        increment(routine, "incx", incx);
        increment(routine, "incy", incy);
        // With m or n zero no float is read or written, not even of the vector whose own length is not zero.
        boolean empty = m == 0 || n == 0;
        int xLength = empty ? 0 : trans.transposed() ? m : n;
        int yLength = empty ? 0 : trans.transposed() ? n : m;
        long aEnd = matrixExtent(routine, "A", a, aOffset, layout, m, n, lda, 1, 0);
        long xEnd = vectorExtent(routine, "x", x, xOffset, xLength, incx);
        long yEnd = vectorExtent(routine, "y", y, yOffset, yLength, incy);
        if (m == 0 || n == 0) {
            return;
        }
        long yStart = start(y, yOffset);
        if (rangesMeet(yStart, yEnd, start(a, aOffset), aEnd)) {
            Checks.noOverlap(routine, Footprint.vector("y", y, yOffset, yLength, incy),
                    Footprint.matrix("A", a, aOffset, layout, m, n, lda, 1, 0));
        }
        if (rangesMeet(yStart, yEnd, start(x, xOffset), xEnd)) {
            Checks.noOverlap(routine, Footprint.vector("y", y, yOffset, yLength, incy),
                    Footprint.vector("x", x, xOffset, xLength, incx));
        }
        int gate = ExitGate.enter(routine);
        try {
            cblas_h.cblas_sgemv(layout.code(), trans.code(), m, n, alpha, a.asSlice(aOffset * Float.BYTES), lda,
                    x.asSlice(xOffset * Float.BYTES), incx, beta, y.asSlice(yOffset * Float.BYTES), incy);
        } catch (AssertionError e) {
            throw closedDuringCall(routine, e);
        } finally {
            ExitGate.leave(gate);
        }
    }

    // ---- level 1 ---------------------------------------------------------------------------------------------

    /** y = alpha * x + y over {@code n} elements. */
    public static void saxpy(int n, float alpha, MemorySegment x, long xOffset, int incx,
                             MemorySegment y, long yOffset, int incy) {
        String routine = "saxpy";
        nonNegative(routine, "n", n);
        increment(routine, "incx", incx);
        increment(routine, "incy", incy);
        long xEnd = vectorExtent(routine, "x", x, xOffset, n, incx);
        long yEnd = vectorExtent(routine, "y", y, yOffset, n, incy);
        if (n == 0) {
            return;
        }
        if (rangesMeet(start(y, yOffset), yEnd, start(x, xOffset), xEnd)) {
            Checks.noOverlap(routine, Footprint.vector("y", y, yOffset, n, incy),
                    Footprint.vector("x", x, xOffset, n, incx));
        }
        int gate = ExitGate.enter(routine);
        try {
            cblas_h.cblas_saxpy(n, alpha, x.asSlice(xOffset * Float.BYTES), incx, y.asSlice(yOffset * Float.BYTES),
                    incy);
        } catch (AssertionError e) {
            throw closedDuringCall(routine, e);
        } finally {
            ExitGate.leave(gate);
        }
    }

    /** The dot product of x and y over {@code n} elements (0 when n is 0). */
    public static float sdot(int n, MemorySegment x, long xOffset, int incx, MemorySegment y, long yOffset, int incy) {
        String routine = "sdot";
        nonNegative(routine, "n", n);
        increment(routine, "incx", incx);
        increment(routine, "incy", incy);
        vectorExtent(routine, "x", x, xOffset, n, incx);
        vectorExtent(routine, "y", y, yOffset, n, incy);
        if (n == 0) {
            return 0f;
        }
        int gate = ExitGate.enter(routine);
        try {
            return cblas_h.cblas_sdot(n, x.asSlice(xOffset * Float.BYTES), incx, y.asSlice(yOffset * Float.BYTES), incy);
        } catch (AssertionError e) {
            throw closedDuringCall(routine, e);
        } finally {
            ExitGate.leave(gate);
        }
    }

    /** x = alpha * x over {@code n} elements. */
    public static void sscal(int n, float alpha, MemorySegment x, long xOffset, int incx) {
        String routine = "sscal";
        nonNegative(routine, "n", n);
        increment(routine, "incx", incx);
        vectorExtent(routine, "x", x, xOffset, n, incx);
        if (n == 0) {
            return;
        }
        // OpenBLAS, like reference BLAS, returns without scaling anything when incx < 0. Scaling touches the same
        // floats whichever way the vector runs, so pass |incx| (any increment will do for a single element).
        int inc = n == 1 ? 1 : fitsInt(routine, "|incx|", Math.abs((long) incx));
        int gate = ExitGate.enter(routine);
        try {
            cblas_h.cblas_sscal(n, alpha, x.asSlice(xOffset * Float.BYTES), inc);
        } catch (AssertionError e) {
            throw closedDuringCall(routine, e);
        } finally {
            ExitGate.leave(gate);
        }
    }

    // ---- the library -----------------------------------------------------------------------------------------

    /** OpenBLAS's thread count for the calls that follow (process-wide). */
    public static int numThreads() {
        return cblas_h.openblas_get_num_threads();
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
            cblas_h.openblas_set_num_threads(threads);
        } finally {
            ExitGate.leave(gate);
        }
    }

    /** Describes the loaded library and how ffmblas uses it. */
    public static OpenBlasRuntime runtime() {
        String route = !HAS_NATIVE_BATCH
                ? "loop of cblas_sgemm (this OpenBLAS has no " + BATCH_SYMBOL + ")"
                : SMALL_BATCH_FIXED
                        ? "native " + BATCH_SYMBOL
                        : "native " + BATCH_SYMBOL + " for M*N*K > " + String.format("%,d", SMALL_BATCH_CRASH_LIMIT)
                                + ", loop of cblas_sgemm below (OpenBLAS " + VERSION
                                + " crashes there; fixed upstream by PR #5980)";
        String coreType = System.getenv("OPENBLAS_CORETYPE");
        return new OpenBlasRuntime(VERSION, CONFIG, cblas_h.openblas_get_corename().getString(0),
                cblas_h.openblas_get_num_threads(), cblas_h.openblas_get_num_procs(),
                Parallelism.fromCode(cblas_h.openblas_get_parallel()), LIBRARY, route,
                Optional.ofNullable(coreType).filter(s -> !s.isBlank()));
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
