import io.github.ffmblas.bindings.*;
import java.lang.foreign.MemorySegment;
/** ns per call of small heap-array calls (the overlap test runs on every pair of heap operands). */
public class HeapCalls {
  static double sink;
  public static void main(String[] args) {
    float[] a = new float[64], b = new float[64], c = new float[64];
    double[] x = new double[8], y = new double[8];
    for (int i = 0; i < 64; i++) { a[i] = i; b[i] = 1; }
    for (int i = 0; i < 8; i++) { x[i] = i; y[i] = 1; }
    MemorySegment sa = MemorySegment.ofArray(a), sb = MemorySegment.ofArray(b), sc = MemorySegment.ofArray(c);
    MemorySegment sx = MemorySegment.ofArray(x), sy = MemorySegment.ofArray(y);
    Runnable gemm = () -> Blas.sgemm(Layout.ROW_MAJOR, Transpose.NO_TRANSPOSE, Transpose.NO_TRANSPOSE, 8, 8, 8, 1f, sa, 0, 8, sb, 0, 8, 0f, sc, 0, 8);
    Runnable axpy = () -> Blas.daxpy(8, 1e-9, sx, 0, 1, sy, 0, 1);
    Runnable dot = () -> sink += Blas.ddot(8, sx, 0, 1, sy, 0, 1);
    String[] names = {"sgemm 8", "daxpy 8", "ddot 8"};
    Runnable[] calls = {gemm, axpy, dot};
    double[][] t = new double[3][9];
    for (int round = 0; round < 12; round++) {
      for (int k = 0; k < 3; k++) {
        long t0 = System.nanoTime();
        for (int i = 0; i < 200_000; i++) calls[k].run();
        double ns = (System.nanoTime() - t0) / 200_000.0;
        if (round >= 3) t[k][round - 3] = ns;
      }
    }
    StringBuilder out = new StringBuilder();
    for (int k = 0; k < 3; k++) { java.util.Arrays.sort(t[k]); out.append(names[k]).append(String.format(" %.1f ns  ", t[k][4])); }
    System.out.println(out);
  }
}
