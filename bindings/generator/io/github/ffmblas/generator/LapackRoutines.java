package io.github.ffmblas.generator;

import java.util.List;

/**
 * The LAPACK routines of the facade, declared as {@link BlasRoutines} declares BLAS's, in LAPACK's own argument
 * order (column-major, no layout), from which {@link GenerateLapack} writes {@code io.github.ffmblas.bindings.Lapack}.
 * Besides BLAS's vocabulary ({@link Routine}): {@code ints(n)} (pivots written, integer work), {@code pivots(n,
 * rows)} (pivots LAPACK reads: each checked to be a row, 1 to rows, and passed as a copy), {@code reals(n)} (of the
 * routine's real type), {@code work(lwork, minimum)} and {@code iwork(liwork, minimum)} (work arrays whose length
 * the caller passes, at least LAPACK's documented minimum); flags other than BLAS's carry their enum type
 * ({@code jobz:SvdJob}). INFO is every routine's last argument and never declared; {@code .failure(reason,
 * message)} says what INFO > 0 means.
 */
public final class LapackRoutines {
    private LapackRoutines() {}

    private static Routine r(String name, char precision, String returns, String params, String doc) {
        return Routine.of(name, precision, returns, params, doc);
    }

    private static final String SINGULAR = "U({info},{info}) is exactly zero: A is singular";
    private static final String NOT_POSITIVE_DEFINITE = "the leading minor of order {info} is not positive definite";

