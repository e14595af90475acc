package dev.mallard.cli;

import dev.mallard.simulator.Simulator;
import dev.mallard.symbolic.Environment;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.EventStatus;
import dev.mallard.systems.DynamicalSystem;
import java.awt.Color;
import java.nio.file.Path;
import java.util.List;

/**
 * The picture of a two-state region of attraction: the boundary of the estimate {V <= 1}, the true
 * boundary when simulation finds one, and trajectories started just inside and just outside the estimate.
 */
final class RoaPlot {

    private static final int RAYS = 360;

    private RoaPlot() {
    }

    /**
     * Draws the picture.
     *
     * @param v the normalised V in {@code vars}
     * @param vars the two state variables
     * @param xStar the equilibrium
     * @param forward the system (double)
     * @param reversed the time-reversed system (double), whose attracting cycle, if any, is the true boundary
     * @param title the plot title
     * @param file the PNG file
     * @return what was drawn, for the caller's summary
     */
    static Drawing draw(Expression v, List<Variable> vars, double[] xStar, DynamicalSystem<Double> forward, DynamicalSystem<Double> reversed,
            String title, Path file) {
        double[][] boundary = levelSet(v, vars, xStar);
        double[][] truth = trueBoundary(reversed, boundary, xStar);
        double half = 1.6 * extent(truth == null ? boundary : truth, xStar);
        Plot plot = new Plot(title, vars.get(0).name() + " [state units]", vars.get(1).name() + " [state units]")
                .window(xStar[0] - half, xStar[0] + half, xStar[1] - half, xStar[1] + half);
        int inside = 0;
        int outside = 0;
        double[][] outer = truth == null ? boundary : truth;
        for (int k = 0; k < 6; k++) {
            Orbit a = orbit(forward, scaled(boundary, k * boundary[0].length / 6, xStar, 0.95), 30, xStar, half);
            Orbit b = orbit(forward, scaled(outer, k * outer[0].length / 6, xStar, truth == null ? 1.6 : 1.15), 30, xStar, half);
            plot.line("from inside the estimate", a.x(), a.y(), new Color(44, 160, 44), k == 0);
            plot.line("from outside", b.x(), b.y(), new Color(214, 39, 40), k == 0);
            inside += converged(a, xStar) ? 1 : 0;
            outside += converged(b, xStar) ? 1 : 0;
        }
        plot.line("estimate {V <= 1} (certified)", boundary[0], boundary[1], new Color(31, 119, 180), true);
        if (truth != null) {
            plot.line("true boundary (simulated)", truth[0], truth[1], Color.BLACK, true);
        }
        return new Drawing(plot.save(file), truth != null, inside, outside);
    }

    /** The largest distance of a curve's points from the equilibrium along either axis. */
    private static double extent(double[][] curve, double[] xStar) {
        double e = 0;
        for (int k = 0; k < curve[0].length; k++) {
            e = Math.max(e, Math.max(Math.abs(curve[0][k] - xStar[0]), Math.abs(curve[1][k] - xStar[1])));
        }
        return e;
    }

    /** What a picture shows: the file, whether a true boundary was found, and how many of 6 trajectories converged. */
    record Drawing(Path file, boolean trueBoundaryFound, int insideConverged, int outsideConverged) {
    }

    /** Points of {V = 1} along rays from the equilibrium (first crossing outward, found by bisection). */
    static double[][] levelSet(Expression v, List<Variable> vars, double[] xStar) {
        double[][] out = new double[2][RAYS + 1];
        Environment env = new Environment();
        for (int k = 0; k <= RAYS; k++) {
            double angle = 2 * Math.PI * k / RAYS;
            double c = Math.cos(angle);
            double s = Math.sin(angle);
            double lo = 0;
            double hi = 1e-3;
            while (value(v, vars, env, xStar, c, s, hi) <= 1 && hi < 1e6) {
                lo = hi;
                hi *= 1.5;
            }
            for (int it = 0; it < 60; it++) {
                double mid = 0.5 * (lo + hi);
                if (value(v, vars, env, xStar, c, s, mid) <= 1) {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            out[0][k] = xStar[0] + lo * c;
            out[1][k] = xStar[1] + lo * s;
        }
        return out;
    }

    private static double value(Expression v, List<Variable> vars, Environment env, double[] xStar, double c, double s, double r) {
        env.put(vars.get(0), xStar[0] + r * c).put(vars.get(1), xStar[1] + r * s);
        return v.evaluate(env);
    }

    /**
     * Simulates the time-reversed system from just outside the estimate; if the trajectory stays bounded and
     * away from the equilibrium for the whole horizon, its last stretch follows an attracting cycle of the
     * reversed system: the boundary of the true region. Returns null otherwise.
     */
    private static double[][] trueBoundary(DynamicalSystem<Double> reversed, double[][] boundary, double[] xStar) {
        double[] start = scaled(boundary, 0, xStar, 1.05);
        // The equilibrium repels in reversed time, so the arrival test never ends this run early.
        Orbit orbit = orbit(reversed, start, 60, xStar, 20 * extent(boundary, xStar));
        int n = orbit.x().length;
        double r = Math.hypot(orbit.x()[n - 1] - xStar[0], orbit.y()[n - 1] - xStar[1]);
        if (orbit.endTime() < 60 || !(r > 1e-3)) {
            return null;
        }
        // The last 15 s: more than one revolution of a cycle the trajectory has converged to.
        int from = 0;
        while (orbit.t()[from] < 45) {
            from++;
        }
        return new double[][] {java.util.Arrays.copyOfRange(orbit.x(), from, n), java.util.Arrays.copyOfRange(orbit.y(), from, n)};
    }

    /** A simulated path in the plane and the time it ended (early when it escaped or arrived). */
    private record Orbit(double[] x, double[] y, double[] t, double endTime) {
    }

    /**
     * Simulates from x0 for the horizon; stops early when the state leaves the box of the given half-width around
     * the equilibrium (divergence) or comes within 1e-4 of it.
     */
    private static Orbit orbit(DynamicalSystem<Double> system, double[] x0, double horizon, double[] xStar, double limit) {
        Simulator<Double> simulator = new Simulator<>(system);
        simulator.getMutableContext().setContinuousStateValues(x0);
        simulator.getMutableContext().setAccuracy(1e-8);
        simulator.setMonitor(c -> {
            double a = c.getContinuousState().getValue(0);
            double b = c.getContinuousState().getValue(1);
            boolean escaped = !(Math.abs(a - xStar[0]) < limit && Math.abs(b - xStar[1]) < limit);
            boolean arrived = Math.hypot(a - xStar[0], b - xStar[1]) < 1e-4;
            return escaped || arrived ? EventStatus.reachedTermination(system, "left the plotted region")
                    : EventStatus.succeeded();
        });
        Trajectory t = Trajectory.simulateUntilFailure(simulator, horizon, 2000);
        return new Orbit(t.component(0), t.component(1), t.times(), simulator.getContext().getTimeValue());
    }

    private static double[] scaled(double[][] curve, int i, double[] xStar, double factor) {
        return new double[] {xStar[0] + factor * (curve[0][i] - xStar[0]), xStar[1] + factor * (curve[1][i] - xStar[1])};
    }

    private static boolean converged(Orbit orbit, double[] xStar) {
        int n = orbit.x().length;
        return Math.hypot(orbit.x()[n - 1] - xStar[0], orbit.y()[n - 1] - xStar[1]) < 1e-3;
    }
}
