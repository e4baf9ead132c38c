package io.github.ffmblas.bench.impl;

import io.github.ffmblas.bindings.cblas.cblas_h;
import io.github.ffmblas.nativelib.OpenBlasLibrary;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import org.bytedeco.javacpp.Loader;
import org.bytedeco.javacpp.Pointer;
import org.bytedeco.openblas.global.openblas_nolapack;
import org.bytedeco.openblas.presets.openblas_nolapack.MklSetNumThreadsLocal;

/**
 * OpenBLAS as JavaCPP's presets ({@code org.bytedeco:openblas:0.3.31-1.5.13}) load it, for the {@code jni} peer.
 *
 * <p><b>Which class.</b> {@link openblas_nolapack} declares {@code cblas_sgemm} and {@code cblas_sdot} exactly as
 * {@code org.bytedeco.openblas.global.openblas} does, over the same libopenblas, but its JNI library,
 * {@code libjniopenblas_nolapack.so}, is 330 KB where {@code openblas}'s {@code libjniopenblas.so} (the LAPACK
 * wrappers) is 24 MB: the runnable jar carries only the small one.
 *
 * <p><b>Its own copy of OpenBLAS, the same build.</b> JavaCPP does not use the file ffmblas loaded: it extracts
 * libopenblas.so.0 into its own cache (~/.javacpp/cache/&lt;jar&gt;/org/bytedeco/openblas/linux-x86_64/), under
 * the name {@code libopenblas_nolapack.so.0}, loads it by that path, and {@code libjniopenblas_nolapack.so}
 * names exactly that file ({@code DT_NEEDED libopenblas_nolapack.so.0}, {@code RUNPATH $ORIGIN/}). So a JVM that
 * runs both peers maps two copies of the library, each with its own thread pool and thread count
 * ({@code LD_DEBUG=bindings} shows libjniopenblas_nolapack.so's symbols bound to the JavaCPP copy; setting
 * threads through one copy leaves the other's count as it was, see JniImplementationTest). Both copies come out
 * of the same platform jar, {@code org.bytedeco:openblas:0.3.31-1.5.13:linux-x86_64}: the files are byte for
 * byte identical (same SHA-256) and {@code openblas_get_config()} of both reads
 * {@code "OpenBLAS 0.3.31 DYNAMIC_ARCH NO_AFFINITY Haswell MAX_THREADS=64"} on this machine
 * ({@link #config()}, checked by JniImplementationTest), so the comparison is of the call path only.
 *
 * <p><b>Thread count.</b> The presets of 1.5.13 have no Java method for {@code openblas_set_num_threads} or
 * {@code openblas_get_num_threads} (they are skipped, for MKL compatibility); their
 * {@link openblas_nolapack#blas_set_num_threads(int)} looks {@code openblas_set_num_threads} up in JavaCPP's
 * copy ({@code Loader.addressof}) and calls it through a JNI function pointer. That is what
 * {@link #setNumThreads(int)} uses.
 *
 * <p><b>One class loader, two libraries exporting the same names.</b> The FFM bindings ({@code cblas_h}) find
 * their symbols through {@link SymbolLookup#loaderLookup()}, which searches every library loaded by the
 * application class loader, in no defined order (a hash map), and JavaCPP loads its copy with
 * {@code System.load} into that same class loader. A binding first used after JavaCPP loaded could therefore
 * bind to JavaCPP's copy. {@link #load()} resolves every {@code cblas_h} symbol before JavaCPP loads anything,
 * which pins the bindings to ffmblas's file; {@link #ffmBindingsUseFfmblasLibrary()} checks it.
 */
@SuppressWarnings("restricted") // looks up and calls into JavaCPP's copy of OpenBLAS through FFM, on purpose
public final class JavaCppOpenBlas {
    private static final Linker LINKER = Linker.nativeLinker();
    private static final FunctionDescriptor RETURNS_INT = FunctionDescriptor.of(ValueLayout.JAVA_INT);
    private static final FunctionDescriptor RETURNS_POINTER = FunctionDescriptor.of(
            ValueLayout.ADDRESS.withTargetLayout(MemoryLayout.sequenceLayout(Long.MAX_VALUE,
                    ValueLayout.JAVA_BYTE)));

    private static volatile Loaded loaded;

    private record Loaded(String jniLibrary, Path openBlas, SymbolLookup lookup) {}

    private JavaCppOpenBlas() {}

    /**
     * Loads ffmblas's OpenBLAS and pins the FFM bindings to it, then JavaCPP's presets (its JNI library and its
     * copy of OpenBLAS). Once per JVM; returns the path of the JNI library JavaCPP loaded.
     *
     * @throws UnsatisfiedLinkError when JavaCPP cannot load its libraries (e.g. a jar without the JNI library)
     */
    public static String load() {
        return loaded().jniLibrary();
    }

    private static Loaded loaded() {
        Loaded result = loaded;
        if (result == null) {
            synchronized (JavaCppOpenBlas.class) {
                result = loaded;
                if (result == null) {
                    OpenBlasLibrary.load();
                    pinFfmBindings();
                    String jni = Loader.load(openblas_nolapack.class);
                    Path openBlas = javaCppOpenBlasFile();
                    // Loader.load keeps the library loaded for the life of the JVM; the global arena matches that.
                    result = new Loaded(jni, openBlas, SymbolLookup.libraryLookup(openBlas, Arena.global()));
                    loaded = result;
                }
            }
        }
        return result;
    }

