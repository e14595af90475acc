package dev.mallard.simulator;

import dev.mallard.systems.Context;
import dev.mallard.systems.EventStatus;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The monitor of the double run of an {@link AdjointGradient}: records every accepted step's start time and
 * size (16 bytes a step) and the state at the start of every {@code interval}-th step (the checkpoints), so
 * that the steps can be replayed backwards with {@code O(N / interval)} stored states.
 */
final class StepRecorder implements Simulator.Monitor<Double> {

    private final IntegratorBase<Double> integrator;
    private final int interval;
    private final List<double[]> checkpoints = new ArrayList<>();
    private double[] startTimes = new double[64];
    private double[] sizes = new double[64];
    private int steps;

    /**
     * @param integrator the run's integrator, whose last step is read after each step
     * @param interval the number of steps between checkpoints, at least 1
     * @param x0 the initial state, the first checkpoint; copied
     */
    StepRecorder(IntegratorBase<Double> integrator, int interval, double[] x0) {
        this.integrator = integrator;
        this.interval = interval;
        checkpoints.add(x0.clone());
    }

    @Override
    public EventStatus check(Context<Double> rootContext) {
        long taken = integrator.getNumStepsTaken();
        if (taken == steps) {
            // the monitor call of initialize: no step yet
            return EventStatus.didNothing();
        }
        if (taken != steps + 1) {
            throw new IllegalStateException("the integrator took " + (taken - steps) + " steps in one simulator "
                    + "step; the adjoint needs each of them");
        }
        if (steps == startTimes.length) {
            startTimes = Arrays.copyOf(startTimes, 2 * steps);
            sizes = Arrays.copyOf(sizes, 2 * steps);
        }
        startTimes[steps] = integrator.getLastStepStartTime();
        sizes[steps] = integrator.getPreviousIntegrationStepSize();
        steps++;
        if (steps % interval == 0) {
            checkpoints.add(rootContext.getContinuousState().toValueArray());
        }
        return EventStatus.didNothing();
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
     * @return its size, seconds
     */
    double size(int j) {
        return sizes[j];
    }

    /** @return the number of steps between checkpoints */
    int interval() {
        return interval;
    }

    /**
     * @param c a checkpoint index
     * @return the state at the start of step {@code c * interval()} (not a copy: do not modify)
     */
    double[] checkpoint(int c) {
        return checkpoints.get(c);
    }

    /** @return the number of checkpoints stored */
    int checkpointCount() {
        return checkpoints.size();
    }
}
