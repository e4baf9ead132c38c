package io.github.ffmblas.bindings;

import static io.github.ffmblas.bindings.Checks.start;

import io.github.ffmblas.bindings.cblas.cblas_h;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/**
 * The routines whose bodies the table leaves to hand-written code: the single-precision GEMM, on which attention
 * runs (its own quick check, {@link FastGemmCheck}, slices chosen so that a forward allocates nothing, short products
 * as critical calls), and its strided batch, which calls OpenBLAS's batch where that is safe and loops over
 * {@code cblas_sgemm} elsewhere.
 */
final class GemmCalls {
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
        static final MemorySegment ADDRESS = Downcall.address(OpenBlasControl.BATCH_SYMBOL);
        static final MethodHandle BY_SEGMENT = Linker.nativeLinker().downcallHandle(ADDRESS,
                cblas_h.cblas_sgemm_batch_strided$descriptor());
        static final MethodHandle BY_ADDRESS = Downcall.byAddress(ADDRESS, cblas_h.cblas_sgemm_batch_strided$descriptor());
    }

    private GemmCalls() {}

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

    /** {@link Blas#sgemm}: heap operands, then the quick check of the forward's products, then the general checks. */
    static void sgemm(Layout layout, Transpose transA, Transpose transB, int m, int n, int k,
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

    /** {@link Blas#sgemmBatchStrided}. */
    static void sgemmBatchStrided(Layout layout, Transpose transA, Transpose transB, int m, int n, int k,
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
    static BatchRoute batchRoute(int m, int n, int k) {
        if (!OpenBlasControl.HAS_NATIVE_BATCH) {
            return BatchRoute.LOOP_NO_ENTRY_POINT;
        }
        if (OpenBlasControl.SMALL_BATCH_FIXED || (long) m * n * k > Quirks.SMALL_BATCH_CRASH_LIMIT) {
            return BatchRoute.NATIVE;
        }
        return BatchRoute.LOOP_AVOIDS_CRASH;
    }
}
