package io.github.ffmblas.bindings;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * One BLAS call being made: its operands, declared by shape, and the checks derived from them, made before any
 * native code runs. A routine declares its operands in order and checks them:
 * <pre>{@code
 * Call call = Call.begin("ddot", Precision.DOUBLE)
 *         .vector("x", x, xOffset, n, incx)
 *         .vector("y", y, yOffset, n, incy)
 *         .check();
 * }</pre>
 * then, between {@link #enter} and {@link #leave}, calls {@link Downcall#byAddress} with {@link #address address(i)}
 * for operand i when the call is {@link #byAddress}, else {@link Downcall#bySegment} with {@link #at at(i)}, each
 * with {@link #critical} first. Each failure names the routine and the parameter:
 * <ul>
 *   <li>every segment non-null, alive ({@link IllegalStateException}), accessible from this thread
 *       ({@link WrongThreadException}), and native or a heap segment over the precision's own array type
 *       ({@code float[]} for s and c, {@code double[]} for d and z), which is then passed by a critical
 *       downcall that pins the array;</li>
 *   <li>no output read-only (an {@code asReadOnly()} view, a file mapped {@code READ_ONLY});</li>
 *   <li>offsets {@code >= 0}, each leading dimension {@code >= max(1, width)} of its runs, the last element of
 *       each operand's storage inside its segment, in exact {@code long} arithmetic, and each touched operand
 *       starting at an address aligned for its element type;</li>
 *   <li>no output sharing an element with an input or another output, nor one batch item of an output with
 *       another: decided exactly, on the elements each operand touches.</li>
 * </ul>
 * When no output element would be written (or, for a routine without outputs, no input element read), the call
 * is {@link #skip skipped}: the segments are still checked as above, extents and alignment are not.
 *
 * <p><b>Nothing allocated.</b> Each thread reuses one {@code Call}: the operands go into its arrays, not into
 * objects, so a checked call allocates nothing however the JIT compiles it. A routine runs to completion before
 * its thread can start another, so one per thread is enough; the segments are dropped when the call ends, so
 * that a finished call keeps no array or segment reachable.
 *
 * <p><b>Two paths, one set of rules.</b> Most calls are plainly valid: every operand non-empty, inside a live
 * segment of the right kind, and each output's byte range clear of every other operand's. {@link #check} accepts
 * exactly those with a few comparisons per operand ({@link #plainEnd}); anything else, valid or not, goes to
 * {@link #general}, which decides every call exactly and names what is wrong, so no rule lives only on the quick
 * path.
 *
 * <p><b>Brief calls.</b> A call whose operands span at most {@link #BRIEF_BYTES} and are not file-mapped runs as
 * a critical downcall, as every heap call must: no thread-state transition, and no count in the
 * {@link ExitGate}, whose two atomic updates would cost more than such a call's whole native work. On HotSpot a
 * thread in a critical downcall stays in the Java state, so the safepoint at which the JVM exits waits for it, and
 * OpenBLAS is never unloaded under it. It also holds off every other safepoint (the GC) while it runs, which is
 * why only calls this small qualify: OpenBLAS runs them on the calling thread in microseconds.
 */
final class Call {
    /**
     * The most bytes the operands of a brief call may span together: 32 KiB, e.g. a 64 x 64 single-precision
     * matrix-vector product or three 36 x 36 double matrices. Far below every size at which OpenBLAS 0.3.31
     * splits a routine over threads (level 1 from about 10,000 elements, gemv from 9,216 matrix elements, gemm from
     * 262,144 multiply-adds), so a brief call never waits for another thread.
     */
    static final long BRIEF_BYTES = 32 * 1024;
    /**
     * HotSpot, where a thread in a critical downcall stays in the Java state, so the safepoint at which the JVM
     * exits cannot complete until the call returns. {@code Linker.Option.critical} is only a hint elsewhere.
     */
    static final boolean CRITICAL_HOLDS_EXIT = isHotSpot();
    /** The most operands of one routine: LAPACK's ?gesdd has A, s, U, VT, work and iwork (and rwork, complex). */
    private static final int MAX_OPERANDS = 8;
    private static final ThreadLocal<Call> CURRENT = ThreadLocal.withInitial(Call::new);
    /** A thread that owns nothing: a segment it cannot access is confined to some thread. */
    static final Thread NO_OWNER = new Thread(() -> { });
    static final MemorySegment.Scope GLOBAL = Arena.global().scope();

    String routine;
    private Precision precision;
    private int count;
    // Operand i as declared: few stores per operand, since storing is what a short call spends its time on. The
    // shape is kept as the declaration's own numbers (kind and raw), from which both paths derive what they need.
    private final String[] name = new String[MAX_OPERANDS];
    /** Object[], not MemorySegment[]: a store into an array of an interface type costs a subtype check. */
    private final Object[] segment = new Object[MAX_OPERANDS];
    private final int[] kind = new int[MAX_OPERANDS];
    // Scratch of the quick path: each operand's byte range and what its segment is.
    private final long[] start = new long[MAX_OPERANDS];
    private final long[] end = new long[MAX_OPERANDS];
    private final int[] facts = new int[MAX_OPERANDS];
    private static final int NATIVE = 1;
    /** Native memory that only this thread can free: see {@link #byAddress}. */
    private static final int OWNED = 2;
    /** Flag of the quick path: a file-mapped segment, which it leaves to the general path. */
    private static final int MAPPED = 4;
    /** The class of every segment {@code Arena.allocate} returns, and of their slices. */
    static final Class<?> NATIVE_SEGMENT = Arena.global().allocate(1).getClass();
    /** Offset and the kind's parameters p0..p4 of operand i, at {@code i * RAW}. */
    private final long[] raw = new long[MAX_OPERANDS * RAW];
    private static final int RAW = 6;

    // Kinds, and the parameters each keeps.
    /** p0 = n, p1 = |inc|. */
    private static final int VECTOR = 0;
    /** p0 = n: n adjacent elements. */
    private static final int CONTIGUOUS = 1;
    /** p0 = runs, p1 = width, p2 = ld, p3 = count, p4 = stride. */
    private static final int GENERAL = 2;
    /** p0 = n, p1 = ld, p2 = elements skipped at the diagonal (1 for a unit diagonal), p3 = 1 from the diagonal on. */
    private static final int TRIANGLE = 3;
    /** p0 = runs, p1 = width, p2 = ld, p3 = diagonals before the main one in a run, p4 = elements across. */
    private static final int BAND = 4;
    private static final int KIND = 0xff;
    /** Flag: written by the call. */
    private static final int OUTPUT = 0x100;
    /** Flag: a real scalar in a complex routine (crotg's c), of the routine's real precision. */
    private static final int REAL = 0x200;
    /** Flag: an array of 32-bit ints. */
    private static final int INT = 0x400;

    /** Some operand is a heap segment: the call must be a critical downcall that may access the heap. */
    boolean heap;
    /** The call runs as a critical downcall: a heap operand, or a brief call (see the class comment). */
    boolean critical;
    /** Nothing to compute: return without calling native code (the call is already over). */
    boolean skip;
    /**
     * Every operand is native memory that no other thread can free while this one is in the call: confined to
     * this thread (checked accessible already) or global. Such a call passes addresses ({@link #address}), which
     * allocates nothing; any other goes as slices ({@link #at}), which FFM keeps alive for the call (a shared
     * arena's close waits for it) and which the JIT can keep off the heap only where one routine sees one kind of
     * segment.
     */
    boolean byAddress;

    /** The one operand's leading dimension named otherwise (see {@link #leadingDimension}), or null. */
    private String ldName;

    private Call() {}

    private static boolean isHotSpot() {
        String vm = System.getProperty("java.vm.name", "");
        return vm.contains("HotSpot") || vm.startsWith("OpenJDK");
    }

    /** How many calls this thread has begun here: the tests tell by it which calls the quick paths took. */
    private long begun;

    static long begunOnThisThread() {
        return CURRENT.get().begun;
    }

    /** Starts this thread's next call of {@code routine}, whose operands are of {@code precision}. */
    static Call begin(String routine, Precision precision) {
        Call call = CURRENT.get();
        call.begun++;
        call.clear();
        call.routine = routine;
        call.precision = precision;
        return call;
    }

    // ---- the shape vocabulary ------------------------------------------------------------------------------

    /** n elements |inc| apart (a negative increment walks the same elements backwards). */
    Call vector(String name, MemorySegment segment, long offset, long n, int inc) {
        int at = add(name, segment, VECTOR, offset);
        raw[at + 1] = n;
        raw[at + 2] = Math.abs((long) inc);
        return this;
    }

    /** A run of n adjacent elements: a fixed array such as rotm's parameters, or one scalar. */
    Call contiguous(String name, MemorySegment segment, long offset, long n) {
        int at = add(name, segment, CONTIGUOUS, offset);
        raw[at + 1] = n;
        return this;
    }

    /** One real scalar in a complex routine, of its real precision: crotg's c. */
    Call realScalar(String name, MemorySegment segment, long offset) {
        return reals(name, segment, offset, 1);
    }

    /** n adjacent reals of the routine's real precision: singular values and eigenvalues of a complex routine. */
    Call reals(String name, MemorySegment segment, long offset, long n) {
        int at = add(name, segment, CONTIGUOUS | REAL, offset);
        raw[at + 1] = n;
        return this;
    }

    /** n adjacent 32-bit ints: LAPACK's pivot indices and integer work arrays. */
    Call ints(String name, MemorySegment segment, long offset, long n) {
        int at = add(name, segment, CONTIGUOUS | INT, offset);
        raw[at + 1] = n;
        return this;
    }

    /** A packed triangle of order n: n(n+1)/2 adjacent elements. */
    Call packed(String name, MemorySegment segment, long offset, long n) {
        return contiguous(name, segment, offset, n * (n + 1) / 2); // n < 2^31: no overflow
    }

    /** A general matrix stored rows x cols in layout with leading dimension ld. */
    Call general(String name, MemorySegment segment, long offset, Layout layout, long rows, long cols, long ld) {
        return generalBatch(name, segment, offset, layout, rows, cols, ld, 1, 0);
    }

    /** {@link #general} for {@code count} batch items {@code stride} elements apart. */
    Call generalBatch(String name, MemorySegment segment, long offset, Layout layout, long rows, long cols, long ld,
                      long count, long stride) {
        boolean rowMajor = layout == Layout.ROW_MAJOR;
        long width = rowMajor ? cols : rows;
        int at = add(name, segment, GENERAL, offset);
        long[] r = raw;
        r[at + 1] = width == 0 ? 0 : rowMajor ? rows : cols;
        r[at + 2] = width;
        r[at + 3] = ld;
        r[at + 4] = count;
        r[at + 5] = stride;
        return this;
    }

    /**
     * The {@code uplo} triangle of an n x n matrix (triangular, symmetric or Hermitian), without the diagonal
     * when {@code diag} is {@link Diag#UNIT} (BLAS never reads it then).
     */
    Call triangle(String name, MemorySegment segment, long offset, Layout layout, Uplo uplo, Diag diag, long n,
                  long ld) {
        int at = add(name, segment, TRIANGLE, offset);
        long[] r = raw;
        r[at + 1] = n;
        r[at + 2] = ld;
        r[at + 3] = diag == Diag.UNIT ? 1 : 0;
        // Row-major upper and column-major lower keep the part of each run from the diagonal on.
        r[at + 4] = (layout == Layout.ROW_MAJOR) == (uplo == Uplo.UPPER) ? 1 : 0;
        return this;
    }

    /**
     * An m x n band matrix with kl sub- and ku super-diagonals in BLAS band storage (ld >= kl + ku + 1). Column
     * major stores column j's band as rows ku - j .. ku + m - 1 - j of an ld x n array; row major (CBLAS) stores
     * row i's band as columns kl - i .. kl + n - 1 - i of an m x ld array.
     */
    Call band(String name, MemorySegment segment, long offset, Layout layout, long m, long n, long kl, long ku,
              long ld) {
        boolean rowMajor = layout == Layout.ROW_MAJOR;
        int at = add(name, segment, BAND, offset);
        long[] r = raw;
        r[at + 1] = m == 0 || n == 0 ? 0 : rowMajor ? m : n;
        r[at + 2] = kl + ku + 1;
        r[at + 3] = ld;
        r[at + 4] = rowMajor ? kl : ku;
        r[at + 5] = rowMajor ? n : m;
        return this;
    }

    /**
     * The uplo half of an n x n triangular, symmetric or Hermitian band matrix with k off-diagonals, in band
     * storage (ld >= k + 1): an upper one is a band with ku = k, a lower one with kl = k.
     */
    Call triangularBand(String name, MemorySegment segment, long offset, Layout layout, Uplo uplo, long n, long k,
                        long ld) {
        return band(name, segment, offset, layout, n, n, uplo == Uplo.LOWER ? k : 0, uplo == Uplo.UPPER ? k : 0, ld);
    }

    /**
     * Names the leading dimension of the operand declared last, where it is not "ld" and the operand's name: the
     * second shape of an in-place transposition, whose leading dimension is ldb.
     */
    Call leadingDimension(String parameter) {
        ldName = parameter;
        return this;
    }

    /** Marks the operand declared last as written by the call. */
    Call output() {
        kind[count - 1] |= OUTPUT;
        return this;
    }

    /** Declares operand {@code count}; returns where its raw numbers go. */
    private int add(String name, MemorySegment segment, int kind, long offset) {
        int i = count++;
        this.name[i] = name;
        this.segment[i] = segment;
        this.kind[i] = kind;
        int at = i * RAW;
        raw[at] = offset;
        return at;
    }

    /** The element type of operand i. */
    private Precision type(int i) {
        int k = kind[i];
        return (k & INT) != 0 ? Precision.INT : (k & REAL) == 0 ? precision
                : precision == Precision.COMPLEX_DOUBLE || precision == Precision.DOUBLE ? Precision.DOUBLE
                : Precision.SINGLE;
    }

    /** Operand i as a record, for the general checks. */
    private Operand operand(int i) {
        int k = kind[i];
        long[] r = raw;
        int at = i * RAW;
        long offset = r[at];
        long p0 = r[at + 1];
        long p1 = r[at + 2];
        long p2 = r[at + 3];
        long p3 = r[at + 4];
        long p4 = r[at + 5];
        boolean out = (k & OUTPUT) != 0;
        String n = name[i];
        MemorySegment s = (MemorySegment) segment[i];
        Precision p = type(i);
        return switch (k & KIND) {
            case VECTOR -> new Operand(n, s, p, offset, out, p0, 1, p1, 1, 0, 0, 0, 0, 0, 0, 0);
            case CONTIGUOUS -> new Operand(n, s, p, offset, out, p0 == 0 ? 0 : 1, p0, Math.max(p0, 1), 1, 0, 0, 0,
                    p0 - 1, 0, 0, p0 - 1);
            case GENERAL -> new Operand(n, s, p, offset, out, p0, p1, p2, p3, p4, 0, 0, p1 - 1, 0, 0, p1 - 1);
            case TRIANGLE -> p3 == 1
                    ? new Operand(n, s, p, offset, out, p0, p0, p1, 1, 0, p2, 1, p0 - 1, 0, 0, p0 - 1)
                    : new Operand(n, s, p, offset, out, p0, p0, p1, 1, 0, 0, 0, -p2, 1, 0, p0 - 1);
            case BAND -> new Operand(n, s, p, offset, out, p0, p1, p2, 1, 0, p3, -1, p3 + p4 - 1, -1, 0, p1 - 1);
            default -> throw new AssertionError(k);
        };
    }

    // ---- the checks ----------------------------------------------------------------------------------------

    /**
     * Checks the operands declared and returns this call, ready to be made (or {@link #skip skipped}).
     *
     * @throws IllegalArgumentException, IllegalStateException, WrongThreadException, NullPointerException as the
     *                                   class comment lists
     */
    Call check() {
        try {
            if (!quick()) {
                general();
            }
            if (skip) {
                clear();
            }
            return this;
        } catch (RuntimeException | Error e) {
            clear();
            throw e;
        }
    }

    /**
     * Makes a checked call that may run long (LAPACK's) an ordinary downcall, counted by the exit gate, whatever its
     * operands' size: critical only when a heap array needs pinning. Call it after {@link #check}.
     */
    Call notBrief() {
        critical = heap;
        return this;
    }

    /** {@link #check} for a shape of an operand that a second declaration checks again, as it is used. */
    void validate() {
        check();
        clear();
    }

    /** Accepts a plainly valid call (see the class comment); false leaves the decision to {@link #general}. */
    private boolean quick() {
        long bytes = 0;
        int all = NATIVE | OWNED;
        int any = 0;
        for (int i = 0; i < count; i++) {
            long e = plainEnd(i);
            if (e < 0) {
                return false;
            }
            bytes += e - start[i];
            end[i] = e;
            all &= facts[i];
            any |= facts[i];
        }
        for (int i = 0; i < count; i++) {
            for (int j = i + 1; j < count; j++) {
                if (((kind[i] | kind[j]) & OUTPUT) != 0 && rangesMeet(i, j)) {
                    return false;
                }
            }
        }
        set((all & NATIVE) == 0, bytes <= BRIEF_BYTES && (any & MAPPED) == 0, false, (all & OWNED) != 0);
        return true;
    }

    /**
     * One past the last byte of operand i's storage (its first in {@link #start}, what it is in {@link #facts}),
     * or -1 when it is not plainly valid: null, closed, another thread's, a heap segment over the wrong array, a
     * read-only output, empty, a batch, a negative offset, a short leading dimension, outside its segment or
     * misaligned. With every extent below 2^31 (else -1), nothing here can overflow: (2^31)^2 + 2^31 &lt; 2^63.
     *
     * <p>Only the segment classes of {@code Arena.allocate} and {@code MemorySegment.ofArray} take this path, each
     * tested by its exact class: within each branch the JIT then knows the class, and calls on the segment are
     * direct, however many kinds of segment the program passes elsewhere (through the interface, each would be a
     * virtual call). Other segments (file-mapped ones) get the general checks.
     */
    private long plainEnd(int i) {
        long span = plainSpan(i);
        Object o = segment[i];
        if (span < 0 || o == null) {
            return -1;
        }
        int k = kind[i];
        Precision p = (k & (REAL | INT)) == 0 ? precision : type(i);
        Class<?> c = o.getClass();
        if (c == NATIVE_SEGMENT) {
            return plainEnd(i, (MemorySegment) o, true, span, k, p);
        }
        if (c == p.heapSegment) {
            return plainEnd(i, (MemorySegment) o, false, span, k, p);
        }
        return -1;
    }

    private long plainEnd(int i, MemorySegment s, boolean isNative, long span, int k, Precision p) {
        if (!s.scope().isAlive() || !s.isAccessibleBy(Thread.currentThread())
                || ((k & OUTPUT) != 0 && s.isReadOnly())) {
            return -1;
        }
        long off = raw[i * RAW];
        long elements = s.byteSize() / p.bytes;
        long first = s.address() + off * p.bytes;
        if (off < 0 || off > elements || span > elements - off || (first & (p.alignment - 1)) != 0) {
            return -1;
        }
        start[i] = first;
        facts[i] = isNative ? (ownedOrGlobal(s) ? NATIVE | OWNED : NATIVE) : 0;
        return first + span * p.bytes;
    }

    /**
     * The elements operand i's storage spans, (runs - 1) * ld + width, or -1 unless it is one non-empty item
     * whose runs, width and leading dimension are below 2^31, with ld >= width.
     */
    private long plainSpan(int i) {
        long[] r = raw;
        int at = i * RAW;
        long runs = r[at + 1];
        long width;
        long ld;
        switch (kind[i] & KIND) {
            case VECTOR -> {
                width = 1;
                ld = r[at + 2];
            }
            case CONTIGUOUS -> {
                width = runs;
                ld = runs;
                runs = 1;
            }
            case TRIANGLE -> {
                width = runs;
                ld = r[at + 2];
            }
            default -> { // GENERAL (one item only) and BAND
                if ((kind[i] & KIND) == GENERAL && r[at + 4] != 1) {
                    return -1;
                }
                width = r[at + 2];
                ld = r[at + 3];
            }
        }
        if (runs <= 0 || width <= 0 || ld < width || ((runs | width | ld) >>> 31) != 0) {
            return -1;
        }
        return (runs - 1) * ld + width;
    }

    /**
     * Whether the byte ranges of operands i and j may share memory: native memory is one address space, heap
     * segments share memory only over the same array.
     */
    private boolean rangesMeet(int i, int j) {
        boolean aNative = (facts[i] & NATIVE) != 0;
        if (aNative != ((facts[j] & NATIVE) != 0)
                || (!aNative && !Overlap.sameMemory((MemorySegment) segment[i], (MemorySegment) segment[j]))) {
            return false;
        }
        return start[i] < end[j] && start[j] < end[i];
    }

    private void set(boolean heap, boolean brief, boolean skip, boolean byAddress) {
        this.heap = heap;
        this.critical = heap || (brief && CRITICAL_HOLDS_EXIT);
        this.skip = skip;
        this.byAddress = byAddress;
    }

    /** True when no thread but the calling one can free {@code s}'s memory: see {@link #byAddress}. */
    static boolean ownedOrGlobal(MemorySegment s) {
        return !s.isAccessibleBy(NO_OWNER) || s.scope() == GLOBAL; // one global scope: identity is its equality
    }

    /** Decides every call exactly, naming what is wrong; the operands become {@link Operand} records here only. */
    private void general() {
        Operand[] operands = new Operand[count];
        for (int i = 0; i < count; i++) {
            operands[i] = operand(i);
        }
        boolean anyHeap = false;
        boolean hasOutput = false;
        boolean allEmpty = true;
        for (Operand o : operands) {
            anyHeap |= usable(o);
            hasOutput |= o.output();
        }
        for (Operand o : operands) {
            if ((o.output() || !hasOutput) && !o.isEmpty()) {
                allEmpty = false;
            }
        }
        for (Operand o : operands) {
            if (o.offset() < 0) {
                throw new IllegalArgumentException(routine + ": offset of " + o.name() + "=" + o.offset()
                        + " must be >= 0");
            }
            if (o.ld() < Math.max(1, o.width())) {
                throw new IllegalArgumentException(routine + ": " + (ldName != null ? ldName
                        : "ld" + o.name().toLowerCase()) + "=" + o.ld()
                        + " must be >= " + Math.max(1, o.width()) + " (" + o.name() + " stores " + o.width()
                        + " elements per " + (o.runs() > 0 ? "row or column" : "run") + ")");
            }
        }
        if (allEmpty) {
            set(anyHeap, false, true, false);
            return;
        }
        long bytes = 0;
        boolean mapped = false;
        boolean owned = true;
        for (Operand o : operands) {
            if (!o.isEmpty()) {
                bytes += Math.min(extent(o), BRIEF_BYTES + 1); // no overflow
            }
            mapped |= o.segment().isMapped();
            owned &= ownedOrGlobal(o.segment());
        }
        for (int i = 0; i < operands.length; i++) {
            Operand out = operands[i];
            if (!out.output() || out.isEmpty()) {
                continue;
            }
            if (out.count() > 1 && Overlap.itemsMeet(out)) {
                throw new IllegalArgumentException(routine + ": the " + out.count() + " items of " + out.name()
                        + " overlap one another (stride " + out.stride() + ");"
                        + " each batch item needs memory of its own");
            }
            for (int j = 0; j < operands.length; j++) {
                Operand other = operands[j];
                if (j == i || other.isEmpty() || (other.output() && j < i)) {
                    continue;
                }
                if (Overlap.meet(out, other)) {
                    throw new IllegalArgumentException(routine + ": " + (other.output()
                            ? "outputs " + out.name() + " and " + other.name() + " overlap"
                            : "output " + out.name() + " overlaps input " + other.name())
                            + "; BLAS results are undefined when they share memory");
                }
            }
        }
        set(anyHeap, bytes <= BRIEF_BYTES && !mapped, false, owned && !anyHeap);
    }

    /** Checks what every segment passed must be, touched or not; returns whether it is a heap segment. */
    private boolean usable(Operand o) {
        MemorySegment s = Checks.live(routine, o.name(), o.segment());
        if (o.output() && s.isReadOnly()) {
            throw new IllegalArgumentException(routine + ": output " + o.name() + " is a read-only segment"
                    + (s.isMapped() ? " (a file mapped read-only)" : "") + "; BLAS would write into it");
        }
        if (s.isNative()) {
            return false;
        }
        Class<?> expected = o.precision().heapArray;
        if (s.getClass() != o.precision().heapSegment) { // the class tells the array's type, read-only views too
            throw new IllegalArgumentException(routine + ": " + o.name() + " is a heap segment over "
                    + arrayType(s) + "; " + (o.precision() == Precision.INT ? o.name() + " takes"
                    : routine.charAt(0) + " routines take") + " native memory or a segment over a "
                    + expected.getSimpleName());
        }
        return true;
    }

    /** The type of array a heap segment wraps: a read-only view hides the array but not its class (OfInt...). */
    private static String arrayType(MemorySegment s) {
        Object array = s.heapBase().orElse(null);
        if (array != null) {
            return array.getClass().getSimpleName();
        }
        String name = s.getClass().getSimpleName();
        return name.startsWith("Of") ? name.substring(2).toLowerCase(java.util.Locale.ROOT) + "[] (a read-only view)"
                : "an array of another type (a read-only view)";
    }

    /** The last element of the operand's storage inside its segment, its start aligned; returns its bytes. */
    private long extent(Operand o) {
        Precision p = o.precision();
        long last;
        long endByte;
        try {
            long span = Math.addExact(Math.multiplyExact(o.runs() - 1, o.ld()), o.width());
            last = Math.addExact(o.offset(), Math.addExact(Math.multiplyExact(o.count() - 1, o.stride()), span - 1));
            endByte = Math.multiplyExact(Math.addExact(last, 1), (long) p.bytes);
        } catch (ArithmeticException overflow) {
            throw new IllegalArgumentException(routine + ": " + o.name() + " extends past 2^63 bytes (offset "
                    + o.offset() + ", leading dimension or increment " + o.ld() + ")");
        }
        MemorySegment s = o.segment();
        if (endByte > s.byteSize()) {
            long available = s.byteSize() / p.bytes;
            throw new IllegalArgumentException(routine + ": " + o.name() + " needs " + p.noun
                    + "s up to index " + last + " but its segment holds " + available + " " + p.noun
                    + (available == 1 ? "" : "s")
                    + " (offset " + o.offset() + ", leading dimension or increment " + o.ld()
                    + (o.count() > 1 ? ", stride " + o.stride() + ", count " + o.count() : "") + ")");
        }
        long first = s.address() + o.offset() * p.bytes;
        if ((first & (p.alignment - 1)) != 0) { // a heap segment's address is its byte offset in the array
            throw new IllegalArgumentException(routine + ": " + o.name() + " starts at "
                    + (s.isNative() ? "address 0x" + Long.toHexString(first) : "byte " + first + " of its array")
                    + ", which is not " + p.alignment + "-byte aligned");
        }
        return endByte - o.offset() * p.bytes;
    }

    // ---- making the call -----------------------------------------------------------------------------------

    /** Operand i as the pointer to pass: a slice from its first element (the segment itself when untouched). */
    MemorySegment at(int i) {
        MemorySegment s = (MemorySegment) segment[i];
        long n = raw[i * RAW + 1]; // the first parameter of every kind is 0 when the operand is empty
        boolean empty = n == 0 || (kind[i] & KIND) == GENERAL && (raw[i * RAW + 2] == 0 || raw[i * RAW + 4] == 0);
        long first = raw[i * RAW];
        // No slice for an operand at the segment's start: a slice is an object, and where the JIT does not inline the
        // downcall chain (large callers, mixed profiles) it is allocated on every call.
        return empty || first == 0 ? s : s.asSlice(first * type(i).bytes);
    }

    /** Operand i's address, for a call {@link #byAddress}: its first element's (the segment's when untouched). */
    long address(int i) {
        MemorySegment s = (MemorySegment) segment[i];
        long n = raw[i * RAW + 1];
        boolean empty = n == 0 || (kind[i] & KIND) == GENERAL && (raw[i * RAW + 2] == 0 || raw[i * RAW + 4] == 0);
        return empty ? s.address() : s.address() + raw[i * RAW] * type(i).bytes;
    }

    /**
     * Enters the exit gate (see {@link ExitGate}), or for a critical call on HotSpot only checks that it is open;
     * pass the result to {@link #leave}.
     */
    int enter() {
        try {
            if (critical && CRITICAL_HOLDS_EXIT) {
                ExitGate.ensureOpen(routine);
                return ExitGate.NONE;
            }
            return ExitGate.enter(routine);
        } catch (RuntimeException e) {
            clear();
            throw e;
        }
    }

    /** Ends the call: leaves the exit gate and lets go of the segments. */
    void leave(int gate) {
        ExitGate.leave(gate);
        clear();
    }

    /** Ends a call made in Java instead (see {@link Quirks}): lets go of the segments. */
    void done() {
        clear();
    }

    /** What a failed downcall throws: a closed arena as {@link IllegalStateException}, the rest as it is. */
    RuntimeException failed(Throwable e) {
        return Downcall.failed(routine, e);
    }

    private void clear() {
        for (int i = 0; i < count; i++) {
            segment[i] = null;
        }
        count = 0;
        ldName = null;
    }
}
