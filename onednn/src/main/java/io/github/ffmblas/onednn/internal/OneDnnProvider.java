package io.github.ffmblas.onednn.internal;

import io.github.ffmblas.attention.AttentionWeights;
import io.github.ffmblas.attention.Backend;
import io.github.ffmblas.attention.Gemm;
import io.github.ffmblas.attention.spi.GemmProvider;
import io.github.ffmblas.onednn.OneDnnGemm;

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
}
