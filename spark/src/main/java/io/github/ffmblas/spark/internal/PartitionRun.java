package io.github.ffmblas.spark.internal;

import io.github.ffmblas.attention.AttentionModel;
import io.github.ffmblas.attention.AttentionOptions;
import io.github.ffmblas.attention.DType;
import io.github.ffmblas.attention.Tensor;
import io.github.ffmblas.attention.Workspace;
import io.github.ffmblas.spark.internal.BatchMemory.Role;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.Iterator;
import java.util.NoSuchElementException;
import org.apache.spark.SparkRuntimeException;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;

/**
 * One task's pass over its partition: reads {@code batchSize} rows at a time, checks them, packs them into one
 * {@code [batch, seq, d_model]} forward (shorter sequences padded with zeros, their padding keys masked) and hands
 * out the rows with the output (and the weights) appended, in their order. The batch memory is freed when the
 * input ends and, whatever happens, when the task completes ({@link #close()}).
 *
 * <p>Padding rather than grouping by length: the forward takes one length per batch, and padded keys under a
 * key-padding mask weigh exactly 0, so a padded row's result is its own (up to the order of float additions).
 * Grouping would need as many forwards as there are lengths in a batch and reorder rows; docs/spark.md has the
 * measurement.
 */
final class PartitionRun implements Iterator<Row>, AutoCloseable {
    private static final ValueLayout.OfFloat FLOAT =
            ValueLayout.JAVA_FLOAT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private final StagePlan plan;
    private final Iterator<Row> input;
    private final int partition;
    private final AttentionModel model;
    private final int dModel;
    private final int heads;
    private final BatchMemory memory;

    private final Row[] rows;
    private final float[][][] queries;
    private final float[][][] keys;
    private final float[][][] values;
    private final boolean[][] masks;
    private final Row[] results;
    private int resultCount;
    private int resultNext;
    /** Index in the partition of the next input row (0-based), for messages. */
    private long rowIndex;
    private boolean inputDone;

    PartitionRun(StagePlan plan, Iterator<Row> input, int partition, int threads) {
        this.plan = plan;
        this.input = input;
        this.partition = partition;
        this.model = ExecutorModels.get(plan.weights());
        this.dModel = model.dModel();
        this.heads = model.numHeads();
        this.memory = new BatchMemory(threads);
        int n = plan.choices().batchSize();
        rows = new Row[n];
        queries = new float[n][][];
        keys = new float[n][][];
        values = new float[n][][];
        masks = new boolean[n][];
        results = new Row[n];
    }

    @Override
    public boolean hasNext() {
        if (resultNext < resultCount) {
            return true;
        }
        if (!inputDone) {
            runBatch();
        }
        return resultNext < resultCount;
    }

