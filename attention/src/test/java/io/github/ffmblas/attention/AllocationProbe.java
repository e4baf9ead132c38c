package io.github.ffmblas.attention;

import java.lang.foreign.Arena;
import java.lang.management.ManagementFactory;
import java.util.Random;

/**
 * Measures a steady-state forward in a JVM of its own, so other tests' code paths do not change what the JIT
 * does with this one. Prints {@code bytes=<heap bytes per forward> nativeAllocations=<new workspace slabs>}.
 * Arguments: needWeights, the workspace's threads (default 1; the bytes are those of the calling thread and the
 * workspace's helpers together), then optionally batch, seq, d_model and heads (default 2, 40, 32, 4), e.g. the
 * benchmark's largest shape: {@code false 2 1 2048 1024 16}. Every forward is causal; with {@code -Dmasks=true} it
 * also takes a BOOL attn_mask and a key_padding_mask, so the masked softmax rows are measured too.
 */
public final class AllocationProbe {
    private AllocationProbe() {}

    /** This thread and the workspace's helpers ("ffmblas-team-..."), once they exist. */
    private static long[] measuredThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t == Thread.currentThread() || t.getName().startsWith("ffmblas-team-"))
                .mapToLong(Thread::threadId).toArray();
    }

    /** Heap bytes those threads have allocated so far; allocates only the small result array. */
    private static long allocated(com.sun.management.ThreadMXBean threads, long[] ids) {
        long sum = 0;
        for (long bytes : threads.getThreadAllocatedBytes(ids)) {
            sum += bytes;
        }
        return sum;
    }

    public static void main(String[] args) {
        int batch = args.length > 5 ? Integer.parseInt(args[2]) : 2;
        int seq = args.length > 5 ? Integer.parseInt(args[3]) : 40;
        int d = args.length > 5 ? Integer.parseInt(args[4]) : 32;
        int heads = args.length > 5 ? Integer.parseInt(args[5]) : 4;
        long work = (long) batch * seq * d * (d + seq);
        int perRound = (int) Math.max(5, Math.min(2000, 20_000_000_000L / Math.max(1, work)));
        boolean needWeights = args.length > 0 && Boolean.parseBoolean(args[0]);
        int team = args.length > 1 ? Integer.parseInt(args[1]) : 1;
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        Random random = new Random(4);
        try (Arena arena = Arena.ofConfined(); Workspace workspace = Workspace.create(team)) {
            AttentionWeights weights = RandomTensors.weights(arena, random, d);
            MultiHeadAttention mha = new MultiHeadAttention(d, heads, weights);
            Tensor x = RandomTensors.gaussian(arena, random, 1f, batch, seq, d);
            Tensor out = Tensor.allocate(arena, batch, seq, d);
            Tensor attn = needWeights ? Tensor.allocate(arena, batch, heads, seq, seq) : null;
            AttentionOptions options = AttentionOptions.DEFAULTS.withCausal(true).withNeedWeights(needWeights);
            if (Boolean.getBoolean("masks")) {
                options = options.withAttnMask(RandomTensors.bools(arena, random, 0.2, seq, seq))
                        .withKeyPaddingMask(RandomTensors.bools(arena, random, 0.2, batch, seq));
            }
            int allocations = -1;
            long best = Long.MAX_VALUE;
            mha.forward(x, x, x, options, workspace, out, attn); // starts the helpers, if any
            long[] ids = measuredThreads();
            for (int round = 0; round < 30 && best > 64; round++) {
                long before = allocated(threads, ids);
                for (int i = 0; i < perRound; i++) {
                    mha.forward(x, x, x, options, workspace, out, attn);
                }
                long after = allocated(threads, ids);
                best = Math.min(best, (after - before) / perRound);
                if (allocations < 0) {
                    allocations = workspace.allocations();
                }
            }
            System.out.println("bytes=" + best + " nativeAllocations=" + (workspace.allocations() - allocations));
        }
    }
}
