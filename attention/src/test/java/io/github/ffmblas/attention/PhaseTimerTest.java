package io.github.ffmblas.attention;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.Arena;
import java.lang.foreign.ValueLayout;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link PhaseProbe}'s stopwatch sees every product of a forward and changes none of its results. */
class PhaseTimerTest {

    @Test
    void countsEveryFlopOfTheForwardAndLeavesTheResultAlone() {
        int[][] shapes = {{2, 33, 28, 4}, {1, 130, 24, 3}, {3, 1, 8, 8}};
        for (int[] shape : shapes) {
            int batch = shape[0];
            int seq = shape[1];
            int d = shape[2];
            int heads = shape[3];
            Random random = new Random(9);
            try (Arena arena = Arena.ofConfined(); Workspace workspace = Workspace.create(1)) {
                AttentionWeights weights = RandomTensors.weights(arena, random, d);
                Tensor x = RandomTensors.gaussian(arena, random, 1f, batch, seq, d);
                Tensor timed = Tensor.allocate(arena, batch, seq, d);
                Tensor plain = Tensor.allocate(arena, batch, seq, d);
                AttentionOptions options = AttentionOptions.DEFAULTS.withNeedWeights(false);
                PhaseTimer timer = new PhaseTimer();
                new MultiHeadAttention(d, heads, weights, timer).forward(x, x, x, options, workspace, timed, null);
                new MultiHeadAttention(d, heads, weights).forward(x, x, x, options, workspace, plain, null);

                String where = "B=" + batch + " L=" + seq + " d=" + d + " H=" + heads;
                assertArrayEquals(plain.segment().toArray(ValueLayout.JAVA_FLOAT),
                        timed.segment().toArray(ValueLayout.JAVA_FLOAT), where);
                double projections = 8.0 * batch * seq * d * d;
                double attention = 4.0 * batch * seq * seq * d;
                assertEquals(projections, timer.flops(PhaseTimer.Phase.PROJECTIONS), where);
                assertEquals(attention / 2, timer.flops(PhaseTimer.Phase.LOGITS), where);
                assertEquals(attention / 2, timer.flops(PhaseTimer.Phase.CONTEXT), where);
            }
        }
    }
}
