package io.github.ffmblas.onednn.internal;

import static io.github.ffmblas.onednn.dnnl.dnnl_h.C_POINTER;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.DNNL_ARG_BIAS;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.DNNL_ARG_DST;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.DNNL_ARG_SCRATCHPAD;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.DNNL_ARG_SRC;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.DNNL_ARG_WEIGHTS;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.DNNL_MEMORY_ALLOCATE;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.DNNL_MEMORY_NONE;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_ab;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_data_type_undef;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_f32;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_format_tag_any;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_matmul_primitive_desc_create;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_memory_create;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_memory_desc_create_with_strides;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_memory_desc_create_with_tag;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_memory_desc_destroy;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_memory_destroy;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_memory_get_data_handle;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_memory_set_data_handle;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_post_ops_append_sum;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_post_ops_create;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_post_ops_destroy;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_primitive_attr_create;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_primitive_attr_destroy;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_primitive_attr_set_post_ops;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_primitive_attr_set_scratchpad_mode;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_primitive_create;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_primitive_desc_destroy;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_primitive_desc_query;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_primitive_desc_query_md;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_primitive_destroy;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_primitive_execute;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_query_impl_info_str;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_query_weights_md;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_scratchpad_mode_user;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_stream_wait;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_success;
import static io.github.ffmblas.onednn.internal.Dnnl.check;
import static io.github.ffmblas.onednn.internal.Dnnl.read;

import io.github.ffmblas.onednn.dnnl.dnnl_exec_arg_t;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * One thread's matmul primitive for one product shape with a constant B: {@code C [m, n] (+)= A [m, k] op(B)}
 * (+ bias), A and C strided by their leading dimensions, op(B) reordered once ({@link PackedWeights}). A and C are
 * bound per call by address; the primitive, its memory objects and its scratchpad belong to the thread that made it.
 */
final class Matmul implements ShapeCache.Primitive {
    /** The shape key's length: m, n, k, lda, ldc, accumulate, B's address, ldb, transposed, the bias's address. */
    static final int KEY_LENGTH = 10;

    /** The argument list; freed with this object (destroy may run on another thread than the one that made it). */
    private final Arena arena = Arena.ofAuto();
    private final MemorySegment primitive;
    private final MemorySegment src;
    private final MemorySegment dst;
    private final MemorySegment scratchpad;
    private final MemorySegment bias;
    private final MemorySegment args;
    private final int argCount;
    private final String implementation;

    private Matmul(MemorySegment primitive, MemorySegment src, MemorySegment dst, MemorySegment weights,
                   MemorySegment bias, MemorySegment scratchpad, String implementation) {
        this.bias = bias;
        this.primitive = primitive;
        this.src = src;
        this.dst = dst;
        this.scratchpad = scratchpad;
        this.implementation = implementation;
        this.args = dnnl_exec_arg_t.allocateArray(5, arena);
        int count = 0;
        count = Dnnl.bind(args, count, DNNL_ARG_SRC(), src);
        count = Dnnl.bind(args, count, DNNL_ARG_WEIGHTS(), weights);
        count = Dnnl.bind(args, count, DNNL_ARG_DST(), dst);
        if (!scratchpad.equals(MemorySegment.NULL)) {
            count = Dnnl.bind(args, count, DNNL_ARG_SCRATCHPAD(), scratchpad);
        }
        if (!bias.equals(MemorySegment.NULL)) {
            count = Dnnl.bind(args, count, DNNL_ARG_BIAS(), bias);
        }
        this.argCount = count;
    }

    /** Fills {@code key} ({@link #KEY_LENGTH} longs) with a product's shape, as {@link ShapeCache} looks it up. */
    static void key(long[] key, int m, int n, int k, int lda, int ldc, boolean accumulate, long bAddress, int ldb,
                    boolean transposed, long biasAddress) {
        key[0] = m;
        key[1] = n;
        key[2] = k;
        key[3] = lda;
        key[4] = ldc;
        key[5] = accumulate ? 1 : 0;
        key[6] = bAddress;
        key[7] = ldb;
        key[8] = transposed ? 1 : 0;
        key[9] = biasAddress;
    }

