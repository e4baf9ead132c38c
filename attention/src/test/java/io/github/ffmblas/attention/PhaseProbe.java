package io.github.ffmblas.attention;

import io.github.ffmblas.attention.spi.GemmProvider;
import io.github.ffmblas.bindings.Blas;
import io.github.ffmblas.bindings.Layout;
import io.github.ffmblas.bindings.Transpose;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Random;
import java.util.ServiceLoader;

/**
 * Where a forward ({@code needWeights=false}) spends its time: the projections, the logits and the context products,
 * each with its GFLOP/s and its number of products, and the rest (softmax, bias, bookkeeping, and with a team the
 * time threads wait), beside the same JVM's n=1024 sgemm rate and the forward's share of that roofline. Arguments:
 * batch, seq, d_model, heads, and optionally forwards per round (default 5), threads (default 1: a workspace of that
 * many threads, OpenBLAS at one, as the benchmark's {@code native} row) and backend ({@code openblas},
 * {@code packed_avx2}, or {@code onednn} or {@code onednn_packed_heads} with ffmblas-onednn on the class path), e.g. {@code 1 128 768 12 20 2 onednn}; prints four rounds
 * after one of warm-up. With threads, a phase's time is summed over the threads and shown per thread (its average),
 * and its rate is per thread: {@code rest} is then the wall time left after the average thread's products. Run it
 * with {@code --add-modules jdk.incubator.vector}, as the benchmark does, or the softmax is plain Java.
 */
public final class PhaseProbe {
    private PhaseProbe() {}

    public static void main(String[] args) throws Exception {
        int batch = Integer.parseInt(args[0]);
        int seq = Integer.parseInt(args[1]);
        int d = Integer.parseInt(args[2]);
        int heads = Integer.parseInt(args[3]);
        int forwards = args.length > 4 ? Integer.parseInt(args[4]) : 5;
        int threads = args.length > 5 ? Integer.parseInt(args[5]) : 1;
        String backend = args.length > 6 ? args[6] : "openblas";
        Blas.setNumThreads(1);
        System.out.println(Blas.runtime().config() + "; core " + Blas.runtime().coreName() + "; softmax: "
                + MultiHeadAttention.softmaxImplementation() + "; backend " + backend + "; threads " + threads);
        Random random = new Random(6);
        try (Arena arena = Arena.ofConfined(); Workspace workspace = Workspace.create(threads)) {
            double rate = sgemmRate(arena);
            AttentionWeights weights = RandomTensors.weights(arena, random, d);
            Gemm gemm = switch (backend) {
                case "openblas" -> Gemm.NATIVE;
                case "packed_avx2" -> PackedGemm.forWeights(weights, heads(weights));
                // oneDNN's projections, the heads on the packed kernel: no weight packed, so every x W^T goes to oneDNN
                case "onednn_packed_heads" -> PackedGemm.forConstants(java.util.List.of(), provider("onednn")
                        .forWeights(weights));
                default -> provider(backend).forWeights(weights);
            };
            PhaseTimer timer = new PhaseTimer(gemm);
            MultiHeadAttention mha = new MultiHeadAttention(d, heads, weights, timer);
            Tensor x = RandomTensors.gaussian(arena, random, 1f, batch, seq, d);
            Tensor out = Tensor.allocate(arena, batch, seq, d);
            AttentionOptions options = AttentionOptions.DEFAULTS.withNeedWeights(false);
            for (int round = 0; round < 5; round++) { // the first round warms the JIT up and is not printed
                timer.reset();
                long start = System.nanoTime();
                for (int i = 0; i < forwards; i++) {
                    mha.forward(x, x, x, options, workspace, out, null);
                }
                double total = (System.nanoTime() - start) / 1e6 / forwards;
                StringBuilder line = new StringBuilder(String.format("sgemm n=1024 %.0f GFLOP/s | forward %.2f ms,"
                        + " %.0f%% of roofline x %d", rate, total, 100 * timer.totalFlops() / forwards / (rate * 1e6)
                        / total / threads, threads));
                double products = 0;
                for (PhaseTimer.Phase phase : PhaseTimer.Phase.values()) {
                    double ms = timer.nanos(phase) / 1e6 / forwards / threads;
                    products += ms;
                    line.append(String.format(" | %s %.2f ms, %.0f GFLOP/s, %d products",
                            phase.name().toLowerCase(), ms, timer.flops(phase) / forwards / threads / ms / 1e6,
                            timer.calls(phase) / forwards));
                }
                if (round > 0) {
                    System.out.println(line.append(String.format(" | rest %.2f ms", total - products)));
                }
            }
            if (gemm instanceof AutoCloseable closeable) {
                closeable.close();
            }
        }
    }

    /** The heads' products as Backend.PACKED_AVX2 runs them: on oneDNN when its provider is on the class path. */
    private static Gemm heads(AttentionWeights weights) {
        return ServiceLoader.load(GemmProvider.class).stream().map(ServiceLoader.Provider::get)
                .filter(p -> p.backend() == Backend.ONEDNN).findFirst().map(p -> p.forWeights(weights))
                .orElse(Gemm.NATIVE);
    }

    private static GemmProvider provider(String backend) {
        return ServiceLoader.load(GemmProvider.class).stream()
                .map(ServiceLoader.Provider::get).filter(p -> p.backend().name().equalsIgnoreCase(backend)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no " + backend + " provider on the class path"));
    }

    /** The fastest of 10 n=1024 products, in GFLOP/s. */
    private static double sgemmRate(Arena arena) {
        int n = 1024;
        MemorySegment a = arena.allocate((long) n * n * Float.BYTES, 64);
        MemorySegment b = arena.allocate((long) n * n * Float.BYTES, 64);
        MemorySegment c = arena.allocate((long) n * n * Float.BYTES, 64);
        long best = Long.MAX_VALUE;
        for (int i = 0; i < 10; i++) {
            long start = System.nanoTime();
            Blas.sgemm(Layout.ROW_MAJOR, Transpose.NO_TRANSPOSE, Transpose.NO_TRANSPOSE, n, n, n, 1f, a, 0, n, b, 0, n,
                    0f, c, 0, n);
            best = Math.min(best, System.nanoTime() - start);
        }
        return 2.0 * n * n * n / best;
    }
}
