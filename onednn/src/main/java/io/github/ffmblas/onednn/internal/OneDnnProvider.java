package io.github.ffmblas.onednn.internal;

import io.github.ffmblas.attention.AttentionWeights;
import io.github.ffmblas.attention.Backend;
import io.github.ffmblas.attention.Gemm;
import io.github.ffmblas.attention.spi.GemmProvider;
import io.github.ffmblas.bindings.Transpose;
import io.github.ffmblas.onednn.OneDnnGemm;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;

/** {@link Backend#ONEDNN} for {@code AttentionModel}: a {@link OneDnnGemm} for the model's weights. */
public final class OneDnnProvider implements GemmProvider {

    @Override
    public Backend backend() {
        return Backend.ONEDNN;
    }

    @Override
    public Gemm forWeights(AttentionWeights weights) {
        return OneDnnGemm.forWeights(weights);
    }

    /** oneDNN's version and the matmul kernel it picks for a 64 x 256 x 256 product on reordered weights. */
    @Override
    public String describe() {
        int m = 64;
        int n = 256;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment a = arena.allocate((long) m * n * Float.BYTES, 64);
            MemorySegment w = arena.allocate((long) n * n * Float.BYTES, 64);
            MemorySegment c = arena.allocate((long) m * n * Float.BYTES, 64);
            try (OneDnnGemm gemm = OneDnnGemm.forConstants(List.of(w), Gemm.NATIVE)) {
                gemm.multiply(Transpose.TRANSPOSE, m, n, n, 1f, a, 0, n, w, 0, n, 0f, c, 0, n);
                return "oneDNN " + OneDnnGemm.version() + ", matmul kernel " + String.join(", ",
                        gemm.implementations());
            }
        }
    }
}