    public static final List<Routine> ALL = List.of(
        // ---- linear systems
        r("sgesv", 's', "void", "n nrhs A:general(n, n, lda)! ipiv:ints(n)! B:general(n, nrhs, ldb)!",
                "Solves A X = B (A n x n, B n x nrhs) by LU with partial pivoting: A is overwritten by L and U,"
                        + " B by X, ipiv gets the pivots (1-based, as LAPACK's).")
                .failure("SINGULAR", SINGULAR + ", so X is not computed"),
        r("dgesv", 'd', "void", "n nrhs A:general(n, n, lda)! ipiv:ints(n)! B:general(n, nrhs, ldb)!",
                "Solves A X = B (A n x n, B n x nrhs) by LU with partial pivoting: A is overwritten by L and U,"
                        + " B by X, ipiv gets the pivots (1-based, as LAPACK's).")
                .failure("SINGULAR", SINGULAR + ", so X is not computed"),
        r("cgesv", 'c', "void", "n nrhs A:general(n, n, lda)! ipiv:ints(n)! B:general(n, nrhs, ldb)!",
                "Solves A X = B (A n x n, B n x nrhs) by LU with partial pivoting: A is overwritten by L and U,"
                        + " B by X, ipiv gets the pivots (1-based, as LAPACK's).")
                .failure("SINGULAR", SINGULAR + ", so X is not computed"),
        r("zgesv", 'z', "void", "n nrhs A:general(n, n, lda)! ipiv:ints(n)! B:general(n, nrhs, ldb)!",
                "Solves A X = B (A n x n, B n x nrhs) by LU with partial pivoting: A is overwritten by L and U,"
                        + " B by X, ipiv gets the pivots (1-based, as LAPACK's).")
                .failure("SINGULAR", SINGULAR + ", so X is not computed"),
        r("sgetrf", 's', "void", "m n A:general(m, n, lda)! ipiv:ints(Math.min(m, n))!",
                "The LU factorization P A = L U of the m x n A with partial pivoting, over A; ipiv gets the pivots"
                        + " (1-based). A LapackException(SINGULAR) leaves the factors complete.")
                .failure("SINGULAR", SINGULAR + " (the factors are complete)"),
        r("dgetrf", 'd', "void", "m n A:general(m, n, lda)! ipiv:ints(Math.min(m, n))!",
                "The LU factorization P A = L U of the m x n A with partial pivoting, over A; ipiv gets the pivots"
                        + " (1-based). A LapackException(SINGULAR) leaves the factors complete.")
                .failure("SINGULAR", SINGULAR + " (the factors are complete)"),
        r("cgetrf", 'c', "void", "m n A:general(m, n, lda)! ipiv:ints(Math.min(m, n))!",
                "The LU factorization P A = L U of the m x n A with partial pivoting, over A; ipiv gets the pivots"
                        + " (1-based). A LapackException(SINGULAR) leaves the factors complete.")
                .failure("SINGULAR", SINGULAR + " (the factors are complete)"),
        r("zgetrf", 'z', "void", "m n A:general(m, n, lda)! ipiv:ints(Math.min(m, n))!",
                "The LU factorization P A = L U of the m x n A with partial pivoting, over A; ipiv gets the pivots"
                        + " (1-based). A LapackException(SINGULAR) leaves the factors complete.")
                .failure("SINGULAR", SINGULAR + " (the factors are complete)"),
        r("sgetrs", 's', "void", "trans n nrhs A:general(n, n, lda) ipiv:pivots(n, n) B:general(n, nrhs, ldb)!",
                "Solves op(A) X = B with the LU factors and pivots of ?getrf; B is overwritten by X."),
        r("dgetrs", 'd', "void", "trans n nrhs A:general(n, n, lda) ipiv:pivots(n, n) B:general(n, nrhs, ldb)!",
                "Solves op(A) X = B with the LU factors and pivots of ?getrf; B is overwritten by X."),
        r("spotrf", 's', "void", "uplo n A:triangle(uplo, Diag.NON_UNIT, n, lda)!",
                "The Cholesky factorization of the symmetric positive definite A (its uplo triangle), over that"
                        + " triangle: A = U<sup>T</sup> U (UPPER) or L L<sup>T</sup> (LOWER).")
                .failure("NOT_POSITIVE_DEFINITE", NOT_POSITIVE_DEFINITE),
        r("dpotrf", 'd', "void", "uplo n A:triangle(uplo, Diag.NON_UNIT, n, lda)!",
                "The Cholesky factorization of the symmetric positive definite A (its uplo triangle), over that"
                        + " triangle: A = U<sup>T</sup> U (UPPER) or L L<sup>T</sup> (LOWER).")
                .failure("NOT_POSITIVE_DEFINITE", NOT_POSITIVE_DEFINITE),
        r("cpotrf", 'c', "void", "uplo n A:triangle(uplo, Diag.NON_UNIT, n, lda)!",
                "The Cholesky factorization of the Hermitian positive definite A (its uplo triangle), over that"
                        + " triangle: A = U<sup>H</sup> U (UPPER) or L L<sup>H</sup> (LOWER).")
                .failure("NOT_POSITIVE_DEFINITE", NOT_POSITIVE_DEFINITE),
        r("zpotrf", 'z', "void", "uplo n A:triangle(uplo, Diag.NON_UNIT, n, lda)!",
                "The Cholesky factorization of the Hermitian positive definite A (its uplo triangle), over that"
                        + " triangle: A = U<sup>H</sup> U (UPPER) or L L<sup>H</sup> (LOWER).")
                .failure("NOT_POSITIVE_DEFINITE", NOT_POSITIVE_DEFINITE),
        r("spotrs", 's', "void", "uplo n nrhs A:triangle(uplo, Diag.NON_UNIT, n, lda) B:general(n, nrhs, ldb)!",
                "Solves A X = B with the Cholesky factor of ?potrf (its uplo triangle); B is overwritten by X."),
        r("dpotrs", 'd', "void", "uplo n nrhs A:triangle(uplo, Diag.NON_UNIT, n, lda) B:general(n, nrhs, ldb)!",
                "Solves A X = B with the Cholesky factor of ?potrf (its uplo triangle); B is overwritten by X."),

        // ---- orthogonal factorizations
        r("sgeqrf", 's', "void", "m n A:general(m, n, lda)! tau:contiguous(Math.min(m, n))! "
                + "work:work(lwork, Math.max(1, n))!",
                "The QR factorization A = Q R of the m x n A: R over A's upper triangle, Q as min(m, n) elementary"
                        + " reflectors below it and in tau."),
        r("dgeqrf", 'd', "void", "m n A:general(m, n, lda)! tau:contiguous(Math.min(m, n))! "
                + "work:work(lwork, Math.max(1, n))!",
                "The QR factorization A = Q R of the m x n A: R over A's upper triangle, Q as min(m, n) elementary"
                        + " reflectors below it and in tau."),
        r("cgeqrf", 'c', "void", "m n A:general(m, n, lda)! tau:contiguous(Math.min(m, n))! "
                + "work:work(lwork, Math.max(1, n))!",
                "The QR factorization A = Q R of the m x n A: R over A's upper triangle, Q as min(m, n) elementary"
                        + " reflectors below it and in tau."),
        r("zgeqrf", 'z', "void", "m n A:general(m, n, lda)! tau:contiguous(Math.min(m, n))! "
                + "work:work(lwork, Math.max(1, n))!",
                "The QR factorization A = Q R of the m x n A: R over A's upper triangle, Q as min(m, n) elementary"
                        + " reflectors below it and in tau."),

        // ---- eigenvalues and singular values
        r("ssyevd", 's', "void", "jobz:EigenJob uplo n A:general(n, n, lda)! w:reals(n)! "
                + "work:work(lwork, n <= 1 ? 1 : jobz == EigenJob.VALUES ? 2L * n + 1 : 1 + 6L * n + 2L * n * n)! "
                + "iwork:iwork(liwork, n <= 1 || jobz == EigenJob.VALUES ? 1 : 3 + 5L * n)!",
                "The eigenvalues (ascending, into w) and on request the eigenvectors (over A, as columns) of the"
                        + " symmetric A, of which the uplo triangle is read, by divide and conquer.")
                .failure("NO_CONVERGENCE", "the algorithm failed to converge ({info} off-diagonal elements did"
                        + " not converge to zero, or a submatrix's eigenvalues could not be computed)"),
        r("dsyevd", 'd', "void", "jobz:EigenJob uplo n A:general(n, n, lda)! w:reals(n)! "
                + "work:work(lwork, n <= 1 ? 1 : jobz == EigenJob.VALUES ? 2L * n + 1 : 1 + 6L * n + 2L * n * n)! "
                + "iwork:iwork(liwork, n <= 1 || jobz == EigenJob.VALUES ? 1 : 3 + 5L * n)!",
                "The eigenvalues (ascending, into w) and on request the eigenvectors (over A, as columns) of the"
                        + " symmetric A, of which the uplo triangle is read, by divide and conquer.")
                .failure("NO_CONVERGENCE", "the algorithm failed to converge ({info} off-diagonal elements did"
                        + " not converge to zero, or a submatrix's eigenvalues could not be computed)"),
        r("sgesdd", 's', "void", "jobz:SvdJob m n A:general(m, n, lda)! s:reals(Math.min(m, n))! "
                + "U:general(uRows, uCols, ldu)! VT:general(vtRows, n, ldvt)! "
                + "work:work(lwork, Math.max(1, jobz == SvdJob.NONE ? 3L * mn + Math.max(mx, 7L * mn) "
                + ": jobz == SvdJob.OVERWRITE ? 3L * mn + Math.max(mx, 5L * mn * mn + 4L * mn) "
                + ": jobz == SvdJob.REDUCED ? 4L * mn * mn + 7L * mn : 4L * mn * mn + 6L * mn + mx))! "
                + "iwork:ints(8L * mn)!",
                "The singular value decomposition A = U S V<sup>T</sup> of the m x n A by divide and conquer:"
                        + " the singular values (descending) into s; U and V<sup>T</sup> as jobz asks. A is"
                        + " overwritten.")
                .where("mn", "Math.min(m, n)").where("mx", "Math.max(m, n)")
                .where("uRows", "jobz == SvdJob.NONE || jobz == SvdJob.OVERWRITE && m >= n ? 0 : m")
                .where("uCols", "jobz == SvdJob.ALL || jobz == SvdJob.OVERWRITE ? m : Math.min(m, n)")
                .where("vtRows", "jobz == SvdJob.NONE || jobz == SvdJob.OVERWRITE && m < n ? 0"
                        + " : jobz == SvdJob.REDUCED ? Math.min(m, n) : n")
                .failure("NO_CONVERGENCE", "the bidiagonal divide and conquer (?bdsdc) did not converge"),
        r("dgesdd", 'd', "void", "jobz:SvdJob m n A:general(m, n, lda)! s:reals(Math.min(m, n))! "
                + "U:general(uRows, uCols, ldu)! VT:general(vtRows, n, ldvt)! "
                + "work:work(lwork, Math.max(1, jobz == SvdJob.NONE ? 3L * mn + Math.max(mx, 7L * mn) "
                + ": jobz == SvdJob.OVERWRITE ? 3L * mn + Math.max(mx, 5L * mn * mn + 4L * mn) "
                + ": jobz == SvdJob.REDUCED ? 4L * mn * mn + 7L * mn : 4L * mn * mn + 6L * mn + mx))! "
                + "iwork:ints(8L * mn)!",
                "The singular value decomposition A = U S V<sup>T</sup> of the m x n A by divide and conquer:"
                        + " the singular values (descending) into s; U and V<sup>T</sup> as jobz asks. A is"
                        + " overwritten.")
                .where("mn", "Math.min(m, n)").where("mx", "Math.max(m, n)")
                .where("uRows", "jobz == SvdJob.NONE || jobz == SvdJob.OVERWRITE && m >= n ? 0 : m")
                .where("uCols", "jobz == SvdJob.ALL || jobz == SvdJob.OVERWRITE ? m : Math.min(m, n)")
                .where("vtRows", "jobz == SvdJob.NONE || jobz == SvdJob.OVERWRITE && m < n ? 0"
                        + " : jobz == SvdJob.REDUCED ? Math.min(m, n) : n")
                .failure("NO_CONVERGENCE", "the bidiagonal divide and conquer (?bdsdc) did not converge"),

        // ---- machine parameters
        r("slamch", 's', "float", "cmach:MachineParameter",
                "A machine parameter of single precision, as LAPACK computes it (EPSILON is 2^-24: eps is the unit"
                        + " roundoff, half of Math.ulp(1f))."),
        r("dlamch", 'd', "double", "cmach:MachineParameter",
                "A machine parameter of double precision, as LAPACK computes it (EPSILON is 2^-53: eps is the unit"
                        + " roundoff, half of Math.ulp(1.0)).")
    );
}
