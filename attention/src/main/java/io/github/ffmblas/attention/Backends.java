package io.github.ffmblas.attention;

import io.github.ffmblas.attention.spi.GemmProvider;
import io.github.ffmblas.nativelib.CpuInfo;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.concurrent.atomic.AtomicBoolean;

/** Turns a {@link Backend} into the {@link Gemm} a model's forwards run on, through the providers present. */
final class Backends {
    private static final System.Logger LOG = System.getLogger(Backends.class.getName());

    /**
     * Why AUTO takes oneDNN wherever it runs, measured (docs/performance.md): never slower than OpenBLAS by more than
     * the noise on any default shape, on both CPU classes.
     */
    static final String AUTO_RULE = "as fast as OpenBLAS (within 2%) or faster on every default shape measured, on"
            + " AVX-512 and on AVX2 machines (docs/performance.md)";
    private static final AtomicBoolean AUTO_LOGGED = new AtomicBoolean();

    private Backends() {}

    /** The gemm chosen and the backend it is (never {@code AUTO}). */
    record Chosen(Backend backend, Gemm gemm) {}

    /**
     * {@code OPENBLAS}: {@link Gemm#NATIVE}. {@code ONEDNN}: its provider's, or an exception saying why there is
     * none. {@code AUTO}: oneDNN's when its provider is present and works here, else OpenBLAS (logged).
     */
    static Chosen forWeights(Backend backend, AttentionWeights weights) {
        if (backend == Backend.OPENBLAS) {
            return new Chosen(Backend.OPENBLAS, Gemm.NATIVE);
        }
        if (backend == Backend.PACKED_AVX2) {
            String why = PackedGemm.unavailable();
            if (why != null) {
                throw new IllegalStateException("Backend.PACKED_AVX2 cannot run here: " + why);
            }
            return new Chosen(Backend.PACKED_AVX2, PackedGemm.forWeights(weights));
        }
        Optional<GemmProvider> provider = ServiceLoader.load(GemmProvider.class, Backends.class.getClassLoader())
                .stream().map(ServiceLoader.Provider::get).filter(p -> p.backend() == Backend.ONEDNN).findFirst();
        if (provider.isEmpty()) {
            if (backend == Backend.ONEDNN) {
                throw new IllegalStateException("Backend.ONEDNN needs the ffmblas-onednn module"
                        + " (io.github.ffmblas:ffmblas-onednn) on the class or module path");
            }
            return new Chosen(Backend.OPENBLAS, Gemm.NATIVE);
        }
        try {
            Chosen chosen = new Chosen(Backend.ONEDNN, provider.get().forWeights(weights));
            if (backend == Backend.AUTO && !AUTO_LOGGED.getAndSet(true)) {
                LOG.log(System.Logger.Level.INFO, "Backend.AUTO: oneDNN, on " + CpuInfo.current().vectorIsa() + ": "
                        + AUTO_RULE);
            }
            return chosen;
        } catch (RuntimeException | LinkageError e) {
            if (backend == Backend.ONEDNN) {
                throw new IllegalStateException("Backend.ONEDNN: oneDNN does not work here: " + e.getMessage(), e);
            }
            LOG.log(System.Logger.Level.INFO, "Backend.AUTO: oneDNN does not work here (" + e.getMessage()
                    + "); using OpenBLAS");
            return new Chosen(Backend.OPENBLAS, Gemm.NATIVE);
        }
    }

    /** Releases what a provider's gemm holds, if anything. */
    static void close(Gemm gemm) {
        if (gemm instanceof AutoCloseable closeable) {
            try {
                closeable.close();
            } catch (Exception e) {
                throw new IllegalStateException("closing " + gemm + " failed", e);
            }
        }
    }
}
