package io.github.ffmblas.bench.lapack;

import dev.ludovic.netlib.lapack.LAPACK;
import io.github.ffmblas.bindings.EigenJob;
import io.github.ffmblas.bindings.Lapack;
import io.github.ffmblas.bindings.SvdJob;
import io.github.ffmblas.bindings.Uplo;
import io.github.ffmblas.bindings.lapack.lapack_h;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.Random;
import org.netlib.util.intW;

/**
 * One LAPACK routine at size n, as each implementation is called: {@link #facade} ({@code Lapack} on native memory),
 * {@link #raw} (jextract's bare downcall of the same Fortran symbol on the same memory: the floor), and
 * {@link #netlib} (a netlib {@code LAPACK} on heap arrays, as Spark and Breeze hold them). Every call first restores
 * its input matrix (and right-hand side) from a pristine copy, since LAPACK overwrites it: one memcpy, the same in
 * every implementation. Work arrays are sized once, to the largest of the facade's and netlib's query answers.
 */
final class LapackCase implements AutoCloseable {
    static final List<String> ROUTINES = List.of("dgesv", "sgesv", "dpotrf", "spotrf", "dgeqrf",
            "sgeqrf", "dsyevd", "dgesdd", "sgesdd");

    final String routine;
    final int n;
    private final boolean single;
    private final String kind;
    private final Arena arena = Arena.ofConfined();
    private final int bytes;
    private final int nrhs = 1;
    // native memory: pristine and working copies, outputs, work
    private final MemorySegment pristineA;
    private final MemorySegment a;
    private final MemorySegment pristineB;
    private final MemorySegment b;
    private final MemorySegment out1; // ipiv, tau, w or s
    private final MemorySegment u;
    private final MemorySegment vt;
    private final MemorySegment work;
    private final MemorySegment iwork;
    private final int lwork;
    private final int liwork;
    // heap arrays for netlib
    private final double[] heapPristineA;
    private final double[] heapA;
    private final double[] heapPristineB;
    private final double[] heapB;
    private final double[] heapOut;
    private final double[] heapU;
    private final double[] heapVt;
    private final double[] heapWork;
    private final float[] fPristineA;
    private final float[] fA;
    private final float[] fPristineB;
    private final float[] fB;
    private final float[] fOut;
    private final float[] fU;
    private final float[] fVt;
    private final float[] fWork;
    private final int[] heapInts;
    private final int[] heapIwork;
    private final intW info = new intW(0);
    // the floor's scalars, by pointer
    private final MemorySegment pn;
    private final MemorySegment pnrhs;
    private final MemorySegment plwork;
    private final MemorySegment pliwork;
    private final MemorySegment pinfo;
    private final MemorySegment letterV;
    private final MemorySegment letterU;
    private final MemorySegment letterS;

