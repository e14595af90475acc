package dev.mallard.simulator.gradients;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The backward sweep of an {@link AdjointGradient} over a recorded hybrid run. The run is a sequence of
 * segments, each reversed by the transpose of exactly what forward mode computes on the same values:
 * <ul>
 *   <li>the update sets dispatched before a step ({@link EventReplay#updates}: time passes through);</li>
 *   <li>plain steps ({@link StepAdjoint}), whose size is a constant when chosen freely ({@code t1 = t0 + h}),
 *       {@code target - t0} when the step was made to land on a publish or update time ({@code t1 = target}),
 *       and {@code T - t0} on the final time;</li>
 *   <li>steps that an event ended ({@link EventReplay#eventStep}), whose end state and time carry the event
 *       time's sensitivity.</li>
 * </ul>
 * Alongside the state's adjoint it carries the adjoint of the current time, which events make depend on the
 * initial state and parameters (after an impact, every later stage time and the last step's size
 * {@code T - t_last} do). Checkpoints hold the state before each {@code interval}-th step's updates; the states
 * in between are recomputed segment by segment. Not thread-safe.
 */
final class AdjointSweep {

    private final StepRecorder recorder;
    private final StepAdjoint steps;
    private final EventReplay replay;
    private final AdjointState layout;
    private final double finalTime;
    private final int np;
    private final Map<Integer, List<List<StepRecorder.EventRef>>> updatesBefore = new HashMap<>();
    private final Map<Integer, List<StepRecorder.SamplePoint>> samplesAt = new HashMap<>();
    private final SampleJumps jumps;
    private final List<double[]> checkpoints = new ArrayList<>();
    /** The discrete state's adjoint during a plain step (the steps add to it). */
    private final double[] barXd;
    /** A plain step's end state. */
    private final double[] x1;
    /** The running cost integrated over the event-ended steps reversed so far. */
    private double eventRunningCost;

    /**
     * @param recorder the recorded run
     * @param steps the scheme's step adjoint
     * @param replay the event replay, or null if the run has no updates and no event-ended steps
     * @param layout the state layout
     * @param finalTime T, seconds
     * @param np the number of numeric parameters
     * @param jumps the sample losses' jumps, or null if there are none
     */
    AdjointSweep(StepRecorder recorder, StepAdjoint steps, EventReplay replay, AdjointState layout,
            double finalTime, int np, SampleJumps jumps) {
        this.recorder = recorder;
        this.steps = steps;
        this.replay = replay;
        this.layout = layout;
        this.finalTime = finalTime;
        this.np = np;
        this.jumps = jumps;
        for (StepRecorder.SamplePoint point : recorder.samples()) {
            samplesAt.computeIfAbsent(point.step(), k -> new ArrayList<>()).add(point);
        }
        for (StepRecorder.Updates u : recorder.updates()) {
            updatesBefore.computeIfAbsent(u.step(), k -> new ArrayList<>()).add(u.events());
        }
        for (int c = 0; c < recorder.checkpointCount(); c++) {
            checkpoints.add(recorder.checkpoint(c));
        }
        this.barXd = new double[layout.discrete()];
        this.x1 = new double[layout.continuous()];
    }

    /**
     * Replaces the run's checkpoints by states recomputed here from the first, so that the states between
     * checkpoints and the checkpoints come from the same replay (schemes whose replay is not bit for bit the
     * run's: the implicit ones).
     *
     * @return the final state of the replay, continuous then discrete
     */
    double[] recomputeCheckpoints() {
        int interval = recorder.interval();
        double[] z = checkpoints.get(0).clone();
        for (int j = 0; j < recorder.steps(); j++) {
            double[] next = new double[layout.size()];
            advance(j, -1, z, next);
            z = next;
            if ((j + 1) % interval == 0) {
                checkpoints.set((j + 1) / interval, z);
            }
        }
        return z;
    }

    /** The adjoints the sweep carries and accumulates. */
    static final class Adjoint {
        /** dJ/dz at the current point of the sweep, continuous then discrete. */
        final double[] z;
        /** dJ/dp. */
        final double[] p;
        /** dJ/d(current time). */
        double t;
        /** dJ/dT through the step sizes and end times that depend on it. */
        double finalTime;

        Adjoint(int size, int np) {
            z = new double[size];
            p = new double[np];
        }
    }

    /**
     * Reverses the whole run.
     *
     * @param adjoint the adjoints at T (of the final state, the parameters and the final time), updated to
     *     those at the initial time
     * @param zEnd the state after the last step (continuous then discrete); not modified
     * @return the largest number of states held at once
     */
    int reverse(Adjoint adjoint, double[] zEnd) {
        int total = recorder.steps();
        int interval = recorder.interval();
        // after the last step: its samples, and when no step was taken the updates of a zero-length advance (a
        // zero-length advance after a step is never made, so no updates follow the last step otherwise)
        reverseUpdates(total, total == 0 ? checkpoints.get(0) : zEnd, adjoint);
        double[][] states = new double[Math.min(interval, Math.max(total, 1))][layout.size()];
        for (int c = (total - 1) / interval; c >= 0 && total > 0; c--) {
            int first = c * interval;
            int last = Math.min(total, first + interval) - 1;
            System.arraycopy(checkpoints.get(c), 0, states[0], 0, layout.size());
            for (int j = first; j < last; j++) {
                advance(j, j - first, states[j - first], states[j - first + 1]);
            }
            for (int j = last; j >= first; j--) {
                reverseStep(j, j < last ? j - first : -1, states[j - first], adjoint);
            }
        }
        return checkpoints.size() + states.length;
    }

    /**
     * Writes into {@code out} the state after step j's updates and step j, from {@code z}, the state before its
     * updates (values; the continuous part of {@code out} is the step's end, the discrete part is held); the step
     * keeps what its reversal reuses in {@code slot}.
     */
    private void advance(int j, int slot, double[] z, double[] out) {
        List<List<StepRecorder.EventRef>> groups = updatesBefore.get(j);
        if (groups != null) {
            for (List<StepRecorder.EventRef> group : groups) {
                double[] next = new double[layout.size()];
                replay.updates(recorder.startTime(j), z, group, next,
                        new double[layout.size()][replay.updateWidth()]);
                z = next;
            }
        }
        int n = layout.continuous();
        System.arraycopy(z, n, out, n, layout.discrete());
        StepRecorder.EventStep end = recorder.eventStep(j);
        if (end != null) {
            replay.eventStep(recorder.startTime(j), recorder.size(j), z, end, out,
                    new double[n + 2][replay.stepWidth()]);
        } else {
            steps.setDiscreteState(z);
            steps.step(slot, recorder.startTime(j), recorder.size(j), z, x1);
            System.arraycopy(x1, 0, out, 0, n);
        }
    }

    /**
     * Reverses step j and then the updates before it, from the state before those updates ({@code slot}: where
     * its recomputation kept its stages, -1 if it was not recomputed).
     */
    private void reverseStep(int j, int slot, double[] zBefore, Adjoint adjoint) {
        List<double[]> states = new ArrayList<>();
        List<double[][]> jacobians = new ArrayList<>();
        double[] z = replayUpdates(j, zBefore, states, jacobians);
        double t0 = recorder.startTime(j);
        double h = recorder.size(j);
        double target = recorder.target(j);
        boolean landsOnT = target == finalTime;
        StepRecorder.EventStep end = recorder.eventStep(j);
        int n = layout.continuous();
        double barT0;
        double barH;
        if (end != null) {
            double[][] jacobian = new double[n + 2][replay.stepWidth()];
            eventRunningCost += replay.eventStep(t0, h, z, end, new double[n], jacobian);
            double[] out = new double[n + 2];
            System.arraycopy(adjoint.z, 0, out, 0, n);
            out[n] = adjoint.t;
            // J is the running cost's integral plus the rest: dJ/dQ = 1
            out[n + 1] = 1;
            double[] in = transpose(jacobian, out);
            System.arraycopy(in, 0, adjoint.z, 0, n);
            addDiscreteAndParameters(in, adjoint);
            barT0 = in[in.length - 2];
            barH = in[in.length - 1];
        } else {
            // the step reads and writes the first n entries of the state and of its adjoint
            System.arraycopy(adjoint.z, n, barXd, 0, barXd.length);
            steps.setDiscreteState(z);
            barH = steps.reverse(slot, t0, h, z, adjoint.z, barXd, adjoint.p);
            System.arraycopy(barXd, 0, adjoint.z, n, barXd.length);
            barT0 = steps.startTimeAdjoint();
            // the end time: t0 + h for a free step, the target (a constant, or T) for a landing one
            if (Double.isNaN(target)) {
                barT0 += adjoint.t;
            } else if (landsOnT) {
                adjoint.finalTime += adjoint.t;
            }
        }
        // the size: a constant when free, target - t0 when landing
        if (!Double.isNaN(target)) {
            barT0 -= barH;
            if (landsOnT) {
                adjoint.finalTime += barH;
            }
        }
        adjoint.t = barT0;
        reverseGroups(j, states, jacobians, adjoint);
    }

    /**
     * Reverses the updates dispatched before step j (the step itself not included), from the state before them.
     */
    private void reverseUpdates(int j, double[] zBefore, Adjoint adjoint) {
        List<double[]> states = new ArrayList<>();
        List<double[][]> jacobians = new ArrayList<>();
        replayUpdates(j, zBefore, states, jacobians);
        reverseGroups(j, states, jacobians, adjoint);
    }

    /**
     * Dispatches again the update sets before step j from the state before them.
     *
     * @param states receives the state before each set and after the last
     * @param jacobians receives each set's Jacobian
     * @return the state after the last set
     */
    private double[] replayUpdates(int j, double[] zBefore, List<double[]> states, List<double[][]> jacobians) {
        double[] z = zBefore;
        states.add(z);
        for (List<StepRecorder.EventRef> group : updatesBefore.getOrDefault(j, List.of())) {
            double[] next = new double[layout.size()];
            double[][] jacobian = new double[layout.size()][replay.updateWidth()];
            replay.updates(startTimeOrEnd(j), z, group, next, jacobian);
            jacobians.add(jacobian);
            z = next;
            states.add(z);
        }
        return z;
    }

    /**
     * @return step j's start time, or for {@code j == steps} (updates after the last step, which only a run of
     *     no steps to T has) the final time
     */
    private double startTimeOrEnd(int j) {
        return j < recorder.steps() ? recorder.startTime(j) : finalTime;
    }

    /**
     * From the point after the update sets before step j back to the point before them: the samples reached
     * after g sets (state {@code states[g]}) are applied before set g - 1 is reversed.
     */
    private void reverseGroups(int j, List<double[]> states, List<double[][]> jacobians, Adjoint adjoint) {
        List<StepRecorder.SamplePoint> points = samplesAt.getOrDefault(j, List.of());
        for (int g = jacobians.size(); g >= 0; g--) {
            for (StepRecorder.SamplePoint point : points) {
                if (point.groups() == g) {
                    jumps.apply(point.sample(), states.get(g), adjoint);
                }
            }
            if (g == 0) {
                break;
            }
            double[] in = transpose(jacobians.get(g - 1), adjoint.z);
            System.arraycopy(in, 0, adjoint.z, 0, layout.size());
            int first = layout.size();
            for (int q = 0; q < np; q++) {
                adjoint.p[q] += in[first + q];
            }
            adjoint.t += in[first + np];
        }
    }

    /** @return the running cost integrated over the event-ended steps reversed so far */
    double eventRunningCost() {
        return eventRunningCost;
    }

    /** Adds an event step's discrete-state and parameter columns of {@code in} to the adjoints. */
    private void addDiscreteAndParameters(double[] in, Adjoint adjoint) {
        int n = layout.continuous();
        for (int k = n; k < layout.size(); k++) {
            adjoint.z[k] += in[k];
        }
        for (int q = 0; q < np; q++) {
            adjoint.p[q] += in[layout.size() + q];
        }
    }

    /** @return {@code jacobian^T out} */
    private static double[] transpose(double[][] jacobian, double[] out) {
        double[] in = new double[jacobian[0].length];
        for (int r = 0; r < jacobian.length; r++) {
            double w = out[r];
            if (w == 0) {
                continue;
            }
            for (int c = 0; c < in.length; c++) {
                in[c] += w * jacobian[r][c];
            }
        }
        return in;
    }
}
