package io.github.ffmblas.attention;

import io.github.ffmblas.attention.spi.GemmProvider;
import io.github.ffmblas.nativelib.CpuInfo;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.concurrent.atomic.AtomicBoolean;

/** Turns a {@link Backend} into the {@link Gemm} a model's forwards run on, through the providers present. */
final class Backends {
    private static final System.Logger LOG = System.getLogger(Backends.class.getName());

    /** Why AUTO takes oneDNN on AVX-512 CPUs, measured (docs/performance.md). */
    static final String ONEDNN_RULE = "on AVX-512 CPUs (Zen 4 among them) oneDNN was as fast as OpenBLAS and the"
            + " packed AVX2 kernel (within 2%) or faster on every default shape measured (docs/performance.md)";
    /** Why AUTO takes the packed kernel on AVX2 CPUs without AVX-512, measured (docs/performance.md). */
    static final String PACKED_RULE = "on Zen 3, and on Zen 4 with oneDNN and OpenBLAS held to AVX2, the packed kernel's"
            + " forward was the fastest of the three on every default shape measured (docs/performance.md)";
    private static final AtomicBoolean AUTO_LOGGED = new AtomicBoolean();

    private Backends() {}

    /** The gemm chosen and the backend it is (never {@code AUTO}). */
    record Chosen(Backend backend, Gemm gemm) {}

    /**
     * {@code OPENBLAS}: {@link Gemm#NATIVE}. {@code ONEDNN}: its provider's. {@code PACKED_AVX2}: a
     * {@link PackedGemm}, what it does not take on oneDNN where its provider works, else OpenBLAS. Either throws saying
     * why it cannot run here. {@code AUTO}: {@link #auto()}'s backend (logged once per JVM), or OpenBLAS if that
     * fails for these weights (logged).
     */
    static Chosen forWeights(Backend backend, AttentionWeights weights) {
        return switch (backend) {
            case OPENBLAS -> new Chosen(Backend.OPENBLAS, Gemm.NATIVE);
            case ONEDNN -> new Chosen(Backend.ONEDNN, oneDnn(weights));
            case PACKED_AVX2 -> new Chosen(Backend.PACKED_AVX2, packed(weights));
            case AUTO -> {
                Auto auto = auto();
                if (!AUTO_LOGGED.getAndSet(true)) {
                    LOG.log(System.Logger.Level.INFO, "Backend.AUTO: " + auto.describe());
                }
                try {
                    yield forWeights(auto.backend(), weights);
                } catch (RuntimeException | LinkageError e) {
                    LOG.log(System.Logger.Level.INFO, "Backend.AUTO: " + auto.backend() + " failed for these weights ("
                            + e.getMessage() + "); using OpenBLAS");
                    yield new Chosen(Backend.OPENBLAS, Gemm.NATIVE);
                }
            }
        };
    }

    /** What AUTO takes on this machine and why. */
    record Auto(Backend backend, String why) {
        String describe() {
            CpuInfo cpu = CpuInfo.current();
            String cap = cpu.isaForOneDnn() == cpu.vectorIsa() ? ""
                    : "; ONEDNN_MAX_CPU_ISA caps oneDNN below AVX-512, so the AVX2 rule applies";
            return backend.name() + " (this CPU: " + cpu.vectorIsa() + cap + "): " + why;
        }
    }

    /** Decided once per JVM: the CPU and the modules present do not change. */
    private static final class AutoHolder {
        static final Auto AUTO = decide();
    }

    /** AUTO's choice here (see {@link #decide()}). */
    static Auto auto() {
        return AutoHolder.AUTO;
    }

    /**
     * AUTO's rule: {@code PACKED_AVX2} on CPUs with AVX2 but not AVX-512 where the kernel is built in (and on AVX-512
     * CPUs whose oneDNN is capped at AVX2: there oneDNN's AVX2 kernels lose to the packed one as on Zen 3); elsewhere
     * {@code ONEDNN} where ffmblas-onednn is present and loads; else {@code OPENBLAS}.
     */
    private static Auto decide() {
        CpuInfo.VectorIsa isa = CpuInfo.current().isaForOneDnn();
        String notPacked = "";
        if (isa == CpuInfo.VectorIsa.AVX2) {
            String packed = PackedGemm.unavailable();
            if (packed == null) {
                return new Auto(Backend.PACKED_AVX2, PACKED_RULE);
            }
            notPacked = "; the packed kernel, the fastest on AVX2 CPUs, does not run here (" + packed + ")";
        }
        Optional<GemmProvider> oneDnn = oneDnnProvider();
        if (oneDnn.isEmpty()) {
            return new Auto(Backend.OPENBLAS, "ffmblas-onednn is not on the class path" + notPacked);
        }
        try {
            oneDnn.get().describe();
        } catch (RuntimeException | LinkageError e) {
            return new Auto(Backend.OPENBLAS, "oneDNN does not work here (" + e.getMessage() + ")" + notPacked);
        }
        String why = isa == CpuInfo.VectorIsa.AVX512 || isa == CpuInfo.VectorIsa.AVX512_BF16 ? ONEDNN_RULE
                : "oneDNN was as fast as OpenBLAS or faster on every default shape measured on AVX-512 and AVX2"
                + " (docs/performance.md)";
        return new Auto(Backend.ONEDNN, why + notPacked);
    }

    private static Optional<GemmProvider> oneDnnProvider() {
        return ServiceLoader.load(GemmProvider.class, Backends.class.getClassLoader()).stream()
                .map(ServiceLoader.Provider::get).filter(p -> p.backend() == Backend.ONEDNN).findFirst();
    }

    private static Gemm oneDnn(AttentionWeights weights) {
        GemmProvider provider = oneDnnProvider().orElseThrow(() -> new IllegalStateException("Backend.ONEDNN needs the"
                + " ffmblas-onednn module (io.github.ffmblas:ffmblas-onednn) on the class or module path"));
        try {
            return provider.forWeights(weights);
        } catch (RuntimeException | LinkageError e) {
            throw new IllegalStateException("Backend.ONEDNN: oneDNN does not work here: " + e.getMessage(), e);
        }
    }

    /**
     * The packed kernel; oneDNN's batched matmuls where they run for the products it leaves (the heads under an
     * additive mask: faster than OpenBLAS's on AVX2).
     */
    private static Gemm packed(AttentionWeights weights) {
        String why = PackedGemm.unavailable();
        if (why != null) {
            throw new IllegalStateException("Backend.PACKED_AVX2 cannot run here: " + why);
        }
        Gemm heads = Gemm.NATIVE;
        Optional<GemmProvider> oneDnn = oneDnnProvider();
        if (oneDnn.isPresent()) {
            try {
                heads = oneDnn.get().forWeights(weights);
            } catch (RuntimeException | LinkageError e) {
                LOG.log(System.Logger.Level.INFO, "Backend.PACKED_AVX2: what the packed kernel does not take on"
                        + " OpenBLAS, oneDNN does not work here (" + e.getMessage() + ")");
            }
        }
        try {
            return PackedGemm.forWeights(weights, heads);
        } catch (RuntimeException e) {
            close(heads);
            throw e;
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
