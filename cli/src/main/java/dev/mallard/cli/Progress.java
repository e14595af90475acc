package dev.mallard.cli;

import java.io.PrintStream;

/**
 * Progress of long work, written on one self-overwriting line of stderr, and only when the command runs in a
 * terminal: redirected or piped output (and so --json consumers) never sees it.
 */
final class Progress {

    private static final Progress SILENT = new Progress(null);

    private final PrintStream err;
    private int width;

    private Progress(PrintStream err) {
        this.err = err;
    }

    /** @return progress on stderr when the JVM has a console (an interactive terminal), otherwise silent */
    static Progress forTerminal() {
        return System.console() != null ? new Progress(System.err) : SILENT;
    }

    /** Replaces the progress line with the given text. */
    void show(String text) {
        if (err == null) {
            return;
        }
        err.print('\r' + text + " ".repeat(Math.max(0, width - text.length())));
        err.flush();
        width = text.length();
    }

    /** Clears the progress line. */
    void done() {
        if (err != null && width > 0) {
            err.print('\r' + " ".repeat(width) + '\r');
            err.flush();
            width = 0;
        }
    }
}
