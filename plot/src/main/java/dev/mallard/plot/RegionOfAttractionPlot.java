package dev.mallard.plot;

import dev.mallard.symbolic.Environment;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.DynamicalSystem;
import java.awt.Color;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * The picture of a two-state region of attraction: the boundary of the estimate {@code {V <= 1}}, the true
 * boundary when simulation finds one, and trajectories started just inside and just outside the estimate, each
 * coloured by where it ends (green: reaches the equilibrium; red: does not), so a wrong estimate shows as a red
 * curve starting inside the blue one.
 *
 * <p>Stateless and thread-safe.
 */
public final class RegionOfAttractionPlot {

    /** The estimate's legend: V is the certified candidate divided by its level, so its level 1 is the estimate. */
    static final String ESTIMATE = "certified estimate {V <= 1} (V normalised: candidate / rho)";
    private static final int RAYS = 360;
    private static final int TRAJECTORIES = 6;

    private RegionOfAttractionPlot() {
    }

    /**
     * What a picture shows.
     *
     * @param file the PNG written
     * @param trueBoundaryFound whether the time-reversed simulation found the true boundary (an attracting cycle)
     * @param insideConverged how many of the trajectories started just inside the estimate reached the equilibrium
     * @param outsideConverged how many of those started just outside (the true boundary, or the estimate) did
     */
    public record Drawing(Path file, boolean trueBoundaryFound, int insideConverged, int outsideConverged) {
    }

    /**
     * The axis labels of states 0 and 1: the names the system declares for them ({@link StatePlots#stateNames}),
     * or, for a state without a declared name, its variable's name (x0, x1 when the analysis was given none).
     */
    static List<String> axisLabels(List<Variable> vars, DynamicalSystem<Double> forward) {
        List<String> declared = StatePlots.stateNames(forward);
        String[] out = new String[2];
        for (int i = 0; i < 2; i++) {
            String name = i < declared.size() ? declared.get(i) : "";
            out[i] = (name.equals("x" + i) ? vars.get(i).name() : name) + " [state units]";
        }
        return List.of(out);
    }

    /**
     * Draws the picture.
     *
     * @param v the normalised V in {@code vars} (the estimate is {@code V <= 1})
     * @param vars the two state variables (an axis is labelled with the name the system declares for its state,
     *     or with the variable's name)
     * @param xStar the equilibrium
     * @param forward the system (double)
     * @param reversed the time-reversed system (double), whose attracting cycle, if any, is the true boundary
     * @param title the plot title
     * @param file the PNG file, ending in .png
     * @return what was drawn
     * @throws IllegalArgumentException if the file name does not end in .png
     * @throws java.io.UncheckedIOException if the file cannot be written
     */
    public static Drawing draw(Expression v, List<Variable> vars, double[] xStar, DynamicalSystem<Double> forward,
            DynamicalSystem<Double> reversed, String title, Path file) {
        Figure.requirePng(file);
        double[][] boundary = levelSet(v, vars, xStar);
        double[][] truth = trueBoundary(reversed, boundary, xStar);
        double half = 1.6 * extent(truth == null ? boundary : truth, xStar);
        List<String> axes = axisLabels(vars, forward);
        PhasePortrait portrait = new PhasePortrait(title, axes.get(0), axes.get(1))
                .window(xStar[0] - half, xStar[0] + half, xStar[1] - half, xStar[1] + half);
        double[][] outer = truth == null ? boundary : truth;
        int inside = 0;
        int outside = 0;
        for (int k = 0; k < TRAJECTORIES; k++) {
            double[] innerStart = scaled(boundary, k * boundary[0].length / TRAJECTORIES, xStar, 0.95);
            double[] outerStart = scaled(outer, k * outer[0].length / TRAJECTORIES, xStar,
                    truth == null ? 1.6 : 1.15);
            PhasePortrait.Orbit a = PhasePortrait.orbit(forward, innerStart, 30, xStar,
                    followed(innerStart, xStar, half));
            PhasePortrait.Orbit b = PhasePortrait.orbit(forward, outerStart, 30, xStar,
                    followed(outerStart, xStar, half));
            portrait.add(a).add(b);
            inside += a.converged() ? 1 : 0;
            outside += b.converged() ? 1 : 0;
        }
        portrait.curve(ESTIMATE, boundary[0], boundary[1], new Color(31, 119, 180));
        if (truth != null) {
            portrait.curve("true boundary (simulated)", truth[0], truth[1], Color.BLACK);
        }
        return new Drawing(portrait.save(file), truth != null, inside, outside);
    }

