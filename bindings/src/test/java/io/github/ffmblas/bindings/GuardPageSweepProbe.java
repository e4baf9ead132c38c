package io.github.ffmblas.bindings;

import io.github.ffmblas.generator.BlasRoutines;
import io.github.ffmblas.generator.Routine;
import io.github.ffmblas.generator.Routine.Param;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Calls every routine of the table the facade is generated from ({@code BlasRoutines}), over small shapes,
 * increments, layouts and uplo/trans/diag/side choices ({@link #fromTable}), with each operand exactly as long as the
 * facade demands and an inaccessible page right after its end, then right before its start ({@link GuardedMemory});
 * in a JVM of its own ({@link GuardPageSweepTest}), since what it catches is a process crash. A SIGSEGV means
 * OpenBLAS touched memory the facade did not check: either an extent check is too lax or OpenBLAS reads or writes
 * out of bounds, as its zhemv does past y ({@code Quirks.zhemvReadsPastY}).
 *
 * <p>How long an operand must be is the facade's answer, not this class's: with the other operands large, a
 * search (doubling, then bisection) finds the shortest segment it accepts. Prints {@code RUN <case>} before each case, so a crash names
 * it, and {@code DONE <cases> cases ...} at the end; exits non-zero if a routine is missing from the sweep or the
 * facade refuses a case for any reason but a short segment.
 */
public final class GuardPageSweepProbe {
    /** Bytes per element; the size search steps by one element. Mixed routines (scnrm2, crotg) step by the smaller. */
    private static final int FLOAT = 4;
    private static final int DOUBLE = 8;
    private static final int COMPLEX_FLOAT = 8;
    private static final int COMPLEX_DOUBLE = 16;

    /** Alpha and beta of each precision, none of them zero, so no routine skips an operand. */
    private static final float SA = 0.75f;
    private static final float SB = -0.5f;
    private static final double DA = 0.75;
    private static final double DB = -0.5;
    private static final ComplexFloat CA = new ComplexFloat(0.75f, -0.25f);
    private static final ComplexFloat CB = new ComplexFloat(-0.5f, 0.125f);
    private static final ComplexDouble ZA = new ComplexDouble(0.75, -0.25);
    private static final ComplexDouble ZB = new ComplexDouble(-0.5, 0.125);

    private static final int[] SIZES = {1, 2, 7, 33};
    private static final int[] INCREMENTS = {1, -1, 3, -2};
    /** m x n of general matrices: level 2, ?geadd, ?omatcopy and ?imatcopy. */
    private static final int[][] SHAPES = {{1, 1}, {2, 7}, {7, 2}, {33, 17}};
    /** m x n x k of products (for gemmt, syrk and the like: n x k, for symm, trmm and trsm: m x n). */
    private static final int[][] PRODUCTS = {{1, 1, 1}, {2, 7, 33}, {7, 33, 2}, {33, 2, 7}};
    /** Sub- and super-diagonals of band matrices; 4 exceeds some of the shapes. */
    private static final int[][] BANDS = {{0, 0}, {1, 2}, {4, 1}};
    /** Off-diagonals of triangular and symmetric band matrices. */
    private static final int[] BAND_WIDTHS = {1, 4};
    /**
     * m = n = k of the batches that reach cblas_sgemm_batch_strided itself: the facade loops over cblas_sgemm up to
     * M*N*K = 1,000,000 (Quirks.SMALL_BATCH_CRASH_LIMIT).
     */
    private static final int NATIVE_BATCH_SIZE = 101;

    /** Each operand's size during the search: more than any case here needs. */
    private static final long SEARCH_BYTES = 1 << 18;
    /** The facade's words when a segment is too short for what the arguments make the routine touch. */
    private static final String TOO_SHORT = "but its segment holds";

    /** The call of one case, on its operands in the order the case counts them. */
    @FunctionalInterface
    interface Body {
        void call(MemorySegment[] operands);
    }

    /** One routine with one set of arguments; only the operands' segments vary. */
    record Case(String routine, String arguments, int operands, int elementBytes, Body body) {
        String name() {
            return routine + " " + arguments;
        }
    }

    private final List<Case> cases = new ArrayList<>();
    private final MemorySegment[] searchSegments = new MemorySegment[4];
    private long searchCalls;
    private long guardedCalls;
    /** Argument sets the facade refuses for another reason than a leading dimension: no case. */
    private long refused;
    /**
     * OpenBLAS's thread count, which the guarded calls run with. The search runs on one thread: it needs only the
     * facade's verdict, and routines such as ?tbmv wake every thread for any n, which on two busy cores made the
     * search several times slower.
     */
    private final int threads = Blas.numThreads();

    private GuardPageSweepProbe() {
        for (int i = 0; i < searchSegments.length; i++) {
            searchSegments[i] = fill(Arena.global().allocate(SEARCH_BYTES, 64));
        }
    }

    public static void main(String[] args) {
        GuardPageSweepProbe probe = new GuardPageSweepProbe();
        probe.fromTable();
        Set<String> unswept = probe.coverageGaps();
        if (!unswept.isEmpty()) {
            System.out.println("MISSING from the sweep: " + unswept);
            System.exit(2);
        }
        long start = System.nanoTime();
        for (Case c : probe.cases) {
            probe.run(c);
        }
        System.out.printf("DONE %d cases: %d guarded calls, %d size-search calls, %.1f s (%d argument sets refused)%n",
                probe.cases.size(), probe.guardedCalls, probe.searchCalls, (System.nanoTime() - start) / 1e9,
                probe.refused);
    }

    /**
     * Public Blas methods taking a segment that no case calls, and case routine names that are no such method.
     * (Every such method is swept: none is excluded.)
     */
    private Set<String> coverageGaps() {
        Set<String> facade = Arrays.stream(Blas.class.getMethods())
                .filter(m -> Modifier.isStatic(m.getModifiers()))
                .filter(m -> Arrays.asList(m.getParameterTypes()).contains(MemorySegment.class))
                .map(Method::getName)
                .collect(Collectors.toCollection(TreeSet::new));
        Set<String> swept = cases.stream().map(Case::routine).collect(Collectors.toCollection(TreeSet::new));
        Set<String> gaps = new TreeSet<>(facade);
        gaps.removeAll(swept);
        swept.stream().filter(r -> !facade.contains(r)).map(r -> r + " (no such method)").forEach(gaps::add);
        return gaps;
    }

    private void run(Case c) {
        System.out.println("RUN " + c.name());
        long[] bytes = new long[c.operands()];
        Blas.setNumThreads(1);
        try {
            searchCall(c, searchSegments); // must be accepted: a refusal here is the case's fault
            for (int i = 0; i < bytes.length; i++) {
                bytes[i] = shortestAccepted(c, i);
            }
        } finally {
            Blas.setNumThreads(threads);
        }
        for (GuardedMemory.Guard guard : GuardedMemory.Guard.values()) {
            try (GuardedMemory memory = new GuardedMemory()) {
                MemorySegment[] operands = new MemorySegment[bytes.length];
                for (int i = 0; i < bytes.length; i++) {
                    operands[i] = fill(memory.allocate(bytes[i], guard));
                }
                c.body().call(operands);
                guardedCalls++;
            }
        }
    }

    /**
     * The fewest bytes of operand i the facade accepts, the others long: doubling from none until it is accepted,
     * then a bisection over whole elements, so that few calls reach OpenBLAS, each on little memory.
     */
    private long shortestAccepted(Case c, int operand) {
        long tooFew = -1;
        long enough = 0;
        while (!accepted(c, operand, enough * c.elementBytes())) {
            tooFew = enough;
            enough = Math.min(Math.max(1, 2 * enough), SEARCH_BYTES / c.elementBytes());
        }
        while (enough - tooFew > 1) {
            long elements = (tooFew + enough) >>> 1;
            if (accepted(c, operand, elements * c.elementBytes())) {
                enough = elements;
            } else {
                tooFew = elements;
            }
        }
        return enough * c.elementBytes();
    }

    /** Whether the facade takes operand i at this length (and calls OpenBLAS), or refuses it as too short. */
    private boolean accepted(Case c, int operand, long bytes) {
        MemorySegment[] operands = searchSegments.clone();
        operands[operand] = searchSegments[operand].asSlice(0, bytes);
        try {
            searchCall(c, operands);
            return true;
        } catch (IllegalArgumentException e) {
            if (!String.valueOf(e.getMessage()).contains(TOO_SHORT)) {
                throw e;
            }
            return false;
        }
    }

    private void searchCall(Case c, MemorySegment[] segments) {
        searchCalls++;
        c.body().call(Arrays.copyOf(segments, c.operands()));
    }

    /**
     * Every byte 0x3F: 0.747 as a float, 4.8e-4 as a double, nonzero and normal, so no kernel skips an element for
     * being zero (OpenBLAS's ger and syr skip zero elements of x) and no solve divides by zero.
     */
    private static MemorySegment fill(MemorySegment segment) {
        return segment.fill((byte) 0x3F);
    }

    /** One routine with one set of arguments, its operands' segments left to {@link #run}. */
    private void add(Routine r, Object[] arguments, int[] segmentAt) {
        int bytes = elementBytes(r);
        Method m = METHODS.get(r.name());
        cases.add(new Case(r.name(), describe(r, arguments), segmentAt.length, bytes, s -> {
            Object[] a = arguments.clone();
            for (int i = 0; i < segmentAt.length; i++) {
                a[segmentAt[i]] = s[i];
            }
            invoke(m, a);
        }));
    }

    private static final Map<String, Method> METHODS = Arrays.stream(Blas.class.getMethods())
            .filter(m -> Modifier.isStatic(m.getModifiers()))
            .collect(Collectors.toMap(Method::getName, m -> m, (a, b) -> a));

    private static void invoke(Method m, Object[] arguments) {
        StaticCall.invoke(m, arguments);
    }

    /** The size search steps by one element: of the smaller type in mixed routines (scnrm2's, crotg's c). */
    private static int elementBytes(Routine r) {
        boolean mixed = r.operands().stream().anyMatch(o -> o.shape().equals("real"));
        return switch (r.precision()) {
            case 's' -> FLOAT;
            case 'd' -> DOUBLE;
            case 'c' -> mixed ? FLOAT : COMPLEX_FLOAT;
            default -> mixed ? DOUBLE : COMPLEX_DOUBLE;
        };
    }

    private static String describe(Routine r, Object[] arguments) {
        StringBuilder s = new StringBuilder();
        int i = 0;
        for (Param p : r.params()) {
            if (p instanceof Param.Operand o) {
                i += 2;
                for (String attached : o.attached()) {
                    s.append(attached).append('=').append(arguments[i++]).append(' ');
                }
            } else {
                s.append(p.name()).append('=').append(arguments[i++]).append(' ');
            }
        }
        return s.toString().trim();
    }

    // ---- the cases, from the routine table -------------------------------------------------------------------------

    /**
     * Every routine of the table over every combination of its flags, dimension tuples of {@link #PRODUCTS} (a
     * routine's dimensions take a tuple's numbers in the order it declares them), the band widths, increments of
     * both signs, and leading dimensions one longer than the facade's minimum (so a kernel that reads whole ones
     * shows). A combination the facade refuses for another reason than its leading dimensions (an index routine's
     * negative increment, {@code ?herk}'s TRANSPOSE) is no case.
     */
    private void fromTable() {
        for (Routine r : BlasRoutines.ALL) {
            List<Object[]> sets = new ArrayList<>();
            sets.add(new Object[0]);
            for (Param p : r.params()) {
                sets = expand(r, sets, p);
            }
            if (r.name().equals("sgemmBatchStrided")) {
                sets.addAll(nativeBatch(r));
            }
            for (Object[] arguments : sets) {
                int[] segmentAt = segmentPositions(r);
                Object[] resolved = resolveLeadingDimensions(r, arguments, segmentAt);
                if (resolved != null) {
                    add(r, resolved, segmentAt);
                }
            }
        }
    }

    /** Each set of the arguments so far, extended by every value this parameter takes. */
    private static List<Object[]> expand(Routine r, List<Object[]> sets, Param p) {
        List<Object[]> out = new ArrayList<>();
        for (Object[] set : sets) {
            for (Object[] tail : values(r, p, set)) {
                Object[] next = Arrays.copyOf(set, set.length + tail.length);
                System.arraycopy(tail, 0, next, set.length, tail.length);
                out.add(next);
            }
        }
        return out;
    }

    /** The values of one parameter (an operand: its segment, offset 0, then each attached int or stride). */
    private static List<Object[]> values(Routine r, Param p, Object[] before) {
        boolean vectorsOnly = r.operands().stream().allMatch(o -> o.shape().equals("vector")
                || o.shape().equals("contiguous") || o.shape().equals("real"));
        return switch (p) {
            case Param.Flag f -> Arrays.stream(flags(f.type())).map(v -> new Object[] {v}).toList();
            case Param.Dim d -> dimensionValues(r, d, before);
            case Param.Scalar s -> List.<Object[]>of(new Object[] {scalar(s)});
            case Param.Operand o -> {
                List<Object[]> v = new ArrayList<>();
                if (o.shape().equals("vector")) {
                    int[] incs = vectorsOnly ? INCREMENTS : o.name().equals("x") ? new int[] {1, -2} : new int[] {1, -3};
                    for (int inc : incs) {
                        v.add(new Object[] {null, 0L, inc});
                    }
                } else if (o.shape().equals("batch")) {
                    v.add(new Object[] {null, 0L, 1, -1L}); // stride after the leading dimension is known
                    if (!o.output()) {
                        v.add(new Object[] {null, 0L, 1, 0L}); // one matrix for every item
                    }
                } else {
                    Object[] one = new Object[2 + o.attached().size()];
                    one[1] = 0L;
                    Arrays.fill(one, 2, one.length, 1); // a leading dimension, resolved later
                    v.add(one);
                }
                yield v;
            }
        };
    }

    /**
     * A dimension's values: the i-th dimension a routine declares takes the i-th number of each tuple of
     * {@link #SHAPES} (two) or {@link #PRODUCTS} (three); band widths and batch counts their own. Level 1 takes
     * {@link #SIZES}.
     */
    private static List<Object[]> dimensionValues(Routine r, Param.Dim d, Object[] before) {
        List<String> dims = r.params().stream().filter(p -> p instanceof Param.Dim && !band(p.name(), r)
                && !p.name().equals("count")).map(Param::name).toList();
        if (d.name().equals("count")) {
            return List.of(new Object[] {1}, new Object[] {3});
        }
        if (band(d.name(), r)) {
            if (d.name().equals("k")) {
                return Arrays.stream(BAND_WIDTHS).mapToObj(k -> new Object[] {k}).toList();
            }
            int which = d.name().equals("kl") ? 0 : 1;
            if (which == 1) { // ku goes with the kl just chosen, as the pairs of BANDS
                int kl = (int) before[before.length - 1];
                return Arrays.stream(BANDS).filter(b -> b[0] == kl).map(b -> new Object[] {b[1]}).toList();
            }
            return Arrays.stream(BANDS).map(b -> new Object[] {b[0]}).distinct().toList();
        }
        int index = dims.indexOf(d.name());
        if (dims.size() == 1) {
            return Arrays.stream(SIZES).mapToObj(n -> new Object[] {n}).toList();
        }
        if (index > 0) { // follows the first dimension's tuple
            return List.<Object[]>of(new Object[] {TUPLE_PENDING});
        }
        int[][] tuples = dims.size() == 2 ? SHAPES : PRODUCTS;
        return Arrays.stream(tuples).map(t -> new Object[] {t}).toList();
    }

    /** Stands for a dimension whose value the tuple of the routine's first dimension gives. */
    private static final Object TUPLE_PENDING = new Object();

    private static boolean band(String name, Routine r) {
        return name.equals("kl") || name.equals("ku")
                || name.equals("k") && r.operands().stream().anyMatch(o -> o.shape().equals("tband"));
    }

    private static Object[] flags(String type) {
        return switch (type) {
            case "Layout" -> Layout.values();
            case "Transpose" -> Transpose.values();
            case "Uplo" -> Uplo.values();
            case "Diag" -> Diag.values();
            default -> Side.values();
        };
    }

    /** Nonzero scalars, so that no routine skips an operand; ?rot's (0.6, 0.8), ?rotmg's y1 0.6. */
    private static Object scalar(Param.Scalar s) {
        boolean second = s.name().equals("beta") || s.name().equals("s");
        return switch (s.type()) {
            case "float" -> s.name().equals("c") ? 0.6f : s.name().equals("s") ? 0.8f : s.name().equals("y1") ? 0.6f
                    : second ? SB : SA;
            case "double" -> s.name().equals("c") ? 0.6 : s.name().equals("s") ? 0.8 : s.name().equals("y1") ? 0.6
                    : second ? DB : DA;
            case "ComplexFloat" -> second ? CB : CA;
            case "ComplexDouble" -> second ? ZB : ZA;
            default -> 1; // a plain int: ?imatcopy's ldb, resolved as a leading dimension
        };
    }

    /** m = n = k large enough to reach cblas_sgemm_batch_strided itself, two items (the other batches loop). */
    private static List<Object[]> nativeBatch(Routine r) {
        List<Object[]> sets = new ArrayList<>();
        int n = NATIVE_BATCH_SIZE;
        for (Object layout : Layout.values()) {
            for (Object ta : Transpose.values()) {
                for (Object tb : Transpose.values()) {
                    sets.add(new Object[] {layout, ta, tb, n, n, n, SA, null, 0L, 1, -1L, null, 0L, 1, -1L, SB,
                            null, 0L, 1, -1L, 2});
                }
            }
        }
        return sets;
    }

    private static int[] segmentPositions(Routine r) {
        List<Integer> at = new ArrayList<>();
        int i = 0;
        for (Param p : r.params()) {
            if (p instanceof Param.Operand o) {
                at.add(i);
                i += 2 + o.attached().size();
            } else {
                i++;
            }
        }
        return at.stream().mapToInt(Integer::intValue).toArray();
    }

    private static final Pattern LD_TOO_SMALL = Pattern.compile(": (ld\\w+)=-?\\d+ must be >= (\\d+)");

    /**
     * The arguments with each dimension tuple spread over its dimensions, each leading dimension one longer than
     * the facade's minimum (asked of the facade: it names the parameter and the minimum it refused), and each batch
     * stride one element past an item; null when the facade refuses them for another reason.
     */
    private Object[] resolveLeadingDimensions(Routine r, Object[] given, int[] segmentAt) {
        Object[] a = spreadTuples(r, given);
        List<String> names = argumentNames(r);
        for (int attempt = 0; attempt < 8; attempt++) {
            Object[] trial = a.clone();
            for (int i = 0; i < segmentAt.length; i++) {
                trial[segmentAt[i]] = searchSegments[i];
            }
            for (int i = 0; i < names.size(); i++) {
                if (names.get(i).startsWith("stride") && (long) trial[i] == -1L) {
                    trial[i] = strideFor(names, trial, i);
                }
            }
            try {
                Blas.setNumThreads(1);
                invoke(METHODS.get(r.name()), trial);
                for (int i = 0; i < names.size(); i++) {
                    if (names.get(i).startsWith("stride")) {
                        a[i] = trial[i];
                    }
                }
                return a;
            } catch (IllegalArgumentException e) {
                Matcher m = LD_TOO_SMALL.matcher(String.valueOf(e.getMessage()));
                if (!m.find()) {
                    refused++;
                    return null;
                }
                String parameter = m.group(1);
                int i = names.indexOf(parameter);
                if (i < 0) {
                    throw new AssertionError(r.name() + ": the facade names " + parameter + ", not a parameter");
                }
                a[i] = Integer.parseInt(m.group(2)) + 1;
            } finally {
                Blas.setNumThreads(threads);
            }
        }
        throw new AssertionError(r.name() + ": no leading dimensions found for " + describe(r, a));
    }

    /** A batch stride one element past an item: (the matrix's runs) x ld + 1 elements bound its item span. */
    private static long strideFor(List<String> names, Object[] a, int stride) {
        int ld = (int) a[stride - 1];
        int runs = 1;
        for (int i = 0; i < names.size(); i++) {
            if (a[i] instanceof Integer v && List.of("m", "n", "k").contains(names.get(i))) {
                runs = Math.max(runs, v);
            }
        }
        return (long) runs * ld + 1;
    }

    private static Object[] spreadTuples(Routine r, Object[] given) {
        Object[] a = given.clone();
        int[] tuple = null;
        int next = 0;
        for (int i = 0; i < a.length; i++) {
            if (a[i] instanceof int[] t) {
                tuple = t;
                a[i] = t[0];
                next = 1;
            } else if (a[i] == TUPLE_PENDING) {
                a[i] = tuple[next++];
            }
        }
        return a;
    }

    private static List<String> argumentNames(Routine r) {
        List<String> names = new ArrayList<>();
        for (Param p : r.params()) {
            if (p instanceof Param.Operand o) {
                names.add(o.name());
                names.add(o.name() + "Offset");
                names.addAll(o.attached());
            } else {
                names.add(p.name());
            }
        }
        return names;
    }
}
