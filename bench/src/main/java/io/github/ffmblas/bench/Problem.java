package io.github.ffmblas.bench;

/** What one benchmark row measures. */
public sealed interface Problem permits AttentionProblem, SgemmProblem {

    /** {@code "attention"} or {@code "sgemm"}, as in results.json. */
    String kind();

    /** Exact floating-point operations of one run (multiply and add count as two). */
    double flops();

    /** A short human label, e.g. {@code B=1 L=128 d=768 H=12} or {@code n=256}. */
    String label();
}
