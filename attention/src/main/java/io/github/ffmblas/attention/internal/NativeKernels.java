package io.github.ffmblas.attention.internal;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_FLOAT;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import io.github.ffmblas.nativelib.CpuInfo;
import io.github.ffmblas.nativelib.KernelLibrary;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;

/**
 * The downcalls into ffmblas's own kernels ({@code native/src/main/kernels/ffmblas_kernels.c}): five functions, so
 * handles written here rather than a jextract run. Segments are passed as segments (not raw addresses), so the
 * linker keeps their memory alive for the call; the callers ({@code PackedGemm}, {@link Softmax}) have checked
 * every extent.
 */
public final class NativeKernels {
    private NativeKernels() {}

    /** The handle, or why there is none. */
    private static final class Holder {
        static final MethodHandle SGEMM;
        static final MethodHandle PANELS;
        static final MethodHandle PACK_ROWS;
        static final MethodHandle PACK_COLUMNS;
        static final MethodHandle SOFTMAX;
        static final String UNAVAILABLE;

        static {
            MethodHandle handle = null;
            MethodHandle panels = null;
            MethodHandle packRows = null;
            MethodHandle packColumns = null;
            MethodHandle softmax = null;
            String why = null;
            CpuInfo cpu = CpuInfo.current();
            if (cpu.vectorIsa() == CpuInfo.VectorIsa.OTHER) {
                why = "the kernel needs AVX2 and FMA, which this CPU (" + cpu.model() + ") lacks";
            } else {
                try {
                    SymbolLookup library = SymbolLookup.libraryLookup(KernelLibrary.extract(), Arena.global());
                    Linker linker = Linker.nativeLinker();
                    handle = linker.downcallHandle(library.findOrThrow("ffmblas_sgemm_packed"),
                            FunctionDescriptor.ofVoid(JAVA_INT, JAVA_INT, JAVA_INT, ADDRESS, JAVA_LONG, JAVA_LONG,
                                    ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG, JAVA_LONG));
                    panels = linker.downcallHandle(library.findOrThrow("ffmblas_sgemm_panels"),
                            FunctionDescriptor.ofVoid(JAVA_INT, JAVA_INT, JAVA_INT, JAVA_FLOAT, ADDRESS, JAVA_LONG,
                                    JAVA_LONG, ADDRESS, JAVA_LONG, JAVA_LONG, ADDRESS, JAVA_LONG, JAVA_LONG));
                    packRows = linker.downcallHandle(library.findOrThrow("ffmblas_pack_rows"),
                            FunctionDescriptor.ofVoid(JAVA_INT, JAVA_INT, ADDRESS, JAVA_LONG, JAVA_LONG, ADDRESS,
                                    JAVA_LONG));
                    packColumns = linker.downcallHandle(library.findOrThrow("ffmblas_pack_columns"),
                            FunctionDescriptor.ofVoid(JAVA_INT, JAVA_INT, ADDRESS, JAVA_LONG, JAVA_LONG, ADDRESS,
                                    JAVA_LONG, JAVA_LONG));
                    softmax = linker.downcallHandle(library.findOrThrow("ffmblas_softmax_rows"),
                            FunctionDescriptor.ofVoid(ADDRESS, JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_INT, JAVA_INT,
                                    JAVA_INT, ADDRESS, JAVA_LONG));
                } catch (IOException | RuntimeException | LinkageError e) {
                    why = e.getMessage() != null ? e.getMessage() : e.toString();
                }
            }
            SGEMM = handle;
            PANELS = panels;
            PACK_ROWS = packRows;
            PACK_COLUMNS = packColumns;
            SOFTMAX = softmax;
            UNAVAILABLE = why;
        }
    }

    /** Why the kernel cannot run here, or null when it can (loads the library on first call). */
    public static String unavailable() {
        return Holder.UNAVAILABLE;
    }

    /** C = A op(B) + bias, op(B)'s columns packed from {@code packedOffset}; bias {@code NULL} for none; in floats. */
    public static void sgemm(int m, int n, int k, MemorySegment a, long aOffset, int lda, MemorySegment packed,
                             long packedOffset, MemorySegment bias, long biasOffset, MemorySegment c, long cOffset,
                             int ldc) {
        try {
            Holder.SGEMM.invokeExact(m, n, k, a, aOffset, (long) lda, packed, packedOffset, bias, biasOffset, c,
                    cOffset, (long) ldc);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /** C = alpha A op(B), op(B)'s panels {@code panelStride} floats apart from {@code packedOffset}; in floats. */
    public static void sgemmPanels(int m, int n, int k, float alpha, MemorySegment a, long aOffset, int lda,
                                   MemorySegment packed, long packedOffset, long panelStride, MemorySegment c,
                                   long cOffset, int ldc) {
        try {
            Holder.PANELS.invokeExact(m, n, k, alpha, a, aOffset, (long) lda, packed, packedOffset, panelStride, c,
                    cOffset, (long) ldc);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /** Panels of X^T, X {@code n} rows of {@code k} floats ({@code ldx} apart): 16 k floats a panel. */
    public static void packRows(int n, int k, MemorySegment x, long xOffset, int ldx, MemorySegment packed,
                                long packedOffset) {
        try {
            Holder.PACK_ROWS.invokeExact(n, k, x, xOffset, (long) ldx, packed, packedOffset);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /** Panels of X, {@code k} rows of {@code n} floats ({@code ldx} apart), {@code panelStride} floats apart. */
    public static void packColumns(int k, int n, MemorySegment x, long xOffset, int ldx, MemorySegment packed,
                                   long packedOffset, long panelStride) {
        try {
            Holder.PACK_COLUMNS.invokeExact(k, n, x, xOffset, (long) ldx, packed, packedOffset, panelStride);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /**
     * Softmax of {@code rows} rows of {@code cols} floats, {@code ld} apart, from float {@code sOffset}, as
     * {@link Softmax#rows} without masks; {@code inverses} {@code NULL} to normalise in place.
     */
    public static void softmaxRows(MemorySegment s, long sOffset, int rows, int ld, int cols, int firstRow,
                                   boolean causal, MemorySegment inverses, long inversesOffset) {
        try {
            Holder.SOFTMAX.invokeExact(s, sOffset, rows, (long) ld, cols, firstRow, causal ? 1 : 0, inverses,
                    inversesOffset);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }
}
