package io.github.ffmblas.bindings;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * A shared arena closed by one thread while another is calling BLAS on its memory. {@link Blas} checks that each
 * segment is alive, then calls native code; the arena can close in between. FFM keeps that memory-safe (the
 * downcall acquires each segment, so the close either waits its turn and fails, or the downcall refuses), and
 * the caller must then get the {@link IllegalStateException} {@link Blas} documents for a closed arena, not the
 * {@link AssertionError} the generated binding wraps every downcall failure in.
 */
class ArenaClosedDuringCallTest {
    private static final int RACES = 100;

    @Test
    void closingASharedArenaMidCallGivesIllegalStateException() throws Exception {
        Map<String, Integer> outcomes = new TreeMap<>();
        ExecutorService caller = Executors.newSingleThreadExecutor();
        try {
            for (int race = 0; race < RACES; race++) {
                Consumer<MemorySegment[]> call = switch (race % 4) {
                    case 0 -> s -> Blas.sgemm(Layout.ROW_MAJOR, Transpose.NO_TRANSPOSE, Transpose.NO_TRANSPOSE, 8, 8,
                            8, 1f, s[0], 0, 8, s[1], 0, 8, 0f, s[2], 0, 8);
                    case 1 -> s -> Blas.sgemmBatchStrided(Layout.ROW_MAJOR, Transpose.NO_TRANSPOSE,
                            Transpose.TRANSPOSE, 4, 4, 4, 1f, s[0], 0, 4, 16, s[1], 0, 4, 16, 0f, s[2], 0, 4, 16, 4);
                    case 2 -> s -> Blas.sgemv(Layout.ROW_MAJOR, Transpose.NO_TRANSPOSE, 8, 8, 1f, s[0], 0, 8, s[1], 0,
                            1, 0f, s[2], 0, 1);
                    default -> s -> {
                        Blas.saxpy(64, 1f, s[0], 0, 1, s[1], 0, 1);
                        Blas.sdot(64, s[0], 0, 1, s[1], 0, 1);
                        Blas.sscal(64, 2f, s[2], 0, 1);
                    };
                };
                Arena arena = Arena.ofShared();
                MemorySegment[] segments = {arena.allocate(256 * Float.BYTES, 64), arena.allocate(256 * Float.BYTES, 64),
                        arena.allocate(256 * Float.BYTES, 64)};
                AtomicBoolean started = new AtomicBoolean();
                Future<String> result = caller.submit(() -> {
                    try {
                        for (long i = 0; ; i++) {
                            call.accept(segments);
                            started.set(true);
                        }
                    } catch (IllegalStateException expected) {
                        return expected.getMessage().contains("closed") ? "IllegalStateException" : "ISE without 'closed': "
                                + expected.getMessage();
                    } catch (Throwable other) {
                        return "WRONG: " + other + (other.getCause() == null ? "" : " caused by " + other.getCause());
                    }
                });
                while (!started.get()) {
                    Thread.onSpinWait();
                }
                // Close while calls are running; FFM refuses while a downcall holds the memory: try again.
                int refused = 0;
                while (true) {
                    try {
                        arena.close();
                        break;
                    } catch (IllegalStateException busy) {
                        refused++;
                    }
                }
                String outcome = result.get(1, TimeUnit.MINUTES);
                outcomes.merge(outcome, 1, Integer::sum);
                if (refused > 0) {
                    outcomes.merge("(close refused at least once: a downcall held the memory)", 1, Integer::sum);
                }
            }
        } finally {
            caller.shutdownNow();
        }
        System.out.println("arena closed during calls, " + RACES + " races: " + outcomes);
        for (String outcome : outcomes.keySet()) {
            if (!outcome.equals("IllegalStateException") && !outcome.startsWith("(")) {
                fail("a call racing an arena close ended in " + outcome + "; all outcomes: " + outcomes);
            }
        }
        assertTrue(outcomes.getOrDefault("IllegalStateException", 0) == RACES, outcomes.toString());
    }
}
