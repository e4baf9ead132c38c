package io.github.ffmblas.bench.jmh;

import io.github.ffmblas.attention.AttentionOptions;
import io.github.ffmblas.attention.MultiHeadAttention;
import io.github.ffmblas.attention.Tensor;
import io.github.ffmblas.attention.Workspace;
import io.github.ffmblas.bench.AttentionProblem;
import io.github.ffmblas.bench.Workload;
import io.github.ffmblas.bindings.Blas;
import java.lang.foreign.Arena;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The native attention forward at the benchmark shapes, allocation-free form (caller's output and workspace).
 * Run with {@code ./ffmblas jmh AttentionForward -prof gc} to see {@code gc.alloc.rate.norm} per forward.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "--add-modules=jdk.incubator.vector"})
@State(Scope.Thread)
public class AttentionForwardBenchmark {

    /** batch x seq x dModel x heads ('x', not ',': JMH splits -p values at commas). */
    @Param({"1x128x768x12", "1x512x768x12", "8x128x512x8", "1x2048x1024x16"})
    public String shape;

    @Param({"1", "2"})
    public int threads;

    @Param({"true", "false"})
    public boolean needWeights;

    private Workload workload;
    private Arena arena;
    private Workspace workspace;
    private MultiHeadAttention attention;
    private Tensor out;
    private Tensor weights;
    private AttentionOptions options;

    @Setup(Level.Trial)
    public void setUp() {
        String[] s = shape.split("[x,]");
        AttentionProblem p = new AttentionProblem(Integer.parseInt(s[0]), Integer.parseInt(s[1]),
                Integer.parseInt(s[1]), Integer.parseInt(s[2]), Integer.parseInt(s[3]));
        Blas.setNumThreads(1); // the workspace's team splits the forward, each product on one OpenBLAS thread
        workload = Workload.of(p, 42);
        arena = Arena.ofConfined();
        workspace = Workspace.create(threads);
        attention = new MultiHeadAttention(p.dModel(), p.heads(), workload.weights());
        out = Tensor.allocate(arena, p.batch(), p.queryLength(), p.dModel());
        weights = needWeights ? Tensor.allocate(arena, p.batch(), p.heads(), p.queryLength(), p.keyLength()) : null;
        options = AttentionOptions.DEFAULTS.withNeedWeights(needWeights);
    }

    @Benchmark
    public Tensor forward() {
        attention.forward(workload.query(), workload.key(), workload.key(), options, workspace, out, weights);
        return out;
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        workspace.close();
        arena.close();
        workload.close();
    }
}
