package dev.mallard.plot;

import dev.mallard.systems.Context;
import dev.mallard.systems.DynamicalSystem;
import dev.mallard.systems.LeafSystem;
import dev.mallard.systems.primitives.VectorLog;
import java.awt.Color;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.knowm.xchart.style.Styler;

/**
 * States (or logged signals) against time, one panel per unit: signals that share a unit share a panel, so a
 * position in metres is not squeezed against a rate in radians per second on one axis. Events (resets) are
 * marked on every panel by a marker at the value just before the event.
 *
 * <p>Every panel spans the same time range, with ticks at a step of 1, 2 or 5 times a power of ten and labels of
 * one format per axis ({@link Ticks}); the plot areas start at the same pixel ({@link LinePlot#PLOT_LEFT}) and
 * the legends sit inside them, so the panels line up.
 *
 * <p>Stateless and thread-safe; the arrays passed in are not modified.
 */
public final class StatePlots {

    /** The height of one panel, pixels. */
    public static final int PANEL_HEIGHT = 320;

    /** The most intervals between time ticks. */
    static final int TIME_INTERVALS = 10;
    /** The most intervals between value ticks on a panel. */
    static final int VALUE_INTERVALS = 6;

    private static final Color EVENT_COLOR = Color.BLACK;
    private static final Color LEGEND_BACKGROUND = new Color(255, 255, 255, 210);

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
     * A figure of a simulated trajectory of {@code system}, its states named as the system declares them
     * ({@link #stateNames}).
     *
     * @param trajectory the trajectory
     * @param system the simulated system, whose continuous states the trajectory holds
     * @param units one unit per state, or null for a panel per state
     * @param title the figure's title
     * @return the figure, to {@link Figure#save save}
     * @throws IllegalArgumentException if the units or the system's state count do not match the trajectory
     */
    public static Figure of(SampledTrajectory trajectory, DynamicalSystem<?> system, List<String> units,
            String title) {
        return of(trajectory, stateNames(system), units, title);
    }

    /**
     * The names of a system's continuous states, in state order: each state's name as its leaf system declares
     * it ({@code setContinuousStateNames}; a {@code SymbolicVectorSystem} or model file names them after its
     * state variables), and {@code x<i>} (i the index in the whole state) for a state with no declared name.
     *
     * @param system a system, not modified
     * @return the names, a new list
     */
    public static List<String> stateNames(DynamicalSystem<?> system) {
        return namesIn(system.createDefaultContext());
    }

    private static <T> List<String> namesIn(Context<T> context) {
        List<String> names = new ArrayList<>();
        for (Context<T> leafContext : context.getLeafContexts()) {
            LeafSystem<T> leaf = (LeafSystem<T>) leafContext.getSystem();
            for (int i = 0; i < leafContext.getNumContinuousStates(); i++) {
                int index = names.size();
                names.add(leaf.getContinuousStateName(i).orElse("x" + index));
            }
        }
        return names;
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
     * @param times sample times, seconds, at least one, finite, in increasing order
     * @param signals {@code signals[i][k]} is signal i at {@code times[k]}
     * @param eventTimes times to mark, seconds (may be empty)
     * @param atEvents {@code atEvents[i][e]} is signal i at {@code eventTimes[e]}
     * @param names one name per signal
     * @param units one unit per signal, or null for a panel per signal
     * @param title the figure's title
     * @return the figure
     * @throws IllegalArgumentException if the shapes do not match, or the times are empty or not finite
     */
    public static Figure figure(double[] times, double[][] signals, double[] eventTimes, double[][] atEvents,
            List<String> names, List<String> units, String title) {
        if (times.length == 0) {
            throw new IllegalArgumentException("no sample time to plot");
        }
        int n = signals.length;
        checkCount(names, n, "names");
        if (units != null) {
            checkCount(units, n, "units");
        }
        Map<String, List<Integer>> panels = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            panels.computeIfAbsent(units == null ? "#" + i : units.get(i), k -> new ArrayList<>()).add(i);
        }
        Ticks timeTicks = Ticks.covering(times[0], times[times.length - 1], TIME_INTERVALS);
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
            double[] range = {Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};
            for (int i : panel.getValue()) {
                widen(range, signals[i]);
                widen(range, atEvents[i]);
            }
            boolean empty = range[0] > range[1];
            plot.ticks(timeTicks, Ticks.covering(empty ? 0 : range[0], empty ? 0 : range[1], VALUE_INTERVALS));
            var styler = plot.chart().getStyler();
            styler.setLegendPosition(Styler.LegendPosition.InsideNE);
            styler.setLegendBackgroundColor(LEGEND_BACKGROUND);
            plots.add(plot);
        }
        return new Figure(plots);
    }

    /** Widens {@code range} (low, high) to take in the finite values of {@code values}. */
    private static void widen(double[] range, double[] values) {
        for (double v : values) {
            if (Double.isFinite(v)) {
                range[0] = Math.min(range[0], v);
                range[1] = Math.max(range[1], v);
            }
        }
    }

    private static void checkCount(List<String> list, int n, String what) {
        if (Objects.requireNonNull(list, what).size() != n) {
            throw new IllegalArgumentException(what + " has " + list.size() + " entries for " + n + " signals");
        }
    }
}