    @Override
    public Row next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        Row r = results[resultNext];
        results[resultNext++] = null;
        return r;
    }

    /** Reads up to a batch of rows and runs them; at the end of the input frees the memory. */
    private void runBatch() {
        resultCount = 0;
        resultNext = 0;
        int n = 0;
        while (n < rows.length && nextInput(n)) {
            n++;
        }
        if (n > 0) {
            forward(n);
        }
        if (inputDone) {
            close();
        }
    }

    /** Reads and checks the next row into slot {@code b}; false at the end of the input. */
    private boolean nextInput(int b) {
        Row row;
        try {
            if (!input.hasNext()) {
                inputDone = true;
                return false;
            }
            row = input.next();
        } catch (SparkRuntimeException e) {
            if ("NOT_NULL_ASSERT_VIOLATION".equals(e.getCondition())) { // a null float: Spark's deserializer says so
                throw bad(rowIndex, "a null value inside a sequence or mask (columns " + columns() + ")", e);
            }
            throw e;
        }
        long index = rowIndex++;
        float[][] q = sequence(row, plan.query().index(), plan.query().name(), index);
        float[][] k = plan.key().index() == plan.query().index() ? q : sequence(row, plan.key().index(), plan.key().name(), index);
        float[][] v = plan.keyIsValue() ? k : sequence(row, plan.value().index(), plan.value().name(), index);
        if (v.length != k.length) {
            throw bad(index, "key '" + plan.key().name() + "' has " + k.length + " positions, value '" + plan.value().name()
                    + "' has " + v.length + "; they must be equal", null);
        }
        boolean[] mask = null;
        if (plan.mask() != null) {
            mask = mask(row, k.length, index);
        }
        rows[b] = row;
        queries[b] = q;
        keys[b] = k;
        values[b] = v;
        masks[b] = mask;
        return true;
    }

    private String columns() {
        return "'" + plan.query().name() + "'" + (plan.selfAttention() ? "" : ", '" + plan.key().name() + "', '"
                + plan.value().name() + "'") + (plan.mask() == null ? "" : ", '" + plan.mask().name() + "'");
    }

    private float[][] sequence(Row row, int field, String column, long index) {
        Object o = row.get(field);
        if (o == null) {
            throw bad(index, "column '" + column + "' is null", null);
        }
        float[][] s = (float[][]) o;
        if (s.length == 0) {
            throw bad(index, "column '" + column + "' is an empty sequence", null);
        }
        for (int i = 0; i < s.length; i++) {
            float[] position = s[i];
            if (position == null) {
                throw bad(index, "column '" + column + "' position " + i + " is null", null);
            }
            if (position.length != dModel) {
                throw bad(index, "column '" + column + "' position " + i + " has " + position.length
                        + " values, the model's d_model is " + dModel, null);
            }
            if (plan.choices().failOnNan()) {
                for (int j = 0; j < position.length; j++) {
                    if (!Float.isFinite(position[j])) {
                        throw bad(index, "column '" + column + "' position " + i + " value " + j + " is "
                                + position[j] + " (NanPolicy.FAIL; NanPolicy.PROPAGATE computes it as it is)", null);
                    }
                }
            }
        }
        return s;
    }

    private boolean[] mask(Row row, int keyLength, long index) {
        Object o = row.get(plan.mask().index());
        if (o == null) {
            throw bad(index, "mask column '" + plan.mask().name() + "' is null", null);
        }
        boolean[] mask = (boolean[]) o;
        if (mask.length != keyLength) {
            throw bad(index, "mask column '" + plan.mask().name() + "' has " + mask.length + " entries, the key has "
                    + keyLength + " positions", null);
        }
        for (boolean m : mask) {
            if (!m) {
                return mask;
            }
        }
        throw bad(index, "mask column '" + plan.mask().name() + "' masks every key: the attention is undefined (NaN)",
                null);
    }

    private IllegalArgumentException bad(long index, String problem, Throwable cause) {
        return new IllegalArgumentException("AttentionTransformer " + plan.stage() + ": partition " + partition
                + ", row " + index + ": " + problem, cause);
    }

    /** One forward over slots {@code 0..n-1}, then the result rows. */
    private void forward(int n) {
        int lq = 0;
        int lk = 0;
        boolean masked = false;
        for (int b = 0; b < n; b++) {
            lq = Math.max(lq, queries[b].length);
            lk = Math.max(lk, keys[b].length);
            masked |= masks[b] != null;
        }
        for (int b = 0; b < n && !masked; b++) {
            masked = keys[b].length != lk;
        }
        long rowBytes = (long) dModel * Float.BYTES;
        long qBytes = (long) n * lq * rowBytes;
        long kBytes = (long) n * lk * rowBytes;
        boolean crossKey = !plan.selfAttention();
        boolean crossValue = crossKey && !plan.keyIsValue();
        memory.reserve(new long[] {
            qBytes,
            crossKey ? kBytes : 0,
            crossValue ? kBytes : 0,
            masked ? (long) n * lk : 0,
            qBytes,
            plan.choices().needWeights() ? (long) n * heads * lq * lk * Float.BYTES : 0});

        long start = System.nanoTime();
        Tensor query = memory.tensor(Role.QUERY, n, lq, dModel);
        pack(queries, n, lq, query.segment());
        Tensor key = query;
        Tensor value = query;
        if (crossKey) {
            key = memory.tensor(Role.KEY, n, lk, dModel);
            pack(keys, n, lk, key.segment());
            value = key;
            if (crossValue) {
                value = memory.tensor(Role.VALUE, n, lk, dModel);
                pack(values, n, lk, value.segment());
            }
        }
        AttentionOptions options = new AttentionOptions(plan.choices().causal(), null, null, plan.choices().needWeights());
        if (masked) {
            Tensor mask = memory.tensor(Role.MASK, DType.BOOL, n, lk);
            packMask(n, lk, mask.segment());
            options = options.withKeyPaddingMask(mask);
        }
        Tensor out = memory.tensor(Role.OUTPUT, n, lq, dModel);
        Tensor weights = plan.choices().needWeights() ? memory.tensor(Role.WEIGHTS, n, heads, lq, lk) : null;
        Workspace workspace = memory.workspace();
        long packed = System.nanoTime();
        model.forward(query, key, value, options, workspace, out, weights);
        long computed = System.nanoTime();
        for (int b = 0; b < n; b++) {
            results[b] = result(b, lq, lk, out.segment(), weights == null ? null : weights.segment());
            rows[b] = null;
            queries[b] = keys[b] = values[b] = null;
            masks[b] = null;
        }
        resultCount = n;
        StageTimes.PACK.add(packed - start);
        StageTimes.FORWARD.add(computed - packed);
        StageTimes.UNPACK.add(System.nanoTime() - computed);
        StageTimes.ROWS.add(n);
    }

    /** Sequences into {@code [n, length, d_model]}, the positions past each one's end zeroed. */
    private void pack(float[][][] sequences, int n, int length, MemorySegment dst) {
        long rowBytes = (long) dModel * Float.BYTES;
        for (int b = 0; b < n; b++) {
            float[][] s = sequences[b];
            long base = (long) b * length * rowBytes;
            for (int i = 0; i < s.length; i++) {
                MemorySegment.copy(s[i], 0, dst, FLOAT, base + i * rowBytes, dModel);
            }
            if (s.length < length) {
                // Zeros, not last batch's values: a NaN left there would turn the masked keys' 0 weights into NaN.
                dst.asSlice(base + s.length * rowBytes, (length - s.length) * rowBytes).fill((byte) 0);
            }
        }
    }

    /** The key-padding mask {@code [n, lk]}: the row's own mask, and true past its keys' end. */
    private void packMask(int n, int lk, MemorySegment dst) {
        for (int b = 0; b < n; b++) {
            boolean[] own = masks[b];
            int length = keys[b].length;
            long base = (long) b * lk;
            for (int j = 0; j < lk; j++) {
                boolean m = j >= length || (own != null && own[j]);
                dst.set(ValueLayout.JAVA_BYTE, base + j, m ? (byte) 1 : (byte) 0);
            }
        }
    }

    private Row result(int b, int lq, int lk, MemorySegment out, MemorySegment weights) {
        int q = queries[b].length;
        int k = keys[b].length;
        long rowBytes = (long) dModel * Float.BYTES;
        float[][] o = new float[q][dModel];
        long base = (long) b * lq * rowBytes;
        for (int i = 0; i < q; i++) {
            MemorySegment.copy(out, FLOAT, base + i * rowBytes, o[i], 0, dModel);
        }
        Row row = rows[b];
        int width = row.length();
        Object[] fields = new Object[width + (weights == null ? 1 : 2)];
        for (int f = 0; f < width; f++) {
            fields[f] = row.get(f);
        }
        fields[width] = o;
        if (weights != null) {
            float[][][] w = new float[heads][q][k];
            for (int h = 0; h < heads; h++) {
                long headBase = ((long) b * heads + h) * lq * lk * Float.BYTES;
                for (int i = 0; i < q; i++) {
                    MemorySegment.copy(weights, FLOAT, headBase + (long) i * lk * Float.BYTES, w[h][i], 0, k);
                }
            }
            fields[width + 1] = w;
        }
        return RowFactory.create(fields);
    }

    /** Frees the task's native memory; again does nothing. */
    @Override
    public void close() {
        inputDone = true;
        memory.close();
    }
}
