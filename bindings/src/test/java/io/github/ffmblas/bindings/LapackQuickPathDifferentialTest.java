package io.github.ffmblas.bindings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ffmblas.bindings.QuickPathDifferentialTest.Outcome;
import io.github.ffmblas.bindings.QuickPathDifferentialTest.Trial;
import io.github.ffmblas.generator.LapackRoutines;
import io.github.ffmblas.generator.Routine;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@link Lapack}'s generated quick paths never decide differently from the general path ({@link LapackCalls}): each
 * routine of the LAPACK table is called with random arguments, valid and not (every kind of segment, short,
 * read-only, closed, another thread's, aliased), once through {@code Lapack} and once through {@code LapackCalls}
 * on the same operands, restored in between, OpenBLAS at one thread so that LAPACK's results are reproducible: the
 * same exception with the same message, or the same value and every operand byte-identical. And the quick paths
 * must take a good share of the calls that run.
 */
class LapackQuickPathDifferentialTest {
    private static final int TRIALS = 300;
    private static int threads;

    @BeforeAll
    static void oneThread() {
        threads = Blas.numThreads();
        Blas.setNumThreads(1);
    }

    @AfterAll
    static void restoreThreads() {
        Blas.setNumThreads(threads);
    }

    @Test
    void quickPathsDecideAsTheGeneralPath() throws Exception {
        int quick = 0;
        int ran = 0;
        int refused = 0;
        for (Routine r : LapackRoutines.ALL) {
            if (r.operands().isEmpty()) {
                continue; // ?lamch: no operands, no quick path
            }
            Method facade = method(Lapack.class, r.name());
            Method general = method(LapackCalls.class, r.name());
            Random random = new Random(r.name().hashCode() * 31L);
            for (int t = 0; t < TRIALS; t++) {
                try (Trial trial = new Trial(r, random.nextLong())) {
                    List<byte[]> pristine = trial.contents();
                    Outcome a = trial.invoke(facade);
                    List<byte[]> afterFacade = trial.contents();
                    trial.restore(pristine);
                    Outcome b = trial.invoke(general);
                    List<byte[]> afterGeneral = trial.contents();
                    String where = r.name() + " trial " + t + " " + trial.describe();
                    assertEquals(b.thrown(), a.thrown(), where + ": the exceptions differ");
                    assertEquals(b.value(), a.value(), where + ": the results differ");
                    for (int i = 0; i < afterFacade.size(); i++) {
                        assertTrue(Arrays.equals(afterFacade.get(i), afterGeneral.get(i)),
                                where + ": operand " + i + " differs after the call");
                    }
                    boolean lapackRan = a.thrown() == null || a.thrown().startsWith(LapackException.class.getName());
                    if (lapackRan) {
                        ran++;
                        quick += a.quick() ? 1 : 0;
                    } else {
                        refused++;
                    }
                }
            }
        }
        System.out.printf("LapackQuickPathDifferentialTest: %d trials a routine: %d ran (%d by a quick path), %d"
                + " refused%n", TRIALS, ran, quick, refused);
        assertTrue(quick > ran / 10, "the quick paths took " + quick + " of " + ran + " calls that ran");
    }

    private static Method method(Class<?> type, String name) {
        return Arrays.stream(type.getDeclaredMethods()).filter(m -> m.getName().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError(type.getSimpleName() + " has no " + name));
    }
}