    /**
     * Draws the slice of an estimate in more than two states through the equilibrium: {@code {V <= 1}} in the
     * plane of states 0 and 1 with the other states at the equilibrium, and trajectories of the full system
     * started on the slice just inside the estimate (at 0.95 of its boundary, spread evenly along it) and outside
     * it (at 1.6), drawn
     * projected onto the plane. Trajectories leave the plane, so the picture shows where they start and how the
     * plane's coordinates evolve; no true boundary is sought.
     *
     * @param v the normalised V in {@code vars}
     * @param vars every state variable, in the system's order, the plane's two first (axes labelled as by {@link #draw})
     * @param xStar the equilibrium, one entry per state
     * @param forward the system (double), whose states 0 and 1 are the plane
     * @param title the plot title
     * @param file the PNG file, ending in .png
     * @return what was drawn ({@code trueBoundaryFound} false)
     * @throws IllegalArgumentException if the file name does not end in .png or the sizes disagree
     * @throws java.io.UncheckedIOException if the file cannot be written
     */
    public static Drawing drawSlice(Expression v, List<Variable> vars, double[] xStar, DynamicalSystem<Double> forward,
            String title, Path file) {
        Figure.requirePng(file);
        if (vars.size() != xStar.length || vars.size() < 2) {
            throw new IllegalArgumentException("vars has " + vars.size() + " entries and xStar " + xStar.length
                    + "; expected one per state, at least two");
        }
        Expression slice = v;
        for (int i = 2; i < vars.size(); i++) {
            slice = slice.substitute(vars.get(i), xStar[i]);
        }
        double[][] boundary = levelSet(slice, vars.subList(0, 2), xStar);
        double half = 1.3 * extent(boundary, xStar);
        List<String> axes = axisLabels(vars, forward);
        PhasePortrait portrait = new PhasePortrait(title, axes.get(0), axes.get(1))
                .window(xStar[0] - half, xStar[0] + half, xStar[1] - half, xStar[1] + half);
        int inside = 0;
        int outside = 0;
        for (int k = 0; k < TRAJECTORIES; k++) {
            int i = alongArc(boundary, (double) k / TRAJECTORIES);
            double[] innerStart = onSlice(boundary, i, xStar, 0.95);
            double[] outerStart = onSlice(boundary, i, xStar, 1.6);
            PhasePortrait.Orbit a = PhasePortrait.orbit(forward, innerStart, 30, xStar,
                    followed(innerStart, xStar, half));
            PhasePortrait.Orbit b = PhasePortrait.orbit(forward, outerStart, 30, xStar,
                    followed(outerStart, xStar, half));
            portrait.add(a).add(b);
            inside += a.converged() ? 1 : 0;
            outside += b.converged() ? 1 : 0;
        }
        portrait.curve(ESTIMATE + ", slice at the other states' x*", boundary[0], boundary[1],
                new Color(31, 119, 180));
        return new Drawing(portrait.save(file), false, inside, outside);
    }

    /**
     * The half-width of the box an orbit is followed in: the plotted window's, or three times the start's
     * distance from the equilibrium when the start lies outside it, so that a start outside the window is
     * followed (and may converge) instead of being stopped at once and counted as not converging. The window
     * clips what is drawn.
     */
    private static double followed(double[] start, double[] xStar, double half) {
        double reach = Math.max(Math.abs(start[0] - xStar[0]), Math.abs(start[1] - xStar[1]));
        return reach < half ? half : 3 * reach;
    }

    /** The index of the curve's point at the given fraction of its length: starts spread over a thin ellipse. */
    private static int alongArc(double[][] curve, double fraction) {
        double total = 0;
        for (int k = 1; k < curve[0].length; k++) {
            total += Math.hypot(curve[0][k] - curve[0][k - 1], curve[1][k] - curve[1][k - 1]);
        }
        double walked = 0;
        int k = 0;
        while (k + 1 < curve[0].length && walked < fraction * total) {
            k++;
            walked += Math.hypot(curve[0][k] - curve[0][k - 1], curve[1][k] - curve[1][k - 1]);
        }
        return k;
    }

