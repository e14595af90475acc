package dev.mallard.cli;

import java.nio.file.Path;
import java.util.Locale;

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
        Path name = file.getFileName();
        if (name == null || !name.toString().toLowerCase(Locale.ROOT).endsWith(".png")) {
            throw new BadInputException(option + ": '" + Messages.quote(file.toString())
                    + "' does not end in .png (plots are written as PNG files)");
        }
    }
}
