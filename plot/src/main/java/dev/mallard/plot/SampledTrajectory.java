package dev.mallard.plot;

import dev.mallard.scalar.ScalarVector;
import dev.mallard.simulator.SimulationException;
import dev.mallard.simulator.Simulator;
import dev.mallard.simulator.integrators.IntegratorBase;
import dev.mallard.simulator.trajectories.PiecewisePolynomial;
import dev.mallard.systems.EventStatus;
import java.util.ArrayList;
import java.util.List;

/**
 * A simulated trajectory for plotting and CSV: times and continuous states, built from the integrator's
 * dense output sampled evenly, the state at the end of every step and the state every step starts from, so
 * that at a reset both the state before and the state after appear at the event time. A monitor already set on
 * the simulator keeps running (after the recording) and is restored afterwards.
 *
 * <p>Immutable in use: the accessors of this record return its arrays, which no method here modifies; do not
 * modify them either.
 *
 * @param times the sample times, seconds, non-decreasing (a reset time appears twice: before and after)
 * @param states {@code states[k]} is the continuous state at {@code times[k]}
 */
public record SampledTrajectory(double[] times, double[][] states) {

    /**
     * Initializes the simulator, advances it to {@code finalTime} and records the trajectory.
     *
     * @param simulator a simulator whose context holds the initial state; its context is advanced
     * @param finalTime the end time, seconds
     * @param samples the number of evenly spaced samples of the dense output, {@code >= 2}
     * @return the trajectory
     * @throws SimulationException if the simulation fails
     * @throws IllegalArgumentException if fewer than 2 samples are asked for
     */
    public static SampledTrajectory simulate(Simulator<Double> simulator, double finalTime, int samples) {
        return record(simulator, finalTime, samples, false);
    }

    /**
     * As {@link #simulate}, but a failed simulation (typically a state escaping to infinity) ends the
     * trajectory where the failure happened instead of throwing.
     *
     * @param simulator a simulator whose context holds the initial state; its context is advanced
     * @param finalTime the end time, seconds
     * @param samples the number of evenly spaced samples of the dense output, {@code >= 2}
     * @return the trajectory up to the end time or the failure
     * @throws IllegalArgumentException if fewer than 2 samples are asked for
     */
    public static SampledTrajectory simulateUntilFailure(Simulator<Double> simulator, double finalTime, int samples) {
        return record(simulator, finalTime, samples, true);
    }

    private static SampledTrajectory record(Simulator<Double> simulator, double finalTime, int samples,
            boolean tolerateFailure) {
        if (samples < 2) {
            throw new IllegalArgumentException("samples must be >= 2, got " + samples);
        }
        List<double[]> stepEnds = new ArrayList<>();
        Simulator.Monitor<Double> callerMonitor = simulator.getMonitor();
        simulator.setMonitor(c -> {
            double[] row = new double[1 + c.getNumContinuousStates()];
            row[0] = c.getTimeValue();
            for (int i = 1; i < row.length; i++) {
                row[i] = c.getContinuousState().getValue(i - 1);
            }
            stepEnds.add(row);
            return callerMonitor == null ? EventStatus.succeeded() : callerMonitor.check(c);
        });
        IntegratorBase<Double> integrator = simulator.getMutableIntegrator();
        simulator.initialize();
        double start = simulator.getContext().getTimeValue();
        integrator.startDenseIntegration();
        try {
            simulator.advanceTo(finalTime);
        } catch (SimulationException e) {
            if (!tolerateFailure) {
                throw e;
            }
        } finally {
            if (callerMonitor == null) {
                simulator.clearMonitor();
            } else {
                simulator.setMonitor(callerMonitor);
            }
        }
        PiecewisePolynomial<Double> dense = integrator.stopDenseIntegration();
        return merge(stepEnds, dense, start, samples);
    }

    /**
     * Orders the rows by time; at one time, the state at a step's end (before any reset) comes first, then
     * the state a segment starts from (after a reset), then the even samples.
     */
    private static SampledTrajectory merge(List<double[]> stepEnds, PiecewisePolynomial<Double> dense, double start, int samples) {
        List<double[]> rows = new ArrayList<>();
        for (double[] row : stepEnds) {
            rows.add(tagged(0, row));
        }
        if (!dense.isEmpty()) {
            double[] breaks = dense.getBreaks();
            for (int k = 0; k < breaks.length - 1; k++) {
                rows.add(tagged(1, row(breaks[k], dense.value(breaks[k]))));
            }
            double end = dense.getEndTime();
            for (int k = 0; k < samples; k++) {
                // The last sample is the end itself: start + (end - start) can round past the span's end.
                double t = k == samples - 1 ? end : Math.min(end, start + (end - start) * k / (samples - 1));
                rows.add(tagged(2, row(t, dense.value(t))));
            }
        }
        rows.sort(java.util.Comparator.<double[]>comparingDouble(r -> r[1]).thenComparingDouble(r -> r[0]));
        // A step end, a segment start and a sample often fall on one time with one state: keep one of them.
        rows.removeIf(new java.util.function.Predicate<double[]>() {
            private double[] previous;

            @Override
            public boolean test(double[] row) {
                boolean same = previous != null
                        && java.util.Arrays.equals(row, 1, row.length, previous, 1, previous.length);
                previous = row;
                return same;
            }
        });
        double[] times = new double[rows.size()];
        double[][] states = new double[rows.size()][];
        for (int k = 0; k < rows.size(); k++) {
            times[k] = rows.get(k)[1];
            states[k] = java.util.Arrays.copyOfRange(rows.get(k), 2, rows.get(k).length);
        }
        return new SampledTrajectory(times, states);
    }

    private static double[] row(double t, ScalarVector<Double> x) {
        double[] row = new double[1 + x.size()];
        row[0] = t;
        for (int i = 0; i < x.size(); i++) {
            row[i + 1] = x.getValue(i);
        }
        return row;
    }

    private static double[] tagged(int rank, double[] row) {
        double[] out = new double[row.length + 1];
        out[0] = rank;
        System.arraycopy(row, 0, out, 1, row.length);
        return out;
    }

    /**
     * @param index a state index, in [0, number of states)
     * @return that state's values over time, a new array
     */
    public double[] component(int index) {
        double[] out = new double[states.length];
        for (int k = 0; k < states.length; k++) {
            out[k] = states[k][index];
        }
        return out;
    }

    /** @return the last recorded state, a copy */
    public double[] finalState() {
        return states[states.length - 1].clone();
    }

    /**
     * The times of the resets: a time recorded twice with different states (before and after the event).
     *
     * @return the event times, seconds, increasing, a new array
     */
    public double[] eventTimes() {
        return resetRows().mapToDouble(k -> times[k]).toArray();
    }

    /**
     * The states just before each reset, for marking events on a plot.
     *
     * @param index a state index
     * @return state {@code index} just before each event of {@link #eventTimes()}, a new array
     */
    public double[] componentBeforeEvents(int index) {
        return resetRows().mapToDouble(k -> states[k - 1][index]).toArray();
    }

    /** The row after each reset: the first repeat of a time (rows k - 1 and k hold the states before and after). */
    private java.util.stream.IntStream resetRows() {
        return java.util.stream.IntStream.range(1, times.length)
                .filter(k -> times[k] == times[k - 1] && (k < 2 || times[k - 2] != times[k]));
    }
}
