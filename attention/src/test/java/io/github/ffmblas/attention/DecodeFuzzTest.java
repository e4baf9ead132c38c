package io.github.ffmblas.attention;

import java.lang.foreign.Arena;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Seeded random decodes against {@link ReferenceMultiHeadAttention} (plain Java loops, the original module's copies):
 * random sizes (depths 1 to 33), batches of ragged sequences, steps of random widths in which each item takes a random
 * number of its next tokens (none, some, all), weights asked for or not, rejected drafts truncated, real tokens
 * dropped and decoded again, one and two threads, OpenBLAS and another gemm. {@code -Dffmblas.fuzz.seed=N
 * -Dffmblas.fuzz.decodes=N} widen or replay a run; a failure names the decode and the step.
 */
class DecodeFuzzTest {
    private static final long SEED = Long.getLong("ffmblas.fuzz.seed", 20261203L);
    private static final int DECODES = Integer.getInteger("ffmblas.fuzz.decodes", 400);
    private static final int[][] SIZES = {{4, 1}, {4, 4}, {8, 2}, {12, 3}, {33, 3}, {7, 1}, {16, 8}, {30, 5}};

    @Test
    void randomSchedulesMatchTheReferenceImplementation() {
        Random seeds = new Random(SEED);
        try (Workspace one = Workspace.create(1); Workspace two = Workspace.create(2)) {
            for (int run = 0; run < DECODES; run++) {
                long seed = seeds.nextLong();
                try {
                    decode(new Random(seed), seed % 2 == 0 ? one : two);
                } catch (AssertionError | RuntimeException e) {
                    throw new AssertionError("decode " + run + " (seed " + seed + "): " + e.getMessage(), e);
                }
            }
        }
    }

    private static void decode(Random random, Workspace workspace) {
        int[] size = SIZES[random.nextInt(SIZES.length)];
        int d = size[0];
        int heads = size[1];
        int batch = 1 + random.nextInt(3);
        int[] lengths = new int[batch];
        for (int b = 0; b < batch; b++) {
            lengths[b] = random.nextInt(5) == 0 ? 0 : 1 + random.nextInt(random.nextBoolean() ? 8 : 40);
        }
        int maxLength = 0;
        for (int l : lengths) {
            maxLength = Math.max(maxLength, l);
        }
        maxLength += 6; // room for drafts
        try (Arena arena = Arena.ofConfined()) {
            AttentionWeights w = RandomTensors.weights(arena, random, d);
            MultiHeadAttention mha = new MultiHeadAttention(d, heads, w,
                    random.nextBoolean() ? Gemm.NATIVE : DecodeTest.OTHER);
            KeyValueCache cache = KeyValueCache.allocate(arena, mha, batch, maxLength);
            DecodeDriver driver = new DecodeDriver(new ReferenceMultiHeadAttention(d, heads, w), arena, random, d,
                    heads, lengths);
            DecodeDriver.Stepper stepper = DecodeTest.stepper(mha, workspace);
            while (!driver.done()) {
                int n = 1 + random.nextInt(random.nextBoolean() ? 2 : 6);
                int[] tokens = new int[batch];
                int most = 0;
                for (int b = 0; b < batch; b++) {
                    int take = Math.min(driver.remaining(b), random.nextInt(4) == 0 ? random.nextInt(n + 1) : n);
                    tokens[b] = take;
                    most = Math.max(most, take);
                }
                if (most == 0) {
                    continue;
                }
                int width = random.nextBoolean() ? 0 : maxLength - random.nextInt(3);
                width = width > 0 ? Math.max(width, cache.maxCachedLength() + most) : 0;
                driver.step(stepper, cache, arena, n, tokens, width, 1e-4f);
                switch (random.nextInt(6)) {
                    case 0 -> driver.speculateAndReject(stepper, cache, arena, 1 + random.nextInt(3));
                    case 1 -> {
                        int b = random.nextInt(batch);
                        if (driver.position[b] > 0) {
                            driver.rewind(cache, b, 1 + random.nextInt(driver.position[b]));
                        }
                    }
                    default -> { }
                }
            }
        }
    }
}
