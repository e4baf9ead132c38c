package io.github.ffmblas.attention.spi;

import io.github.ffmblas.attention.Gemm;
import java.lang.foreign.MemorySegment;

/**
 * What a {@link Gemm} may add to run a forward's head products on each head's K and V packed once, in the gemm's
 * own panel format, rather than on every product as a BLAS packs its B: the forward packs a head's K and V into its
 * scratch when it starts on that head, then multiplies every tile of query rows by them. Operands are (segment,
 * offset in floats, leading dimension), native; every argument is checked before native code runs, and an output may
 * not overlap an input. {@code io.github.ffmblas.attention.PackedGemm} implements it.
 */
public interface PackedHeads {

    /** Whether this gemm runs the heads so (a wrapper may implement this for a gemm that does not). */
    boolean packsHeads();

    /** Floats the panels of one head's K, or of its V, take: {@code keys} keys of {@code depth} features. */
    long panelFloats(int keys, int depth);

    /**
     * Packs K ({@code keys x depth}, row stride {@code ldk}) for {@link #logits}, into {@link #panelFloats} floats
     * at {@code panelsOffset} (32-byte aligned).
     */
    void packKeys(int keys, int depth, MemorySegment k, long kOffset, int ldk, MemorySegment panels,
                  long panelsOffset);

    /** Packs V ({@code keys x depth}, row stride {@code ldv}) for {@link #context}, as {@link #packKeys} packs K. */
    void packValues(int keys, int depth, MemorySegment v, long vOffset, int ldv, MemorySegment panels,
                    long panelsOffset);

    /**
     * {@code S = scale * Q K^T}: Q {@code rows x depth}, S {@code rows x keys}, K the first {@code keys} keys of
     * panels {@link #packKeys} wrote.
     */
    void logits(int rows, int keys, int depth, float scale, MemorySegment q, long qOffset, int ldq,
                MemorySegment panels, long panelsOffset, MemorySegment s, long sOffset, int lds);

    /**
     * {@code O = P V}: P {@code rows x keys}, O {@code rows x depth}, V the first {@code keys} of the
     * {@code packedKeys} keys {@link #packValues} packed (fewer under a causal mask).
     */
    void context(int rows, int depth, int keys, MemorySegment p, long pOffset, int ldp, MemorySegment panels,
                 long panelsOffset, int packedKeys, MemorySegment o, long oOffset, int ldo);
}
