package dev.mallard.cli;

import dev.mallard.plot.Figure;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.function.Supplier;

/** The commands' check of a plot file name (the plots themselves are drawn by {@code dev.mallard.plot}). */
final class Plots {

    private Plots() {
    }

    /**
     * Refuses a plot file whose name does not end in .png (in any case), before any work is done.
     *
     * @throws BadInputException naming the option
     */
    static void checkPng(Path file, String option) {
        if (!Figure.isPngName(file)) {
            throw new BadInputException(option + ": '" + Messages.quote(file.toString())
                    + "' does not end in .png (plots are written as PNG files)");
        }
    }

    /**
     * Draws and writes a --plot file; a write failure is a failed computation (exit 1) saying why.
     *
     * @throws ComputationException if the file cannot be written
     */
    static <R> R write(Path file, Supplier<R> draw) {
        try {
            return draw.get();
        } catch (UncheckedIOException e) {
            throw new ComputationException("--plot: cannot write " + Messages.quote(file.toString()) + ": "
                    + Messages.reason(e.getCause()));
        }
    }
}
