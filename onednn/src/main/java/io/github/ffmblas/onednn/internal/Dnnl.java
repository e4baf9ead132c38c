package io.github.ffmblas.onednn.internal;

import static io.github.ffmblas.onednn.dnnl.dnnl_h.C_POINTER;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.DNNL_MEMORY_ALLOCATE;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_memory_create;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_memory_desc_get_size;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_primitive_desc_query_md;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_query_scratchpad_md;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_cpu;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_engine_create;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_primitive_desc_query;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_query_impl_info_str;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_success;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_version;

import io.github.ffmblas.onednn.dnnl.dnnl_exec_arg_t;
import io.github.ffmblas.onednn.dnnl.dnnl_version_t;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * oneDNN loaded, its CPU engine, and the calls every user of the generated bindings needs: a status check that
 * names the call, an out-parameter read, and OpenMP at one thread on the calling thread.
 */
public final class Dnnl {
    private Dnnl() {}

    /** The CPU engine, made once on first use (engines are thread-safe); loads oneDNN. */
    public static MemorySegment engine() {
        return Loaded.ENGINE;
    }

    /** oneDNN's version, e.g. {@code 3.11.0}; loads it. */
    public static String version() {
        return Loaded.VERSION;
    }

    /**
     * Limits oneDNN's OpenMP to the calling thread, for this thread: ffmblas parallelises above the products, and
     * OpenMP's spinning workers and OpenBLAS's or ffmblas's own on two cores slow each other down. OpenMP keeps
     * the limit per thread, so each thread that runs a primitive calls this once.
     */
    public static void oneOpenMpThread() {
        try {
            Loaded.OMP_SET_NUM_THREADS.invokeExact(1);
        } catch (Throwable e) {
            throw new IllegalStateException("omp_set_num_threads failed", e);
        }
    }

    /** Throws unless {@code status} is {@code dnnl_success}, naming the call and the status. */
    public static void check(int status, String call) {
        if (status != dnnl_success()) {
            throw new IllegalStateException("oneDNN: " + call + " returned " + statusName(status));
        }
    }

    /**
     * Whether oneDNN chose its reference implementation ({@code ref:any}) for a primitive: plain loops, 100-1,000x
     * slower than its JIT kernels (seen for a product with a column-major output), so the caller goes elsewhere.
     */
    public static boolean isReference(MemorySegment primitiveDesc) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(C_POINTER);
            check(dnnl_primitive_desc_query(primitiveDesc, dnnl_query_impl_info_str(), 0, out),
                    "dnnl_primitive_desc_query");
            return read(out).reinterpret(256).getString(0).startsWith("ref");
        }
    }

    /**
     * The scratchpad a primitive asks for (its attributes set scratchpad mode {@code user}), allocated by oneDNN
     * for the caller to destroy, or {@code NULL} when it needs none.
     */
    public static MemorySegment scratchpad(MemorySegment primitiveDesc) {
        MemorySegment md = dnnl_primitive_desc_query_md(primitiveDesc, dnnl_query_scratchpad_md(), 0);
        if (md.equals(MemorySegment.NULL) || dnnl_memory_desc_get_size(md) == 0) {
            return MemorySegment.NULL;
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(C_POINTER);
            check(dnnl_memory_create(out, md, engine(), DNNL_MEMORY_ALLOCATE()), "dnnl_memory_create");
            return read(out);
        }
    }

    /** Sets argument {@code index} of an argument list ({@code dnnl_exec_arg_t[]}); returns the next index. */
    static int bind(MemorySegment args, int index, int arg, MemorySegment memory) {
        MemorySegment slot = dnnl_exec_arg_t.asSlice(args, index);
        dnnl_exec_arg_t.arg(slot, arg);
        dnnl_exec_arg_t.memory(slot, memory);
        return index + 1;
    }

    /** The pointer an out-parameter holds. */
    public static MemorySegment read(MemorySegment out) {
        return out.get(C_POINTER, 0);
    }

    private static String statusName(int status) {
        return switch (status) {
            case 1 -> "dnnl_out_of_memory";
            case 2 -> "dnnl_invalid_arguments";
            case 3 -> "dnnl_unimplemented";
            case 4 -> "dnnl_last_impl_reached";
            case 5 -> "dnnl_runtime_error";
            case 6 -> "dnnl_not_required";
            default -> "status " + status;
        };
    }

    private static final class Loaded {
        static final MethodHandle OMP_SET_NUM_THREADS;
        static final MemorySegment ENGINE;
        static final String VERSION;

        static {
            DnnlLibrary.load();
            OMP_SET_NUM_THREADS = Linker.nativeLinker().downcallHandle(
                    SymbolLookup.loaderLookup().findOrThrow("omp_set_num_threads"),
                    FunctionDescriptor.ofVoid(ValueLayout.JAVA_INT));
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment out = arena.allocate(C_POINTER);
                check(dnnl_engine_create(out, dnnl_cpu(), 0), "dnnl_engine_create");
                ENGINE = read(out);
            }
            MemorySegment v = dnnl_version().reinterpret(dnnl_version_t.layout().byteSize());
            VERSION = dnnl_version_t.major(v) + "." + dnnl_version_t.minor(v) + "." + dnnl_version_t.patch(v);
        }
    }
}
