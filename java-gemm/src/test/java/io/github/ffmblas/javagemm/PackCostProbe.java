package io.github.ffmblas.javagemm;

import io.github.ffmblas.attention.Gemm;
import io.github.ffmblas.bindings.Blas;
import io.github.ffmblas.bindings.Transpose;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
/**
 * What packing B costs VectorGemm at the L = 128 forward's fused Q/K/V projection (A [128, 768] times W^T, W
 * [2304, 768]), against OpenBLAS in the same JVM, one thread: the best of repeated products with M = 6 and
 * M = 128 rows. The time that does not grow with M is packing B, which a pack-once GEMM (issue 17's lever 2, as
 * ONNX Runtime's MLAS does it) would save on every call. Run (class path from the bench jar):
 * {@code java --enable-native-access=ALL-UNNAMED --add-modules jdk.incubator.vector -cp
 * bench/target/ffmblas.jar:java-gemm/target/test-classes io.github.ffmblas.javagemm.PackCostProbe}.
 */
public final class PackCostProbe {
    private PackCostProbe() {}

  private static double time(Gemm g, int m, int n, int k, MemorySegment a, MemorySegment b, MemorySegment c, int reps) {
    long best = Long.MAX_VALUE;
    for (int r = 0; r < reps; r++) {
      long t0 = System.nanoTime();
      g.multiply(Transpose.TRANSPOSE, m, n, k, 1f, a, 0, k, b, 0, k, 0f, c, 0, n);
      best = Math.min(best, System.nanoTime() - t0);
    }
    return best / 1e6;
  }
  public static void main(String[] x) {
    Blas.setNumThreads(1);
    int n = 2304, k = 768;
    try (Arena ar = Arena.ofConfined(); VectorGemm v = new VectorGemm(1)) {
      MemorySegment a = ar.allocate(4L*128*k, 64), b = ar.allocate(4L*n*k, 64), c = ar.allocate(4L*128*n, 64);
      for (long i = 0; i < a.byteSize()/4; i++) a.setAtIndex(ValueLayout.JAVA_FLOAT, i, (i%7)*0.1f);
      for (long i = 0; i < b.byteSize()/4; i++) b.setAtIndex(ValueLayout.JAVA_FLOAT, i, (i%5)*0.1f);
      for (int round = 0; round < 4; round++) {
        double v6 = time(v, 6, n, k, a, b, c, 20), v128 = time(v, 128, n, k, a, b, c, 10);
        double o6 = time(Gemm.NATIVE, 6, n, k, a, b, c, 20), o128 = time(Gemm.NATIVE, 128, n, k, a, b, c, 10);
        double per = (v128 - v6) / 122, pack = v6 - 6 * per;
        System.out.printf("vector m=6 %.3f m=128 %.3f ms (per row %.4f, pack ~%.3f ms = %.0f%% of m=128); openblas m=6 %.3f m=128 %.3f ms; vector w/o pack / openblas %.2f%n",
            v6, v128, per, pack, 100*pack/v128, o6, o128, (v128 - pack)/o128);
      }
    }
  }
}
