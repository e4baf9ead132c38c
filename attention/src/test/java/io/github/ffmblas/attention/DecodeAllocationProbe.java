package io.github.ffmblas.attention;

import java.lang.foreign.Arena;
import java.lang.management.ManagementFactory;
import java.util.Random;

/**
 * Measures steady-state decode steps in a JVM of its own, as {@link AllocationProbe} does forwards: prints
 * {@code bytes=<heap bytes of a whole round of steps> steps=<steps in it> nativeAllocations=<new workspace slabs>},
 * the least of up to 30 rounds (the JIT compiles the step during the first ones; more for short rounds). The bytes are those of the calling
 * thread and the workspace's helpers together (the JDK's per-thread counters, which count the small array the count
 * itself returns).
 *
 * <p>Arguments: d_model, heads, cache length, the workspace's threads, then {@code fixed} (each step appends one
 * token to a cache of that length, then truncates it: the step at one length, over and over) or {@code growing} (the
 * cache grows by a token a step from that length to twice it, then is truncated back: a generation). {@code
 * -Dholder=model} runs on an {@link AttentionModel} (weights mapped from a file) instead of a
 * {@link MultiHeadAttention} on weights in a confined arena; {@code -Dweights=true} asks for the attention weights.
 */
public final class DecodeAllocationProbe {
    private DecodeAllocationProbe() {}

    public static void main(String[] args) throws Exception {
        int d = Integer.parseInt(args[0]);
        int heads = Integer.parseInt(args[1]);
        int length = Integer.parseInt(args[2]);
        int team = Integer.parseInt(args[3]);
        boolean growing = args[4].equals("growing");
        boolean model = System.getProperty("holder", "mha").equals("model");
        boolean needWeights = Boolean.getBoolean("weights");
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        Random random = new Random(4);
        int maxLength = 2 * length + 1;
        java.nio.file.Path file = java.nio.file.Files.createTempFile("ffmblas-decode-probe", ".safetensors");
        file.toFile().deleteOnExit();
        try (Arena arena = Arena.ofConfined(); Workspace workspace = Workspace.create(team)) {
            AttentionWeights w = RandomTensors.weights(arena, random, d);
            KeyValueCache cache = KeyValueCache.allocate(arena, new MultiHeadAttention(d, heads, w), 1, maxLength);
            io.github.ffmblas.attention.safetensors.SafeTensorsWriter.write(file, RandomTensors.pyTorchTensors(w, ""),
                    java.util.Map.of());
            MultiHeadAttention mha = new MultiHeadAttention(d, heads, w);
            try (AttentionModel m = model ? AttentionModel.builder(file, heads).backend(Backend.OPENBLAS).open() : null) {
                Tensor prompt = RandomTensors.gaussian(arena, random, 1f, 1, length, d);
                Tensor promptOut = Tensor.allocate(arena, 1, length, d);
                Tensor x = RandomTensors.gaussian(arena, random, 1f, 1, 1, d);
                Tensor out = Tensor.allocate(arena, 1, 1, d);
                Tensor attention = needWeights ? Tensor.allocate(arena, 1, heads, 1, maxLength) : null;
                StepOptions options = StepOptions.DEFAULTS.withNeedWeights(needWeights);
                StepOptions promptOptions = StepOptions.DEFAULTS;
                if (m != null) {
                    m.decode(prompt, prompt, prompt, cache, promptOptions, workspace, promptOut, null);
                } else {
                    mha.decode(prompt, prompt, prompt, cache, promptOptions, workspace, promptOut, null);
                }
                int steps = growing ? length : Math.max(200, (int) Math.min(4000, 400_000_000L / ((long) d * (d + length))));
                long[] ids = TeamAllocation.measuredThreads();
                long best = Long.MAX_VALUE;
                int allocations = -1;
                // Rounds of a growing cache are short: as many as 30,000 steps take, so the JIT has compiled the
                // softmax's vector loops for rows of every length before the last rounds (interpreted, they allocate).
                int rounds = growing ? Math.max(30, 30_000 / steps) : 30;
                for (int round = 0; round < rounds && best > 0; round++) {
                    long before = TeamAllocation.allocated(threads, ids);
                    for (int i = 0; i < steps; i++) {
                        if (m != null) {
                            m.decode(x, x, x, cache, options, workspace, out, attention);
                        } else {
                            mha.decode(x, x, x, cache, options, workspace, out, attention);
                        }
                        if (!growing) {
                            cache.truncate(1);
                        }
                    }
                    long after = TeamAllocation.allocated(threads, ids);
                    if (growing) {
                        cache.truncate(steps);
                    }
                    best = Math.min(best, after - before);
                    if (allocations < 0) {
                        allocations = workspace.allocations();
                    }
                }
                System.out.println("bytes=" + best + " steps=" + steps + " nativeAllocations="
                        + (workspace.allocations() - allocations));
            }
        }
    }
}
