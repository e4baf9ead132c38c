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
 *
 * <p>{@code -Dweights=} says where the weights live: {@code confined} (an arena of this thread, the default),
 * {@code global}, {@code shared} (an {@code Arena.ofShared()}, as seed-format weights are packed), {@code mapped}
 * (a safetensors file, PyTorch's layout used in place: the README's way), or {@code model-mapped} /
 * {@code model-copied} (an {@link AttentionModel} opened on that file, loading {@link Loading#MAPPED} or
 * {@link Loading#COPIED}). {@code -Dgemm=packed} runs the products on {@link PackedGemm}. {@code -Dworkspace=thread}
 * runs with {@link Workspace#forCurrentThread()} instead of a workspace of its own (one thread only).
 * {@code -Djfr=FILE} records where the heap is allocated (JFR allocation samples, stack traces included) from the
 * second round on, once the JIT has had a round to compile the forward.
 */
public final class AllocationProbe {
    private AllocationProbe() {}

    public static void main(String[] args) throws Exception {
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
        String where = System.getProperty("weights", "confined");
        boolean perThread = System.getProperty("workspace", "own").equals("thread");
        try (Arena arena = Arena.ofConfined(); Arena shared = Arena.ofShared();
             Workspace own = perThread ? null : Workspace.create(team);
             WeightsUnderTest under = WeightsUnderTest.make(where, arena, shared, random, d, heads)) {
            Workspace workspace = perThread ? Workspace.forCurrentThread() : own;
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
            under.forward(x, options, workspace, out, attn); // starts the helpers, if any
            long[] ids = TeamAllocation.measuredThreads();
            String jfr = System.getProperty("jfr"); // a file: record allocations after the first round only
            jdk.jfr.Recording recording = null;
            for (int round = 0; round < 30 && (best > 64 || jfr != null); round++) {
                if (round == 1 && jfr != null) {
                    recording = new jdk.jfr.Recording();
                    recording.enable("jdk.ObjectAllocationSample").with("throttle", "10000/s").withStackTrace();
                    recording.start();
                }
                long before = TeamAllocation.allocated(threads, ids);
                for (int i = 0; i < perRound; i++) {
                    under.forward(x, options, workspace, out, attn);
                }
                long after = TeamAllocation.allocated(threads, ids);
                best = Math.min(best, (after - before) / perRound);
                if (allocations < 0) {
                    allocations = workspace.allocations();
                }
            }
            if (recording != null) {
                recording.stop();
                recording.dump(java.nio.file.Path.of(jfr));
            }
            System.out.println("bytes=" + best + " nativeAllocations=" + (workspace.allocations() - allocations));
        }
    }

    /** The weights of one {@code -Dweights=} choice, and what closes them. */
    private record WeightsUnderTest(MultiHeadAttention mha, AttentionModel model, AutoCloseable owner)
            implements AutoCloseable {

        static WeightsUnderTest make(String where, Arena confined, Arena shared, Random random, int d, int heads)
                throws java.io.IOException {
            return switch (where) {
                case "confined" -> plain(RandomTensors.weights(confined, random, d), heads, null);
                case "global" -> plain(RandomTensors.weights(Arena.global(), random, d), heads, null);
                case "shared" -> plain(RandomTensors.weights(shared, random, d), heads, null);
                case "mapped", "model-mapped", "model-copied" -> {
                    java.nio.file.Path file = java.nio.file.Files.createTempFile("ffmblas-probe", ".safetensors");
                    file.toFile().deleteOnExit();
                    AttentionWeights w = RandomTensors.weights(confined, random, d);
                    io.github.ffmblas.attention.safetensors.SafeTensorsWriter.write(file,
                            RandomTensors.pyTorchTensors(w, ""), java.util.Map.of());
                    if (where.equals("mapped")) {
                        var st = io.github.ffmblas.attention.safetensors.SafeTensorsFile.open(file);
                        yield plain(AttentionWeights.load(st, "", shared), heads, st);
                    }
                    AttentionModel model = AttentionModel.builder(file, heads)
                            .loading(where.equals("model-mapped") ? Loading.MAPPED : Loading.COPIED).open();
                    yield new WeightsUnderTest(null, model, model);
                }
                default -> throw new IllegalArgumentException("-Dweights=" + where);
            };
        }

        /** With {@code -Dgemm=packed}, on {@link PackedGemm}. */
        private static WeightsUnderTest plain(AttentionWeights weights, int heads, AutoCloseable owner) {
            if (!System.getProperty("gemm", "native").equals("packed")) {
                return new WeightsUnderTest(new MultiHeadAttention(weights.dModel(), heads, weights), null, owner);
            }
            PackedGemm gemm = PackedGemm.forWeights(weights);
            AutoCloseable both = () -> {
                try (gemm) {
                    if (owner != null) {
                        owner.close();
                    }
                }
            };
            return new WeightsUnderTest(new MultiHeadAttention(weights.dModel(), heads, weights, gemm), null, both);
        }

        Attention attention() {
            return mha != null ? mha : model;
        }

        void forward(Tensor x, AttentionOptions options, Workspace workspace, Tensor out, Tensor attn) {
            if (mha != null) {
                mha.forward(x, x, x, options, workspace, out, attn);
            } else {
                model.forward(x, x, x, options, workspace, out, attn);
            }
        }

        @Override
        public void close() throws Exception {
            if (owner != null) {
                owner.close();
            }
        }
    }
}
