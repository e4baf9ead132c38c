package io.github.ffmblas.bench.cli;

import io.github.ffmblas.cli.Subcommand;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Unmatched;

/**
 * {@code ffmblas jmh [JMH options] [benchmark regexp]}: JMH's own command line over the benchmarks in this jar
 * ({@code -l} lists them, {@code -h} shows JMH's options, {@code -prof gc} reports allocation per operation).
 * Forked JVMs get {@code --enable-native-access} from the benchmarks' {@code @Fork} annotations.
 */
@Command(name = "jmh", description = "The JMH benchmarks in this jar: ffmblas jmh [JMH options] [regexp]"
        + " (-l lists them, -h shows JMH's options).")
public final class JmhCommand implements Subcommand {
    /** Everything after {@code jmh}, options included, goes to JMH as it is. */
    @Unmatched
    private List<String> args = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        org.openjdk.jmh.Main.main(args.toArray(String[]::new));
        return 0; // JMH calls System.exit itself on failure
    }
}
