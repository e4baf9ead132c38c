package io.github.ffmblas.attention;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Steady-state decode steps allocate no heap and no native memory: a whole round of hundreds of one-token steps
 * ({@link DecodeAllocationProbe}, in a JVM of its own) allocates at most the 64 bytes the JDK's counter itself
 * takes, on one thread and two, on a {@link MultiHeadAttention} and an {@link AttentionModel}, at a fixed cache
 * length and over a growing one, with and without the attention weights.
 */
class DecodeAllocationTest {
    /** A whole round: the counter's own result array, nothing per step. */
    private static final long LIMIT = 64;

    @ParameterizedTest(name = "d={0} H={1} length={2} threads={3} {4} holder={5} weights={6}")
    @CsvSource({"64,4,100,1,fixed,mha,false", "64,4,100,1,growing,mha,false", "64,4,100,2,fixed,mha,false",
            "64,4,100,2,growing,model,false", "128,8,300,1,fixed,model,true", "128,8,300,2,fixed,mha,true",
            "48,3,33,1,growing,model,true"})
    void steadyStateStepsAllocateNothing(int d, int heads, int length, int threads, String kind, String holder,
                                         boolean weights) throws Exception {
        long bytes = probe(List.of("-Dholder=" + holder, "-Dweights=" + weights), Integer.toString(d),
                Integer.toString(heads), Integer.toString(length), Integer.toString(threads), kind);
        assertTrue(bytes <= LIMIT, "a round of steady-state steps allocated " + bytes + " bytes of heap");
    }

    /** A JVM above the limit is followed by a second, and the lesser counts (see {@link AllocationTest}). */
    private static long probe(List<String> properties, String... args) throws Exception {
        long first = probeOnce(properties, args);
        if (first <= LIMIT) {
            return first;
        }
        long second = probeOnce(properties, args);
        System.out.println("a first JVM allocated " + first + " bytes a round, a second " + second);
        return Math.min(first, second);
    }

    private static long probeOnce(List<String> properties, String... args) throws Exception {
        String output = ChildProbe.run(DecodeAllocationProbe.class, properties, args);
        Matcher m = Pattern.compile("bytes=(\\d+) steps=(\\d+) nativeAllocations=(\\d+)").matcher(output);
        assertTrue(m.find(), output);
        System.out.println("decode " + String.join(" ", args) + " " + properties + ": " + m.group(1)
                + " bytes of heap over " + m.group(2) + " steady-state steps");
        assertEquals(0, Integer.parseInt(m.group(3)), "no new native memory in steady state");
        return Long.parseLong(m.group(1));
    }
}
