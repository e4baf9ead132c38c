package io.github.ffmblas.cli;

/** A problem with what the user asked for or gave us: exit code 2, one line on stderr, no stack trace. */
public final class UsageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public UsageException(String message) {
        super(message);
    }

    public UsageException(String message, Throwable cause) {
        super(message, cause);
    }
}