    private static double[] onSlice(double[][] curve, int i, double[] xStar, double factor) {
        double[] out = xStar.clone();
        double[] plane = scaled(curve, i, xStar, factor);
        out[0] = plane[0];
        out[1] = plane[1];
        return out;
    }

    /**
     * Points of {@code {V = 1}} along rays from the equilibrium (the first crossing outward, by bisection): 360
     * rays at equal angles, then more between neighbours whose points lie far apart (more than 1/200 of the
     * curve's extent), so that a thin set keeps its rounded ends.
     *
     * @param v the normalised V
     * @param vars the two state variables
     * @param xStar the equilibrium
     * @return {@code [x; y]} of at least 361 points in angular order, the last equal to the first
     */
    public static double[][] levelSet(Expression v, List<Variable> vars, double[] xStar) {
        Environment env = new Environment();
        java.util.List<double[]> points = new java.util.ArrayList<>();
        for (int k = 0; k <= RAYS; k++) {
            points.add(crossing(v, vars, env, xStar, 2 * Math.PI * k / RAYS));
        }
        double extent = 0;
        for (double[] p : points) {
            extent = Math.max(extent, Math.hypot(p[0] - xStar[0], p[1] - xStar[1]));
        }
        double longest = extent / 200;
        for (int i = 0; i + 1 < points.size() && points.size() < 20 * RAYS; ) {
            double[] p = points.get(i);
            double[] q = points.get(i + 1);
            if (Math.hypot(q[0] - p[0], q[1] - p[1]) > longest && q[2] - p[2] > 1e-6) {
                points.add(i + 1, crossing(v, vars, env, xStar, 0.5 * (p[2] + q[2])));
            } else {
                i++;
            }
        }
        double[][] out = new double[2][points.size()];
        for (int k = 0; k < points.size(); k++) {
            out[0][k] = points.get(k)[0];
            out[1][k] = points.get(k)[1];
        }
        return out;
    }

    /** The first crossing of V = 1 along the ray at {@code angle}: {@code [x, y, angle]}. */
    private static double[] crossing(Expression v, List<Variable> vars, Environment env, double[] xStar,
            double angle) {
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
        return new double[] {xStar[0] + lo * c, xStar[1] + lo * s, angle};
    }

    private static double value(Expression v, List<Variable> vars, Environment env, double[] xStar, double c,
            double s, double r) {
        env.put(vars.get(0), xStar[0] + r * c).put(vars.get(1), xStar[1] + r * s);
        return v.evaluate(env);
    }

    /** The largest distance of a curve's points from the equilibrium along either axis. */
    private static double extent(double[][] curve, double[] xStar) {
        double e = 0;
        for (int k = 0; k < curve[0].length; k++) {
            e = Math.max(e, Math.max(Math.abs(curve[0][k] - xStar[0]), Math.abs(curve[1][k] - xStar[1])));
        }
        return e;
    }

    /**
     * Simulates the time-reversed system from just outside the estimate; if the trajectory stays bounded and
     * away from the equilibrium for the whole horizon, its last stretch follows an attracting cycle of the
     * reversed system: the boundary of the true region. Returns null otherwise.
     */
    private static double[][] trueBoundary(DynamicalSystem<Double> reversed, double[][] boundary, double[] xStar) {
        double[] start = scaled(boundary, 0, xStar, 1.05);
        // The equilibrium repels in reversed time, so the arrival test never ends this run early.
        PhasePortrait.Orbit orbit = PhasePortrait.orbit(reversed, start, 60, xStar, 20 * extent(boundary, xStar));
        double[] t = orbit.t();
        int n = t.length;
        double r = Math.hypot(orbit.x()[n - 1] - xStar[0], orbit.y()[n - 1] - xStar[1]);
        if (t[n - 1] < 60 || !(r > 1e-3)) {
            return null;
        }
        // The last 15 s: more than one revolution of a cycle the trajectory has converged to.
        int from = 0;
        while (t[from] < 45) {
            from++;
        }
        return new double[][] {Arrays.copyOfRange(orbit.x(), from, n), Arrays.copyOfRange(orbit.y(), from, n)};
    }

    private static double[] scaled(double[][] curve, int i, double[] xStar, double factor) {
        return new double[] {xStar[0] + factor * (curve[0][i] - xStar[0]), xStar[1] + factor * (curve[1][i] - xStar[1])};
    }
}
