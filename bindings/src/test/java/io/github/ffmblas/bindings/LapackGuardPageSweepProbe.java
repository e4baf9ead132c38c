package io.github.ffmblas.bindings;

import io.github.ffmblas.generator.LapackRoutines;
import io.github.ffmblas.generator.Routine;
import io.github.ffmblas.generator.Routine.Param;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * {@link GuardPageSweepProbe} for {@link Lapack}: every routine of the LAPACK table over every combination of its
 * flags and a few shapes, each work length at exactly LAPACK's documented minimum and each leading dimension one
 * past the facade's, each operand exactly as long as the facade demands (found by search) with an inaccessible page
 * right after its end, then right before its start. A SIGSEGV means LAPACK touched memory the facade did not check.
 * Matrices get a dominant diagonal, so that factorizations run to the end rather than stop at a zero pivot; pivots
 * LAPACK reads are 1 (valid rows). Run in a JVM of its own by {@link GuardPageSweepTest}; prints {@code RUN <case>}
 * before each case and {@code DONE <cases> cases ...} at the end; exits non-zero if a routine has no case.
 */
public final class LapackGuardPageSweepProbe {
    private static final long SEARCH_BYTES = 1 << 20;
    private static final String TOO_SHORT = "but its segment holds";
    private static final Pattern TOO_SMALL = Pattern.compile(": (ld\\w+|l\\w*work)=-?\\d+ must be >= (\\d+)");
    private static final int[] ONE = {1, 7, 33};
    private static final int[][] TWO = {{1, 1}, {7, 3}, {3, 7}, {33, 5}};
    private static final int[][] THREE = {{1, 1, 1}, {7, 5, 3}, {9, 4, 4}};
    private static final int[][] BANDS = {{0, 0}, {1, 2}, {3, 1}};

    /** One routine with one set of arguments; its operands' segments left to the run. */
    record Case(Routine routine, Object[] arguments, int[] segmentAt) {
        String name() {
            StringBuilder s = new StringBuilder(routine.name());
            List<String> names = names(routine);
            for (int i = 0; i < arguments.length; i++) {
                if (!(arguments[i] instanceof MemorySegment) && arguments[i] != null && !names.get(i).endsWith("Offset")) {
                    s.append(' ').append(names.get(i)).append('=').append(arguments[i]);
                }
            }
            return s.toString();
        }
    }

    private final List<Case> cases = new ArrayList<>();
    private final MemorySegment[] searchSegments = new MemorySegment[12];
    private long refused;
    private long lapackExceptions;

    private LapackGuardPageSweepProbe() {
        for (int i = 0; i < searchSegments.length; i++) {
            searchSegments[i] = Arena.global().allocate(SEARCH_BYTES, 64);
        }
    }

    public static void main(String[] args) {
        LapackGuardPageSweepProbe probe = new LapackGuardPageSweepProbe();
        Blas.setNumThreads(1);
        for (Routine r : LapackRoutines.ALL) {
            if (!r.operands().isEmpty()) {
                probe.add(r);
            }
        }
        Set<String> swept = probe.cases.stream().map(c -> c.routine().name()).collect(Collectors.toCollection(TreeSet::new));
        Set<String> missing = LapackRoutines.ALL.stream().filter(r -> !r.operands().isEmpty()).map(Routine::name)
                .filter(n -> !swept.contains(n)).collect(Collectors.toCollection(TreeSet::new));
        if (!missing.isEmpty()) {
            System.out.println("MISSING from the sweep: " + missing);
            System.exit(2);
        }
        long start = System.nanoTime();
        long guarded = 0;
        for (Case c : probe.cases) {
            guarded += probe.run(c);
        }
        System.out.printf("DONE %d cases: %d guarded calls, %d ended in LapackException, %.1f s (%d argument sets"
                + " refused)%n", probe.cases.size(), guarded, probe.lapackExceptions, (System.nanoTime() - start) / 1e9,
                probe.refused);
    }

