package io.github.ffmblas.bench.load;

/**
 * One model served to many client threads, as a service holds it: opened once, shared, closed at the end.
 * {@link #client()} is called on the client's own thread, which alone then uses what it returns.
 */
public interface Service extends AutoCloseable {

    /** What the reports call it. */
    String name();

    /** A client's per-thread state (output memory, workspace); called on that thread. */
    Client client() throws Exception;

    /** One client's way into the service. */
    interface Client extends AutoCloseable {
        /** One request: a forward pass of the shared input into this client's output. */
        void call() throws Exception;

        /** The last result, to check against the other services' (outside any timing). */
        float[] result() throws Exception;

        @Override
        default void close() throws Exception {}
    }
}
