package io.github.ffmblas.bench.blas;

import dev.ludovic.netlib.blas.JavaBLAS;
import io.github.ffmblas.bench.impl.SegmentDoublePointer;
import io.github.ffmblas.bench.impl.SegmentFloatPointer;
import io.github.ffmblas.bindings.Blas;
import io.github.ffmblas.bindings.ComplexDouble;
import io.github.ffmblas.bindings.Diag;
import io.github.ffmblas.bindings.Layout;
import io.github.ffmblas.bindings.Side;
import io.github.ffmblas.bindings.Transpose;
import io.github.ffmblas.bindings.Uplo;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.bytedeco.javacpp.DoublePointer;
import org.bytedeco.javacpp.FloatPointer;
import org.bytedeco.javacpp.Pointer;
import org.bytedeco.openblas.global.openblas_nolapack;

/**
 * One BLAS routine at one size n, on one set of operands, callable along each path of the suite: {@code ffmblas}
 * (native segments through {@link Blas}), {@code ffmblas-heap} (heap segments over the arrays, through {@link Blas}),
 * {@code raw} and {@code raw-heap} (the same cblas symbol through a bare critical downcall, {@link RawDowncalls}, on
 * the very memory of {@code ffmblas} and of {@code ffmblas-heap}: the floor those two are read against), {@code jni}
 * (JavaCPP's {@code cblas_*} on the very native memory of the {@code ffmblas} path) and {@code java} (netlib's
 * pure-Java BLAS on the very arrays of the {@code ffmblas-heap} path). Both memories start from the same
 * numbers ({@link #reset}), which {@link #writeOperands} also hands to the C harness.
 *
 * <p>Every path makes the same call: column-major (netlib's convention, so the Fortran-style call has the very same
 * arguments), unit increments, leading dimension n; vectors of n, n x n matrices, level 3 n x n x n. gemv and gemm
 * NoTrans, beta 0; syrk Lower, NoTrans, k = n, beta 0; trsv and trsm Lower, NoTrans, NonUnit (trsm Left).
 *
 * <p>Each path's loop is its own method in each routine's own class, so C2 compiles every loop for one call site:
 * a loop shared by the routines would make its call megamorphic and add a virtual call to the nanoseconds measured.
 *
 * <p>Routines that update an operand (axpy, ger, trsv, trsm) do so again on every call of a batch. So that the numbers
 * stay ordinary (no overflow, no subnormals to slow one batch down) however many calls run, axpy and ger add
 * {@code alpha = 1e-3} times their input, and the triangular matrix of trsv and trsm is an involution (A·A = I: a
 * diagonal of alternating +1/-1 and off-diagonal entries only from odd columns to even rows, see
 * {@link #involution}), so that successive solves swing between two vectors. Its strict upper triangle holds numbers
 * no Lower solve may read.
 */
abstract class BlasCase implements AutoCloseable {
    /** netlib's pure-Java BLAS (VectorBLAS when the Vector API module is present, else Java11BLAS). */
    static final JavaBLAS J = JavaBLAS.getInstance();
    static final int COL = openblas_nolapack.CblasColMajor;
    static final int NO_TRANS = openblas_nolapack.CblasNoTrans;
    static final int LOWER = openblas_nolapack.CblasLower;
    static final int NON_UNIT = openblas_nolapack.CblasNonUnit;
    static final int LEFT = openblas_nolapack.CblasLeft;

    /**
     * A routine of the suite.
     *
     * @param operands the operands it reads, by letter: a, b, c are n x n matrices, x and y vectors of n
     * @param outputs  those it writes; none for the routines that return a number
     * @param alpha    the alpha of every call (the C harness is given the same)
     */
    record Spec(String name, int level, boolean isDouble, boolean complex, String operands, String outputs,
                double alpha, Factory factory) {
        boolean hasJava() {
            return !complex;
        }

        boolean returnsIndex() {
            return name.startsWith("i");
        }

        String precision() {
            return complex ? "complex double" : isDouble ? "double" : "float";
        }
    }

    interface Factory {
        BlasCase create(Spec spec, int n, long seed);
    }

    static final List<Spec> SPECS = List.of(
            new Spec("sdot", 1, false, false, "xy", "", 1, Sdot::new),
            new Spec("ddot", 1, true, false, "xy", "", 1, Ddot::new),
            new Spec("saxpy", 1, false, false, "xy", "y", 1e-3, Saxpy::new),
            new Spec("daxpy", 1, true, false, "xy", "y", 1e-3, Daxpy::new),
            new Spec("snrm2", 1, false, false, "x", "", 1, Snrm2::new),
            new Spec("dnrm2", 1, true, false, "x", "", 1, Dnrm2::new),
            new Spec("isamax", 1, false, false, "x", "", 1, Isamax::new),
            new Spec("idamax", 1, true, false, "x", "", 1, Idamax::new),
            new Spec("sgemv", 2, false, false, "axy", "y", 1, Sgemv::new),
            new Spec("dgemv", 2, true, false, "axy", "y", 1, Dgemv::new),
            new Spec("sger", 2, false, false, "xya", "a", 1e-3, Sger::new),
            new Spec("dger", 2, true, false, "xya", "a", 1e-3, Dger::new),
            new Spec("strsv", 2, false, false, "ax", "x", 1, Strsv::new),
            new Spec("dtrsv", 2, true, false, "ax", "x", 1, Dtrsv::new),
            new Spec("sgemm", 3, false, false, "abc", "c", 1, Sgemm::new),
            new Spec("dgemm", 3, true, false, "abc", "c", 1, Dgemm::new),
            new Spec("ssyrk", 3, false, false, "ac", "c", 1, Ssyrk::new),
            new Spec("dsyrk", 3, true, false, "ac", "c", 1, Dsyrk::new),
            new Spec("strsm", 3, false, false, "ab", "b", 1, Strsm::new),
            new Spec("dtrsm", 3, true, false, "ab", "b", 1, Dtrsm::new),
            new Spec("zgemm", 3, true, true, "abc", "c", 1, Zgemm::new));

