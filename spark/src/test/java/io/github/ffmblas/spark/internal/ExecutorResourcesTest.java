package io.github.ffmblas.spark.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ffmblas.attention.AttentionModel;
import io.github.ffmblas.spark.AttentionTransformer;
import io.github.ffmblas.spark.Sequences;
import io.github.ffmblas.spark.TestSpark;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.management.ObjectName;
import org.apache.spark.SparkException;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One model per JVM and weights file however many tasks run, and nothing native left behind by a task: after
 * partitions consumed to the end, cut short by a limit, or failed. Counted by the stage's own counters and by the
 * JVM's Native Memory Tracking (the module's test JVM runs with -XX:NativeMemoryTracking=summary).
 */
class ExecutorResourcesTest {
    private static final int D = 96;
    private static final int PARTITIONS = 48;
    @TempDir
    static Path dir;
    private static Path weights;
    private static SparkSession spark;

    @BeforeAll
    static void setUp() throws IOException {
        spark = TestSpark.session();
        weights = Sequences.randomWeights(dir, "resources.safetensors", D, "", 41);
    }

    /**
     * 2 rows of 96 positions per partition, made by the tasks themselves (no data in the task closures); with the
     * weights of 8 heads each task holds about 0.75 MB of buffers.
     */
    private static Dataset<Row> frame(int partitions, boolean withBadRow) {
        long last = 2L * partitions - 1;
        return spark.range(0, 2L * partitions, 1, partitions).selectExpr("cast(id as int) as id",
                "case when id = " + (withBadRow ? last : -1) + " then cast(array() as array<array<float>>)"
                        + " else array_repeat(array_repeat(cast(id % 7 / 7.0 as float), " + D + "), 96) end as q");
    }

    private static AttentionTransformer stage() {
        return new AttentionTransformer().setWeightsPath(weights.toString()).setHeads(8).setQueryCol("q")
                .setAttentionWeightsCol("w").setBatchSize(2);
    }

    private static long modelsOfThisFile() {
        return ExecutorModels.openModels().stream().filter(m -> m.name().equals("resources.safetensors")).count();
    }

    /** Tasks of a failed job may still be finishing when the job's failure reaches the driver. */
    private static void awaitNoTaskMemory() throws InterruptedException {
        for (int i = 0; i < 200 && BatchMemory.LIVE.get() != 0; i++) {
            Thread.sleep(50);
        }
        assertEquals(0, BatchMemory.LIVE.get(), "task memories still open");
        assertEquals(0, BatchMemory.LIVE_BYTES.get(), "task buffer bytes still held");
    }

    @Test
    void manyPartitionsShareOneModelAndLeaveNoNativeMemory() throws InterruptedException {
        int openedBefore = ExecutorModels.openedCount() - (int) modelsOfThisFile(); // another test may have opened it
        assertEquals(PARTITIONS, stage().transform(frame(PARTITIONS, false)).selectExpr("size(w)").collectAsList()
                .size() / 2);
        assertEquals(1, modelsOfThisFile(), "one model for this file in this JVM");
        assertEquals(openedBefore + 1, ExecutorModels.openedCount(), "opened once for 48 tasks on 2 threads");
        awaitNoTaskMemory();

        long nativeBefore = ffmNative();
        for (int round = 0; round < 3; round++) {
            stage().transform(frame(PARTITIONS, false)).selectExpr("size(w)").collectAsList();
            awaitNoTaskMemory();
        }
        long growth = ffmNative() - nativeBefore;
        // A leak of the buffers alone would be about 0.75 MB per task, 100 MB over these 144 tasks.
        assertTrue(nativeBefore < 0 || growth < 32L << 20, "native memory grew by " + (growth >> 20) + " MiB");
        assertEquals(openedBefore + 1, ExecutorModels.openedCount());
    }

    @Test
    void partitionsCutShortOrFailedFreeTheirMemory() throws InterruptedException {
        assertEquals(1, stage().transform(frame(8, false)).limit(1).collectAsList().size());
        awaitNoTaskMemory();
        SparkException e = assertThrows(SparkException.class,
                () -> stage().transform(frame(8, true)).collectAsList());
        assertTrue(e.getMessage().contains("is an empty sequence"), e.getMessage());
        awaitNoTaskMemory();
    }

    @Test
    void closedModelsAreReopenedByTheNextTask() {
        stage().transform(frame(2, false)).collectAsList();
        List<AttentionModel> before = ExecutorModels.openModels();
        int opened = ExecutorModels.openedCount();
        ExecutorModels.closeAll();
        assertTrue(before.stream().allMatch(AttentionModel::isClosed));
        assertEquals(0, ExecutorModels.openModels().size());
        stage().transform(frame(2, false)).collectAsList();
        assertEquals(opened + 1, ExecutorModels.openedCount());
        assertEquals(1, modelsOfThisFile());
    }

    private static final Pattern NMT_OTHER = Pattern.compile("^-\\s+Other \\(reserved=\\d+KB, committed=(\\d+)KB\\)",
            Pattern.MULTILINE);

    /** Committed bytes of NMT's "Other" category, where FFM arenas allocate; -1 without NMT. */
    private static long ffmNative() {
        try {
            String summary = (String) ManagementFactory.getPlatformMBeanServer().invoke(
                    new ObjectName("com.sun.management:type=DiagnosticCommand"), "vmNativeMemory",
                    new Object[] {new String[] {"summary"}}, new String[] {String[].class.getName()});
            Matcher m = NMT_OTHER.matcher(summary);
            return m.find() ? Long.parseLong(m.group(1)) * 1024 : -1;
        } catch (Exception e) {
            return -1;
        }
    }
}
