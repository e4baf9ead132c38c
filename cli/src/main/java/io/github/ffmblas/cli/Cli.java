package io.github.ffmblas.cli;

import java.io.PrintWriter;
import java.util.ServiceLoader;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * The root of the picocli command tree: the {@code ffmblas} command, its usage and its handling of bad arguments.
 * {@link Main} comes here for every command line that {@link DirectAttention} does not take.
 */
@Command(name = "ffmblas", mixinStandardHelpOptions = true, versionProvider = Cli.Version.class,
        description = "OpenBLAS through the Panama FFM API, and multi-head attention built on it.",
        subcommands = {InfoCommand.class, AttentionCommand.class, CommandLine.HelpCommand.class})
final class Cli implements Runnable {
    /** Runs one command line through picocli with the given writers; returns the exit code. */
    static int run(String[] args, PrintWriter out, PrintWriter err) {
        // picocli reads every command's annotations when the tree is built, the benchmark's dozens of options too.
        // A built-in command needs none of the others: skipping them took the cold start of `attention` from 542 to
        // 505 ms (medians of 10).
        boolean builtIn = args.length > 0 && (args[0].equals("attention") || args[0].equals("info"));
        CommandLine cli = commandLine(!builtIn);
        cli.setOut(out);
        cli.setErr(err);
        return cli.execute(args);
    }

    /** The built-in commands, and with {@code extras} every {@link Subcommand} on the class path. */
    static CommandLine commandLine(boolean extras) {
        CommandLine cli = new CommandLine(new Cli());
        if (extras) {
            for (Subcommand extra : ServiceLoader.load(Subcommand.class)) {
                cli.addSubcommand(extra);
            }
        }
        cli.setParameterExceptionHandler(Cli::badArguments);
        cli.setExecutionExceptionHandler((ex, line, parsed) ->
                Main.failed(ex, line.getCommandSpec().qualifiedName(), line.getErr()));
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
            return Main.USAGE;
        }
        err.println(line.getCommandSpec().qualifiedName() + ": " + describe(ex, line) + " (try: "
                + line.getCommandSpec().qualifiedName() + " --help)");
        return Main.USAGE;
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

    static final class Version implements IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"ffmblas " + Main.version()};
        }
    }
}
