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
import java.util.ServiceLoader;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * The {@code ffmblas} command line. Exit codes: 0 success; 2 a problem with the arguments or the input files,
 * told in one line on stderr; 1 an internal error (set {@code FFMBLAS_DEBUG=1} for its stack trace).
 * {@code attention} and {@code info} are here; other modules add commands through {@link Subcommand}.
 */
@Command(name = "ffmblas", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "OpenBLAS through the Panama FFM API, and multi-head attention built on it.",
        subcommands = {InfoCommand.class, AttentionCommand.class, CommandLine.HelpCommand.class})
public final class Main implements Runnable {
    static final int USAGE = 2;
    static final int INTERNAL = 1;

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs one command line with the given streams; returns the exit code. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        PrintWriter o = new PrintWriter(out, true, StandardCharsets.UTF_8);
        PrintWriter e = new PrintWriter(err, true, StandardCharsets.UTF_8);
        // picocli reads every command's annotations when the tree is built, the benchmark's dozens of options too.
        // A built-in command needs none of the others: skipping them took the cold start of `attention` from 542 to
        // 505 ms (medians of 10).
        boolean builtIn = args.length > 0 && (args[0].equals("attention") || args[0].equals("info"));
        CommandLine cli = commandLine(!builtIn);
        cli.setOut(o);
        cli.setErr(e);
        try {
            return cli.execute(args);
        } finally {
            o.flush();
            e.flush();
        }
    }

    /** The built-in commands, and with {@code extras} every {@link Subcommand} on the class path. */
    static CommandLine commandLine(boolean extras) {
        CommandLine cli = new CommandLine(new Main());
        if (extras) {
            for (Subcommand extra : ServiceLoader.load(Subcommand.class)) {
                cli.addSubcommand(extra);
            }
        }
        cli.setParameterExceptionHandler(Main::badArguments);
        cli.setExecutionExceptionHandler((ex, line, parsed) -> failed(ex, line));
        return cli;
    }

    @Spec
    private CommandSpec spec;

    /** {@code ffmblas} alone: the usage, and exit 2 since nothing was asked for. */
    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "no command given");
    }

    private static int badArguments(ParameterException ex, String[] args) {
        CommandLine line = ex.getCommandLine();
        PrintWriter err = line.getErr();
        if (line.getCommandSpec().name().equals("ffmblas") && ex.getMessage().equals("no command given")) {
            line.usage(err);
            return USAGE;
        }
        err.println(prefix(line) + describe(ex, line) + " (try: " + line.getCommandSpec().qualifiedName() + " --help)");
        return USAGE;
    }

    /** picocli's message, except for arguments it did not expect, which it reports by index. */
    private static String describe(ParameterException ex, CommandLine line) {
        if (ex instanceof UnmatchedArgumentException unmatched && !unmatched.getUnmatched().isEmpty()) {
            String first = unmatched.getUnmatched().getFirst();
            if (first.startsWith("-")) {
                return "unknown option " + first;
            }
            return line.getCommandSpec().subcommands().isEmpty() ? "unexpected argument '" + first + "'"
                    : "unknown command '" + first + "'";
        }
        return ex.getMessage();
    }

    private static int failed(Exception ex, CommandLine line) {
        String message = userMessage(ex);
        PrintWriter err = line.getErr();
        if (message != null) {
            err.println(prefix(line) + message);
            if (debug()) {
                ex.printStackTrace(err);
            }
            return USAGE;
        }
        err.println(prefix(line) + "internal error: " + ex
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

    private static String prefix(CommandLine line) {
        return line.getCommandSpec().qualifiedName() + ": ";
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

    static final class Version implements IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"ffmblas " + version()};
        }
    }
}