    /**
     * A primitive for this shape, or null where oneDNN has none (then the product goes elsewhere). B is
     * {@code offset} floats into {@code b}; the bias, if {@code biasSegment} is not null, {@code n} floats at
     * {@code biasOffset}, copied into the primitive's own memory.
     */
    static Matmul create(PackedWeights packs, MemorySegment stream, int m, int n, int k, MemorySegment b, long offset,
                         int ldb, boolean transposed, int lda, int ldc, boolean accumulate, MemorySegment biasSegment,
                         long biasOffset) {
        MemorySegment engine = Dnnl.engine();
        try (Arena temp = Arena.ofConfined()) {
            // The bias read first, through the segment API: if its memory is gone, nothing native exists yet.
            MemorySegment biasCopy = biasSegment == null ? null : temp.allocate((long) n * Float.BYTES)
                    .copyFrom(biasSegment.asSlice(biasOffset * Float.BYTES, (long) n * Float.BYTES));
            MemorySegment out = temp.allocate(C_POINTER);
            MemorySegment srcMd = strided(temp, m, k, lda);
            MemorySegment dstMd = strided(temp, m, n, ldc);
            check(dnnl_memory_desc_create_with_tag(out, 2, temp.allocateFrom(ValueLayout.JAVA_LONG, k, n), dnnl_f32(),
                    dnnl_format_tag_any()), "dnnl_memory_desc_create_with_tag");
            MemorySegment anyMd = read(out);
            check(dnnl_primitive_attr_create(out), "dnnl_primitive_attr_create");
            MemorySegment attr = read(out);
            check(dnnl_primitive_attr_set_scratchpad_mode(attr, dnnl_scratchpad_mode_user()),
                    "dnnl_primitive_attr_set_scratchpad_mode");
            MemorySegment postOps = MemorySegment.NULL;
            if (accumulate) {
                check(dnnl_post_ops_create(out), "dnnl_post_ops_create");
                postOps = read(out);
                check(dnnl_post_ops_append_sum(postOps, 1f, 0, dnnl_data_type_undef()), "dnnl_post_ops_append_sum");
                check(dnnl_primitive_attr_set_post_ops(attr, postOps), "dnnl_primitive_attr_set_post_ops");
            }
            MemorySegment biasMd = MemorySegment.NULL;
            if (biasSegment != null) {
                check(dnnl_memory_desc_create_with_tag(out, 2, temp.allocateFrom(ValueLayout.JAVA_LONG, 1, n),
                        dnnl_f32(), dnnl_ab()), "dnnl_memory_desc_create_with_tag");
                biasMd = read(out);
            }
            int status = dnnl_matmul_primitive_desc_create(out, engine, srcMd, anyMd, biasMd, dstMd, attr);
            if (!postOps.equals(MemorySegment.NULL)) {
                dnnl_post_ops_destroy(postOps);
            }
            dnnl_primitive_attr_destroy(attr);
            dnnl_memory_desc_destroy(anyMd);
            if (status != dnnl_success()) {
                dnnl_memory_desc_destroy(srcMd);
                dnnl_memory_desc_destroy(dstMd);
                if (!biasMd.equals(MemorySegment.NULL)) {
                    dnnl_memory_desc_destroy(biasMd);
                }
                return null;
            }
            MemorySegment pd = read(out);
            try {
                if (Dnnl.isReference(pd)) {
                    return null;
                }
                MemorySegment weightsMd = dnnl_primitive_desc_query_md(pd, dnnl_query_weights_md(), 0);
                MemorySegment weights = packs.packed(b, offset, ldb, transposed, n, k, weightsMd, stream);
                MemorySegment scratchpad = Dnnl.scratchpad(pd);
                MemorySegment bias = MemorySegment.NULL;
                if (biasSegment != null) {
                    check(dnnl_memory_create(out, biasMd, engine, DNNL_MEMORY_ALLOCATE()), "dnnl_memory_create");
                    bias = read(out);
                    check(dnnl_memory_get_data_handle(bias, out), "dnnl_memory_get_data_handle");
                    read(out).reinterpret((long) n * Float.BYTES).copyFrom(biasCopy);
                }
                check(dnnl_primitive_desc_query(pd, dnnl_query_impl_info_str(), 0, out), "dnnl_primitive_desc_query");
                String implementation = read(out).reinterpret(256).getString(0);
                check(dnnl_primitive_create(out, pd), "dnnl_primitive_create");
                MemorySegment primitive = read(out);
                check(dnnl_memory_create(out, srcMd, engine, DNNL_MEMORY_NONE()), "dnnl_memory_create");
                MemorySegment src = read(out);
                check(dnnl_memory_create(out, dstMd, engine, DNNL_MEMORY_NONE()), "dnnl_memory_create");
                MemorySegment dst = read(out);
                return new Matmul(primitive, src, dst, weights, bias, scratchpad, implementation);
            } finally {
                dnnl_primitive_desc_destroy(pd);
                dnnl_memory_desc_destroy(srcMd);
                dnnl_memory_desc_destroy(dstMd);
                if (!biasMd.equals(MemorySegment.NULL)) {
                    dnnl_memory_desc_destroy(biasMd);
                }
            }
        }
    }

    private static MemorySegment strided(Arena temp, int rows, int cols, int ld) {
        MemorySegment out = temp.allocate(C_POINTER);
        check(dnnl_memory_desc_create_with_strides(out, 2, temp.allocateFrom(ValueLayout.JAVA_LONG, rows, cols),
                dnnl_f32(), temp.allocateFrom(ValueLayout.JAVA_LONG, ld, 1)), "dnnl_memory_desc_create_with_strides");
        return read(out);
    }

    /**
     * Runs the product on A at {@code aAddress} and C at {@code cAddress}: memory the caller has checked and that
     * nobody can free before this returns.
     */
    void run(MemorySegment stream, long aAddress, long cAddress) {
        check(dnnl_memory_set_data_handle(src, MemorySegment.ofAddress(aAddress)), "dnnl_memory_set_data_handle");
        check(dnnl_memory_set_data_handle(dst, MemorySegment.ofAddress(cAddress)), "dnnl_memory_set_data_handle");
        check(dnnl_primitive_execute(primitive, stream, argCount, args), "dnnl_primitive_execute");
        check(dnnl_stream_wait(stream), "dnnl_stream_wait");
    }

    /** The oneDNN implementation chosen, e.g. {@code brg_matmul:avx512_core}. */
    String implementation() {
        return implementation;
    }

    @Override
    public void destroy() {
        dnnl_primitive_destroy(primitive);
        dnnl_memory_destroy(src);
        dnnl_memory_destroy(dst);
        if (!scratchpad.equals(MemorySegment.NULL)) {
            dnnl_memory_destroy(scratchpad);
        }
        if (!bias.equals(MemorySegment.NULL)) {
            dnnl_memory_destroy(bias);
        }
    }
}
