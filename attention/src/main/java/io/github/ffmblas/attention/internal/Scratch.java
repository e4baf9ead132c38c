package io.github.ffmblas.attention.internal;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.ref.Cleaner;

/**
 * What a {@code Workspace} holds: one thread's scratch memory, grown to the largest forward seen and reused, its
 * helper threads when forwards are split, and the one {@link ForwardPlan} its forwards reuse (and {@link DecodePlan}
 * its cache steps), so a steady-state forward or step allocates nothing.
 */
public final class Scratch {
    private static final Cleaner CLEANER = Cleaner.create();
    /** Enough for the inputs, output, weights, masks and attention weights of one forward. */
    private static final int LENT_SLOTS = 12;
    /** Carved regions start on 64-byte boundaries. */
    private static final long ALIGN_FLOATS = 16;

    private final Thread owner;
    private final boolean closeable;
    /** The owner's helpers when forwards run on more than one thread; null otherwise. */
    private final Team team;
    private final Held held;
    private final Cleaner.Cleanable cleanable;
    private ForwardPlan plan;
    private DecodePlan decodePlan;
    /** Memory confined to the owner, lent to the team: originals and their globally scoped twins, round robin. */
    private final MemorySegment[] lentFrom = new MemorySegment[LENT_SLOTS];
    private final MemorySegment[] lentTo = new MemorySegment[LENT_SLOTS];
    private int nextSlot;
    private Arena arena;
    private MemorySegment slab = MemorySegment.NULL;
    /**
     * What {@link #reserve} hands out: the slab itself (a workspace of one thread: confined), or the same memory
     * with the global scope. The per-thread workspace's slab is in an automatic arena, which the JDK passes to
     * native code as slices it keeps alive during the call; those slices ended up on the heap (1.4 KB a forward at
     * B=1 L=64 d=128 H=8, JFR), where memory of the global scope goes by address. A team workspace's slab is in a
     * shared arena, which a backend that reads memory by address outside a downcall (oneDNN) would have to stage.
     * Sound because only the owner thread may close a workspace ({@link #checkUsable}), never during its own
     * forward; the per-thread workspace is held by its thread's {@code ThreadLocal} for as long as the thread
     * lives; and the view never leaves a forward pass, which takes it anew from {@link #reserve}.
     */
    private MemorySegment view = MemorySegment.NULL;
    private long allocatedBytes;
    private int allocations;
    private boolean closed;

    /**
     * Scratch owned by the calling thread, for {@code holder} (the workspace): a closeable one with helpers is
     * released when {@code holder} is collected without being closed.
     */
    public Scratch(Object holder, boolean closeable, int threads) {
        this.owner = Thread.currentThread();
        this.closeable = closeable;
        this.team = threads > 1 ? new Team(threads) : null;
        // A safety net: a team workspace dropped without close() still stops its helpers and frees its (shared)
        // memory once collected. The action holds only those, nothing that leads back to the holder.
        this.held = team == null ? null : new Held(team);
        this.cleanable = held == null ? null : CLEANER.register(holder, held);
    }

    /** What a team workspace must release: its helpers and its current arena. */
    private static final class Held implements Runnable {
        private final Team team;
        private volatile Arena arena;

        Held(Team team) {
            this.team = team;
        }

        @Override
        public void run() {
            team.close();
            Arena a = arena;
            if (a != null) {
                a.close();
            }
        }
    }

    public Thread owner() {
        return owner;
    }

    /** How many threads a forward runs on, the owner included. */
    public int threads() {
        return team == null ? 1 : team.size();
    }

    /** The owner's helpers, or null when forwards run on the owner alone. */
    public Team team() {
        return team;
    }

    /** The plan this scratch's forwards fill in and run, made on first use. */
    public ForwardPlan plan() {
        if (plan == null) {
            plan = new ForwardPlan(this);
        }
        return plan;
    }

    /** The plan this scratch's steps over a key/value cache fill in and run, made on first use. */
    public DecodePlan decodePlan() {
        if (decodePlan == null) {
            decodePlan = new DecodePlan(this);
        }
        return decodePlan;
    }

    /**
     * {@code s} as the team's helpers may use it: itself, or, when it is confined to the owner, the same memory
     * with the global scope (see {@link Team#lend}), remembered so the next forward on the same tensors
     * allocates nothing. A remembered twin is only handed out for a segment the forward has just found alive.
     */
    MemorySegment lend(MemorySegment s) {
        if (s == null || team == null) {
            return s;
        }
        for (int i = 0; i < LENT_SLOTS; i++) {
            if (lentFrom[i] == s) {
                return lentTo[i];
            }
        }
        MemorySegment twin = team.lend(s);
        if (twin != s) {
            lentFrom[nextSlot] = s;
            lentTo[nextSlot] = twin;
            nextSlot = (nextSlot + 1) % LENT_SLOTS;
        }
        return twin;
    }

    public long allocatedBytes() {
        return allocatedBytes;
    }

    public int allocations() {
        return allocations;
    }

    public long capacityBytes() {
        return slab.byteSize();
    }

    /**
     * A segment of at least {@code floats} floats, valid until the next call. Grows (dropping the old contents)
     * only when the current one is too small.
     */
    MemorySegment reserve(long floats) {
        checkUsable();
        long bytes = Math.multiplyExact(floats, (long) Float.BYTES);
        if (slab.byteSize() < bytes) {
            // Free the old slab before taking a bigger one: an explicit workspace never holds two.
            if (arena != null && closeable) {
                arena.close();
            }
            // Shared when helpers work in it; confined otherwise (cheaper to close).
            arena = !closeable ? Arena.ofAuto() : team != null ? Arena.ofShared() : Arena.ofConfined();
            slab = arena.allocate(Math.max(bytes, 64), 64);
            if (held != null) {
                held.arena = arena;
            }
            view = closeable && team == null ? slab : GlobalView.of(slab);
            allocatedBytes += slab.byteSize();
            allocations++;
        }
        return view;
    }

    public void checkUsable() {
        if (Thread.currentThread() != owner) {
            throw new WrongThreadException("this Workspace belongs to thread '" + owner.getName()
                    + "'; give each thread its own (Workspace.create() or Workspace.forCurrentThread())");
        }
        if (closed) {
            throw new IllegalStateException("this Workspace is closed");
        }
    }

    /** Rounds a float count up to the alignment of carved regions. */
    public static long aligned(long floats) {
        return (floats + ALIGN_FLOATS - 1) / ALIGN_FLOATS * ALIGN_FLOATS;
    }

    public void close() {
        if (!closeable) {
            throw new UnsupportedOperationException("the per-thread workspace is freed by the garbage collector");
        }
        checkUsable();
        closed = true;
        if (cleanable != null) {
            cleanable.clean(); // the helpers and the arena, once
        } else if (arena != null) {
            arena.close();
        }
        slab = MemorySegment.NULL;
        view = MemorySegment.NULL;
    }
}
