package io.github.ffmblas.generator;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One CBLAS routine as the table declares it ({@link BlasRoutines}): its name, the element type of its operands, what
 * it returns, its parameters in CBLAS order and its Javadoc line, plus the few things some routines do differently.
 * Everything the facade and the tests need is derived from this.
 *
 * <p>The parameters are one string of space-separated tokens, in the routine's own order:
 * <ul>
 *   <li>{@code layout trans transA transB uplo diag side}: flags ({@code Layout}, {@code Transpose}, ...), non-null;</li>
 *   <li>{@code n m k kl ku rows cols count}: dimensions, {@code int >= 0};</li>
 *   <li>{@code alpha:float}, {@code beta:ComplexDouble} ...: scalars of that type; {@code ldb:int}: a plain int;</li>
 *   <li>{@code X:shape(args)}, {@code X:shape(args)!} when written: an operand, passed as a segment and an offset
 *       ({@code x, xOffset}), whose shape names the parameter that follows them (the increment or leading
 *       dimension): {@code vector(n, incx)}, {@code contiguous(n)}, {@code real()} (one real of a complex routine),
 *       {@code packed(n)}, {@code general(rows, cols, ld)}, {@code triangle(uplo, diag, n, ld)},
 *       {@code band(m, n, kl, ku, ld)}, {@code tband(uplo, n, k, ld)} (a triangular band),
 *       {@code batch(rows, cols, ld, count, stride)}; for LAPACK ({@link LapackRoutines}) also {@code ints(n)},
 *       {@code reals(n)} (of the routine's real type) and the work arrays {@code work(lwork, minimum)} and
 *       {@code iwork(liwork, minimum)}. Shape arguments are Java expressions over the parameters.</li>
 * </ul>
 *
 * @param precision  {@code s d c z}: the type of the operands' elements
 * @param returns    the Java return type
 * @param params     the parameters, parsed from the string
 * @param doc        the Javadoc of the facade method
 * @param where      local booleans the shapes use, as {@code name = expression}
 * @param refusals   conditions refused with a message before the operands are checked
 * @param pass       what is passed for a parameter instead of itself (an increment OpenBLAS mishandles)
 * @param whenEmpty  what the routine returns when there is nothing to compute (null: 0, -1 or zero by type)
 * @param before     a statement of the checked path after the checks and before the native call
 * @param java       an expression computed in Java instead of the native call, after the checks
 * @param alsoShape  a second shape of an operand, checked first (in-place transposition reads and writes A)
 * @param custom     the routine's body is hand-written (GemmCalls); only its signature is generated
 * @param loopOf     a batch run as a loop over this routine's downcall, one call per item (d/c/z
 *                   gemmBatchStrided over ?gemm); null otherwise
 * @param failure    LAPACK: what INFO > 0 means, a {@code LapackException.Reason} and a message ({@code {info}}
 *                   stands for the value); null for BLAS
 */
