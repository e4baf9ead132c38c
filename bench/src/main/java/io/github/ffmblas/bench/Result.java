package io.github.ffmblas.bench;

/**
 * One row of results.json: an implementation on a problem at a thread count. Fields that do not apply are
 * null (sgemm has no heads; attention has no m, n, k; a skipped row has no timings). {@code note} says why a row
 * has no timing (unsupported, skipped, or a wrong result that voided it).
 */
public record Result(String kind, String impl, Integer batch, Integer queryLength, Integer keyLength,
                     Integer dModel, Integer heads, Integer m, Integer n, Integer k, int threads, Double medianMs, Double p90Ms,
                     Double gflops, Double maxAbsDiff, Integer runs, String note) {

    static Result of(Problem problem, String impl, int threads) {
        return switch (problem) {
            case AttentionProblem p -> new Result("attention", impl, p.batch(), p.queryLength(), p.keyLength(),
                    p.dModel(), p.heads(), null, null, null, threads, null, null, null, null, null, null);
            case SgemmProblem p -> new Result("sgemm", impl, null, null, null, null, null, p.m(), p.n(), p.k(), threads,
                    null, null, null, null, null, null);
        };
    }

    Result timed(double medianMs, double p90Ms, double gflops, int runs) {
        return new Result(kind, impl, batch, queryLength, keyLength, dModel, heads, m, n, k, threads, medianMs, p90Ms,
                gflops, maxAbsDiff, runs, note);
    }

    Result withDiff(double diff) {
        return new Result(kind, impl, batch, queryLength, keyLength, dModel, heads, m, n, k, threads, medianMs, p90Ms,
                gflops, diff, runs, note);
    }

    Result withNote(String text) {
        return new Result(kind, impl, batch, queryLength, keyLength, dModel, heads, m, n, k, threads, medianMs, p90Ms,
                gflops, maxAbsDiff, runs, text);
    }

    boolean isTimed() {
        return medianMs != null;
    }

    /** The problem as a heading names it: {@code sgemm n=1024}, {@code sgemm m=128 n=2304 k=768}, or the attention's. */
    String shape() {
        if (kind.equals("sgemm")) {
            return "sgemm " + new SgemmProblem(m, n, k).label();
        }
        return "attention B=" + batch + " Lq=" + queryLength + " Lk=" + keyLength + " d=" + dModel + " H=" + heads;
    }

    /** True for the square sgemm of size {@code size}. */
    boolean isSquareSgemm(int size) {
        return kind.equals("sgemm") && m == size && n == size && k == size;
    }
}