    LapackCase(String routine, int n, LAPACK netlibForQuery) {
        this.routine = routine;
        this.n = n;
        this.single = routine.charAt(0) == 's';
        this.kind = routine.substring(1);
        this.bytes = single ? 4 : 8;
        Random random = new Random(31L * n + routine.hashCode());
        long nn = (long) n * n;
        double[] values = new double[(int) nn];
        if (kind.equals("potrf") || kind.equals("syevd")) { // symmetric; positive definite for potrf
            for (int j = 0; j < n; j++) {
                for (int i = 0; i <= j; i++) {
                    double v = random.nextDouble() * 2 - 1 + (i == j && kind.equals("potrf") ? n : 0);
                    values[j * n + i] = v;
                    values[i * n + j] = v;
                }
            }
        } else {
            for (int i = 0; i < values.length; i++) {
                values[i] = random.nextDouble() * 2 - 1 + (i % (n + 1) == 0 ? 2 : 0);
            }
        }
        double[] rhs = random.doubles(n, -1, 1).toArray();
        pristineA = segment(values);
        a = arena.allocate(nn * bytes, 64);
        pristineB = segment(rhs);
        b = arena.allocate((long) n * bytes, 64);
        out1 = arena.allocate((long) n * 8, 64);
        boolean svd = kind.equals("gesdd");
        u = arena.allocate(svd ? nn * bytes : bytes, 64);
        vt = arena.allocate(svd ? nn * bytes : bytes, 64);
        heapPristineA = single ? null : values.clone();
        heapA = single ? null : new double[(int) nn];
        heapPristineB = single ? null : rhs.clone();
        heapB = single ? null : rhs.clone();
        heapOut = single ? null : new double[n];
        heapU = single ? null : new double[svd ? (int) nn : 1];
        heapVt = single ? null : new double[svd ? (int) nn : 1];
        fPristineA = single ? floats(values) : null;
        fA = single ? new float[(int) nn] : null;
        fPristineB = single ? floats(rhs) : null;
        fB = single ? floats(rhs) : null;
        fOut = single ? new float[n] : null;
        fU = single ? new float[svd ? (int) nn : 1] : null;
        fVt = single ? new float[svd ? (int) nn : 1] : null;
        heapInts = new int[n];
        int[] sizes = workSizes(netlibForQuery);
        lwork = sizes[0];
        liwork = sizes[1];
        work = arena.allocate((long) Math.max(1, lwork) * bytes, 64);
        iwork = arena.allocate(4L * Math.max(1, liwork), 64);
        heapWork = single ? null : new double[Math.max(1, lwork)];
        fWork = single ? new float[Math.max(1, lwork)] : null;
        heapIwork = new int[Math.max(1, liwork)];
        pn = arena.allocate(4, 4).fill((byte) 0);
        pn.set(ValueLayout.JAVA_INT, 0, n);
        pnrhs = arena.allocate(4, 4);
        pnrhs.set(ValueLayout.JAVA_INT, 0, nrhs);
        plwork = arena.allocate(4, 4);
        plwork.set(ValueLayout.JAVA_INT, 0, lwork);
        pliwork = arena.allocate(4, 4);
        pliwork.set(ValueLayout.JAVA_INT, 0, liwork);
        pinfo = arena.allocate(4, 4);
        letterV = arena.allocateFrom(ValueLayout.JAVA_BYTE, (byte) 'V');
        letterU = arena.allocateFrom(ValueLayout.JAVA_BYTE, (byte) 'U');
        letterS = arena.allocateFrom(ValueLayout.JAVA_BYTE, (byte) 'S');
    }

    private MemorySegment segment(double[] values) {
        MemorySegment s = arena.allocate((long) values.length * bytes, 64);
        for (int i = 0; i < values.length; i++) {
            if (single) {
                s.setAtIndex(ValueLayout.JAVA_FLOAT, i, (float) values[i]);
            } else {
                s.setAtIndex(ValueLayout.JAVA_DOUBLE, i, values[i]);
            }
        }
        return s;
    }

    private static float[] floats(double[] d) {
        float[] f = new float[d.length];
        for (int i = 0; i < d.length; i++) {
            f[i] = (float) d[i];
        }
        return f;
    }

    /** lwork and liwork: the larger of the facade's query answer and netlib's, 0 for routines without. */
    private int[] workSizes(LAPACK netlib) {
        restore();
        switch (kind) {
            case "geqrf" -> {
                long ours = single ? Lapack.sgeqrfWorkspace(n, n, a, 0, n, out1, 0).work()
                        : Lapack.dgeqrfWorkspace(n, n, a, 0, n, out1, 0).work();
                double[] q = new double[1];
                float[] fq = new float[1];
                if (single) {
                    netlib.sgeqrf(n, n, fA, n, fOut, fq, -1, info);
                } else {
                    netlib.dgeqrf(n, n, heapA, n, heapOut, q, -1, info);
                }
                return new int[] {(int) Math.max(ours, (long) (single ? fq[0] : q[0])), 0};
            }
            case "syevd" -> {
                var w = Lapack.dsyevdWorkspace(EigenJob.VALUES_AND_VECTORS, Uplo.UPPER, n, a, 0, n, out1, 0);
                double[] q = new double[1];
                int[] iq = new int[1];
                netlib.dsyevd("V", "U", n, heapA, n, heapOut, q, -1, iq, -1, info);
                return new int[] {(int) Math.max(w.work(), (long) q[0]), (int) Math.max(w.iwork(), iq[0])};
            }
            case "gesdd" -> {
                long ours = single ? Lapack.sgesddWorkspace(SvdJob.REDUCED, n, n, a, 0, n, out1, 0, u, 0, n, vt, 0,
                        n).work() : Lapack.dgesddWorkspace(SvdJob.REDUCED, n, n, a, 0, n, out1, 0, u, 0, n, vt, 0,
                        n).work();
                double[] q = new double[1];
                float[] fq = new float[1];
                if (single) {
                    netlib.sgesdd("S", n, n, fA, n, fOut, fU, n, fVt, n, fq, -1, heapInts, info);
                } else {
                    netlib.dgesdd("S", n, n, heapA, n, heapOut, heapU, n, heapVt, n, q, -1, new int[8 * n], info);
                }
                return new int[] {(int) Math.max(ours, (long) Math.ceil(single ? fq[0] : q[0])), 8 * n};
            }
            default -> {
                return new int[] {0, 0};
            }
        }
    }

