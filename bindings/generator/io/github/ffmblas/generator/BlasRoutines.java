package io.github.ffmblas.generator;

import java.util.List;

/**
 * The routine table: every CBLAS routine of the facade, declared once. {@link GenerateFacade} makes
 * {@code io.github.ffmblas.bindings.Blas} (the public methods, with their quick paths) and {@code CheckedCalls}
 * (each routine's general checks) from it, and the tests read it to call every routine. The parameter grammar is
 * in {@link Routine}. To add a routine, declare it here and run {@code bindings/generator/regenerate}.
 *
 * <p>Operands are named as CBLAS's documentation names them ("A", "AP", "x"); their Java parameters are the names
 * in lower case, each followed by its offset ({@code aOffset}) and then its increment or leading dimension.
 */
public final class BlasRoutines {
    private BlasRoutines() {}

    private static Routine r(String name, char precision, String returns, String params, String doc) {
        return Routine.of(name, precision, returns, params, doc);
    }

    public static final List<Routine> ALL = List.of(

        // ---- level 3: single-precision GEMM and its batch, hand-written (GemmCalls): attention runs on them
        r("sgemm", 's', "void", "layout transA transB m n k alpha:float "
                + "A:general(transA.transposed() ? k : m, transA.transposed() ? m : k, lda) "
                + "B:general(transB.transposed() ? n : k, transB.transposed() ? k : n, ldb) beta:float "
                + "C:general(m, n, ldc)!",
                "C = alpha * op(A) * op(B) + beta * C, with op(A) {@code m x k}, op(B) {@code k x n} and C {@code m x "
                        + "n}.")
                .handWritten(),
        r("sgemmBatchStrided", 's', "void", "layout transA transB m n k alpha:float "
                + "A:batch(transA.transposed() ? k : m, transA.transposed() ? m : k, lda, count, strideA) "
                + "B:batch(transB.transposed() ? n : k, transB.transposed() ? k : n, ldb, count, strideB) beta:float "
                + "C:batch(m, n, ldc, count, strideC)! count",
                "{@code count} independent GEMMs of one shape: item i reads A at {@code aOffset + i*strideA} and B at "
                        + "{@code bOffset + i*strideB} and writes C at {@code cOffset + i*strideC} (all in floats). A "
                        + "zero input stride reuses one matrix for every item. <p>Runs OpenBLAS's {@code "
                        + "cblas_sgemm_batch_strided} where that is safe, otherwise a loop of {@code cblas_sgemm}: the "
                        + "entry point is missing before OpenBLAS 0.3.31, and in 0.3.31 it crashes the process for "
                        + "M*N*K &lt;= 1,000,000 (see {@link #batchRoute(int, int, int)}).")
                .handWritten(),

        // ---- level 1
        r("sdot", 's', "float", "n x:vector(n, incx) y:vector(n, incy)",
                "The dot product x<sup>T</sup>y over n elements (0 when n is 0)."),
        r("snrm2", 's', "float", "n x:vector(n, incx)",
                "The Euclidean norm of x over n elements (0 when n is 0).")
                .pass("incx", "Quirks.reductionIncrement(routine, n, incx)"),
        r("sasum", 's', "float", "n x:vector(n, incx)",
                "The sum of |x_i| over n elements (0 when n is 0).")
                .pass("incx", "Quirks.reductionIncrement(routine, n, incx)"),
        r("ssum", 's', "float", "n x:vector(n, incx)",
                "The sum of x_i (OpenBLAS extension) over n elements (0 when n is 0).")
                .before("if (Math.abs(incx) == 1) { call.done(); return Quirks.sumUnitStride(x, xOffset, n); }")
                .pass("incx", "Quirks.reductionIncrement(routine, n, incx)"),
        r("samax", 's', "float", "n x:vector(n, incx)",
                "The largest |x_i| (OpenBLAS extension) over n elements (0 when n is 0).")
                .pass("incx", "Quirks.reductionIncrement(routine, n, incx)"),
        r("samin", 's', "float", "n x:vector(n, incx)",
                "The smallest |x_i| (OpenBLAS extension) over n elements (0 when n is 0).")
                .pass("incx", "Quirks.reductionIncrement(routine, n, incx)"),
        r("isamax", 's', "long", "n x:vector(n, incx)",
                "The 0-based index of the first element of largest |x_i| over n elements, -1 when n is 0; incx must be "
                        + "positive.")
                .forwardIndex(),
        r("isamin", 's', "long", "n x:vector(n, incx)",
                "The 0-based index of the first element of smallest |x_i| (OpenBLAS extension) over n elements, -1 "
                        + "when n is 0; incx must be positive.")
                .forwardIndex(),
        r("ismax", 's', "long", "n x:vector(n, incx)",
                "The 0-based index of the first element of largest x_i (OpenBLAS extension) over n elements, -1 when n "
                        + "is 0; incx must be positive.")
                .forwardIndex(),
        r("ismin", 's', "long", "n x:vector(n, incx)",
                "The 0-based index of the first element of smallest x_i (OpenBLAS extension) over n elements, -1 when "
                        + "n is 0; incx must be positive.")
                .forwardIndex(),
        r("saxpy", 's', "void", "n alpha:float x:vector(n, incx) y:vector(n, incy)!",
                "y = alpha * x + y over n elements."),
        r("saxpby", 's', "void", "n alpha:float x:vector(n, incx) beta:float y:vector(n, incy)!",
                "y = alpha * x + beta * y over n elements (OpenBLAS extension)."),
        r("scopy", 's', "void", "n x:vector(n, incx) y:vector(n, incy)!",
                "y = x over n elements."),
        r("sswap", 's', "void", "n x:vector(n, incx)! y:vector(n, incy)!",
                "Exchanges x and y over n elements (both are outputs: they must not overlap)."),
        r("sscal", 's', "void", "n alpha:float x:vector(n, incx)!",
                "x = alpha * x over n elements (a negative increment scales the same elements).")
                .pass("incx", "Quirks.scalIncrement(routine, n, incx)"),
        r("srot", 's', "void", "n x:vector(n, incx)! y:vector(n, incy)! c:float s:float",
                "Applies the plane rotation (c, s): (x_i, y_i) = (c x_i + s y_i, c y_i - s x_i) over n elements."),
        r("srotm", 's', "void", "n x:vector(n, incx)! y:vector(n, incy)! param:contiguous(5)",
                "Applies the modified Givens rotation whose flag and H are the 5 elements of param (as {@code srotmg} "
                        + "makes them)."),
        r("srotg", 's', "void", "a:contiguous(1)! b:contiguous(1)! c:contiguous(1)! s:contiguous(1)!",
                "Constructs a Givens rotation: from (a, b) computes r into a, z into b, and c and s (one element "
                        + "each)."),
        r("srotmg", 's', "void", "d1:contiguous(1)! d2:contiguous(1)! x1:contiguous(1)! y1:float param:contiguous(5)!",
                "Constructs a modified Givens rotation: updates d1, d2, x1 (one element each) and writes flag and H to "
                        + "the 5 elements of param.")
                .before("Quirks.refuseEndlessRotmg(call, routine, d1, d1Offset, d2, d2Offset, x1, x1Offset, y1);"),
        r("ddot", 'd', "double", "n x:vector(n, incx) y:vector(n, incy)",
                "The dot product x<sup>T</sup>y over n elements (0 when n is 0)."),
        r("dnrm2", 'd', "double", "n x:vector(n, incx)",
                "The Euclidean norm of x over n elements (0 when n is 0).")
                .pass("incx", "Quirks.reductionIncrement(routine, n, incx)"),
        r("dasum", 'd', "double", "n x:vector(n, incx)",
                "The sum of |x_i| over n elements (0 when n is 0).")
                .pass("incx", "Quirks.reductionIncrement(routine, n, incx)"),
        r("dsum", 'd', "double", "n x:vector(n, incx)",
                "The sum of x_i (OpenBLAS extension) over n elements (0 when n is 0).")
                .pass("incx", "Quirks.reductionIncrement(routine, n, incx)"),
        r("damax", 'd', "double", "n x:vector(n, incx)",
                "The largest |x_i| (OpenBLAS extension) over n elements (0 when n is 0).")
                .pass("incx", "Quirks.reductionIncrement(routine, n, incx)"),
        r("damin", 'd', "double", "n x:vector(n, incx)",
                "The smallest |x_i| (OpenBLAS extension) over n elements (0 when n is 0).")
                .pass("incx", "Quirks.reductionIncrement(routine, n, incx)"),
        r("idamax", 'd', "long", "n x:vector(n, incx)",
                "The 0-based index of the first element of largest |x_i| over n elements, -1 when n is 0; incx must be "
                        + "positive.")
                .forwardIndex(),
        r("idamin", 'd', "long", "n x:vector(n, incx)",
                "The 0-based index of the first element of smallest |x_i| (OpenBLAS extension) over n elements, -1 "
                        + "when n is 0; incx must be positive.")
                .forwardIndex(),
        r("idmax", 'd', "long", "n x:vector(n, incx)",
                "The 0-based index of the first element of largest x_i (OpenBLAS extension) over n elements, -1 when n "
                        + "is 0; incx must be positive.")
                .forwardIndex(),
        r("idmin", 'd', "long", "n x:vector(n, incx)",
                "The 0-based index of the first element of smallest x_i (OpenBLAS extension) over n elements, -1 when "
                        + "n is 0; incx must be positive.")
                .forwardIndex(),
        r("daxpy", 'd', "void", "n alpha:double x:vector(n, incx) y:vector(n, incy)!",
                "y = alpha * x + y over n elements."),
        r("daxpby", 'd', "void", "n alpha:double x:vector(n, incx) beta:double y:vector(n, incy)!",
                "y = alpha * x + beta * y over n elements (OpenBLAS extension)."),
        r("dcopy", 'd', "void", "n x:vector(n, incx) y:vector(n, incy)!",
                "y = x over n elements."),
        r("dswap", 'd', "void", "n x:vector(n, incx)! y:vector(n, incy)!",
                "Exchanges x and y over n elements (both are outputs: they must not overlap)."),
        r("dscal", 'd', "void", "n alpha:double x:vector(n, incx)!",
                "x = alpha * x over n elements (a negative increment scales the same elements).")
                .pass("incx", "Quirks.scalIncrement(routine, n, incx)"),
        r("drot", 'd', "void", "n x:vector(n, incx)! y:vector(n, incy)! c:double s:double",
                "Applies the plane rotation (c, s): (x_i, y_i) = (c x_i + s y_i, c y_i - s x_i) over n elements."),
        r("drotm", 'd', "void", "n x:vector(n, incx)! y:vector(n, incy)! param:contiguous(5)",
                "Applies the modified Givens rotation whose flag and H are the 5 elements of param (as {@code drotmg} "
                        + "makes them)."),
        r("drotg", 'd', "void", "a:contiguous(1)! b:contiguous(1)! c:contiguous(1)! s:contiguous(1)!",
                "Constructs a Givens rotation: from (a, b) computes r into a, z into b, and c and s (one element "
                        + "each)."),
        r("drotmg", 'd', "void", "d1:contiguous(1)! d2:contiguous(1)! x1:contiguous(1)! y1:double param:contiguous(5)!",
                "Constructs a modified Givens rotation: updates d1, d2, x1 (one element each) and writes flag and H to "
                        + "the 5 elements of param.")
                .before("Quirks.refuseEndlessRotmg(call, routine, d1, d1Offset, d2, d2Offset, x1, x1Offset, y1);"),
        r("cdotu", 'c', "ComplexFloat", "n x:vector(n, incx) y:vector(n, incy)",
                "The dot product x<sup>T</sup>y over n elements (0 when n is 0)."),
        r("cdotc", 'c', "ComplexFloat", "n x:vector(n, incx) y:vector(n, incy)",
                "The dot product x<sup>H</sup>y (x conjugated) over n elements (0 when n is 0)."),
        r("scnrm2", 'c', "float", "n x:vector(n, incx)",
                "The Euclidean norm of x over n elements (0 when n is 0).")
                .pass("incx", "Quirks.reductionIncrement(routine, n, incx)"),
        r("scasum", 'c', "float", "n x:vector(n, incx)",
                "The sum of |Re x_i| + |Im x_i| over n elements (0 when n is 0).")
                .pass("incx", "Quirks.reductionIncrement(routine, n, incx)"),
        r("scsum", 'c', "float", "n x:vector(n, incx)",
                "The sum of Re x_i + Im x_i (OpenBLAS extension) over n elements (0 when n is 0).")
                .pass("incx", "Quirks.reductionIncrement(routine, n, incx)"),
        r("scamax", 'c', "float", "n x:vector(n, incx)",
                "The largest |Re x_i| + |Im x_i| (OpenBLAS extension) over n elements (0 when n is 0).")
                .pass("incx", "Quirks.reductionIncrement(routine, n, incx)"),
        r("scamin", 'c', "float", "n x:vector(n, incx)",
                "The smallest |Re x_i| + |Im x_i| (OpenBLAS extension) over n elements (0 when n is 0).")
                .pass("incx", "Quirks.reductionIncrement(routine, n, incx)"),
        r("icamax", 'c', "long", "n x:vector(n, incx)",
                "The 0-based index of the first element of largest |x_i| (|Re| + |Im|) over n elements, -1 when n is "
                        + "0; incx must be positive.")
                .forwardIndex(),
        r("icamin", 'c', "long", "n x:vector(n, incx)",
                "The 0-based index of the first element of smallest |x_i| (|Re| + |Im|) (OpenBLAS extension) over n "
                        + "elements, -1 when n is 0; incx must be positive.")
                .forwardIndex(),
        r("icmax", 'c', "long", "n x:vector(n, incx)",
                "The 0-based index of the first element of largest Re x_i + Im x_i (OpenBLAS extension) over n "
                        + "elements, -1 when n is 0; incx must be positive.")
                .forwardIndex()
                .java("Quirks.complexIndexOfExtreme(x, xOffset, n, incx, false, true)"),
        r("icmin", 'c', "long", "n x:vector(n, incx)",
                "The 0-based index of the first element of smallest Re x_i + Im x_i (OpenBLAS extension) over n "
                        + "elements, -1 when n is 0; incx must be positive.")
                .forwardIndex()
                .java("Quirks.complexIndexOfExtreme(x, xOffset, n, incx, false, false)"),
        r("caxpy", 'c', "void", "n alpha:ComplexFloat x:vector(n, incx) y:vector(n, incy)!",
                "y = alpha * x + y over n elements."),
        r("caxpyc", 'c', "void", "n alpha:ComplexFloat x:vector(n, incx) y:vector(n, incy)!",
                "y = alpha * conj(x) + y over n elements (OpenBLAS extension)."),
        r("caxpby", 'c', "void", "n alpha:ComplexFloat x:vector(n, incx) beta:ComplexFloat y:vector(n, incy)!",
                "y = alpha * x + beta * y over n elements (OpenBLAS extension)."),
        r("ccopy", 'c', "void", "n x:vector(n, incx) y:vector(n, incy)!",
                "y = x over n elements."),
        r("cswap", 'c', "void", "n x:vector(n, incx)! y:vector(n, incy)!",
                "Exchanges x and y over n elements (both are outputs: they must not overlap)."),
        r("cscal", 'c', "void", "n alpha:ComplexFloat x:vector(n, incx)!",
                "x = alpha * x over n elements (a negative increment scales the same elements).")
                .pass("incx", "Quirks.scalIncrement(routine, n, incx)"),
        r("csscal", 'c', "void", "n alpha:float x:vector(n, incx)!",
                "x = alpha * x over n complex elements, alpha real.")
                .pass("incx", "Quirks.scalIncrement(routine, n, incx)"),
        r("csrot", 'c', "void", "n x:vector(n, incx)! y:vector(n, incy)! c:float s:float",
                "Applies the plane rotation (c, s): (x_i, y_i) = (c x_i + s y_i, c y_i - s x_i) over n elements."),
        r("crotg", 'c', "void", "a:contiguous(1)! b:contiguous(1) c:real()! s:contiguous(1)!",
                "Constructs a complex Givens rotation: from (a, b ) computes r into a, the real c and the complex s (b "
                        + "is read only)."),
        r("zdotu", 'z', "ComplexDouble", "n x:vector(n, incx) y:vector(n, incy)",
                "The dot product x<sup>T</sup>y over n elements (0 when n is 0)."),
        r("zdotc", 'z', "ComplexDouble", "n x:vector(n, incx) y:vector(n, incy)",
                "The dot product x<sup>H</sup>y (x conjugated) over n elements (0 when n is 0)."),
        r("dznrm2", 'z', "double", "n x:vector(n, incx)",
                "The Euclidean norm of x over n elements (0 when n is 0).")
                .pass("incx", "Quirks.reductionIncrement(routine, n, incx)"),
        r("dzasum", 'z', "double", "n x:vector(n, incx)",
                "The sum of |Re x_i| + |Im x_i| over n elements (0 when n is 0).")
                .pass("incx", "Quirks.reductionIncrement(routine, n, incx)"),
        r("dzsum", 'z', "double", "n x:vector(n, incx)",
                "The sum of Re x_i + Im x_i (OpenBLAS extension) over n elements (0 when n is 0).")
                .pass("incx", "Quirks.reductionIncrement(routine, n, incx)"),
        r("dzamax", 'z', "double", "n x:vector(n, incx)",
                "The largest |Re x_i| + |Im x_i| (OpenBLAS extension) over n elements (0 when n is 0).")
                .pass("incx", "Quirks.reductionIncrement(routine, n, incx)"),
        r("dzamin", 'z', "double", "n x:vector(n, incx)",
                "The smallest |Re x_i| + |Im x_i| (OpenBLAS extension) over n elements (0 when n is 0).")
                .pass("incx", "Quirks.reductionIncrement(routine, n, incx)"),
        r("izamax", 'z', "long", "n x:vector(n, incx)",
                "The 0-based index of the first element of largest |x_i| (|Re| + |Im|) over n elements, -1 when n is "
                        + "0; incx must be positive.")
                .forwardIndex(),
        r("izamin", 'z', "long", "n x:vector(n, incx)",
                "The 0-based index of the first element of smallest |x_i| (|Re| + |Im|) (OpenBLAS extension) over n "
                        + "elements, -1 when n is 0; incx must be positive.")
                .forwardIndex(),
        r("izmax", 'z', "long", "n x:vector(n, incx)",
                "The 0-based index of the first element of largest Re x_i + Im x_i (OpenBLAS extension) over n "
                        + "elements, -1 when n is 0; incx must be positive.")
                .forwardIndex()
                .java("Quirks.complexIndexOfExtreme(x, xOffset, n, incx, true, true)"),
        r("izmin", 'z', "long", "n x:vector(n, incx)",
                "The 0-based index of the first element of smallest Re x_i + Im x_i (OpenBLAS extension) over n "
                        + "elements, -1 when n is 0; incx must be positive.")
                .forwardIndex()
                .java("Quirks.complexIndexOfExtreme(x, xOffset, n, incx, true, false)"),
        r("zaxpy", 'z', "void", "n alpha:ComplexDouble x:vector(n, incx) y:vector(n, incy)!",
                "y = alpha * x + y over n elements."),
        r("zaxpyc", 'z', "void", "n alpha:ComplexDouble x:vector(n, incx) y:vector(n, incy)!",
                "y = alpha * conj(x) + y over n elements (OpenBLAS extension)."),
        r("zaxpby", 'z', "void", "n alpha:ComplexDouble x:vector(n, incx) beta:ComplexDouble y:vector(n, incy)!",
                "y = alpha * x + beta * y over n elements (OpenBLAS extension)."),
        r("zcopy", 'z', "void", "n x:vector(n, incx) y:vector(n, incy)!",
                "y = x over n elements."),
        r("zswap", 'z', "void", "n x:vector(n, incx)! y:vector(n, incy)!",
                "Exchanges x and y over n elements (both are outputs: they must not overlap)."),
        r("zscal", 'z', "void", "n alpha:ComplexDouble x:vector(n, incx)!",
                "x = alpha * x over n elements (a negative increment scales the same elements).")
                .pass("incx", "Quirks.scalIncrement(routine, n, incx)"),
        r("zdscal", 'z', "void", "n alpha:double x:vector(n, incx)!",
                "x = alpha * x over n complex elements, alpha real.")
                .pass("incx", "Quirks.scalIncrement(routine, n, incx)"),
        r("zdrot", 'z', "void", "n x:vector(n, incx)! y:vector(n, incy)! c:double s:double",
                "Applies the plane rotation (c, s): (x_i, y_i) = (c x_i + s y_i, c y_i - s x_i) over n elements."),
        r("zrotg", 'z', "void", "a:contiguous(1)! b:contiguous(1) c:real()! s:contiguous(1)!",
                "Constructs a complex Givens rotation: from (a, b ) computes r into a, the real c and the complex s (b "
                        + "is read only)."),
        r("sdsdot", 's', "float", "n alpha:float x:vector(n, incx) y:vector(n, incy)",
                "alpha + x<sup>T</sup>y, accumulated in double, over n elements (alpha when n is 0).")
                .whenEmpty("alpha"),
        r("dsdot", 's', "double", "n x:vector(n, incx) y:vector(n, incy)",
                "x<sup>T</sup>y of float vectors, accumulated and returned in double (0 when n is 0).")
                .java("Quirks.dsdot(n, x, xOffset, incx, y, yOffset, incy)"),

        // ---- level 2
        r("sgemv", 's', "void", "layout trans m n alpha:float A:general(m, n, lda) "
                + "x:vector(empty ? 0 : trans.transposed() ? m : n, incx) beta:float "
                + "y:vector(empty ? 0 : trans.transposed() ? n : m, incy)!",
                "y = alpha * op(A) * x + beta * y, A stored m x n; x has n elements (m when transposed), y has m (n).")
                .where("empty", "m == 0 || n == 0"),
        r("sgbmv", 's', "void", "layout trans m n kl ku alpha:float A:band(m, n, kl, ku, lda) "
                + "x:vector(empty ? 0 : trans.transposed() ? m : n, incx) beta:float "
                + "y:vector(empty ? 0 : trans.transposed() ? n : m, incy)!",
                "y = alpha * op(A) * x + beta * y, A an m x n band matrix with kl sub- and ku super-diagonals in band "
                        + "storage (lda >= kl + ku + 1).")
                .where("empty", "m == 0 || n == 0"),
        r("sger", 's', "void", "layout m n alpha:float x:vector(empty ? 0 : m, incx) y:vector(empty ? 0 : n, incy) "
                + "A:general(m, n, lda)!",
                "A = alpha * x * y<sup>T</sup> + A, A m x n, x of m and y of n elements.")
                .where("empty", "m == 0 || n == 0"),
        r("strmv", 's', "void", "layout uplo trans diag n A:triangle(uplo, diag, n, lda) x:vector(n, incx)!",
                "x = op(A) * x, A an n x n triangular matrix (only its uplo triangle is read; not the diagonal when "
                        + "unit)."),
        r("strsv", 's', "void", "layout uplo trans diag n A:triangle(uplo, diag, n, lda) x:vector(n, incx)!",
                "Solves op(A) * x = b, b given in x, A an n x n triangular matrix (only its uplo triangle is read; not "
                        + "the diagonal when unit)."),
        r("stbmv", 's', "void", "layout uplo trans diag n k A:tband(uplo, n, k, lda) x:vector(n, incx)!",
                "x = op(A) * x, A an n x n triangular band matrix with k off-diagonals in band storage (lda >= k + 1)."),
        r("stbsv", 's', "void", "layout uplo trans diag n k A:tband(uplo, n, k, lda) x:vector(n, incx)!",
                "Solves op(A) * x = b, b given in x, A an n x n triangular band matrix with k off-diagonals in band "
                        + "storage (lda >= k + 1)."),
        r("stpmv", 's', "void", "layout uplo trans diag n AP:packed(n) x:vector(n, incx)!",
                "x = op(A) * x, A an n x n triangular matrix packed into n(n+1)/2 elements."),
        r("stpsv", 's', "void", "layout uplo trans diag n AP:packed(n) x:vector(n, incx)!",
                "Solves op(A) * x = b, b given in x, A an n x n triangular matrix packed into n(n+1)/2 elements."),
        r("ssymv", 's', "void", "layout uplo n alpha:float A:triangle(uplo, Diag.NON_UNIT, n, lda) x:vector(n, incx) "
                + "beta:float y:vector(n, incy)!",
                "y = alpha * A * x + beta * y, A n x n symmetric (only its uplo triangle is read)."),
        r("ssbmv", 's', "void", "layout uplo n k alpha:float A:tband(uplo, n, k, lda) x:vector(n, incx) beta:float "
                + "y:vector(n, incy)!",
                "y = alpha * A * x + beta * y, A n x n symmetric band with k off-diagonals, its uplo half in band "
                        + "storage (lda >= k + 1)."),
        r("sspmv", 's', "void", "layout uplo n alpha:float AP:packed(n) x:vector(n, incx) beta:float "
                + "y:vector(n, incy)!",
                "y = alpha * A * x + beta * y, A n x n symmetric with its uplo triangle packed into n(n+1)/2 elements."),
        r("ssyr", 's', "void", "layout uplo n alpha:float x:vector(n, incx) A:triangle(uplo, Diag.NON_UNIT, n, lda)!",
                "A = alpha * x * x<sup>T</sup> + A on the uplo triangle of the n x n symmetric A (alpha real)."),
        r("ssyr2", 's', "void", "layout uplo n alpha:float x:vector(n, incx) y:vector(n, incy) "
                + "A:triangle(uplo, Diag.NON_UNIT, n, lda)!",
                "A = alpha * (x * y<sup>T</sup> + y * x<sup>T</sup>) + A on the uplo triangle of the n x n symmetric "
                        + "A."),
        r("sspr", 's', "void", "layout uplo n alpha:float x:vector(n, incx) AP:packed(n)!",
                "A = alpha * x * x<sup>T</sup> + A, A n x n symmetric with its uplo triangle packed into n(n+1)/2 "
                        + "elements (alpha real)."),
        r("sspr2", 's', "void", "layout uplo n alpha:float x:vector(n, incx) y:vector(n, incy) AP:packed(n)!",
                "The rank-2 update of ssyr2 on a packed symmetric A."),
        r("dgemv", 'd', "void", "layout trans m n alpha:double A:general(m, n, lda) "
                + "x:vector(empty ? 0 : trans.transposed() ? m : n, incx) beta:double "
                + "y:vector(empty ? 0 : trans.transposed() ? n : m, incy)!",
                "y = alpha * op(A) * x + beta * y, A stored m x n; x has n elements (m when transposed), y has m (n).")
                .where("empty", "m == 0 || n == 0"),
        r("dgbmv", 'd', "void", "layout trans m n kl ku alpha:double A:band(m, n, kl, ku, lda) "
                + "x:vector(empty ? 0 : trans.transposed() ? m : n, incx) beta:double "
                + "y:vector(empty ? 0 : trans.transposed() ? n : m, incy)!",
                "y = alpha * op(A) * x + beta * y, A an m x n band matrix with kl sub- and ku super-diagonals in band "
                        + "storage (lda >= kl + ku + 1).")
                .where("empty", "m == 0 || n == 0"),
        r("dger", 'd', "void", "layout m n alpha:double x:vector(empty ? 0 : m, incx) y:vector(empty ? 0 : n, incy) "
                + "A:general(m, n, lda)!",
                "A = alpha * x * y<sup>T</sup> + A, A m x n, x of m and y of n elements.")
                .where("empty", "m == 0 || n == 0"),
        r("dtrmv", 'd', "void", "layout uplo trans diag n A:triangle(uplo, diag, n, lda) x:vector(n, incx)!",
                "x = op(A) * x, A an n x n triangular matrix (only its uplo triangle is read; not the diagonal when "
                        + "unit)."),
        r("dtrsv", 'd', "void", "layout uplo trans diag n A:triangle(uplo, diag, n, lda) x:vector(n, incx)!",
                "Solves op(A) * x = b, b given in x, A an n x n triangular matrix (only its uplo triangle is read; not "
                        + "the diagonal when unit)."),
        r("dtbmv", 'd', "void", "layout uplo trans diag n k A:tband(uplo, n, k, lda) x:vector(n, incx)!",
                "x = op(A) * x, A an n x n triangular band matrix with k off-diagonals in band storage (lda >= k + 1)."),
        r("dtbsv", 'd', "void", "layout uplo trans diag n k A:tband(uplo, n, k, lda) x:vector(n, incx)!",
                "Solves op(A) * x = b, b given in x, A an n x n triangular band matrix with k off-diagonals in band "
                        + "storage (lda >= k + 1)."),
        r("dtpmv", 'd', "void", "layout uplo trans diag n AP:packed(n) x:vector(n, incx)!",
                "x = op(A) * x, A an n x n triangular matrix packed into n(n+1)/2 elements."),
        r("dtpsv", 'd', "void", "layout uplo trans diag n AP:packed(n) x:vector(n, incx)!",
                "Solves op(A) * x = b, b given in x, A an n x n triangular matrix packed into n(n+1)/2 elements."),
        r("dsymv", 'd', "void", "layout uplo n alpha:double A:triangle(uplo, Diag.NON_UNIT, n, lda) x:vector(n, incx) "
                + "beta:double y:vector(n, incy)!",
                "y = alpha * A * x + beta * y, A n x n symmetric (only its uplo triangle is read)."),
        r("dsbmv", 'd', "void", "layout uplo n k alpha:double A:tband(uplo, n, k, lda) x:vector(n, incx) beta:double "
                + "y:vector(n, incy)!",
                "y = alpha * A * x + beta * y, A n x n symmetric band with k off-diagonals, its uplo half in band "
                        + "storage (lda >= k + 1)."),
        r("dspmv", 'd', "void", "layout uplo n alpha:double AP:packed(n) x:vector(n, incx) beta:double "
                + "y:vector(n, incy)!",
                "y = alpha * A * x + beta * y, A n x n symmetric with its uplo triangle packed into n(n+1)/2 elements."),
        r("dsyr", 'd', "void", "layout uplo n alpha:double x:vector(n, incx) A:triangle(uplo, Diag.NON_UNIT, n, lda)!",
                "A = alpha * x * x<sup>T</sup> + A on the uplo triangle of the n x n symmetric A (alpha real)."),
        r("dsyr2", 'd', "void", "layout uplo n alpha:double x:vector(n, incx) y:vector(n, incy) "
                + "A:triangle(uplo, Diag.NON_UNIT, n, lda)!",
                "A = alpha * (x * y<sup>T</sup> + y * x<sup>T</sup>) + A on the uplo triangle of the n x n symmetric "
                        + "A."),
        r("dspr", 'd', "void", "layout uplo n alpha:double x:vector(n, incx) AP:packed(n)!",
                "A = alpha * x * x<sup>T</sup> + A, A n x n symmetric with its uplo triangle packed into n(n+1)/2 "
                        + "elements (alpha real)."),
        r("dspr2", 'd', "void", "layout uplo n alpha:double x:vector(n, incx) y:vector(n, incy) AP:packed(n)!",
                "The rank-2 update of dsyr2 on a packed symmetric A."),
        r("cgemv", 'c', "void", "layout trans m n alpha:ComplexFloat A:general(m, n, lda) "
                + "x:vector(empty ? 0 : trans.transposed() ? m : n, incx) beta:ComplexFloat "
                + "y:vector(empty ? 0 : trans.transposed() ? n : m, incy)!",
                "y = alpha * op(A) * x + beta * y, A stored m x n; x has n elements (m when transposed), y has m (n).")
                .where("empty", "m == 0 || n == 0"),
        r("cgbmv", 'c', "void", "layout trans m n kl ku alpha:ComplexFloat A:band(m, n, kl, ku, lda) "
                + "x:vector(empty ? 0 : trans.transposed() ? m : n, incx) beta:ComplexFloat "
                + "y:vector(empty ? 0 : trans.transposed() ? n : m, incy)!",
                "y = alpha * op(A) * x + beta * y, A an m x n band matrix with kl sub- and ku super-diagonals in band "
                        + "storage (lda >= kl + ku + 1).")
                .where("empty", "m == 0 || n == 0"),
        r("cgeru", 'c', "void", "layout m n alpha:ComplexFloat x:vector(empty ? 0 : m, incx) "
                + "y:vector(empty ? 0 : n, incy) A:general(m, n, lda)!",
                "A = alpha * x * y<sup>T</sup> + A, A m x n, x of m and y of n elements.")
                .where("empty", "m == 0 || n == 0"),
        r("cgerc", 'c', "void", "layout m n alpha:ComplexFloat x:vector(empty ? 0 : m, incx) "
                + "y:vector(empty ? 0 : n, incy) A:general(m, n, lda)!",
                "A = alpha * x * y<sup>H</sup> + A, A m x n, x of m and y of n elements.")
                .where("empty", "m == 0 || n == 0"),
        r("ctrmv", 'c', "void", "layout uplo trans diag n A:triangle(uplo, diag, n, lda) x:vector(n, incx)!",
                "x = op(A) * x, A an n x n triangular matrix (only its uplo triangle is read; not the diagonal when "
                        + "unit)."),
        r("ctrsv", 'c', "void", "layout uplo trans diag n A:triangle(uplo, diag, n, lda) x:vector(n, incx)!",
                "Solves op(A) * x = b, b given in x, A an n x n triangular matrix (only its uplo triangle is read; not "
                        + "the diagonal when unit)."),
        r("ctbmv", 'c', "void", "layout uplo trans diag n k A:tband(uplo, n, k, lda) x:vector(n, incx)!",
                "x = op(A) * x, A an n x n triangular band matrix with k off-diagonals in band storage (lda >= k + 1)."),
        r("ctbsv", 'c', "void", "layout uplo trans diag n k A:tband(uplo, n, k, lda) x:vector(n, incx)!",
                "Solves op(A) * x = b, b given in x, A an n x n triangular band matrix with k off-diagonals in band "
                        + "storage (lda >= k + 1)."),
        r("ctpmv", 'c', "void", "layout uplo trans diag n AP:packed(n) x:vector(n, incx)!",
                "x = op(A) * x, A an n x n triangular matrix packed into n(n+1)/2 elements."),
        r("ctpsv", 'c', "void", "layout uplo trans diag n AP:packed(n) x:vector(n, incx)!",
                "Solves op(A) * x = b, b given in x, A an n x n triangular matrix packed into n(n+1)/2 elements."),
        r("chemv", 'c', "void", "layout uplo n alpha:ComplexFloat A:triangle(uplo, Diag.NON_UNIT, n, lda) "
                + "x:vector(n, incx) beta:ComplexFloat y:vector(n, incy)!",
                "y = alpha * A * x + beta * y, A n x n Hermitian (only its uplo triangle is read)."),
        r("chbmv", 'c', "void", "layout uplo n k alpha:ComplexFloat A:tband(uplo, n, k, lda) x:vector(n, incx) "
                + "beta:ComplexFloat y:vector(n, incy)!",
                "y = alpha * A * x + beta * y, A n x n Hermitian band with k off-diagonals, its uplo half in band "
                        + "storage (lda >= k + 1)."),
        r("chpmv", 'c', "void", "layout uplo n alpha:ComplexFloat AP:packed(n) x:vector(n, incx) beta:ComplexFloat "
                + "y:vector(n, incy)!",
                "y = alpha * A * x + beta * y, A n x n Hermitian with its uplo triangle packed into n(n+1)/2 elements."),
        r("cher", 'c', "void", "layout uplo n alpha:float x:vector(n, incx) A:triangle(uplo, Diag.NON_UNIT, n, lda)!",
                "A = alpha * x * x<sup>H</sup> + A on the uplo triangle of the n x n Hermitian A (alpha real)."),
        r("cher2", 'c', "void", "layout uplo n alpha:ComplexFloat x:vector(n, incx) y:vector(n, incy) "
                + "A:triangle(uplo, Diag.NON_UNIT, n, lda)!",
                "A = alpha * x * y' + conj(alpha) * y * x' + A on the uplo triangle of the n x n Hermitian A."),
        r("chpr", 'c', "void", "layout uplo n alpha:float x:vector(n, incx) AP:packed(n)!",
                "A = alpha * x * x<sup>H</sup> + A, A n x n Hermitian with its uplo triangle packed into n(n+1)/2 "
                        + "elements (alpha real)."),
        r("chpr2", 'c', "void", "layout uplo n alpha:ComplexFloat x:vector(n, incx) y:vector(n, incy) AP:packed(n)!",
                "The rank-2 update of cher2 on a packed Hermitian A."),
        r("zgemv", 'z', "void", "layout trans m n alpha:ComplexDouble A:general(m, n, lda) "
                + "x:vector(empty ? 0 : trans.transposed() ? m : n, incx) beta:ComplexDouble "
                + "y:vector(empty ? 0 : trans.transposed() ? n : m, incy)!",
                "y = alpha * op(A) * x + beta * y, A stored m x n; x has n elements (m when transposed), y has m (n).")
                .where("empty", "m == 0 || n == 0"),
        r("zgbmv", 'z', "void", "layout trans m n kl ku alpha:ComplexDouble A:band(m, n, kl, ku, lda) "
                + "x:vector(empty ? 0 : trans.transposed() ? m : n, incx) beta:ComplexDouble "
                + "y:vector(empty ? 0 : trans.transposed() ? n : m, incy)!",
                "y = alpha * op(A) * x + beta * y, A an m x n band matrix with kl sub- and ku super-diagonals in band "
                        + "storage (lda >= kl + ku + 1).")
                .where("empty", "m == 0 || n == 0"),
        r("zgeru", 'z', "void", "layout m n alpha:ComplexDouble x:vector(empty ? 0 : m, incx) "
                + "y:vector(empty ? 0 : n, incy) A:general(m, n, lda)!",
                "A = alpha * x * y<sup>T</sup> + A, A m x n, x of m and y of n elements.")
                .where("empty", "m == 0 || n == 0"),
        r("zgerc", 'z', "void", "layout m n alpha:ComplexDouble x:vector(empty ? 0 : m, incx) "
                + "y:vector(empty ? 0 : n, incy) A:general(m, n, lda)!",
                "A = alpha * x * y<sup>H</sup> + A, A m x n, x of m and y of n elements.")
                .where("empty", "m == 0 || n == 0"),
        r("ztrmv", 'z', "void", "layout uplo trans diag n A:triangle(uplo, diag, n, lda) x:vector(n, incx)!",
                "x = op(A) * x, A an n x n triangular matrix (only its uplo triangle is read; not the diagonal when "
                        + "unit)."),
        r("ztrsv", 'z', "void", "layout uplo trans diag n A:triangle(uplo, diag, n, lda) x:vector(n, incx)!",
                "Solves op(A) * x = b, b given in x, A an n x n triangular matrix (only its uplo triangle is read; not "
                        + "the diagonal when unit)."),
        r("ztbmv", 'z', "void", "layout uplo trans diag n k A:tband(uplo, n, k, lda) x:vector(n, incx)!",
                "x = op(A) * x, A an n x n triangular band matrix with k off-diagonals in band storage (lda >= k + 1)."),
        r("ztbsv", 'z', "void", "layout uplo trans diag n k A:tband(uplo, n, k, lda) x:vector(n, incx)!",
                "Solves op(A) * x = b, b given in x, A an n x n triangular band matrix with k off-diagonals in band "
                        + "storage (lda >= k + 1)."),
        r("ztpmv", 'z', "void", "layout uplo trans diag n AP:packed(n) x:vector(n, incx)!",
                "x = op(A) * x, A an n x n triangular matrix packed into n(n+1)/2 elements."),
        r("ztpsv", 'z', "void", "layout uplo trans diag n AP:packed(n) x:vector(n, incx)!",
                "Solves op(A) * x = b, b given in x, A an n x n triangular matrix packed into n(n+1)/2 elements."),
        r("zhemv", 'z', "void", "layout uplo n alpha:ComplexDouble A:triangle(uplo, Diag.NON_UNIT, n, lda) "
                + "x:vector(n, incx) beta:ComplexDouble y:vector(n, incy)!",
                "y = alpha * A * x + beta * y, A n x n Hermitian (only its uplo triangle is read).")
                .before("if (Quirks.zhemvReadsPastY(layout, uplo, n, incy) && y.byteSize() - 16 * (yOffset + n) < 16) "
                        + "{ call.done(); "
                        + "Quirks.zhemvWithRoomAfterY(layout, uplo, n, alpha, a, aOffset, lda, x, xOffset, incx, beta, y, yOffset); "
                        + "return; }"),
        r("zhbmv", 'z', "void", "layout uplo n k alpha:ComplexDouble A:tband(uplo, n, k, lda) x:vector(n, incx) "
                + "beta:ComplexDouble y:vector(n, incy)!",
                "y = alpha * A * x + beta * y, A n x n Hermitian band with k off-diagonals, its uplo half in band "
                        + "storage (lda >= k + 1)."),
        r("zhpmv", 'z', "void", "layout uplo n alpha:ComplexDouble AP:packed(n) x:vector(n, incx) beta:ComplexDouble "
                + "y:vector(n, incy)!",
                "y = alpha * A * x + beta * y, A n x n Hermitian with its uplo triangle packed into n(n+1)/2 elements."),
        r("zher", 'z', "void", "layout uplo n alpha:double x:vector(n, incx) A:triangle(uplo, Diag.NON_UNIT, n, lda)!",
                "A = alpha * x * x<sup>H</sup> + A on the uplo triangle of the n x n Hermitian A (alpha real)."),
        r("zher2", 'z', "void", "layout uplo n alpha:ComplexDouble x:vector(n, incx) y:vector(n, incy) "
                + "A:triangle(uplo, Diag.NON_UNIT, n, lda)!",
                "A = alpha * x * y' + conj(alpha) * y * x' + A on the uplo triangle of the n x n Hermitian A."),
        r("zhpr", 'z', "void", "layout uplo n alpha:double x:vector(n, incx) AP:packed(n)!",
                "A = alpha * x * x<sup>H</sup> + A, A n x n Hermitian with its uplo triangle packed into n(n+1)/2 "
                        + "elements (alpha real)."),
        r("zhpr2", 'z', "void", "layout uplo n alpha:ComplexDouble x:vector(n, incx) y:vector(n, incy) AP:packed(n)!",
                "The rank-2 update of zher2 on a packed Hermitian A."),

        // ---- level 3
        r("sgemmt", 's', "void", "layout uplo transA transB n k alpha:float "
                + "A:general(transA.transposed() ? k : n, transA.transposed() ? n : k, lda) "
                + "B:general(transB.transposed() ? n : k, transB.transposed() ? k : n, ldb) beta:float "
                + "C:triangle(uplo, Diag.NON_UNIT, n, ldc)!",
                "The uplo triangle of C = alpha * op(A) * op(B) + beta * C, op(A) n x k, op(B) k x n, C n x n "
                        + "(OpenBLAS extension)."),
        r("ssymm", 's', "void", "layout side uplo m n alpha:float "
                + "A:triangle(uplo, Diag.NON_UNIT, empty ? 0 : side == Side.LEFT ? m : n, lda) B:general(m, n, ldb) "
                + "beta:float C:general(m, n, ldc)!",
                "C = alpha * A * B + beta * C (side LEFT) or alpha * B * A + beta * C (RIGHT), A symmetric (m x m or n "
                        + "x n, its uplo triangle read), B and C m x n.")
                .where("empty", "m == 0 || n == 0"),
        r("ssyrk", 's', "void", "layout uplo trans n k alpha:float "
                + "A:general(trans.transposed() ? k : n, trans.transposed() ? n : k, lda) beta:float "
                + "C:triangle(uplo, Diag.NON_UNIT, n, ldc)!",
                "The uplo triangle of C = alpha * A * A<sup>T</sup> + beta * C (trans NO_TRANSPOSE, A n x k) or alpha "
                        + "* A<sup>T</sup> * A + beta * C (A k x n), C n x n symmetric."),
        r("ssyr2k", 's', "void", "layout uplo trans n k alpha:float "
                + "A:general(trans.transposed() ? k : n, trans.transposed() ? n : k, lda) "
                + "B:general(trans.transposed() ? k : n, trans.transposed() ? n : k, ldb) beta:float "
                + "C:triangle(uplo, Diag.NON_UNIT, n, ldc)!",
                "The uplo triangle of the rank-2k update C = alpha * A * B' + alpha' * B * A' + beta * C (A, B n x k; "
                        + "k x n when transposed), C n x n."),
        r("strmm", 's', "void", "layout side uplo transA diag m n alpha:float "
                + "A:triangle(uplo, diag, empty ? 0 : side == Side.LEFT ? m : n, lda) B:general(m, n, ldb)!",
                "B = alpha * op(A) * B (side LEFT) or alpha * B * op(A) (RIGHT); A triangular, m x m or n x n (its "
                        + "uplo triangle read; not the diagonal when unit), B m x n.")
                .where("empty", "m == 0 || n == 0"),
        r("strsm", 's', "void", "layout side uplo transA diag m n alpha:float "
                + "A:triangle(uplo, diag, empty ? 0 : side == Side.LEFT ? m : n, lda) B:general(m, n, ldb)!",
                "Solves op(A) * X = alpha * B (side LEFT) or X * op(A) = alpha * B (RIGHT) for X, written over B; A "
                        + "triangular, m x m or n x n (its uplo triangle read; not the diagonal when unit), B m x n.")
                .where("empty", "m == 0 || n == 0"),
        r("somatcopy", 's', "void", "layout trans rows cols alpha:float A:general(rows, cols, lda) "
                + "B:general(trans.transposed() ? cols : rows, trans.transposed() ? rows : cols, ldb)!",
                "B = alpha * op(A), A rows x cols, B cols x rows when transposed (OpenBLAS extension)."),
        r("sgeadd", 's', "void", "layout rows cols alpha:float A:general(rows, cols, lda) beta:float "
                + "C:general(rows, cols, ldc)!",
                "C = alpha * A + beta * C, both rows x cols (OpenBLAS extension)."),
        r("dgemm", 'd', "void", "layout transA transB m n k alpha:double "
                + "A:general(transA.transposed() ? k : m, transA.transposed() ? m : k, lda) "
                + "B:general(transB.transposed() ? n : k, transB.transposed() ? k : n, ldb) beta:double "
                + "C:general(m, n, ldc)!",
                "C = alpha * op(A) * op(B) + beta * C, op(A) m x k, op(B) k x n, C m x n."),
        r("dgemmt", 'd', "void", "layout uplo transA transB n k alpha:double "
                + "A:general(transA.transposed() ? k : n, transA.transposed() ? n : k, lda) "
                + "B:general(transB.transposed() ? n : k, transB.transposed() ? k : n, ldb) beta:double "
                + "C:triangle(uplo, Diag.NON_UNIT, n, ldc)!",
                "The uplo triangle of C = alpha * op(A) * op(B) + beta * C, op(A) n x k, op(B) k x n, C n x n "
                        + "(OpenBLAS extension)."),
        r("dsymm", 'd', "void", "layout side uplo m n alpha:double "
                + "A:triangle(uplo, Diag.NON_UNIT, empty ? 0 : side == Side.LEFT ? m : n, lda) B:general(m, n, ldb) "
                + "beta:double C:general(m, n, ldc)!",
                "C = alpha * A * B + beta * C (side LEFT) or alpha * B * A + beta * C (RIGHT), A symmetric (m x m or n "
                        + "x n, its uplo triangle read), B and C m x n.")
                .where("empty", "m == 0 || n == 0"),
        r("dsyrk", 'd', "void", "layout uplo trans n k alpha:double "
                + "A:general(trans.transposed() ? k : n, trans.transposed() ? n : k, lda) beta:double "
                + "C:triangle(uplo, Diag.NON_UNIT, n, ldc)!",
                "The uplo triangle of C = alpha * A * A<sup>T</sup> + beta * C (trans NO_TRANSPOSE, A n x k) or alpha "
                        + "* A<sup>T</sup> * A + beta * C (A k x n), C n x n symmetric."),
        r("dsyr2k", 'd', "void", "layout uplo trans n k alpha:double "
                + "A:general(trans.transposed() ? k : n, trans.transposed() ? n : k, lda) "
                + "B:general(trans.transposed() ? k : n, trans.transposed() ? n : k, ldb) beta:double "
                + "C:triangle(uplo, Diag.NON_UNIT, n, ldc)!",
                "The uplo triangle of the rank-2k update C = alpha * A * B' + alpha' * B * A' + beta * C (A, B n x k; "
                        + "k x n when transposed), C n x n."),
        r("dtrmm", 'd', "void", "layout side uplo transA diag m n alpha:double "
                + "A:triangle(uplo, diag, empty ? 0 : side == Side.LEFT ? m : n, lda) B:general(m, n, ldb)!",
                "B = alpha * op(A) * B (side LEFT) or alpha * B * op(A) (RIGHT); A triangular, m x m or n x n (its "
                        + "uplo triangle read; not the diagonal when unit), B m x n.")
                .where("empty", "m == 0 || n == 0"),
        r("dtrsm", 'd', "void", "layout side uplo transA diag m n alpha:double "
                + "A:triangle(uplo, diag, empty ? 0 : side == Side.LEFT ? m : n, lda) B:general(m, n, ldb)!",
                "Solves op(A) * X = alpha * B (side LEFT) or X * op(A) = alpha * B (RIGHT) for X, written over B; A "
                        + "triangular, m x m or n x n (its uplo triangle read; not the diagonal when unit), B m x n.")
                .where("empty", "m == 0 || n == 0"),
        r("domatcopy", 'd', "void", "layout trans rows cols alpha:double A:general(rows, cols, lda) "
                + "B:general(trans.transposed() ? cols : rows, trans.transposed() ? rows : cols, ldb)!",
                "B = alpha * op(A), A rows x cols, B cols x rows when transposed (OpenBLAS extension)."),
        r("dgeadd", 'd', "void", "layout rows cols alpha:double A:general(rows, cols, lda) beta:double "
                + "C:general(rows, cols, ldc)!",
                "C = alpha * A + beta * C, both rows x cols (OpenBLAS extension)."),
        r("cgemm", 'c', "void", "layout transA transB m n k alpha:ComplexFloat "
                + "A:general(transA.transposed() ? k : m, transA.transposed() ? m : k, lda) "
                + "B:general(transB.transposed() ? n : k, transB.transposed() ? k : n, ldb) beta:ComplexFloat "
                + "C:general(m, n, ldc)!",
                "C = alpha * op(A) * op(B) + beta * C, op(A) m x k, op(B) k x n, C m x n."),
        r("cgemm3m", 'c', "void", "layout transA transB m n k alpha:ComplexFloat "
                + "A:general(transA.transposed() ? k : m, transA.transposed() ? m : k, lda) "
                + "B:general(transB.transposed() ? n : k, transB.transposed() ? k : n, ldb) beta:ComplexFloat "
                + "C:general(m, n, ldc)!",
                "C = alpha * op(A) * op(B) + beta * C (the 3M method: three real products per complex one), op(A) m x "
                        + "k, op(B) k x n, C m x n."),
        r("cgemmt", 'c', "void", "layout uplo transA transB n k alpha:ComplexFloat "
                + "A:general(transA.transposed() ? k : n, transA.transposed() ? n : k, lda) "
                + "B:general(transB.transposed() ? n : k, transB.transposed() ? k : n, ldb) beta:ComplexFloat "
                + "C:triangle(uplo, Diag.NON_UNIT, n, ldc)!",
                "The uplo triangle of C = alpha * op(A) * op(B) + beta * C, op(A) n x k, op(B) k x n, C n x n "
                        + "(OpenBLAS extension)."),
        r("csymm", 'c', "void", "layout side uplo m n alpha:ComplexFloat "
                + "A:triangle(uplo, Diag.NON_UNIT, empty ? 0 : side == Side.LEFT ? m : n, lda) B:general(m, n, ldb) "
                + "beta:ComplexFloat C:general(m, n, ldc)!",
                "C = alpha * A * B + beta * C (side LEFT) or alpha * B * A + beta * C (RIGHT), A symmetric (m x m or n "
                        + "x n, its uplo triangle read), B and C m x n.")
                .where("empty", "m == 0 || n == 0"),
        r("chemm", 'c', "void", "layout side uplo m n alpha:ComplexFloat "
                + "A:triangle(uplo, Diag.NON_UNIT, empty ? 0 : side == Side.LEFT ? m : n, lda) B:general(m, n, ldb) "
                + "beta:ComplexFloat C:general(m, n, ldc)!",
                "C = alpha * A * B + beta * C (side LEFT) or alpha * B * A + beta * C (RIGHT), A Hermitian (m x m or n "
                        + "x n, its uplo triangle read), B and C m x n.")
                .where("empty", "m == 0 || n == 0"),
        r("csyrk", 'c', "void", "layout uplo trans n k alpha:ComplexFloat "
                + "A:general(trans.transposed() ? k : n, trans.transposed() ? n : k, lda) beta:ComplexFloat "
                + "C:triangle(uplo, Diag.NON_UNIT, n, ldc)!",
                "The uplo triangle of C = alpha * A * A<sup>T</sup> + beta * C (trans NO_TRANSPOSE, A n x k) or alpha "
                        + "* A<sup>T</sup> * A + beta * C (A k x n), C n x n symmetric.")
                .refuse("trans == Transpose.CONJUGATE_TRANSPOSE", "trans={trans} is not defined for csyrk; use "
                        + "NO_TRANSPOSE or TRANSPOSE"),
        r("cherk", 'c', "void", "layout uplo trans n k alpha:float "
                + "A:general(trans.transposed() ? k : n, trans.transposed() ? n : k, lda) beta:float "
                + "C:triangle(uplo, Diag.NON_UNIT, n, ldc)!",
                "The uplo triangle of C = alpha * A * A<sup>H</sup> + beta * C (trans NO_TRANSPOSE, A n x k) or alpha "
                        + "* A<sup>H</sup> * A + beta * C (A k x n), C n x n Hermitian.")
                .refuse("trans == Transpose.TRANSPOSE", "trans={trans} is not defined for cherk; use NO_TRANSPOSE or "
                        + "CONJUGATE_TRANSPOSE"),
        r("csyr2k", 'c', "void", "layout uplo trans n k alpha:ComplexFloat "
                + "A:general(trans.transposed() ? k : n, trans.transposed() ? n : k, lda) "
                + "B:general(trans.transposed() ? k : n, trans.transposed() ? n : k, ldb) beta:ComplexFloat "
                + "C:triangle(uplo, Diag.NON_UNIT, n, ldc)!",
                "The uplo triangle of the rank-2k update C = alpha * A * B' + alpha' * B * A' + beta * C (A, B n x k; "
                        + "k x n when transposed), C n x n.")
                .refuse("trans == Transpose.CONJUGATE_TRANSPOSE", "trans={trans} is not defined for csyr2k; use "
                        + "NO_TRANSPOSE or TRANSPOSE"),
        r("cher2k", 'c', "void", "layout uplo trans n k alpha:ComplexFloat "
                + "A:general(trans.transposed() ? k : n, trans.transposed() ? n : k, lda) "
                + "B:general(trans.transposed() ? k : n, trans.transposed() ? n : k, ldb) beta:float "
                + "C:triangle(uplo, Diag.NON_UNIT, n, ldc)!",
                "The uplo triangle of the rank-2k update C = alpha * A * B' + alpha' * B * A' + beta * C (A, B n x k; "
                        + "k x n when transposed), C n x n.")
                .refuse("trans == Transpose.TRANSPOSE", "trans={trans} is not defined for cher2k; use NO_TRANSPOSE or "
                        + "CONJUGATE_TRANSPOSE"),
        r("ctrmm", 'c', "void", "layout side uplo transA diag m n alpha:ComplexFloat "
                + "A:triangle(uplo, diag, empty ? 0 : side == Side.LEFT ? m : n, lda) B:general(m, n, ldb)!",
                "B = alpha * op(A) * B (side LEFT) or alpha * B * op(A) (RIGHT); A triangular, m x m or n x n (its "
                        + "uplo triangle read; not the diagonal when unit), B m x n.")
                .where("empty", "m == 0 || n == 0"),
        r("ctrsm", 'c', "void", "layout side uplo transA diag m n alpha:ComplexFloat "
                + "A:triangle(uplo, diag, empty ? 0 : side == Side.LEFT ? m : n, lda) B:general(m, n, ldb)!",
                "Solves op(A) * X = alpha * B (side LEFT) or X * op(A) = alpha * B (RIGHT) for X, written over B; A "
                        + "triangular, m x m or n x n (its uplo triangle read; not the diagonal when unit), B m x n.")
                .where("empty", "m == 0 || n == 0"),
        r("comatcopy", 'c', "void", "layout trans rows cols alpha:ComplexFloat A:general(rows, cols, lda) "
                + "B:general(trans.transposed() ? cols : rows, trans.transposed() ? rows : cols, ldb)!",
                "B = alpha * op(A), A rows x cols, B cols x rows when transposed (OpenBLAS extension)."),
        r("cgeadd", 'c', "void", "layout rows cols alpha:ComplexFloat A:general(rows, cols, lda) beta:ComplexFloat "
                + "C:general(rows, cols, ldc)!",
                "C = alpha * A + beta * C, both rows x cols (OpenBLAS extension)."),
        r("zgemm", 'z', "void", "layout transA transB m n k alpha:ComplexDouble "
                + "A:general(transA.transposed() ? k : m, transA.transposed() ? m : k, lda) "
                + "B:general(transB.transposed() ? n : k, transB.transposed() ? k : n, ldb) beta:ComplexDouble "
                + "C:general(m, n, ldc)!",
                "C = alpha * op(A) * op(B) + beta * C, op(A) m x k, op(B) k x n, C m x n."),
        r("zgemm3m", 'z', "void", "layout transA transB m n k alpha:ComplexDouble "
                + "A:general(transA.transposed() ? k : m, transA.transposed() ? m : k, lda) "
                + "B:general(transB.transposed() ? n : k, transB.transposed() ? k : n, ldb) beta:ComplexDouble "
                + "C:general(m, n, ldc)!",
                "C = alpha * op(A) * op(B) + beta * C (the 3M method: three real products per complex one), op(A) m x "
                        + "k, op(B) k x n, C m x n."),
        r("zgemmt", 'z', "void", "layout uplo transA transB n k alpha:ComplexDouble "
                + "A:general(transA.transposed() ? k : n, transA.transposed() ? n : k, lda) "
                + "B:general(transB.transposed() ? n : k, transB.transposed() ? k : n, ldb) beta:ComplexDouble "
                + "C:triangle(uplo, Diag.NON_UNIT, n, ldc)!",
                "The uplo triangle of C = alpha * op(A) * op(B) + beta * C, op(A) n x k, op(B) k x n, C n x n "
                        + "(OpenBLAS extension)."),
        r("zsymm", 'z', "void", "layout side uplo m n alpha:ComplexDouble "
                + "A:triangle(uplo, Diag.NON_UNIT, empty ? 0 : side == Side.LEFT ? m : n, lda) B:general(m, n, ldb) "
                + "beta:ComplexDouble C:general(m, n, ldc)!",
                "C = alpha * A * B + beta * C (side LEFT) or alpha * B * A + beta * C (RIGHT), A symmetric (m x m or n "
                        + "x n, its uplo triangle read), B and C m x n.")
                .where("empty", "m == 0 || n == 0"),
        r("zhemm", 'z', "void", "layout side uplo m n alpha:ComplexDouble "
                + "A:triangle(uplo, Diag.NON_UNIT, empty ? 0 : side == Side.LEFT ? m : n, lda) B:general(m, n, ldb) "
                + "beta:ComplexDouble C:general(m, n, ldc)!",
                "C = alpha * A * B + beta * C (side LEFT) or alpha * B * A + beta * C (RIGHT), A Hermitian (m x m or n "
                        + "x n, its uplo triangle read), B and C m x n.")
                .where("empty", "m == 0 || n == 0"),
        r("zsyrk", 'z', "void", "layout uplo trans n k alpha:ComplexDouble "
                + "A:general(trans.transposed() ? k : n, trans.transposed() ? n : k, lda) beta:ComplexDouble "
                + "C:triangle(uplo, Diag.NON_UNIT, n, ldc)!",
                "The uplo triangle of C = alpha * A * A<sup>T</sup> + beta * C (trans NO_TRANSPOSE, A n x k) or alpha "
                        + "* A<sup>T</sup> * A + beta * C (A k x n), C n x n symmetric.")
                .refuse("trans == Transpose.CONJUGATE_TRANSPOSE", "trans={trans} is not defined for zsyrk; use "
                        + "NO_TRANSPOSE or TRANSPOSE"),
        r("zherk", 'z', "void", "layout uplo trans n k alpha:double "
                + "A:general(trans.transposed() ? k : n, trans.transposed() ? n : k, lda) beta:double "
                + "C:triangle(uplo, Diag.NON_UNIT, n, ldc)!",
                "The uplo triangle of C = alpha * A * A<sup>H</sup> + beta * C (trans NO_TRANSPOSE, A n x k) or alpha "
                        + "* A<sup>H</sup> * A + beta * C (A k x n), C n x n Hermitian.")
                .refuse("trans == Transpose.TRANSPOSE", "trans={trans} is not defined for zherk; use NO_TRANSPOSE or "
                        + "CONJUGATE_TRANSPOSE"),
        r("zsyr2k", 'z', "void", "layout uplo trans n k alpha:ComplexDouble "
                + "A:general(trans.transposed() ? k : n, trans.transposed() ? n : k, lda) "
                + "B:general(trans.transposed() ? k : n, trans.transposed() ? n : k, ldb) beta:ComplexDouble "
                + "C:triangle(uplo, Diag.NON_UNIT, n, ldc)!",
                "The uplo triangle of the rank-2k update C = alpha * A * B' + alpha' * B * A' + beta * C (A, B n x k; "
                        + "k x n when transposed), C n x n.")
                .refuse("trans == Transpose.CONJUGATE_TRANSPOSE", "trans={trans} is not defined for zsyr2k; use "
                        + "NO_TRANSPOSE or TRANSPOSE"),
        r("zher2k", 'z', "void", "layout uplo trans n k alpha:ComplexDouble "
                + "A:general(trans.transposed() ? k : n, trans.transposed() ? n : k, lda) "
                + "B:general(trans.transposed() ? k : n, trans.transposed() ? n : k, ldb) beta:double "
                + "C:triangle(uplo, Diag.NON_UNIT, n, ldc)!",
                "The uplo triangle of the rank-2k update C = alpha * A * B' + alpha' * B * A' + beta * C (A, B n x k; "
                        + "k x n when transposed), C n x n.")
                .refuse("trans == Transpose.TRANSPOSE", "trans={trans} is not defined for zher2k; use NO_TRANSPOSE or "
                        + "CONJUGATE_TRANSPOSE"),
        r("ztrmm", 'z', "void", "layout side uplo transA diag m n alpha:ComplexDouble "
                + "A:triangle(uplo, diag, empty ? 0 : side == Side.LEFT ? m : n, lda) B:general(m, n, ldb)!",
                "B = alpha * op(A) * B (side LEFT) or alpha * B * op(A) (RIGHT); A triangular, m x m or n x n (its "
                        + "uplo triangle read; not the diagonal when unit), B m x n.")
                .where("empty", "m == 0 || n == 0"),
        r("ztrsm", 'z', "void", "layout side uplo transA diag m n alpha:ComplexDouble "
                + "A:triangle(uplo, diag, empty ? 0 : side == Side.LEFT ? m : n, lda) B:general(m, n, ldb)!",
                "Solves op(A) * X = alpha * B (side LEFT) or X * op(A) = alpha * B (RIGHT) for X, written over B; A "
                        + "triangular, m x m or n x n (its uplo triangle read; not the diagonal when unit), B m x n.")
                .where("empty", "m == 0 || n == 0"),
        r("zomatcopy", 'z', "void", "layout trans rows cols alpha:ComplexDouble A:general(rows, cols, lda) "
                + "B:general(trans.transposed() ? cols : rows, trans.transposed() ? rows : cols, ldb)!",
                "B = alpha * op(A), A rows x cols, B cols x rows when transposed (OpenBLAS extension)."),
        r("zgeadd", 'z', "void", "layout rows cols alpha:ComplexDouble A:general(rows, cols, lda) beta:ComplexDouble "
                + "C:general(rows, cols, ldc)!",
                "C = alpha * A + beta * C, both rows x cols (OpenBLAS extension)."),

        // ---- in-place transposition and the other batches
        r("simatcopy", 's', "void", "layout trans rows cols alpha:float A:general(rows, cols, lda)! ldb:int",
                "A = alpha * op(A) in place (OpenBLAS extension): A is read as rows x cols with leading dimension lda "
                        + "and written as op(A) (cols x rows when transposed) with leading dimension ldb. Both shapes "
                        + "must fit the segment.")
                .where("t", "trans.transposed()")
                .alsoShape("A:general(t ? cols : rows, t ? rows : cols, ldb)!"),
        r("dimatcopy", 'd', "void", "layout trans rows cols alpha:double A:general(rows, cols, lda)! ldb:int",
                "A = alpha * op(A) in place (OpenBLAS extension): A is read as rows x cols with leading dimension lda "
                        + "and written as op(A) (cols x rows when transposed) with leading dimension ldb. Both shapes "
                        + "must fit the segment.")
                .where("t", "trans.transposed()")
                .alsoShape("A:general(t ? cols : rows, t ? rows : cols, ldb)!"),
        r("dgemmBatchStrided", 'd', "void", "layout transA transB m n k alpha:double "
                + "A:batch(transA.transposed() ? k : m, transA.transposed() ? m : k, lda, count, strideA) "
                + "B:batch(transB.transposed() ? n : k, transB.transposed() ? k : n, ldb, count, strideB) beta:double "
                + "C:batch(m, n, ldc, count, strideC)! count",
                "{@code count} independent dgemm products of one shape, item i at offsets {@code xOffset + i * "
                        + "strideX} (a zero input stride reuses one matrix). Runs as a loop of {@code cblas_dgemm} "
                        + "after one check of every item: OpenBLAS 0.3.31's batch entry points crash or ignore "
                        + "column-major calls for small shapes (see {@link #sgemmBatchStrided}), and only the "
                        + "single-precision route has been measured and guarded.")
                .loopOf("dgemm"),
        r("cimatcopy", 'c', "void", "layout trans rows cols alpha:ComplexFloat A:general(rows, cols, lda)! ldb:int",
                "A = alpha * op(A) in place (OpenBLAS extension): A is read as rows x cols with leading dimension lda "
                        + "and written as op(A) (cols x rows when transposed) with leading dimension ldb. Both shapes "
                        + "must fit the segment.")
                .where("t", "trans.transposed()")
                .alsoShape("A:general(t ? cols : rows, t ? rows : cols, ldb)!"),
        r("cgemmBatchStrided", 'c', "void", "layout transA transB m n k alpha:ComplexFloat "
                + "A:batch(transA.transposed() ? k : m, transA.transposed() ? m : k, lda, count, strideA) "
                + "B:batch(transB.transposed() ? n : k, transB.transposed() ? k : n, ldb, count, strideB) "
                + "beta:ComplexFloat C:batch(m, n, ldc, count, strideC)! count",
                "{@code count} independent cgemm products of one shape, item i at offsets {@code xOffset + i * "
                        + "strideX} (a zero input stride reuses one matrix). Runs as a loop of {@code cblas_cgemm} "
                        + "after one check of every item: OpenBLAS 0.3.31's batch entry points crash or ignore "
                        + "column-major calls for small shapes (see {@link #sgemmBatchStrided}), and only the "
                        + "single-precision route has been measured and guarded.")
                .loopOf("cgemm"),
        r("zimatcopy", 'z', "void", "layout trans rows cols alpha:ComplexDouble A:general(rows, cols, lda)! ldb:int",
                "A = alpha * op(A) in place (OpenBLAS extension): A is read as rows x cols with leading dimension lda "
                        + "and written as op(A) (cols x rows when transposed) with leading dimension ldb. Both shapes "
                        + "must fit the segment.")
                .where("t", "trans.transposed()")
                .alsoShape("A:general(t ? cols : rows, t ? rows : cols, ldb)!"),
        r("zgemmBatchStrided", 'z', "void", "layout transA transB m n k alpha:ComplexDouble "
                + "A:batch(transA.transposed() ? k : m, transA.transposed() ? m : k, lda, count, strideA) "
                + "B:batch(transB.transposed() ? n : k, transB.transposed() ? k : n, ldb, count, strideB) "
                + "beta:ComplexDouble C:batch(m, n, ldc, count, strideC)! count",
                "{@code count} independent zgemm products of one shape, item i at offsets {@code xOffset + i * "
                        + "strideX} (a zero input stride reuses one matrix). Runs as a loop of {@code cblas_zgemm} "
                        + "after one check of every item: OpenBLAS 0.3.31's batch entry points crash or ignore "
                        + "column-major calls for small shapes (see {@link #sgemmBatchStrided}), and only the "
                        + "single-precision route has been measured and guarded.")
                .loopOf("zgemm")
);
}
