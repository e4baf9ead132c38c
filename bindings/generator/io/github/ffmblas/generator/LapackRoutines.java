package io.github.ffmblas.generator;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * The LAPACK routines of the facade, declared as {@link BlasRoutines} declares BLAS's, in LAPACK's own argument
 * order (column-major, no layout), from which {@link GenerateLapack} writes {@code io.github.ffmblas.bindings.Lapack}.
 * Besides BLAS's vocabulary ({@link Routine}): {@code ints(n)} (pivots written, integer work), {@code pivots(n,
 * rows)} (pivots LAPACK reads: each checked to be a row, 1 to rows, and passed as a copy), {@code reals(n)} (of the
 * routine's real type), the work arrays whose length the caller passes, at least LAPACK's documented minimum:
 * {@code work(lwork, minimum)}, {@code rwork(lrwork, minimum)} (real work of a complex routine) and
 * {@code iwork(liwork, minimum)}; {@code m:int!}, an int LAPACK writes, which the method returns; flags other than
 * BLAS's carry their enum type ({@code jobz:SvdJob}). INFO is every routine's last argument and never declared;
 * {@code .failure(reason, message)} says what INFO > 0 means.
 *
 * <p>A family ({@link #family}) declares one routine for several precisions: {@code ?} in the name is the
 * precision's letter, {@code {real}} in the parameters its real type, and in the Javadoc {@code {T}} is the
 * transpose's superscript (T or H), {@code {symmetric}} and {@code {orthogonal}} the real or complex word.
 */
public final class LapackRoutines {
    private LapackRoutines() {}

    private static final String SINGULAR = "U({info},{info}) is exactly zero: A is singular";
    private static final String NOT_POSITIVE_DEFINITE = "the leading minor of order {info} is not positive definite";

    /** The routine for each of {@code precisions}, {@code more} applied to each. */
    private static List<Routine> family(String precisions, String name, String params, String doc,
                                        UnaryOperator<Routine> more) {
        List<Routine> routines = new ArrayList<>();
        for (char p : precisions.toCharArray()) {
            boolean complex = p == 'c' || p == 'z';
            String real = p == 's' || p == 'c' ? "float" : "double";
            String javadoc = doc.replace("{T}", complex ? "<sup>H</sup>" : "<sup>T</sup>")
                    .replace("{symmetric}", complex ? "Hermitian" : "symmetric")
                    .replace("{orthogonal}", complex ? "unitary" : "orthogonal");
            String returns = params.contains(":int!") ? "int" : "void"; // the count LAPACK writes
            routines.add(more.apply(Routine.of(name.replace('?', p), p, returns, params.replace("{real}", real),
                    javadoc)));
        }
        return routines;
    }

    private static List<Routine> family(String precisions, String name, String params, String doc) {
        return family(precisions, name, params, doc, r -> r);
    }

    private static final List<List<Routine>> FAMILIES = List.of(
        // ---- linear systems
        family("sdcz", "?gesv", "n nrhs A:general(n, n, lda)! ipiv:ints(n)! B:general(n, nrhs, ldb)!",
                "Solves A X = B (A n x n, B n x nrhs) by LU with partial pivoting: A is overwritten by L and U,"
                        + " B by X, ipiv gets the pivots (1-based, as LAPACK's).",
                r -> r.failure("SINGULAR", SINGULAR + ", so X is not computed")),
        family("sdcz", "?getrf", "m n A:general(m, n, lda)! ipiv:ints(Math.min(m, n))!",
                "The LU factorization P A = L U of the m x n A with partial pivoting, over A; ipiv gets the pivots"
                        + " (1-based). A LapackException(SINGULAR) leaves the factors complete.",
                r -> r.failure("SINGULAR", SINGULAR + " (the factors are complete)")),
        family("sd", "?getrs", "trans n nrhs A:general(n, n, lda) ipiv:pivots(n, n) B:general(n, nrhs, ldb)!",
                "Solves op(A) X = B with the LU factors and pivots of ?getrf; B is overwritten by X."),
        family("sd", "?getri", "n A:general(n, n, lda)! ipiv:pivots(n, n) work:work(lwork, Math.max(1, n))!",
                "The inverse of A from its LU factors and pivots (?getrf's), over A.",
                r -> r.failure("SINGULAR", SINGULAR + ", so its inverse is not computed (A is unchanged)")),
        family("sdcz", "?potrf", "uplo n A:triangle(uplo, Diag.NON_UNIT, n, lda)!",
                "The Cholesky factorization of the {symmetric} positive definite A (its uplo triangle), over that"
                        + " triangle: A = U{T} U (UPPER) or L L{T} (LOWER).",
                r -> r.failure("NOT_POSITIVE_DEFINITE", NOT_POSITIVE_DEFINITE)),
        family("sd", "?potrs", "uplo n nrhs A:triangle(uplo, Diag.NON_UNIT, n, lda) B:general(n, nrhs, ldb)!",
                "Solves A X = B with the Cholesky factor of ?potrf (its uplo triangle); B is overwritten by X."),
        family("sd", "?ppsv", "uplo n nrhs AP:packed(n)! B:general(n, nrhs, ldb)!",
                "Solves A X = B for the symmetric positive definite A in packed storage (its uplo triangle): AP is"
                        + " overwritten by the Cholesky factor, B by X.",
                r -> r.failure("NOT_POSITIVE_DEFINITE", NOT_POSITIVE_DEFINITE + ", so X is not computed")),
        family("sd", "?pptri", "uplo n AP:packed(n)!",
                "The inverse of the symmetric positive definite A from its packed Cholesky factor (?pptrf's or"
                        + " ?ppsv's), over AP.",
                r -> r.failure("SINGULAR", "element ({info},{info}) of the Cholesky factor is exactly zero, so the"
                        + " inverse is not computed")),
        family("sd", "?sysv", "uplo n nrhs A:general(n, n, lda)! ipiv:ints(n)! B:general(n, nrhs, ldb)! "
                        + "work:work(lwork, 1)!",
                "Solves A X = B for the symmetric A (its uplo triangle) by the Bunch-Kaufman factorization A = U D"
                        + " U<sup>T</sup> or L D L<sup>T</sup>: A is overwritten by the factor, B by X, ipiv gets"
                        + " the pivots (negative for 2 x 2 blocks).",
                r -> r.failure("SINGULAR", "D({info},{info}) is exactly zero: the block diagonal D is singular,"
                        + " so X is not computed")),
        family("sd", "?trtrs", "uplo trans diag n nrhs A:triangle(uplo, diag, n, lda) B:general(n, nrhs, ldb)!",
                "Solves op(A) X = B for the triangular A (its uplo triangle; diag UNIT: ones on the diagonal, not"
                        + " read); B is overwritten by X.",
                r -> r.failure("SINGULAR", "A({info},{info}) is exactly zero: A is singular, so X is not"
                        + " computed (B is unchanged)")),
        family("sd", "?gbtrf", "m n kl ku AB:general(2L * kl + ku + 1, n, ldab)! ipiv:ints(Math.min(m, n))!",
                "The LU factorization with partial pivoting of the m x n band matrix with kl sub- and ku"
                        + " super-diagonals, in LAPACK's band storage for it: rows kl to 2 kl + ku of AB hold the"
                        + " band (column j's diagonal at row kl + ku), the first kl rows room for the fill-in.",
                r -> r.failure("SINGULAR", SINGULAR + " (the factors are complete)")),
        family("sd", "?gbtrs", "trans n kl ku nrhs AB:general(2L * kl + ku + 1, n, ldab) ipiv:pivots(n, n) "
                        + "B:general(n, nrhs, ldb)!",
                "Solves op(A) X = B with the band LU factors and pivots of ?gbtrf; B is overwritten by X."),

        // ---- orthogonal factorizations and least squares
        family("sdcz", "?geqrf", "m n A:general(m, n, lda)! tau:contiguous(Math.min(m, n))! "
                        + "work:work(lwork, Math.max(1, n))!",
                "The QR factorization A = Q R of the m x n A: R over A's upper triangle, Q as min(m, n) elementary"
                        + " reflectors below it and in tau."),
        family("sd", "?geqp3", "m n A:general(m, n, lda)! jpvt:ints(n)! tau:contiguous(Math.min(m, n))! "
                        // m = 0: LAPACK documents 1, yet calls ?ormqr needing n when jpvt fixes a column
                        // (native/src/test/c/lapack_geqp3_no_rows.c)
                        + "work:work(lwork, Math.min(m, n) == 0 ? Math.max(1, n) : 3L * n + 1)!",
                "The QR factorization with column pivoting A P = Q R of the m x n A, as ?geqrf's over A and tau;"
                        + " on entry a nonzero jpvt[j] moves column j to the front, on return jpvt[j] is the"
                        + " (1-based) column of A that is column j of A P."),
        family("sd", "?orgqr", "m n k A:general(m, n, lda)! tau:contiguous(k) work:work(lwork, Math.max(1, n))!",
                "The m x n Q with orthonormal columns, over A, from the first n columns of the k reflectors of"
                        + " ?geqrf (in A and tau).",
                r -> r.refuse("n > m", "n={n} must be <= m={m}").refuse("k > n", "k={k} must be <= n={n}")),
        family("sd", "?ormqr", "side trans m n k A:general(side == Side.LEFT ? m : n, k, lda)! tau:contiguous(k) "
                        + "C:general(m, n, ldc)! work:work(lwork, Math.max(1, side == Side.LEFT ? n : m))!",
                "C = op(Q) C (LEFT) or C op(Q) (RIGHT), Q the product of the k reflectors of ?geqrf (in A and"
                        + " tau), without forming Q. A is written: LAPACK sets and restores each reflector's"
                        + " diagonal element in place, so it must be writable.",
                r -> r.refuse("trans == Transpose.CONJUGATE_TRANSPOSE", "trans=CONJUGATE_TRANSPOSE is for complex"
                                + " matrices; use TRANSPOSE")
                        .where("order", "side == Side.LEFT ? m : n")
                        .refuse("k > order", "k={k} must be <= {order}, the order of Q (m for LEFT, n for RIGHT)")),
        family("sd", "?gels", "trans m n nrhs A:general(m, n, lda)! B:general(Math.max(m, n), nrhs, ldb)! "
                        + "work:work(lwork, Math.max(1, Math.min(m, n) + Math.max(Math.min(m, n), nrhs)))!",
                "The least-squares solution (m >= n) or minimum-norm solution (m < n) of op(A) X = B for the m x n"
                        + " A of full rank, by QR or LQ: A is overwritten by the factorization, B (max(m, n) x"
                        + " nrhs) by X in its first rows.",
                r -> r.refuse("trans == Transpose.CONJUGATE_TRANSPOSE", "trans=CONJUGATE_TRANSPOSE is for complex"
                                + " matrices; use TRANSPOSE")
                        .failure("SINGULAR", "diagonal element {info} of the triangular factor of A is exactly"
                                + " zero: A does not have full rank, so X is not computed")),

        // ---- eigenvalues
        family("sd", "?syev", "jobz:EigenJob uplo n A:general(n, n, lda)! w:reals(n)! "
                        + "work:work(lwork, Math.max(1, 3L * n - 1))!",
                "The eigenvalues (ascending, into w) and on request the eigenvectors (over A, as columns) of the"
                        + " symmetric A, of which the uplo triangle is read, by the QR algorithm.",
                r -> r.failure("NO_CONVERGENCE", "the algorithm failed to converge: {info} off-diagonal elements"
                        + " of the intermediate tridiagonal form did not converge to zero")),
        family("sd", "?syevd", "jobz:EigenJob uplo n A:general(n, n, lda)! w:reals(n)! "
                        + "work:work(lwork, n <= 1 ? 1 : jobz == EigenJob.VALUES ? 2L * n + 1 : 1 + 6L * n"
                        + " + 2L * n * n)! iwork:iwork(liwork, n <= 1 || jobz == EigenJob.VALUES ? 1 : 3 + 5L * n)!",
                "The eigenvalues (ascending, into w) and on request the eigenvectors (over A, as columns) of the"
                        + " symmetric A, of which the uplo triangle is read, by divide and conquer.",
                r -> r.failure("NO_CONVERGENCE", "the algorithm failed to converge ({info} off-diagonal elements"
                        + " did not converge to zero, or a submatrix's eigenvalues could not be computed)")),
        family("cz", "?heevd", "jobz:EigenJob uplo n A:general(n, n, lda)! w:reals(n)! "
                        + "work:work(lwork, n <= 1 ? 1 : jobz == EigenJob.VALUES ? n + 1 : 2L * n + (long) n * n)! "
                        + "rwork:rwork(lrwork, n <= 1 ? 1 : jobz == EigenJob.VALUES ? n : 1 + 5L * n"
                        + " + 2L * n * n)! iwork:iwork(liwork, n <= 1 || jobz == EigenJob.VALUES ? 1 : 3 + 5L * n)!",
                "The eigenvalues (ascending, into w) and on request the eigenvectors (over A, as columns) of the"
                        + " Hermitian A, of which the uplo triangle is read, by divide and conquer.",
                r -> r.failure("NO_CONVERGENCE", "the algorithm failed to converge ({info} off-diagonal elements"
                        + " did not converge to zero, or a submatrix's eigenvalues could not be computed)")),
        family("sd", "?syevr", "jobz:EigenJob range:EigenRange uplo n A:general(n, n, lda)! vl:{real} vu:{real} "
                        + "il:int iu:int abstol:{real} m:int! w:reals(n)! Z:general(zRows, zCols, ldz)! "
                        + "isuppz:ints(2L * Math.max(1, zCols))! work:work(lwork, n <= 1 ? 1 : 26L * n)! "
                        + "iwork:iwork(liwork, n <= 1 ? 1 : 10L * n)!",
                "Selected eigenvalues (ascending, into w: all, those in (vl, vu], or the il-th to the iu-th,"
                        + " 1-based, as range says) and on request their eigenvectors (into Z's columns) of the"
                        + " symmetric A, of which the uplo triangle is read and destroyed, by relatively robust"
                        + " representations; returns how many were found. abstol bounds the eigenvalues' error"
                        + " (0: LAPACK's default). isuppz gets the rows where each vector is nonzero.",
                r -> r.where("zRows", "jobz == EigenJob.VALUES ? 0 : n")
                        .where("zCols", "range == EigenRange.INDICES ? iu - il + 1 : n")
                        .refuse("range == EigenRange.VALUES && n > 0 && !(vl < vu)", "vl={vl} must be < vu={vu}")
                        .refuse("range == EigenRange.INDICES && n > 0 && (il < 1 || il > iu || iu > n)",
                                "il={il} and iu={iu} must satisfy 1 <= il <= iu <= n={n}")
                        .refuse("range == EigenRange.INDICES && n == 0 && (il != 1 || iu != 0)",
                                "il={il} and iu={iu} must be 1 and 0 when n is 0")
                        .failure("NO_CONVERGENCE", "an internal error occurred ({info})")),
        family("sd", "?geev", "jobvl:EigenJob jobvr:EigenJob n A:general(n, n, lda)! wr:reals(n)! wi:reals(n)! "
                        + "VL:general(vlRows, n, ldvl)! VR:general(vrRows, n, ldvr)! "
                        + "work:work(lwork, n == 0 ? 1 : jobvl == EigenJob.VALUES_AND_VECTORS"
                        + " || jobvr == EigenJob.VALUES_AND_VECTORS ? 4L * n : 3L * n)!",
                "The eigenvalues (wr + i wi, complex conjugate pairs adjacent, positive imaginary part first) and"
                        + " on request the left (VL) and right (VR) eigenvectors of the general n x n A, which is"
                        + " overwritten.",
                r -> r.where("vlRows", "jobvl == EigenJob.VALUES ? 0 : n")
                        .where("vrRows", "jobvr == EigenJob.VALUES ? 0 : n")
                        .failure("NO_CONVERGENCE", "the QR algorithm failed to compute all the eigenvalues, and no"
                                + " eigenvectors were computed; elements {info} to n-1 of wr and wi hold those that"
                                + " converged")),

        // ---- singular values
        family("sd", "?gesvd", "jobu:SvdJob jobvt:SvdJob m n A:general(m, n, lda)! s:reals(Math.min(m, n))! "
                        + "U:general(uRows, uCols, ldu)! VT:general(vtRows, n, ldvt)! "
                        + "work:work(lwork, mn == 0 ? 1 : Math.max(3L * mn + mx, 5L * mn))!",
                "The singular value decomposition A = U S V<sup>T</sup> of the m x n A by the QR algorithm: the"
                        + " singular values (descending) into s; U's columns as jobu asks and V<sup>T</sup>'s rows"
                        + " as jobvt asks (OVERWRITE: the first min(m, n) over A). A is overwritten.",
                r -> r.where("mn", "Math.min(m, n)").where("mx", "Math.max(m, n)")
                        .where("uRows", "jobu == SvdJob.ALL || jobu == SvdJob.REDUCED ? m : 0")
                        .where("uCols", "jobu == SvdJob.ALL ? m : Math.min(m, n)")
                        .where("vtRows", "jobvt == SvdJob.ALL ? n : jobvt == SvdJob.REDUCED ? Math.min(m, n) : 0")
                        .refuse("jobu == SvdJob.OVERWRITE && jobvt == SvdJob.OVERWRITE",
                                "jobu and jobvt cannot both be OVERWRITE")
                        .failure("NO_CONVERGENCE", "{info} superdiagonals of the intermediate bidiagonal form did not"
                                + " converge to zero")),
        family("sd", "?gesdd", "jobz:SvdJob m n A:general(m, n, lda)! s:reals(Math.min(m, n))! "
                        + "U:general(uRows, uCols, ldu)! VT:general(vtRows, n, ldvt)! "
                        + "work:work(lwork, Math.max(1, jobz == SvdJob.NONE ? 3L * mn + Math.max(mx, 7L * mn) "
                        + ": jobz == SvdJob.OVERWRITE ? 3L * mn + Math.max(mx, 5L * mn * mn + 4L * mn) "
                        + ": jobz == SvdJob.REDUCED ? 4L * mn * mn + 7L * mn : 4L * mn * mn + 6L * mn + mx))! "
                        + "iwork:ints(8L * mn)!",
                "The singular value decomposition A = U S V<sup>T</sup> of the m x n A by divide and conquer:"
                        + " the singular values (descending) into s; U and V<sup>T</sup> as jobz asks. A is"
                        + " overwritten.",
                LapackRoutines::svdShapes),
        family("cz", "?gesdd", "jobz:SvdJob m n A:general(m, n, lda)! s:reals(Math.min(m, n))! "
                        + "U:general(uRows, uCols, ldu)! VT:general(vtRows, n, ldvt)! "
                        + "work:work(lwork, Math.max(1, jobz == SvdJob.NONE ? 2L * mn + mx "
                        + ": jobz == SvdJob.OVERWRITE ? 2L * mn * mn + 2L * mn + mx : (long) mn * mn + 2L * mn + mx))! "
                        + "rwork:reals(Math.max(1, jobz == SvdJob.NONE ? 7L * mn : mx >= 5L * mn ? 5L * mn * mn"
                        + " + 5L * mn : Math.max(5L * mn * mn + 5L * mn, 2L * mx * mn + 2L * mn * mn + mn)))! "
                        + "iwork:ints(8L * mn)!",
                "The singular value decomposition A = U S V<sup>H</sup> of the m x n A by divide and conquer:"
                        + " the singular values (descending, real) into s; U and V<sup>H</sup> as jobz asks; rwork"
                        + " is real work of LAPACK's documented size (jobz NONE: 7 min(m, n), as before LAPACK"
                        + " 3.7). A is overwritten.",
                LapackRoutines::svdShapes),

        // ---- machine parameters
        List.of(Routine.of("slamch", 's', "float", "cmach:MachineParameter",
                        "A machine parameter of single precision, as LAPACK computes it (EPSILON is 2^-24: eps is the"
                                + " unit roundoff, half of Math.ulp(1f))."),
                Routine.of("dlamch", 'd', "double", "cmach:MachineParameter",
                        "A machine parameter of double precision, as LAPACK computes it (EPSILON is 2^-53: eps is the"
                                + " unit roundoff, half of Math.ulp(1.0)).")));

    /** ?gesdd's U and VT, as jobz says. */
    private static Routine svdShapes(Routine r) {
        return r.where("mn", "Math.min(m, n)").where("mx", "Math.max(m, n)")
                .where("uRows", "jobz == SvdJob.NONE || jobz == SvdJob.OVERWRITE && m >= n ? 0 : m")
                .where("uCols", "jobz == SvdJob.ALL || jobz == SvdJob.OVERWRITE ? m : Math.min(m, n)")
                .where("vtRows", "jobz == SvdJob.NONE || jobz == SvdJob.OVERWRITE && m < n ? 0"
                        + " : jobz == SvdJob.REDUCED ? Math.min(m, n) : n")
                .failure("NO_CONVERGENCE", "the bidiagonal divide and conquer (?bdsdc) did not converge");
    }

    public static final List<Routine> ALL = FAMILIES.stream().flatMap(List::stream).toList();
}
