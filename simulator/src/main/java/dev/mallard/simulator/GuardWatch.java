package dev.mallard.simulator;

import dev.mallard.systems.WitnessDirection;
import dev.mallard.systems.WitnessFunction;
import java.util.Arrays;
import java.util.List;

/**
 * Refuses to let a hybrid trajectory go on silently where its events stop making sense: per witness (indexed as
 * in {@link WitnessTracker}), it counts the triggers and watches two symptoms.
 * <ul>
 *   <li><b>Accumulation</b> (Zeno behaviour): four gaps in a row between the witness's triggers shrink, and
 *       the geometric series of the gaps ({@code gap r / (1 - r)}, {@code r} the ratio of the last two) puts
 *       the point where they accumulate less than the isolation resolution after the last trigger: the
 *       remaining events cannot be told apart in time.</li>
 *   <li><b>A guard left violated</b>: after a witness's update event, the step that follows ends with the
 *       witness on the triggering side of zero and further from zero than right after the update (for a
 *       positive-then-non-positive witness, {@code w <= 0} and decreasing). The update did not take the state
 *       back across the guard, or the step went out and back across it unseen ({@link WitnessTracker} first
 *       looks for such an excursion on the step's interpolant and ends the step there); otherwise the
 *       trajectory would continue through the guard without an event (a bouncing ball falling through the
 *       floor past the accumulation point of its bounces). Witnesses that trigger on both crossings have no
 *       violated side.</li>
 * </ul>
 * Both throw a {@link SimulationException} naming the witness, its system, the time and the number of events;
 * a {@link ZenoException}, which the Simulator turns into a hold at the guard under
 * {@link ZenoPolicy#HOLD_AT_GUARD}.
 */
final class GuardWatch {

    /** Consecutive shrinking gaps before the accumulation test applies. */
    private static final int SHRINKING_GAPS = 4;

    private long[] count = new long[0];
    private double[] lastTime = new double[0];
    private double[] lastGap = new double[0];
    private int[] shrinking = new int[0];
    /** The witness value right after its update event, NaN when not watched in the current step. */
    private double[] afterUpdate = new double[0];
    /** Whether the witness had an update event at the end of the last step (its value is read next start). */
    private boolean[] updated = new boolean[0];
    private boolean anyUpdated;
    private boolean anyWatched;

    /** Forgets all counts and histories, with room for {@code capacity} witnesses (at initialize). */
    void reset(int capacity) {
        count = new long[capacity];
        lastTime = new double[capacity];
        lastGap = new double[capacity];
        shrinking = new int[capacity];
        afterUpdate = new double[capacity];
        updated = new boolean[capacity];
        forget();
    }

    /** The witness indices no longer mean the same witnesses: forgets the histories. */
    void forget() {
        Arrays.fill(count, 0);
        Arrays.fill(lastTime, Double.NaN);
        Arrays.fill(lastGap, Double.NaN);
        Arrays.fill(shrinking, 0);
        Arrays.fill(afterUpdate, Double.NaN);
        Arrays.fill(updated, false);
        anyUpdated = false;
        anyWatched = false;
    }

    /** Makes room for at least {@code m} witnesses, keeping the histories of the first ones. */
    void ensureCapacity(int m) {
        if (count.length < m) {
            int size = Math.max(m, 2 * count.length);
            int old = count.length;
            count = Arrays.copyOf(count, size);
            lastTime = Arrays.copyOf(lastTime, size);
            lastGap = Arrays.copyOf(lastGap, size);
            shrinking = Arrays.copyOf(shrinking, size);
            afterUpdate = Arrays.copyOf(afterUpdate, size);
            updated = Arrays.copyOf(updated, size);
            Arrays.fill(lastTime, old, size, Double.NaN);
            Arrays.fill(lastGap, old, size, Double.NaN);
            Arrays.fill(afterUpdate, old, size, Double.NaN);
        }
    }

