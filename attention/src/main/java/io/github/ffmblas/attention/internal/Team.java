package io.github.ffmblas.attention.internal;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * A caller plus {@code size - 1} daemon workers that run the items of a parallel loop together: the threads of a
 * {@link Workspace} (and of the benchmark's pure-Java GEMM). Items are claimed one at a time, so a thread the OS
 * delays simply claims fewer.
 *
 * <p>One loop at a time (callers take turns, never overlap), with one reused job: running a loop allocates
 * nothing. Idle workers spin
 * briefly, then park; the owner likewise waits for a worker still busy. A job a worker has not picked up by the
 * time the owner ran out of items is withdrawn, so a slow wake-up never delays a loop. The park/unpark
 * hand-shakes are Dekker-style on volatiles: each side writes its flag, then reads the other's.
 */
public final class Team implements AutoCloseable {
    /** How long an idle worker, or the owner waiting for one, spins before parking: loops come in bursts. */
    static final long SPIN_NANOS = 50_000L;
    private static final AtomicInteger TEAMS = new AtomicInteger();

    /** The body of a parallel loop. */
    @FunctionalInterface
    public interface Task {
        /** Runs item {@code item} on team member {@code member} (0 is the caller), which may own scratch. */
        void run(int item, int member);
    }

    private final Worker[] workers;
    private final Job job = new Job();
    /** Set while a loop runs: one job is reused, so loops must not overlap or nest. */
    private final AtomicBoolean running = new AtomicBoolean();

    /** @param size the threads of a loop, the caller included: {@code size - 1} workers are started */
    public Team(int size) {
        if (size < 1) {
            throw new IllegalArgumentException("threads must be >= 1, got " + size);
        }
        workers = new Worker[size - 1];
        int team = TEAMS.incrementAndGet();
        for (int i = 0; i < workers.length; i++) {
            workers[i] = new Worker("ffmblas-team-" + team + "-" + (i + 1), i + 1);
            workers[i].start();
        }
    }

    public int size() {
        return workers.length + 1;
    }

    /**
     * Runs {@code task} for items {@code 0..items-1} on the calling thread and the workers, and returns when all
     * are done. The first exception thrown by an item stops the claiming of new items and is rethrown here.
     */
    public void run(Task task, int items) {
        if (!running.compareAndSet(false, true)) {
            throw new IllegalStateException("this team is already running a loop (loops must not overlap or nest)");
        }
        try {
            runLoop(task, items);
        } finally {
            running.set(false);
        }
    }

    private void runLoop(Task task, int items) {
        int helpers = Math.min(workers.length, items - 1);
        if (helpers <= 0) {
            for (int i = 0; i < items; i++) {
                task.run(i, 0);
            }
            return;
        }
        job.start(task, items);
        for (int i = 0; i < helpers; i++) {
            workers[i].submit(job);
        }
        job.work(0);
        for (int i = 0; i < helpers; i++) {
            workers[i].await(job); // even after a failure: the items in flight use the owner's memory
        }
        Throwable failure = job.finish();
        if (failure instanceof RuntimeException e) {
            throw e;
        }
        if (failure instanceof Error e) {
            throw e;
        }
        if (failure != null) {
            throw new IllegalStateException("a parallel item failed", failure);
        }
    }

    /**
     * {@code s} as the workers may use it during a {@link #run} by the calling thread: itself when they can
     * access it already; the same memory with the global scope when it is confined to the calling thread. Sound
     * because a confined arena can only be closed by its owner, which waits in {@code run} until every item is
     * done; so the result must not outlive that run. Memory confined to a third thread, or freed, is returned as
     * it is: using it fails in a worker as it would on the caller.
     */
    public MemorySegment lend(MemorySegment s) {
        Thread worker = anyWorker();
        return s == null || worker == null || s.isAccessibleBy(worker) || !s.isAccessibleBy(Thread.currentThread())
                || !s.scope().isAlive() ? s : s.reinterpret(Arena.global(), null);
    }

    /** A worker thread, to ask whether the workers may access a segment; null when there are none. */
    public Thread anyWorker() {
        return workers.length == 0 ? null : workers[0];
    }

    /** Stops the workers (after the loop in flight, if any). */
    @Override
    public void close() {
        for (Worker w : workers) {
            w.shutdown();
        }
    }

    /** The loop in progress: its items, the next one to claim, and the first failure. */
    private static final class Job {
        private final AtomicInteger next = new AtomicInteger();
        private final AtomicReference<Throwable> failure = new AtomicReference<>();
        private volatile Task task;
        private volatile int items;

        void start(Task task, int items) {
            failure.set(null);
            next.set(0);
            this.items = items;
            this.task = task;
        }

        void work(int member) {
            Task t = task;
            int n = items;
            for (int i = next.getAndIncrement(); i < n; i = next.getAndIncrement()) {
                try {
                    t.run(i, member);
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                    next.set(n);
                }
            }
        }

        Throwable finish() {
            task = null;
            return failure.getAndSet(null);
        }
    }

    private static final class Worker extends Thread {
        private final int member;
        private final AtomicReference<Job> offered = new AtomicReference<>();
        /** True from just before this worker claims a job until it has finished it. */
        private volatile boolean running;
        private volatile boolean parked;
        private volatile Thread waiter;
        private volatile boolean stopped;

        Worker(String name, int member) {
            super(name);
            this.member = member;
            setDaemon(true);
        }

        void submit(Job job) {
            offered.set(job);
            if (parked) {
                LockSupport.unpark(this);
            }
        }

        /** Returns once this worker is not working on {@code job}: withdrawn before it started, or finished. */
        void await(Job job) {
            if (offered.compareAndSet(job, null)) {
                return;
            }
            long deadline = System.nanoTime() + SPIN_NANOS;
            boolean interrupted = false;
            while (running) {
                if (System.nanoTime() < deadline) {
                    Thread.onSpinWait();
                } else {
                    waiter = Thread.currentThread();
                    if (running) {
                        LockSupport.park(this);
                        // An interrupt would make every later park return at once: keep it for the caller.
                        interrupted |= Thread.interrupted();
                    }
                    waiter = null;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }

        void shutdown() {
            stopped = true;
            LockSupport.unpark(this);
        }

        @Override
        public void run() {
            for (Job job = next(); job != null; job = next()) {
                try {
                    job.work(member);
                } finally {
                    finished();
                }
            }
        }

        private void finished() {
            running = false;
            Thread w = waiter;
            if (w != null) {
                LockSupport.unpark(w);
            }
        }

        /** The next job, claimed (running set), or null once stopped. */
        private Job next() {
            long deadline = System.nanoTime() + SPIN_NANOS;
            while (true) {
                if (offered.get() != null) {
                    running = true;
                    Job job = offered.getAndSet(null);
                    if (job != null) {
                        return job;
                    }
                    finished(); // the owner withdrew it meanwhile
                } else if (stopped) {
                    return null;
                } else if (System.nanoTime() < deadline) {
                    Thread.onSpinWait();
                } else {
                    parked = true;
                    if (offered.get() == null && !stopped) {
                        LockSupport.park(this);
                    }
                    parked = false;
                    deadline = System.nanoTime(); // woken: no more spinning until the next job is done
                }
            }
        }
    }
}
