package dev.mallard.plot;

import dev.mallard.simulator.Simulator;
import dev.mallard.systems.DynamicalSystem;
import dev.mallard.systems.EventStatus;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Trajectories of a system in the plane of two of its states, each coloured by how it ends: green when it
 * reached the equilibrium, red when it did not (it escaped the plotted region or was still away at the horizon).
 *
 * <p>Not thread-safe; one portrait is drawn on one thread.
 */
public final class PhasePortrait {

    /** The distance from the equilibrium within which a trajectory counts as arrived. */
    public static final double ARRIVAL_RADIUS = 1e-3;

    private final LinePlot plot;
    private boolean convergedInLegend;
    private boolean divergedInLegend;
    private boolean startInLegend;

    /**
     * @param title the title
     * @param xLabel the first state's label, with its unit
     * @param yLabel the second state's label, with its unit
     */
    public PhasePortrait(String title, String xLabel, String yLabel) {
        plot = new LinePlot(title, xLabel, yLabel);
    }

    /**
     * A simulated path in the plane of states 0 and 1.
     *
     * @param x state 0 over time
     * @param y state 1 over time
     * @param t the times, seconds
     * @param converged whether it ended within {@link #ARRIVAL_RADIUS} of the equilibrium
     */
    public record Orbit(double[] x, double[] y, double[] t, boolean converged) {
    }

    /**
     * Simulates a system of (at least) two continuous states from {@code x0} for the horizon, stopping early when
     * the state leaves the box of half-width {@code limit} around the equilibrium or comes within 1e-4 of it.
     *
     * @param system the system, double; its states 0 and 1 are the plane
     * @param x0 the initial continuous state
     * @param horizon seconds, {@code > 0}
     * @param xStar the equilibrium's states 0 and 1
     * @param limit the half-width of the region followed, {@code > 0}
     * @return the orbit
     */
    public static Orbit orbit(DynamicalSystem<Double> system, double[] x0, double horizon, double[] xStar,
            double limit) {
        Simulator<Double> simulator = new Simulator<>(Objects.requireNonNull(system, "system"));
        simulator.getMutableContext().setContinuousStateValues(x0);
        simulator.getMutableContext().setAccuracy(1e-8);
        simulator.setMonitor(c -> {
            double a = c.getContinuousState().getValue(0) - xStar[0];
            double b = c.getContinuousState().getValue(1) - xStar[1];
            boolean escaped = !(Math.abs(a) < limit && Math.abs(b) < limit);
            boolean arrived = Math.hypot(a, b) < 1e-4;
            return escaped || arrived ? EventStatus.reachedTermination(system, "left the plotted region")
                    : EventStatus.succeeded();
        });
        SampledTrajectory t = SampledTrajectory.simulateUntilFailure(simulator, horizon, 2000);
        double[] x = t.component(0);
        double[] y = t.component(1);
        int n = x.length;
        boolean converged = Math.hypot(x[n - 1] - xStar[0], y[n - 1] - xStar[1]) < ARRIVAL_RADIUS;
        return new Orbit(x, y, t.times(), converged);
    }

    /**
     * Draws an orbit, green if it converged, red if not.
     *
     * @param orbit the orbit
     * @return this portrait
     */
    public PhasePortrait add(Orbit orbit) {
        boolean first = orbit.converged() ? !convergedInLegend : !divergedInLegend;
        plot.line(orbit.converged() ? "reaches the equilibrium" : "does not reach it", orbit.x(), orbit.y(),
                orbit.converged() ? Palette.CONVERGED : Palette.NOT_CONVERGED, first);
        plot.markers("start", new double[] {orbit.x()[0]}, new double[] {orbit.y()[0]}, java.awt.Color.DARK_GRAY,
                !startInLegend);
        startInLegend = true;
        convergedInLegend |= orbit.converged();
        divergedInLegend |= !orbit.converged();
        return this;
    }

    /**
     * Draws a closed or open curve, e.g. a level set or a limit cycle.
     *
     * @param name the legend entry
     * @param x abscissae
     * @param y ordinates
     * @param color the colour
     * @return this portrait
     */
    public PhasePortrait curve(String name, double[] x, double[] y, java.awt.Color color) {
        plot.line(name, x, y, color, true);
        return this;
    }

    /**
     * Fixes the visible window.
     *
     * @param xMin left edge
     * @param xMax right edge
     * @param yMin bottom edge
     * @param yMax top edge
     * @return this portrait
     */
    public PhasePortrait window(double xMin, double xMax, double yMin, double yMax) {
        plot.window(xMin, xMax, yMin, yMax);
        return this;
    }

    /**
     * Writes the portrait as a PNG.
     *
     * @param file a path ending in .png
     * @return {@code file}
     * @throws IllegalArgumentException if the name does not end in .png
     * @throws java.io.UncheckedIOException if it cannot be written
     */
    public Path save(Path file) {
        return plot.save(file);
    }

    /** @return the names the legend lists */
    java.util.List<String> legend() {
        return plot.legend();
    }
}
