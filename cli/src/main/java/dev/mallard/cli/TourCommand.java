package dev.mallard.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code mallard tour}: the main job. Runs the three uses of one system definition on built-in examples and
 * writes plots and a Markdown report.
 */
@Command(name = "tour", mixinStandardHelpOptions = true,
        description = {
            "The main job: Mallard's three uses on built-in examples.",
            "Writes PNG plots and report.md into the output folder and prints a summary:",
            "  1. simulate a damped pendulum and a bouncing ball (double);",
            "  2. the gradient of the pendulum's final state by AutoDiff, beside central",
            "     finite differences;",
            "  3. the pendulum's dynamics as symbolic expressions and its linearisation at",
            "     the bottom;",
            "  4. the region of attraction of the time-reversed Van der Pol oscillator,",
            "     certified by SOS;",
            "  5. the region of attraction of an inverted pendulum under linear feedback,",
            "     certified for its true sin dynamics, and under LQR;",
            "  6. the two-machine power system's region (degree-4 V in sin and cos) against",
            "     its true region on a grid, beside LyZNet's anchor."})
final class TourCommand implements Callable<Integer> {

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "mallard-out",
            description = "Output folder (default ${DEFAULT-VALUE}).")
    Path out;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        TourReport report = new TourReport(spec.commandLine().getOut(), out);
        TourSimulation.run(report);
        TourGradient.run(report);
        TourSymbolic.run(report);
        TourRegionOfAttraction.run(report);
        TourTrigonometric.run(report);
        TourPowerSystem.run(report);
        Path file = report.write();
        spec.commandLine().getOut().println();
        spec.commandLine().getOut().println("Report: " + file);
        return Main.OK;
    }
}
