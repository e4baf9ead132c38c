package io.github.ffmblas.generator;

import io.github.ffmblas.generator.Routine.Param;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes {@code Lapack.java} from {@link LapackRoutines}: per routine, the checks of every argument (through the same
 * {@code Call} as BLAS's general path), the workspace minimums, the call with every scalar passed by pointer from the
 * thread's {@code LapackRoom} and each flag's hidden string length, and INFO read into a {@code LapackException};
 * per routine with a work array, its workspace query. Called by {@link GenerateFacade#main}.
 */
final class GenerateLapack {
    private GenerateLapack() {}

    /** {@code LapackCalls.java}: each routine's general path, which {@code Lapack} ends in (and the tests call). */
    static String lapackCalls(List<Routine> routines) {
        StringBuilder out = new StringBuilder(GenerateFacade.HEADER.replace("BlasRoutines.java", "LapackRoutines.java"));
        out.append("""
                package io.github.ffmblas.bindings;

                import java.lang.foreign.MemorySegment;

                /**
                 * Each {@link Lapack} routine's general path: every check through {@link Call}, exact in every case the
                 * quick paths leave to it (zero sizes, shared or automatic arenas, mapped files, mixed kinds, every
                 * invalid call), then the downcall. {@code Lapack}'s methods end here; the tests call both and compare.
                 */
                final class LapackCalls {
                    private LapackCalls() {}

                """);
        for (Routine r : routines) {
            if (!r.operands().isEmpty()) {
                general(out, r);
            }
        }
        out.setLength(out.length() - 1);
        out.append("}\n");
        return out.toString();
    }

    /** The symbols jextract binds (bindings/jextract/regenerate reads the file): the table's, no more. */
    static final String SYMBOLS_FILE = "bindings/jextract/lapack-symbols.txt";

    static String symbols(List<Routine> routines) {
        StringBuilder out = new StringBuilder("""
                # The LAPACK routines the Lapack facade binds, written by bindings/generator/regenerate from
                # LapackRoutines.java (do not edit): bindings/jextract/regenerate keeps these functions of lapack.h
                # (Fortran symbols, each char argument followed by its hidden length) in lapack-includes.txt.
                """);
        for (Routine r : routines) {
            out.append(r.name()).append("_\n");
        }
        return out.toString();
    }

    static String lapack(List<Routine> routines) {
        StringBuilder out = new StringBuilder(GenerateFacade.HEADER.replace("BlasRoutines.java", "LapackRoutines.java"));
        out.append("""
                package io.github.ffmblas.bindings;

                import io.github.ffmblas.bindings.lapack.lapack_h;
                import java.lang.foreign.MemorySegment;
                import java.lang.foreign.ValueLayout;

                /**
                 * LAPACK (OpenBLAS 0.3.31's, LAPACK 3.12.0) behind the same checks as {@link Blas}: each method is the
                 * Fortran routine of its name, arguments in LAPACK's order, column-major as LAPACK is (a row-major
                 * matrix is the column-major transpose: factor or solve {@code A^T}, or pass {@code Transpose}), each
                 * array a {@code MemorySegment} and an offset counted in elements, pivots and integer work as
                 * {@code int}s. Sizes, leading dimensions, flags, each array's exact extent, alignment, read-only and
                 * overlapping outputs, liveness and thread confinement are checked before LAPACK runs, with the
                 * exceptions {@link Blas} throws; a work array must hold at least LAPACK's documented minimum (its
                 * {@code ...Workspace} query gives the optimal size). So LAPACK never sees an argument it would refuse;
                 * when it reports that it could not do what was asked (INFO > 0: a singular matrix, no convergence), the
                 * call throws {@link LapackException}.
                 *
                 * <p>Heap arrays ({@code float[]}, {@code double[]}, {@code int[]}) are passed without a copy by a
                 * critical downcall, which holds off the garbage collector for the whole call: use native memory for
                 * large factorizations. Calls on several threads are independent (each thread has its own room for
                 * LAPACK's scalars); OpenBLAS's own thread count is {@link Blas#setNumThreads}'s.
                 */
                public final class Lapack {
                    static {
                        OpenBlasControl.bind(); // the file ffmblas loaded, before the first routine
                    }

                    private Lapack() {}

                """);
        for (Routine r : routines) {
            method(out, r);
            if (!r.operands().isEmpty()) {
                quick(out, r, true);
                quick(out, r, false);
            }
            if (r.operands().stream().anyMatch(o -> o.shape().equals("work"))) {
                query(out, r);
            }
        }
        for (Routine r : routines) {
            out.append("    static final class ").append(GenerateFacade.holder(r)).append(" {\n");
            // lapack.h declares some routines to return their INFO too (lapack_int): the facade reads INFO's argument
            out.append("        static final Downcall D = Downcall.of(\"").append(r.name()).append("_\", lapack_h.")
                    .append(r.name()).append("_$descriptor()").append(r.returns().equals("void")
                            ? ".dropReturnLayout()" : "").append(");\n");
            out.append("    }\n\n");
        }
        out.setLength(out.length() - 1);
        out.append("}\n");
        return out.toString();
    }

    private static void method(StringBuilder out, Routine r) {
        out.append(GenerateFacade.javadoc(r.doc(), "    "));
        String head = "    public static " + r.returns() + " " + r.name() + "(";
        out.append(head).append(GenerateFacade.wrapList(GenerateFacade.signature(r), head, 12)).append(") {\n");
        String i8 = "        ";
        out.append(i8).append("String routine = \"").append(r.name()).append("\";\n");
        scalarChecks(out, r);
        if (r.operands().isEmpty()) { // ?lamch: a flag in, a number out
            out.append(i8).append("ExitGate.ensureOpen(routine);\n");
            out.append(i8).append("LapackRoom room = LapackRoom.get();\n");
            out.append(i8).append("try {\n");
            List<String> args = new ArrayList<>(arguments(r, true, false));
            out.append(i8).append("    return (").append(r.returns()).append(") ").append(GenerateFacade.holder(r))
                    .append(".D.brief().invokeExact(").append(String.join(", ", args)).append(");\n");
            out.append(i8).append("} catch (Throwable e) {\n");
            out.append(i8).append("    throw Downcall.failed(routine, e);\n");
            out.append(i8).append("}\n");
            out.append("    }\n\n");
            return;
        }
        for (Param.Operand o : r.operands()) {
            if (queried(o)) {
                String minimum = o.args().get(0) + "Minimum";
                out.append(wrapExpression(i8 + "long " + minimum + " = " + o.args().get(1) + ";", 24)).append('\n');
                out.append(i8).append("LapackChecks.workspace(routine, \"").append(o.args().get(0)).append("\", ")
                        .append(o.args().get(0)).append(", ").append(minimum).append(");\n");
            }
        }
        quickDispatch(out, r);
        String lead = i8 + (r.returns().equals("void") ? "" : "return ");
        out.append(lead).append("LapackCalls.").append(r.name()).append("(")
                .append(GenerateFacade.wrapList(GenerateFacade.argumentNames(r), lead + "LapackCalls." + r.name() + "(",
                        16)).append(");\n");
        out.append("    }\n\n");
    }

    /**
     * The general path of a routine, in {@code LapackCalls}: every check again, through {@code Call}, which decides
     * exactly what the quick paths only accept plainly; then the downcall by address or by segment.
     */
    private static void general(StringBuilder out, Routine r) {
        String i8 = "        ";
        String head = "    static " + r.returns() + " " + r.name() + "(";
        out.append(head).append(GenerateFacade.wrapList(GenerateFacade.signature(r), head, 12)).append(") {\n");
        out.append(i8).append("String routine = \"").append(r.name()).append("\";\n");
        scalarChecks(out, r);
        for (Param.Operand o : r.operands()) {
            if (queried(o)) {
                String minimum = o.args().get(0) + "Minimum";
                out.append(wrapExpression(i8 + "long " + minimum + " = " + o.args().get(1) + ";", 24)).append('\n');
                out.append(i8).append("LapackChecks.workspace(routine, \"").append(o.args().get(0)).append("\", ")
                        .append(o.args().get(0)).append(", ").append(minimum).append(");\n");
            }
        }
        operands(out, r, false);
        out.append(i8).append("if (call.skip) {\n");
        out.append(i8).append(outputSlot(r) >= 0 ? "    return 0;\n" : "    return;\n");
        out.append(i8).append("}\n");
        nativeCall(out, r, false);
        infoCheck(out, r, i8);
        int found = outputSlot(r);
        if (found >= 0) {
            out.append(i8).append("return room.integerValue(").append(found).append(");\n");
        }
        out.append("    }\n\n");
    }

    /** The workspace query: the same arguments without the work arrays, LAPACK's optimal sizes back. */
    private static void query(StringBuilder out, Routine r) {
        boolean single = r.precision() == 's' || r.precision() == 'c';
        out.append(GenerateFacade.javadoc("The optimal workspace of {@link #" + r.name() + "} for these arguments, as"
                + " LAPACK's query (lwork = -1) answers it" + (single ? ", rounded up past the float it arrives in"
                : "") + ", and at least the documented minimum that the routine asks for (for some shapes LAPACK"
                + " answers less). The arrays are checked as {@link #" + r.name() + "} checks them; LAPACK does not touch"
                + " them.", "    "));
        List<String> params = new ArrayList<>();
        List<String> all = GenerateFacade.signature(r);
        for (String p : all) {
            String name = p.substring(p.indexOf(' ') + 1);
            if (!isWork(r, name)) {
                params.add(p);
            }
        }
        String head = "    public static Workspace " + r.name() + "Workspace(";
        out.append(head).append(GenerateFacade.wrapList(params, head, 12)).append(") {\n");
        String i8 = "        ";
        out.append(i8).append("String routine = \"").append(r.name()).append("\";\n");
        scalarChecks(out, r);
        operands(out, r, true);
        for (Param.Operand o : r.operands()) {
            if (queried(o)) {
                out.append(wrapExpression(i8 + "long " + o.args().get(0) + "Minimum = " + o.args().get(1) + ";", 24))
                        .append('\n');
            }
        }
        for (Param.Operand o : r.operands()) {
            if (isWork(o) && !queried(o)) { // a work array of a fixed size: the size is the answer
                out.append(wrapExpression(i8 + "long " + o.name() + "Size = " + o.args().get(0) + ";", 24))
                        .append('\n');
            }
        }
        out.append(i8).append("if (call.skip) { // nothing to compute: the minimums do\n");
        out.append(i8).append("    return new Workspace(").append(size(r, "work")).append(", ")
                .append(size(r, "rwork")).append(", ").append(size(r, "iwork")).append(");\n");
        out.append(i8).append("}\n");
        nativeCall(out, r, true);
        out.append(i8).append("LapackChecks.info(routine, room.infoValue(), null, null);\n");
        // At least the documented minimum, which the routine's check asks for even where LAPACK's own answer is less
        String real = single ? "JAVA_FLOAT" : "JAVA_DOUBLE";
        out.append(i8).append("long work = Math.max(lworkMinimum, LapackChecks.workSize(room.work.get(ValueLayout.")
                .append(real).append(", 0), ").append(single).append("));\n");
        String rwork = size(r, "rwork");
        if (queried(r, "rwork")) {
            out.append(i8).append("long rwork = Math.max(").append(rwork).append(", LapackChecks.workSize(room.rwork.get(")
                    .append("ValueLayout.").append(real).append(", 0), ").append(single).append("));\n");
            rwork = "rwork";
        }
        String iwork = size(r, "iwork");
        if (queried(r, "iwork")) {
            iwork = "Math.max(" + iwork + ", room.iwork.get(ValueLayout.JAVA_INT, 0))";
        }
        out.append(i8).append("return new Workspace(work, ").append(rwork).append(", ").append(iwork).append(");\n");
        out.append("    }\n\n");
    }

    // ---- quick paths: native or heap operands plainly valid, checked in straight-line code --------------------

    /**
     * After the scalar checks: every operand native (an {@code Arena.allocate} segment) or every one a heap array of
     * its type goes to {@code xNative} / {@code xHeap}, which take the call when each operand plainly fits (its
     * span, a superset of its exact extent, inside the segment, aligned, outputs writable and apart from every other
     * operand, the memory this thread's alone) and answer -1 otherwise; everything else, and every -1, goes on to
     * the general path, which decides exactly.
     */
    private static void quickDispatch(StringBuilder out, Routine r) {
        String i8 = "        ";
        List<Param.Operand> ops = r.operands();
        List<String> conditions = new ArrayList<>(List.of("Quick.ON"));
        ops.forEach(o -> conditions.add(o.name() + " != null"));
        List<String> natives = ops.stream().map(o -> o.name() + ".getClass() == Quick.NATIVE").toList();
        List<String> heaps = ops.stream().map(o -> o.name() + ".getClass() == Quick." + heapClass(r, o)).toList();
        boolean returns = r.returns().equals("int");
        out.append(wrapTests(i8 + "if (", conditions)).append(") {\n");
        for (int k = 0; k < 2; k++) {
            List<String> tests = k == 0 ? natives : heaps;
            String head = k == 0 ? "    if (" : "    } else if (";
            out.append(wrapTests(i8 + head, tests)).append(") {\n");
            String call = i8 + "        int quick = " + r.name() + (k == 0 ? "Native(" : "Heap(");
            out.append(call).append(GenerateFacade.wrapList(GenerateFacade.argumentNames(r), call, 24)).append(");\n");
            out.append(i8).append("        if (quick >= 0) {\n");
            out.append(i8).append("            return").append(returns ? " quick" : "").append(";\n");
            out.append(i8).append("        }\n");
        }
        out.append(i8).append("    }\n");
        out.append(i8).append("}\n");
    }

    /** {@code a && b && ...} after {@code lead}, broken before an operand that would pass column 114 (room for a
     * closing {@code )) {}), continuation lines 8 deeper than the statement. */
    private static String wrapTests(String lead, List<String> tests) {
        String indent = " ".repeat(lead.length() - lead.stripLeading().length() + 8);
        StringBuilder s = new StringBuilder(lead);
        int column = lead.length();
        for (int i = 0; i < tests.size(); i++) {
            String t = (i == 0 ? "" : " && ") + tests.get(i);
            if (i > 0 && column + t.length() > 114) {
                s.append("\n").append(indent);
                t = "&& " + tests.get(i);
                column = indent.length();
            }
            s.append(t);
            column += t.length();
        }
        return s.toString();
    }

    private static String heapClass(Routine r, Param.Operand o) {
        if (integers(o)) {
            return "INTS";
        }
        return r.precision() == 's' || r.precision() == 'c' ? "FLOATS" : "DOUBLES";
    }

    private static boolean integers(Param.Operand o) {
        return List.of("ints", "iwork", "pivots").contains(o.shape());
    }

    /** The operand's element size as a shift, and its alignment mask. */
    private static int shift(Routine r, Param.Operand o) {
        if (integers(o)) {
            return 2;
        }
        boolean real = List.of("reals", "rwork").contains(o.shape());
        return switch (r.precision()) {
            case 's' -> 2;
            case 'd' -> 3;
            case 'c' -> real ? 2 : 3;
            default -> real ? 3 : 4;
        };
    }

    private static int mask(Routine r, Param.Operand o) {
        return integers(o) || r.precision() == 's' || r.precision() == 'c' ? 3 : 7;
    }

    /** Elements from an operand's first to one past its last (a superset of its exact extent), as Java. */
    private static String span(Param.Operand o) {
        List<String> a = o.args();
        return switch (o.shape()) {
            case "general" -> "Quick.span(" + a.get(1) + ", " + a.get(0) + ", " + a.get(2) + ")";
            case "triangle" -> "Quick.span(" + a.get(2) + ", " + a.get(2) + ", " + a.get(3) + ")";
            case "packed" -> "Quick.packed(" + a.get(0) + ")";
            default -> "Quick.count(" + a.get(0) + ")"; // contiguous, reals, ints, pivots, work arrays: n, or lwork
        };
    }

    /** {@code xNative} (native segments, by address) or {@code xHeap} (heap arrays, a critical call). */
    private static void quick(StringBuilder out, Routine r, boolean natives) {
        String i8 = "        ";
        String head = "    private static int " + r.name() + (natives ? "Native(" : "Heap(");
        out.append(head).append(GenerateFacade.wrapList(GenerateFacade.signature(r), head, 12)).append(") {\n");
        out.append(i8).append("String routine = \"").append(r.name()).append("\";\n");
        for (String[] w : r.where()) {
            out.append(wrapExpression(i8 + "var " + w[0] + " = " + w[1] + ";", i8.length() + 8)).append('\n');
        }
        List<Param.Operand> ops = r.operands();
        List<String> tests = new ArrayList<>();
        for (Param.Operand o : ops) {
            String n = o.name();
            out.append(wrapExpression(i8 + "long " + n + "Span = " + span(o) + ";", 16)).append('\n');
            String fn = natives ? (o.output() ? "Quick.out(" : "Quick.in(") : (o.output() ? "Quick.heapOut(" : "Quick.heapIn(");
            out.append(i8).append("long ").append(n).append("At = ").append(fn).append(n).append(", ").append(n)
                    .append("Offset, ").append(n).append("Span, ").append(shift(r, o)).append(", ")
                    .append(mask(r, o)).append(");\n");
        }
        tests.add("(" + String.join(" | ", ops.stream().map(o -> o.name() + "At").toList()) + ") >= 0");
        for (int i = 0; i < ops.size(); i++) {
            for (int j = 0; j < ops.size(); j++) {
                Param.Operand x = ops.get(i);
                Param.Operand y = ops.get(j);
                if (i != j && x.output() && (!y.output() || j > i)) {
                    String xb = x.name() + "Span << " + shift(r, x);
                    String yb = y.name() + "Span << " + shift(r, y);
                    tests.add(natives ? "Quick.apart(" + x.name() + "At, " + xb + ", " + y.name() + "At, " + yb + ")"
                            : "Quick.heapApart(" + x.name() + ", " + x.name() + "At, " + xb + ", " + y.name() + ", "
                            + y.name() + "At, " + yb + ")");
                }
            }
        }
        tests.add("ExitGate.isOpen()");
        if (natives) {
            String first = ops.get(0).name();
            tests.add("Quick.owned(" + first + ")");
            for (Param.Operand o : ops.subList(1, ops.size())) {
                tests.add("(" + o.name() + ".scope() == " + first + ".scope() || Quick.owned(" + o.name() + "))");
            }
        }
        out.append(wrapTests(i8 + "if (!(", tests)).append(")) {\n");
        out.append(i8).append("    return -1;\n");
        out.append(i8).append("}\n");
        out.append(i8).append("LapackRoom room = LapackRoom.get();\n");
        for (Param.Operand o : ops) {
            if (o.shape().equals("pivots")) {
                out.append(i8).append("MemorySegment ").append(o.name()).append("Checked = room.pivots(routine, \"")
                        .append(o.name()).append("\", ").append(o.name()).append(", ").append(o.name())
                        .append("Offset, ").append(o.args().get(0)).append(", ").append(o.args().get(1))
                        .append(");\n");
            }
        }
        List<String> operandArgs = new ArrayList<>();
        for (Param.Operand o : ops) {
            operandArgs.add(o.shape().equals("pivots") ? o.name() + "Checked" + (natives ? ".address()" : "")
                    : natives ? o.name() + "At" : "Quick.at(" + o.name() + ", " + o.name() + "Offset, " + shift(r, o) + ")");
        }
        List<String> args = new ArrayList<>(List.of(natives ? "false" : "true"));
        args.addAll(arguments(r, natives, false, operandArgs));
        String h = GenerateFacade.holder(r);
        String lead = i8 + "    " + h + ".D." + (natives ? "byAddress" : "bySegment") + "().invokeExact(";
        if (natives) {
            out.append(i8).append("int gate = ExitGate.enter(routine);\n");
        } else {
            out.append(i8).append("ExitGate.ensureOpen(routine); // a critical call holds off the JVM's exit\n");
        }
        out.append(i8).append("try {\n");
        out.append(lead).append(GenerateFacade.wrapList(args, lead, 20)).append(");\n");
        out.append(i8).append("} catch (Throwable e) {\n");
        out.append(i8).append("    throw Downcall.failed(routine, e);\n");
        if (natives) {
            out.append(i8).append("} finally {\n");
            out.append(i8).append("    ExitGate.leave(gate);\n");
        }
        out.append(i8).append("}\n");
        infoCheck(out, r, i8);
        int found = outputSlot(r);
        out.append(i8).append("return ").append(found >= 0 ? "room.integerValue(" + found + ")" : "0").append(";\n");
        out.append("    }\n\n");
    }

    /** A work array whose length the caller passes and a query answers: work, rwork or iwork. */
    private static boolean queried(Param.Operand o) {
        return o.shape().equals("work") || o.shape().equals("rwork") || o.shape().equals("iwork");
    }

    private static boolean queried(Routine r, String name) {
        return r.operands().stream().anyMatch(o -> o.name().equals(name) && queried(o));
    }

    /**
     * The least length of work array {@code name} in a query's answer: its minimum when the caller passes its
     * length, its fixed size otherwise, 0 when the routine has none.
     */
    private static String size(Routine r, String name) {
        for (Param.Operand o : r.operands()) {
            if (o.name().equals(name)) {
                return queried(o) ? o.args().get(0) + "Minimum" : o.name() + "Size";
            }
        }
        return "0";
    }

    /** The int slot of the routine's output int ({@code m:int!}), or -1. */
    private static int outputSlot(Routine r) {
        int ints = 0;
        for (Param p : r.params()) {
            switch (p) {
                case Param.Dim d -> ints++;
                case Param.Scalar s when s.output() -> {
                    return ints;
                }
                case Param.Scalar s when s.type().equals("int") -> ints++;
                case Param.Operand o -> ints += o.attached().size();
                default -> { }
            }
        }
        return -1;
    }

    private static boolean isWork(Routine r, String parameter) {
        for (Param.Operand o : r.operands()) {
            if (isWork(o) && (parameter.equals(o.name()) || parameter.equals(o.name() + "Offset")
                    || !o.attached().isEmpty() && parameter.equals(o.attached().get(0)))) {
                return true;
            }
        }
        return false;
    }

    /** A work array: work, rwork or iwork of any shape (a query passes none of them). */
    private static boolean isWork(Param.Operand o) {
        return List.of("work", "rwork", "iwork").contains(o.name());
    }

    private static void scalarChecks(StringBuilder out, Routine r) {
        String i8 = "        ";
        for (Param p : r.params()) {
            if (p instanceof Param.Flag || p instanceof Param.Scalar s && isFlag(s)) {
                out.append(i8).append("Checks.notNull(routine, \"").append(p.name()).append("\", ").append(p.name())
                        .append(");\n");
            }
        }
        for (Param p : r.params()) {
            if (p instanceof Param.Dim d) {
                out.append(i8).append("Checks.nonNegative(routine, \"").append(d.name()).append("\", ")
                        .append(d.name()).append(");\n");
            }
        }
        for (String[] w : r.where()) {
            out.append(wrapExpression(i8 + "var " + w[0] + " = " + w[1] + ";", i8.length() + 8)).append('\n');
        }
        for (String[] refusal : r.refusals()) {
            out.append(i8).append("if (").append(refusal[0]).append(") {\n");
            String line = i8 + "    throw new IllegalArgumentException(routine + \": " + GenerateFacade.message(refusal[1])
                    + ");";
            out.append(line.length() <= 120 ? line : breakLiteral(line, i8 + "        ")).append('\n');
            out.append(i8).append("}\n");
        }
    }

    /** A line whose string literal passes column 120, broken at its last space inside a literal before 112. */
    private static String breakLiteral(String line, String indent) {
        int at = -1;
        boolean inside = false;
        for (int i = 0; i < Math.min(line.length(), 112); i++) {
            char c = line.charAt(i);
            if (c == '"' && line.charAt(i - 1) != '\\') {
                inside = !inside;
            } else if (c == ' ' && inside) {
                at = i;
            }
        }
        if (at < 0) {
            return line;
        }
        return line.substring(0, at + 1) + "\"\n" + indent + "+ \"" + line.substring(at + 1);
    }

    /** A string literal, split into concatenated parts at spaces to stay within column 120. */
    /** The check of LAPACK's INFO after the call: an exception for INFO > 0 naming the routine's failure, if any. */
    private static void infoCheck(StringBuilder out, Routine r, String i8) {
        String[] failure = r.failure();
        if (failure == null) {
            out.append(i8).append("LapackChecks.info(routine, room.infoValue(), null, null);\n");
        } else {
            out.append(i8).append("LapackChecks.info(routine, room.infoValue(), LapackException.Reason.")
                    .append(failure[0]).append(",\n").append(i8).append("        ")
                    .append(literal(failure[1], i8.length() + 8)).append(");\n");
        }
    }

    private static String literal(String text, int indent) {
        StringBuilder s = new StringBuilder("\"");
        int column = indent + 1;
        for (String word : text.split("(?<= )")) {
            if (column + word.length() > 116) {
                s.append("\"\n").append(" ".repeat(indent)).append("+ \"");
                column = indent + 3;
            }
            s.append(word);
            column += word.length();
        }
        return s.append('"').toString();
    }

    /** A statement broken before its " : " when it passes column 120. */
    static String wrapExpression(String line, int indent) {
        if (line.length() <= 120) {
            return line;
        }
        StringBuilder s = new StringBuilder();
        int column = 0;
        for (String part : line.split("(?= : )")) {
            if (column > 0 && column + part.length() > 120) {
                s.append('\n').append(" ".repeat(indent));
                part = part.substring(1);
                column = indent;
            }
            s.append(part);
            column += part.length();
        }
        return s.toString();
    }

    /** The {@code Call} declaring the operands; in a query, all but the work arrays. */
    private static void operands(StringBuilder out, Routine r, boolean query) {
        String i8 = "        ";
        out.append(i8).append("Call call = Call.begin(routine, Precision.")
                .append(new GenerateFacade.Types(r.precision()).precision()).append(")\n");
        for (Param.Operand o : r.operands()) {
            if (query && isWork(o)) {
                continue;
            }
            out.append(wrapExpression(i8 + "        " + shape(o), 24)).append('\n');
        }
        out.append(i8).append("        .check()\n");
        out.append(i8).append("        .notBrief();\n");
    }

    private static String shape(Param.Operand o) {
        String head = "\"" + o.label() + "\", " + o.name() + ", " + o.name() + "Offset";
        List<String> a = o.args();
        String call = switch (o.shape()) {
            case "general" -> ".general(" + head + ", Layout.COLUMN_MAJOR, " + String.join(", ", a) + ")";
            case "triangle" -> ".triangle(" + head + ", Layout.COLUMN_MAJOR, " + String.join(", ", a) + ")";
            case "contiguous", "work" -> ".contiguous(" + head + ", " + a.get(0) + ")";
            case "packed" -> ".packed(" + head + ", " + a.get(0) + ")";
            case "reals", "rwork" -> ".reals(" + head + ", " + a.get(0) + ")";
            case "ints", "iwork", "pivots" -> ".ints(" + head + ", " + a.get(0) + ")";
            default -> throw new IllegalArgumentException(o.shape());
        };
        return call + (o.output() ? ".output()" : "");
    }

    /** The downcall, by address or by segment as {@code Call} decides, then INFO is in the room. */
    private static void nativeCall(StringBuilder out, Routine r, boolean query) {
        String i8 = "        ";
        out.append(i8).append("LapackRoom room = LapackRoom.get();\n");
        for (Param.Operand o : r.operands()) {
            if (o.shape().equals("pivots")) { // read by LAPACK as row numbers: checked, and passed as our copy
                out.append(i8).append("MemorySegment ").append(o.name()).append("Checked;\n");
                out.append(i8).append("try {\n");
                out.append(i8).append("    ").append(o.name()).append("Checked = room.pivots(routine, \"")
                        .append(o.name()).append("\", ").append(o.name()).append(", ").append(o.name())
                        .append("Offset, ").append(o.args().get(0)).append(", ").append(o.args().get(1))
                        .append(");\n");
                out.append(i8).append("} catch (RuntimeException e) {\n");
                out.append(i8).append("    call.done();\n");
                out.append(i8).append("    throw e;\n");
                out.append(i8).append("}\n");
            }
        }
        out.append(i8).append("int gate = call.enter();\n");
        out.append(i8).append("try {\n");
        String h = "Lapack." + GenerateFacade.holder(r);
        List<String> byAddress = new ArrayList<>(List.of("call.critical"));
        byAddress.addAll(arguments(r, true, query));
        List<String> bySegment = new ArrayList<>(List.of("call.critical"));
        bySegment.addAll(arguments(r, false, query));
        String lead = i8 + "        " + h + ".D.byAddress().invokeExact(";
        out.append(i8).append("    if (call.byAddress) {\n");
        out.append(lead).append(GenerateFacade.wrapList(byAddress, lead, 24)).append(");\n");
        out.append(i8).append("    } else {\n");
        lead = i8 + "        " + h + ".D.bySegment().invokeExact(";
        out.append(lead).append(GenerateFacade.wrapList(bySegment, lead, 24)).append(");\n");
        out.append(i8).append("    }\n");
        out.append(i8).append("} catch (Throwable e) {\n");
        out.append(i8).append("    throw call.failed(e);\n");
        out.append(i8).append("} finally {\n");
        out.append(i8).append("    call.leave(gate);\n");
        out.append(i8).append("}\n");
    }

    /**
     * LAPACK's arguments in its order: every scalar a pointer into the room, each array the operand's pointer (in a
     * query the room's one-element work arrays, with lwork = -1), INFO, then one hidden length per flag.
     */
    private static List<String> arguments(Routine r, boolean byAddress, boolean query) {
        return arguments(r, byAddress, query, null);
    }

    /** The same, each operand passed as {@code operandArgs} names it (a quick path's), when given. */
    private static List<String> arguments(Routine r, boolean byAddress, boolean query, List<String> operandArgs) {
        List<String> args = new ArrayList<>();
        String address = byAddress ? ".address()" : "";
        int ints = 0;
        int letters = 0;
        int reals = 0;
        int operand = 0;
        for (Param p : r.params()) {
            switch (p) {
                case Param.Flag f -> args.add("room.letter(" + letters++ + ", " + f.name() + ".letter())" + address);
                case Param.Scalar s when isFlag(s) ->
                        args.add("room.letter(" + letters++ + ", " + s.name() + ".letter())" + address);
                case Param.Dim d -> args.add("room.integer(" + ints++ + ", " + d.name() + ")" + address);
                case Param.Scalar s when s.output() -> args.add("room.integer(" + ints++ + ", 0)" + address);
                case Param.Scalar s when s.type().equals("int") ->
                        args.add("room.integer(" + ints++ + ", " + s.name() + ")" + address);
                case Param.Scalar s -> args.add("room.real(" + reals++ + ", " + s.name() + ")" + address);
                case Param.Operand o -> {
                    boolean work = isWork(o);
                    if (query && work) {
                        args.add("room." + o.name() + address);
                    } else if (operandArgs != null) {
                        args.add(operandArgs.get(operand));
                        operand++;
                    } else if (o.shape().equals("pivots")) {
                        args.add(o.name() + "Checked" + address);
                        operand++;
                    } else {
                        args.add(byAddress ? "call.address(" + operand + ")" : "call.at(" + operand + ")");
                        operand++;
                    }
                    for (String attached : o.attached()) {
                        args.add("room.integer(" + ints++ + ", " + (query && work ? "-1" : attached) + ")"
                                + address);
                    }
                }
            }
        }
        if (!r.operands().isEmpty()) {
            args.add("room.info()" + address);
        }
        for (int i = 0; i < letters; i++) {
            args.add("1L"); // each flag's hidden length (LAPACK_FORTRAN_STRLEN_END)
        }
        return args;
    }

    private static boolean isFlag(Param.Scalar s) {
        return List.of("SvdJob", "EigenJob", "EigenRange", "MachineParameter").contains(s.type());
    }
}