    /**
     * Records a trigger of witness {@code i} at {@code t}.
     *
     * @param resolution the isolation window (or the working minimum step without isolation), seconds
     * @param update whether its event changes the state (the next step's start value is then watched)
     * @throws ZenoException if its events accumulate
     */
    void triggered(int i, WitnessFunction<?> w, double t, double resolution, boolean update) {
        count[i]++;
        double gap = t - lastTime[i];
        shrinking[i] = gap < lastGap[i] ? shrinking[i] + 1 : 0;
        if (shrinking[i] >= SHRINKING_GAPS) {
            double r = gap / lastGap[i];
            double remaining = gap * r / (1 - r);
            if (remaining < resolution) {
                throw new ZenoException(String.format("Zeno behaviour: the events of witness '%s'"
                        + " of system '%s' accumulate at t = %s (event %d at t = %s, %s s after the previous one;"
                        + " the remaining ones would fall within %s s, less than the isolation window %s s): the"
                        + " simulation cannot continue past the accumulation point", w.getDescription(),
                        w.getSystem().getPathName(), t + remaining, count[i], t, gap, remaining, resolution), t,
                        w.getSystem(), w.getDescription(), String.format("its events accumulate at t = %s", t + remaining), false);
            }
        }
        lastGap[i] = gap;
        lastTime[i] = t;
        if (update) {
            updated[i] = true;
            anyUpdated = true;
        }
    }

    /** At the start of a step, after the updates: records the values of the witnesses updated just before. */
    void stepStarted(double[] w0, int m) {
        if (!anyUpdated) {
            return;
        }
        for (int i = 0; i < m; i++) {
            if (updated[i]) {
                afterUpdate[i] = w0[i];
                updated[i] = false;
                anyWatched = true;
            }
        }
        anyUpdated = false;
    }

    /** @return whether some witness is watched in the current step (its update event preceded it) */
    boolean watching() {
        return anyWatched;
    }

    /**
     * @return whether witness {@code i}, watched in the current step, ends it at {@code end} past its guard and
     *     further from zero than right after its update, without having triggered
     */
    boolean leftViolated(int i, WitnessDirection direction, double end, boolean triggered) {
        return !triggered && deeperPastGuard(direction, afterUpdate[i], end);
    }

    /**
     * At the end of a step to {@code t}: checks the witnesses watched in it.
     *
     * @throws ZenoException if one is left violated
     */
    void stepEnded(List<? extends WitnessFunction<?>> witnesses, double[] w1, boolean[] triggered,
            double t) {
        if (!anyWatched) {
            return;
        }
        anyWatched = false;
        for (int i = 0; i < afterUpdate.length; i++) {
            double after = afterUpdate[i];
            if (Double.isNaN(after)) {
                continue;
            }
            WitnessFunction<?> w = witnesses.get(i);
            double end = w1[i];
            if (leftViolated(i, w.getDirection(), end, triggered[i])) {
                // The facts first and short: the CLI bounds a message's length, and the cause must survive.
                throw new ZenoException(String.format("witness '%s' of system '%s' is past its guard at"
                        + " t = %s (value %s) and moved further past it since its event %d at t = %s (value %s):"
                        + " Zeno behaviour (events accumulate), or the step crossed the guard twice unseen (try a"
                        + " smaller maximum step)", w.getDescription(), w.getSystem().getPathName(), t, end, count[i],
                        lastTime[i], after), t, w.getSystem(), w.getDescription(), String.format("the step after its"
                        + " event %d went past the guard (events accumulate, or the step crossed the guard twice"
                        + " unseen)", count[i]), true);
            }
            afterUpdate[i] = Double.NaN;
        }
    }

    /** Whether {@code end} lies on the triggering side of zero and further from zero than {@code after}. */
    static boolean deeperPastGuard(WitnessDirection direction, double after, double end) {
        return switch (direction) {
            case POSITIVE_THEN_NON_POSITIVE -> after <= 0 && end < after;
            case NEGATIVE_THEN_NON_NEGATIVE -> after >= 0 && end > after;
            case CROSSES_ZERO, NONE -> false;
        };
    }
}
