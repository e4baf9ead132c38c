package io.github.ffmblas.spark;

import io.github.ffmblas.attention.AttentionModel;
import io.github.ffmblas.attention.AttentionOptions;
import io.github.ffmblas.attention.AttentionResult;
import io.github.ffmblas.attention.Tensor;
import io.github.ffmblas.attention.safetensors.SafeTensorsWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/** Test data: weights files, random sequences, the fixtures, and the direct forward the stage must match. */
public final class Sequences {
    public static final DataType SEQUENCE = DataTypes.createArrayType(DataTypes.createArrayType(DataTypes.FloatType));
    public static final DataType MASK = DataTypes.createArrayType(DataTypes.BooleanType);

    private Sequences() {
    }

    /** A safetensors file of random PyTorch-layout weights for d_model {@code d}, under {@code prefix}. */
    public static Path randomWeights(Path dir, String name, int d, String prefix, long seed) throws IOException {
        Random random = new Random(seed);
        Path file = dir.resolve(name);
        try (Arena arena = Arena.ofConfined()) {
            Map<String, Tensor> tensors = new LinkedHashMap<>();
            tensors.put(prefix + "in_proj_weight", Tensor.copyOf(arena, gaussian(random, 3 * d * d, 0.3f), 3 * d, d));
            tensors.put(prefix + "in_proj_bias", Tensor.copyOf(arena, gaussian(random, 3 * d, 0.3f), 3 * d));
            tensors.put(prefix + "out_proj.weight", Tensor.copyOf(arena, gaussian(random, d * d, 0.3f), d, d));
            tensors.put(prefix + "out_proj.bias", Tensor.copyOf(arena, gaussian(random, d, 0.3f), d));
            SafeTensorsWriter.write(file, tensors, Map.of());
        }
        return file;
    }

    public static float[] gaussian(Random random, int n, float scale) {
        float[] v = new float[n];
        for (int i = 0; i < n; i++) {
            v[i] = (float) random.nextGaussian() * scale;
        }
        return v;
    }

    public static float[][] sequence(Random random, int length, int d) {
        float[][] s = new float[length][];
        for (int i = 0; i < length; i++) {
            s[i] = gaussian(random, d, 1f);
        }
        return s;
    }

    /** A fixture of the attention module's test jar, copied to {@code dir}. */
    public static Path fixture(Path dir, String name) {
        Path file = dir.resolve(name + ".safetensors");
        try (InputStream in = Sequences.class.getResourceAsStream("/fixtures/" + name + ".safetensors")) {
            if (in == null) {
                throw new IllegalStateException("no fixture " + name + " on the test class path");
            }
            Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return file;
    }

    public static StructType schema(String... sequenceColumns) {
        StructType s = new StructType().add("id", DataTypes.IntegerType, false);
        for (String c : sequenceColumns) {
            s = s.add(c, SEQUENCE);
        }
        return s;
    }

    public static float[] flat(float[][] s) {
        int d = s[0].length;
        float[] f = new float[s.length * d];
        for (int i = 0; i < s.length; i++) {
            System.arraycopy(s[i], 0, f, i * d, d);
        }
        return f;
    }

    /** One row through the model directly, unbatched and unpadded: what the stage must give for it. */
    public static AttentionResult direct(AttentionModel model, float[][] q, float[][] k, float[][] v, boolean[] mask,
                                  boolean causal, Arena arena) {
        int d = model.dModel();
        Tensor query = Tensor.copyOf(arena, flat(q), 1, q.length, d);
        Tensor key = k == q ? query : Tensor.copyOf(arena, flat(k), 1, k.length, d);
        Tensor value = v == k ? key : Tensor.copyOf(arena, flat(v), 1, v.length, d);
        AttentionOptions options = AttentionOptions.DEFAULTS.withCausal(causal);
        if (mask != null) {
            options = options.withKeyPaddingMask(Tensor.copyOf(arena, mask, 1, mask.length));
        }
        return model.forward(query, key, value, options);
    }

    /** Largest |a - b| over a [seq, d] result; fails on a shape mismatch. */
    public static float maxAbsDiff(float[][] a, float[] b) {
        int d = a[0].length;
        if (a.length * d != b.length) {
            throw new AssertionError("sizes differ: " + a.length + "x" + d + " vs " + b.length);
        }
        float max = 0;
        for (int i = 0; i < a.length; i++) {
            if (a[i].length != d) {
                throw new AssertionError("ragged result at " + i);
            }
            for (int j = 0; j < d; j++) {
                float diff = Math.abs(a[i][j] - b[i * d + j]);
                if (Float.isNaN(diff)) {
                    return Float.NaN;
                }
                max = Math.max(max, diff);
            }
        }
        return max;
    }

    /** [heads, q, k] against a flat [heads, q, k] tensor. */
    public static float maxAbsDiff(float[][][] a, float[] b) {
        float max = 0;
        int heads = a.length;
        int q = a[0].length;
        int k = a[0][0].length;
        if (heads * q * k != b.length) {
            throw new AssertionError("sizes differ: " + heads + "x" + q + "x" + k + " vs " + b.length);
        }
        for (int h = 0; h < heads; h++) {
            for (int i = 0; i < q; i++) {
                for (int j = 0; j < k; j++) {
                    max = Math.max(max, Math.abs(a[h][i][j] - b[(h * q + i) * k + j]));
                }
            }
        }
        return max;
    }
}
