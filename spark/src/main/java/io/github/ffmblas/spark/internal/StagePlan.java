package io.github.ffmblas.spark.internal;

import java.io.Serializable;

/**
 * What a task needs to run the stage over its partition, decided on the driver and shipped in the task's closure.
 *
 * @param stage   the stage's uid, for messages
 * @param weights which model to use
 * @param query   the query column; {@code key} and {@code value} likewise (the same column for self-attention)
 * @param mask    the key-padding mask column, or null
 */
public record StagePlan(String stage, WeightsRef weights, Column query, Column key, Column value, Column mask,
                        Choices choices) implements Serializable {

    /** A column of the input rows: its index there and its name, for messages. */
    public record Column(int index, String name) implements Serializable {
    }

    /**
     * @param needWeights whether rows get the per-head attention weights appended after the output
     * @param batchSize   rows per forward
     * @param failOnNan   whether a NaN or infinite input value fails the task
     */
    public record Choices(boolean causal, boolean needWeights, int batchSize, boolean failOnNan)
            implements Serializable {
    }

    /** Key and value are one column (PyTorch projects them from one tensor). */
    boolean keyIsValue() {
        return key.index() == value.index();
    }

    /** Self-attention: query, key and value are one column. */
    boolean selfAttention() {
        return query.index() == key.index() && keyIsValue();
    }
}
