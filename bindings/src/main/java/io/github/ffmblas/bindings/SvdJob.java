package io.github.ffmblas.bindings;

/**
 * Which singular vectors an SVD computes: {@code ?gesdd}'s {@code JOBZ}, and {@code ?gesvd}'s {@code JOBU} (U's
 * columns) and {@code JOBVT} (V<sup>T</sup>'s rows).
 */
public enum SvdJob {
    /** All m columns of U and all n rows of V<sup>T</sup> ('A'). */
    ALL,
    /** The first min(m, n) columns of U and rows of V<sup>T</sup> ('S'). */
    REDUCED,
    /** ?gesdd: the first min(m, n) vectors over A, the others in U or VT (m >= n: U's in A); ?gesvd: these over A ('O'). */
    OVERWRITE,
    /** No vectors, the singular values only ('N'). */
    NONE;

    byte letter() {
        return (byte) switch (this) {
            case ALL -> 'A';
            case REDUCED -> 'S';
            case OVERWRITE -> 'O';
            case NONE -> 'N';
        };
    }
}
