package io.github.ffmblas.attention;

import java.lang.foreign.Arena;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/** Seeded random tensors and weights for tests. */
final class RandomTensors {
    private RandomTensors() {}

    static Tensor gaussian(Arena arena, Random random, float scale, int... shape) {
        float[] values = new float[Math.toIntExact(Tensor.elementCount(shape))];
        for (int i = 0; i < values.length; i++) {
            values[i] = (float) random.nextGaussian() * scale;
        }
        return Tensor.copyOf(arena, values, shape);
    }

    static Tensor bools(Arena arena, Random random, double pTrue, int... shape) {
        boolean[] values = new boolean[Math.toIntExact(Tensor.elementCount(shape))];
        for (int i = 0; i < values.length; i++) {
            values[i] = random.nextDouble() < pTrue;
        }
        return Tensor.copyOf(arena, values, shape);
    }

    /** PyTorch-layout weights with N(0, 0.3) entries and non-zero biases. */
    static AttentionWeights weights(Arena arena, Random random, int d) {
        return AttentionWeights.ofPyTorch(gaussian(arena, random, 0.3f, 3 * d, d), gaussian(arena, random, 0.3f, 3 * d),
                gaussian(arena, random, 0.3f, d, d), gaussian(arena, random, 0.3f, d));
    }

    /** The weights' four tensors by their PyTorch names under {@code prefix}, as a safetensors file holds them. */
    static Map<String, Tensor> pyTorchTensors(AttentionWeights weights, String prefix) {
        Map<String, Tensor> tensors = new LinkedHashMap<>();
        List<Tensor> values = weights.tensors();
        for (int i = 0; i < values.size(); i++) {
            tensors.put(prefix + AttentionWeights.PYTORCH_NAMES.get(i), values.get(i));
        }
        return tensors;
    }

    static float maxAbsDiff(Tensor a, Tensor b) {
        float[] x = a.toFloatArray();
        float[] y = b.toFloatArray();
        if (x.length != y.length) {
            throw new AssertionError("sizes differ: " + a + " vs " + b);
        }
        float max = 0f;
        for (int i = 0; i < x.length; i++) {
            float diff = Math.abs(x[i] - y[i]);
            if (Float.isNaN(diff)) {
                return Float.NaN;
            }
            max = Math.max(max, diff);
        }
        return max;
    }
}
