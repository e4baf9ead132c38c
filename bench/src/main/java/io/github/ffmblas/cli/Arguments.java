package io.github.ffmblas.cli;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Parses {@code --flag value} and {@code --switch} arguments against a declared set, so that an unknown flag,
 * a missing value or a repeated flag is a usage error naming it.
 */
final class Arguments {
    private final Map<String, String> values = new HashMap<>();
    private final Set<String> switches;

    private Arguments(Set<String> switches) {
        this.switches = switches;
    }

    static Arguments parse(List<String> args, Set<String> valueFlags, Set<String> switchFlags) {
        Arguments parsed = new Arguments(new java.util.HashSet<>());
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            String flag = arg;
            String inline = null;
            int eq = arg.indexOf('=');
            if (arg.startsWith("--") && eq > 0) {
                flag = arg.substring(0, eq);
                inline = arg.substring(eq + 1);
            }
            if (valueFlags.contains(flag)) {
                String value = inline;
                if (value == null) {
                    if (i + 1 >= args.size() || args.get(i + 1).startsWith("--")) {
                        throw new UsageException(flag + " needs a value");
                    }
                    value = args.get(++i);
                }
                if (parsed.values.putIfAbsent(flag, value) != null) {
                    throw new UsageException(flag + " is given twice");
                }
            } else if (switchFlags.contains(flag) && inline == null) {
                if (!parsed.switches.add(flag)) {
                    throw new UsageException(flag + " is given twice");
                }
            } else if (arg.startsWith("-")) {
                throw new UsageException("unknown option " + arg);
            } else {
                throw new UsageException("unexpected argument '" + arg + "'");
            }
        }
        return parsed;
    }

    boolean has(String flag) {
        return switches.contains(flag) || values.containsKey(flag);
    }

    String optional(String flag, String fallback) {
        return values.getOrDefault(flag, fallback);
    }

    String required(String flag) {
        String value = values.get(flag);
        if (value == null) {
            throw new UsageException("missing " + flag);
        }
        return value;
    }

    Path requiredPath(String flag) {
        String value = required(flag);
        if (value.isBlank()) {
            throw new UsageException(flag + " needs a file name");
        }
        return Path.of(value);
    }

    /** An integer flag in [min, max]; {@code fallback} when absent. */
    int integer(String flag, int min, int max, int fallback) {
        String value = values.get(flag);
        if (value == null) {
            return fallback;
        }
        try {
            int n = Integer.parseInt(value.strip());
            if (n < min || n > max) {
                throw new UsageException(flag + " must be between " + min + " and " + max + ", got " + n);
            }
            return n;
        } catch (NumberFormatException e) {
            throw new UsageException(flag + " must be a whole number, got '" + value + "'");
        }
    }
}
