package io.github.ffmblas.onednn.internal;

import static io.github.ffmblas.onednn.dnnl.dnnl_h.C_POINTER;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_reorder_primitive_desc_create;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_query_weights_md;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_memory_desc_create_with_tag;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_format_tag_any;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.DNNL_MEMORY_ALLOCATE;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.DNNL_ARG_TO;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.DNNL_ARG_FROM;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.DNNL_ARG_DST;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.DNNL_ARG_SCRATCHPAD;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.DNNL_ARG_SRC;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.DNNL_ARG_WEIGHTS;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.DNNL_MEMORY_NONE;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_data_type_undef;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_eltwise_linear;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_f32;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_matmul_primitive_desc_create;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_memory_create;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_memory_desc_create_with_strides;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_memory_desc_destroy;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_memory_destroy;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_memory_set_data_handle;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_post_ops_append_eltwise;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_post_ops_append_sum;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_post_ops_create;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_post_ops_destroy;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_primitive_attr_create;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_primitive_attr_destroy;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_primitive_attr_set_post_ops;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_primitive_attr_set_scratchpad_mode;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_primitive_create;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_primitive_desc_destroy;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_primitive_desc_query_md;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_primitive_destroy;
import static io.github.ffmblas.onednn.dnnl.dnnl_h.dnnl_primitive_execute;
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
 * One thread's matmul primitive for a batch of products with nothing constant: {@code count} items
 * {@code C_i = alpha A_i op(B_i) (+ C_i)}, item i at {@code i * stride} in each operand, rows at their leading
 * dimensions (attention's heads, side by side in one buffer). All three operands are bound per call by address.
 */
final class BatchMatmul implements ShapeCache.Primitive {
    /**
     * A B batches deeper than this reorder B on every call into the layout the kernel asks for: read in place,
     * oneDNN 3.11 took 1.2-1.5x OpenBLAS's time for P V 2,048 keys deep, reordered 0.72-0.92x (C, 512-row tiles,
     * one and two heads).
     */
    static final int REORDER_FROM_K = 512;
    /**
     * The shape key's length: m, n, k, lda, ldb, ldc, strideA, strideB, strideC, count, transposed, accumulate,
     * alpha's bits.
     */
    static final int KEY_LENGTH = 13;

    private final Arena arena = Arena.ofAuto();
    private final MemorySegment primitive;
    private final MemorySegment src;
    private final MemorySegment weights;
    private final MemorySegment dst;
    private final MemorySegment scratchpad;
    private final MemorySegment args;
    private final int argCount;
    /** With B reordered on every call: the reorder, its argument list, and B in the kernel's layout; else NULL. */
    private final MemorySegment reorder;
    private final MemorySegment reorderArgs;
    private final MemorySegment blockedB;

    private BatchMatmul(MemorySegment primitive, MemorySegment src, MemorySegment weights,
                        MemorySegment dst, MemorySegment scratchpad, MemorySegment reorder, MemorySegment blockedB) {
        this.primitive = primitive;
        this.src = src;
        this.weights = weights;
        this.dst = dst;
        this.scratchpad = scratchpad;
        this.reorder = reorder;
        this.blockedB = blockedB;
        this.args = dnnl_exec_arg_t.allocateArray(4, arena);
        int count = 0;
        count = Dnnl.bind(args, count, DNNL_ARG_SRC(), src);
        count = Dnnl.bind(args, count, DNNL_ARG_WEIGHTS(), reorder.equals(MemorySegment.NULL) ? weights : blockedB);
        count = Dnnl.bind(args, count, DNNL_ARG_DST(), dst);
        if (!scratchpad.equals(MemorySegment.NULL)) {
            count = Dnnl.bind(args, count, DNNL_ARG_SCRATCHPAD(), scratchpad);
        }
        this.argCount = count;
        this.reorderArgs = dnnl_exec_arg_t.allocateArray(2, arena);
        if (!reorder.equals(MemorySegment.NULL)) {
            Dnnl.bind(reorderArgs, 0, DNNL_ARG_FROM(), weights);
            Dnnl.bind(reorderArgs, 1, DNNL_ARG_TO(), blockedB);
        }
    }

    /** Fills {@code key} ({@link #KEY_LENGTH} longs) with a batch's shape, as {@link ShapeCache} looks it up. */
    static void key(long[] key, int m, int n, int k, int lda, int ldb, int ldc, long strideA, long strideB,
                    long strideC, int count, boolean transposed, boolean accumulate, float alpha) {
        key[0] = m;
        key[1] = n;
        key[2] = k;
        key[3] = lda;
        key[4] = ldb;
        key[5] = ldc;
        key[6] = strideA;
        key[7] = strideB;
        key[8] = strideC;
        key[9] = count;
        key[10] = transposed ? 1 : 0;
        key[11] = accumulate ? 1 : 0;
        key[12] = Float.floatToIntBits(alpha);
    }

    /** A primitive for the batch, or null where oneDNN has none. */
    static BatchMatmul create(long[] key) {
        int m = (int) key[0], n = (int) key[1], k = (int) key[2];
        long count = key[9];
        boolean transposed = key[10] == 1;
        boolean accumulate = key[11] == 1;
        float alpha = Float.intBitsToFloat((int) key[12]);
        MemorySegment engine = Dnnl.engine();
        try (Arena temp = Arena.ofConfined()) {
            MemorySegment out = temp.allocate(C_POINTER);
            // oneDNN takes strides only when the dimensions nest (an item's rows inside its stride, no two items
            // interleaved); BLAS's batch contract allows more. Such a batch goes elsewhere.
            MemorySegment srcMd = md(temp, count, m, k, key[6], key[3], 1);
            MemorySegment weightsMd = transposed ? md(temp, count, k, n, key[7], 1, key[4])
                    : md(temp, count, k, n, key[7], key[4], 1);
            MemorySegment dstMd = md(temp, count, m, n, key[8], key[5], 1);
            if (srcMd.equals(MemorySegment.NULL) || weightsMd.equals(MemorySegment.NULL)
                    || dstMd.equals(MemorySegment.NULL)) {
                for (MemorySegment md : new MemorySegment[] {srcMd, weightsMd, dstMd}) {
                    if (!md.equals(MemorySegment.NULL)) {
                        dnnl_memory_desc_destroy(md);
                    }
                }
                return null;
            }
            boolean reorderB = !transposed && k > REORDER_FROM_K;
            MemorySegment kernelMd = weightsMd;
            if (reorderB) {
                check(dnnl_memory_desc_create_with_tag(out, 3, temp.allocateFrom(ValueLayout.JAVA_LONG, count, k, n),
                        dnnl_f32(), dnnl_format_tag_any()), "dnnl_memory_desc_create_with_tag");
                kernelMd = read(out);
            }
            check(dnnl_primitive_attr_create(out), "dnnl_primitive_attr_create");
            MemorySegment attr = read(out);
            check(dnnl_primitive_attr_set_scratchpad_mode(attr, dnnl_scratchpad_mode_user()),
                    "dnnl_primitive_attr_set_scratchpad_mode");
            check(dnnl_post_ops_create(out), "dnnl_post_ops_create");
            MemorySegment postOps = read(out);
            if (alpha != 1f) { // dst = alpha * (A B), then + C: the scale before the sum
                check(dnnl_post_ops_append_eltwise(postOps, dnnl_eltwise_linear(), alpha, 0f),
                        "dnnl_post_ops_append_eltwise");
            }
            if (accumulate) {
                check(dnnl_post_ops_append_sum(postOps, 1f, 0, dnnl_data_type_undef()), "dnnl_post_ops_append_sum");
            }
            check(dnnl_primitive_attr_set_post_ops(attr, postOps), "dnnl_primitive_attr_set_post_ops");
            int status = dnnl_matmul_primitive_desc_create(out, engine, srcMd, kernelMd, MemorySegment.NULL, dstMd,
                    attr);
            if (reorderB) {
                dnnl_memory_desc_destroy(kernelMd);
            }
            dnnl_post_ops_destroy(postOps);
            dnnl_primitive_attr_destroy(attr);
            try {
                if (status != dnnl_success()) {
                    return null;
                }
                MemorySegment pd = read(out);
                try {
                    if (Dnnl.isReference(pd)) {
                        return null;
                    }
                    MemorySegment reorder = MemorySegment.NULL;
                    MemorySegment blockedB = MemorySegment.NULL;
                    if (reorderB) {
                        MemorySegment wanted = dnnl_primitive_desc_query_md(pd, dnnl_query_weights_md(), 0);
                        check(dnnl_reorder_primitive_desc_create(out, weightsMd, engine, wanted, engine,
                                MemorySegment.NULL), "dnnl_reorder_primitive_desc_create");
                        MemorySegment reorderPd = read(out);
                        try {
                            if (Dnnl.isReference(reorderPd)) {
                                return null;
                            }
                            check(dnnl_primitive_create(out, reorderPd), "dnnl_primitive_create");
                            reorder = read(out);
                        } finally {
                            dnnl_primitive_desc_destroy(reorderPd);
                        }
                        check(dnnl_memory_create(out, wanted, engine, DNNL_MEMORY_ALLOCATE()), "dnnl_memory_create");
                        blockedB = read(out);
                    }
                    MemorySegment scratchpad = Dnnl.scratchpad(pd);
                    check(dnnl_primitive_create(out, pd), "dnnl_primitive_create");
                    MemorySegment primitive = read(out);
                    return new BatchMatmul(primitive, memory(out, srcMd, engine), memory(out, weightsMd, engine),
                            memory(out, dstMd, engine), scratchpad, reorder, blockedB);
                } finally {
                    dnnl_primitive_desc_destroy(pd);
                }
            } finally {
                dnnl_memory_desc_destroy(srcMd);
                dnnl_memory_desc_destroy(weightsMd);
                dnnl_memory_desc_destroy(dstMd);
            }
        }
    }

    private static MemorySegment memory(MemorySegment out, MemorySegment md, MemorySegment engine) {
        check(dnnl_memory_create(out, md, engine, DNNL_MEMORY_NONE()), "dnnl_memory_create");
        return read(out);
    }

    /** A strided 3D descriptor, or NULL where oneDNN refuses the strides. */
    private static MemorySegment md(Arena temp, long batch, long rows, long cols, long batchStride, long rowStride,
                                    long colStride) {
        MemorySegment out = temp.allocate(C_POINTER);
        int status = dnnl_memory_desc_create_with_strides(out, 3,
                temp.allocateFrom(ValueLayout.JAVA_LONG, batch, rows, cols), dnnl_f32(),
                temp.allocateFrom(ValueLayout.JAVA_LONG, batchStride, rowStride, colStride));
        return status == dnnl_success() ? read(out) : MemorySegment.NULL;
    }

    /** Runs the batch on memory the caller has checked and that nobody can free before this returns. */
    void run(MemorySegment stream, long aAddress, long bAddress, long cAddress) {
        check(dnnl_memory_set_data_handle(src, MemorySegment.ofAddress(aAddress)), "dnnl_memory_set_data_handle");
        check(dnnl_memory_set_data_handle(weights, MemorySegment.ofAddress(bAddress)), "dnnl_memory_set_data_handle");
        check(dnnl_memory_set_data_handle(dst, MemorySegment.ofAddress(cAddress)), "dnnl_memory_set_data_handle");
        if (!reorder.equals(MemorySegment.NULL)) {
            check(dnnl_primitive_execute(reorder, stream, 2, reorderArgs), "dnnl_primitive_execute (reorder)");
        }
        check(dnnl_primitive_execute(primitive, stream, argCount, args), "dnnl_primitive_execute");
        check(dnnl_stream_wait(stream), "dnnl_stream_wait");
    }

    @Override
    public void destroy() {
        dnnl_primitive_destroy(primitive);
        dnnl_memory_destroy(src);
        dnnl_memory_destroy(weights);
        dnnl_memory_destroy(dst);
        if (!scratchpad.equals(MemorySegment.NULL)) {
            dnnl_memory_destroy(scratchpad);
        }
        if (!reorder.equals(MemorySegment.NULL)) {
            dnnl_primitive_destroy(reorder);
            dnnl_memory_destroy(blockedB);
        }
    }
}
