package io.github.ffmblas.bindings;

/** Whether an eigensolver computes the eigenvectors too: LAPACK's {@code JOBZ} ({@code ?geev}: {@code JOBVL}, {@code JOBVR}). */
public enum EigenJob {
    /** Eigenvalues only ('N'). */
    VALUES,
    /** Eigenvalues and eigenvectors ('V'). */
    VALUES_AND_VECTORS;

    byte letter() {
        return (byte) (this == VALUES ? 'N' : 'V');
    }
}
