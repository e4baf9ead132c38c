package io.github.ffmblas.bench.cli;

import java.io.Console;
import java.io.PrintWriter;

/**
 * What a long benchmark is doing: one line redrawn in place on a terminal, plain lines otherwise, so a log
 * redirected to a file reads as lines and holds no carriage returns.
 */
final class Progress {
    private static final int WIDTH = 110;

    private final PrintWriter err;
    private final boolean terminal;
    private boolean shown;

    private Progress(PrintWriter err, boolean terminal) {
        this.err = err;
        this.terminal = terminal;
    }

    static Progress on(PrintWriter err) {
        Console console = System.console();
        return new Progress(err, console != null && console.isTerminal());
    }

    void show(String line) {
        if (terminal) {
            String fitted = line.length() >= WIDTH ? line.substring(0, WIDTH) : line + " ".repeat(WIDTH - line.length());
            err.print("\r" + fitted);
            shown = true;
        } else {
            err.println(line);
        }
        err.flush();
    }

    void clear() {
        if (shown) {
            err.print("\r" + " ".repeat(WIDTH) + "\r");
            err.flush();
            shown = false;
        }
    }
}
