package io.github.ffmblas.bindings;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.ffmblas.bindings.QuickPathDifferentialTest.Outcome;
import io.github.ffmblas.bindings.QuickPathDifferentialTest.Trial;
import io.github.ffmblas.generator.LapackRoutines;
import io.github.ffmblas.generator.Routine;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Every routine of the LAPACK table, called with random arguments valid and not (sizes, flags, leading dimensions,
 * work lengths, offsets, every kind of segment, short, read-only, closed, another thread's, aliased): LAPACK never
 * reports a bad argument (INFO < 0, which {@code LapackChecks} turns into an {@link AssertionError}), every refusal
 * is one of the facade's exceptions and changes no byte, and a good share of the calls run.
 */
class LapackFuzzTest {
    private static final int TRIALS = 300;

    @Test
    void lapackNeverSeesAnArgumentItWouldRefuse() throws Exception {
        int ran = 0;
        int refused = 0;
        int quick = 0; // ran without the general path's Call: the generated quick path took them
        for (Routine r : LapackRoutines.ALL) {
            Method m = Arrays.stream(Lapack.class.getMethods()).filter(x -> x.getName().equals(r.name())).findFirst()
                    .orElseThrow();
            Random random = new Random(r.name().hashCode());
            int routineRan = 0;
            for (int t = 0; t < TRIALS; t++) {
                try (Trial trial = new Trial(r, random.nextLong())) {
                    List<byte[]> before = trial.contents();
                    Outcome o = trial.invoke(m);
                    String where = r.name() + " trial " + t + " " + trial.describe();
                    if (o.thrown() == null) {
                        ran++;
                        routineRan++;
                        quick += o.quick() ? 1 : 0;
                        continue;
                    }
                    if (o.thrown().startsWith("java.lang.AssertionError")) {
                        fail(where + ": " + o.thrown());
                    }
                    if (o.thrown().startsWith(LapackException.class.getName())) {
                        ran++; // LAPACK ran and said the matrix would not do (a random one may be singular)
                        routineRan++;
                        continue;
                    }
                    refused++;
                    assertTrue(o.thrown().startsWith("java.lang.IllegalArgumentException")
                            || o.thrown().startsWith("java.lang.IllegalStateException")
                            || o.thrown().startsWith("java.lang.NullPointerException")
                            || o.thrown().startsWith("java.lang.WrongThreadException"), where + ": " + o.thrown());
                    List<byte[]> after = trial.contents();
                    for (int i = 0; i < before.size(); i++) {
                        assertTrue(Arrays.equals(before.get(i), after.get(i)), where + ": refused, yet operand " + i
                                + " changed: " + o.thrown());
                    }
                }
            }
            assertTrue(routineRan > 0, r.name() + ": none of " + TRIALS + " calls ran");
        }
        System.out.printf("LapackFuzzTest: %d routines x %d trials: %d ran (%d by the quick path), %d refused%n",
                LapackRoutines.ALL.size(), TRIALS, ran, quick, refused);
        assertTrue(quick > ran / 10, "the quick path took " + quick + " of " + ran + " calls that ran");
    }
}
