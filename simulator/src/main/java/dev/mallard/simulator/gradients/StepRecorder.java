package dev.mallard.simulator.gradients;

import dev.mallard.simulator.Simulator;
import dev.mallard.simulator.integrators.IntegratorBase;
import dev.mallard.simulator.internal.EventObserver;
import dev.mallard.simulator.internal.EventSet;
import dev.mallard.simulator.internal.PackageAccess;
import dev.mallard.systems.Context;
import dev.mallard.systems.Event;
import dev.mallard.systems.EventStatus;
import dev.mallard.systems.LeafSystem;
import dev.mallard.systems.WitnessFunction;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The monitor and event observer of the double run of an {@link AdjointGradient}: records every accepted
 * step's start time, size and landing target (24 bytes a step), the steps that an event cut short or whose
 * end time a witness set, the update sets dispatched before each step, where in the run each sample time of a
 * {@link SampleLoss} was reached, and the state (continuous then
 * discrete, see {@link AdjointState}) at the start of every {@code interval}-th step (the checkpoints), so
 * that the run can be replayed backwards with {@code O(N / interval)} stored states.
 */
final class StepRecorder implements Simulator.Monitor<Double>, EventObserver<Double> {

    private static final PackageAccess.IntegratorMembers INTEGRATORS = PackageAccess.integrators();


    /**
     * An event the replay can find again in the AutoDiff copy of the system.
     *
     * @param leaf the owning leaf's index among the root's leaves
     * @param trigger the event's trigger
     * @param index its index among the leaf's events of that trigger, or for a witness event among the leaf's
     *     declared witness functions
     */
    record EventRef(int leaf, Event.Trigger trigger, int index) {
    }

    /**
     * The updates dispatched together before a step.
     *
     * @param step the index of the step they precede
     * @param events the events
     */
    record Updates(int step, List<EventRef> events) {
    }

    /**
     * Where in the run a sample time was reached: after {@code step} steps and after the first {@code groups} of
     * the update sets dispatched before step {@code step} (a zero-length advance dispatches pending updates
     * without a step).
     *
     * @param sample the sample's index in its {@link SampleLoss}
     * @param step the number of steps taken before the sample
     * @param groups the number of update sets recorded before step {@code step} at the sample
     */
    record SamplePoint(int sample, int step, int groups) {
    }

    /**
     * A step whose end an event decided.
     *
     * @param end the time the step ended, seconds (before the full step's end if it was cut short)
     * @param truncated whether the step was cut short at {@code end}
     * @param witness the witness whose crossing set the event time (its sensitivity is carried), or null
     */
    record EventStep(double end, boolean truncated, EventRef witness) {
    }

    private final IntegratorBase<Double> integrator;
    private final List<LeafSystem<Double>> leaves;
    private final AdjointState layout;
    private final int interval;
    private final List<double[]> checkpoints = new ArrayList<>();
    private final List<Updates> updates = new ArrayList<>();
    private final Map<Integer, EventStep> eventSteps = new HashMap<>();
    private final List<SamplePoint> samples = new ArrayList<>();
    private double[] startTimes = new double[64];
    private double[] sizes = new double[64];
    private double[] targets = new double[64];
    private EventRef pendingWitness;
    private int steps;

    /**
     * @param integrator the run's integrator, whose last step is read after each step
     * @param leaves the root's leaf systems, in leaf-context order
     * @param layout the state layout
     * @param interval the number of steps between checkpoints, at least 1
     * @param z0 the initial state, the first checkpoint; copied
     */
    StepRecorder(IntegratorBase<Double> integrator, List<LeafSystem<Double>> leaves, AdjointState layout,
            int interval, double[] z0) {
        this.integrator = integrator;
        this.leaves = leaves;
        this.layout = layout;
        this.interval = interval;
        checkpoints.add(z0.clone());
    }

    @Override
    public EventStatus check(Context<Double> rootContext) {
        long taken = integrator.getNumStepsTaken();
        if (taken == steps) {
            // the monitor call of initialize or of a zero-length step: no step
            return EventStatus.didNothing();
        }
        if (taken != steps + 1) {
            throw new IllegalStateException("the integrator took " + (taken - steps) + " steps in one simulator "
                    + "step; the adjoint needs each of them");
        }
        if (steps == startTimes.length) {
            startTimes = Arrays.copyOf(startTimes, 2 * steps);
            sizes = Arrays.copyOf(sizes, 2 * steps);
            targets = Arrays.copyOf(targets, 2 * steps);
        }
        startTimes[steps] = integrator.getLastStepStartTime();
        sizes[steps] = integrator.getPreviousIntegrationStepSize();
        targets[steps] = INTEGRATORS.lastStepTarget(integrator);
        double end = rootContext.getTimeValue();
        boolean truncated = end != integrator.getLastStepEndTime();
        if (truncated || pendingWitness != null) {
            eventSteps.put(steps, new EventStep(end, truncated, pendingWitness));
            pendingWitness = null;
        }
        steps++;
        if (steps % interval == 0) {
            checkpoints.add(layout.read(rootContext));
        }
        return EventStatus.didNothing();
    }

