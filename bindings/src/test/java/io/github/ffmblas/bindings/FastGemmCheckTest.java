package io.github.ffmblas.bindings;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@link FastGemmCheck} may only accept what {@link GemmChecks#check} accepts, and must accept the ordinary call,
 * or the facade's fast path would either let a bad call reach OpenBLAS or never run.
 */
class FastGemmCheckTest {
    private static final int POOL_FLOATS = 96;

    private static Arena arena;
    private static MemorySegment pool;
    private static MemorySegment separate;
    private static MemorySegment closed;
    private static ExecutorService owner;
    private static Arena foreignArena;
    private static MemorySegment foreign;

    @BeforeAll
    static void segments() throws Exception {
        arena = Arena.ofShared();
        pool = arena.allocate(POOL_FLOATS * Float.BYTES, 64);
        separate = arena.allocate(POOL_FLOATS * Float.BYTES, 64);
        Arena gone = Arena.ofShared();
        closed = gone.allocate(POOL_FLOATS * Float.BYTES, 64);
        gone.close();
        owner = Executors.newSingleThreadExecutor(r -> new Thread(r, "fast-check-segment-owner"));
        foreign = owner.submit(() -> {
            foreignArena = Arena.ofConfined();
            return foreignArena.allocate(POOL_FLOATS * Float.BYTES, 64);
        }).get(1, TimeUnit.MINUTES);
    }

    @AfterAll
    static void close() throws Exception {
        owner.submit(() -> foreignArena.close()).get(1, TimeUnit.MINUTES);
        owner.shutdown();
        arena.close();
    }

    /** One GEMM's arguments, with a readable form for failure messages. */
    private record Call(Layout layout, Transpose transA, Transpose transB, int m, int n, int k,
                        MemorySegment a, long aOffset, int lda, MemorySegment b, long bOffset, int ldb,
                        MemorySegment c, long cOffset, int ldc) {
        boolean fast() {
            return FastGemmCheck.accepts(layout, transA, transB, m, n, k, a, aOffset, lda, b, bOffset, ldb, c, cOffset,
                    ldc);
        }

        void full() {
            GemmChecks.check("sgemm", layout, transA, transB, m, n, k, a, aOffset, lda, 0, b, bOffset, ldb, 0, c,
                    cOffset, ldc, 0, 1);
        }
    }

    @Test
    void acceptsOnlyWhatTheFullChecksAccept() {
        Random random = new Random(7);
        int fastAccepted = 0;
        int fullOnly = 0;
        int rejected = 0;
        for (int i = 0; i < 300_000; i++) {
            Call call = randomCall(random);
            boolean fullAccepts;
            try {
                call.full();
                fullAccepts = true;
            } catch (RuntimeException e) {
                fullAccepts = false;
            }
            if (call.fast()) {
                assertTrue(fullAccepts, () -> "the fast check accepted a call the full checks reject: " + call);
                fastAccepted++;
            } else if (fullAccepts) {
                fullOnly++;
            } else {
                rejected++;
            }
        }
        // Each outcome must have come up often, or the loop tested little.
        String counts = "fast-accepted " + fastAccepted + ", accepted only by the full checks " + fullOnly
                + ", rejected " + rejected;
        System.out.println(counts);
        assertTrue(fastAccepted > 1_000 && fullOnly > 1_000 && rejected > 1_000, counts);
    }

    @Test
    void acceptsTheOrdinaryCallInEveryLayoutAndTranspose() {
        int m = 7;
        int n = 5;
        int k = 3;
        for (Layout layout : Layout.values()) {
            for (Transpose ta : Transpose.values()) {
                for (Transpose tb : Transpose.values()) {
                    boolean rowMajor = layout == Layout.ROW_MAJOR;
                    int lda = (rowMajor != ta.transposed()) ? k : m;
                    int ldb = (rowMajor != tb.transposed()) ? n : k;
                    int ldc = rowMajor ? n : m;
                    // A at the start of the pool, B ending exactly at its end, C in another segment.
                    Call fits = new Call(layout, ta, tb, m, n, k, pool, 0, lda, pool, POOL_FLOATS - k * n, ldb,
                            separate, 0, ldc);
                    assertTrue(fits.fast(), fits::toString);
                    assertDoesNotThrow(fits::full);
                    Call oneFloatShort = new Call(layout, ta, tb, m, n, k, pool, 0, lda, pool, POOL_FLOATS - k * n + 1,
                            ldb, separate, 0, ldc);
                    assertFalse(oneFloatShort.fast(), oneFloatShort::toString);
                    assertThrows(IllegalArgumentException.class, oneFloatShort::full);
                }
            }
        }
    }

    private static Call randomCall(Random r) {
        Layout layout = r.nextInt(50) == 0 ? null : Layout.values()[r.nextInt(2)];
        Transpose ta = r.nextInt(50) == 0 ? null : Transpose.values()[r.nextInt(2)];
        Transpose tb = r.nextInt(50) == 0 ? null : Transpose.values()[r.nextInt(2)];
        int m = dimension(r);
        int n = dimension(r);
        int k = dimension(r);
        return new Call(layout, ta, tb, m, n, k, segment(r), offset(r), ld(r, m, k), segment(r), offset(r),
                ld(r, k, n), segment(r), offset(r), ld(r, m, n));
    }

    private static int dimension(Random r) {
        return switch (r.nextInt(20)) {
            case 0 -> -1;
            case 1 -> 0;
            case 2 -> Integer.MAX_VALUE;
            default -> 1 + r.nextInt(6);
        };
    }

    /** Near one of the two sizes the operand has, so both too-small and valid leading dimensions come up. */
    private static int ld(Random r, int x, int y) {
        return switch (r.nextInt(12)) {
            case 0 -> 0;
            case 1 -> -3;
            case 2 -> Integer.MAX_VALUE;
            default -> Math.max(0, (r.nextBoolean() ? x : y) + r.nextInt(3) - 1);
        };
    }

    private static long offset(Random r) {
        return switch (r.nextInt(30)) {
            case 0 -> -1;
            case 1 -> Long.MAX_VALUE / 2;
            default -> r.nextInt(POOL_FLOATS + 2);
        };
    }

    /** Mostly the pool, so operands overlap often; sometimes a segment some rule forbids. */
    private static MemorySegment segment(Random r) {
        return switch (r.nextInt(40)) {
            case 0 -> null;
            case 1 -> closed;
            case 2 -> foreign;
            case 3 -> MemorySegment.ofArray(new float[POOL_FLOATS]);
            case 4 -> pool.asSlice(1);
            case 5 -> pool.asSlice(0, r.nextInt(8) * Float.BYTES);
            default -> r.nextInt(4) == 0 ? separate : pool;
        };
    }
}
