package io.github.ffmblas.cli;

import io.github.ffmblas.attention.safetensors.InvalidSafeTensorsException;
import io.github.ffmblas.nativelib.OpenBlasLoadException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.util.Arrays;
import java.util.List;

/**
 * The {@code ffmblas} command line. Exit codes: 0 success; 2 a problem with the arguments or the input files,
 * told in one line on stderr; 1 an internal error (set {@code FFMBLAS_DEBUG=1} for its stack trace).
 */
public final class Main {
    private static final String USAGE = String.join("\n",
            "usage: ffmblas <command> [options]",
            "  info        the JDK, the OpenBLAS loaded (version, config, core, threads) and where from",
            "  attention   one multi-head attention forward pass:",
            "              " + AttentionCommand.USAGE,
            "  bench       native against its peers, tables + results.json, report.md, chart.png:",
            "              " + BenchCommand.USAGE,
            "  jmh         the JMH benchmarks in this jar: ffmblas jmh [JMH options] [regexp] (-l lists, -h helps)");

    private Main() {}

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 0) {
            err.println(USAGE);
            return 2;
        }
        String command = args[0];
        List<String> rest = Arrays.asList(args).subList(1, args.length);
        try {
            return switch (command) {
                case "info" -> {
                    Arguments.parse(rest, java.util.Set.of(), java.util.Set.of());
                    yield InfoCommand.run(out);
                }
                case "attention" -> AttentionCommand.run(rest, out);
                case "jmh" -> JmhCommand.run(rest);
                case "bench" -> BenchCommand.run(rest, out, err);
                case "help", "--help", "-h" -> {
                    out.println(USAGE);
                    yield 0;
                }
                case "--version", "version" -> {
                    out.println("ffmblas " + version());
                    yield 0;
                }
                default -> throw new UsageException("unknown command '" + command + "' (try: ffmblas help)");
            };
        } catch (UsageException | IllegalArgumentException | InvalidSafeTensorsException e) {
            return fail(err, command, e.getMessage(), e);
        } catch (NoSuchFileException e) {
            return fail(err, command, "no such file: " + e.getFile() + because(e), e);
        } catch (AccessDeniedException e) {
            return fail(err, command, "permission denied: " + e.getFile() + because(e), e);
        } catch (java.io.UncheckedIOException e) {
            if (e.getCause() instanceof InvalidSafeTensorsException invalid) {
                return fail(err, command, invalid.getMessage(), invalid);
            }
            return fail(err, command, "I/O error: " + e.getCause().getMessage(), e);
        } catch (OpenBlasLoadException e) {
            return fail(err, command, e.getMessage(), e);
        } catch (IOException e) {
            return fail(err, command, "I/O error: " + e.getMessage(), e);
        } catch (Exception | Error e) {
            err.println("ffmblas " + command + ": internal error: " + e
                    + (debug() ? "" : " (set FFMBLAS_DEBUG=1 for the stack trace)"));
            if (debug()) {
                e.printStackTrace(err);
            }
            return 1;
        }
    }

    /** The reason a file exception gives beyond its path (ffmblas's writer says which directory is missing). */
    private static String because(java.nio.file.FileSystemException e) {
        return e.getReason() == null ? "" : " (" + e.getReason() + ")";
    }

    private static int fail(PrintStream err, String command, String message, Throwable cause) {
        err.println("ffmblas " + command + ": " + (message == null ? cause.toString() : message));
        if (debug()) {
            cause.printStackTrace(err);
        }
        return 2;
    }

    private static boolean debug() {
        String value = System.getenv("FFMBLAS_DEBUG");
        return value != null && !value.isBlank() && !value.equals("0");
    }

    static String version() {
        String v = Main.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }
}
