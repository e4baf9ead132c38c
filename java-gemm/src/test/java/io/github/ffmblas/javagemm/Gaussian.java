package io.github.ffmblas.javagemm;

import io.github.ffmblas.attention.Tensor;
import java.lang.foreign.Arena;
import java.util.Random;

/** Seeded N(0, scale²) tensors for the attention checks. */
final class Gaussian {
    private Gaussian() {}

    static Tensor tensor(Arena arena, Random random, float scale, int... shape) {
        int count = 1;
        for (int dim : shape) {
            count = Math.multiplyExact(count, dim);
        }
        float[] values = new float[count];
        for (int i = 0; i < values.length; i++) {
            values[i] = (float) random.nextGaussian() * scale;
        }
        return Tensor.copyOf(arena, values, shape);
    }
}
