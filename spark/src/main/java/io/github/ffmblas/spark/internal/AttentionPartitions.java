package io.github.ffmblas.spark.internal;

import java.util.Collections;
import java.util.Iterator;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.sql.Row;
import org.apache.spark.util.TaskCompletionListener;

/**
 * The function each task runs over its partition: a {@link PartitionRun} on this JVM's model, whose native memory
 * the task's completion listener frees however the task ends (input consumed, a downstream {@code limit} that
 * stopped early, a failure, a kill). Spark runs the listener on the task's own thread, the one that owns the memory.
 */
public final class AttentionPartitions implements MapPartitionsFunction<Row, Row> {
    private static final long serialVersionUID = 1L;
    private final StagePlan plan;

    public AttentionPartitions(StagePlan plan) {
        this.plan = plan;
    }

    @Override
    public Iterator<Row> call(Iterator<Row> rows) {
        if (!rows.hasNext()) {
            return Collections.emptyIterator(); // no model opened for an empty partition
        }
        TaskContext task = TaskContext.get();
        int partition = task == null ? -1 : task.partitionId();
        int threads = task == null ? 1 : Math.max(1, task.cpus());
        PartitionRun run = new PartitionRun(plan, rows, partition, threads);
        if (task != null) {
            task.addTaskCompletionListener((TaskCompletionListener) context -> run.close());
        }
        return run;
    }
}
