package io.github.ffmblas.cli;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * {@code attention} command lines parsed without picocli, for the cold start: picocli's classes (class-file version
 * 49) cannot go into the JVM's AOT cache, and building its model of a command by reflection over the annotations
 * took ~150 ms of the ~500 a cold {@code ./ffmblas attention} took on 2 cores.
 *
 * <p>Only a line that picocli would accept as it stands, and that asks nothing of picocli but the values, is taken
 * here: {@code attention} followed by {@link AttentionCommand}'s options, each at most once, as {@code --name value}
 * or {@code --name=value}, with every required one present, {@code --heads} and {@code --threads} plain decimal
 * numbers and no value empty or starting with {@code -} or {@code @} (picocli's argument files). Anything else
 * (help, a mistake, an unusual spelling) returns null and goes to picocli, which handles it as before, its messages
 * included. {@code DirectAttentionTest} holds the two parsers to the same values.
 */
final class DirectAttention {
    /** The command's qualified name, which prefixes its messages. */
    static final String COMMAND = "ffmblas attention";

    private DirectAttention() {}

    /** The command for {@code args}, or null when picocli should parse them. */
    static AttentionCommand parse(String[] args) {
        if (args.length < 2 || !args[0].equals("attention")) {
            return null;
        }
        String weights = null;
        String inputs = null;
        String output = null;
        String heads = null;
        String prefix = null;
        String threads = null;
        boolean causal = false;
        boolean noWeights = false;
        for (int i = 1; i < args.length; i++) {
            String arg = args[i];
            String name = arg;
            String value = null;
            int equals = arg.indexOf('=');
            if (arg.startsWith("--") && equals > 0) {
                name = arg.substring(0, equals);
                value = arg.substring(equals + 1);
            }
            switch (name) {
                case "--causal", "--no-weights" -> {
                    if (value != null || (name.equals("--causal") ? causal : noWeights)) {
                        return null;
                    }
                    if (name.equals("--causal")) {
                        causal = true;
                    } else {
                        noWeights = true;
                    }
                }
                case "--weights", "--inputs", "--output", "--heads", "--prefix", "--threads" -> {
                    if (value == null) {
                        if (i + 1 == args.length) {
                            return null;
                        }
                        value = args[++i];
                    }
                    if (value.isEmpty() || value.startsWith("-") || value.startsWith("@")) {
                        return null;
                    }
                    switch (name) {
                        case "--weights" -> { if (weights != null) { return null; } weights = value; }
                        case "--inputs" -> { if (inputs != null) { return null; } inputs = value; }
                        case "--output" -> { if (output != null) { return null; } output = value; }
                        case "--heads" -> { if (heads != null) { return null; } heads = value; }
                        case "--prefix" -> { if (prefix != null) { return null; } prefix = value; }
                        default -> { if (threads != null) { return null; } threads = value; }
                    }
                }
                default -> {
                    return null;
                }
            }
        }
        if (weights == null || inputs == null || output == null || !decimal(heads)
                || (threads != null && !decimal(threads))) {
            return null;
        }
        try {
            return new AttentionCommand(Path.of(weights), Path.of(inputs), Path.of(output), Integer.parseInt(heads),
                    causal, noWeights, prefix == null ? "" : prefix, threads == null ? null : Integer.parseInt(threads));
        } catch (InvalidPathException e) {
            return null;
        }
    }

    /** A number picocli and {@link Integer#parseInt} read alike: 0, or 1 to 9 digits without a leading zero. */
    private static boolean decimal(String s) {
        if (s == null || s.isEmpty() || s.length() > 9 || (s.length() > 1 && s.charAt(0) == '0')) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }
}
