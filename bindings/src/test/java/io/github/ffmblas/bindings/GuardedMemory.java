package io.github.ffmblas.bindings;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.ArrayList;
import java.util.List;

/**
 * Segments of exactly the bytes asked for, each in a fresh mapping of its own with an inaccessible page right after
 * its end or right before its start, so native code that touches a byte outside the segment on that side dies of
 * SIGSEGV at once instead of reading a neighbour's memory (Linux x86-64: mmap, mprotect and munmap called through
 * the linker). {@link #close} unmaps every segment it gave out.
 */
final class GuardedMemory implements AutoCloseable {
    /** Which side of the segment the inaccessible page lies on. */
    enum Guard { AFTER_END, BEFORE_START }

    private static final int PROT_NONE = 0;
    private static final int PROT_READ_WRITE = 3;
    private static final int MAP_PRIVATE_ANONYMOUS = 0x22;
    private static final int SC_PAGESIZE = 30; // glibc's _SC_PAGESIZE
    private static final MethodHandle MMAP;
    private static final MethodHandle MPROTECT;
    private static final MethodHandle MUNMAP;
    private static final long PAGE;

    static {
        Linker linker = Linker.nativeLinker();
        MMAP = downcall(linker, "mmap", FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG,
                ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT,
                ValueLayout.JAVA_LONG));
        MPROTECT = downcall(linker, "mprotect", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG,
                ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT));
        MUNMAP = downcall(linker, "munmap", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG,
                ValueLayout.JAVA_LONG));
        MethodHandle sysconf = downcall(linker, "sysconf", FunctionDescriptor.of(ValueLayout.JAVA_LONG,
                ValueLayout.JAVA_INT));
        try {
            PAGE = (long) sysconf.invokeExact(SC_PAGESIZE);
        } catch (Throwable e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Start address and length of each mapping made, for {@link #close}. */
    private final List<long[]> mappings = new ArrayList<>();

    /** {@code bytes} of zeroed read-write memory, the inaccessible page on the {@code guard} side of it. */
    MemorySegment allocate(long bytes, Guard guard) {
        long usablePages = (bytes + PAGE - 1) / PAGE;
        long length = (usablePages + 1) * PAGE;
        long base = mmap(length);
        mappings.add(new long[] {base, length});
        long guardPage = guard == Guard.AFTER_END ? base + usablePages * PAGE : base;
        mprotectNone(guardPage);
        long start = guard == Guard.AFTER_END ? guardPage - bytes : base + PAGE;
        return MemorySegment.ofAddress(start).reinterpret(bytes);
    }

    @Override
    public void close() {
        for (long[] mapping : mappings) {
            munmap(mapping[0], mapping[1]);
        }
        mappings.clear();
    }

    private static long mmap(long length) {
        long base;
        try {
            base = (long) MMAP.invokeExact(0L, length, PROT_READ_WRITE, MAP_PRIVATE_ANONYMOUS, -1, 0L);
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
        if (base == -1) {
            throw new IllegalStateException("mmap of " + length + " bytes failed");
        }
        return base;
    }

    private static void mprotectNone(long page) {
        int result;
        try {
            result = (int) MPROTECT.invokeExact(page, PAGE, PROT_NONE);
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
        if (result != 0) {
            throw new IllegalStateException("mprotect(PROT_NONE) at 0x" + Long.toHexString(page) + " failed");
        }
    }

    private static void munmap(long base, long length) {
        int result;
        try {
            result = (int) MUNMAP.invokeExact(base, length);
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
        if (result != 0) {
            throw new IllegalStateException("munmap at 0x" + Long.toHexString(base) + " failed");
        }
    }

    private static MethodHandle downcall(Linker linker, String name, FunctionDescriptor descriptor) {
        return linker.downcallHandle(linker.defaultLookup().find(name).orElseThrow(), descriptor);
    }
}
