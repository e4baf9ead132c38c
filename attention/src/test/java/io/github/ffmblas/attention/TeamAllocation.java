package io.github.ffmblas.attention;

/**
 * Heap bytes allocated by the threads a forward or a decode step runs on: the calling thread and a workspace's
 * helpers ("ffmblas-team-..."), for the allocation probes.
 */
final class TeamAllocation {
    private TeamAllocation() {}

    /** This thread and the workspace's helpers, once they exist. */
    static long[] measuredThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t == Thread.currentThread() || t.getName().startsWith("ffmblas-team-"))
                .mapToLong(Thread::threadId).toArray();
    }

    /** Heap bytes those threads have allocated so far; allocates only the small result array. */
    static long allocated(com.sun.management.ThreadMXBean threads, long[] ids) {
        long sum = 0;
        for (long bytes : threads.getThreadAllocatedBytes(ids)) {
            sum += bytes;
        }
        return sum;
    }
}