    // ---- cases from the table --------------------------------------------------------------------------------

    private void add(Routine r) {
        List<Object[]> sets = new ArrayList<>();
        sets.add(new Object[0]);
        List<String> dims = r.params().stream().filter(p -> p instanceof Param.Dim)
                .map(Param::name).filter(n -> !n.equals("kl") && !n.equals("ku")).toList();
        for (Param p : r.params()) {
            if (p instanceof Param.Scalar s && s.output()) {
                continue; // LAPACK writes it: no argument
            }
            List<Object[]> next = new ArrayList<>();
            for (Object[] set : sets) {
                for (Object v : values(p, dims)) {
                    Object[] a = Arrays.copyOf(set, set.length + 1);
                    a[set.length] = v;
                    next.add(a);
                }
            }
            sets = next;
        }
        int[] segmentAt = segmentPositions(r);
        for (Object[] set : sets) {
            Object[] arguments = flatten(r, spread(set, dims.size()));
            Object[] resolved = resolve(r, arguments, segmentAt);
            if (resolved != null) {
                cases.add(new Case(r, resolved, segmentAt));
            }
        }
    }

    /** A parameter's values; an operand is a marker, expanded by {@link #flatten}. */
    private static List<Object> values(Param p, List<String> dims) {
        return switch (p) {
            case Param.Flag f -> List.of(switch (f.type()) {
                case "Uplo" -> Uplo.values();
                case "Transpose" -> Transpose.values();
                case "Diag" -> Diag.values();
                default -> Side.values();
            });
            case Param.Scalar s -> switch (s.type()) {
                case "SvdJob" -> List.of((Object[]) SvdJob.values());
                case "EigenJob" -> List.of((Object[]) EigenJob.values());
                case "EigenRange" -> List.of((Object[]) EigenRange.values());
                case "int" -> List.of(1); // il = iu = 1: valid for every n >= 1
                case "double" -> List.of(s.name().equals("vl") ? -1.0 : s.name().equals("vu") ? 1.0 : 0.0);
                default -> List.of(s.name().equals("vl") ? -1f : s.name().equals("vu") ? 1f : 0f);
            };
            case Param.Dim d when d.name().equals("kl") -> Arrays.stream(BANDS).map(b -> (Object) b).toList();
            case Param.Dim d when d.name().equals("ku") -> List.of(BAND_PENDING);
            case Param.Dim d -> dims.indexOf(d.name()) > 0 ? List.of(TUPLE_PENDING)
                    : dims.size() == 1 ? Arrays.stream(ONE).mapToObj(n -> (Object) n).toList()
                    : Arrays.stream(dims.size() == 2 ? TWO : THREE).map(t -> (Object) t).toList();
            case Param.Operand o -> List.of(o);
        };
    }

    private static final Object TUPLE_PENDING = new Object();
    private static final Object BAND_PENDING = new Object();

    /** Tuples spread over the dimensions that follow, kl's pair over ku. */
    private static Object[] spread(Object[] set, int dims) {
        Object[] a = set.clone();
        int[] tuple = null;
        int next = 0;
        int[] band = null;
        for (int i = 0; i < a.length; i++) {
            if (a[i] instanceof int[] t && band == null && t.length == 2 && isBandPair(a, i)) {
                band = t;
                a[i] = t[0];
            } else if (a[i] == BAND_PENDING) {
                a[i] = band[1];
            } else if (a[i] instanceof int[] t) {
                tuple = t;
                a[i] = t[0];
                next = 1;
            } else if (a[i] == TUPLE_PENDING) {
                a[i] = tuple[next++];
            }
        }
        return a;
    }

    private static boolean isBandPair(Object[] a, int i) {
        return i + 1 < a.length && a[i + 1] == BAND_PENDING;
    }

