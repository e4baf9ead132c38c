package io.github.ffmblas.attention;

import java.lang.foreign.MemorySegment;

/**
 * The parallel loops of a forward on a {@link Workspace}'s {@link Team}: a projection split by output columns,
 * and the attention split into (batch row, group of heads, tile of query rows) items. One instance per workspace,
 * its fields set for each loop and cleared after it, so running the loops allocates nothing.
 *
 * <p>Fields hold offsets and leading dimensions rather than views: a view stored here would escape, and a forward
 * would allocate it.
 *
 * <p>Every part is one single-threaded product on memory no other part writes: a projection part writes its own
 * output columns and reads only its own rows of W (the parts together pack the weights once, as one product
 * would); an attention item writes its own heads' Q columns and its thread's logits.
 */
final class ForwardLoops implements Team.Task {
    private final Workspace workspace;
    private final Team team;
    private boolean attending;

    private Gemm gemm;
    private Linear linear;
    private MemorySegment x;
    private MemorySegment y;
    private MemorySegment weight;
    private MemorySegment bias;
    private long xAt;
    private int xld;
    private long yAt;
    private int yld;
    private int rows;
    private int width;

    private MultiHeadAttention attention;
    private int group;
    private int tileRows;
    private int lq;
    private int lk;
    private boolean needWeights;
    private MemorySegment scratch;
    private MemorySegment scores;
    private MemorySegment additive;
    private MemorySegment hidden;
    private MemorySegment padding;
    private long qAt;
    private int qld;
    private long kAt;
    private int kld;
    private long vAt;
    private int vld;
    private long scoresAt;
    private long perThread;
    private boolean causal;

    ForwardLoops(Workspace workspace, Team team) {
        this.workspace = workspace;
        this.team = team;
    }

    /** {@code y = x W^T + b} for {@code rows} rows, y's columns split among the team, one part per thread. */
    void project(Gemm gemm, Linear linear, int rows, MemorySegment x, long xAt, int xld, MemorySegment y, long yAt,
                 int yld) {
        int cols = linear.outFeatures();
        // Whole 64-byte lines wide, so parts do not share a cache line of y.
        width = (int) Workspace.aligned((cols + team.size() - 1) / team.size());
        this.gemm = gemm;
        this.linear = linear;
        this.rows = rows;
        this.x = workspace.lend(x);
        this.xAt = xAt;
        this.xld = xld;
        this.y = workspace.lend(y);
        this.yAt = yAt;
        this.yld = yld;
        this.weight = workspace.lend(linear.weight().segment());
        this.bias = workspace.lend(linear.bias().segment());
        attending = false;
        try {
            team.run(this, (cols + width - 1) / width);
        } finally {
            clear();
        }
    }

    /** Every attention item of a forward, on the team; {@code scores} and the masks are as the caller has them. */
    void attend(MultiHeadAttention attention, int items, int group, int tileRows, int lq, int lk, boolean needWeights,
                MemorySegment scratch, long qAt, int qld, long kAt, int kld, long vAt, int vld, MemorySegment scores,
                long scoresAt, long perThread, boolean causal, MemorySegment additive, MemorySegment hidden,
                MemorySegment padding) {
        this.attention = attention;
        this.group = group;
        this.tileRows = tileRows;
        this.lq = lq;
        this.lk = lk;
        this.needWeights = needWeights;
        this.scratch = scratch;
        this.qAt = qAt;
        this.qld = qld;
        this.kAt = kAt;
        this.kld = kld;
        this.vAt = vAt;
        this.vld = vld;
        this.scores = workspace.lend(scores);
        this.scoresAt = scoresAt;
        this.perThread = perThread;
        this.causal = causal;
        this.additive = workspace.lend(additive);
        this.hidden = workspace.lend(hidden);
        this.padding = workspace.lend(padding);
        attending = true;
        try {
            team.run(this, items);
        } finally {
            clear();
        }
    }

    @Override
    public void run(int item, int member) {
        if (attending) {
            attention.attendItem(item, group, tileRows, lq, lk, needWeights, scratch, qAt, qld, kAt, kld, vAt, vld,
                    scores, scoresAt + member * perThread, causal, additive, hidden, padding);
            return;
        }
        int from = item * width;
        linear.forwardColumns(gemm, rows, x, xAt, xld, y, yAt, yld, from,
                Math.min(linear.outFeatures(), from + width), weight, bias);
    }

    /** Drops the loop's references, so the workspace does not keep the caller's memory reachable. */
    private void clear() {
        gemm = null;
        linear = null;
        x = y = weight = bias = null;
        attention = null;
        scratch = scores = additive = hidden = padding = null;
    }
}