    static Spec spec(String name) {
        return SPECS.stream().filter(s -> s.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown routine '" + name + "'"));
    }

    final Spec spec;
    final int n;
    final double alpha;
    private final Arena arena = Arena.ofConfined();
    private final Object[] pristine = new Object[26];
    private final MemorySegment[] segments = new MemorySegment[26];
    private final Object[] arrays = new Object[26];
    private final MemorySegment[] heapSegments = new MemorySegment[26];
    private final Pointer[] pointers = new Pointer[26];
    /** What the last batch returned (the sum of its results, for the routines that return one). */
    double sink;

    BlasCase(Spec spec, int n, long seed) {
        this.spec = spec;
        this.n = n;
        this.alpha = spec.alpha();
        Random random = new Random(seed * 31 + spec.name().hashCode() * 1_000_003L + n);
        for (char op : spec.operands().toCharArray()) {
            int i = op - 'a';
            int length = length(op);
            double[] values = op == 'a' && (spec.name().endsWith("trsv") || spec.name().endsWith("trsm"))
                    ? involution(n, random) : uniform(length, random);
            long bytes;
            if (spec.isDouble()) {
                pristine[i] = values;
                arrays[i] = values.clone();
                bytes = (long) length * Double.BYTES;
            } else {
                float[] f = new float[length];
                for (int k = 0; k < length; k++) {
                    f[k] = (float) values[k];
                }
                pristine[i] = f;
                arrays[i] = f.clone();
                bytes = (long) length * Float.BYTES;
            }
            segments[i] = arena.allocate(bytes, 64);
            heapSegments[i] = spec.isDouble() ? MemorySegment.ofArray((double[]) arrays[i])
                    : MemorySegment.ofArray((float[]) arrays[i]);
            pointers[i] = spec.isDouble() ? new SegmentDoublePointer(segments[i])
                    : new SegmentFloatPointer(segments[i]);
        }
        reset();
    }

    /** Stored numbers in operand {@code op}: n for a vector, n x n for a matrix, twice that for complex. */
    final int length(char op) {
        int count = op == 'x' || op == 'y' ? n : Math.multiplyExact(n, n);
        return spec.complex() ? Math.multiplyExact(count, 2) : count;
    }

    private static double[] uniform(int length, Random random) {
        double[] v = new double[length];
        for (int i = 0; i < length; i++) {
            v[i] = random.nextDouble() * 2 - 1;
        }
        return v;
    }

    /**
     * A column-major lower-triangular L with L·L = I: diagonal d_i = +1 for even i, -1 for odd i, and L_ij (i > j)
     * non-zero only for even i and odd j. With D the diagonal and N the rest, L·L = D² + (DN + ND) + N² where
     * (DN + ND)_ij = (d_i + d_j) N_ij = 0 and N² = 0 (N maps odd indices to even ones only). The strict upper triangle
     * holds numbers a Lower solve must not read.
     */
    static double[] involution(int n, Random random) {
        double[] a = new double[n * n];
        double scale = 1 / Math.sqrt(n);
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < n; i++) {
                double v;
                if (i == j) {
                    v = i % 2 == 0 ? 1 : -1;
                } else if (i > j) {
                    v = i % 2 == 0 && j % 2 == 1 ? (random.nextDouble() * 2 - 1) * scale : 0;
                } else {
                    v = random.nextDouble() * 2 - 1;
                }
                a[j * n + i] = v;
            }
        }
        return a;
    }

    /** Puts the pristine numbers back into both memories (native and heap). */
    final void reset() {
        for (char op : spec.operands().toCharArray()) {
            int i = op - 'a';
            MemorySegment source = spec.isDouble() ? MemorySegment.ofArray((double[]) pristine[i])
                    : MemorySegment.ofArray((float[]) pristine[i]);
            MemorySegment.copy(source, 0, segments[i], 0, source.byteSize());
            System.arraycopy(pristine[i], 0, arrays[i], 0, length(op));
        }
    }

    /** Writes each operand's pristine numbers to {@code dir/<letter>.bin}, raw little-endian, for the C harness. */
    final void writeOperands(Path dir) throws IOException {
        if (ByteOrder.nativeOrder() != ByteOrder.LITTLE_ENDIAN) {
            throw new IOException("the C harness reads little-endian numbers; this machine is big-endian");
        }
        for (char op : spec.operands().toCharArray()) {
            Object p = pristine[op - 'a'];
            MemorySegment s = p instanceof double[] d ? MemorySegment.ofArray(d) : MemorySegment.ofArray((float[]) p);
            Files.write(dir.resolve(op + ".bin"), s.toArray(ValueLayout.JAVA_BYTE));
        }
    }

    /** Operand {@code op} as the native paths ({@code heap} false) or the heap paths left it. */
    final double[] output(char op, boolean heap) {
        int i = op - 'a';
        MemorySegment s = heap ? heapSegments[i] : segments[i];
        return spec.isDouble() ? s.toArray(ValueLayout.JAVA_DOUBLE)
                : toDoubles(s.toArray(ValueLayout.JAVA_FLOAT));
    }

    /** Operand {@code op} as the C harness wrote it to {@code dir/<letter>.out}. */
    final double[] output(char op, Path dir) throws IOException {
        MemorySegment s = MemorySegment.ofArray(Files.readAllBytes(dir.resolve(op + ".out")));
        if (s.byteSize() != (long) length(op) * (spec.isDouble() ? Double.BYTES : Float.BYTES)) {
            throw new IOException(dir.resolve(op + ".out") + " holds " + s.byteSize() + " bytes");
        }
        return spec.isDouble() ? s.toArray(ValueLayout.JAVA_DOUBLE.withByteAlignment(1))
                : toDoubles(s.toArray(ValueLayout.JAVA_FLOAT.withByteAlignment(1)));
    }

    private static double[] toDoubles(float[] f) {
        double[] d = new double[f.length];
        for (int i = 0; i < f.length; i++) {
            d[i] = f[i];
        }
        return d;
    }

    final MemorySegment seg(char op) {
        return segments[op - 'a'];
    }

    /** The address of operand {@code op}'s native memory, for the {@code raw} path. */
    final long addr(char op) {
        return segments[op - 'a'].address();
    }

    final MemorySegment hseg(char op) {
        return heapSegments[op - 'a'];
    }

    final FloatPointer fp(char op) {
        return (FloatPointer) pointers[op - 'a'];
    }

    final DoublePointer dp(char op) {
        return (DoublePointer) pointers[op - 'a'];
    }

    final float[] fa(char op) {
        return (float[]) arrays[op - 'a'];
    }

    final double[] da(char op) {
        return (double[]) arrays[op - 'a'];
    }

    /** Native memory that lives as long as this case. */
    final MemorySegment allocate(long bytes) {
        return arena.allocate(bytes, 64);
    }

    /** {@code calls} calls along a Java-side path ({@code c} runs in the harness). */
    final void run(BlasSuite.PathKind path, int calls) {
        switch (path) {
            case FFMBLAS -> ffmblas(calls);
            case HEAP -> heap(calls);
            case RAW -> raw(calls);
            case RAW_HEAP -> rawHeap(calls);
            case JNI -> jni(calls);
            case JAVA -> java(calls);
            case C -> throw new IllegalArgumentException("the c path runs in the C harness");
        }
    }

    abstract void ffmblas(int calls);

    abstract void heap(int calls);

    abstract void raw(int calls);

    abstract void rawHeap(int calls);

    abstract void jni(int calls);

    abstract void java(int calls);

    @Override
    public void close() {
        arena.close();
    }

    static final class Sdot extends BlasCase {
        private final MemorySegment x = seg('x'), y = seg('y'), hx = hseg('x'), hy = hseg('y');
        private final FloatPointer px = fp('x'), py = fp('y');
        private final float[] ax = fa('x'), ay = fa('y');
        private final long rx = addr('x'), ry = addr('y');

        Sdot(Spec spec, int n, long seed) {
            super(spec, n, seed);
        }

        @Override
        void ffmblas(int calls) {
            double acc = 0;
            for (int i = 0; i < calls; i++) {
                acc += Blas.sdot(n, x, 0, 1, y, 0, 1);
            }
            sink = acc;
        }

        @Override
        void heap(int calls) {
            double acc = 0;
            for (int i = 0; i < calls; i++) {
                acc += Blas.sdot(n, hx, 0, 1, hy, 0, 1);
            }
            sink = acc;
        }

        @Override
        void raw(int calls) {
            double acc = 0;
            try {
                for (int i = 0; i < calls; i++) {
                    acc += (float) RawDowncalls.Sdot.BY_ADDRESS.invokeExact(n, rx, 1, ry, 1);
                }
            } catch (Throwable e) {
                throw RawDowncalls.failed("cblas_sdot", e);
            }
            sink = acc;
        }

        @Override
        void rawHeap(int calls) {
            double acc = 0;
            try {
                for (int i = 0; i < calls; i++) {
                    acc += (float) RawDowncalls.Sdot.HEAP.invokeExact(n, hx, 1, hy, 1);
                }
            } catch (Throwable e) {
                throw RawDowncalls.failed("cblas_sdot", e);
            }
            sink = acc;
        }

        @Override
        void jni(int calls) {
            double acc = 0;
            for (int i = 0; i < calls; i++) {
                acc += openblas_nolapack.cblas_sdot(n, px, 1, py, 1);
            }
            sink = acc;
        }

        @Override
        void java(int calls) {
            double acc = 0;
            for (int i = 0; i < calls; i++) {
                acc += J.sdot(n, ax, 1, ay, 1);
            }
            sink = acc;
        }
    }

    static final class Ddot extends BlasCase {
        private final MemorySegment x = seg('x'), y = seg('y'), hx = hseg('x'), hy = hseg('y');
        private final DoublePointer px = dp('x'), py = dp('y');
        private final double[] ax = da('x'), ay = da('y');
        private final long rx = addr('x'), ry = addr('y');

        Ddot(Spec spec, int n, long seed) {
            super(spec, n, seed);
        }

        @Override
        void ffmblas(int calls) {
            double acc = 0;
            for (int i = 0; i < calls; i++) {
                acc += Blas.ddot(n, x, 0, 1, y, 0, 1);
            }
            sink = acc;
        }

        @Override
        void heap(int calls) {
            double acc = 0;
            for (int i = 0; i < calls; i++) {
                acc += Blas.ddot(n, hx, 0, 1, hy, 0, 1);
            }
            sink = acc;
        }

        @Override
        void raw(int calls) {
            double acc = 0;
            try {
                for (int i = 0; i < calls; i++) {
                    acc += (double) RawDowncalls.Ddot.BY_ADDRESS.invokeExact(n, rx, 1, ry, 1);
                }
            } catch (Throwable e) {
                throw RawDowncalls.failed("cblas_ddot", e);
            }
            sink = acc;
        }

        @Override
        void rawHeap(int calls) {
            double acc = 0;
            try {
                for (int i = 0; i < calls; i++) {
                    acc += (double) RawDowncalls.Ddot.HEAP.invokeExact(n, hx, 1, hy, 1);
                }
            } catch (Throwable e) {
                throw RawDowncalls.failed("cblas_ddot", e);
            }
            sink = acc;
        }

        @Override
        void jni(int calls) {
            double acc = 0;
            for (int i = 0; i < calls; i++) {
                acc += openblas_nolapack.cblas_ddot(n, px, 1, py, 1);
            }
            sink = acc;
        }

        @Override
        void java(int calls) {
            double acc = 0;
            for (int i = 0; i < calls; i++) {
                acc += J.ddot(n, ax, 1, ay, 1);
            }
            sink = acc;
        }
    }

    static final class Saxpy extends BlasCase {
        private final MemorySegment x = seg('x'), y = seg('y'), hx = hseg('x'), hy = hseg('y');
        private final FloatPointer px = fp('x'), py = fp('y');
        private final float[] ax = fa('x'), ay = fa('y');
        private final float al = (float) alpha;
        private final long rx = addr('x'), ry = addr('y');

        Saxpy(Spec spec, int n, long seed) {
            super(spec, n, seed);
        }

        @Override
        void ffmblas(int calls) {
            for (int i = 0; i < calls; i++) {
                Blas.saxpy(n, al, x, 0, 1, y, 0, 1);
            }
        }

        @Override
        void heap(int calls) {
            for (int i = 0; i < calls; i++) {
                Blas.saxpy(n, al, hx, 0, 1, hy, 0, 1);
            }
        }

        @Override
        void raw(int calls) {
            try {
                for (int i = 0; i < calls; i++) {
                    RawDowncalls.Saxpy.BY_ADDRESS.invokeExact(n, al, rx, 1, ry, 1);
                }
            } catch (Throwable e) {
                throw RawDowncalls.failed("cblas_saxpy", e);
            }
        }

        @Override
        void rawHeap(int calls) {
            try {
                for (int i = 0; i < calls; i++) {
                    RawDowncalls.Saxpy.HEAP.invokeExact(n, al, hx, 1, hy, 1);
                }
            } catch (Throwable e) {
                throw RawDowncalls.failed("cblas_saxpy", e);
            }
        }

        @Override
        void jni(int calls) {
            for (int i = 0; i < calls; i++) {
                openblas_nolapack.cblas_saxpy(n, al, px, 1, py, 1);
            }
        }

        @Override
        void java(int calls) {
            for (int i = 0; i < calls; i++) {
                J.saxpy(n, al, ax, 1, ay, 1);
            }
        }
    }

    static final class Daxpy extends BlasCase {
        private final MemorySegment x = seg('x'), y = seg('y'), hx = hseg('x'), hy = hseg('y');
        private final DoublePointer px = dp('x'), py = dp('y');
        private final double[] ax = da('x'), ay = da('y');
        private final double al = alpha;
        private final long rx = addr('x'), ry = addr('y');

        Daxpy(Spec spec, int n, long seed) {
            super(spec, n, seed);
        }

        @Override
        void ffmblas(int calls) {
            for (int i = 0; i < calls; i++) {
                Blas.daxpy(n, al, x, 0, 1, y, 0, 1);
            }
        }

        @Override
        void heap(int calls) {
            for (int i = 0; i < calls; i++) {
                Blas.daxpy(n, al, hx, 0, 1, hy, 0, 1);
            }
        }

        @Override
        void raw(int calls) {
            try {
                for (int i = 0; i < calls; i++) {
                    RawDowncalls.Daxpy.BY_ADDRESS.invokeExact(n, al, rx, 1, ry, 1);
                }
            } catch (Throwable e) {
                throw RawDowncalls.failed("cblas_daxpy", e);
            }
        }

        @Override
        void rawHeap(int calls) {
            try {
                for (int i = 0; i < calls; i++) {
                    RawDowncalls.Daxpy.HEAP.invokeExact(n, al, hx, 1, hy, 1);
                }
            } catch (Throwable e) {
                throw RawDowncalls.failed("cblas_daxpy", e);
            }
        }

        @Override
        void jni(int calls) {
            for (int i = 0; i < calls; i++) {
                openblas_nolapack.cblas_daxpy(n, al, px, 1, py, 1);
            }
        }

        @Override
        void java(int calls) {
            for (int i = 0; i < calls; i++) {
                J.daxpy(n, al, ax, 1, ay, 1);
            }
        }
    }

    static final class Snrm2 extends BlasCase {
        private final MemorySegment x = seg('x'), hx = hseg('x');
        private final FloatPointer px = fp('x');
        private final float[] ax = fa('x');
        private final long rx = addr('x');

        Snrm2(Spec spec, int n, long seed) {
            super(spec, n, seed);
        }

        @Override
        void ffmblas(int calls) {
            double acc = 0;
            for (int i = 0; i < calls; i++) {
                acc += Blas.snrm2(n, x, 0, 1);
            }
            sink = acc;
        }

        @Override
        void heap(int calls) {
            double acc = 0;
            for (int i = 0; i < calls; i++) {
                acc += Blas.snrm2(n, hx, 0, 1);
            }
            sink = acc;
        }

        @Override
        void raw(int calls) {
            double acc = 0;
            try {
                for (int i = 0; i < calls; i++) {
                    acc += (float) RawDowncalls.Snrm2.BY_ADDRESS.invokeExact(n, rx, 1);
                }
            } catch (Throwable e) {
                throw RawDowncalls.failed("cblas_snrm2", e);
            }
            sink = acc;
        }

        @Override
        void rawHeap(int calls) {
            double acc = 0;
            try {
                for (int i = 0; i < calls; i++) {
                    acc += (float) RawDowncalls.Snrm2.HEAP.invokeExact(n, hx, 1);
                }
            } catch (Throwable e) {
                throw RawDowncalls.failed("cblas_snrm2", e);
            }
            sink = acc;
        }

        @Override
        void jni(int calls) {
            double acc = 0;
            for (int i = 0; i < calls; i++) {
                acc += openblas_nolapack.cblas_snrm2(n, px, 1);
            }
            sink = acc;
        }

        @Override
        void java(int calls) {
            double acc = 0;
            for (int i = 0; i < calls; i++) {
                acc += J.snrm2(n, ax, 1);
            }
            sink = acc;
        }
    }

    static final class Dnrm2 extends BlasCase {
        private final MemorySegment x = seg('x'), hx = hseg('x');
        private final DoublePointer px = dp('x');
        private final double[] ax = da('x');
        private final long rx = addr('x');

        Dnrm2(Spec spec, int n, long seed) {
            super(spec, n, seed);
        }

        @Override
        void ffmblas(int calls) {
            double acc = 0;
            for (int i = 0; i < calls; i++) {
                acc += Blas.dnrm2(n, x, 0, 1);
            }
            sink = acc;
        }

        @Override
        void heap(int calls) {
            double acc = 0;
            for (int i = 0; i < calls; i++) {
                acc += Blas.dnrm2(n, hx, 0, 1);
            }
            sink = acc;
        }

        @Override
        void raw(int calls) {
            double acc = 0;
            try {
                for (int i = 0; i < calls; i++) {
                    acc += (double) RawDowncalls.Dnrm2.BY_ADDRESS.invokeExact(n, rx, 1);
                }
            } catch (Throwable e) {
                throw RawDowncalls.failed("cblas_dnrm2", e);
            }
            sink = acc;
        }

        @Override
        void rawHeap(int calls) {
            double acc = 0;
            try {
                for (int i = 0; i < calls; i++) {
                    acc += (double) RawDowncalls.Dnrm2.HEAP.invokeExact(n, hx, 1);
                }
            } catch (Throwable e) {
                throw RawDowncalls.failed("cblas_dnrm2", e);
            }
            sink = acc;
        }

        @Override
        void jni(int calls) {
            double acc = 0;
            for (int i = 0; i < calls; i++) {
                acc += openblas_nolapack.cblas_dnrm2(n, px, 1);
            }
            sink = acc;
        }

        @Override
        void java(int calls) {
            double acc = 0;
            for (int i = 0; i < calls; i++) {
                acc += J.dnrm2(n, ax, 1);
            }
            sink = acc;
        }
    }

    /** netlib's Java isamax returns a 0-based index, as CBLAS does (not Fortran's 1-based one). */
    static final class Isamax extends BlasCase {
        private final MemorySegment x = seg('x'), hx = hseg('x');
        private final FloatPointer px = fp('x');
        private final float[] ax = fa('x');
        private final long rx = addr('x');

        Isamax(Spec spec, int n, long seed) {
            super(spec, n, seed);
        }

        @Override
        void ffmblas(int calls) {
            double acc = 0;
            for (int i = 0; i < calls; i++) {
                acc += Blas.isamax(n, x, 0, 1);
            }
            sink = acc;
        }

        @Override
        void heap(int calls) {
            double acc = 0;
            for (int i = 0; i < calls; i++) {
                acc += Blas.isamax(n, hx, 0, 1);
            }
            sink = acc;
        }

        @Override
        void raw(int calls) {
            double acc = 0;
            try {
                for (int i = 0; i < calls; i++) {
                    acc += (long) RawDowncalls.Isamax.BY_ADDRESS.invokeExact(n, rx, 1);
                }
            } catch (Throwable e) {
                throw RawDowncalls.failed("cblas_isamax", e);
            }
            sink = acc;
        }

        @Override
        void rawHeap(int calls) {
            double acc = 0;
            try {
                for (int i = 0; i < calls; i++) {
                    acc += (long) RawDowncalls.Isamax.HEAP.invokeExact(n, hx, 1);
                }
            } catch (Throwable e) {
                throw RawDowncalls.failed("cblas_isamax", e);
            }
            sink = acc;
        }

        @Override
        void jni(int calls) {
            double acc = 0;
            for (int i = 0; i < calls; i++) {
                acc += openblas_nolapack.cblas_isamax(n, px, 1);
            }
            sink = acc;
        }

        @Override
        void java(int calls) {
            double acc = 0;
            for (int i = 0; i < calls; i++) {
                acc += J.isamax(n, ax, 1);
            }
            sink = acc;
        }
    }

    static final class Idamax extends BlasCase {
        private final MemorySegment x = seg('x'), hx = hseg('x');
        private final DoublePointer px = dp('x');
        private final double[] ax = da('x');
        private final long rx = addr('x');

        Idamax(Spec spec, int n, long seed) {
            super(spec, n, seed);
        }

        @Override
        void ffmblas(int calls) {
            double acc = 0;
            for (int i = 0; i < calls; i++) {
                acc += Blas.idamax(n, x, 0, 1);
            }
            sink = acc;
        }

        @Override
        void heap(int calls) {
            double acc = 0;
            for (int i = 0; i < calls; i++) {
                acc += Blas.idamax(n, hx, 0, 1);
            }
            sink = acc;
        }

        @Override
        void raw(int calls) {
            double acc = 0;
            try {
                for (int i = 0; i < calls; i++) {
                    acc += (long) RawDowncalls.Idamax.BY_ADDRESS.invokeExact(n, rx, 1);
                }
            } catch (Throwable e) {
                throw RawDowncalls.failed("cblas_idamax", e);
            }
            sink = acc;
        }

        @Override
        void rawHeap(int calls) {
            double acc = 0;
            try {
                for (int i = 0; i < calls; i++) {
                    acc += (long) RawDowncalls.Idamax.HEAP.invokeExact(n, hx, 1);
                }
            } catch (Throwable e) {
                throw RawDowncalls.failed("cblas_idamax", e);
            }
            sink = acc;
        }

        @Override
        void jni(int calls) {
            double acc = 0;
            for (int i = 0; i < calls; i++) {
                acc += openblas_nolapack.cblas_idamax(n, px, 1);
            }
            sink = acc;
        }

        @Override
        void java(int calls) {
            double acc = 0;
            for (int i = 0; i < calls; i++) {
                acc += J.idamax(n, ax, 1);
            }
            sink = acc;
        }
    }

    static final class Sgemv extends BlasCase {
        private final MemorySegment a = seg('a'), x = seg('x'), y = seg('y'), ha = hseg('a'), hx = hseg('x'),
                hy = hseg('y');
        private final FloatPointer pa = fp('a'), px = fp('x'), py = fp('y');
        private final float[] aa = fa('a'), ax = fa('x'), ay = fa('y');
        private final float al = (float) alpha;
        private final long ra = addr('a'), rx = addr('x'), ry = addr('y');

        Sgemv(Spec spec, int n, long seed) {
            super(spec, n, seed);
        }

        @Override
        void ffmblas(int calls) {
            for (int i = 0; i < calls; i++) {
                Blas.sgemv(Layout.COLUMN_MAJOR, Transpose.NO_TRANSPOSE, n, n, al, a, 0, n, x, 0, 1, 0f, y, 0, 1);
            }
        }

        @Override
        void heap(int calls) {
            for (int i = 0; i < calls; i++) {
                Blas.sgemv(Layout.COLUMN_MAJOR, Transpose.NO_TRANSPOSE, n, n, al, ha, 0, n, hx, 0, 1, 0f, hy, 0, 1);
            }
        }

        @Override
        void raw(int calls) {
            try {
                for (int i = 0; i < calls; i++) {
                    RawDowncalls.Sgemv.BY_ADDRESS.invokeExact(COL, NO_TRANS, n, n, al, ra, n, rx, 1, 0f, ry, 1);
                }
            } catch (Throwable e) {
                throw RawDowncalls.failed("cblas_sgemv", e);
            }
        }

        @Override
        void rawHeap(int calls) {
            try {
                for (int i = 0; i < calls; i++) {
                    RawDowncalls.Sgemv.HEAP.invokeExact(COL, NO_TRANS, n, n, al, ha, n, hx, 1, 0f, hy, 1);
                }
            } catch (Throwable e) {
                throw RawDowncalls.failed("cblas_sgemv", e);
            }
        }

        @Override
        void jni(int calls) {
            for (int i = 0; i < calls; i++) {
                openblas_nolapack.cblas_sgemv(COL, NO_TRANS, n, n, al, pa, n, px, 1, 0f, py, 1);
            }
        }

        @Override
        void java(int calls) {
            for (int i = 0; i < calls; i++) {
                J.sgemv("N", n, n, al, aa, n, ax, 1, 0f, ay, 1);
            }
        }
    }

    static final class Dgemv extends BlasCase {
        private final MemorySegment a = seg('a'), x = seg('x'), y = seg('y'), ha = hseg('a'), hx = hseg('x'),
                hy = hseg('y');
        private final DoublePointer pa = dp('a'), px = dp('x'), py = dp('y');
        private final double[] aa = da('a'), ax = da('x'), ay = da('y');
        private final double al = alpha;
        private final long ra = addr('a'), rx = addr('x'), ry = addr('y');

        Dgemv(Spec spec, int n, long seed) {
            super(spec, n, seed);
        }

        @Override
        void ffmblas(int calls) {
            for (int i = 0; i < calls; i++) {
                Blas.dgemv(Layout.COLUMN_MAJOR, Transpose.NO_TRANSPOSE, n, n, al, a, 0, n, x, 0, 1, 0d, y, 0, 1);
            }
        }

        @Override
        void heap(int calls) {
            for (int i = 0; i < calls; i++) {
                Blas.dgemv(Layout.COLUMN_MAJOR, Transpose.NO_TRANSPOSE, n, n, al, ha, 0, n, hx, 0, 1, 0d, hy, 0, 1);
            }
        }

        @Override
        void raw(int calls) {
            try {
                for (int i = 0; i < calls; i++) {
                    RawDowncalls.Dgemv.BY_ADDRESS.invokeExact(COL, NO_TRANS, n, n, al, ra, n, rx, 1, 0d, ry, 1);
                }
            } catch (Throwable e) {
                throw RawDowncalls.failed("cblas_dgemv", e);
            }
        }

        @Override
        void rawHeap(int calls) {
            try {
                for (int i = 0; i < calls; i++) {
                    RawDowncalls.Dgemv.HEAP.invokeExact(COL, NO_TRANS, n, n, al, ha, n, hx, 1, 0d, hy, 1);
                }
            } catch (Throwable e) {
                throw RawDowncalls.failed("cblas_dgemv", e);
            }
        }

        @Override
        void jni(int calls) {
            for (int i = 0; i < calls; i++) {
                openblas_nolapack.cblas_dgemv(COL, NO_TRANS, n, n, al, pa, n, px, 1, 0d, py, 1);
            }
        }

        @Override
        void java(int calls) {
            for (int i = 0; i < calls; i++) {
                J.dgemv("N", n, n, al, aa, n, ax, 1, 0d, ay, 1);
            }
        }
    }

    static final class Sger extends BlasCase {
        private final MemorySegment a = seg('a'), x = seg('x'), y = seg('y'), ha = hseg('a'), hx = hseg('x'),
                hy = hseg('y');
        private final FloatPointer pa = fp('a'), px = fp('x'), py = fp('y');
        private final float[] aa = fa('a'), ax = fa('x'), ay = fa('y');
        private final float al = (float) alpha;
        private final long ra = addr('a'), rx = addr('x'), ry = addr('y');

        Sger(Spec spec, int n, long seed) {
            super(spec, n, seed);
        }

        @Override
        void ffmblas(int calls) {
            for (int i = 0; i < calls; i++) {
                Blas.sger(Layout.COLUMN_MAJOR, n, n, al, x, 0, 1, y, 0, 1, a, 0, n);
            }
        }

        @Override
        void heap(int calls) {
            for (int i = 0; i < calls; i++) {
                Blas.sger(Layout.COLUMN_MAJOR, n, n, al, hx, 0, 1, hy, 0, 1, ha, 0, n);
            }
        }

        @Override
        void raw(int calls) {
            try {
                for (int i = 0; i < calls; i++) {
                    RawDowncalls.Sger.BY_ADDRESS.invokeExact(COL, n, n, al, rx, 1, ry, 1, ra, n);
                }
            } catch (Throwable e) {
                throw RawDowncalls.failed("cblas_sger", e);
            }
        }

        @Override
        void rawHeap(int calls) {
            try {
                for (int i = 0; i < calls; i++) {
                    RawDowncalls.Sger.HEAP.invokeExact(COL, n, n, al, hx, 1, hy, 1, ha, n);
                }
            } catch (Throwable e) {
                throw RawDowncalls.failed("cblas_sger", e);
            }
        }

        @Override
        void jni(int calls) {
            for (int i = 0; i < calls; i++) {
                openblas_nolapack.cblas_sger(COL, n, n, al, px, 1, py, 1, pa, n);
            }
        }

        @Override
        void java(int calls) {
            for (int i = 0; i < calls; i++) {
                J.sger(n, n, al, ax, 1, ay, 1, aa, n);
            }
        }
    }

    static final class Dger extends BlasCase {
        private final MemorySegment a = seg('a'), x = seg('x'), y = seg('y'), ha = hseg('a'), hx = hseg('x'),
                hy = hseg('y');
        private final DoublePointer pa = dp('a'), px = dp('x'), py = dp('y');
        private final double[] aa = da('a'), ax = da('x'), ay = da('y');
        private final double al = alpha;
        private final long ra = addr('a'), rx = addr('x'), ry = addr('y');

        Dger(Spec spec, int n, long seed) {
            super(spec, n, seed);
        }

        @Override
        void ffmblas(int calls) {
            for (int i = 0; i < calls; i++) {
                Blas.dger(Layout.COLUMN_MAJOR, n, n, al, x, 0, 1, y, 0, 1, a, 0, n);
            }
        }

        @Override
        void heap(int calls) {
            for (int i = 0; i < calls; i++) {
                Blas.dger(Layout.COLUMN_MAJOR, n, n, al, hx, 0, 1, hy, 0, 1, ha, 0, n);
            }
        }

        @Override
        void raw(int calls) {
            try {
                for (int i = 0; i < calls; i++) {
                    RawDowncalls.Dger.BY_ADDRESS.invokeExact(COL, n, n, al, rx, 1, ry, 1, ra, n);
                }
            } catch (Throwable e) {
                throw RawDowncalls.failed("cblas_dger", e);
            }
        }

        @Override
        void rawHeap(int calls) {
            try {
                for (int i = 0; i < calls; i++) {
                    RawDowncalls.Dger.HEAP.invokeExact(COL, n, n, al, hx, 1, hy, 1, ha, n);
                }
            } catch (Throwable e) {
                throw RawDowncalls.failed("cblas_dger", e);
            }
        }

        @Override
        void jni(int calls) {
            for (int i = 0; i < calls; i++) {
                openblas_nolapack.cblas_dger(COL, n, n, al, px, 1, py, 1, pa, n);
            }
        }

        @Override
        void java(int calls) {
            for (int i = 0; i < calls; i++) {
                J.dger(n, n, al, ax, 1, ay, 1, aa, n);
            }
        }
    }

    static final class Strsv extends BlasCase {
        private final MemorySegment a = seg('a'), x = seg('x'), ha = hseg('a'), hx = hseg('x');
        private final FloatPointer pa = fp('a'), px = fp('x');
        private final float[] aa = fa('a'), ax = fa('x');
        private final long ra = addr('a'), rx = addr('x');

        Strsv(Spec spec, int n, long seed) {
            super(spec, n, seed);
        }

        @Override
        void ffmblas(int calls) {
            for (int i = 0; i < calls; i++) {
                Blas.strsv(Layout.COLUMN_MAJOR, Uplo.LOWER, Transpose.NO_TRANSPOSE, Diag.NON_UNIT, n, a, 0, n, x, 0, 1);
            }
        }

        @Override
        void heap(int calls) {
            for (int i = 0; i < calls; i++) {
                Blas.strsv(Layout.COLUMN_MAJOR, Uplo.LOWER, Transpose.NO_TRANSPOSE, Diag.NON_UNIT, n, ha, 0, n, hx, 0, 1);
            }
        }

        @Override
        void raw(int calls) {
            try {
                for (int i = 0; i < calls; i++) {
                    RawDowncalls.Strsv.BY_ADDRESS.invokeExact(COL, LOWER, NO_TRANS, NON_UNIT, n, ra, n, rx, 1);
                }
            } catch (Throwable e) {
                throw RawDowncalls.failed("cblas_strsv", e);
            }
        }

        @Override
        void rawHeap(int calls) {
            try {
                for (int i = 0; i < calls; i++) {
                    RawDowncalls.Strsv.HEAP.invokeExact(COL, LOWER, NO_TRANS, NON_UNIT, n, ha, n, hx, 1);
                }
            } catch (Throwable e) {
                throw RawDowncalls.failed("cblas_strsv", e);
            }
        }

        @Override
        void jni(int calls) {
            for (int i = 0; i < calls; i++) {
                openblas_nolapack.cblas_strsv(COL, LOWER, NO_TRANS, NON_UNIT, n, pa, n, px, 1);
            }
        }

        @Override
        void java(int calls) {
            for (int i = 0; i < calls; i++) {
                J.strsv("L", "N", "N", n, aa, n, ax, 1);
            }
        }
    }

    static final class Dtrsv extends BlasCase {
        private final MemorySegment a = seg('a'), x = seg('x'), ha = hseg('a'), hx = hseg('x');
        private final DoublePointer pa = dp('a'), px = dp('x');
        private final double[] aa = da('a'), ax = da('x');
        private final long ra = addr('a'), rx = addr('x');

        Dtrsv(Spec spec, int n, long seed) {
            super(spec, n, seed);
        }

        @Override
        void ffmblas(int calls) {
            for (int i = 0; i < calls; i++) {
                Blas.dtrsv(Layout.COLUMN_MAJOR, Uplo.LOWER, Transpose.NO_TRANSPOSE, Diag.NON_UNIT, n, a, 0, n, x, 0, 1);
            }
        }

        @Override
        void heap(int calls) {
            for (int i = 0; i < calls; i++) {
                Blas.dtrsv(Layout.COLUMN_MAJOR, Uplo.LOWER, Transpose.NO_TRANSPOSE, Diag.NON_UNIT, n, ha, 0, n, hx, 0, 1);
            }
        }

        @Override
        void raw(int calls) {
            try {
                for (int i = 0; i < calls; i++) {
                    RawDowncalls.Dtrsv.BY_ADDRESS.invokeExact(COL, LOWER, NO_TRANS, NON_UNIT, n, ra, n, rx, 1);
                }
            } catch (Throwable e) {
                throw RawDowncalls.failed("cblas_dtrsv", e);
            }
        }

        @Override
        void rawHeap(int calls) {
            try {
                for (int i = 0; i < calls; i++) {
                    RawDowncalls.Dtrsv.HEAP.invokeExact(COL, LOWER, NO_TRANS, NON_UNIT, n, ha, n, hx, 1);
                }
            } catch (Throwable e) {
                throw RawDowncalls.failed("cblas_dtrsv", e);
            }
        }

        @Override
        void jni(int calls) {
            for (int i = 0; i < calls; i++) {
                openblas_nolapack.cblas_dtrsv(COL, LOWER, NO_TRANS, NON_UNIT, n, pa, n, px, 1);
            }
        }

        @Override
        void java(int calls) {
            for (int i = 0; i < calls; i++) {
                J.dtrsv("L", "N", "N", n, aa, n, ax, 1);
            }
        }
    }

    static final class Sgemm extends BlasCase {
        private final MemorySegment a = seg('a'), b = seg('b'), c = seg('c'), ha = hseg('a'), hb = hseg('b'),
                hc = hseg('c');
        private final FloatPointer pa = fp('a'), pb = fp('b'), pc = fp('c');
        private final float[] aa = fa('a'), ab = fa('b'), ac = fa('c');
        private final float al = (float) alpha;
        private final long ra = addr('a'), rb = addr('b'), rc = addr('c');

        Sgemm(Spec spec, int n, long seed) {
            super(spec, n, seed);
        }

        @Override
        void ffmblas(int calls) {
            for (int i = 0; i < calls; i++) {
                Blas.sgemm(Layout.COLUMN_MAJOR, Transpose.NO_TRANSPOSE, Transpose.NO_TRANSPOSE, n, n, n, al, a, 0, n,
                        b, 0, n, 0f, c, 0, n);
            }
        }

        @Override
        void heap(int calls) {
            for (int i = 0; i < calls; i++) {
                Blas.sgemm(Layout.COLUMN_MAJOR, Transpose.NO_TRANSPOSE, Transpose.NO_TRANSPOSE, n, n, n, al, ha, 0, n,
                        hb, 0, n, 0f, hc, 0, n);
            }
        }

        @Override
        void raw(int calls) {
            try {
                for (int i = 0; i < calls; i++) {
                    RawDowncalls.Sgemm.BY_ADDRESS.invokeExact(COL, NO_TRANS, NO_TRANS, n, n, n, al, ra, n, rb, n, 0f,
                            rc, n);
                }
            } catch (Throwable e) {
                throw RawDowncalls.failed("cblas_sgemm", e);
            }
        }

        @Override
        void rawHeap(int calls) {
            try {
                for (int i = 0; i < calls; i++) {
                    RawDowncalls.Sgemm.HEAP.invokeExact(COL, NO_TRANS, NO_TRANS, n, n, n, al, ha, n, hb, n, 0f, hc, n);
                }
            } catch (Throwable e) {
                throw RawDowncalls.failed("cblas_sgemm", e);
            }
        }

        @Override
        void jni(int calls) {
            for (int i = 0; i < calls; i++) {
                openblas_nolapack.cblas_sgemm(COL, NO_TRANS, NO_TRANS, n, n, n, al, pa, n, pb, n, 0f, pc, n);
            }
        }

        @Override
        void java(int calls) {
            for (int i = 0; i < calls; i++) {
                J.sgemm("N", "N", n, n, n, al, aa, n, ab, n, 0f, ac, n);
            }
        }
    }

    static final class Dgemm extends BlasCase {
        private final MemorySegment a = seg('a'), b = seg('b'), c = seg('c'), ha = hseg('a'), hb = hseg('b'),
                hc = hseg('c');
        private final DoublePointer pa = dp('a'), pb = dp('b'), pc = dp('c');
        private final double[] aa = da('a'), ab = da('b'), ac = da('c');
        private final double al = alpha;
        private final long ra = addr('a'), rb = addr('b'), rc = addr('c');

        Dgemm(Spec spec, int n, long seed) {
            super(spec, n, seed);
        }

        @Override
        void ffmblas(int calls) {
            for (int i = 0; i < calls; i++) {
                Blas.dgemm(Layout.COLUMN_MAJOR, Transpose.NO_TRANSPOSE, Transpose.NO_TRANSPOSE, n, n, n, al, a, 0, n,
                        b, 0, n, 0d, c, 0, n);
            }
        }

        @Override
        void heap(int calls) {
            for (int i = 0; i < calls; i++) {
                Blas.dgemm(Layout.COLUMN_MAJOR, Transpose.NO_TRANSPOSE, Transpose.NO_TRANSPOSE, n, n, n, al, ha, 0, n,
                        hb, 0, n, 0d, hc, 0, n);
            }
        }

        @Override
        void raw(int calls) {
            try {
                for (int i = 0; i < calls; i++) {
                    RawDowncalls.Dgemm.BY_ADDRESS.invokeExact(COL, NO_TRANS, NO_TRANS, n, n, n, al, ra, n, rb, n, 0d,
                            rc, n);
                }
            } catch (Throwable e) {
                throw RawDowncalls.failed("cblas_dgemm", e);
            }
        }

        @Override
        void rawHeap(int calls) {
            try {
                for (int i = 0; i < calls; i++) {
                    RawDowncalls.Dgemm.HEAP.invokeExact(COL, NO_TRANS, NO_TRANS, n, n, n, al, ha, n, hb, n, 0d, hc, n);
                }
            } catch (Throwable e) {
                throw RawDowncalls.failed("cblas_dgemm", e);
            }
        }

        @Override
        void jni(int calls) {
            for (int i = 0; i < calls; i++) {
                openblas_nolapack.cblas_dgemm(COL, NO_TRANS, NO_TRANS, n, n, n, al, pa, n, pb, n, 0d, pc, n);
            }
        }

        @Override
        void java(int calls) {
            for (int i = 0; i < calls; i++) {
                J.dgemm("N", "N", n, n, n, al, aa, n, ab, n, 0d, ac, n);
            }
        }
    }

    static final class Ssyrk extends BlasCase {
        private final MemorySegment a = seg('a'), c = seg('c'), ha = hseg('a'), hc = hseg('c');
        private final FloatPointer pa = fp('a'), pc = fp('c');
        private final float[] aa = fa('a'), ac = fa('c');
        private final float al = (float) alpha;
        private final long ra = addr('a'), rc = addr('c');

        Ssyrk(Spec spec, int n, long seed) {
            super(spec, n, seed);
        }

        @Override
        void ffmblas(int calls) {
            for (int i = 0; i < calls; i++) {
                Blas.ssyrk(Layout.COLUMN_MAJOR, Uplo.LOWER, Transpose.NO_TRANSPOSE, n, n, al, a, 0, n, 0f, c, 0, n);
            }
        }

        @Override
        void heap(int calls) {
            for (int i = 0; i < calls; i++) {
                Blas.ssyrk(Layout.COLUMN_MAJOR, Uplo.LOWER, Transpose.NO_TRANSPOSE, n, n, al, ha, 0, n, 0f, hc, 0, n);
            }
        }

        @Override
        void raw(int calls) {
            try {
                for (int i = 0; i < calls; i++) {
                    RawDowncalls.Ssyrk.BY_ADDRESS.invokeExact(COL, LOWER, NO_TRANS, n, n, al, ra, n, 0f, rc, n);
                }
            } catch (Throwable e) {
                throw RawDowncalls.failed("cblas_ssyrk", e);
            }
        }

        @Override
        void rawHeap(int calls) {
            try {
                for (int i = 0; i < calls; i++) {
                    RawDowncalls.Ssyrk.HEAP.invokeExact(COL, LOWER, NO_TRANS, n, n, al, ha, n, 0f, hc, n);
                }
            } catch (Throwable e) {
                throw RawDowncalls.failed("cblas_ssyrk", e);
            }
        }

        @Override
        void jni(int calls) {
            for (int i = 0; i < calls; i++) {
                openblas_nolapack.cblas_ssyrk(COL, LOWER, NO_TRANS, n, n, al, pa, n, 0f, pc, n);
            }
        }

        @Override
        void java(int calls) {
            for (int i = 0; i < calls; i++) {
                J.ssyrk("L", "N", n, n, al, aa, n, 0f, ac, n);
            }
        }
    }

    static final class Dsyrk extends BlasCase {
        private final MemorySegment a = seg('a'), c = seg('c'), ha = hseg('a'), hc = hseg('c');
        private final DoublePointer pa = dp('a'), pc = dp('c');
        private final double[] aa = da('a'), ac = da('c');
        private final double al = alpha;
        private final long ra = addr('a'), rc = addr('c');

        Dsyrk(Spec spec, int n, long seed) {
            super(spec, n, seed);
        }

        @Override
        void ffmblas(int calls) {
            for (int i = 0; i < calls; i++) {
                Blas.dsyrk(Layout.COLUMN_MAJOR, Uplo.LOWER, Transpose.NO_TRANSPOSE, n, n, al, a, 0, n, 0d, c, 0, n);
            }
        }

        @Override
        void heap(int calls) {
            for (int i = 0; i < calls; i++) {
                Blas.dsyrk(Layout.COLUMN_MAJOR, Uplo.LOWER, Transpose.NO_TRANSPOSE, n, n, al, ha, 0, n, 0d, hc, 0, n);
            }
        }

        @Override
        void raw(int calls) {
            try {
                for (int i = 0; i < calls; i++) {
                    RawDowncalls.Dsyrk.BY_ADDRESS.invokeExact(COL, LOWER, NO_TRANS, n, n, al, ra, n, 0d, rc, n);
                }
            } catch (Throwable e) {
                throw RawDowncalls.failed("cblas_dsyrk", e);
            }
        }

        @Override
        void rawHeap(int calls) {
            try {
                for (int i = 0; i < calls; i++) {
                    RawDowncalls.Dsyrk.HEAP.invokeExact(COL, LOWER, NO_TRANS, n, n, al, ha, n, 0d, hc, n);
                }
            } catch (Throwable e) {
                throw RawDowncalls.failed("cblas_dsyrk", e);
            }
        }

        @Override
        void jni(int calls) {
            for (int i = 0; i < calls; i++) {
                openblas_nolapack.cblas_dsyrk(COL, LOWER, NO_TRANS, n, n, al, pa, n, 0d, pc, n);
            }
        }

        @Override
        void java(int calls) {
            for (int i = 0; i < calls; i++) {
                J.dsyrk("L", "N", n, n, al, aa, n, 0d, ac, n);
            }
        }
    }

    static final class Strsm extends BlasCase {
        private final MemorySegment a = seg('a'), b = seg('b'), ha = hseg('a'), hb = hseg('b');
        private final FloatPointer pa = fp('a'), pb = fp('b');
        private final float[] aa = fa('a'), ab = fa('b');
        private final float al = (float) alpha;
        private final long ra = addr('a'), rb = addr('b');

        Strsm(Spec spec, int n, long seed) {
            super(spec, n, seed);
        }

        @Override
        void ffmblas(int calls) {
            for (int i = 0; i < calls; i++) {
                Blas.strsm(Layout.COLUMN_MAJOR, Side.LEFT, Uplo.LOWER, Transpose.NO_TRANSPOSE, Diag.NON_UNIT, n, n, al,
                        a, 0, n, b, 0, n);
            }
        }

        @Override
        void heap(int calls) {
            for (int i = 0; i < calls; i++) {
                Blas.strsm(Layout.COLUMN_MAJOR, Side.LEFT, Uplo.LOWER, Transpose.NO_TRANSPOSE, Diag.NON_UNIT, n, n, al,
                        ha, 0, n, hb, 0, n);
            }
        }

        @Override
        void raw(int calls) {
            try {
                for (int i = 0; i < calls; i++) {
                    RawDowncalls.Strsm.BY_ADDRESS.invokeExact(COL, LEFT, LOWER, NO_TRANS, NON_UNIT, n, n, al, ra, n, rb,
                            n);
                }
            } catch (Throwable e) {
                throw RawDowncalls.failed("cblas_strsm", e);
            }
        }

        @Override
        void rawHeap(int calls) {
            try {
                for (int i = 0; i < calls; i++) {
                    RawDowncalls.Strsm.HEAP.invokeExact(COL, LEFT, LOWER, NO_TRANS, NON_UNIT, n, n, al, ha, n, hb, n);
                }
            } catch (Throwable e) {
                throw RawDowncalls.failed("cblas_strsm", e);
            }
        }

        @Override
        void jni(int calls) {
            for (int i = 0; i < calls; i++) {
                openblas_nolapack.cblas_strsm(COL, LEFT, LOWER, NO_TRANS, NON_UNIT, n, n, al, pa, n, pb, n);
            }
        }

        @Override
        void java(int calls) {
            for (int i = 0; i < calls; i++) {
                J.strsm("L", "L", "N", "N", n, n, al, aa, n, ab, n);
            }
        }
    }

    static final class Dtrsm extends BlasCase {
        private final MemorySegment a = seg('a'), b = seg('b'), ha = hseg('a'), hb = hseg('b');
        private final DoublePointer pa = dp('a'), pb = dp('b');
        private final double[] aa = da('a'), ab = da('b');
        private final double al = alpha;
        private final long ra = addr('a'), rb = addr('b');

        Dtrsm(Spec spec, int n, long seed) {
            super(spec, n, seed);
        }

        @Override
        void ffmblas(int calls) {
            for (int i = 0; i < calls; i++) {
                Blas.dtrsm(Layout.COLUMN_MAJOR, Side.LEFT, Uplo.LOWER, Transpose.NO_TRANSPOSE, Diag.NON_UNIT, n, n, al,
                        a, 0, n, b, 0, n);
            }
        }

        @Override
        void heap(int calls) {
            for (int i = 0; i < calls; i++) {
                Blas.dtrsm(Layout.COLUMN_MAJOR, Side.LEFT, Uplo.LOWER, Transpose.NO_TRANSPOSE, Diag.NON_UNIT, n, n, al,
                        ha, 0, n, hb, 0, n);
            }
        }

        @Override
        void raw(int calls) {
            try {
                for (int i = 0; i < calls; i++) {
                    RawDowncalls.Dtrsm.BY_ADDRESS.invokeExact(COL, LEFT, LOWER, NO_TRANS, NON_UNIT, n, n, al, ra, n, rb,
                            n);
                }
            } catch (Throwable e) {
                throw RawDowncalls.failed("cblas_dtrsm", e);
            }
        }

        @Override
        void rawHeap(int calls) {
            try {
                for (int i = 0; i < calls; i++) {
                    RawDowncalls.Dtrsm.HEAP.invokeExact(COL, LEFT, LOWER, NO_TRANS, NON_UNIT, n, n, al, ha, n, hb, n);
                }
            } catch (Throwable e) {
                throw RawDowncalls.failed("cblas_dtrsm", e);
            }
        }

        @Override
        void jni(int calls) {
            for (int i = 0; i < calls; i++) {
                openblas_nolapack.cblas_dtrsm(COL, LEFT, LOWER, NO_TRANS, NON_UNIT, n, n, al, pa, n, pb, n);
            }
        }

        @Override
        void java(int calls) {
            for (int i = 0; i < calls; i++) {
                J.dtrsm("L", "L", "N", "N", n, n, al, aa, n, ab, n);
            }
        }
    }

    /** netlib's BLAS has no complex routines: zgemm has no java path. */
    static final class Zgemm extends BlasCase {
        private final MemorySegment a = seg('a'), b = seg('b'), c = seg('c'), ha = hseg('a'), hb = hseg('b'),
                hc = hseg('c');
        private final DoublePointer pa = dp('a'), pb = dp('b'), pc = dp('c');
        private final ComplexDouble al = new ComplexDouble(alpha, 0);
        private final DoublePointer pAlpha;
        private final DoublePointer pBeta;
        private final MemorySegment alphaAt; // native: the raw-heap call passes both kinds
        private final MemorySegment betaAt;
        private final long rAlpha;
        private final long rBeta;
        private final long ra = addr('a'), rb = addr('b'), rc = addr('c');

        Zgemm(Spec spec, int n, long seed) {
            super(spec, n, seed);
            MemorySegment scalars = allocate(4 * Double.BYTES);
            scalars.setAtIndex(ValueLayout.JAVA_DOUBLE, 0, alpha); // alpha = (alpha, 0), beta = (0, 0)
            alphaAt = scalars.asSlice(0, 2 * Double.BYTES);
            betaAt = scalars.asSlice(2 * Double.BYTES, 2 * Double.BYTES);
            pAlpha = new SegmentDoublePointer(alphaAt);
            pBeta = new SegmentDoublePointer(betaAt);
            rAlpha = alphaAt.address();
            rBeta = betaAt.address();
        }

        @Override
        void ffmblas(int calls) {
            for (int i = 0; i < calls; i++) {
                Blas.zgemm(Layout.COLUMN_MAJOR, Transpose.NO_TRANSPOSE, Transpose.NO_TRANSPOSE, n, n, n, al, a, 0, n,
                        b, 0, n, ComplexDouble.ZERO, c, 0, n);
            }
        }

        @Override
        void heap(int calls) {
            for (int i = 0; i < calls; i++) {
                Blas.zgemm(Layout.COLUMN_MAJOR, Transpose.NO_TRANSPOSE, Transpose.NO_TRANSPOSE, n, n, n, al, ha, 0, n,
                        hb, 0, n, ComplexDouble.ZERO, hc, 0, n);
            }
        }

        @Override
        void raw(int calls) {
            try {
                for (int i = 0; i < calls; i++) {
                    RawDowncalls.Zgemm.BY_ADDRESS.invokeExact(COL, NO_TRANS, NO_TRANS, n, n, n, rAlpha, ra, n, rb, n,
                            rBeta, rc, n);
                }
            } catch (Throwable e) {
                throw RawDowncalls.failed("cblas_zgemm", e);
            }
        }

        @Override
        void rawHeap(int calls) {
            try {
                for (int i = 0; i < calls; i++) {
                    RawDowncalls.Zgemm.HEAP.invokeExact(COL, NO_TRANS, NO_TRANS, n, n, n, alphaAt, ha, n, hb, n, betaAt,
                            hc, n);
                }
            } catch (Throwable e) {
                throw RawDowncalls.failed("cblas_zgemm", e);
            }
        }

        @Override
        void jni(int calls) {
            for (int i = 0; i < calls; i++) {
                openblas_nolapack.cblas_zgemm(COL, NO_TRANS, NO_TRANS, n, n, n, pAlpha, pa, n, pb, n, pBeta, pc, n);
            }
        }

        @Override
        void java(int calls) {
            throw new UnsupportedOperationException("netlib's BLAS has no zgemm");
        }
    }
}