    /** Operands as (segment placeholder, offset 0, each attached int 1 until resolved). */
    private static Object[] flatten(Routine r, Object[] set) {
        List<Object> out = new ArrayList<>();
        for (Object v : set) {
            if (v instanceof Param.Operand o) {
                out.add(null);
                out.add(0L);
                for (int i = 0; i < o.attached().size(); i++) {
                    out.add(1);
                }
            } else {
                out.add(v);
            }
        }
        return out.toArray();
    }

    private static int[] segmentPositions(Routine r) {
        List<Integer> at = new ArrayList<>();
        int i = 0;
        for (Param p : r.params()) {
            if (p instanceof Param.Operand o) {
                at.add(i);
                i += 2 + o.attached().size();
            } else if (!(p instanceof Param.Scalar s && s.output())) {
                i++;
            }
        }
        return at.stream().mapToInt(Integer::intValue).toArray();
    }

    private static List<String> names(Routine r) {
        List<String> names = new ArrayList<>();
        for (Param p : r.params()) {
            if (p instanceof Param.Operand o) {
                names.add(o.name());
                names.add(o.name() + "Offset");
                names.addAll(o.attached());
            } else if (!(p instanceof Param.Scalar s && s.output())) {
                names.add(p.name());
            }
        }
        return names;
    }

    /**
     * Leading dimensions one past the facade's minimum and work lengths at exactly LAPACK's, asked of the facade (it
     * names the parameter and the minimum it refused); null when it refuses the set for another reason.
     */
    private Object[] resolve(Routine r, Object[] given, int[] segmentAt) {
        Object[] a = given.clone();
        List<String> names = names(r);
        for (int attempt = 0; attempt < 16; attempt++) {
            Object[] trial = a.clone();
            for (int i = 0; i < segmentAt.length; i++) {
                trial[segmentAt[i]] = prepared(r, i, trial, searchSegments[i]);
            }
            try {
                call(r, trial);
                return a;
            } catch (LapackException e) {
                return a; // LAPACK ran: the arguments are good
            } catch (IllegalArgumentException e) {
                Matcher m = TOO_SMALL.matcher(String.valueOf(e.getMessage()));
                if (!m.find()) {
                    refused++;
                    return null;
                }
                int i = names.indexOf(m.group(1));
                if (i < 0) {
                    throw new AssertionError(r.name() + ": the facade names " + m.group(1) + ", not a parameter");
                }
                a[i] = Integer.parseInt(m.group(2)) + (m.group(1).startsWith("ld") ? 1 : 0);
            }
        }
        throw new AssertionError(r.name() + ": no leading dimensions found for " + Arrays.toString(a));
    }

    private long run(Case c) {
        System.out.println("RUN " + c.name());
        int operands = c.segmentAt().length;
        long[] bytes = new long[operands];
        for (int i = 0; i < operands; i++) {
            bytes[i] = shortest(c, i);
        }
        long calls = 0;
        for (GuardedMemory.Guard guard : GuardedMemory.Guard.values()) {
            try (GuardedMemory memory = new GuardedMemory()) {
                Object[] a = c.arguments().clone();
                for (int i = 0; i < operands; i++) {
                    a[c.segmentAt()[i]] = prepared(c.routine(), i, a, memory.allocate(bytes[i], guard));
                }
                try {
                    call(c.routine(), a);
                } catch (LapackException e) {
                    lapackExceptions++;
                }
                calls++;
            }
        }
        return calls;
    }

    /** The fewest bytes of operand i the facade accepts, the others long: doubling, then bisection by bytes of 4. */
    private long shortest(Case c, int operand) {
        long tooFew = -1;
        long enough = 0;
        while (!accepted(c, operand, enough * 4)) {
            tooFew = enough;
            enough = Math.min(Math.max(1, 2 * enough), SEARCH_BYTES / 4);
        }
        while (enough - tooFew > 1) {
            long units = (tooFew + enough) >>> 1;
            if (accepted(c, operand, units * 4)) {
                enough = units;
            } else {
                tooFew = units;
            }
        }
        return enough * 4;
    }

