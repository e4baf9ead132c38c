package io.github.ffmblas.attention;

import java.lang.foreign.MemorySegment;

/**
 * The rules for the memory of one forward pass, checked before any native code runs, so that a refused call
 * changes no byte and the exception names the tensor (the JDK's or the BLAS facade's own, thrown from inside the
 * pass, would name a segment or "output C", and come after work was done):
 * <ul>
 *   <li>every tensor is alive ({@link IllegalStateException}) and accessible from the calling thread
 *       ({@link WrongThreadException});</li>
 *   <li>the F32 tensors that OpenBLAS reads or writes (query, key, value, output, attention weights) are native
 *       memory or a {@code float[]}, and start on a float boundary;</li>
 *   <li>an output is writable (not {@code asReadOnly()}, not a file mapped read-only) and shares no byte with any
 *       other tensor of the call: inputs, masks, the weights and the other output.</li>
 * </ul>
 *
 * <p>Every tensor of the call is dense ({@link Tensor} spans its whole segment, and the weights' matrices are whole
 * tensors), so two of them share an element exactly when their byte ranges meet in the same memory: the overlap
 * test is exact, and costs a comparison. Checks are a fixed number per call, O(number of tensors), and allocate
 * nothing unless they fail.
 */
final class ForwardMemory {
    private ForwardMemory() {}

    /** The inputs and masks of a forward that only reads them (the reference implementation). */
    static void checkInputs(Tensor query, Tensor key, Tensor value, AttentionOptions options) {
        usable(query, "query");
        usable(key, "key");
        usable(value, "value");
        usable(options.attnMask(), "attn_mask");
        usable(options.keyPaddingMask(), "key_padding_mask");
    }

    /**
     * Every tensor of a native forward (call after the shapes are checked); {@code attention} is null when the
     * attention weights are not returned.
     */
    static void check(AttentionWeights weights, Tensor query, Tensor key, Tensor value, AttentionOptions options,
                      Tensor output, Tensor attention) {
        checkInputs(query, key, value, options);
        usable(output, "output");
        usable(attention, "attention weights");
        weights.checkUsable();
        blasOperand(query, "query");
        blasOperand(key, "key");
        blasOperand(value, "value");
        blasOperand(output, "output");
        blasOperand(attention, "attention weights");
        checkOutput(output, "output", query, key, value, options, weights);
        if (attention != null) {
            checkOutput(attention, "attention weights", query, key, value, options, weights);
            apart(attention, "attention weights", output, "output");
        }
    }

    /** {@code out} is writable and shares no memory with the inputs, the masks or the weights. */
    private static void checkOutput(Tensor out, String name, Tensor query, Tensor key, Tensor value,
                                    AttentionOptions options, AttentionWeights weights) {
        MemorySegment s = out.segment();
        if (s.isReadOnly()) {
            throw new IllegalArgumentException(name + " is read-only" + (s.isMapped()
                    ? " (a file mapped read-only, such as a SafeTensorsFile's tensor)" : " (an asReadOnly() view)")
                    + "; the forward pass writes into it: pass writable memory");
        }
        apart(out, name, query, "query");
        apart(out, name, key, "key");
        apart(out, name, value, "value");
        apart(out, name, options.attnMask(), "attn_mask");
        apart(out, name, options.keyPaddingMask(), "key_padding_mask");
        weights.checkApart(s, name);
    }

    /** Throws unless output {@code out} and tensor {@code other} (may be null) share no byte. */
    private static void apart(Tensor out, String name, Tensor other, String otherName) {
        if (other != null && overlap(out.segment(), other.segment())) {
            throw new IllegalArgumentException(name + " shares memory with " + otherName
                    + "; an output needs memory of its own, apart from every other tensor of the call");
        }
    }

    /**
     * Whether {@code a} and {@code b} share a byte: the same addresses of native memory, however each segment was
     * made (slices, {@code MemorySegment.ofAddress}), or of the same heap array, read-only views included (whose
     * array {@code heapBase()} does not show). Looks at no byte, so it holds for freed memory too.
     */
    static boolean overlap(MemorySegment a, MemorySegment b) {
        return a.byteSize() > 0 && b.byteSize() > 0 && a.asOverlappingSlice(b).isPresent();
    }

    /** Alive and accessible from this thread, or null; otherwise an exception naming the tensor. */
    static void usable(Tensor t, String name) {
        if (t == null) {
            return;
        }
        MemorySegment s = t.segment();
        if (!s.scope().isAlive()) {
            throw new IllegalStateException(name + "'s memory was freed (its arena or file is closed)");
        }
        if (!s.isAccessibleBy(Thread.currentThread())) {
            throw new WrongThreadException(name + " is confined to another thread than "
                    + Thread.currentThread().getName() + "; use it from the thread that allocated it, or allocate it"
                    + " from a shared arena");
        }
    }

    /** Memory OpenBLAS can take as floats: native or a {@code float[]}, on a float boundary. */
    static void blasOperand(Tensor t, String name) {
        if (t == null) {
            return;
        }
        MemorySegment s = t.segment();
        // By the segment's class, as the facade tells them: a read-only view does not show its array.
        if (!s.isNative() && s.getClass() != FLOAT_ARRAY_SEGMENT) {
            throw new IllegalArgumentException(name + " is a heap segment, not over a float[]; OpenBLAS takes native"
                    + " memory or MemorySegment.ofArray(float[])");
        }
        if (s.address() % Float.BYTES != 0) {
            throw new IllegalArgumentException(name + " starts at byte address " + s.address()
                    + ", not on a float boundary (a multiple of 4); OpenBLAS needs aligned floats");
        }
    }

    /** The class of {@code MemorySegment.ofArray(float[])}, of its slices and of its read-only views. */
    private static final Class<?> FLOAT_ARRAY_SEGMENT = MemorySegment.ofArray(new float[0]).getClass();
}
