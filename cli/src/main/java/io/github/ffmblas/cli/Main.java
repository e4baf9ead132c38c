package io.github.ffmblas.cli;

import io.github.ffmblas.attention.safetensors.InvalidSafeTensorsException;
import io.github.ffmblas.nativelib.OpenBlasLoadException;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;

/**
 * The {@code ffmblas} command line. Exit codes: 0 success; 2 a problem with the arguments or the input files,
 * told in one line on stderr; 1 an internal error (set {@code FFMBLAS_DEBUG=1} for its stack trace).
 * {@code attention} and {@code info} are built in; other modules add commands through {@link Subcommand}.
 *
 * <p>This class names no picocli type: an {@code attention} command line that {@link DirectAttention} takes runs
 * without loading picocli at all. Every other line goes to picocli ({@link Cli}).
 */
public final class Main {
    static final int USAGE = 2;
    static final int INTERNAL = 1;

    private Main() {}

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs one command line with the given streams; returns the exit code. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        PrintWriter o = new PrintWriter(out, true, StandardCharsets.UTF_8);
        PrintWriter e = new PrintWriter(err, true, StandardCharsets.UTF_8);
        try {
            AttentionCommand direct = DirectAttention.parse(args);
            if (direct == null) {
                return Cli.run(args, o, e);
            }
            try {
                return direct.call(o);
            } catch (Exception ex) {
                return failed(ex, DirectAttention.COMMAND, e);
            }
        } catch (OutOfMemoryError oom) {
            // Native memory the inputs' shapes call for and the machine refuses: the attention weights alone are
            // batch * heads * seq_q * seq_k floats (a 200,000-token query: 160 GB a head).
            String command = "ffmblas" + (args.length > 0 && !args[0].startsWith("-") ? " " + args[0] : "");
            e.println(command + ": out of memory: " + oom.getMessage() + "; the inputs' shapes need more memory"
                    + " than this machine gives (shorter sequences, a smaller batch, or --no-weights)");
            return USAGE;
        } finally {
            o.flush();
            e.flush();
        }
    }

    /** A command's failure as its exit code, told in one line on {@code err}, prefixed by the command's name. */
    static int failed(Exception ex, String command, PrintWriter err) {
        String message = userMessage(ex);
        if (message != null) {
            err.println(command + ": " + message);
            if (debug()) {
                ex.printStackTrace(err);
            }
            return USAGE;
        }
        err.println(command + ": internal error: " + ex
                + (debug() ? "" : " (set FFMBLAS_DEBUG=1 for the stack trace)"));
        if (debug()) {
            ex.printStackTrace(err);
        }
        return INTERNAL;
    }

    /** The one line for a problem the user can fix, or null for an internal error. */
    private static String userMessage(Throwable ex) {
        if (ex instanceof UncheckedIOException u && u.getCause() instanceof InvalidSafeTensorsException invalid) {
            return invalid.getMessage();
        }
        return switch (ex) {
            case UsageException u -> u.getMessage();
            case InvalidSafeTensorsException i -> i.getMessage();
            case OpenBlasLoadException o -> o.getMessage();
            case IllegalArgumentException i -> i.getMessage();
            case NoSuchFileException n -> "no such file: " + n.getFile();
            case AccessDeniedException a -> "permission denied: " + a.getFile();
            case UncheckedIOException u -> "I/O error: " + u.getCause().getMessage();
            case IOException i -> "I/O error: " + i.getMessage();
            default -> null;
        };
    }

    private static boolean debug() {
        String value = System.getenv("FFMBLAS_DEBUG");
        return value != null && !value.isBlank() && !value.equals("0");
    }

    /** The version in the jar's manifest, {@code dev} when run from classes. */
    public static String version() {
        String v = Main.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }
}
