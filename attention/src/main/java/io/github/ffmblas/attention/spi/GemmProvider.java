package io.github.ffmblas.attention.spi;

import io.github.ffmblas.attention.AttentionWeights;
import io.github.ffmblas.attention.Backend;
import io.github.ffmblas.attention.Gemm;

/**
 * A {@link Backend} a module adds (found with {@link java.util.ServiceLoader}): {@code ffmblas-onednn} provides
 * {@link Backend#ONEDNN}.
 */
public interface GemmProvider {

    /** The backend this provides. */
    Backend backend();

    /**
     * The products of a model with these weights, which stay unchanged and alive as long as the result is used.
     * The result may hold native resources: when it is {@link AutoCloseable}, its owner closes it after the last
     * forward.
     *
     * @throws RuntimeException when the backend cannot run here (its native library does not load), saying why
     */
    Gemm forWeights(AttentionWeights weights);

    /**
     * What this backend runs on this machine, for {@code ffmblas info}: its library's version and the kernels it
     * picks (oneDNN: e.g. {@code brg_matmul:avx2}); may run a tiny product to find out.
     *
     * @throws RuntimeException when the backend cannot run here, saying why
     */
    default String describe() {
        return backend().name();
    }
}
