package io.github.ffmblas.cli;

import java.util.concurrent.Callable;

/**
 * A command that another module adds to {@code ffmblas} (the benchmark module adds {@code bench} and {@code jmh}):
 * a picocli {@code @Command} with a public no-argument constructor, listed in
 * {@code META-INF/services/io.github.ffmblas.cli.Subcommand}. It returns the exit code; a {@link UsageException}
 * (or picocli's {@code ParameterException}) is a problem with what the user gave: exit 2, one line.
 */
public interface Subcommand extends Callable<Integer> {}