    /** The input matrix (and B) back as they were: the start of every call, in every implementation. */
    private void restore() {
        MemorySegment.copy(pristineA, 0, a, 0, pristineA.byteSize());
        if (kind.equals("gesv")) {
            MemorySegment.copy(pristineB, 0, b, 0, pristineB.byteSize());
        }
    }

    private void restoreHeap() {
        if (single) {
            System.arraycopy(fPristineA, 0, fA, 0, fA.length);
        } else {
            System.arraycopy(heapPristineA, 0, heapA, 0, heapA.length);
        }
        if (kind.equals("gesv")) {
            if (single) {
                System.arraycopy(fPristineB, 0, fB, 0, n);
            } else {
                System.arraycopy(heapPristineB, 0, heapB, 0, n);
            }
        }
    }

    Runnable facade() {
        return switch (routine) {
            case "dgesv" -> () -> {
                restore();
                Lapack.dgesv(n, nrhs, a, 0, n, out1, 0, b, 0, n);
            };
            case "sgesv" -> () -> {
                restore();
                Lapack.sgesv(n, nrhs, a, 0, n, out1, 0, b, 0, n);
            };
            case "dpotrf" -> () -> {
                restore();
                Lapack.dpotrf(Uplo.UPPER, n, a, 0, n);
            };
            case "spotrf" -> () -> {
                restore();
                Lapack.spotrf(Uplo.UPPER, n, a, 0, n);
            };
            case "dgeqrf" -> () -> {
                restore();
                Lapack.dgeqrf(n, n, a, 0, n, out1, 0, work, 0, lwork);
            };
            case "sgeqrf" -> () -> {
                restore();
                Lapack.sgeqrf(n, n, a, 0, n, out1, 0, work, 0, lwork);
            };
            case "dsyevd" -> () -> {
                restore();
                Lapack.dsyevd(EigenJob.VALUES_AND_VECTORS, Uplo.UPPER, n, a, 0, n, out1, 0, work, 0, lwork, iwork, 0,
                        liwork);
            };
            case "dgesdd" -> () -> {
                restore();
                Lapack.dgesdd(SvdJob.REDUCED, n, n, a, 0, n, out1, 0, u, 0, n, vt, 0, n, work, 0, lwork, iwork, 0);
            };
            case "sgesdd" -> () -> {
                restore();
                Lapack.sgesdd(SvdJob.REDUCED, n, n, a, 0, n, out1, 0, u, 0, n, vt, 0, n, work, 0, lwork, iwork, 0);
            };
            default -> throw new IllegalArgumentException(routine);
        };
    }

