package io.github.ffmblas.attention;

import java.util.Arrays;

/**
 * Per-call choices of a step over a {@link KeyValueCache}: how many of the step's rows each batch item takes
 * (ragged batches) and whether the attention weights are returned. Immutable; make it once and reuse it, so a step
 * allocates nothing.
 */
public final class StepOptions {
    /** Every item takes all the step's rows; attention weights not returned. */
    public static final StepOptions DEFAULTS = new StepOptions(null, false);

    private final int[] tokens;
    private final boolean needWeights;

    private StepOptions(int[] tokens, boolean needWeights) {
        this.tokens = tokens;
        this.needWeights = needWeights;
    }

    /**
     * Item {@code b} takes the first {@code tokens[b]} rows of the step's inputs (0 to the step's row count; 0 leaves
     * the item as it is); the rows past them are padding: they are not cached, and their output (and attention
     * weights) rows are written as 0. The array is copied; {@code null} means every item takes every row.
     */
    public StepOptions withTokens(int... tokens) {
        if (tokens != null) {
            for (int b = 0; b < tokens.length; b++) {
                if (tokens[b] < 0) {
                    throw new IllegalArgumentException("tokens[" + b + "] is " + tokens[b] + ": must be >= 0");
                }
            }
        }
        return new StepOptions(tokens == null ? null : tokens.clone(), needWeights);
    }

    /** True: the step writes the attention weights of its rows, per head, into the tensor it is given. */
    public StepOptions withNeedWeights(boolean value) {
        return new StepOptions(tokens, value);
    }

    public boolean needWeights() {
        return needWeights;
    }

    /** Whether per-item token counts were given. */
    public boolean hasTokens() {
        return tokens != null;
    }

    /** How many of {@code rows} step rows item {@code item} takes. */
    public int tokens(int item, int rows) {
        return tokens == null ? rows : tokens[item];
    }

    /** The per-item counts' length (the batch they were given for), or -1 when none were given. */
    int tokenItems() {
        return tokens == null ? -1 : tokens.length;
    }

    @Override
    public String toString() {
        return "StepOptions[tokens=" + (tokens == null ? "all" : Arrays.toString(tokens)) + ", needWeights="
                + needWeights + "]";
    }
}
