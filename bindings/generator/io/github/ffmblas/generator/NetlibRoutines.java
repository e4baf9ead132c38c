package io.github.ffmblas.generator;

import java.util.ArrayList;
import java.util.List;

/**
 * netlib's BLAS ({@code dev.ludovic.netlib.blas.BLAS} {@value #VERSION}), routine by routine: for each s and d routine
 * it has, what its {@code AbstractBLAS} does around the kernel that the routine's declaration in {@link BlasRoutines}
 * does not already tell, and what FfmBLAS does in Java instead of calling the facade. {@link GenerateNetlib} writes
 * {@code io.github.ffmblas.netlib.FfmBLAS} from the two tables.
 *
 * <p>Derived from the routine's declaration in the table, so not declared here:
 * <ul>
 *   <li>netlib's signature: the CBLAS parameters in their order without the layout, each operand an array and its
 *       offset ({@code double[] a, int offseta, int lda}; a packed {@code AP} is netlib's {@code a}), a one-element
 *       operand ({@code contiguous(1)}: ?rotg, ?rotmg) a holder ({@code doubleW}); and the overload without
 *       offsets, which passes 0;</li>
 *   <li>the argument checks of a routine with a matrix operand (netlib checks none in level 1), in Fortran's
 *       parameter order with Fortran's parameter numbers (an operand is one parameter, its increment or leading
 *       dimension the next): each flag one of its letters, each dimension {@code >= 0}, each increment non-zero,
 *       each leading dimension {@code >= max(1, rows)}, of a band {@code kl + ku + 1}, of a triangular or
 *       symmetric band {@code k + 1}, all in int;</li>
 *   <li>after the early returns, {@code requireNonNull} of every operand, then the int index check of the last
 *       element of each array: {@code offset + (n - 1) * |inc|} of a vector, {@code offset + n(n+1)/2 - 1} of a
 *       packed matrix, {@code offset + size - 1} of a contiguous operand, and of a matrix the end of its last column,
 *       {@code offset + cols * ld - 1}, unless declared {@link Netlib#lastElement};</li>
 *   <li>the facade call: column-major, netlib's flag strings as the facade's enums, the caller's arrays as heap
 *       segments, holders through a per-thread scratch array.</li>
 * </ul>
 *
 * <p>Declared here, each in the place netlib has it:
 * <ul>
 *   <li>{@link Netlib#returnWhen}: an early return, after the argument checks and before the null checks; its value
 *       is 0 (-1 for an index) unless given;</li>
 *   <li>{@link Netlib#lastElement}: the matrices whose index check is their last element,
 *       {@code offset + (cols - 1) * ld + rows - 1}, rather than the end of their last column;</li>
 *   <li>{@link Netlib#afterChecks}: a return after the index checks, before the facade call;</li>
 *   <li>{@link Netlib#inJava}: a case answered in Java, by the method of the routine's name in a class of
 *       {@code io.github.ffmblas.netlib.internal}, called with netlib's arguments.</li>
 * </ul>
 * A name with {@code ?} declares the s and the d routine (in {@code s}, literals such as {@code 1.0} become
 * {@code 1.0f}). Conditions and values are Java over netlib's parameter names ({@code offsetx}, {@code transa}).
 * Read against netlib's AbstractBLAS: each line below is what one of its methods does before its kernel.
 */
public final class NetlibRoutines {
    private NetlibRoutines() {}

    /** The version of dev.ludovic.netlib whose AbstractBLAS this table follows (the root pom's netlib.version). */
    public static final String VERSION = "3.2.0";

    /**
     * netlib's facts of one routine (or of the pair a {@code ?} name declares).
     *
     * @param name        the routine's name in the table ({@code ?} for the precision letter)
     * @param returns     early returns, as {condition, value or null}
     * @param lastElement labels of the matrices netlib checks to their last element
     * @param after       returns after the index checks, as {condition, value or null, why}
     * @param java        cases answered in Java, as {condition, class, why}
     */
    public record Netlib(String name, List<String[]> returns, List<String> lastElement, List<String[]> after,
                         List<String[]> java) {

        public Netlib returnWhen(String condition) {
            return returnWhen(condition, null);
        }

        public Netlib returnWhen(String condition, String value) {
            return new Netlib(name, plus(returns, condition, value), lastElement, after, java);
        }

        public Netlib lastElement(String... labels) {
            return new Netlib(name, returns, List.of(labels), after, java);
        }

        public Netlib afterChecks(String condition, String value, String why) {
            return new Netlib(name, returns, lastElement, plus(after, condition, value, why), java);
        }

        public Netlib inJava(String condition, String className, String why) {
            return new Netlib(name, returns, lastElement, after, plus(java, condition, className, why));
        }

        /** Level 1 with two vectors: a zero increment, which BLAS defines and the facade refuses, runs in Java. */
        Netlib zeroIncrement() {
            return inJava("incx == 0 || incy == 0", "ZeroIncrement",
                    "a zero increment, which the facade refuses: in Java");
        }

        /** The routine of one precision: its name, its literals in that precision. */
        Netlib in(char precision) {
            return new Netlib(name.replace('?', precision), literals(returns, 2, precision), lastElement,
                    literals(after, 2, precision), literals(java, 1, precision));
        }
    }