    /** jextract's downcall, scalars by pointer from memory set up once: what any FFM binding must at least do. */
    Runnable raw() {
        return switch (routine) {
            case "dgesv" -> () -> {
                restore();
                lapack_h.dgesv_(pn, pnrhs, a, pn, out1, b, pn, pinfo);
            };
            case "sgesv" -> () -> {
                restore();
                lapack_h.sgesv_(pn, pnrhs, a, pn, out1, b, pn, pinfo);
            };
            case "dpotrf" -> () -> {
                restore();
                lapack_h.dpotrf_(letterU, pn, a, pn, pinfo, 1L);
            };
            case "spotrf" -> () -> {
                restore();
                lapack_h.spotrf_(letterU, pn, a, pn, pinfo, 1L);
            };
            case "dgeqrf" -> () -> {
                restore();
                lapack_h.dgeqrf_(pn, pn, a, pn, out1, work, plwork, pinfo);
            };
            case "sgeqrf" -> () -> {
                restore();
                lapack_h.sgeqrf_(pn, pn, a, pn, out1, work, plwork, pinfo);
            };
            case "dsyevd" -> () -> {
                restore();
                lapack_h.dsyevd_(letterV, letterU, pn, a, pn, out1, work, plwork, iwork, pliwork, pinfo, 1L, 1L);
            };
            case "dgesdd" -> () -> {
                restore();
                lapack_h.dgesdd_(letterS, pn, pn, a, pn, out1, u, pn, vt, pn, work, plwork, iwork, pinfo, 1L);
            };
            case "sgesdd" -> () -> {
                restore();
                lapack_h.sgesdd_(letterS, pn, pn, a, pn, out1, u, pn, vt, pn, work, plwork, iwork, pinfo, 1L);
            };
            default -> throw new IllegalArgumentException(routine);
        };
    }

    Runnable netlib(LAPACK l) {
        return switch (routine) {
            case "dgesv" -> () -> {
                restoreHeap();
                l.dgesv(n, nrhs, heapA, n, heapInts, heapB, n, info);
            };
            case "sgesv" -> () -> {
                restoreHeap();
                l.sgesv(n, nrhs, fA, n, heapInts, fB, n, info);
            };
            case "dpotrf" -> () -> {
                restoreHeap();
                l.dpotrf("U", n, heapA, n, info);
            };
            case "spotrf" -> () -> {
                restoreHeap();
                l.spotrf("U", n, fA, n, info);
            };
            case "dgeqrf" -> () -> {
                restoreHeap();
                l.dgeqrf(n, n, heapA, n, heapOut, heapWork, lwork, info);
            };
            case "sgeqrf" -> () -> {
                restoreHeap();
                l.sgeqrf(n, n, fA, n, fOut, fWork, lwork, info);
            };
            case "dsyevd" -> () -> {
                restoreHeap();
                l.dsyevd("V", "U", n, heapA, n, heapOut, heapWork, lwork, heapIwork, liwork, info);
            };
            case "dgesdd" -> () -> {
                restoreHeap();
                l.dgesdd("S", n, n, heapA, n, heapOut, heapU, n, heapVt, n, heapWork, lwork, heapIwork, info);
            };
            case "sgesdd" -> () -> {
                restoreHeap();
                l.sgesdd("S", n, n, fA, n, fOut, fU, n, fVt, n, fWork, lwork, heapIwork, info);
            };
            default -> throw new IllegalArgumentException(routine);
        };
    }

    /** INFO of the last netlib call or the floor's: the case is valid only if both are 0. */
    int lastInfo() {
        return Math.max(Math.abs(info.val), Math.abs(pinfo.get(ValueLayout.JAVA_INT, 0)));
    }

    /**
     * What every implementation must agree on: the eigen- or singular values (vectors' signs are each LAPACK's
     * choice, and ?gesdd leaves A undefined), or the factor's first diagonal elements, in absolute value.
     */
    double[] result(boolean heap) {
        boolean values = kind.equals("syevd") || kind.equals("gesdd");
        double[] r = new double[Math.min(n, 4)];
        for (int i = 0; i < r.length; i++) {
            long at = values ? i : (long) i * (n + 1);
            double v;
            if (heap) {
                v = single ? (values ? fOut : fA)[(int) at] : (values ? heapOut : heapA)[(int) at];
            } else {
                MemorySegment s = values ? out1 : a;
                v = single ? s.getAtIndex(ValueLayout.JAVA_FLOAT, at) : s.getAtIndex(ValueLayout.JAVA_DOUBLE, at);
            }
            r[i] = Math.abs(v);
        }
        return r;
    }

    @Override
    public void close() {
        arena.close();
    }
}
