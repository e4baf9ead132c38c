package io.github.ffmblas.bindings;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Calls every public {@link Blas} routine that takes segments, over small shapes, increments, layouts and
 * uplo/trans/diag/side choices, with each operand exactly as long as the facade demands and an inaccessible page
 * right after its end, then right before its start ({@link GuardedMemory}); in a JVM of its own
 * ({@link GuardPageSweepTest}), since what it catches is a process crash. A SIGSEGV means OpenBLAS touched memory
 * the facade did not check: either an extent check is too lax or OpenBLAS reads or writes out of bounds, as its
 * zhemv does past y ({@code Quirks.zhemvReadsPastY}).
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
        probe.level1();
        probe.level2();
        probe.level3();
        probe.extensions();
        Set<String> unswept = probe.coverageGaps();
        if (!unswept.isEmpty()) {
            System.out.println("MISSING from the sweep: " + unswept);
            System.exit(2);
        }
        long start = System.nanoTime();
        for (Case c : probe.cases) {
            probe.run(c);
        }
        System.out.printf("DONE %d cases: %d guarded calls, %d size-search calls, %.1f s%n", probe.cases.size(),
                probe.guardedCalls, probe.searchCalls, (System.nanoTime() - start) / 1e9);
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

    private void add(String routine, String arguments, int operands, int elementBytes, Body body) {
        cases.add(new Case(routine, arguments, operands, elementBytes, body));
    }

    /** A leading dimension one element longer than the shortest, so a kernel that reads whole ones shows. */
    private static int ld(Layout layout, int rows, int cols) {
        return (layout == Layout.ROW_MAJOR ? cols : rows) + 1;
    }

    /** The elements a rows x cols matrix spans, first to last, at leading dimension ld. */
    private static long span(Layout layout, int rows, int cols, int ld) {
        return layout == Layout.ROW_MAJOR ? (rows - 1L) * ld + cols : (cols - 1L) * ld + rows;
    }

    // ---- level 1 ---------------------------------------------------------------------------------------------------

    private void level1() {
        for (int n : SIZES) {
            for (int incx : INCREMENTS) {
                oneVector(n, incx);
                for (int incy : INCREMENTS) {
                    twoVectors(n, incx, incy);
                }
            }
        }
        rotationSetup();
    }

    private void oneVector(int n, int incx) {
        String a = "n=" + n + " incx=" + incx;
        add("snrm2", a, 1, FLOAT, s -> Blas.snrm2(n, s[0], 0, incx));
        add("dnrm2", a, 1, DOUBLE, s -> Blas.dnrm2(n, s[0], 0, incx));
        add("scnrm2", a, 1, COMPLEX_FLOAT, s -> Blas.scnrm2(n, s[0], 0, incx));
        add("dznrm2", a, 1, COMPLEX_DOUBLE, s -> Blas.dznrm2(n, s[0], 0, incx));
        add("sasum", a, 1, FLOAT, s -> Blas.sasum(n, s[0], 0, incx));
        add("dasum", a, 1, DOUBLE, s -> Blas.dasum(n, s[0], 0, incx));
        add("scasum", a, 1, COMPLEX_FLOAT, s -> Blas.scasum(n, s[0], 0, incx));
        add("dzasum", a, 1, COMPLEX_DOUBLE, s -> Blas.dzasum(n, s[0], 0, incx));
        add("ssum", a, 1, FLOAT, s -> Blas.ssum(n, s[0], 0, incx));
        add("dsum", a, 1, DOUBLE, s -> Blas.dsum(n, s[0], 0, incx));
        add("scsum", a, 1, COMPLEX_FLOAT, s -> Blas.scsum(n, s[0], 0, incx));
        add("dzsum", a, 1, COMPLEX_DOUBLE, s -> Blas.dzsum(n, s[0], 0, incx));
        add("samax", a, 1, FLOAT, s -> Blas.samax(n, s[0], 0, incx));
        add("damax", a, 1, DOUBLE, s -> Blas.damax(n, s[0], 0, incx));
        add("scamax", a, 1, COMPLEX_FLOAT, s -> Blas.scamax(n, s[0], 0, incx));
        add("dzamax", a, 1, COMPLEX_DOUBLE, s -> Blas.dzamax(n, s[0], 0, incx));
        add("samin", a, 1, FLOAT, s -> Blas.samin(n, s[0], 0, incx));
        add("damin", a, 1, DOUBLE, s -> Blas.damin(n, s[0], 0, incx));
        add("scamin", a, 1, COMPLEX_FLOAT, s -> Blas.scamin(n, s[0], 0, incx));
        add("dzamin", a, 1, COMPLEX_DOUBLE, s -> Blas.dzamin(n, s[0], 0, incx));
        add("sscal", a, 1, FLOAT, s -> Blas.sscal(n, SA, s[0], 0, incx));
        add("dscal", a, 1, DOUBLE, s -> Blas.dscal(n, DA, s[0], 0, incx));
        add("cscal", a, 1, COMPLEX_FLOAT, s -> Blas.cscal(n, CA, s[0], 0, incx));
        add("zscal", a, 1, COMPLEX_DOUBLE, s -> Blas.zscal(n, ZA, s[0], 0, incx));
        add("csscal", a, 1, COMPLEX_FLOAT, s -> Blas.csscal(n, SA, s[0], 0, incx));
        add("zdscal", a, 1, COMPLEX_DOUBLE, s -> Blas.zdscal(n, DA, s[0], 0, incx));
        if (incx < 0) { // index routines refuse a vector walked backwards
            return;
        }
        add("isamax", a, 1, FLOAT, s -> Blas.isamax(n, s[0], 0, incx));
        add("idamax", a, 1, DOUBLE, s -> Blas.idamax(n, s[0], 0, incx));
        add("icamax", a, 1, COMPLEX_FLOAT, s -> Blas.icamax(n, s[0], 0, incx));
        add("izamax", a, 1, COMPLEX_DOUBLE, s -> Blas.izamax(n, s[0], 0, incx));
        add("isamin", a, 1, FLOAT, s -> Blas.isamin(n, s[0], 0, incx));
        add("idamin", a, 1, DOUBLE, s -> Blas.idamin(n, s[0], 0, incx));
        add("icamin", a, 1, COMPLEX_FLOAT, s -> Blas.icamin(n, s[0], 0, incx));
        add("izamin", a, 1, COMPLEX_DOUBLE, s -> Blas.izamin(n, s[0], 0, incx));
        add("ismax", a, 1, FLOAT, s -> Blas.ismax(n, s[0], 0, incx));
        add("idmax", a, 1, DOUBLE, s -> Blas.idmax(n, s[0], 0, incx));
        add("icmax", a, 1, COMPLEX_FLOAT, s -> Blas.icmax(n, s[0], 0, incx));
        add("izmax", a, 1, COMPLEX_DOUBLE, s -> Blas.izmax(n, s[0], 0, incx));
        add("ismin", a, 1, FLOAT, s -> Blas.ismin(n, s[0], 0, incx));
        add("idmin", a, 1, DOUBLE, s -> Blas.idmin(n, s[0], 0, incx));
        add("icmin", a, 1, COMPLEX_FLOAT, s -> Blas.icmin(n, s[0], 0, incx));
        add("izmin", a, 1, COMPLEX_DOUBLE, s -> Blas.izmin(n, s[0], 0, incx));
    }

    private void twoVectors(int n, int incx, int incy) {
        String a = "n=" + n + " incx=" + incx + " incy=" + incy;
        add("sdot", a, 2, FLOAT, s -> Blas.sdot(n, s[0], 0, incx, s[1], 0, incy));
        add("ddot", a, 2, DOUBLE, s -> Blas.ddot(n, s[0], 0, incx, s[1], 0, incy));
        add("cdotu", a, 2, COMPLEX_FLOAT, s -> Blas.cdotu(n, s[0], 0, incx, s[1], 0, incy));
        add("zdotu", a, 2, COMPLEX_DOUBLE, s -> Blas.zdotu(n, s[0], 0, incx, s[1], 0, incy));
        add("cdotc", a, 2, COMPLEX_FLOAT, s -> Blas.cdotc(n, s[0], 0, incx, s[1], 0, incy));
        add("zdotc", a, 2, COMPLEX_DOUBLE, s -> Blas.zdotc(n, s[0], 0, incx, s[1], 0, incy));
        add("sdsdot", a, 2, FLOAT, s -> Blas.sdsdot(n, SA, s[0], 0, incx, s[1], 0, incy));
        add("dsdot", a, 2, FLOAT, s -> Blas.dsdot(n, s[0], 0, incx, s[1], 0, incy));
        add("saxpy", a, 2, FLOAT, s -> Blas.saxpy(n, SA, s[0], 0, incx, s[1], 0, incy));
        add("daxpy", a, 2, DOUBLE, s -> Blas.daxpy(n, DA, s[0], 0, incx, s[1], 0, incy));
        add("caxpy", a, 2, COMPLEX_FLOAT, s -> Blas.caxpy(n, CA, s[0], 0, incx, s[1], 0, incy));
        add("zaxpy", a, 2, COMPLEX_DOUBLE, s -> Blas.zaxpy(n, ZA, s[0], 0, incx, s[1], 0, incy));
        add("caxpyc", a, 2, COMPLEX_FLOAT, s -> Blas.caxpyc(n, CA, s[0], 0, incx, s[1], 0, incy));
        add("zaxpyc", a, 2, COMPLEX_DOUBLE, s -> Blas.zaxpyc(n, ZA, s[0], 0, incx, s[1], 0, incy));
        add("saxpby", a, 2, FLOAT, s -> Blas.saxpby(n, SA, s[0], 0, incx, SB, s[1], 0, incy));
        add("daxpby", a, 2, DOUBLE, s -> Blas.daxpby(n, DA, s[0], 0, incx, DB, s[1], 0, incy));
        add("caxpby", a, 2, COMPLEX_FLOAT, s -> Blas.caxpby(n, CA, s[0], 0, incx, CB, s[1], 0, incy));
        add("zaxpby", a, 2, COMPLEX_DOUBLE, s -> Blas.zaxpby(n, ZA, s[0], 0, incx, ZB, s[1], 0, incy));
        add("scopy", a, 2, FLOAT, s -> Blas.scopy(n, s[0], 0, incx, s[1], 0, incy));
        add("dcopy", a, 2, DOUBLE, s -> Blas.dcopy(n, s[0], 0, incx, s[1], 0, incy));
        add("ccopy", a, 2, COMPLEX_FLOAT, s -> Blas.ccopy(n, s[0], 0, incx, s[1], 0, incy));
        add("zcopy", a, 2, COMPLEX_DOUBLE, s -> Blas.zcopy(n, s[0], 0, incx, s[1], 0, incy));
        add("sswap", a, 2, FLOAT, s -> Blas.sswap(n, s[0], 0, incx, s[1], 0, incy));
        add("dswap", a, 2, DOUBLE, s -> Blas.dswap(n, s[0], 0, incx, s[1], 0, incy));
        add("cswap", a, 2, COMPLEX_FLOAT, s -> Blas.cswap(n, s[0], 0, incx, s[1], 0, incy));
        add("zswap", a, 2, COMPLEX_DOUBLE, s -> Blas.zswap(n, s[0], 0, incx, s[1], 0, incy));
        add("srot", a, 2, FLOAT, s -> Blas.srot(n, s[0], 0, incx, s[1], 0, incy, 0.6f, 0.8f));
        add("drot", a, 2, DOUBLE, s -> Blas.drot(n, s[0], 0, incx, s[1], 0, incy, 0.6, 0.8));
        add("csrot", a, 2, COMPLEX_FLOAT, s -> Blas.csrot(n, s[0], 0, incx, s[1], 0, incy, 0.6f, 0.8f));
        add("zdrot", a, 2, COMPLEX_DOUBLE, s -> Blas.zdrot(n, s[0], 0, incx, s[1], 0, incy, 0.6, 0.8));
        // param's flag is the fill, read as a positive value: H = [[h11, 1], [-1, h22]], x and y both read and written
        add("srotm", a, 3, FLOAT, s -> Blas.srotm(n, s[0], 0, incx, s[1], 0, incy, s[2], 0));
        add("drotm", a, 3, DOUBLE, s -> Blas.drotm(n, s[0], 0, incx, s[1], 0, incy, s[2], 0));
    }

    private void rotationSetup() {
        add("srotg", "", 4, FLOAT, s -> Blas.srotg(s[0], 0, s[1], 0, s[2], 0, s[3], 0));
        add("drotg", "", 4, DOUBLE, s -> Blas.drotg(s[0], 0, s[1], 0, s[2], 0, s[3], 0));
        add("crotg", "", 4, FLOAT, s -> Blas.crotg(s[0], 0, s[1], 0, s[2], 0, s[3], 0));
        add("zrotg", "", 4, DOUBLE, s -> Blas.zrotg(s[0], 0, s[1], 0, s[2], 0, s[3], 0));
        add("srotmg", "", 4, FLOAT, s -> Blas.srotmg(s[0], 0, s[1], 0, s[2], 0, 0.6f, s[3], 0));
        add("drotmg", "", 4, DOUBLE, s -> Blas.drotmg(s[0], 0, s[1], 0, s[2], 0, 0.6, s[3], 0));
    }

    // ---- level 2 ---------------------------------------------------------------------------------------------------

    private void level2() {
        for (Layout layout : Layout.values()) {
            for (int[] shape : SHAPES) {
                for (int incx : new int[] {1, -2}) {
                    for (int incy : new int[] {1, -3}) {
                        rankOneGeneral(layout, shape[0], shape[1], incx, incy);
                        for (Transpose trans : Transpose.values()) {
                            generalTimesVector(layout, trans, shape[0], shape[1], incx, incy);
                        }
                    }
                }
            }
            for (Uplo uplo : Uplo.values()) {
                for (int n : SIZES) {
                    for (int incx : new int[] {1, -3}) {
                        for (Transpose trans : Transpose.values()) {
                            for (Diag diag : Diag.values()) {
                                triangular(layout, uplo, trans, diag, n, incx);
                            }
                        }
                        for (int incy : new int[] {1, -2}) {
                            symmetric(layout, uplo, n, incx, incy);
                        }
                    }
                }
            }
        }
    }

    private void generalTimesVector(Layout layout, Transpose trans, int m, int n, int incx, int incy) {
        String a = layout + " " + trans + " m=" + m + " n=" + n + " incx=" + incx + " incy=" + incy;
        int lda = ld(layout, m, n);
        add("sgemv", a, 3, FLOAT, s -> Blas.sgemv(layout, trans, m, n, SA, s[0], 0, lda, s[1], 0, incx,
                SB, s[2], 0, incy));
        add("dgemv", a, 3, DOUBLE, s -> Blas.dgemv(layout, trans, m, n, DA, s[0], 0, lda, s[1], 0, incx,
                DB, s[2], 0, incy));
        add("cgemv", a, 3, COMPLEX_FLOAT, s -> Blas.cgemv(layout, trans, m, n, CA, s[0], 0, lda, s[1], 0, incx,
                CB, s[2], 0, incy));
        add("zgemv", a, 3, COMPLEX_DOUBLE, s -> Blas.zgemv(layout, trans, m, n, ZA, s[0], 0, lda, s[1], 0, incx,
                ZB, s[2], 0, incy));
        for (int[] band : BANDS) {
            int kl = band[0];
            int ku = band[1];
            int ldb = kl + ku + 2;
            String b = a + " kl=" + kl + " ku=" + ku;
            add("sgbmv", b, 3, FLOAT, s -> Blas.sgbmv(layout, trans, m, n, kl, ku, SA, s[0], 0, ldb, s[1], 0, incx,
                    SB, s[2], 0, incy));
            add("dgbmv", b, 3, DOUBLE, s -> Blas.dgbmv(layout, trans, m, n, kl, ku, DA, s[0], 0, ldb, s[1], 0, incx,
                    DB, s[2], 0, incy));
            add("cgbmv", b, 3, COMPLEX_FLOAT, s -> Blas.cgbmv(layout, trans, m, n, kl, ku, CA, s[0], 0, ldb,
                    s[1], 0, incx, CB, s[2], 0, incy));
            add("zgbmv", b, 3, COMPLEX_DOUBLE, s -> Blas.zgbmv(layout, trans, m, n, kl, ku, ZA, s[0], 0, ldb,
                    s[1], 0, incx, ZB, s[2], 0, incy));
        }
    }

    private void rankOneGeneral(Layout layout, int m, int n, int incx, int incy) {
        String a = layout + " m=" + m + " n=" + n + " incx=" + incx + " incy=" + incy;
        int lda = ld(layout, m, n);
        add("sger", a, 3, FLOAT, s -> Blas.sger(layout, m, n, SA, s[0], 0, incx, s[1], 0, incy, s[2], 0, lda));
        add("dger", a, 3, DOUBLE, s -> Blas.dger(layout, m, n, DA, s[0], 0, incx, s[1], 0, incy, s[2], 0, lda));
        add("cgeru", a, 3, COMPLEX_FLOAT, s -> Blas.cgeru(layout, m, n, CA, s[0], 0, incx, s[1], 0, incy,
                s[2], 0, lda));
        add("zgeru", a, 3, COMPLEX_DOUBLE, s -> Blas.zgeru(layout, m, n, ZA, s[0], 0, incx, s[1], 0, incy,
                s[2], 0, lda));
        add("cgerc", a, 3, COMPLEX_FLOAT, s -> Blas.cgerc(layout, m, n, CA, s[0], 0, incx, s[1], 0, incy,
                s[2], 0, lda));
        add("zgerc", a, 3, COMPLEX_DOUBLE, s -> Blas.zgerc(layout, m, n, ZA, s[0], 0, incx, s[1], 0, incy,
                s[2], 0, lda));
    }

    private void triangular(Layout layout, Uplo uplo, Transpose trans, Diag diag, int n, int incx) {
        String a = layout + " " + uplo + " " + trans + " " + diag + " n=" + n + " incx=" + incx;
        int lda = n + 1;
        add("strmv", a, 2, FLOAT, s -> Blas.strmv(layout, uplo, trans, diag, n, s[0], 0, lda, s[1], 0, incx));
        add("dtrmv", a, 2, DOUBLE, s -> Blas.dtrmv(layout, uplo, trans, diag, n, s[0], 0, lda, s[1], 0, incx));
        add("ctrmv", a, 2, COMPLEX_FLOAT, s -> Blas.ctrmv(layout, uplo, trans, diag, n, s[0], 0, lda,
                s[1], 0, incx));
        add("ztrmv", a, 2, COMPLEX_DOUBLE, s -> Blas.ztrmv(layout, uplo, trans, diag, n, s[0], 0, lda,
                s[1], 0, incx));
        add("strsv", a, 2, FLOAT, s -> Blas.strsv(layout, uplo, trans, diag, n, s[0], 0, lda, s[1], 0, incx));
        add("dtrsv", a, 2, DOUBLE, s -> Blas.dtrsv(layout, uplo, trans, diag, n, s[0], 0, lda, s[1], 0, incx));
        add("ctrsv", a, 2, COMPLEX_FLOAT, s -> Blas.ctrsv(layout, uplo, trans, diag, n, s[0], 0, lda,
                s[1], 0, incx));
        add("ztrsv", a, 2, COMPLEX_DOUBLE, s -> Blas.ztrsv(layout, uplo, trans, diag, n, s[0], 0, lda,
                s[1], 0, incx));
        add("stpmv", a, 2, FLOAT, s -> Blas.stpmv(layout, uplo, trans, diag, n, s[0], 0, s[1], 0, incx));
        add("dtpmv", a, 2, DOUBLE, s -> Blas.dtpmv(layout, uplo, trans, diag, n, s[0], 0, s[1], 0, incx));
        add("ctpmv", a, 2, COMPLEX_FLOAT, s -> Blas.ctpmv(layout, uplo, trans, diag, n, s[0], 0, s[1], 0, incx));
        add("ztpmv", a, 2, COMPLEX_DOUBLE, s -> Blas.ztpmv(layout, uplo, trans, diag, n, s[0], 0, s[1], 0, incx));
        add("stpsv", a, 2, FLOAT, s -> Blas.stpsv(layout, uplo, trans, diag, n, s[0], 0, s[1], 0, incx));
        add("dtpsv", a, 2, DOUBLE, s -> Blas.dtpsv(layout, uplo, trans, diag, n, s[0], 0, s[1], 0, incx));
        add("ctpsv", a, 2, COMPLEX_FLOAT, s -> Blas.ctpsv(layout, uplo, trans, diag, n, s[0], 0, s[1], 0, incx));
        add("ztpsv", a, 2, COMPLEX_DOUBLE, s -> Blas.ztpsv(layout, uplo, trans, diag, n, s[0], 0, s[1], 0, incx));
        for (int k : BAND_WIDTHS) {
            String b = a + " k=" + k;
            int ldb = k + 2;
            add("stbmv", b, 2, FLOAT, s -> Blas.stbmv(layout, uplo, trans, diag, n, k, s[0], 0, ldb, s[1], 0, incx));
            add("dtbmv", b, 2, DOUBLE, s -> Blas.dtbmv(layout, uplo, trans, diag, n, k, s[0], 0, ldb,
                    s[1], 0, incx));
            add("ctbmv", b, 2, COMPLEX_FLOAT, s -> Blas.ctbmv(layout, uplo, trans, diag, n, k, s[0], 0, ldb,
                    s[1], 0, incx));
            add("ztbmv", b, 2, COMPLEX_DOUBLE, s -> Blas.ztbmv(layout, uplo, trans, diag, n, k, s[0], 0, ldb,
                    s[1], 0, incx));
            add("stbsv", b, 2, FLOAT, s -> Blas.stbsv(layout, uplo, trans, diag, n, k, s[0], 0, ldb, s[1], 0, incx));
            add("dtbsv", b, 2, DOUBLE, s -> Blas.dtbsv(layout, uplo, trans, diag, n, k, s[0], 0, ldb,
                    s[1], 0, incx));
            add("ctbsv", b, 2, COMPLEX_FLOAT, s -> Blas.ctbsv(layout, uplo, trans, diag, n, k, s[0], 0, ldb,
                    s[1], 0, incx));
            add("ztbsv", b, 2, COMPLEX_DOUBLE, s -> Blas.ztbsv(layout, uplo, trans, diag, n, k, s[0], 0, ldb,
                    s[1], 0, incx));
        }
    }

    private void symmetric(Layout layout, Uplo uplo, int n, int incx, int incy) {
        String a = layout + " " + uplo + " n=" + n + " incx=" + incx + " incy=" + incy;
        int lda = n + 1;
        add("ssymv", a, 3, FLOAT, s -> Blas.ssymv(layout, uplo, n, SA, s[0], 0, lda, s[1], 0, incx, SB,
                s[2], 0, incy));
        add("dsymv", a, 3, DOUBLE, s -> Blas.dsymv(layout, uplo, n, DA, s[0], 0, lda, s[1], 0, incx, DB,
                s[2], 0, incy));
        add("chemv", a, 3, COMPLEX_FLOAT, s -> Blas.chemv(layout, uplo, n, CA, s[0], 0, lda, s[1], 0, incx, CB,
                s[2], 0, incy));
        add("zhemv", a, 3, COMPLEX_DOUBLE, s -> Blas.zhemv(layout, uplo, n, ZA, s[0], 0, lda, s[1], 0, incx, ZB,
                s[2], 0, incy));
        add("sspmv", a, 3, FLOAT, s -> Blas.sspmv(layout, uplo, n, SA, s[0], 0, s[1], 0, incx, SB, s[2], 0, incy));
        add("dspmv", a, 3, DOUBLE, s -> Blas.dspmv(layout, uplo, n, DA, s[0], 0, s[1], 0, incx, DB, s[2], 0, incy));
        add("chpmv", a, 3, COMPLEX_FLOAT, s -> Blas.chpmv(layout, uplo, n, CA, s[0], 0, s[1], 0, incx, CB,
                s[2], 0, incy));
        add("zhpmv", a, 3, COMPLEX_DOUBLE, s -> Blas.zhpmv(layout, uplo, n, ZA, s[0], 0, s[1], 0, incx, ZB,
                s[2], 0, incy));
        add("ssyr2", a, 3, FLOAT, s -> Blas.ssyr2(layout, uplo, n, SA, s[0], 0, incx, s[1], 0, incy, s[2], 0, lda));
        add("dsyr2", a, 3, DOUBLE, s -> Blas.dsyr2(layout, uplo, n, DA, s[0], 0, incx, s[1], 0, incy,
                s[2], 0, lda));
        add("cher2", a, 3, COMPLEX_FLOAT, s -> Blas.cher2(layout, uplo, n, CA, s[0], 0, incx, s[1], 0, incy,
                s[2], 0, lda));
        add("zher2", a, 3, COMPLEX_DOUBLE, s -> Blas.zher2(layout, uplo, n, ZA, s[0], 0, incx, s[1], 0, incy,
                s[2], 0, lda));
        add("sspr2", a, 3, FLOAT, s -> Blas.sspr2(layout, uplo, n, SA, s[0], 0, incx, s[1], 0, incy, s[2], 0));
        add("dspr2", a, 3, DOUBLE, s -> Blas.dspr2(layout, uplo, n, DA, s[0], 0, incx, s[1], 0, incy, s[2], 0));
        add("chpr2", a, 3, COMPLEX_FLOAT, s -> Blas.chpr2(layout, uplo, n, CA, s[0], 0, incx, s[1], 0, incy,
                s[2], 0));
        add("zhpr2", a, 3, COMPLEX_DOUBLE, s -> Blas.zhpr2(layout, uplo, n, ZA, s[0], 0, incx, s[1], 0, incy,
                s[2], 0));
        for (int k : BAND_WIDTHS) {
            String b = a + " k=" + k;
            int ldb = k + 2;
            add("ssbmv", b, 3, FLOAT, s -> Blas.ssbmv(layout, uplo, n, k, SA, s[0], 0, ldb, s[1], 0, incx, SB,
                    s[2], 0, incy));
            add("dsbmv", b, 3, DOUBLE, s -> Blas.dsbmv(layout, uplo, n, k, DA, s[0], 0, ldb, s[1], 0, incx, DB,
                    s[2], 0, incy));
            add("chbmv", b, 3, COMPLEX_FLOAT, s -> Blas.chbmv(layout, uplo, n, k, CA, s[0], 0, ldb, s[1], 0, incx,
                    CB, s[2], 0, incy));
            add("zhbmv", b, 3, COMPLEX_DOUBLE, s -> Blas.zhbmv(layout, uplo, n, k, ZA, s[0], 0, ldb, s[1], 0, incx,
                    ZB, s[2], 0, incy));
        }
        if (incy != 1) { // the rank-1 updates have no y
            return;
        }
        String r = layout + " " + uplo + " n=" + n + " incx=" + incx;
        add("ssyr", r, 2, FLOAT, s -> Blas.ssyr(layout, uplo, n, SA, s[0], 0, incx, s[1], 0, lda));
        add("dsyr", r, 2, DOUBLE, s -> Blas.dsyr(layout, uplo, n, DA, s[0], 0, incx, s[1], 0, lda));
        add("cher", r, 2, COMPLEX_FLOAT, s -> Blas.cher(layout, uplo, n, SA, s[0], 0, incx, s[1], 0, lda));
        add("zher", r, 2, COMPLEX_DOUBLE, s -> Blas.zher(layout, uplo, n, DA, s[0], 0, incx, s[1], 0, lda));
        add("sspr", r, 2, FLOAT, s -> Blas.sspr(layout, uplo, n, SA, s[0], 0, incx, s[1], 0));
        add("dspr", r, 2, DOUBLE, s -> Blas.dspr(layout, uplo, n, DA, s[0], 0, incx, s[1], 0));
        add("chpr", r, 2, COMPLEX_FLOAT, s -> Blas.chpr(layout, uplo, n, SA, s[0], 0, incx, s[1], 0));
        add("zhpr", r, 2, COMPLEX_DOUBLE, s -> Blas.zhpr(layout, uplo, n, DA, s[0], 0, incx, s[1], 0));
    }

    // ---- level 3 ---------------------------------------------------------------------------------------------------

    private void level3() {
        for (Layout layout : Layout.values()) {
            for (int[] p : PRODUCTS) {
                for (Transpose transA : Transpose.values()) {
                    for (Transpose transB : Transpose.values()) {
                        product(layout, transA, transB, p[0], p[1], p[2]);
                    }
                }
                for (Uplo uplo : Uplo.values()) {
                    for (Transpose trans : Transpose.values()) {
                        rankK(layout, uplo, trans, p[1], p[2]);
                    }
                    for (Side side : Side.values()) {
                        symmetricProduct(layout, side, uplo, p[0], p[1]);
                        for (Transpose trans : Transpose.values()) {
                            for (Diag diag : Diag.values()) {
                                triangularProduct(layout, side, uplo, trans, diag, p[0], p[1]);
                            }
                        }
                    }
                }
            }
        }
    }

    private void product(Layout layout, Transpose transA, Transpose transB, int m, int n, int k) {
        String a = layout + " " + transA + " " + transB + " m=" + m + " n=" + n + " k=" + k;
        boolean ta = transA.transposed();
        boolean tb = transB.transposed();
        int lda = ld(layout, ta ? k : m, ta ? m : k);
        int ldb = ld(layout, tb ? n : k, tb ? k : n);
        int ldc = ld(layout, m, n);
        add("sgemm", a, 3, FLOAT, s -> Blas.sgemm(layout, transA, transB, m, n, k, SA, s[0], 0, lda, s[1], 0, ldb,
                SB, s[2], 0, ldc));
        add("dgemm", a, 3, DOUBLE, s -> Blas.dgemm(layout, transA, transB, m, n, k, DA, s[0], 0, lda, s[1], 0, ldb,
                DB, s[2], 0, ldc));
        add("cgemm", a, 3, COMPLEX_FLOAT, s -> Blas.cgemm(layout, transA, transB, m, n, k, CA, s[0], 0, lda,
                s[1], 0, ldb, CB, s[2], 0, ldc));
        add("zgemm", a, 3, COMPLEX_DOUBLE, s -> Blas.zgemm(layout, transA, transB, m, n, k, ZA, s[0], 0, lda,
                s[1], 0, ldb, ZB, s[2], 0, ldc));
        add("cgemm3m", a, 3, COMPLEX_FLOAT, s -> Blas.cgemm3m(layout, transA, transB, m, n, k, CA, s[0], 0, lda,
                s[1], 0, ldb, CB, s[2], 0, ldc));
        add("zgemm3m", a, 3, COMPLEX_DOUBLE, s -> Blas.zgemm3m(layout, transA, transB, m, n, k, ZA, s[0], 0, lda,
                s[1], 0, ldb, ZB, s[2], 0, ldc));
        // gemmt: the uplo triangle of the n x n C = op(A) op(B), op(A) n x k
        int ltA = ld(layout, ta ? k : n, ta ? n : k);
        int ltC = n + 1;
        for (Uplo uplo : Uplo.values()) {
            String t = layout + " " + uplo + " " + transA + " " + transB + " n=" + n + " k=" + k;
            add("sgemmt", t, 3, FLOAT, s -> Blas.sgemmt(layout, uplo, transA, transB, n, k, SA, s[0], 0, ltA,
                    s[1], 0, ldb, SB, s[2], 0, ltC));
            add("dgemmt", t, 3, DOUBLE, s -> Blas.dgemmt(layout, uplo, transA, transB, n, k, DA, s[0], 0, ltA,
                    s[1], 0, ldb, DB, s[2], 0, ltC));
            add("cgemmt", t, 3, COMPLEX_FLOAT, s -> Blas.cgemmt(layout, uplo, transA, transB, n, k, CA, s[0], 0,
                    ltA, s[1], 0, ldb, CB, s[2], 0, ltC));
            add("zgemmt", t, 3, COMPLEX_DOUBLE, s -> Blas.zgemmt(layout, uplo, transA, transB, n, k, ZA, s[0], 0,
                    ltA, s[1], 0, ldb, ZB, s[2], 0, ltC));
        }
    }

    /** syrk, herk, syr2k and her2k, each with the transposes it defines (real ones: all three). */
    private void rankK(Layout layout, Uplo uplo, Transpose trans, int n, int k) {
        String a = layout + " " + uplo + " " + trans + " n=" + n + " k=" + k;
        boolean t = trans.transposed();
        int lda = ld(layout, t ? k : n, t ? n : k);
        int ldc = n + 1;
        add("ssyrk", a, 2, FLOAT, s -> Blas.ssyrk(layout, uplo, trans, n, k, SA, s[0], 0, lda, SB, s[1], 0, ldc));
        add("dsyrk", a, 2, DOUBLE, s -> Blas.dsyrk(layout, uplo, trans, n, k, DA, s[0], 0, lda, DB, s[1], 0, ldc));
        add("ssyr2k", a, 3, FLOAT, s -> Blas.ssyr2k(layout, uplo, trans, n, k, SA, s[0], 0, lda, s[1], 0, lda,
                SB, s[2], 0, ldc));
        add("dsyr2k", a, 3, DOUBLE, s -> Blas.dsyr2k(layout, uplo, trans, n, k, DA, s[0], 0, lda, s[1], 0, lda,
                DB, s[2], 0, ldc));
        if (trans != Transpose.CONJUGATE_TRANSPOSE) {
            add("csyrk", a, 2, COMPLEX_FLOAT, s -> Blas.csyrk(layout, uplo, trans, n, k, CA, s[0], 0, lda,
                    CB, s[1], 0, ldc));
            add("zsyrk", a, 2, COMPLEX_DOUBLE, s -> Blas.zsyrk(layout, uplo, trans, n, k, ZA, s[0], 0, lda,
                    ZB, s[1], 0, ldc));
            add("csyr2k", a, 3, COMPLEX_FLOAT, s -> Blas.csyr2k(layout, uplo, trans, n, k, CA, s[0], 0, lda,
                    s[1], 0, lda, CB, s[2], 0, ldc));
            add("zsyr2k", a, 3, COMPLEX_DOUBLE, s -> Blas.zsyr2k(layout, uplo, trans, n, k, ZA, s[0], 0, lda,
                    s[1], 0, lda, ZB, s[2], 0, ldc));
        }
        if (trans != Transpose.TRANSPOSE) {
            add("cherk", a, 2, COMPLEX_FLOAT, s -> Blas.cherk(layout, uplo, trans, n, k, SA, s[0], 0, lda,
                    SB, s[1], 0, ldc));
            add("zherk", a, 2, COMPLEX_DOUBLE, s -> Blas.zherk(layout, uplo, trans, n, k, DA, s[0], 0, lda,
                    DB, s[1], 0, ldc));
            add("cher2k", a, 3, COMPLEX_FLOAT, s -> Blas.cher2k(layout, uplo, trans, n, k, CA, s[0], 0, lda,
                    s[1], 0, lda, SB, s[2], 0, ldc));
            add("zher2k", a, 3, COMPLEX_DOUBLE, s -> Blas.zher2k(layout, uplo, trans, n, k, ZA, s[0], 0, lda,
                    s[1], 0, lda, DB, s[2], 0, ldc));
        }
    }

    /** symm and hemm: A the side's order, B and C m x n. */
    private void symmetricProduct(Layout layout, Side side, Uplo uplo, int m, int n) {
        String a = layout + " " + side + " " + uplo + " m=" + m + " n=" + n;
        int lda = (side == Side.LEFT ? m : n) + 1;
        int ldb = ld(layout, m, n);
        int ldc = ldb + 1;
        add("ssymm", a, 3, FLOAT, s -> Blas.ssymm(layout, side, uplo, m, n, SA, s[0], 0, lda, s[1], 0, ldb,
                SB, s[2], 0, ldc));
        add("dsymm", a, 3, DOUBLE, s -> Blas.dsymm(layout, side, uplo, m, n, DA, s[0], 0, lda, s[1], 0, ldb,
                DB, s[2], 0, ldc));
        add("csymm", a, 3, COMPLEX_FLOAT, s -> Blas.csymm(layout, side, uplo, m, n, CA, s[0], 0, lda, s[1], 0, ldb,
                CB, s[2], 0, ldc));
        add("zsymm", a, 3, COMPLEX_DOUBLE, s -> Blas.zsymm(layout, side, uplo, m, n, ZA, s[0], 0, lda,
                s[1], 0, ldb, ZB, s[2], 0, ldc));
        add("chemm", a, 3, COMPLEX_FLOAT, s -> Blas.chemm(layout, side, uplo, m, n, CA, s[0], 0, lda, s[1], 0, ldb,
                CB, s[2], 0, ldc));
        add("zhemm", a, 3, COMPLEX_DOUBLE, s -> Blas.zhemm(layout, side, uplo, m, n, ZA, s[0], 0, lda,
                s[1], 0, ldb, ZB, s[2], 0, ldc));
    }

    /** trmm and trsm: A the side's order, B m x n. */
    private void triangularProduct(Layout layout, Side side, Uplo uplo, Transpose trans, Diag diag, int m, int n) {
        String a = layout + " " + side + " " + uplo + " " + trans + " " + diag + " m=" + m + " n=" + n;
        int lda = (side == Side.LEFT ? m : n) + 1;
        int ldb = ld(layout, m, n);
        add("strmm", a, 2, FLOAT, s -> Blas.strmm(layout, side, uplo, trans, diag, m, n, SA, s[0], 0, lda,
                s[1], 0, ldb));
        add("dtrmm", a, 2, DOUBLE, s -> Blas.dtrmm(layout, side, uplo, trans, diag, m, n, DA, s[0], 0, lda,
                s[1], 0, ldb));
        add("ctrmm", a, 2, COMPLEX_FLOAT, s -> Blas.ctrmm(layout, side, uplo, trans, diag, m, n, CA, s[0], 0, lda,
                s[1], 0, ldb));
        add("ztrmm", a, 2, COMPLEX_DOUBLE, s -> Blas.ztrmm(layout, side, uplo, trans, diag, m, n, ZA, s[0], 0, lda,
                s[1], 0, ldb));
        add("strsm", a, 2, FLOAT, s -> Blas.strsm(layout, side, uplo, trans, diag, m, n, SA, s[0], 0, lda,
                s[1], 0, ldb));
        add("dtrsm", a, 2, DOUBLE, s -> Blas.dtrsm(layout, side, uplo, trans, diag, m, n, DA, s[0], 0, lda,
                s[1], 0, ldb));
        add("ctrsm", a, 2, COMPLEX_FLOAT, s -> Blas.ctrsm(layout, side, uplo, trans, diag, m, n, CA, s[0], 0, lda,
                s[1], 0, ldb));
        add("ztrsm", a, 2, COMPLEX_DOUBLE, s -> Blas.ztrsm(layout, side, uplo, trans, diag, m, n, ZA, s[0], 0, lda,
                s[1], 0, ldb));
    }

    // ---- OpenBLAS extensions beyond level 1 ----------------------------------------------------------------------

    private void extensions() {
        for (Layout layout : Layout.values()) {
            for (int[] shape : SHAPES) {
                matrixAdd(layout, shape[0], shape[1]);
                for (Transpose trans : Transpose.values()) {
                    matrixCopy(layout, trans, shape[0], shape[1]);
                }
            }
            for (Transpose transA : Transpose.values()) {
                for (Transpose transB : Transpose.values()) {
                    for (int[] p : PRODUCTS) {
                        batches(layout, transA, transB, p[0], p[1], p[2], 1, false);
                        batches(layout, transA, transB, p[0], p[1], p[2], 3, false);
                        batches(layout, transA, transB, p[0], p[1], p[2], 3, true);
                    }
                    nativeBatch(layout, transA, transB);
                }
            }
        }
    }

    private void matrixAdd(Layout layout, int rows, int cols) {
        String a = layout + " rows=" + rows + " cols=" + cols;
        int lda = ld(layout, rows, cols);
        int ldc = lda + 1;
        add("sgeadd", a, 2, FLOAT, s -> Blas.sgeadd(layout, rows, cols, SA, s[0], 0, lda, SB, s[1], 0, ldc));
        add("dgeadd", a, 2, DOUBLE, s -> Blas.dgeadd(layout, rows, cols, DA, s[0], 0, lda, DB, s[1], 0, ldc));
        add("cgeadd", a, 2, COMPLEX_FLOAT, s -> Blas.cgeadd(layout, rows, cols, CA, s[0], 0, lda, CB,
                s[1], 0, ldc));
        add("zgeadd", a, 2, COMPLEX_DOUBLE, s -> Blas.zgeadd(layout, rows, cols, ZA, s[0], 0, lda, ZB,
                s[1], 0, ldc));
    }

    /**
     * ?omatcopy, and ?imatcopy twice: with the in and out leading dimensions each at its shape's, and with both
     * at the larger of the two.
     */
    private void matrixCopy(Layout layout, Transpose trans, int rows, int cols) {
        String a = layout + " " + trans + " rows=" + rows + " cols=" + cols;
        boolean t = trans.transposed();
        int lda = ld(layout, rows, cols);
        int ldb = ld(layout, t ? cols : rows, t ? rows : cols);
        add("somatcopy", a, 2, FLOAT, s -> Blas.somatcopy(layout, trans, rows, cols, SA, s[0], 0, lda,
                s[1], 0, ldb));
        add("domatcopy", a, 2, DOUBLE, s -> Blas.domatcopy(layout, trans, rows, cols, DA, s[0], 0, lda,
                s[1], 0, ldb));
        add("comatcopy", a, 2, COMPLEX_FLOAT, s -> Blas.comatcopy(layout, trans, rows, cols, CA, s[0], 0, lda,
                s[1], 0, ldb));
        add("zomatcopy", a, 2, COMPLEX_DOUBLE, s -> Blas.zomatcopy(layout, trans, rows, cols, ZA, s[0], 0, lda,
                s[1], 0, ldb));
        int ld = Math.max(lda, ldb);
        for (int[] lds : new int[][] {{lda, ldb}, {ld, ld}}) {
            int in = lds[0];
            int out = lds[1];
            String b = a + " lda=" + in + " ldb=" + out;
            add("simatcopy", b, 1, FLOAT, s -> Blas.simatcopy(layout, trans, rows, cols, SA, s[0], 0, in, out));
            add("dimatcopy", b, 1, DOUBLE, s -> Blas.dimatcopy(layout, trans, rows, cols, DA, s[0], 0, in, out));
            add("cimatcopy", b, 1, COMPLEX_FLOAT, s -> Blas.cimatcopy(layout, trans, rows, cols, CA, s[0], 0,
                    in, out));
            add("zimatcopy", b, 1, COMPLEX_DOUBLE, s -> Blas.zimatcopy(layout, trans, rows, cols, ZA, s[0], 0,
                    in, out));
        }
    }

    /**
     * ?gemmBatchStrided with count items, each one element past the previous one's end, or with A and B shared by
     * every item (stride 0).
     */
    private void batches(Layout layout, Transpose transA, Transpose transB, int m, int n, int k, int count,
                         boolean sharedInputs) {
        String a = layout + " " + transA + " " + transB + " m=" + m + " n=" + n + " k=" + k + " count=" + count
                + (sharedInputs ? " A and B shared" : "");
        boolean ta = transA.transposed();
        boolean tb = transB.transposed();
        int lda = ld(layout, ta ? k : m, ta ? m : k);
        int ldb = ld(layout, tb ? n : k, tb ? k : n);
        int ldc = ld(layout, m, n);
        long sa = sharedInputs ? 0 : span(layout, ta ? k : m, ta ? m : k, lda) + 1;
        long sb = sharedInputs ? 0 : span(layout, tb ? n : k, tb ? k : n, ldb) + 1;
        long sc = span(layout, m, n, ldc) + 1;
        add("sgemmBatchStrided", a, 3, FLOAT, s -> Blas.sgemmBatchStrided(layout, transA, transB, m, n, k,
                SA, s[0], 0, lda, sa, s[1], 0, ldb, sb, SB, s[2], 0, ldc, sc, count));
        add("dgemmBatchStrided", a, 3, DOUBLE, s -> Blas.dgemmBatchStrided(layout, transA, transB, m, n, k,
                DA, s[0], 0, lda, sa, s[1], 0, ldb, sb, DB, s[2], 0, ldc, sc, count));
        add("cgemmBatchStrided", a, 3, COMPLEX_FLOAT, s -> Blas.cgemmBatchStrided(layout, transA, transB, m, n, k,
                CA, s[0], 0, lda, sa, s[1], 0, ldb, sb, CB, s[2], 0, ldc, sc, count));
        add("zgemmBatchStrided", a, 3, COMPLEX_DOUBLE, s -> Blas.zgemmBatchStrided(layout, transA, transB, m, n, k,
                ZA, s[0], 0, lda, sa, s[1], 0, ldb, sb, ZB, s[2], 0, ldc, sc, count));
    }

    /**
     * sgemmBatchStrided large enough to reach cblas_sgemm_batch_strided, which the smaller batches never do (the
     * other precisions always loop over ?gemm): two items, each one element past the previous one's end.
     */
    private void nativeBatch(Layout layout, Transpose transA, Transpose transB) {
        int n = NATIVE_BATCH_SIZE;
        int ld = n + 1;
        long stride = (n - 1L) * ld + n + 1;
        add("sgemmBatchStrided", layout + " " + transA + " " + transB + " m=n=k=" + n + " count=2", 3, FLOAT,
                s -> Blas.sgemmBatchStrided(layout, transA, transB, n, n, n, SA, s[0], 0, ld, stride, s[1], 0, ld,
                        stride, SB, s[2], 0, ld, stride, 2));
    }
}
