package io.github.ffmblas.bench.blas;

import io.github.ffmblas.bindings.cblas.cblas_h;
import io.github.ffmblas.nativelib.OpenBlasLibrary;
import java.lang.foreign.AddressLayout;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * The floor of the BLAS benchmarks: the cblas symbols they call, through bare critical downcall handles that no
 * check, no facade and no adapter stands in front of. Per symbol, in a holder class of its own (created on its first
 * call, so a path's first call pays for its own symbol only, as the facade's per-routine holders do):
 * <ul>
 *   <li>{@code BY_ADDRESS}: every pointer parameter declared {@code long} ({@link ValueLayout#JAVA_LONG}), with
 *       {@link Linker.Option#critical critical(false)}, for native memory: the {@code raw} path;</li>
 *   <li>{@code HEAP}: jextract's descriptor as it is, with {@code critical(true)}, which lets heap segments through
 *       (FFM pins the arrays for the call): the {@code raw-heap} path and {@code bench-netlib}'s {@code raw}.</li>
 * </ul>
 * The descriptors are jextract's ({@code cblas_h.cblas_<name>$descriptor()}); the addresses come from the very file
 * ffmblas loaded ({@link SymbolLookup#libraryLookup}), not from JavaCPP's copy of OpenBLAS that the suite's
 * {@code jni} path also maps. {@code static final}, so the JIT inlines {@code invokeExact} on them. Critical at every
 * size, where the facade makes a call over {@code Call.BRIEF_BYTES} of operands a plain one (a long critical call
 * holds off safepoints): the floor is the cheapest call there is, not a policy to copy.
 */
@SuppressWarnings("restricted") // downcall handles to ffmblas's OpenBLAS, on purpose without the facade
public final class RawDowncalls {
    private static final SymbolLookup OURS = SymbolLookup.libraryLookup(OpenBlasLibrary.load().path(),
            Arena.global());

    private RawDowncalls() {}

    public static final class Sdot {
        public static final MethodHandle BY_ADDRESS = byAddress("cblas_sdot", cblas_h.cblas_sdot$descriptor());
        public static final MethodHandle HEAP = heap("cblas_sdot", cblas_h.cblas_sdot$descriptor());
    }

    public static final class Ddot {
        public static final MethodHandle BY_ADDRESS = byAddress("cblas_ddot", cblas_h.cblas_ddot$descriptor());
        public static final MethodHandle HEAP = heap("cblas_ddot", cblas_h.cblas_ddot$descriptor());
    }

    public static final class Saxpy {
        public static final MethodHandle BY_ADDRESS = byAddress("cblas_saxpy", cblas_h.cblas_saxpy$descriptor());
        public static final MethodHandle HEAP = heap("cblas_saxpy", cblas_h.cblas_saxpy$descriptor());
    }

    public static final class Daxpy {
        public static final MethodHandle BY_ADDRESS = byAddress("cblas_daxpy", cblas_h.cblas_daxpy$descriptor());
        public static final MethodHandle HEAP = heap("cblas_daxpy", cblas_h.cblas_daxpy$descriptor());
    }

    public static final class Snrm2 {
        public static final MethodHandle BY_ADDRESS = byAddress("cblas_snrm2", cblas_h.cblas_snrm2$descriptor());
        public static final MethodHandle HEAP = heap("cblas_snrm2", cblas_h.cblas_snrm2$descriptor());
    }

    public static final class Dnrm2 {
        public static final MethodHandle BY_ADDRESS = byAddress("cblas_dnrm2", cblas_h.cblas_dnrm2$descriptor());
        public static final MethodHandle HEAP = heap("cblas_dnrm2", cblas_h.cblas_dnrm2$descriptor());
    }

    /** Returns {@code size_t} (CBLAS_INDEX): a {@code long}. */
    public static final class Isamax {
        public static final MethodHandle BY_ADDRESS = byAddress("cblas_isamax", cblas_h.cblas_isamax$descriptor());
        public static final MethodHandle HEAP = heap("cblas_isamax", cblas_h.cblas_isamax$descriptor());
    }

    public static final class Idamax {
        public static final MethodHandle BY_ADDRESS = byAddress("cblas_idamax", cblas_h.cblas_idamax$descriptor());
        public static final MethodHandle HEAP = heap("cblas_idamax", cblas_h.cblas_idamax$descriptor());
    }

    public static final class Sgemv {
        public static final MethodHandle BY_ADDRESS = byAddress("cblas_sgemv", cblas_h.cblas_sgemv$descriptor());
        public static final MethodHandle HEAP = heap("cblas_sgemv", cblas_h.cblas_sgemv$descriptor());
    }

    public static final class Dgemv {
        public static final MethodHandle BY_ADDRESS = byAddress("cblas_dgemv", cblas_h.cblas_dgemv$descriptor());
        public static final MethodHandle HEAP = heap("cblas_dgemv", cblas_h.cblas_dgemv$descriptor());
    }

    public static final class Sger {
        public static final MethodHandle BY_ADDRESS = byAddress("cblas_sger", cblas_h.cblas_sger$descriptor());
        public static final MethodHandle HEAP = heap("cblas_sger", cblas_h.cblas_sger$descriptor());
    }

    public static final class Dger {
        public static final MethodHandle BY_ADDRESS = byAddress("cblas_dger", cblas_h.cblas_dger$descriptor());
        public static final MethodHandle HEAP = heap("cblas_dger", cblas_h.cblas_dger$descriptor());
    }

    public static final class Strsv {
        public static final MethodHandle BY_ADDRESS = byAddress("cblas_strsv", cblas_h.cblas_strsv$descriptor());
        public static final MethodHandle HEAP = heap("cblas_strsv", cblas_h.cblas_strsv$descriptor());
    }

    public static final class Dtrsv {
        public static final MethodHandle BY_ADDRESS = byAddress("cblas_dtrsv", cblas_h.cblas_dtrsv$descriptor());
        public static final MethodHandle HEAP = heap("cblas_dtrsv", cblas_h.cblas_dtrsv$descriptor());
    }

    public static final class Sgemm {
        public static final MethodHandle BY_ADDRESS = byAddress("cblas_sgemm", cblas_h.cblas_sgemm$descriptor());
        public static final MethodHandle HEAP = heap("cblas_sgemm", cblas_h.cblas_sgemm$descriptor());
    }

    public static final class Dgemm {
        public static final MethodHandle BY_ADDRESS = byAddress("cblas_dgemm", cblas_h.cblas_dgemm$descriptor());
        public static final MethodHandle HEAP = heap("cblas_dgemm", cblas_h.cblas_dgemm$descriptor());
    }

    public static final class Ssyrk {
        public static final MethodHandle BY_ADDRESS = byAddress("cblas_ssyrk", cblas_h.cblas_ssyrk$descriptor());
        public static final MethodHandle HEAP = heap("cblas_ssyrk", cblas_h.cblas_ssyrk$descriptor());
    }

    public static final class Dsyrk {
        public static final MethodHandle BY_ADDRESS = byAddress("cblas_dsyrk", cblas_h.cblas_dsyrk$descriptor());
        public static final MethodHandle HEAP = heap("cblas_dsyrk", cblas_h.cblas_dsyrk$descriptor());
    }

    public static final class Strsm {
        public static final MethodHandle BY_ADDRESS = byAddress("cblas_strsm", cblas_h.cblas_strsm$descriptor());
        public static final MethodHandle HEAP = heap("cblas_strsm", cblas_h.cblas_strsm$descriptor());
    }

    public static final class Dtrsm {
        public static final MethodHandle BY_ADDRESS = byAddress("cblas_dtrsm", cblas_h.cblas_dtrsm$descriptor());
        public static final MethodHandle HEAP = heap("cblas_dtrsm", cblas_h.cblas_dtrsm$descriptor());
    }

    /** alpha and beta by pointer, as every complex cblas routine takes them. */
    public static final class Zgemm {
        public static final MethodHandle BY_ADDRESS = byAddress("cblas_zgemm", cblas_h.cblas_zgemm$descriptor());
        public static final MethodHandle HEAP = heap("cblas_zgemm", cblas_h.cblas_zgemm$descriptor());
    }

    /** Pointers as {@code long}s (passed alike on x86-64 and AArch64), no thread-state transition. */
    private static MethodHandle byAddress(String symbol, FunctionDescriptor generated) {
        if (ValueLayout.ADDRESS.byteSize() != Long.BYTES) {
            throw new IllegalStateException("the raw path needs 64-bit pointers");
        }
        MemoryLayout[] parameters = generated.argumentLayouts().stream()
                .map(l -> l instanceof AddressLayout ? ValueLayout.JAVA_LONG : l).toArray(MemoryLayout[]::new);
        FunctionDescriptor descriptor = generated.returnLayout()
                .map(r -> FunctionDescriptor.of(r, parameters)).orElseGet(() -> FunctionDescriptor.ofVoid(parameters));
        return Linker.nativeLinker().downcallHandle(OURS.findOrThrow(symbol), descriptor,
                Linker.Option.critical(false));
    }

    /** Segments as jextract declares them; heap segments allowed. */
    private static MethodHandle heap(String symbol, FunctionDescriptor generated) {
        return Linker.nativeLinker().downcallHandle(OURS.findOrThrow(symbol), generated, Linker.Option.critical(true));
    }

    /** What a raw loop throws when {@code invokeExact} did (it declares {@link Throwable}). */
    public static RuntimeException failed(String symbol, Throwable e) {
        if (e instanceof RuntimeException r) {
            return r;
        }
        if (e instanceof Error error) {
            throw error;
        }
        return new IllegalStateException(symbol + ": the raw downcall threw " + e, e);
    }
}
