package io.github.ffmblas.bindings;

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
import java.lang.invoke.MethodHandles;

/**
 * The downcall handles of one OpenBLAS function, made from the descriptor jextract generated for it. Each takes a
 * leading {@code boolean}, {@link Call#critical}, and makes a critical downcall (no thread-state transition; heap
 * segments allowed) or a plain one:
 * <ul>
 *   <li>{@code byAddress} passes each pointer as a {@code long} ({@link #byAddress}): for native memory that no
 *       other thread can free during the call (see {@link Call#byAddress}); nothing is allocated for it;</li>
 *   <li>{@code bySegment} passes each pointer as a segment (a slice from the operand's first element), which FFM
 *       keeps alive for the call: for shared arenas and heap arrays (FFM pins the array during a critical call).</li>
 * </ul>
 * The quick paths of {@link Blas} call {@code critical} (heap arrays), {@code brief} (pointers as {@code long}s, no
 * thread-state transition) and {@code plainByAddress} (the same, with the transition, for longer calls) directly.
 * One handle for both kinds of call, not one picked at run time: a picked handle is no constant to the JIT, which
 * then cannot inline the downcall. The address comes from the very file ffmblas loaded
 * ({@link SymbolLookup#libraryLookup}), never from another copy of OpenBLAS that the class loader may also hold
 * (JavaCPP's, in the benchmarks).
 *
 * <p>Kept in a {@code static final} field of a holder class per routine: created on first use, and constant to
 * the JIT (a record's fields are trusted), so {@code invokeExact} on it inlines.
 */
record Downcall(MethodHandle critical, MethodHandle bySegment, MethodHandle byAddress, MethodHandle brief,
                MethodHandle plainByAddress) {
    private static final SymbolLookup OURS = SymbolLookup.libraryLookup(OpenBlasLibrary.load().path(), Arena.global());

    static Downcall of(String symbol, FunctionDescriptor descriptor) {
        MemorySegment address = address(symbol);
        Linker linker = Linker.nativeLinker();
        MethodHandle plain = linker.downcallHandle(address, descriptor);
        MethodHandle critical = linker.downcallHandle(address, descriptor, Linker.Option.critical(true));
        MethodHandle brief = byAddress(address, descriptor, Linker.Option.critical(false));
        MethodHandle plainByAddress = byAddress(address, descriptor);
        return new Downcall(critical, either(critical, plain), either(brief, plainByAddress), brief, plainByAddress);
    }

    /** A handle that takes a leading boolean and calls {@code ifTrue} or {@code ifFalse} with the rest. */
    private static MethodHandle either(MethodHandle ifTrue, MethodHandle ifFalse) {
        return MethodHandles.guardWithTest(
                MethodHandles.dropArguments(MethodHandles.identity(boolean.class), 1, ifTrue.type().parameterList()),
                MethodHandles.dropArguments(ifTrue, 0, boolean.class),
                MethodHandles.dropArguments(ifFalse, 0, boolean.class));
    }

    /** The function's address in ffmblas's OpenBLAS. */
    static MemorySegment address(String symbol) {
        return OURS.find(symbol).orElseThrow(() -> new UnsupportedOperationException(symbol
                + " is not exported by " + OpenBlasLibrary.load().path()
                + " (an older or differently built OpenBLAS)"));
    }

    /** A plain downcall handle to {@code symbol} in ffmblas's OpenBLAS (segments passed as FFM passes them). */
    static MethodHandle plain(String symbol, FunctionDescriptor descriptor) {
        return Linker.nativeLinker().downcallHandle(address(symbol), descriptor);
    }

    /** Whether ffmblas's OpenBLAS exports {@code symbol}. */
    static boolean exists(String symbol) {
        return OURS.find(symbol).isPresent();
    }

    /**
     * A downcall to {@code function} whose pointer parameters are declared as 64-bit integers. Both are passed
     * alike (the INTEGER class of the x86-64 System V and AArch64 calling conventions), so the C function sees
     * the same pointers. Only for memory that no other thread can free during the call: FFM does not hold a
     * long's memory alive as it holds a segment's.
     */
    static MethodHandle byAddress(MemorySegment function, FunctionDescriptor generated, Linker.Option... options) {
        if (ValueLayout.ADDRESS.byteSize() != Long.BYTES) {
            throw new IllegalStateException("ffmblas needs 64-bit pointers");
        }
        MemoryLayout[] parameters = generated.argumentLayouts().stream()
                .map(l -> l instanceof AddressLayout ? ValueLayout.JAVA_LONG : l).toArray(MemoryLayout[]::new);
        FunctionDescriptor descriptor = generated.returnLayout()
                .map(r -> FunctionDescriptor.of(r, parameters)).orElseGet(() -> FunctionDescriptor.ofVoid(parameters));
        return Linker.nativeLinker().downcallHandle(function, descriptor, options);
    }

    /**
     * What a failed downcall throws. One failure can happen after the checks: another thread closes a shared arena
     * between the check and the call. FFM then refuses the downcall before any native code runs (a running downcall
     * holds its segments, so a close meanwhile is refused instead), and the caller gets the
     * {@link IllegalStateException} promised for a closed arena. Other runtime exceptions and errors pass as they are.
     */
    static RuntimeException failed(String routine, Throwable e) {
        if (e instanceof AssertionError wrapped && wrapped.getCause() instanceof IllegalStateException closed) {
            e = closed; // the generated wrappers wrap what the handle threw
        }
        if (e instanceof IllegalStateException closed) {
            return new IllegalStateException(routine + ": a segment's arena was closed by another thread during the"
                    + " call (" + closed.getMessage() + ")", closed);
        }
        if (e instanceof RuntimeException runtime) {
            return runtime;
        }
        if (e instanceof Error error) {
            throw error;
        }
        throw new AssertionError(routine + ": the downcall threw a checked exception", e);
    }
}
