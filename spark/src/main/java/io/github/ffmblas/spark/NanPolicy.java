package io.github.ffmblas.spark;

/** What an {@link AttentionTransformer} does with a NaN or infinite input value. */
public enum NanPolicy {
    /** The default: the task fails with a message naming the row, the column and the position of the value. */
    FAIL,
    /**
     * Computed as given, the values checked by nobody: a NaN or infinity spreads through the outputs of its own row
     * only (rows of a batch never mix), as it would in PyTorch.
     */
    PROPAGATE
}
