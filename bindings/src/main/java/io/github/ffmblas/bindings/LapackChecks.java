package io.github.ffmblas.bindings;

/** What {@link Lapack} checks beyond the operands' shapes, and how it reads {@code INFO}. */
final class LapackChecks {
    private LapackChecks() {}

    /** A workspace at least LAPACK's documented minimum (the extent check then holds it inside its array). */
    static void workspace(String routine, String parameter, int lwork, long minimum) {
        if (lwork < minimum) {
            throw new IllegalArgumentException(routine + ": " + parameter + "=" + lwork + " must be >= " + minimum
                    + ", LAPACK's minimum for these arguments (" + routine + "Workspace gives the optimal size)");
        }
    }

    /**
     * INFO after a call: 0 returns; a positive value throws {@link LapackException} with the routine's meaning of
     * it ({@code {info}} in the message stands for the value); a negative one means an argument the checks let
     * through, which they must not: an {@link AssertionError}.
     */
    static void info(String routine, int info, LapackException.Reason reason, String message) {
        if (info > 0) {
            throw new LapackException(routine, info, reason, message.replace("{info}", Integer.toString(info)));
        }
        if (info < 0) {
            throw new AssertionError(routine + ": LAPACK refused argument " + -info
                    + ", which ffmblas's checks should have refused first");
        }
    }

    /** A query's answer for a work array, in elements: LAPACK writes it as a float or double, which may round down. */
    static long workSize(double answer, boolean single) {
        // Single precision: the answer passed through a float, whose 24-bit mantissa may have rounded the size down
        // (Reference-LAPACK issue 600); the next float up bounds it.
        double bound = single ? Math.nextUp((float) answer) : answer;
        return Math.max(1, (long) Math.ceil(bound));
    }
}
