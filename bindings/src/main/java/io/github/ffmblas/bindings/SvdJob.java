package io.github.ffmblas.bindings;

/** Which singular vectors {@code ?gesdd} computes: LAPACK's {@code JOBZ}. */
public enum SvdJob {
    /** All m columns of U and all n rows of V<sup>T</sup> ('A'). */
    ALL,
    /** The first min(m, n) columns of U and rows of V<sup>T</sup> ('S'). */
    REDUCED,
    /** The first min(m, n) vectors over A, the others in U or VT (m >= n: U's in A; 'O'). */
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
