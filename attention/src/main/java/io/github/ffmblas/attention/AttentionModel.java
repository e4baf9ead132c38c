package io.github.ffmblas.attention;

import io.github.ffmblas.attention.internal.GlobalView;
import io.github.ffmblas.attention.safetensors.SafeTensorsFile;
import io.github.ffmblas.bindings.Blas;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Multi-head attention for services, like ONNX Runtime's {@code OrtSession}: it owns its weights, is shared by any
 * number of threads, and frees everything on {@link #close()}.
 *
 * <pre>{@code
 * try (AttentionModel model = AttentionModel.open(Path.of("layer.safetensors"), "encoder.layers.0.self_attn.", 8,
 *                                                 Loading.MAPPED)) {
 *     // any number of request threads:
 *     AttentionResult r = model.forward(x, x, x, AttentionOptions.DEFAULTS.withNeedWeights(false));
 * }
 * }</pre>
 *
 * <p><b>Weights.</b> Read from a safetensors file in PyTorch's layout or as separate projections (see
 * {@link AttentionWeights#load}), checked for names, dtypes and shapes when the model opens, and kept as
 * {@link Loading} says: mapped from the file, which stays open until {@code close()}, or copied into memory the
 * model owns, the file closed at once. Each forward checks them against its outputs like every other tensor of
 * the call (an output may not share memory with a weight).
 *
 * <p><b>Threads.</b> Every forward method may be called from any number of threads at once. The allocation-free
 * form takes the caller's output tensors and a {@link Workspace} of the calling thread's; the others allocate
 * their results. OpenBLAS's threads are set up by the {@link ThreadPolicy} (default
 * {@link ThreadPolicy#ONE_OPENBLAS_THREAD}: OpenBLAS at one thread, each forward on its caller's thread).
 *
 * <p><b>Closing.</b> {@link #close()} refuses new forwards, waits for those running to return, then frees the
 * weights (unmaps the file, frees copies). A forward that starts after {@code close()} has begun throws
 * {@link IllegalStateException} naming the model. Results already returned stay valid: they live in memory of
 * their own, not the model's.
 */
public final class AttentionModel implements Attention, AutoCloseable {
    private static final System.Logger LOG = System.getLogger(AttentionModel.class.getName());

    private final String name;
    private final Loading loading;
    private final ThreadPolicy threadPolicy;
    /** The backend and the products it computes, which close frees. */
    private final Backends.Chosen chosen;
    private final MultiHeadAttention attention;
    /** Packed or copied weights; shared, so every thread can read them. */
    private final Arena arena;
    /** The mapped file, while the weights are its views; null when they were copied. */
    private final SafeTensorsFile file;
    private final ModelGate gate = new ModelGate();
    /** Whether overlapping forwards were looked at already (the warning of {@link ThreadPolicy#KEEP_OPENBLAS_THREADS}). */
    private volatile boolean overlapChecked;
    /** The warning logged about overlapping forwards, if one was; for tests. */
    private volatile String overlapWarning;

    private AttentionModel(String name, Loading loading, ThreadPolicy threadPolicy, Backends.Chosen chosen,
                           MultiHeadAttention attention, Arena arena, SafeTensorsFile file) {
        this.name = name;
        this.loading = loading;
        this.threadPolicy = threadPolicy;
        this.chosen = chosen;
        this.attention = attention;
        this.arena = arena;
        this.file = file;
    }

    /**
     * Opens the attention weights under {@code prefix} (e.g. {@code encoder.layers.0.self_attn.}, or {@code ""}) of
     * safetensors file {@code weights}, for {@code heads} heads, with the default {@link ThreadPolicy}.
     *
     * @throws IOException              when the file cannot be read or breaks the safetensors format, naming it
     * @throws IllegalArgumentException naming what is missing or misshapen, or when d_model is not divisible by
     *                                  {@code heads}
     */
    public static AttentionModel open(Path weights, String prefix, int heads, Loading loading) throws IOException {
        return builder(weights, heads).prefix(prefix).loading(loading).open();
    }

    /** Options for a model on {@code weights} with {@code heads} heads; {@link Builder#open()} opens it. */
    public static Builder builder(Path weights, int heads) {
        return new Builder(weights, heads);
    }

    /** What {@link #builder} collects: set once, then {@link #open()}. */
    public static final class Builder {
        private final Path weights;
        private final int heads;
        private String prefix = "";
        private Loading loading = Loading.MAPPED;
        private ThreadPolicy threadPolicy = ThreadPolicy.ONE_OPENBLAS_THREAD;
        private Backend backend = Backend.AUTO;
        private String name;

        private Builder(Path weights, int heads) {
            this.weights = Objects.requireNonNull(weights, "weights (the safetensors file)");
            if (heads < 1) {
                throw new IllegalArgumentException("heads must be >= 1, got " + heads);
            }
            this.heads = heads;
        }

        /** Tensor names start with this (default: none). */
        public Builder prefix(String prefix) {
            this.prefix = Objects.requireNonNull(prefix, "prefix (use \"\" for none)");
            return this;
        }

        /** Default {@link Loading#MAPPED}. */
        public Builder loading(Loading loading) {
            this.loading = Objects.requireNonNull(loading, "loading");
            return this;
        }

        /** Default {@link ThreadPolicy#ONE_OPENBLAS_THREAD}. */
        public Builder threadPolicy(ThreadPolicy threadPolicy) {
            this.threadPolicy = Objects.requireNonNull(threadPolicy, "threadPolicy");
            return this;
        }

        /** Default {@link Backend#AUTO}: the fastest backend that runs on this CPU class ({@link Backend#autoChoice()}). */
        public Builder backend(Backend backend) {
            this.backend = Objects.requireNonNull(backend, "backend");
            return this;
        }

        /** What messages call the model; default the file's name, and the prefix if any. */
        public Builder name(String name) {
            this.name = Objects.requireNonNull(name, "name");
            return this;
        }

        /**
         * Opens the model: reads and checks the weights, then applies the thread policy.
         *
         * @throws IOException              when the file cannot be read or breaks the safetensors format, naming it
         * @throws IllegalArgumentException naming what is missing or misshapen, or when d_model is not divisible
         *                                  by the heads
         */
        public AttentionModel open() throws IOException {
            String label = name != null ? name
                    : weights.getFileName() + (prefix.isEmpty() ? "" : " (" + prefix + ")");
            Arena arena = Arena.ofShared();
            SafeTensorsFile file = null;
            Gemm gemm = null;
            try {
                file = SafeTensorsFile.open(weights);
                AttentionWeights loaded;
                try {
                    TensorSource source = loading == Loading.COPIED ? new Copies(file, arena) : file;
                    loaded = AttentionWeights.load(new GlobalViews(source), prefix, new GlobalViewArena(arena));
                } catch (UncheckedIOException e) {
                    throw e.getCause(); // a tensor the file cannot give, e.g. an unsupported dtype: named by it
                }
                Backends.Chosen chosen = Backends.forWeights(backend, loaded);
                gemm = chosen.gemm();
                MultiHeadAttention attention = new MultiHeadAttention(loaded.dModel(), heads, loaded, gemm);
                if (loading == Loading.COPIED) {
                    file.close();
                    file = null;
                }
                if (threadPolicy == ThreadPolicy.ONE_OPENBLAS_THREAD && Blas.numThreads() != 1) {
                    Blas.setNumThreads(1);
                }
                return new AttentionModel(label, loading, threadPolicy, chosen, attention, arena, file);
            } catch (Throwable t) {
                try {
                    Backends.close(gemm);
                } catch (RuntimeException e) {
                    t.addSuppressed(e);
                }
                if (file != null) {
                    file.close();
                }
                arena.close();
                throw t;
            }
        }
    }

    /** A file's tensors copied into {@code arena} as they are asked for: what {@link Loading#COPIED} loads from. */
    private record Copies(SafeTensorsFile file, Arena arena) implements TensorSource {
        @Override
        public Set<String> names() {
            return file.names();
        }

        @Override
        public Optional<Tensor> find(String name) {
            return file.find(name).map(t -> {
                Tensor copy = Tensor.allocate(arena, t.dtype(), t.shape());
                copy.segment().copyFrom(t.segment());
                return copy;
            });
        }
    }

    /**
     * {@code s}'s memory with the global scope: what the model hands its forwards instead of its weights' own
     * segments. OpenBLAS then gets them by address; segments of a shared arena or a file's mapping go as slices,
     * which the JDK keeps alive during the call and which C2 does not always keep off the heap (up to 1.4 KB a
     * forward at B=1 L=64 d=128 H=8 on a workspace of two threads, JFR). Sound because the model frees the real
     * segments only in {@link #close()}, after its gate has seen every forward return, and the views never leave
     * the model. Read-only: nothing writes weights.
     */
    static MemorySegment globalView(MemorySegment s) {
        return GlobalView.of(s).asReadOnly();
    }

    /** A source's tensors as {@link #globalView global views}, for the model's forwards. */
    private record GlobalViews(TensorSource source) implements TensorSource {
        @Override
        public Set<String> names() {
            return source.names();
        }

        @Override
        public Optional<Tensor> find(String name) {
            return source.find(name).map(t -> Tensor.of(globalView(t.segment()), t.dtype(), t.shape()));
        }
    }

    /**
     * Allocates in the model's arena and hands out the memory with the global scope (writable: separate q/k/v weights
     * are packed into it), as {@link #globalView}.
     */
    private record GlobalViewArena(Arena owner) implements Arena {
        @Override
        public MemorySegment allocate(long byteSize, long byteAlignment) {
            MemorySegment s = owner.allocate(byteSize, byteAlignment);
            return GlobalView.of(s);
        }

        @Override
        public MemorySegment.Scope scope() {
            return owner.scope();
        }

        @Override
        public void close() {
            throw new UnsupportedOperationException("the model closes its arena");
        }
    }

    /** What messages call this model. */
    public String name() {
        return name;
    }

    @Override
    public int dModel() {
        return attention.dModel();
    }

    @Override
    public int numHeads() {
        return attention.numHeads();
    }

    public Loading loading() {
        return loading;
    }

    /** What computes the products: {@link Backend#OPENBLAS} or {@link Backend#ONEDNN}, never {@code AUTO}. */
    public Backend backend() {
        return chosen.backend();
    }

    public ThreadPolicy threadPolicy() {
        return threadPolicy;
    }

    /** True once {@link #close()} has begun. */
    public boolean isClosed() {
        return gate.isClosed();
    }

    /** The most forwards this model has seen running at once: how concurrently it is used. */
    public int maxConcurrentForwards() {
        return gate.peak();
    }

    /** Forward pass with results in fresh memory (freed by the garbage collector) and the thread's workspace. */
    @Override
    public AttentionResult forward(Tensor query, Tensor key, Tensor value, AttentionOptions options) {
        enter();
        try {
            return attention.forward(query, key, value, options);
        } finally {
            gate.leave();
        }
    }

    /** Forward pass with results in fresh memory and the given workspace (the calling thread's). */
    public AttentionResult forward(Tensor query, Tensor key, Tensor value, AttentionOptions options,
                                   Workspace workspace) {
        enter();
        try {
            return attention.forward(query, key, value, options, workspace);
        } finally {
            gate.leave();
        }
    }

    /**
     * Forward pass into caller-provided memory, the allocation-free form; see
     * {@link MultiHeadAttention#forward(Tensor, Tensor, Tensor, AttentionOptions, Workspace, Tensor, Tensor)} for
     * the arguments and what is refused.
     *
     * @throws IllegalStateException naming the model once it is closed, or a tensor whose memory was freed
     */
    public void forward(Tensor query, Tensor key, Tensor value, AttentionOptions options, Workspace workspace,
                        Tensor out, Tensor attentionWeights) {
        enter();
        try {
            attention.forward(query, key, value, options, workspace, out, attentionWeights);
        } finally {
            gate.leave();
        }
    }

    /**
     * One step of incremental self-attention over {@code cache} (the calling thread's); see
     * {@link MultiHeadAttention#decode(Tensor, Tensor, Tensor, KeyValueCache, StepOptions, Workspace, Tensor, Tensor)}.
     *
     * @throws IllegalStateException naming the model once it is closed
     */
    public void decode(Tensor query, Tensor key, Tensor value, KeyValueCache cache, StepOptions options,
                       Workspace workspace, Tensor out, Tensor attentionWeights) {
        enter();
        try {
            attention.decode(query, key, value, cache, options, workspace, out, attentionWeights);
        } finally {
            gate.leave();
        }
    }

    /** Projects and appends keys and values only; see {@link MultiHeadAttention#appendKeyValues}. */
    public void appendKeyValues(Tensor key, Tensor value, KeyValueCache cache, StepOptions options,
                                Workspace workspace) {
        enter();
        try {
            attention.appendKeyValues(key, value, cache, options, workspace);
        } finally {
            gate.leave();
        }
    }

    /** Cross-attention over the cache, appending nothing; see {@link MultiHeadAttention#attend}. */
    public void attend(Tensor query, KeyValueCache cache, StepOptions options, Workspace workspace, Tensor out,
                       Tensor attentionWeights) {
        enter();
        try {
            attention.attend(query, cache, options, workspace, out, attentionWeights);
        } finally {
            gate.leave();
        }
    }

    private void enter() {
        if (gate.enter(name) > 1 && !overlapChecked) {
            overlapSeen();
        }
    }

    /** The first time two forwards overlap: under {@link ThreadPolicy#KEEP_OPENBLAS_THREADS}, a warning if due. */
    private void overlapSeen() {
        overlapChecked = true;
        int threads;
        if (threadPolicy == ThreadPolicy.KEEP_OPENBLAS_THREADS && (threads = Blas.numThreads()) > 1) {
            String warning = "AttentionModel '" + name + "': forwards run concurrently while OpenBLAS runs "
                    + threads + " threads in each, which then compete for the cores and multiply the tail latency;"
                    + " open the model with ThreadPolicy.ONE_OPENBLAS_THREAD (the default) or call"
                    + " Blas.setNumThreads(1)";
            overlapWarning = warning;
            LOG.log(System.Logger.Level.WARNING, warning);
        }
    }

    /** The warning about overlapping forwards, if one was logged. */
    Optional<String> overlapWarning() {
        return Optional.ofNullable(overlapWarning);
    }

    /** Forwards running now. */
    int forwardsInFlight() {
        return gate.inFlight();
    }

    /** The gate itself, for tests that hold a forward's place in it. */
    ModelGate gate() {
        return gate;
    }

    /** True once the weights' memory is freed (by {@link #close()}). */
    boolean weightsFreed() {
        return !arena.scope().isAlive();
    }

    /**
     * Refuses new forwards, waits for the running ones to return, then frees the weights. Calling it again does
     * nothing (a second caller waits until the first has freed everything). Never called from a forward's own
     * thread by ffmblas, so it cannot wait for itself.
     */
    @Override
    public synchronized void close() {
        if (!gate.closeAndDrain() && !arena.scope().isAlive()) {
            return;
        }
        try {
            Backends.close(chosen.gemm());
        } finally {
            try {
                if (file != null) {
                    file.close();
                }
            } finally {
                if (arena.scope().isAlive()) {
                    arena.close();
                }
            }
        }
    }

    @Override
    public String toString() {
        return "AttentionModel[" + name + ", d_model=" + dModel() + ", heads=" + numHeads() + ", " + loading + ", "
                + chosen.backend() + (isClosed() ? ", closed" : "") + "]";
    }
}
