package io.github.ffmblas.spark.internal;

import java.util.concurrent.atomic.LongAdder;

/**
 * Where this JVM's attention tasks spent their time, summed over tasks: packing rows into tensors, the forwards,
 * and unpacking results into rows. Three {@code nanoTime} pairs per batch, so always on; the benchmark reads them
 * to split a Spark run's time between the attention, the conversion and Spark itself.
 */
public final class StageTimes {
    static final LongAdder PACK = new LongAdder();
    static final LongAdder FORWARD = new LongAdder();
    static final LongAdder UNPACK = new LongAdder();
    static final LongAdder ROWS = new LongAdder();

    private StageTimes() {
    }

    /** Totals since the JVM started, in nanoseconds (rows: a count). */
    public record Snapshot(long packNanos, long forwardNanos, long unpackNanos, long rows) {
        public Snapshot minus(Snapshot earlier) {
            return new Snapshot(packNanos - earlier.packNanos, forwardNanos - earlier.forwardNanos,
                    unpackNanos - earlier.unpackNanos, rows - earlier.rows);
        }
    }

    public static Snapshot snapshot() {
        return new Snapshot(PACK.sum(), FORWARD.sum(), UNPACK.sum(), ROWS.sum());
    }
}
