package io.github.ffmblas.bindings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Throws thousands of seeded random calls at every {@link Blas} routine, mostly valid argument sets with 0 to 2
 * corruptions applied (negative and huge dimensions, short leading dimensions, offsets past the end, segments a
 * float or a byte short, bad strides and increments, overlapping outputs, int and long overflow in extents, zero
 * sizes, null, a closed arena, a segment confined to another thread, heap segments, misaligned slices).
 *
 * <p>This test has its own validity oracle, written from {@link Blas}'s documented contract and not from its
 * code: from the arguments alone it computes, with {@link BigInteger} extents and per-byte {@link BitSet}s of
 * what each operand touches (at absolute addresses, so aliases made with {@code asSlice} or
 * {@code MemorySegment.ofAddress(..).reinterpret(..)} are seen through), every rule the call breaks. Then:
 * <ul>
 *   <li>an invalid call must throw one of the exception types its broken rules call for (exactly that type,
 *       and a message naming the parameter, when only one rule is broken), and leave every byte of every
 *       readable operand as it was: nothing native ran;</li>
 *   <li>a valid call must return, with each written float within {@link NaiveBlas}'s scaled tolerance of the
 *       Java oracle and every other byte of the memory it was given (padding, gaps, skipped elements, inputs)
 *       bit for bit unchanged.</li>
 * </ul>
 *
 * <p>Reproducible: {@code -Dffmblas.fuzz.seed=N} (default {@value #DEFAULT_SEED}), {@code -Dffmblas.fuzz.calls=N}
 * (default 10,000), and {@code -Dffmblas.fuzz.only=I} to replay call I alone; every call draws from its own
 * {@code Random(seed, index)}, and a failure names the seed, the call index and all arguments.
 */
class FacadeFuzzTest {
    static final long DEFAULT_SEED = 0x5EED_F00DL;
    private static final long SEED = Long.decode(System.getProperty("ffmblas.fuzz.seed", Long.toString(DEFAULT_SEED)));
    private static final int CALLS = Integer.parseInt(System.getProperty("ffmblas.fuzz.calls", "10000"));
    private static final int ONLY = Integer.parseInt(System.getProperty("ffmblas.fuzz.only", "-1"));
    /** Valid batched calls above OpenBLAS 0.3.31's crash limit (M*N*K > 1,000,000), so the native route runs. */
    private static final int LARGE_BATCHES = 20;

    private static final float SENTINEL = TestData.SENTINEL;
    private static final long SIDE_BYTES = 1 << 20;

    /** A segment whose arena is closed, and one confined to another (live, parked) thread. */
    private static Arena closedArena;
    private static MemorySegment closed;
    private static ExecutorService owner;
    private static Arena foreignArena;
    private static MemorySegment foreign;

    @BeforeAll
    static void sideSegments() throws Exception {
        closedArena = Arena.ofShared();
        closed = closedArena.allocate(SIDE_BYTES, 64);
        closedArena.close();
        owner = Executors.newSingleThreadExecutor(r -> new Thread(r, "fuzz-segment-owner"));
        foreign = owner.submit(() -> {
            foreignArena = Arena.ofConfined();
            return foreignArena.allocate(SIDE_BYTES, 64);
        }).get(1, TimeUnit.MINUTES);
    }

    @AfterAll
    static void closeSideSegments() throws Exception {
        owner.submit(() -> foreignArena.close()).get(1, TimeUnit.MINUTES);
        owner.shutdown();
    }

    // ---- the call model ------------------------------------------------------------------------------------------

    enum Routine {
        SGEMM("sgemm"), BATCH("sgemmBatchStrided"), SGEMV("sgemv"), SAXPY("saxpy"), SDOT("sdot"), SSCAL("sscal");

        final String facadeName;

        Routine(String facadeName) {
            this.facadeName = facadeName;
        }

        boolean gemm() {
            return this == SGEMM || this == BATCH;
        }
    }

    enum Corruption {
        NEGATIVE_DIM, HUGE_DIM, ZERO_DIM, LD_TOO_SMALL, LD_HUGE, OFFSET_NEGATIVE, OFFSET_PAST_END, SEGMENT_SHORT,
        STRIDE_BAD, ITEMS_OVERLAP, OVERLAP_OUTPUT, EXTENT_OVERFLOW, NULL_ARG, CLOSED_ARENA, WRONG_THREAD,
        HEAP_SEGMENT, MISALIGNED, INC_BAD;

        boolean appliesTo(Routine r) {
            return switch (this) {
                case LD_TOO_SMALL, LD_HUGE -> r.gemm() || r == Routine.SGEMV;
                case STRIDE_BAD, ITEMS_OVERLAP -> r == Routine.BATCH;
                case OVERLAP_OUTPUT -> r != Routine.SSCAL;
                case INC_BAD -> !r.gemm();
                default -> true;
            };
        }
    }

    /** One operand: a segment (or null), an offset in floats, a leading dimension or increment, a batch stride. */
    static final class Op {
        final String name;
        final boolean output;
        MemorySegment seg;
        long offset;
        int ld; // leading dimension of a matrix, increment of a vector
        long stride;
        String kind = "pool";
        float[] heap;

        Op(String name, boolean output) {
            this.name = name;
            this.output = output;
        }

    }

    static final class Call {
        final int index;
        final Routine routine;
        final Arena arena;
        final MemorySegment pool;
        Layout layout = Layout.ROW_MAJOR;
        Transpose transA = Transpose.NO_TRANSPOSE;
        Transpose transB = Transpose.NO_TRANSPOSE;
        int m;
        int n;
        int k;
        int count = 1;
        float alpha;
        float beta;
        final Op[] ops;
        final List<String> applied = new ArrayList<>();
        final List<String> notes = new ArrayList<>();

        Call(int index, Routine routine, Arena arena, MemorySegment pool, Op... ops) {
            this.index = index;
            this.routine = routine;
            this.arena = arena;
            this.pool = pool;
            this.ops = ops;
        }

        Op op(String name) {
            for (Op op : ops) {
                if (op.name.equals(name)) {
                    return op;
                }
            }
            throw new IllegalArgumentException(name);
        }

        Op output() {
            for (Op op : ops) {
                if (op.output) {
                    return op;
                }
            }
            return null;
        }

        String describe() {
            StringBuilder sb = new StringBuilder(routine.facadeName).append('(');
            switch (routine) {
                case SGEMM, BATCH -> sb.append(layout).append(", ").append(transA).append(", ").append(transB)
                        .append(", m=").append(m).append(", n=").append(n).append(", k=").append(k)
                        .append(", alpha=").append(alpha).append(", beta=").append(beta);
                case SGEMV -> sb.append(layout).append(", ").append(transA).append(", m=").append(m).append(", n=")
                        .append(n).append(", alpha=").append(alpha).append(", beta=").append(beta);
                default -> sb.append("n=").append(n).append(", alpha=").append(alpha);
            }
            if (routine == Routine.BATCH) {
                sb.append(", count=").append(count);
            }
            for (Op op : ops) {
                sb.append(", ").append(op.name).append("=[");
                if (op.seg == null) {
                    sb.append("null");
                } else {
                    sb.append(op.kind).append(' ').append(op.seg.byteSize()).append(" bytes");
                    if (op.seg.isNative() && pool.address() <= op.seg.address()
                            && op.seg.address() < pool.address() + pool.byteSize()) {
                        sb.append(" at pool+").append(op.seg.address() - pool.address());
                    }
                }
                sb.append(" offset ").append(op.offset).append(routine.gemm() || (routine == Routine.SGEMV
                        && op.name.equals("A")) ? " ld " : " inc ").append(op.ld);
                if (routine == Routine.BATCH) {
                    sb.append(" stride ").append(op.stride);
                }
                sb.append(']');
            }
            return sb.append(")").append(applied.isEmpty() ? "" : " corrupted by " + applied)
                    .append(notes.isEmpty() ? "" : " " + notes).toString();
        }
    }

    /**
     * What one operand touches, per the contract: {@code count} items {@code stride} floats apart, each of
     * {@code runs} runs of {@code runLength} adjacent floats, {@code ld} apart. Computed by the oracle from the
     * call's scalar arguments only.
     */
    record Shape(long runs, long runLength, long ld, long count, long stride) {
        boolean empty() {
            return runs == 0 || runLength == 0 || count == 0;
        }

        /** Index (in floats, from the segment start) of the last float touched, exactly. */
        BigInteger last(long offset) {
            return BigInteger.valueOf(offset)
                    .add(BigInteger.valueOf(count - 1).multiply(BigInteger.valueOf(stride)))
                    .add(BigInteger.valueOf(runs - 1).multiply(BigInteger.valueOf(ld)))
                    .add(BigInteger.valueOf(runLength - 1));
        }
    }

    /** A broken rule and the exception the contract promises for it. */
    record Violation(String category, Class<? extends RuntimeException> type, String parameter) {}

    // ---- the test ------------------------------------------------------------------------------------------------

    @Test
    void randomCallsAreRefusedBeforeNativeCodeOrMatchTheOracle() {
        Map<Routine, int[]> perRoutine = new EnumMap<>(Routine.class); // {calls, valid, invalid}
        Map<String, Integer> invalidByCategory = new TreeMap<>();
        Map<String, Integer> exceptionTypes = new TreeMap<>();
        Map<Corruption, int[]> perCorruption = new EnumMap<>(Corruption.class); // {applied, call then valid}
        Map<String, Integer> routes = new TreeMap<>();
        int zeroSized = 0;
        int largeBatches = 0;
        int largeEvery = Math.max(1, CALLS / LARGE_BATCHES);
        for (int i = 0; i < CALLS; i++) {
            if (ONLY >= 0 && i != ONLY) {
                continue;
            }
            Random random = new Random(SEED * 0x9E3779B97F4A7C15L + i);
            boolean large = i % largeEvery == largeEvery / 2 && largeBatches < LARGE_BATCHES;
            try (Arena arena = Arena.ofConfined()) {
                Call call = large ? largeBatch(i, random, arena) : generate(i, random, arena);
                List<Violation> violations;
                try {
                    if (large) {
                        largeBatches++;
                    } else {
                        corrupt(call, random);
                    }
                    violations = violations(call);
                    fillAndRun(call, violations, random, exceptionTypes);
                } catch (AssertionError | RuntimeException e) {
                    throw new AssertionError("fuzz seed=" + SEED + ", call #" + i + " (replay it alone with -Dffmblas.fuzz.seed="
                            + SEED + " -Dffmblas.fuzz.only=" + i + "): " + call.describe() + ": " + e.getMessage(), e);
                }
                int[] counts = perRoutine.computeIfAbsent(call.routine, r -> new int[3]);
                counts[0]++;
                counts[violations.isEmpty() ? 1 : 2]++;
                for (String c : new LinkedHashSet<>(violations.stream().map(Violation::category).toList())) {
                    invalidByCategory.merge(c, 1, Integer::sum);
                }
                for (String applied : call.applied) {
                    int[] pc = perCorruption.computeIfAbsent(Corruption.valueOf(applied), c -> new int[2]);
                    pc[0]++;
                    pc[1] += violations.isEmpty() ? 1 : 0;
                }
                if (violations.isEmpty() && isZeroSized(call)) {
                    zeroSized++;
                }
                if (violations.isEmpty() && call.routine == Routine.BATCH && call.count > 1 && !isZeroSized(call)) {
                    routes.merge(Blas.batchRoute(call.m, call.n, call.k).name(), 1, Integer::sum);
                }
            }
        }

        int total = perRoutine.values().stream().mapToInt(c -> c[0]).sum();
        int valid = perRoutine.values().stream().mapToInt(c -> c[1]).sum();
        StringBuilder report = new StringBuilder(String.format("facade fuzz: seed=%d, %d calls: %d valid, %d invalid"
                + " (%d valid calls with a zero size, %d large batches)%n", SEED, total, valid, total - valid,
                zeroSized, largeBatches));
        perRoutine.forEach((r, c) -> report.append(String.format("  %-18s %6d calls  %6d valid  %6d invalid%n",
                r.facadeName, c[0], c[1], c[2])));
        report.append("  invalid calls by broken rule: ").append(invalidByCategory).append('\n');
        report.append("  exceptions thrown: ").append(exceptionTypes).append('\n');
        report.append("  corruptions applied (times applied / call still valid): ");
        perCorruption.forEach((c, n) -> report.append(c).append('=').append(n[0]).append('/').append(n[1]).append(' '));
        report.append('\n').append("  valid batches with count > 1 by route: ").append(routes).append('\n');
        System.out.print(report);

        if (ONLY < 0) {
            assertEquals(CALLS, total, report.toString());
            if (CALLS >= 10_000) { // guard against a generator that silently stopped producing what it claims
                for (Routine r : Routine.values()) {
                    int[] c = perRoutine.get(r);
                    assertTrue(c != null && c[1] >= 100 && c[2] >= 100, r + " lacks valid or invalid calls\n" + report);
                }
                for (Corruption c : Corruption.values()) {
                    assertTrue(perCorruption.containsKey(c), c + " never applied\n" + report);
                }
                for (String rule : List.of("null", "closed-arena", "wrong-thread", "heap-segment", "negative-dimension",
                        "leading-dimension", "negative-offset", "extent", "extent-overflow", "misaligned",
                        "output-overlaps-input", "batch-items-overlap", "stride", "increment")) {
                    assertTrue(invalidByCategory.getOrDefault(rule, 0) >= 5, rule + " too rare\n" + report);
                }
                assertTrue(zeroSized >= 100, "too few zero-sized valid calls\n" + report);
                if (Blas.batchRoute(128, 128, 64) == BatchRoute.NATIVE) {
                    assertTrue(routes.getOrDefault("NATIVE", 0) >= LARGE_BATCHES, report.toString());
                }
            }
        }
    }

    private static boolean isZeroSized(Call c) {
        return switch (c.routine) {
            case SGEMM, BATCH -> c.m == 0 || c.n == 0 || c.count == 0;
            case SGEMV -> c.m == 0 || c.n == 0;
            default -> c.n == 0;
        };
    }

    // ---- generation of valid argument sets -------------------------------------------------------------------------

    private static int dim(Random r) {
        int p = r.nextInt(100);
        if (p < 4) {
            return 0;
        }
        if (p < 12) {
            return 1;
        }
        return p < 72 ? 2 + r.nextInt(11) : 13 + r.nextInt(28);
    }

    private static <T> T pick(Random r, T[] values) {
        return values[r.nextInt(values.length)];
    }

    private static float scalar(Random r) {
        return switch (r.nextInt(6)) {
            case 0 -> 0f;
            case 1 -> 1f;
            case 2 -> -1f;
            default -> (float) (r.nextGaussian() * 2);
        };
    }

    /** Where each operand's region starts in the pool, and the pool's size; regions are 16-byte aligned. */
    private static final class Placement {
        final List<long[]> regions = new ArrayList<>(); // {start byte, size bytes}
        long next;
        long largest;

        long place(Random r, long bytes) {
            long start = next + 4L * r.nextInt(4);
            start = (start + 15) & ~15L;
            regions.add(new long[] {start, bytes});
            next = start + bytes;
            largest = Math.max(largest, bytes);
            return start;
        }

        /** Room for aliases and misaligned slices past the last region. */
        long poolBytes() {
            return next + largest + 256;
        }
    }

    private Call generate(int index, Random r, Arena arena) {
        int p = r.nextInt(100);
        Routine routine = p < 30 ? Routine.SGEMM : p < 55 ? Routine.BATCH : p < 70 ? Routine.SGEMV
                : p < 80 ? Routine.SAXPY : p < 90 ? Routine.SDOT : Routine.SSCAL;
        return switch (routine) {
            case SGEMM, BATCH -> gemm(index, r, arena, routine, dim(r), dim(r), dim(r),
                    routine == Routine.BATCH ? (r.nextInt(25) == 0 ? 0 : 1 + r.nextInt(5)) : 1);
            case SGEMV -> gemv(index, r, arena);
            default -> level1(index, r, arena, routine);
        };
    }

    private Call largeBatch(int index, Random r, Arena arena) {
        Call c = gemm(index, r, arena, Routine.BATCH, 128, 128, 64, 2 + r.nextInt(3));
        c.notes.add("large");
        return c;
    }

    /** Stored runs and run length of a rows x cols matrix in the layout. */
    private static long[] runs(Layout layout, long rows, long cols) {
        return layout == Layout.ROW_MAJOR ? new long[] {rows, cols} : new long[] {cols, rows};
    }

    private static long span(long runs, long runLength, long ld) {
        return runs == 0 || runLength == 0 ? 0 : (runs - 1) * ld + runLength;
    }

    private Call gemm(int index, Random r, Arena arena, Routine routine, int m, int n, int k, int count) {
        Layout layout = pick(r, Layout.values());
        Transpose ta = pick(r, Transpose.values());
        Transpose tb = pick(r, Transpose.values());
        long[] a = runs(layout, ta != Transpose.NO_TRANSPOSE ? k : m, ta != Transpose.NO_TRANSPOSE ? m : k);
        long[] b = runs(layout, tb != Transpose.NO_TRANSPOSE ? n : k, tb != Transpose.NO_TRANSPOSE ? k : n);
        long[] c = runs(layout, m, n);
        long[][] shapes = {a, b, c};
        Op[] ops = {new Op("A", false), new Op("B", false), new Op("C", true)};
        boolean batch = routine == Routine.BATCH;
        // Layout styles: 0 separate buffers, items one after another; 1 items side by side (column blocks, as
        // attention heads are); 2 A and C in one buffer as disjoint column blocks.
        int style = r.nextInt(10) < 6 ? 0 : r.nextInt(2) == 0 ? 1 : 2;
        long[] need = new long[3];
        for (int i = 0; i < 3; i++) {
            long runs = shapes[i][0];
            long len = shapes[i][1];
            Op op = ops[i];
            op.offset = r.nextInt(3) == 0 ? r.nextInt(6) : 0;
            int gap = r.nextInt(2) == 0 ? 0 : 1 + r.nextInt(4);
            if (batch && style == 1 && count > 1) {
                op.stride = len + (r.nextBoolean() ? 0 : r.nextInt(3));
                op.ld = (int) Math.max(1, (count - 1) * op.stride + len + gap);
            } else {
                op.ld = (int) Math.max(1, len) + gap;
                long itemSpan = span(runs, len, op.ld);
                op.stride = !batch ? 0 : (!op.output && r.nextInt(6) == 0) ? 0 : itemSpan + r.nextInt(4);
            }
            need[i] = op.offset + (count == 0 ? 0 : (count - 1) * op.stride + span(runs, len, op.ld));
        }
        Placement placement = new Placement();
        long[] starts = new long[3];
        long[] sizes = new long[3];
        boolean shared = style == 2 && (!batch || count >= 1);
        if (shared) {
            // A and C in one buffer, ld wide enough for both side by side: A in the first columns, C after a gap.
            Op opA = ops[0];
            Op opC = ops[2];
            long gapCols = r.nextInt(3);
            long width = Math.max(1, a[1]) + gapCols + Math.max(1, c[1]) + r.nextInt(3);
            opA.ld = opC.ld = (int) width;
            long rows = Math.max(a[0], c[0]);
            long itemStride = batch ? width * rows + r.nextInt(3) : 0;
            opA.stride = opC.stride = itemStride;
            opA.offset = r.nextInt(3);
            opC.offset = opA.offset + Math.max(1, a[1]) + gapCols;
            long items = Math.max(1, count);
            need[0] = opA.offset + (items - 1) * itemStride + span(a[0], a[1], width);
            need[2] = opC.offset + (items - 1) * itemStride + span(c[0], c[1], width);
            need[1] = ops[1].offset + (count == 0 ? 0 : (count - 1) * ops[1].stride + span(b[0], b[1], ops[1].ld));
            long sharedBytes = 4 * (Math.max(need[0], need[2]) + r.nextInt(4));
            starts[0] = starts[2] = placement.place(r, sharedBytes);
            sizes[0] = sizes[2] = sharedBytes;
            sizes[1] = 4 * (need[1] + r.nextInt(4));
            starts[1] = placement.place(r, sizes[1]);
        } else {
            for (int i = 0; i < 3; i++) {
                sizes[i] = 4 * (need[i] + r.nextInt(4));
                starts[i] = placement.place(r, sizes[i]);
            }
        }
        MemorySegment pool = arena.allocate(placement.poolBytes(), 64);
        Call call = new Call(index, routine, arena, pool, ops);
        call.layout = layout;
        call.transA = ta;
        call.transB = tb;
        call.m = m;
        call.n = n;
        call.k = k;
        call.count = count;
        call.alpha = scalar(r);
        call.beta = scalar(r);
        for (int i = 0; i < 3; i++) {
            ops[i].seg = pool.asSlice(starts[i], sizes[i]);
        }
        if (shared) {
            call.notes.add("A and C share a buffer");
            if (r.nextBoolean()) { // the same memory through an unrelated segment object
                ops[2].seg = MemorySegment.ofAddress(ops[0].seg.address()).reinterpret(sizes[2]);
                ops[2].kind = "alias";
            }
        }
        if (style == 1 && batch) {
            call.notes.add("items side by side");
        }
        return call;
    }

    private Call gemv(int index, Random r, Arena arena) {
        int m = dim(r);
        int n = dim(r);
        Layout layout = pick(r, Layout.values());
        Transpose t = pick(r, Transpose.values());
        Op a = new Op("A", false);
        Op x = new Op("x", false);
        Op y = new Op("y", true);
        long[] sa = runs(layout, m, n);
        a.ld = (int) Math.max(1, sa[1]) + (r.nextBoolean() ? 0 : r.nextInt(4));
        a.offset = r.nextInt(3) == 0 ? r.nextInt(5) : 0;
        long xLen = t != Transpose.NO_TRANSPOSE ? m : n;
        long yLen = t != Transpose.NO_TRANSPOSE ? n : m;
        Placement placement = new Placement();
        long[] starts = new long[3];
        long[] sizes = new long[3];
        long needA = a.offset + span(sa[0], sa[1], a.ld);
        sizes[0] = 4 * (needA + r.nextInt(4));
        starts[0] = placement.place(r, sizes[0]);
        int i = 1;
        for (Op v : new Op[] {x, y}) {
            long len = v == x ? xLen : yLen;
            v.ld = (1 + r.nextInt(3)) * (r.nextInt(4) == 0 ? -1 : 1);
            v.offset = r.nextInt(3) == 0 ? r.nextInt(5) : 0;
            sizes[i] = 4 * (v.offset + span(len, 1, Math.abs(v.ld)) + r.nextInt(4));
            starts[i] = placement.place(r, sizes[i]);
            i++;
        }
        MemorySegment pool = arena.allocate(placement.poolBytes(), 64);
        Call call = new Call(index, Routine.SGEMV, arena, pool, a, x, y);
        call.layout = layout;
        call.transA = t;
        call.m = m;
        call.n = n;
        call.alpha = scalar(r);
        call.beta = scalar(r);
        for (int j = 0; j < 3; j++) {
            call.ops[j].seg = pool.asSlice(starts[j], sizes[j]);
        }
        return call;
    }

    private Call level1(int index, Random r, Arena arena, Routine routine) {
        int n = r.nextInt(20) == 0 ? 0 : r.nextInt(4) == 0 ? 1 : 2 + r.nextInt(63);
        Op[] ops = switch (routine) {
            case SAXPY -> new Op[] {new Op("x", false), new Op("y", true)};
            case SDOT -> new Op[] {new Op("x", false), new Op("y", false)};
            default -> new Op[] {new Op("x", true)};
        };
        Placement placement = new Placement();
        long[] starts = new long[ops.length];
        long[] sizes = new long[ops.length];
        boolean interleaved = ops.length == 2 && r.nextInt(8) == 0; // x and y alternate in one buffer
        for (int i = 0; i < ops.length; i++) {
            Op v = ops[i];
            v.ld = (1 + r.nextInt(3)) * (r.nextInt(4) == 0 ? -1 : 1);
            v.offset = r.nextInt(3) == 0 ? r.nextInt(5) : 0;
            if (interleaved) {
                v.ld = 2 * (v.ld < 0 ? -1 : 1);
                v.offset = i;
            }
            sizes[i] = 4 * (v.offset + span(n, 1, Math.abs(v.ld)) + r.nextInt(4));
        }
        if (interleaved) {
            long bytes = Math.max(sizes[0], sizes[1]);
            starts[0] = starts[1] = placement.place(r, bytes);
            sizes[0] = sizes[1] = bytes;
        } else {
            for (int i = 0; i < ops.length; i++) {
                starts[i] = placement.place(r, sizes[i]);
            }
        }
        MemorySegment pool = arena.allocate(placement.poolBytes(), 64);
        Call call = new Call(index, routine, arena, pool, ops);
        call.n = n;
        call.alpha = scalar(r);
        for (int i = 0; i < ops.length; i++) {
            ops[i].seg = pool.asSlice(starts[i], sizes[i]);
        }
        if (interleaved) {
            call.notes.add("x and y interleaved in one buffer");
        }
        return call;
    }

    // ---- corruption ----------------------------------------------------------------------------------------------

    private void corrupt(Call call, Random r) {
        int p = r.nextInt(100);
        int times = p < 42 ? 0 : p < 82 ? 1 : 2;
        List<Corruption> applicable = Arrays.stream(Corruption.values()).filter(c -> c.appliesTo(call.routine)).toList();
        for (int t = 0; t < times; t++) {
            Corruption c = applicable.get(r.nextInt(applicable.size()));
            apply(call, c, r);
            call.applied.add(c.name());
        }
    }

    private static final int[] HUGE = {Integer.MAX_VALUE, Integer.MAX_VALUE - 1, 1 << 30, 1 << 20, 65_536, 46_341};

    private Op anyOp(Call call, Random r) {
        return call.ops[r.nextInt(call.ops.length)];
    }

    private Op matrixOp(Call call, Random r) {
        return call.routine == Routine.SGEMV ? call.op("A") : call.ops[r.nextInt(3)];
    }

    private Op vectorOp(Call call, Random r) {
        if (call.routine == Routine.SGEMV) {
            return call.ops[1 + r.nextInt(2)];
        }
        return anyOp(call, r);
    }

    /** Sets dimension {@code which} (0 m, 1 n, 2 k, 3 count; level 1 has only n). */
    private static void setDim(Call call, int which, int value) {
        switch (which) {
            case 0 -> call.m = value;
            case 1 -> call.n = value;
            case 2 -> call.k = value;
            default -> call.count = value;
        }
    }

    private static int dimChoice(Call call, Random r) {
        return switch (call.routine) {
            case SGEMM -> r.nextInt(3);
            case BATCH -> r.nextInt(4);
            case SGEMV -> r.nextInt(2);
            default -> 1;
        };
    }

    /** Makes every leading dimension the smallest the shape allows, so extents rather than lds decide. */
    private static void minimalLds(Call call) {
        if (call.routine.gemm()) {
            Shape[] s = shapes(call);
            for (int i = 0; i < 3; i++) {
                // the smallest ld is the run length whichever the layout (columns row-major, rows column-major)
                call.ops[i].ld = (int) Math.min(Integer.MAX_VALUE, Math.max(1, s[i].runLength()));
            }
        } else if (call.routine == Routine.SGEMV) {
            long min = call.layout == Layout.ROW_MAJOR ? call.n : call.m;
            call.op("A").ld = (int) Math.max(1, min);
        }
    }

    private void apply(Call call, Corruption c, Random r) {
        switch (c) {
            case NEGATIVE_DIM -> setDim(call, dimChoice(call, r), switch (r.nextInt(3)) {
                case 0 -> -1;
                case 1 -> -1 - r.nextInt(1000);
                default -> Integer.MIN_VALUE;
            });
            case HUGE_DIM -> {
                setDim(call, dimChoice(call, r), HUGE[r.nextInt(HUGE.length)]);
                if (r.nextBoolean()) {
                    minimalLds(call);
                }
            }
            case ZERO_DIM -> setDim(call, dimChoice(call, r), 0);
            case LD_TOO_SMALL -> {
                Op op = matrixOp(call, r);
                op.ld = switch (r.nextInt(4)) {
                    case 0 -> 0;
                    case 1 -> -1 - r.nextInt(10);
                    case 2 -> Integer.MIN_VALUE;
                    default -> op.ld - 1 - r.nextInt(3);
                };
            }
            case LD_HUGE -> matrixOp(call, r).ld = r.nextBoolean() ? Integer.MAX_VALUE : HUGE[r.nextInt(HUGE.length)];
            case OFFSET_NEGATIVE -> anyOp(call, r).offset = switch (r.nextInt(3)) {
                case 0 -> -1;
                case 1 -> -1 - r.nextInt(100);
                default -> Long.MIN_VALUE;
            };
            case OFFSET_PAST_END -> {
                Op op = anyOp(call, r);
                long floats = op.seg == null ? 0 : op.seg.byteSize() / 4;
                op.offset = switch (r.nextInt(6)) {
                    case 0 -> Math.max(0, floats - r.nextInt(3));
                    case 1 -> floats + r.nextInt(100);
                    case 2 -> 1L << 40;
                    case 3 -> Long.MAX_VALUE / 4 - r.nextInt(10);
                    case 4 -> Long.MAX_VALUE;
                    default -> op.offset + 1 + r.nextInt(3);
                };
            }
            case SEGMENT_SHORT -> {
                Op op = anyOp(call, r);
                Shape shape = shapes(call)[Arrays.asList(call.ops).indexOf(op)];
                if (op.seg != null && op.seg.isNative() && !shape.empty() && op.offset >= 0) {
                    BigInteger needBytes = shape.last(op.offset).add(BigInteger.ONE).shiftLeft(2);
                    if (needBytes.signum() > 0 && needBytes.compareTo(BigInteger.valueOf(op.seg.byteSize())) <= 0) {
                        long shortBy = r.nextBoolean() ? 4 : 1 + r.nextInt(3);
                        op.seg = op.seg.asSlice(0, Math.max(0, needBytes.longValueExact() - shortBy));
                        op.kind += ",short";
                    }
                }
            }
            case STRIDE_BAD -> {
                Op op = anyOp(call, r);
                op.stride = switch (r.nextInt(5)) {
                    case 0 -> -1;
                    case 1 -> Long.MIN_VALUE;
                    case 2 -> Integer.MAX_VALUE + 1L + r.nextInt(100);
                    case 3 -> Long.MAX_VALUE;
                    default -> Integer.MAX_VALUE; // fits int, runs past the segment unless count <= 1
                };
            }
            case ITEMS_OVERLAP -> {
                Op out = call.op("C");
                Shape s = shapes(call)[2];
                long itemSpan = s.empty() ? 1 : (s.runs() - 1) * s.ld() + s.runLength();
                out.stride = r.nextInt(4) == 0 ? 0 : r.nextLong(Math.max(1, itemSpan));
                if (call.count < 2 && r.nextBoolean()) {
                    call.count = 2 + r.nextInt(3);
                }
            }
            case OVERLAP_OUTPUT -> overlapOutput(call, r);
            case EXTENT_OVERFLOW -> extentOverflow(call, r);
            case NULL_ARG -> {
                int choice = r.nextInt(call.routine.gemm() || call.routine == Routine.SGEMV ? 3 : 1);
                if (choice == 1) {
                    call.layout = null;
                } else if (choice == 2) {
                    if (call.routine == Routine.SGEMV || r.nextBoolean()) {
                        call.transA = null;
                    } else {
                        call.transB = null;
                    }
                } else {
                    Op op = anyOp(call, r);
                    op.seg = null;
                    op.kind = "null";
                }
            }
            case CLOSED_ARENA -> replace(anyOp(call, r), closed, "closed");
            case WRONG_THREAD -> replace(anyOp(call, r), foreign, "other-thread");
            case HEAP_SEGMENT -> {
                Op op = anyOp(call, r);
                long floats = op.seg == null ? 8 : Math.min(op.seg.byteSize() / 4, SIDE_BYTES / 4);
                float[] data = new float[(int) floats];
                for (int i = 0; i < data.length; i++) {
                    data[i] = TestData.value(r);
                }
                op.heap = data;
                // Heap segments over float[] are valid (critical downcalls); one over double[] is not a float array.
                double[] wrongType = new double[(data.length + 1) / 2];
                MemorySegment.copy(MemorySegment.ofArray(data), 0, MemorySegment.ofArray(wrongType), 0, data.length * 4L);
                op.seg = MemorySegment.ofArray(wrongType);
                op.kind = "heap";
            }
            case MISALIGNED -> {
                Op op = anyOp(call, r);
                if (op.seg != null && inPool(call, op.seg)) {
                    long start = op.seg.address() - call.pool.address() + 1 + r.nextInt(3);
                    op.seg = call.pool.asSlice(start, Math.min(op.seg.byteSize(), call.pool.byteSize() - start));
                    op.kind += ",misaligned";
                }
            }
            case INC_BAD -> vectorOp(call, r).ld = switch (r.nextInt(4)) {
                case 0, 1 -> 0;
                case 2 -> Integer.MIN_VALUE;
                default -> r.nextBoolean() ? Integer.MAX_VALUE : -Integer.MAX_VALUE;
            };
        }
    }

    private static void replace(Op op, MemorySegment side, String kind) {
        long bytes = op.seg == null ? 64 : Math.min(op.seg.byteSize(), SIDE_BYTES);
        op.seg = side.asSlice(0, bytes);
        op.kind = kind;
        op.heap = null;
    }

    private static boolean inPool(Call call, MemorySegment seg) {
        return seg.isNative() && seg.address() >= call.pool.address()
                && seg.address() + seg.byteSize() <= call.pool.address() + call.pool.byteSize();
    }

    /** Points the output at memory an input uses: the same segment, a slice of the pool or a raw alias. */
    private void overlapOutput(Call call, Random r) {
        Op out;
        Op in;
        switch (call.routine) {
            case SGEMM, BATCH -> {
                out = call.op("C");
                in = call.ops[r.nextInt(2)];
            }
            case SGEMV -> {
                out = call.op("y");
                in = call.ops[r.nextInt(2)];
            }
            default -> { // saxpy: y over x; sdot: y over x, which is allowed (both are inputs)
                out = call.op("y");
                in = call.op("x");
            }
        }
        if (in.seg == null || !inPool(call, in.seg) || in.offset < 0 || in.offset > 1 << 20) {
            return;
        }
        long inStart = in.seg.address() - call.pool.address() + 4 * in.offset;
        long shift = 4L * (r.nextInt(7) - 3);
        long start = Math.max(0, inStart + shift);
        long bytes = Math.max(0, Math.min(out.seg == null ? 64 : out.seg.byteSize() - 4 * Math.max(0, Math.min(out.offset, 1 << 20)),
                call.pool.byteSize() - start));
        switch (r.nextInt(4)) {
            case 0 -> { // the very same segment object, with an offset next to the input's
                out.seg = in.seg;
                out.offset = Math.max(0, in.offset + shift / 4);
                out.kind = "same segment as " + in.name;
            }
            case 1 -> {
                out.seg = call.pool.asSlice(start, bytes);
                out.offset = 0;
                out.kind = "pool slice over " + in.name;
            }
            case 2 -> {
                out.seg = MemorySegment.ofAddress(call.pool.address() + start).reinterpret(bytes);
                out.offset = 0;
                out.kind = "ofAddress alias over " + in.name;
            }
            default -> { // shared buffers (column blocks): slide the output a little towards the input
                if (out.seg != null && in.seg != null && out.seg.address() == in.seg.address()) {
                    out.offset = Math.max(0, out.offset - 1 - r.nextInt(3));
                    out.kind += ",slid";
                } else {
                    out.seg = in.seg;
                    out.offset = in.offset;
                    out.kind = "same segment and offset as " + in.name;
                }
            }
        }
        out.heap = null;
    }

    /** Arguments whose extent overflows int (or long), each dimension on its own being harmless. */
    private void extentOverflow(Call call, Random r) {
        int variant = r.nextInt(4);
        switch (variant) {
            case 0 -> { // dimensions whose product passes 2^31
                if (call.routine.gemm() || call.routine == Routine.SGEMV) {
                    call.m = 65_536 + r.nextInt(3);
                    call.n = 65_536 + r.nextInt(3);
                    minimalLds(call);
                } else {
                    call.n = 1 << 30;
                    anyOp(call, r).ld = 4 + r.nextInt(4);
                }
            }
            case 1 -> anyOp(call, r).offset = Long.MAX_VALUE / 4 - r.nextInt(4); // offset * 4 passes 2^63
            case 2 -> {
                if (call.routine.gemm() || call.routine == Routine.SGEMV) {
                    matrixOp(call, r).ld = Integer.MAX_VALUE - r.nextInt(3);
                    if (call.m < 2) {
                        call.m = 2 + r.nextInt(3);
                    }
                    if (call.n < 2) {
                        call.n = 2 + r.nextInt(3);
                    }
                } else {
                    call.n = Integer.MAX_VALUE;
                    anyOp(call, r).ld = Integer.MAX_VALUE;
                }
            }
            default -> {
                if (call.routine == Routine.BATCH) {
                    anyOp(call, r).stride = Integer.MAX_VALUE;
                    call.count = Integer.MAX_VALUE - r.nextInt(3);
                } else {
                    anyOp(call, r).offset = (1L << 62) + r.nextInt(100);
                }
            }
        }
    }

    // ---- the validity oracle -------------------------------------------------------------------------------------

    /** Each operand's shape from the scalar arguments (meaningful only when those are valid). */
    private static Shape[] shapes(Call c) {
        switch (c.routine) {
            case SGEMM, BATCH -> {
                boolean ta = c.transA != Transpose.NO_TRANSPOSE;
                boolean tb = c.transB != Transpose.NO_TRANSPOSE;
                long items = c.m == 0 || c.n == 0 ? 0 : c.count;
                long[] a = runs(c.layout, ta ? c.k : c.m, ta ? c.m : c.k);
                long[] b = runs(c.layout, tb ? c.n : c.k, tb ? c.k : c.n);
                long[] cc = runs(c.layout, c.m, c.n);
                return new Shape[] {
                        new Shape(a[0], a[1], c.ops[0].ld, items, c.ops[0].stride),
                        new Shape(b[0], b[1], c.ops[1].ld, items, c.ops[1].stride),
                        new Shape(cc[0], cc[1], c.ops[2].ld, items, c.ops[2].stride)};
            }
            case SGEMV -> {
                boolean empty = c.m == 0 || c.n == 0;
                boolean t = c.transA != Transpose.NO_TRANSPOSE;
                long[] a = runs(c.layout, c.m, c.n);
                long xLen = empty ? 0 : t ? c.m : c.n;
                long yLen = empty ? 0 : t ? c.n : c.m;
                return new Shape[] {new Shape(a[0], a[1], c.ops[0].ld, 1, 0),
                        new Shape(xLen, 1, Math.abs((long) c.ops[1].ld), 1, 0),
                        new Shape(yLen, 1, Math.abs((long) c.ops[2].ld), 1, 0)};
            }
            default -> {
                Shape[] s = new Shape[c.ops.length];
                for (int i = 0; i < s.length; i++) {
                    s[i] = new Shape(c.n, 1, Math.abs((long) c.ops[i].ld), 1, 0);
                }
                return s;
            }
        }
    }

    /** Every rule of the contract the call breaks; empty for a valid call. */
    static List<Violation> violations(Call c) {
        List<Violation> v = new ArrayList<>();
        Class<IllegalArgumentException> iae = IllegalArgumentException.class;
        boolean matrixRoutine = c.routine.gemm() || c.routine == Routine.SGEMV;
        if (matrixRoutine) {
            if (c.layout == null) {
                v.add(new Violation("null", NullPointerException.class, "layout"));
            }
            if (c.transA == null) {
                v.add(new Violation("null", NullPointerException.class, c.routine == Routine.SGEMV ? "trans" : "transA"));
            }
            if (c.routine.gemm() && c.transB == null) {
                v.add(new Violation("null", NullPointerException.class, "transB"));
            }
        }
        List<String> dims = switch (c.routine) {
            case SGEMM -> List.of("m", "n", "k");
            case BATCH -> List.of("m", "n", "k", "count");
            case SGEMV -> List.of("m", "n");
            default -> List.of("n");
        };
        for (String d : dims) {
            int value = switch (d) {
                case "m" -> c.m;
                case "n" -> c.n;
                case "k" -> c.k;
                default -> c.count;
            };
            if (value < 0) {
                v.add(new Violation("negative-dimension", iae, d));
            }
        }
        boolean shapesDefined = v.isEmpty(); // layout, transposes and dimensions: enough to decide leading dimensions
        if (c.routine == Routine.BATCH) {
            for (Op op : c.ops) {
                if (op.stride < 0 || op.stride > Integer.MAX_VALUE) {
                    v.add(new Violation("stride", iae, "stride" + op.name));
                }
            }
        }
        if (!matrixRoutine || c.routine == Routine.SGEMV) {
            for (Op op : c.ops) {
                if (op.name.startsWith("x") || op.name.startsWith("y")) {
                    if (op.ld == 0) {
                        v.add(new Violation("increment", iae, "inc" + op.name));
                    }
                }
            }
        }
        boolean scalarsValid = v.isEmpty(); // strides and increments too: enough to decide extents
        Shape[] shapes = null;
        if (shapesDefined) {
            // Leading dimensions (needs layout, transposes and dimensions to be valid to be defined).
            shapes = shapes(c);
            if (c.routine.gemm()) {
                String[] names = {"lda", "ldb", "ldc"};
                for (int i = 0; i < 3; i++) {
                    long min = Math.max(1, shapes[i].runLength());
                    if (c.ops[i].ld < min) {
                        v.add(new Violation("leading-dimension", iae, names[i]));
                    }
                }
            } else if (c.routine == Routine.SGEMV) {
                long min = Math.max(1, shapes[0].runLength());
                if (c.ops[0].ld < min) {
                    v.add(new Violation("leading-dimension", iae, "lda"));
                }
            }
        }
        // Each segment: present, alive, usable here, native, offset >= 0. Checked whatever the sizes.
        Thread me = Thread.currentThread();
        boolean[] usable = new boolean[c.ops.length];
        for (int i = 0; i < c.ops.length; i++) {
            Op op = c.ops[i];
            if (op.seg == null) {
                v.add(new Violation("null", NullPointerException.class, op.name));
                continue;
            }
            usable[i] = true;
            if (!op.seg.scope().isAlive()) {
                v.add(new Violation("closed-arena", IllegalStateException.class, op.name));
                usable[i] = false;
            } else if (!op.seg.isAccessibleBy(me)) {
                v.add(new Violation("wrong-thread", WrongThreadException.class, op.name));
                usable[i] = false;
            }
            if (!op.seg.isNative()) {
                v.add(new Violation("heap-segment", iae, op.name));
                usable[i] = false;
            }
            if (op.offset < 0) {
                v.add(new Violation("negative-offset", iae, "offset of " + op.name));
                usable[i] = false;
            }
        }
        if (!scalarsValid) {
            return v; // extents are undefined without valid dimensions, strides and increments
        }
        // Extents and alignment of every operand that touches a float, wherever its own segment is usable (an
        // operand in a closed arena, on another thread or on the heap must be reported as such, not by size).
        for (int i = 0; i < c.ops.length; i++) {
            Op op = c.ops[i];
            Shape s = shapes[i];
            if (!usable[i] || s.empty()) {
                continue;
            }
            BigInteger endByte = s.last(op.offset).add(BigInteger.ONE).shiftLeft(2);
            if (endByte.bitLength() > 63) {
                v.add(new Violation("extent-overflow", iae, op.name));
            } else if (endByte.compareTo(BigInteger.valueOf(op.seg.byteSize())) > 0) {
                v.add(new Violation("extent", iae, op.name));
            } else if (((op.seg.address() + 4 * op.offset) & 3) != 0) {
                v.add(new Violation("misaligned", iae, op.name));
            }
        }
        if (!v.isEmpty()) {
            return v; // overlap is decided only between operands that are all in range
        }
        // Overlap, exactly, at absolute addresses: the output against each input, and batch items of the output.
        int out = outputIndex(c);
        if (out >= 0 && !shapes[out].empty()) {
            Op o = c.ops[out];
            long base = c.pool.address();
            BitSet outBytes = touched(o, shapes[out], -1, base);
            for (int i = 0; i < c.ops.length; i++) {
                if (i != out && touched(c.ops[i], shapes[i], -1, base).intersects(outBytes)) {
                    v.add(new Violation("output-overlaps-input", iae, c.ops[i].name));
                }
            }
            if (c.routine == Routine.BATCH && c.count > 1 && o.stride == 0) {
                v.add(new Violation("batch-items-overlap", iae, "items of " + o.name)); // every item is the same
            } else if (c.routine == Routine.BATCH && c.count > 1) {
                BitSet seen = new BitSet();
                for (int item = 0; item < c.count; item++) {
                    BitSet one = touched(o, shapes[out], item, base);
                    if (one.intersects(seen)) {
                        v.add(new Violation("batch-items-overlap", iae, "items of " + o.name));
                        break;
                    }
                    seen.or(one);
                }
            }
        }
        return v;
    }

    private static int outputIndex(Call c) {
        for (int i = 0; i < c.ops.length; i++) {
            if (c.ops[i].output && !(c.routine == Routine.SSCAL)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * The bytes an operand touches (all items, or only {@code onlyItem}), as bit indexes from a common origin
     * (absolute address minus a fixed base), so segments that alias one another are compared correctly. The
     * extent has been checked to lie in the segment, so the set is small.
     */
    private static BitSet touched(Op op, Shape s, int onlyItem, long base) {
        BitSet bits = new BitSet();
        if (s.empty()) {
            return bits;
        }
        long origin = op.seg.address() - base;
        long items = s.stride() == 0 ? 1 : s.count(); // with stride 0 every item is the first one
        for (long item = 0; item < items; item++) {
            if (onlyItem >= 0 && item != onlyItem) {
                continue;
            }
            for (long run = 0; run < s.runs(); run++) {
                long first = origin + 4 * (op.offset + item * s.stride() + run * s.ld());
                bits.set(Math.toIntExact(first), Math.toIntExact(first + 4 * s.runLength()));
            }
        }
        return bits;
    }

    // ---- running a call ------------------------------------------------------------------------------------------

    private void fillAndRun(Call c, List<Violation> violations, Random r, Map<String, Integer> exceptionTypes) {
        // Sentinel NaNs everywhere; random values in the floats some valid operand touches.
        MemorySegment pool = c.pool;
        float[] sentinels = new float[(int) (pool.byteSize() / 4)];
        Arrays.fill(sentinels, SENTINEL);
        MemorySegment.copy(sentinels, 0, pool, ValueLayout.JAVA_FLOAT, 0, sentinels.length);
        Shape[] shapes = scalarsDefined(c) ? shapes(c) : null;
        if (shapes != null) {
            for (int i = 0; i < c.ops.length; i++) {
                Op op = c.ops[i];
                if (op.seg == null || !inPool(c, op.seg) || shapes[i].empty() || op.offset < 0 || shapes[i].ld() < 0
                        || shapes[i].runs() < 0 || shapes[i].runLength() < 0 || shapes[i].count() < 0
                        || (shapes[i].ld() == 0 && shapes[i].runs() > 1) // increment 0: runs that repeat
                        || shapes[i].runs() > op.seg.byteSize() / 4
                        || ((op.seg.address() + 4 * op.offset) & 3) != 0) {
                    continue;
                }
                BigInteger end = shapes[i].last(op.offset).add(BigInteger.ONE).shiftLeft(2);
                if (end.compareTo(BigInteger.valueOf(op.seg.byteSize())) > 0) {
                    continue;
                }
                BitSet bytes = touched(op, shapes[i], -1, pool.address());
                for (int b = bytes.nextSetBit(0); b >= 0; b = bytes.nextSetBit(b + 4)) {
                    pool.set(ValueLayout.JAVA_FLOAT, b, TestData.value(r));
                }
            }
        }
        byte[] poolBefore = pool.toArray(ValueLayout.JAVA_BYTE);
        List<float[]> heapsBefore = new ArrayList<>();
        for (Op op : c.ops) {
            heapsBefore.add(op.heap == null ? null : op.heap.clone());
        }

        if (!violations.isEmpty()) {
            Throwable thrown = null;
            try {
                invoke(c);
            } catch (Throwable t) {
                thrown = t;
            }
            if (thrown == null) {
                fail("an invalid call was accepted; it breaks " + violations);
            }
            Set<Class<?>> allowed = new LinkedHashSet<>();
            violations.forEach(v -> allowed.add(v.type()));
            if (!allowed.contains(thrown.getClass())) {
                throw new AssertionError("threw " + thrown + ", expected one of " + allowed + " for " + violations, thrown);
            }
            String message = String.valueOf(thrown.getMessage());
            assertTrue(message.startsWith(c.routine.facadeName + ": "), "message does not name the routine: " + message);
            if (violations.size() == 1) {
                String parameter = violations.get(0).parameter();
                Pattern named = Pattern.compile("(?<![A-Za-z|])" + Pattern.quote(parameter) + "(?![A-Za-z])");
                assertTrue(named.matcher(message).find(), "message does not name " + parameter + ": " + message);
            }
            exceptionTypes.merge(thrown.getClass().getSimpleName(), 1, Integer::sum);
            assertTrue(Arrays.equals(poolBefore, pool.toArray(ValueLayout.JAVA_BYTE)),
                    "a refused call changed memory: native code ran (" + thrown + ")");
            for (int i = 0; i < c.ops.length; i++) {
                if (heapsBefore.get(i) != null) {
                    assertTrue(Arrays.equals(heapsBefore.get(i), c.ops[i].heap), "a refused call changed a heap array");
                }
            }
            return;
        }

        // Valid: the oracle's result, from the operands as they are now.
        int out = outputIndex(c);
        if (c.routine == Routine.SSCAL) {
            out = 0;
        }
        float[][] values = new float[c.ops.length][];
        for (int i = 0; i < c.ops.length; i++) {
            values[i] = floatsOf(c.ops[i].seg);
        }
        NaiveBlas.Expected expected = null;
        double dot = 0;
        double dotAbs = 0;
        boolean empty = isZeroSized(c);
        switch (c.routine) {
            case SGEMM, BATCH -> {
                if (!empty) {
                    float[] cv = values[2];
                    boolean[] written = new boolean[cv.length];
                    double[] sumAbs = new double[cv.length];
                    for (int item = 0; item < c.count; item++) {
                        NaiveBlas.Expected e = NaiveBlas.sgemm(c.layout, c.transA, c.transB, c.m, c.n, c.k, c.alpha,
                                values[0], (int) (c.ops[0].offset + item * c.ops[0].stride), c.ops[0].ld,
                                values[1], (int) (c.ops[1].offset + item * c.ops[1].stride), c.ops[1].ld,
                                c.beta, cv, (int) (c.ops[2].offset + item * c.ops[2].stride), c.ops[2].ld);
                        for (int j = 0; j < cv.length; j++) {
                            if (e.written()[j]) {
                                written[j] = true;
                                sumAbs[j] = e.sumAbs()[j];
                            }
                        }
                        cv = e.values();
                    }
                    expected = new NaiveBlas.Expected(cv, written, sumAbs);
                }
            }
            case SGEMV -> {
                if (!empty) {
                    expected = NaiveBlas.sgemv(c.layout, c.transA, c.m, c.n, c.alpha, values[0], (int) c.ops[0].offset,
                            c.ops[0].ld, values[1], (int) c.ops[1].offset, c.ops[1].ld, c.beta, values[2],
                            (int) c.ops[2].offset, c.ops[2].ld);
                }
            }
            case SAXPY -> {
                if (!empty) {
                    expected = NaiveBlas.saxpy(c.n, c.alpha, values[0], (int) c.ops[0].offset, c.ops[0].ld, values[1],
                            (int) c.ops[1].offset, c.ops[1].ld);
                }
            }
            case SSCAL -> {
                if (!empty) {
                    expected = NaiveBlas.sscal(c.n, c.alpha, values[0], (int) c.ops[0].offset, c.ops[0].ld);
                }
            }
            case SDOT -> {
                dot = NaiveBlas.sdot(c.n, values[0], (int) c.ops[0].offset, c.ops[0].ld, values[1],
                        (int) c.ops[1].offset, c.ops[1].ld);
                dotAbs = NaiveBlas.sdotSumAbs(c.n, values[0], (int) c.ops[0].offset, c.ops[0].ld, values[1],
                        (int) c.ops[1].offset, c.ops[1].ld);
            }
        }
        if (c.routine == Routine.BATCH && c.notes.contains("large") && Blas.batchRoute(c.m, c.n, c.k) == BatchRoute.NATIVE) {
            c.notes.add("native route");
        }
        float result;
        try {
            result = invoke(c);
        } catch (RuntimeException e) {
            throw new AssertionError("a valid call was refused: " + e, e);
        }
        if (c.routine == Routine.SDOT) {
            double tol = NaiveBlas.tolerance(dotAbs);
            assertTrue(Math.abs(result - dot) <= tol, "sdot returned " + result + ", expected " + dot + " +- " + tol);
        }
        byte[] poolAfter = pool.toArray(ValueLayout.JAVA_BYTE);
        long outStart = -1;
        long outEnd = -1;
        if (expected != null) {
            Op o = c.ops[out];
            expected.assertMatches(floatsOf(o.seg), "output " + o.name);
            outStart = o.seg.address() - pool.address();
            outEnd = outStart + o.seg.byteSize();
        }
        int from = (int) Math.max(0, Math.min(outStart, poolBefore.length));
        int to = (int) Math.max(from, Math.min(outEnd, poolBefore.length));
        int before = Arrays.mismatch(poolBefore, 0, from, poolAfter, 0, from);
        int after = Arrays.mismatch(poolBefore, to, poolBefore.length, poolAfter, to, poolAfter.length);
        if (before >= 0 || after >= 0) {
            fail("byte " + (before >= 0 ? before : to + after) + " of the pool, outside the output's segment, changed");
        }
    }

    private static boolean scalarsDefined(Call c) {
        if ((c.routine.gemm() || c.routine == Routine.SGEMV) && (c.layout == null || c.transA == null
                || (c.routine.gemm() && c.transB == null))) {
            return false;
        }
        if (c.m < 0 || c.n < 0 || c.k < 0 || c.count < 0) {
            return false;
        }
        for (Op op : c.ops) {
            if (op.stride < 0 || op.stride > Integer.MAX_VALUE) {
                return false;
            }
        }
        return true;
    }

    private static float[] floatsOf(MemorySegment seg) {
        return seg.asSlice(0, seg.byteSize() / 4 * 4).toArray(ValueLayout.JAVA_FLOAT_UNALIGNED);
    }

    private static float invoke(Call c) {
        Op[] o = c.ops;
        switch (c.routine) {
            case SGEMM -> Blas.sgemm(c.layout, c.transA, c.transB, c.m, c.n, c.k, c.alpha, o[0].seg, o[0].offset,
                    o[0].ld, o[1].seg, o[1].offset, o[1].ld, c.beta, o[2].seg, o[2].offset, o[2].ld);
            case BATCH -> Blas.sgemmBatchStrided(c.layout, c.transA, c.transB, c.m, c.n, c.k, c.alpha, o[0].seg,
                    o[0].offset, o[0].ld, o[0].stride, o[1].seg, o[1].offset, o[1].ld, o[1].stride, c.beta, o[2].seg,
                    o[2].offset, o[2].ld, o[2].stride, c.count);
            case SGEMV -> Blas.sgemv(c.layout, c.transA, c.m, c.n, c.alpha, o[0].seg, o[0].offset, o[0].ld, o[1].seg,
                    o[1].offset, o[1].ld, c.beta, o[2].seg, o[2].offset, o[2].ld);
            case SAXPY -> Blas.saxpy(c.n, c.alpha, o[0].seg, o[0].offset, o[0].ld, o[1].seg, o[1].offset, o[1].ld);
            case SDOT -> {
                return Blas.sdot(c.n, o[0].seg, o[0].offset, o[0].ld, o[1].seg, o[1].offset, o[1].ld);
            }
            case SSCAL -> Blas.sscal(c.n, c.alpha, o[0].seg, o[0].offset, o[0].ld);
        }
        return Float.NaN;
    }
}