public record Routine(String name, char precision, String returns, List<Param> params, String doc,
                      List<String[]> where, List<String[]> refusals, List<String[]> pass, String whenEmpty,
                      String before, String java, Param.Operand alsoShape, boolean custom, String loopOf,
                      String[] failure) {

    /** One parameter (or operand, with its segment, offset and attached ints) of a routine. */
    public sealed interface Param {
        String name();

        /** {@code Layout layout}, {@code Transpose trans} ... */
        record Flag(String name, String type) implements Param {}

        /** An {@code int} dimension, {@code >= 0}. */
        record Dim(String name) implements Param {}

        /** A scalar (or plain int) of a Java type. */
        record Scalar(String name, String type) implements Param {
            public boolean complex() {
                return type.startsWith("Complex");
            }

            /** {@code m:int!}: an int the routine writes (LAPACK's count of eigenvalues found), returned. */
            public boolean output() {
                return type.endsWith("!");
            }
        }

        /**
         * An operand: {@code label} as messages name it ("A", "x"), shape and its argument expressions; the Java
         * parameter is the label in lower case.
         */
        record Operand(String label, String shape, List<String> args, boolean output) implements Param {
            public String name() {
                return label.toLowerCase(Locale.ROOT);
            }

            /** The int (and for a batch the long stride) that follow the segment and offset in the signature. */
            public List<String> attached() {
                return switch (shape) {
                    case "vector" -> List.of(args.get(1));
                    case "general" -> List.of(args.get(2));
                    case "triangle", "tband" -> List.of(args.get(3));
                    case "band" -> List.of(args.get(4));
                    case "batch" -> List.of(args.get(2), args.get(4));
                    case "work", "rwork", "iwork" -> List.of(args.get(0)); // LAPACK: the array's length, lwork
                    default -> List.of();
                };
            }
        }
    }

    private static final List<String> FLAGS = List.of("layout", "trans", "transA", "transB", "uplo", "diag", "side");
    private static final List<String> DIMS = List.of("n", "m", "k", "kl", "ku", "rows", "cols", "count", "nrhs");

    /** A routine declared by its parameter string. */
    public static Routine of(String name, char precision, String returns, String params, String doc) {
        List<Param> parsed = new ArrayList<>();
        for (String token : split(params, ' ')) {
            parsed.add(parse(token));
        }
        return new Routine(name, precision, returns, List.copyOf(parsed), doc, List.of(), List.of(), List.of(), null,
                null, null, null, false, null, null);
    }

    static Param parse(String token) {
        int colon = token.indexOf(':');
        if (colon < 0) {
            if (FLAGS.contains(token)) {
                return new Param.Flag(token, switch (token) {
                    case "layout" -> "Layout";
                    case "uplo" -> "Uplo";
                    case "diag" -> "Diag";
                    case "side" -> "Side";
                    default -> "Transpose";
                });
            }
            if (DIMS.contains(token)) {
                return new Param.Dim(token);
            }
            throw new IllegalArgumentException("unknown parameter " + token);
        }
        String name = token.substring(0, colon);
        String rest = token.substring(colon + 1);
        int paren = rest.indexOf('(');
        if (paren < 0) {
            return new Param.Scalar(name, rest);
        }
        boolean output = rest.endsWith("!");
        String body = rest.substring(paren + 1, rest.lastIndexOf(')'));
        List<String> args = body.isBlank() ? List.of() : split(body, ',');
        return new Param.Operand(name, rest.substring(0, paren), args, output);
    }

    /** Splits at {@code separator} outside parentheses, trimming each part. */
    static List<String> split(String s, char separator) {
        List<String> parts = new ArrayList<>();
        int depth = 0;
        int from = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            depth += c == '(' ? 1 : c == ')' ? -1 : 0;
            if (c == separator && depth == 0) {
                add(parts, s.substring(from, i));
                from = i + 1;
            }
        }
        add(parts, s.substring(from));
        return parts;
    }

    private static void add(List<String> parts, String part) {
        if (!part.isBlank()) {
            parts.add(part.trim());
        }
    }

    // ---- what some routines do differently ---------------------------------------------------------------------

    public Routine where(String local, String expression) {
        return new Routine(name, precision, returns, params, doc, plus(where, local, expression), refusals, pass,
                whenEmpty, before, java, alsoShape, custom, loopOf, failure);
    }

    public Routine refuse(String condition, String message) {
        return new Routine(name, precision, returns, params, doc, where, plus(refusals, condition, message), pass,
                whenEmpty, before, java, alsoShape, custom, loopOf, failure);
    }

    /** Index routines: a negative increment is refused (BLAS defines no index for a vector walked backwards). */
    public Routine forwardIndex() {
        return refuse("incx < 0", null);
    }

    public Routine pass(String parameter, String expression) {
        return new Routine(name, precision, returns, params, doc, where, refusals, plus(pass, parameter, expression),
                whenEmpty, before, java, alsoShape, custom, loopOf, failure);
    }

    public Routine whenEmpty(String value) {
        return new Routine(name, precision, returns, params, doc, where, refusals, pass, value, before, java,
                alsoShape, custom, loopOf, failure);
    }

    public Routine before(String statement) {
        return new Routine(name, precision, returns, params, doc, where, refusals, pass, whenEmpty, statement, java,
                alsoShape, custom, loopOf, failure);
    }

    public Routine java(String expression) {
        return new Routine(name, precision, returns, params, doc, where, refusals, pass, whenEmpty, before,
                expression, alsoShape, custom, loopOf, failure);
    }

    public Routine alsoShape(String operand) {
        return new Routine(name, precision, returns, params, doc, where, refusals, pass, whenEmpty, before, java,
                (Param.Operand) parse(operand), custom, loopOf, failure);
    }

    public Routine handWritten() {
        return new Routine(name, precision, returns, params, doc, where, refusals, pass, whenEmpty, before, java,
                alsoShape, true, loopOf, failure);
    }

    public Routine loopOf(String item) {
        return new Routine(name, precision, returns, params, doc, where, refusals, pass, whenEmpty, before, java,
                alsoShape, custom, item, failure);
    }

    public Routine failure(String reason, String message) {
        return new Routine(name, precision, returns, params, doc, where, refusals, pass, whenEmpty, before, java,
                alsoShape, custom, loopOf, new String[] {reason, message});
    }

    private static List<String[]> plus(List<String[]> list, String a, String b) {
        List<String[]> copy = new ArrayList<>(list);
        copy.add(new String[] {a, b});
        return List.copyOf(copy);
    }

    // ---- derived -----------------------------------------------------------------------------------------------

    /** The operands, in order. */
    public List<Param.Operand> operands() {
        return params.stream().filter(p -> p instanceof Param.Operand).map(p -> (Param.Operand) p).toList();
    }

    /** Whether the generated quick path may take this routine: one without Java-side work of its own. */
    public boolean quick() {
        return !custom && before == null && java == null && alsoShape == null && loopOf == null;
    }

    /**
     * The C function this routine calls: {@code cblas_} and the name in snake case; the complex dot products call
     * the {@code _sub} variant, which writes the result through a pointer instead of returning a struct.
     */
    public String symbol() {
        String snake = name.replaceAll("([A-Z])", "_$1").toLowerCase(Locale.ROOT);
        return "cblas_" + (name.matches("[cz]dot[uc]") ? snake + "_sub" : snake);
    }
}
