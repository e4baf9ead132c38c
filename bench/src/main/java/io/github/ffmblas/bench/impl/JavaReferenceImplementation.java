package io.github.ffmblas.bench.impl;

import io.github.ffmblas.attention.AttentionOptions;
import io.github.ffmblas.attention.ReferenceMultiHeadAttention;
import io.github.ffmblas.bench.AttentionProblem;
import io.github.ffmblas.bench.Candidate;
import io.github.ffmblas.bench.Implementation;
import io.github.ffmblas.bench.Problem;
import io.github.ffmblas.bench.SgemmProblem;
import io.github.ffmblas.bench.Workload;
import io.github.ffmblas.attention.Tensor;
import java.util.Optional;

/**
 * The plain-Java reference: the seed transliterated (heap arrays, loops, its copies) for attention, the
 * textbook triple loop for sgemm. Single-threaded by design, so it runs only at one thread.
 */
public final class JavaReferenceImplementation implements Implementation {
    /** Beyond this a single run takes minutes on these machines; the row says so instead. */
    static final double MAX_FLOPS = 6e9;

    @Override
    public String name() {
        return "java-reference";
    }

    @Override
    public String details() {
        return "the seed module transliterated (heap arrays, loops, the seed's copies); sgemm as the textbook triple loop";
    }

    @Override
    public Optional<String> unsupported(Problem problem, int threads) {
        if (threads != 1) {
            return Optional.of("single-threaded by design");
        }
        if (problem.flops() > MAX_FLOPS) {
            return Optional.of(String.format("skipped: %.0f GFLOP would take minutes at ~1 GFLOP/s", problem.flops() / 1e9));
        }
        return Optional.empty();
    }

    @Override
    public Candidate prepare(Workload workload, int threads) {
        return switch (workload.problem()) {
            case AttentionProblem p -> new Candidate() {
                private final ReferenceMultiHeadAttention attention =
                        new ReferenceMultiHeadAttention(p.dModel(), p.heads(), workload.weights());
                private final AttentionOptions options = AttentionOptions.DEFAULTS.withNeedWeights(false);
                private Tensor out;

                @Override
                public void run() {
                    out = attention.forward(workload.query(), workload.key(), workload.key(), options).output();
                }

                @Override
                public float[] result() {
                    return out.toFloatArray();
                }
            };
            case SgemmProblem p -> new Candidate() {
                private final int m = p.m();
                private final int n = p.n();
                private final int k = p.k();
                private final float[] a = Tensor.of(workload.a(), m, k).toFloatArray();
                private final float[] b = Tensor.of(workload.b(), k, n).toFloatArray();
                private final float[] c = new float[m * n];

                @Override
                public void run() {
                    for (int i = 0; i < m; i++) {
                        for (int j = 0; j < n; j++) {
                            float acc = 0f;
                            for (int t = 0; t < k; t++) {
                                acc += a[i * k + t] * b[t * n + j];
                            }
                            c[i * n + j] = acc;
                        }
                    }
                }

                @Override
                public float[] result() {
                    return c.clone();
                }
            };
        };
    }
}