    /** Resolves every symbol the FFM bindings have, while ffmblas's file is the only OpenBLAS loaded. */
    private static void pinFfmBindings() {
        for (Method m : cblas_h.class.getMethods()) {
            if (Modifier.isStatic(m.getModifiers()) && m.getName().endsWith("$address") && m.getParameterCount() == 0) {
                try {
                    m.invoke(null);
                } catch (ReflectiveOperationException | LinkageError e) {
                    // A symbol this OpenBLAS lacks: the binding fails the same way whenever it is used.
                }
            }
        }
    }

    /** The libopenblas file JavaCPP loaded (its own copy, in its cache). */
    private static Path javaCppOpenBlasFile() {
        for (String file : Loader.getLoadedLibraries().values()) {
            if (file == null) {
                continue;
            }
            Path path = Path.of(file);
            String name = path.getFileName().toString();
            if (name.startsWith("libopenblas") && Files.isRegularFile(path)) {
                return path;
            }
        }
        throw new IllegalStateException("JavaCPP loaded no libopenblas: " + Loader.getLoadedLibraries());
    }

    /** The OpenBLAS file JavaCPP's presets call into. */
    public static Path libraryPath() {
        return loaded().openBlas();
    }

    /** The address of {@code symbol} in JavaCPP's copy of OpenBLAS. */
    public static MemorySegment symbol(String symbol) {
        return loaded().lookup().find(symbol)
                .orElseThrow(() -> new UnsatisfiedLinkError(symbol + " is not in " + libraryPath()));
    }

    /** {@code openblas_get_config()} of JavaCPP's copy. */
    public static String config() {
        try {
            MethodHandle h = LINKER.downcallHandle(symbol("openblas_get_config"), RETURNS_POINTER);
            return ((MemorySegment) h.invokeExact()).getString(0);
        } catch (Throwable t) {
            throw new IllegalStateException("openblas_get_config of " + libraryPath(), t);
        }
    }

    /** {@code openblas_get_num_threads()} of JavaCPP's copy. */
    public static int numThreads() {
        try {
            MethodHandle h = LINKER.downcallHandle(symbol("openblas_get_num_threads"), RETURNS_INT);
            return (int) h.invokeExact();
        } catch (Throwable t) {
            throw new IllegalStateException("openblas_get_num_threads of " + libraryPath(), t);
        }
    }

    /** Sets the thread count of JavaCPP's copy, through the presets' own API. ffmblas's copy is not affected. */
    public static void setNumThreads(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads=" + threads + " must be >= 1");
        }
        loaded();
        openblas_nolapack.blas_set_num_threads(threads);
    }

    /**
     * A JNI call of {@code openblas_get_num_threads()} in JavaCPP's copy, the smallest OpenBLAS call through JNI:
     * {@code call(0)} returns the thread count.
     *
     * <p>The presets expose no JNI method for it, so this borrows the presets' one {@code int(int)} function
     * pointer class ({@code MklSetNumThreadsLocal}, compiled into libjniopenblas_nolapack.so) and points it at
     * {@code openblas_get_num_threads}. Calling an {@code int(void)} function with one extra int argument is
     * sound on the x86-64 System V (and AArch64) calling conventions: the argument travels in a register the
     * callee ignores, and the caller owns the stack.
     */
    public static MklSetNumThreadsLocal getNumThreadsCall() {
        long function = symbol("openblas_get_num_threads").address();
        // A FunctionPointer's own address is that of a small native holder JavaCPP allocates; put() stores the
        // function's address in it, as the presets' blas_set_num_threads does with openblas_set_num_threads.
        return new IntOfIntCall().put(new Pointer() {
            {
                address = function;
            }
        });
    }

    /** Reaches {@link MklSetNumThreadsLocal}'s protected constructor, the one that allocates the native holder. */
    private static final class IntOfIntCall extends MklSetNumThreadsLocal {
        IntOfIntCall() {
            super();
        }
    }

    /**
     * True when the FFM bindings call ffmblas's file rather than JavaCPP's copy: {@code cblas_sgemm},
     * {@code cblas_sdot}, {@code openblas_set_num_threads} and {@code openblas_get_num_threads} of
     * {@code cblas_h} are the addresses found in {@link OpenBlasLibrary#load()}'s file.
     */
    public static boolean ffmBindingsUseFfmblasLibrary() {
        loaded();
        Path ffmblas = OpenBlasLibrary.load().path();
        try (Arena arena = Arena.ofConfined()) {
            SymbolLookup own = SymbolLookup.libraryLookup(ffmblas, arena);
            return same(own, "cblas_sgemm", cblas_h.cblas_sgemm$address())
                    && same(own, "cblas_sdot", cblas_h.cblas_sdot$address())
                    && same(own, "openblas_set_num_threads", cblas_h.openblas_set_num_threads$address())
                    && same(own, "openblas_get_num_threads", cblas_h.openblas_get_num_threads$address());
        }
    }

    private static boolean same(SymbolLookup lookup, String symbol, MemorySegment bound) {
        return lookup.find(symbol).map(MemorySegment::address).filter(a -> a == bound.address()).isPresent();
    }
}
