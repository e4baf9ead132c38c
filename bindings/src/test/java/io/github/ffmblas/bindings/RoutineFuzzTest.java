package io.github.ffmblas.bindings;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Seeded random calls to every operand shape and precision of the facade, each made valid and then, usually,
 * broken in one way the contract says must be refused: a read-only output (a view, or a file mapped read-only,
 * which crashes the JVM when written), a segment one element too short, an output on the same memory as another
 * operand, a closed arena, another thread's memory, a heap array of the wrong type, null. A refused call must throw
 * the promised exception and leave every byte of every operand as it was; a valid one must return (its results
 * are the oracle tests' business). The storage each operand needs is computed here from the BLAS definitions, not
 * by the facade. {@code -Dffmblas.fuzz.seed=N -Dffmblas.fuzz.calls=N} widen or replay a run.
 */
class RoutineFuzzTest {
    private static final long SEED = Long.getLong("ffmblas.fuzz.seed", 20261201L);
    private static final int CALLS = Integer.getInteger("ffmblas.fuzz.calls", 20_000);

    private static MemorySegment closed;
    private static MemorySegment foreign;
    private static Path mappedFile;
    private static Arena mappedArena;
    private static MemorySegment mappedReadOnly;

    @BeforeAll
    static void setUp() throws Exception {
        Arena gone = Arena.ofConfined();
        closed = gone.allocate(1 << 16, 16);
        gone.close();
        foreign = CompletableFuture.supplyAsync(() -> Arena.ofConfined().allocate(1 << 16, 16)).get();
        mappedFile = Files.createTempFile("ffmblas-fuzz", ".bin");
        Files.write(mappedFile, new byte[1 << 16]);
        mappedArena = Arena.ofShared();
        try (FileChannel channel = FileChannel.open(mappedFile, StandardOpenOption.READ)) {
            mappedReadOnly = channel.map(FileChannel.MapMode.READ_ONLY, 0, 1 << 16, mappedArena);
        }
    }

    @AfterAll
    static void tearDown() throws IOException {
        mappedArena.close();
        Files.deleteIfExists(mappedFile);
    }

    /** One array argument: how many elements its storage needs, and whether the routine writes it. */
    record Arg(String name, long elements, boolean output, boolean touchesFirst) {}

    /** A valid call: its precision, its arguments, and how to make it on given segments (offset 0 each). */
    record Plan(String routine, Precision precision, List<Arg> args, Consumer<MemorySegment[]> call) {}

    enum Fault { NONE, READ_ONLY, MAPPED_READ_ONLY, SHORT, ALIAS, CLOSED, FOREIGN, WRONG_HEAP, NULL }

    // ---- the shapes, sized from the BLAS definitions -----------------------------------------------------------

    static long vector(int n, int inc) {
        return 1 + (n - 1L) * Math.abs(inc);
    }

    static long matrix(Layout layout, int rows, int cols, int ld) {
        return layout == Layout.ROW_MAJOR ? (rows - 1L) * ld + cols : (cols - 1L) * ld + rows;
    }

    /** Band storage: one run of kl + ku + 1 elements per row (row-major) or column, ld apart. */
    static long band(Layout layout, int m, int n, int ld, int width) {
        return ((layout == Layout.ROW_MAJOR ? m : n) - 1L) * ld + width;
    }

    static long packed(int n) {
        return n * (n + 1L) / 2;
    }

    static Arg in(String name, long elements) {
        return new Arg(name, elements, false, true);
    }

    static Arg out(String name, long elements) {
        return new Arg(name, elements, true, true);
    }

    private static int size(Random r) {
        return 1 + r.nextInt(9);
    }

    private static int inc(Random r) {
        int inc = 1 + r.nextInt(3);
        return r.nextBoolean() ? inc : -inc;
    }

    private static <E extends Enum<E>> E pick(Random r, Class<E> type) {
        E[] values = type.getEnumConstants();
        return values[r.nextInt(values.length)];
    }

    private static final ComplexFloat CF = new ComplexFloat(0.5f, -0.25f);
    private static final ComplexDouble CD = new ComplexDouble(0.5, -0.25);

    /** Families covering every operand shape, every precision and each kind of scalar. */
    static final List<Function<Random, Plan>> FAMILIES = List.of(
            r -> { int n = size(r), ix = inc(r), iy = inc(r);
                return new Plan("saxpy", Precision.SINGLE, List.of(in("x", vector(n, ix)), out("y", vector(n, iy))),
                        s -> Blas.saxpy(n, 0.5f, s[0], 0, ix, s[1], 0, iy)); },
            r -> { int n = size(r), ix = inc(r), iy = inc(r);
                return new Plan("ddot", Precision.DOUBLE, List.of(in("x", vector(n, ix)), in("y", vector(n, iy))),
                        s -> Blas.ddot(n, s[0], 0, ix, s[1], 0, iy)); },
            r -> { int n = size(r), ix = inc(r), iy = inc(r);
                return new Plan("cswap", Precision.COMPLEX_SINGLE, List.of(out("x", vector(n, ix)), out("y", vector(n, iy))),
                        s -> Blas.cswap(n, s[0], 0, ix, s[1], 0, iy)); },
            r -> { int n = size(r), ix = inc(r);
                return new Plan("zdscal", Precision.COMPLEX_DOUBLE, List.of(out("x", vector(n, ix))),
                        s -> Blas.zdscal(n, 2.0, s[0], 0, ix)); },
            r -> { int n = size(r), ix = Math.abs(inc(r)); // index routines take positive increments only
                return new Plan("izamax", Precision.COMPLEX_DOUBLE, List.of(in("x", vector(n, ix))),
                        s -> Blas.izamax(n, s[0], 0, ix)); },
            r -> { int n = size(r), ix = inc(r), iy = inc(r);
                return new Plan("zdotc", Precision.COMPLEX_DOUBLE, List.of(in("x", vector(n, ix)), in("y", vector(n, iy))),
                        s -> Blas.zdotc(n, s[0], 0, ix, s[1], 0, iy)); },
            r -> { int n = size(r), ix = inc(r), iy = inc(r);
                return new Plan("drotm", Precision.DOUBLE,
                        List.of(out("x", vector(n, ix)), out("y", vector(n, iy)), in("param", 5)),
                        s -> Blas.drotm(n, s[0], 0, ix, s[1], 0, iy, s[2], 0)); },
            r -> { int n = size(r), ix = inc(r), iy = inc(r);
                return new Plan("caxpby", Precision.COMPLEX_SINGLE, List.of(in("x", vector(n, ix)), out("y", vector(n, iy))),
                        s -> Blas.caxpby(n, CF, s[0], 0, ix, CF, s[1], 0, iy)); },
            r -> new Plan("srotg", Precision.SINGLE, List.of(out("a", 1), out("b", 1), out("c", 1), out("s", 1)),
                        s -> Blas.srotg(s[0], 0, s[1], 0, s[2], 0, s[3], 0)),
            r -> { Layout l = pick(r, Layout.class); Transpose t = pick(r, Transpose.class);
                int m = size(r), n = size(r), lda = (l == Layout.ROW_MAJOR ? n : m) + r.nextInt(3);
                int ix = inc(r), iy = inc(r);
                int xn = t == Transpose.NO_TRANSPOSE ? n : m, yn = t == Transpose.NO_TRANSPOSE ? m : n;
                return new Plan("dgemv", Precision.DOUBLE,
                        List.of(in("A", matrix(l, m, n, lda)), in("x", vector(xn, ix)), out("y", vector(yn, iy))),
                        s -> Blas.dgemv(l, t, m, n, 1.0, s[0], 0, lda, s[1], 0, ix, 0.5, s[2], 0, iy)); },
            r -> { Layout l = pick(r, Layout.class); int m = size(r), n = size(r);
                int lda = (l == Layout.ROW_MAJOR ? n : m) + r.nextInt(3), ix = inc(r), iy = inc(r);
                return new Plan("cgeru", Precision.COMPLEX_SINGLE,
                        List.of(in("x", vector(m, ix)), in("y", vector(n, iy)), out("A", matrix(l, m, n, lda))),
                        s -> Blas.cgeru(l, m, n, CF, s[0], 0, ix, s[1], 0, iy, s[2], 0, lda)); },
            r -> { Layout l = pick(r, Layout.class); Transpose ta = pick(r, Transpose.class), tb = pick(r, Transpose.class);
                int m = size(r), n = size(r), k = size(r);
                int ar = ta == Transpose.NO_TRANSPOSE ? m : k, ac = ta == Transpose.NO_TRANSPOSE ? k : m;
                int br = tb == Transpose.NO_TRANSPOSE ? k : n, bc = tb == Transpose.NO_TRANSPOSE ? n : k;
                int lda = (l == Layout.ROW_MAJOR ? ac : ar) + r.nextInt(3), ldb = (l == Layout.ROW_MAJOR ? bc : br) + r.nextInt(3);
                int ldc = (l == Layout.ROW_MAJOR ? n : m) + r.nextInt(3);
                return new Plan("zgemm", Precision.COMPLEX_DOUBLE,
                        List.of(in("A", matrix(l, ar, ac, lda)), in("B", matrix(l, br, bc, ldb)), out("C", matrix(l, m, n, ldc))),
                        s -> Blas.zgemm(l, ta, tb, m, n, k, CD, s[0], 0, lda, s[1], 0, ldb, CD, s[2], 0, ldc)); },
            r -> { Layout l = pick(r, Layout.class); Transpose ta = pick(r, Transpose.class), tb = pick(r, Transpose.class);
                int m = size(r), n = size(r), k = size(r);
                int ar = ta == Transpose.NO_TRANSPOSE ? m : k, ac = ta == Transpose.NO_TRANSPOSE ? k : m;
                int br = tb == Transpose.NO_TRANSPOSE ? k : n, bc = tb == Transpose.NO_TRANSPOSE ? n : k;
                int lda = (l == Layout.ROW_MAJOR ? ac : ar) + r.nextInt(3), ldb = (l == Layout.ROW_MAJOR ? bc : br) + r.nextInt(3);
                int ldc = (l == Layout.ROW_MAJOR ? n : m) + r.nextInt(3);
                return new Plan("sgemm", Precision.SINGLE,
                        List.of(in("A", matrix(l, ar, ac, lda)), in("B", matrix(l, br, bc, ldb)), out("C", matrix(l, m, n, ldc))),
                        s -> Blas.sgemm(l, ta, tb, m, n, k, 1f, s[0], 0, lda, s[1], 0, ldb, 0.5f, s[2], 0, ldc)); },
            r -> { Layout l = pick(r, Layout.class); Transpose t = pick(r, Transpose.class);
                int rows = size(r), cols = size(r), lda = (l == Layout.ROW_MAJOR ? cols : rows) + r.nextInt(3);
                int br = t == Transpose.NO_TRANSPOSE ? rows : cols, bc = t == Transpose.NO_TRANSPOSE ? cols : rows;
                int ldb = (l == Layout.ROW_MAJOR ? bc : br) + r.nextInt(3);
                return new Plan("domatcopy", Precision.DOUBLE,
                        List.of(in("A", matrix(l, rows, cols, lda)), out("B", matrix(l, br, bc, ldb))),
                        s -> Blas.domatcopy(l, t, rows, cols, 2.0, s[0], 0, lda, s[1], 0, ldb)); },
            r -> { Layout l = pick(r, Layout.class); int rows = size(r), cols = size(r);
                int lda = (l == Layout.ROW_MAJOR ? cols : rows) + r.nextInt(3), ldc = (l == Layout.ROW_MAJOR ? cols : rows) + r.nextInt(3);
                return new Plan("cgeadd", Precision.COMPLEX_SINGLE,
                        List.of(in("A", matrix(l, rows, cols, lda)), out("C", matrix(l, rows, cols, ldc))),
                        s -> Blas.cgeadd(l, rows, cols, CF, s[0], 0, lda, CF, s[1], 0, ldc)); },
            r -> { Layout l = pick(r, Layout.class); int m = size(r), n = size(r), k = size(r), count = 1 + r.nextInt(3);
                int lda = (l == Layout.ROW_MAJOR ? k : m), ldb = (l == Layout.ROW_MAJOR ? n : k), ldc = (l == Layout.ROW_MAJOR ? n : m);
                long sa = matrix(l, m, k, lda), sb = matrix(l, k, n, ldb), sc = matrix(l, m, n, ldc);
                return new Plan("dgemmBatchStrided", Precision.DOUBLE,
                        List.of(in("A", sa * count), in("B", sb * count), out("C", sc * count)),
                        s -> Blas.dgemmBatchStrided(l, Transpose.NO_TRANSPOSE, Transpose.NO_TRANSPOSE, m, n, k, 1.0,
                                s[0], 0, lda, sa, s[1], 0, ldb, sb, 0.0, s[2], 0, ldc, sc, count)); },
            r -> { Layout l = pick(r, Layout.class); Uplo u = pick(r, Uplo.class); Transpose t = pick(r, Transpose.class);
                int n = size(r), lda = n + r.nextInt(3), ix = inc(r);
                return new Plan("strsv", Precision.SINGLE, List.of(in("A", matrix(l, n, n, lda)), out("x", vector(n, ix))),
                        s -> Blas.strsv(l, u, t, Diag.NON_UNIT, n, s[0], 0, lda, s[1], 0, ix)); },
            r -> { Layout l = pick(r, Layout.class); Side side = pick(r, Side.class); Uplo u = pick(r, Uplo.class);
                Transpose t = pick(r, Transpose.class); int m = size(r), n = size(r), na = side == Side.LEFT ? m : n;
                int lda = na + r.nextInt(3), ldb = (l == Layout.ROW_MAJOR ? n : m) + r.nextInt(3);
                return new Plan("ztrmm", Precision.COMPLEX_DOUBLE, List.of(in("A", matrix(l, na, na, lda)), out("B", matrix(l, m, n, ldb))),
                        s -> Blas.ztrmm(l, side, u, t, Diag.NON_UNIT, m, n, CD, s[0], 0, lda, s[1], 0, ldb)); },
            r -> { Layout l = pick(r, Layout.class); Uplo u = pick(r, Uplo.class); Transpose t = pick(r, Transpose.class);
                int n = size(r), k = size(r), ar = t == Transpose.NO_TRANSPOSE ? n : k, ac = t == Transpose.NO_TRANSPOSE ? k : n;
                int lda = (l == Layout.ROW_MAJOR ? ac : ar) + r.nextInt(3), ldc = n + r.nextInt(3);
                return new Plan("dsyrk", Precision.DOUBLE, List.of(in("A", matrix(l, ar, ac, lda)), out("C", matrix(l, n, n, ldc))),
                        s -> Blas.dsyrk(l, u, t, n, k, 1.0, s[0], 0, lda, 0.5, s[1], 0, ldc)); },
            r -> { Layout l = pick(r, Layout.class); Uplo u = pick(r, Uplo.class); int n = size(r), lda = n + r.nextInt(3), ix = inc(r);
                return new Plan("cher", Precision.COMPLEX_SINGLE, List.of(in("x", vector(n, ix)), out("A", matrix(l, n, n, lda))),
                        s -> Blas.cher(l, u, n, 0.5f, s[0], 0, ix, s[1], 0, lda)); },
            r -> { Layout l = pick(r, Layout.class); Uplo u = pick(r, Uplo.class); int n = size(r), k = size(r);
                int lda = (l == Layout.ROW_MAJOR ? k : n) + r.nextInt(3), ldb = (l == Layout.ROW_MAJOR ? n : k) + r.nextInt(3);
                int ldc = n + r.nextInt(3);
                return new Plan("dgemmt", Precision.DOUBLE,
                        List.of(in("A", matrix(l, n, k, lda)), in("B", matrix(l, k, n, ldb)), out("C", matrix(l, n, n, ldc))),
                        s -> Blas.dgemmt(l, u, Transpose.NO_TRANSPOSE, Transpose.NO_TRANSPOSE, n, k, 1.0, s[0], 0, lda,
                                s[1], 0, ldb, 0.0, s[2], 0, ldc)); },
            r -> { Layout l = pick(r, Layout.class); Transpose t = pick(r, Transpose.class);
                int m = size(r), n = size(r), kl = r.nextInt(3), ku = r.nextInt(3), lda = kl + ku + 1 + r.nextInt(2);
                int ix = inc(r), iy = inc(r), xn = t == Transpose.NO_TRANSPOSE ? n : m, yn = t == Transpose.NO_TRANSPOSE ? m : n;
                return new Plan("dgbmv", Precision.DOUBLE,
                        List.of(new Arg("A", band(l, m, n, lda, kl + ku + 1), false, false), in("x", vector(xn, ix)), out("y", vector(yn, iy))),
                        s -> Blas.dgbmv(l, t, m, n, kl, ku, 1.0, s[0], 0, lda, s[1], 0, ix, 0.5, s[2], 0, iy)); },
            r -> { Layout l = pick(r, Layout.class); Uplo u = pick(r, Uplo.class); Transpose t = pick(r, Transpose.class);
                int n = size(r), k = r.nextInt(3), lda = k + 1 + r.nextInt(2), ix = inc(r);
                return new Plan("ctbsv", Precision.COMPLEX_SINGLE,
                        List.of(new Arg("A", band(l, n, n, lda, k + 1), false, false), out("x", vector(n, ix))),
                        s -> Blas.ctbsv(l, u, t, Diag.NON_UNIT, n, k, s[0], 0, lda, s[1], 0, ix)); },
            r -> { Layout l = pick(r, Layout.class); Uplo u = pick(r, Uplo.class);
                int n = size(r), k = r.nextInt(3), lda = k + 1 + r.nextInt(2), ix = inc(r), iy = inc(r);
                return new Plan("zhbmv", Precision.COMPLEX_DOUBLE,
                        List.of(new Arg("A", band(l, n, n, lda, k + 1), false, false), in("x", vector(n, ix)), out("y", vector(n, iy))),
                        s -> Blas.zhbmv(l, u, n, k, CD, s[0], 0, lda, s[1], 0, ix, CD, s[2], 0, iy)); },
            r -> { Layout l = pick(r, Layout.class); Uplo u = pick(r, Uplo.class); int n = size(r), ix = inc(r), iy = inc(r);
                return new Plan("dspmv", Precision.DOUBLE,
                        List.of(in("Ap", packed(n)), in("x", vector(n, ix)), out("y", vector(n, iy))),
                        s -> Blas.dspmv(l, u, n, 1.0, s[0], 0, s[1], 0, ix, 0.5, s[2], 0, iy)); },
            r -> { Layout l = pick(r, Layout.class); Uplo u = pick(r, Uplo.class); Transpose t = pick(r, Transpose.class);
                int n = size(r), ix = inc(r);
                return new Plan("ctpmv", Precision.COMPLEX_SINGLE, List.of(in("Ap", packed(n)), out("x", vector(n, ix))),
                        s -> Blas.ctpmv(l, u, t, Diag.NON_UNIT, n, s[0], 0, s[1], 0, ix)); },
            r -> { Layout l = pick(r, Layout.class); Uplo u = pick(r, Uplo.class); int n = size(r), ix = inc(r), iy = inc(r);
                return new Plan("zhpr2", Precision.COMPLEX_DOUBLE,
                        List.of(in("x", vector(n, ix)), in("y", vector(n, iy)), out("Ap", packed(n))),
                        s -> Blas.zhpr2(l, u, n, CD, s[0], 0, ix, s[1], 0, iy, s[2], 0)); });

    @Test
    void everyFamilyRefusesBrokenCallsUntouchedAndRunsValidOnes() {
        Random random = new Random(SEED);
        int[] counts = new int[Fault.values().length];
        for (int call = 0; call < CALLS; call++) {
            long callSeed = random.nextLong();
            Random r = new Random(callSeed);
            Plan plan = FAMILIES.get(r.nextInt(FAMILIES.size())).apply(r);
            Fault fault = r.nextInt(4) == 0 ? Fault.NONE : Fault.values()[1 + r.nextInt(Fault.values().length - 1)];
            try (Arena arena = Arena.ofConfined()) {
                String where = "call " + call + " (seed " + SEED + ", call seed " + callSeed + "): " + plan.routine()
                        + " with " + fault;
                Fault applied = run(plan, fault, r, arena, where);
                counts[applied.ordinal()]++;
            }
        }
        System.out.printf("RoutineFuzzTest: %,d calls over %d families, by fault: %s%n", CALLS, FAMILIES.size(),
                java.util.stream.IntStream.range(0, counts.length)
                        .mapToObj(i -> Fault.values()[i] + "=" + counts[i]).toList());
        for (Fault f : Fault.values()) {
            assertTrue(counts[f.ordinal()] > 0, "no call was made with " + f);
        }
    }

    /** Makes one call with the fault applied where it can be; returns the fault actually applied. */
    private Fault run(Plan plan, Fault fault, Random r, Arena arena, String where) {
        int bytes = plan.precision().bytes;
        List<Arg> args = plan.args();
        MemorySegment[] segments = new MemorySegment[args.size()];
        for (int i = 0; i < segments.length; i++) {
            long elements = args.get(i).elements();
            segments[i] = r.nextInt(5) == 0 ? heap(plan.precision(), elements, r) : arena.allocate(elements * bytes, 16);
            fill(segments[i], r);
            if (!segments[i].isNative() && !args.get(i).output() && r.nextBoolean()) {
                segments[i] = segments[i].asReadOnly(); // an input may be read-only, on the heap too
            }
        }
        List<Integer> outputs = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            if (args.get(i).output()) {
                outputs.add(i);
            }
        }
        Class<? extends Throwable> expected = IllegalArgumentException.class;
        int target = r.nextInt(args.size());
        switch (fault) {
            case NONE -> { }
            case READ_ONLY -> {
                if (outputs.isEmpty()) {
                    return run(plan, Fault.NONE, r, arena, where);
                }
                target = outputs.get(r.nextInt(outputs.size()));
                segments[target] = segments[target].asReadOnly();
            }
            case MAPPED_READ_ONLY -> {
                if (outputs.isEmpty()) {
                    return run(plan, Fault.NONE, r, arena, where);
                }
                target = outputs.get(r.nextInt(outputs.size()));
                segments[target] = mappedReadOnly.asSlice(0, args.get(target).elements() * bytes);
            }
            case SHORT -> segments[target] = segments[target].asSlice(0, (args.get(target).elements() - 1) * bytes);
            case ALIAS -> {
                List<Integer> firsts = new ArrayList<>();
                for (int i = 0; i < args.size(); i++) {
                    if (args.get(i).touchesFirst()) {
                        firsts.add(i);
                    }
                }
                List<Integer> writers = outputs.stream().filter(firsts::contains).toList();
                if (writers.isEmpty() || firsts.size() < 2) {
                    return run(plan, Fault.NONE, r, arena, where);
                }
                int out = writers.get(r.nextInt(writers.size()));
                int other;
                do {
                    other = firsts.get(r.nextInt(firsts.size()));
                } while (other == out);
                // Both start at element 0 of one segment big enough for either: they share that element.
                long elements = Math.max(args.get(out).elements(), args.get(other).elements());
                // Half of them on one heap array, the input a read-only view of it, whose array heapBase() hides.
                boolean onHeap = r.nextBoolean();
                MemorySegment shared = onHeap ? heap(plan.precision(), elements, r) : arena.allocate(elements * bytes, 16);
                fill(shared, r);
                segments[out] = shared;
                segments[other] = onHeap && !args.get(other).output() ? shared.asReadOnly() : shared;
                target = out;
            }
            case CLOSED -> {
                segments[target] = closed;
                expected = IllegalStateException.class;
            }
            case FOREIGN -> {
                segments[target] = foreign.asSlice(0, args.get(target).elements() * bytes);
                expected = WrongThreadException.class;
            }
            case WRONG_HEAP -> segments[target] = MemorySegment.ofArray(new int[(int) (args.get(target).elements() * bytes / 4)]);
            case NULL -> {
                segments[target] = null;
                expected = NullPointerException.class;
            }
        }
        byte[][] before = snapshot(segments);
        try {
            plan.call().accept(segments);
            if (fault != Fault.NONE) {
                fail(where + ": the call was accepted; it must be refused");
            }
        } catch (RuntimeException e) {
            if (fault == Fault.NONE) {
                throw new AssertionError(where + ": a valid call was refused", e);
            }
            assertInstanceOf(expected, e, where + ": " + e);
            assertTrue(e.getMessage() != null && e.getMessage().startsWith(plan.routine() + ": "),
                    where + ": the message does not name the routine: " + e.getMessage());
            byte[][] after = snapshot(segments);
            for (int i = 0; i < segments.length; i++) {
                assertArrayEquals(before[i], after[i], where + ": a refused call changed " + args.get(i).name());
            }
        }
        return fault;
    }

    private static MemorySegment heap(Precision precision, long elements, Random r) {
        return precision.heapArray == float[].class
                ? MemorySegment.ofArray(new float[(int) (elements * precision.bytes / 4)])
                : MemorySegment.ofArray(new double[(int) (elements * precision.bytes / 8)]);
    }

    private static void fill(MemorySegment s, Random r) {
        for (long i = 0; i + 4 <= s.byteSize(); i += 4) {
            s.set(ValueLayout.JAVA_FLOAT_UNALIGNED, i, (float) (r.nextGaussian() * 0.5));
        }
    }

    /** Each readable segment's bytes (null for segments that cannot be read here). */
    private static byte[][] snapshot(MemorySegment[] segments) {
        byte[][] copies = new byte[segments.length][];
        for (int i = 0; i < segments.length; i++) {
            MemorySegment s = segments[i];
            if (s != null && s.scope().isAlive() && s.isAccessibleBy(Thread.currentThread())) {
                copies[i] = s.toArray(ValueLayout.JAVA_BYTE);
            }
        }
        return copies;
    }
}
