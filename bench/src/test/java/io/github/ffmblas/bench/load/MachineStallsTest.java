package io.github.ffmblas.bench.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MachineStallsTest {

    /**
     * Twice as many threads as processors must share them, so each is off its core about half the time, in
     * scheduler slices of a millisecond or more: the measure has to see that.
     */
    @Test
    void threadsSharingTheProcessorsAreSeenStalled() throws Exception {
        int threads = 2 * Runtime.getRuntime().availableProcessors();
        MachineStalls s = MachineStalls.measure(threads, 0.6);
        assertEquals(threads, s.threads());
        assertTrue(s.lostFraction() > 0.25 && s.lostFraction() <= 1, s.describe());
        assertTrue(s.maxMs() > 0.1, s.describe());
        assertTrue(s.describe().startsWith("Machine stalls: " + threads + " threads reading the clock"), s.describe());
    }
}
