package io.github.ffmblas.spark.internal;

import java.io.Serializable;

/**
 * What a task needs to run the stage over its partition, decided on the driver and shipped in the task's closure.
 *
 * @param stage       the stage's uid, for messages
 * @param weights     which model to use
 * @param queryIndex  field index of the query column in the input rows; likewise key, value, mask (-1: none)
 * @param needWeights whether rows get the per-head attention weights appended after the output
 * @param failOnNan   whether a NaN or infinite input value fails the task
 */
public record StagePlan(String stage, WeightsRef weights, int queryIndex, int keyIndex, int valueIndex, int maskIndex,
                        String queryCol, String keyCol, String valueCol, String maskCol, boolean causal,
                        boolean needWeights, int batchSize, boolean failOnNan) implements Serializable {

    /** Key and value are one column (PyTorch projects them from one tensor). */
    boolean keyIsValue() {
        return keyIndex == valueIndex;
    }

    /** Self-attention: query, key and value are one column. */
    boolean selfAttention() {
        return queryIndex == keyIndex && keyIsValue();
    }
}
