package dev.mallard.plot;

import dev.mallard.systems.primitives.VectorLog;
import java.awt.Color;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * States (or logged signals) against time, one panel per unit: signals that share a unit share a panel, so a
 * position in metres is not squeezed against a rate in radians per second on one axis. Events (resets) are
 * marked on every panel by a marker at the value just before the event.
 *
 * <p>Stateless and thread-safe; the arrays passed in are not modified.
 */
public final class StatePlots {

    /** The height of one panel, pixels. */
    public static final int PANEL_HEIGHT = 320;

    private static final Color EVENT_COLOR = Color.BLACK;

    private StatePlots() {
    }

    /**
     * A figure of a simulated trajectory, with its resets marked.
     *
     * @param trajectory the trajectory
     * @param names one name per state
     * @param units one unit per state (e.g. {@code "m"}, {@code "rad/s"}); states with equal units share a panel;
     *     null puts each state in a panel of its own
     * @param title the figure's title (the first panel's title)
     * @return the figure, to {@link Figure#save save}
     * @throws IllegalArgumentException if the names or units do not match the number of states
     */
    public static Figure of(SampledTrajectory trajectory, List<String> names, List<String> units, String title) {
        int n = trajectory.states()[0].length;
        double[][] signals = new double[n][];
        double[][] atEvents = new double[n][];
        for (int i = 0; i < n; i++) {
            signals[i] = trajectory.component(i);
            atEvents[i] = trajectory.componentBeforeEvents(i);
        }
        return figure(trajectory.times(), signals, trajectory.eventTimes(), atEvents, names, units, title);
    }

    /**
     * A figure of a {@code VectorLogSink}'s log.
     *
     * @param log the log, with numeric values and at least one sample
     * @param names one name per logged entry
     * @param units one unit per entry, or null for a panel per entry
     * @param title the figure's title
     * @return the figure, to {@link Figure#save save}
     * @throws IllegalArgumentException if the log is empty or the names or units do not match its size
     */
    public static Figure of(VectorLog<Double> log, List<String> names, List<String> units, String title) {
        if (log.numSamples() == 0) {
            throw new IllegalArgumentException("the log has no sample to plot");
        }
        double[][] none = new double[log.size()][0];
        return figure(log.sampleTimes(), log.data(), new double[0], none, names, units, title);
    }

    /**
     * The general form: signals against time, grouped by unit, with events marked.
     *
     * @param times sample times, seconds
     * @param signals {@code signals[i][k]} is signal i at {@code times[k]}
     * @param eventTimes times to mark, seconds (may be empty)
     * @param atEvents {@code atEvents[i][e]} is signal i at {@code eventTimes[e]}
     * @param names one name per signal
     * @param units one unit per signal, or null for a panel per signal
     * @param title the figure's title
     * @return the figure
     * @throws IllegalArgumentException if the shapes do not match
     */
    public static Figure figure(double[] times, double[][] signals, double[] eventTimes, double[][] atEvents,
            List<String> names, List<String> units, String title) {
        int n = signals.length;
        checkCount(names, n, "names");
        if (units != null) {
            checkCount(units, n, "units");
        }
        Map<String, List<Integer>> panels = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            panels.computeIfAbsent(units == null ? "#" + i : units.get(i), k -> new ArrayList<>()).add(i);
        }
        List<LinePlot> plots = new ArrayList<>();
        for (Map.Entry<String, List<Integer>> panel : panels.entrySet()) {
            String unit = units == null ? "" : " [" + panel.getKey() + "]";
            String yLabel = String.join(", ", panel.getValue().stream().map(names::get).toList()) + unit;
            LinePlot plot = new LinePlot(plots.isEmpty() ? title : "", "time t [s]", yLabel, LinePlot.WIDTH,
                    PANEL_HEIGHT);
            for (int i : panel.getValue()) {
                plot.line(names.get(i), times, signals[i], Palette.color(i), true);
            }
            if (eventTimes.length > 0) {
                for (int i : panel.getValue()) {
                    plot.markers("events", eventTimes, atEvents[i], EVENT_COLOR);
                }
            }
            plots.add(plot);
        }
        return new Figure(plots);
    }

    private static void checkCount(List<String> list, int n, String what) {
        if (Objects.requireNonNull(list, what).size() != n) {
            throw new IllegalArgumentException(what + " has " + list.size() + " entries for " + n + " signals");
        }
    }
}