    @Override
    public void updating(EventSet<Double> events) {
        List<EventRef> refs = new ArrayList<>();
        for (int leaf = 0; leaf < leaves.size(); leaf++) {
            for (Event.Kind kind : List.of(Event.Kind.UNRESTRICTED_UPDATE, Event.Kind.DISCRETE_UPDATE)) {
                for (Event<Double> e : events.get(kind, leaf)) {
                    refs.add(refer(leaf, e));
                }
            }
        }
        updates.add(new Updates(steps, List.copyOf(refs)));
    }

    @Override
    public void eventTimeSetBy(WitnessFunction<Double> witness, int owner) {
        int index = leaves.get(owner).getDeclaredWitnessFunctions().indexOf(witness);
        if (index < 0) {
            throw new UnsupportedOperationException("the adjoint replays only declared witness functions: "
                    + leaves.get(owner).getPathName() + " reported " + witness + ", which it does not declare");
        }
        pendingWitness = new EventRef(owner, Event.Trigger.WITNESS, index);
    }

    /** Finds an event among its leaf's declarations, so that the AutoDiff copy's counterpart can be found. */
    private EventRef refer(int leaf, Event<Double> e) {
        LeafSystem<Double> system = leaves.get(leaf);
        if (e.getTrigger() == Event.Trigger.WITNESS) {
            List<WitnessFunction<Double>> declared = system.getDeclaredWitnessFunctions();
            for (int k = 0; k < declared.size(); k++) {
                if (declared.get(k).getEvent() == e) {
                    return new EventRef(leaf, e.getTrigger(), k);
                }
            }
        } else {
            List<Event<Double>> declared = system.getEvents(e.getTrigger());
            for (int k = 0; k < declared.size(); k++) {
                if (declared.get(k) == e) {
                    return new EventRef(leaf, e.getTrigger(), k);
                }
            }
        }
        throw new UnsupportedOperationException("the adjoint replays only declared events: "
                + system.getPathName() + " dispatched " + e + ", which it does not declare");
    }

    /**
     * Notes that the run holds sample k's state now (the simulator returned at its time).
     *
     * @param k the sample's index
     */
    void markSample(int k) {
        int groups = 0;
        for (int u = updates.size() - 1; u >= 0 && updates.get(u).step() == steps; u--) {
            groups++;
        }
        samples.add(new SamplePoint(k, steps, groups));
    }

    /** @return the sample points, in the order marked (unmodifiable) */
    List<SamplePoint> samples() {
        return List.copyOf(samples);
    }

    /** @return the number of steps recorded */
    int steps() {
        return steps;
    }

    /**
     * @param j a step index
     * @return its start time, seconds
     */
    double startTime(int j) {
        return startTimes[j];
    }

    /**
     * @param j a step index
     * @return its (full, untruncated) size, seconds
     */
    double size(int j) {
        return sizes[j];
    }

    /**
     * @param j a step index
     * @return the time it was made to land on, or NaN if its size was free
     */
    double target(int j) {
        return targets[j];
    }

    /**
     * @param j a step index
     * @return how an event ended it, or null if it ran its full size and no witness set its end
     */
    EventStep eventStep(int j) {
        return eventSteps.get(j);
    }

    /** @return whether an event ended any step (cut it short, or set its end time by a witness) */
    boolean hasEventSteps() {
        return !eventSteps.isEmpty();
    }

    /** @return the update sets, in dispatch order (unmodifiable) */
    List<Updates> updates() {
        return List.copyOf(updates);
    }

    /** @return the number of steps between checkpoints */
    int interval() {
        return interval;
    }

    /**
     * @param c a checkpoint index
     * @return the state at the start of step {@code c * interval()}, before its updates (not a copy: do not
     *     modify)
     */
    double[] checkpoint(int c) {
        return checkpoints.get(c);
    }

    /** @return the number of checkpoints stored */
    int checkpointCount() {
        return checkpoints.size();
    }
}
