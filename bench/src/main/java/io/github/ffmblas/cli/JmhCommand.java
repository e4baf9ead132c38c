package io.github.ffmblas.cli;

import java.util.List;

/**
 * {@code ffmblas jmh [JMH options] [benchmark regexp]}: JMH's own command line over the benchmarks in this jar
 * ({@code -l} lists them, {@code -h} shows JMH's options, {@code -prof gc} reports allocation per operation).
 * Forked JVMs get {@code --enable-native-access} from the benchmarks' {@code @Fork} annotations.
 */
final class JmhCommand {
    private JmhCommand() {}

    static int run(List<String> args) throws Exception {
        org.openjdk.jmh.Main.main(args.toArray(String[]::new));
        return 0; // JMH calls System.exit itself on failure
    }
}
