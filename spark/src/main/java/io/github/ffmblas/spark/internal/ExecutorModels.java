package io.github.ffmblas.spark.internal;

import io.github.ffmblas.attention.AttentionModel;
import io.github.ffmblas.attention.Loading;
import io.github.ffmblas.attention.ThreadPolicy;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The models of this JVM (an executor, or the driver in local mode): one {@link AttentionModel} per weights file,
 * prefix and heads, opened by the first task that asks, shared by every task after it, closed when the JVM exits.
 *
 * <p>Models are {@link Loading#COPIED}: an executor then does not depend on its copy of the file (Spark deletes
 * the files it fetched when the executor stops, and a shared file may be replaced while jobs run). With
 * {@link ThreadPolicy#ONE_OPENBLAS_THREAD} OpenBLAS runs one thread per calling task, so the executor's task slots
 * are the parallelism, as for every other Spark operator.
 */
public final class ExecutorModels {
    private static final ConcurrentHashMap<WeightsRef.ModelKey, AttentionModel> MODELS = new ConcurrentHashMap<>();
    private static final AtomicInteger OPENED = new AtomicInteger();
    private static final AtomicBoolean HOOK = new AtomicBoolean();

    private ExecutorModels() {
    }

    /** This JVM's model for {@code weights}, opened now if no task has opened it yet. */
    static AttentionModel get(WeightsRef weights) {
        WeightsRef.ModelKey key = weights.key();
        AttentionModel model = MODELS.get(key);
        return model != null ? model : MODELS.computeIfAbsent(key, ExecutorModels::open);
    }

    private static AttentionModel open(WeightsRef.ModelKey key) {
        if (HOOK.compareAndSet(false, true)) {
            Runtime.getRuntime().addShutdownHook(new Thread(ExecutorModels::closeAll, "ffmblas-spark-models"));
        }
        try {
            AttentionModel model = AttentionModel.builder(key.file(), key.heads())
                    .prefix(key.prefix())
                    .loading(Loading.COPIED)
                    .threadPolicy(ThreadPolicy.ONE_OPENBLAS_THREAD)
                    .open();
            OPENED.incrementAndGet();
            return model;
        } catch (IOException e) {
            throw new UncheckedIOException(cannotOpen(key, e), e);
        } catch (IllegalArgumentException e) { // weights missing or misshapen, heads not dividing d_model
            throw new IllegalArgumentException(cannotOpen(key, e), e);
        }
    }

    private static String cannotOpen(WeightsRef.ModelKey key, Exception e) {
        return "cannot open the attention weights " + key.file() + " (prefix '" + key.prefix() + "', " + key.heads()
                + " heads) in this executor: " + e.getMessage();
    }

    /** How many models this JVM has opened so far (closed ones included). */
    public static int openedCount() {
        return OPENED.get();
    }

    /** The models open now. */
    public static List<AttentionModel> openModels() {
        return new ArrayList<>(MODELS.values());
    }

    /**
     * Closes every model (each waits for its forwards in flight) and forgets them; a later task opens its model
     * again. Run by the JVM's shutdown hook; public for tests.
     */
    public static void closeAll() {
        for (WeightsRef.ModelKey key : List.copyOf(MODELS.keySet())) {
            AttentionModel model = MODELS.remove(key);
            if (model != null) {
                model.close();
            }
        }
    }
}
