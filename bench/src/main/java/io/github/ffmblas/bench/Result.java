package io.github.ffmblas.bench;

/**
 * One row of results.json: an implementation on a problem at a thread count. Fields that do not apply are
 * null (sgemm has no heads; attention has no n; a skipped row has no timings). {@code note} says why a row
 * has no timing (unsupported, skipped, or a wrong result that voided it).
 */
public record Result(String kind, String impl, Integer batch, Integer queryLength, Integer keyLength,
                     Integer dModel, Integer heads, Integer n, int threads, Double medianMs, Double p90Ms,
                     Double gflops, Double maxAbsDiff, Integer runs, String note) {

    static Result of(Problem problem, String impl, int threads) {
        return switch (problem) {
            case AttentionProblem p -> new Result("attention", impl, p.batch(), p.queryLength(), p.keyLength(),
                    p.dModel(), p.heads(), null, threads, null, null, null, null, null, null);
            case SgemmProblem p -> new Result("sgemm", impl, null, null, null, null, null, p.n(), threads,
                    null, null, null, null, null, null);
        };
    }

    Result timed(double medianMs, double p90Ms, double gflops, int runs) {
        return new Result(kind, impl, batch, queryLength, keyLength, dModel, heads, n, threads, medianMs, p90Ms,
                gflops, maxAbsDiff, runs, note);
    }

    Result withDiff(double diff) {
        return new Result(kind, impl, batch, queryLength, keyLength, dModel, heads, n, threads, medianMs, p90Ms,
                gflops, diff, runs, note);
    }

    Result withNote(String text) {
        return new Result(kind, impl, batch, queryLength, keyLength, dModel, heads, n, threads, medianMs, p90Ms,
                gflops, maxAbsDiff, runs, text);
    }

    boolean isTimed() {
        return medianMs != null;
    }
}
