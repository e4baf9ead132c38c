package io.github.ffmblas.attention.internal;

import io.github.ffmblas.attention.Gemm;
import java.lang.foreign.MemorySegment;

/**
 * The parallel loops of a forward on a workspace's {@link Team}: a projection split by output columns, and the
 * attention's items ({@link ForwardPlan#attendItem}). One instance per plan, its projection fields set for each
 * loop and cleared after it, so running the loops allocates nothing.
 *
 * <p>Every part is one single-threaded product on memory no other part writes: a projection part writes its own
 * output columns and reads only its own rows of W (the parts together pack the weights once, as one product
 * would, on a gemm that packs them per call); an attention item writes its own heads' Q columns and its thread's
 * logits.
 */
final class ForwardLoops implements Team.Task {
    /** A bound on {@link Gemm#partsPerThread}: more parts than this only add calls. */
    private static final int MAX_PARTS_PER_THREAD = 64;

    private final Scratch scratch;
    private final Team team;
    private final ForwardPlan plan;
    private boolean attending;

    private Gemm gemm;
    private Linear linear;
    private MemorySegment x;
    private MemorySegment y;
    private MemorySegment weight;
    /** Weights mapped from a file: a slice at each part's first row ({@link Linear#mappedParts}); null otherwise. */
    private MemorySegment[] weightParts;
    private MemorySegment bias;
    private long xAt;
    private int xld;
    private long yAt;
    private int yld;
    private int rows;
    private int width;

    ForwardLoops(Scratch scratch, ForwardPlan plan) {
        this.scratch = scratch;
        this.team = scratch.team();
        this.plan = plan;
    }

    /**
     * {@code y = x W^T + b} for {@code rows} rows, y's columns split among the team: {@link Gemm#partsPerThread}
     * parts per thread.
     */
    void project(Gemm gemm, Linear linear, int rows, MemorySegment x, long xAt, int xld, MemorySegment y, long yAt,
                 int yld) {
        int cols = linear.outFeatures();
        int split = team.size() * Math.clamp(gemm.partsPerThread(), 1, MAX_PARTS_PER_THREAD);
        // Whole 64-byte lines wide, so parts do not share a cache line of y.
        width = (int) Scratch.aligned((cols + split - 1) / split);
        this.gemm = gemm;
        this.linear = linear;
        this.rows = rows;
        this.x = scratch.lend(x);
        this.xAt = xAt;
        this.xld = xld;
        this.y = scratch.lend(y);
        this.yAt = yAt;
        this.yld = yld;
        this.weight = scratch.lend(linear.weight().segment());
        this.bias = scratch.lend(linear.bias().segment());
        int parts = (cols + width - 1) / width;
        // Mapped weights the helpers can use as they are (not confined to this thread, so not lent as a twin).
        this.weightParts = linear.mapped() && weight == linear.weight().segment() ? linear.mappedParts(width) : null;
        attending = false;
        try {
            team.run(this, parts);
        } finally {
            clear();
        }
    }

    /** The plan's {@code items} attention items, on the team. */
    void attend(int items) {
        attending = true;
        team.run(this, items);
    }

    @Override
    public void run(int item, int member) {
        if (attending) {
            plan.attendItem(item, member);
            return;
        }
        int from = item * width;
        int to = Math.min(linear.outFeatures(), from + width);
        if (weightParts == null) {
            linear.forwardColumns(gemm, rows, x, xAt, xld, y, yAt, yld, from, to, weight, linear.weightAt(from), bias);
        } else {
            linear.forwardColumns(gemm, rows, x, xAt, xld, y, yAt, yld, from, to, weightParts[item], 0, bias);
        }
    }

    /** Drops the loop's references, so the workspace does not keep the caller's memory reachable. */
    private void clear() {
        gemm = null;
        linear = null;
        x = y = weight = bias = null;
        weightParts = null;
    }
}