    private static Netlib n(String name) {
        return new Netlib(name, List.of(), List.of(), List.of(), List.of());
    }

    /** The declarations in FfmBLAS's order, d before s: each section is one level of one precision. */
    public static final List<Netlib> ALL = List.of(

        // ---- level 1: no argument checks; the early returns come first
        n("?asum").returnWhen("n <= 0")
                .afterChecks("incx <= 0", null, "as reference BLAS: nothing to sum"),
        n("?axpy").returnWhen("n <= 0 || alpha == 0.0").zeroIncrement(),
        n("?copy").returnWhen("n <= 0").zeroIncrement(),
        n("?dot").returnWhen("n <= 0").zeroIncrement(),
        n("sdsdot").returnWhen("n <= 0").zeroIncrement(), // 0 when n <= 0, as netlib (reference BLAS: alpha)
        n("?nrm2").returnWhen("n <= 0 || incx <= 0").returnWhen("n == 1", "Math.abs(x[offsetx])"),
        n("?rot").returnWhen("n <= 0").zeroIncrement(),
        n("?rotg"),
        n("?rotm").returnWhen("n <= 0").zeroIncrement(),
        n("?rotmg").inJava("d1.val <= 0", "RotmgQuirk",
                "d1 <= 0: reference BLAS's answer, where OpenBLAS 0.3.31's differs (see RotmgQuirk)"),
        n("?scal").returnWhen("n <= 0 || incx <= 0 || alpha == 1.0"),
        n("?swap").returnWhen("n <= 0").zeroIncrement(),
        n("i?amax").returnWhen("n <= 0 || incx <= 0").returnWhen("n == 1", "0"),

        // ---- level 2: the argument checks, then the early return
        n("?gbmv").returnWhen("m == 0 || n == 0").lastElement("A"),
        n("?gemv").returnWhen("m == 0 || n == 0").lastElement("A"),
        n("?ger").returnWhen("m == 0 || n == 0")
                .afterChecks("alpha == 0.0", null, "as netlib, which calls its kernel only for alpha != 0"),
        n("?sbmv").returnWhen("n == 0").lastElement("A"),
        n("?spmv").returnWhen("n == 0"),
        n("?spr").returnWhen("n == 0"),
        n("?spr2").returnWhen("n == 0"),
        n("?symv").returnWhen("n == 0"),
        n("?syr").returnWhen("n == 0"),
        n("?syr2").returnWhen("n == 0"),
        n("?tbmv").returnWhen("n == 0"),
        n("?tbsv").returnWhen("n == 0"),
        n("?tpmv").returnWhen("n == 0"),
        n("?tpsv").returnWhen("n == 0"),
        n("?trmv").returnWhen("n == 0"),
        n("?trsv").returnWhen("n == 0"),

        // ---- level 3
        n("?gemm").returnWhen("m == 0 || n == 0 || ((alpha == 0.0 || k == 0) && beta == 1.0)")
                .lastElement("A", "B", "C"),
        n("?symm").returnWhen("m == 0 || n == 0 || (alpha == 0.0 && beta == 1.0)"),
        n("?syrk").returnWhen("n == 0 || ((alpha == 0.0 || k == 0) && beta == 1.0)"),
        n("?syr2k").returnWhen("n == 0 || ((alpha == 0.0 || k == 0) && beta == 1.0)"),
        n("?trmm").returnWhen("n == 0"), // not m == 0: netlib goes on to check the arrays
        n("?trsm").returnWhen("n == 0")
    );

    /** The routines of one precision ({@code 'd'} or {@code 's'}), in declaration order. */
    public static List<Netlib> of(char precision) {
        List<Netlib> out = new ArrayList<>();
        for (Netlib n : ALL) {
            if (n.name().contains("?") || n.name().charAt(0) == precision) {
                out.add(n.in(precision));
            }
        }
        return out;
    }

    private static List<String[]> plus(List<String[]> list, String... item) {
        List<String[]> copy = new ArrayList<>(list);
        copy.add(item);
        return List.copyOf(copy);
    }

    /** The items with {@code 1.0} as {@code 1.0f} in s, in their first {@code code} fields (the rest are prose). */
    private static List<String[]> literals(List<String[]> items, int code, char precision) {
        if (precision != 's') {
            return items;
        }
        return items.stream().map(item -> {
            String[] copy = item.clone();
            for (int i = 0; i < code; i++) {
                copy[i] = copy[i] == null ? null : copy[i].replaceAll("\\b(\\d+\\.\\d+)(?![\\df])", "$1f");
            }
            return copy;
        }).toList();
    }
}
