package io.github.ffmblas.bindings;

/** Which eigenvalues {@code ?syevr} computes: LAPACK's {@code RANGE}. */
public enum EigenRange {
    /** All of them ('A'). */
    ALL,
    /** Those in the half-open interval (vl, vu] ('V'). */
    VALUES,
    /** The il-th to the iu-th, counted from the smallest, 1-based ('I'). */
    INDICES;

    byte letter() {
        return (byte) switch (this) {
            case ALL -> 'A';
            case VALUES -> 'V';
            case INDICES -> 'I';
        };
    }
}