    private boolean accepted(Case c, int operand, long bytes) {
        Object[] a = c.arguments().clone();
        for (int i = 0; i < c.segmentAt().length; i++) {
            MemorySegment s = i == operand ? searchSegments[i].asSlice(0, bytes) : searchSegments[i];
            a[c.segmentAt()[i]] = prepared(c.routine(), i, a, s);
        }
        try {
            call(c.routine(), a);
            return true;
        } catch (LapackException e) {
            return true;
        } catch (IllegalArgumentException e) {
            if (!String.valueOf(e.getMessage()).contains(TOO_SHORT)) {
                throw e;
            }
            return false;
        }
    }

    /**
     * The segment filled for operand i: pivots LAPACK reads all 1, other integer arrays 0, real arrays 0.25 with
     * 2 n on the diagonal of a matrix of n columns (so factorizations and solves see a dominant diagonal).
     */
    private static MemorySegment prepared(Routine r, int i, Object[] a, MemorySegment s) {
        Param.Operand o = r.operands().get(i);
        boolean single = r.precision() == 's' || r.precision() == 'c';
        boolean complex = r.precision() == 'c' || r.precision() == 'z';
        if (o.shape().equals("pivots")) {
            for (long k = 0; k + 4 <= s.byteSize(); k += 4) {
                s.set(ValueLayout.JAVA_INT_UNALIGNED, k, 1);
            }
            return s;
        }
        if (List.of("ints", "iwork").contains(o.shape())) {
            return s.fill((byte) 0);
        }
        int element = (single ? 4 : 8) * (complex && !List.of("reals", "rwork").contains(o.shape()) ? 2 : 1);
        for (long k = 0; k + element <= s.byteSize(); k += element) {
            if (single) {
                s.set(ValueLayout.JAVA_FLOAT_UNALIGNED, k, 0.25f);
            } else {
                s.set(ValueLayout.JAVA_DOUBLE_UNALIGNED, k, 0.25);
            }
        }
        if (o.shape().equals("packed")) { // the diagonal of the uplo triangle, packed
            List<String> names = names(r);
            int n = value(a, names, "n");
            boolean upper = a[names.indexOf("uplo")] == Uplo.UPPER;
            for (long j = 0; j < n; j++) {
                long at = (upper ? j * (j + 1) / 2 + j : j * n - j * (j - 1) / 2) * element;
                if (at + element <= s.byteSize()) {
                    if (single) {
                        s.set(ValueLayout.JAVA_FLOAT_UNALIGNED, at, 2f * n);
                    } else {
                        s.set(ValueLayout.JAVA_DOUBLE_UNALIGNED, at, 2.0 * n);
                    }
                }
            }
        }
        if (o.shape().equals("general") || o.shape().equals("triangle")) {
            List<String> names = names(r);
            int ld = (int) a[names.indexOf(o.attached().getFirst())];
            int n = Math.max(value(a, names, "n"), value(a, names, "m"));
            for (long j = 0; j < n; j++) {
                long at = (j * ld + j) * element;
                if (at + element <= s.byteSize()) {
                    if (single) {
                        s.set(ValueLayout.JAVA_FLOAT_UNALIGNED, at, 2f * n);
                    } else {
                        s.set(ValueLayout.JAVA_DOUBLE_UNALIGNED, at, 2.0 * n);
                    }
                }
            }
        }
        return s;
    }

    private static int value(Object[] a, List<String> names, String name) {
        int i = names.indexOf(name);
        return i >= 0 && a[i] instanceof Integer v ? v : 0;
    }

    private static void call(Routine r, Object[] arguments) {
        StaticCall.invoke(Arrays.stream(Lapack.class.getMethods()).filter(x -> x.getName().equals(r.name()))
                .findFirst().orElseThrow(), arguments);
    }
}
