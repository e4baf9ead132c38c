package io.github.ffmblas.bindings;

/**
 * A LAPACK routine ran and reported that it could not do what was asked ({@code INFO > 0}): a singular matrix, one
 * that is not positive definite, an iteration that did not converge, a rank-deficient least-squares problem. The
 * outputs hold what LAPACK left (documented per routine: {@code ?getrf}'s factors are complete, for instance). Bad
 * arguments never get this far: {@link Lapack} refuses them before the call, with {@link IllegalArgumentException}.
 */
public final class LapackException extends ArithmeticException {
    /** What went wrong, by kind. */
    public enum Reason {
        /** A pivot of the factorization is exactly zero. */
        SINGULAR,
        /** A leading minor is not positive definite. */
        NOT_POSITIVE_DEFINITE,
        /** An iterative algorithm did not converge. */
        NO_CONVERGENCE
    }

    private final String routine;
    private final int info;
    private final Reason reason;

    LapackException(String routine, int info, Reason reason, String message) {
        super(routine + ": " + message + " (INFO = " + info + ")");
        this.routine = routine;
        this.info = info;
        this.reason = reason;
    }

    /** The routine, as {@link Lapack} names it ({@code "dgesv"}). */
    public String routine() {
        return routine;
    }

    /** LAPACK's {@code INFO}: positive; its meaning is the routine's (a 1-based index, a count). */
    public int info() {
        return info;
    }

    public Reason reason() {
        return reason;
    }
}
