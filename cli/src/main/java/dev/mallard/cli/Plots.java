package dev.mallard.cli;

import java.awt.Color;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** The plots the commands draw. */
final class Plots {

    private static final Color[] PALETTE = {new Color(31, 119, 180), new Color(255, 127, 14), new Color(44, 160, 44),
        new Color(214, 39, 40), new Color(148, 103, 189), new Color(140, 86, 75), new Color(227, 119, 194),
        new Color(127, 127, 127)};

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

    /** Each state against time. */
    static Path states(Trajectory trajectory, List<String> names, String title, Path file) {
        Plot plot = new Plot(title, "time t [s]", "state (units of each state)");
        for (int i = 0; i < names.size(); i++) {
            plot.line(names.get(i), trajectory.times(), trajectory.component(i), PALETTE[i % PALETTE.length], true);
        }
        return plot.save(file);
    }
}
