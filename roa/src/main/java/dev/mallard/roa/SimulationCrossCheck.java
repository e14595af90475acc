package dev.mallard.roa;

import dev.mallard.simulator.Simulator;
import dev.mallard.simulator.integrators.RungeKutta5Integrator;
import dev.mallard.systems.Context;
import dev.mallard.systems.DynamicalSystem;
import dev.mallard.systems.EventStatus;
import java.util.Random;

/**
 * Simulates the double system from initial states sampled inside and on the boundary of the estimate and
 * counts those that reach the fixed point (error-controlled fifth-order Runge-Kutta, accuracy 1e-8).
 *
 * <p>The horizon adapts to slow convergence: a run that has not reached the tolerance after the horizon is
 * extended by another horizon as long as V decreased over the last one (the trajectory is still making
 * progress towards the fixed point), up to {@link #MAX_HORIZONS} horizons. A run is then classified as
 * converged (within the tolerance), not converged (V stopped decreasing, the run diverged or failed: a
 * definite miss) or undecided (still converging at the cap).
 */
final class SimulationCrossCheck {

    private static final double DIVERGED = 1e6;
    /** The most horizons one run may take. */
    static final int MAX_HORIZONS = 50;

    private SimulationCrossCheck() {
    }

    /** How a run ended. */
    enum Verdict { CONVERGED, NOT_CONVERGED, UNDECIDED }

    /**
     * @param system the analysed system
     * @param context its context at the fixed point; not modified (a clone is simulated)
     * @param x0 the fixed point
     * @param set the estimate {@code {V(y) <= 1}} in displacement coordinates
     * @param options sample count, horizon, tolerance and seed
     * @return the counts
     */
    static SimulationCheck run(DynamicalSystem<Double> system, Context<Double> context, double[] x0, SublevelSet set,
            RegionOfAttractionOptions options) {
        Random random = new Random(options.seed());
        int total = options.simulationSamples();
        int boundary = total / 2;
        int[][] counts = new int[2][Verdict.values().length];
        double longest = 0.0;
        for (int s = 0; s < total; s++) {
            double[] u = set.randomDirection(random);
            double r = set.boundaryRadius(u);
            if (Double.isInfinite(r)) {
                r = 1e3;
            }
            boolean onBoundary = s < boundary;
            double scale = onBoundary ? r : r * Math.pow(random.nextDouble(), 1.0 / x0.length);
            double[] start = new double[x0.length];
            for (int i = 0; i < start.length; i++) {
                start[i] = x0[i] + scale * u[i];
            }
            double[] time = new double[1];
            Verdict verdict = simulate(system, context, x0, start, set, options, time);
            counts[onBoundary ? 1 : 0][verdict.ordinal()]++;
            longest = Math.max(longest, time[0]);
        }
        return new SimulationCheck(total - boundary, counts[0][0], counts[0][2], boundary, counts[1][0], counts[1][2],
                options.simulationHorizon(), longest, options.convergenceTolerance());
    }

    /** Runs one sample horizon by horizon; {@code time[0]} receives the simulated time. */
    private static Verdict simulate(DynamicalSystem<Double> system, Context<Double> context, double[] x0,
            double[] start, SublevelSet set, RegionOfAttractionOptions options, double[] time) {
        Context<Double> c = context.cloneContext();
        c.setContinuousStateValues(start);
        Simulator<Double> simulator = new Simulator<>(system, c);
        simulator.resetIntegrator((sys, ctx) -> {
            RungeKutta5Integrator<Double> rk5 = new RungeKutta5Integrator<>(sys, ctx);
            rk5.setTargetAccuracy(1e-8);
            rk5.setMaximumStepSize(1.0);
            return rk5;
        });
        // A trajectory far from the fixed point is stopped before it overflows (it has not converged).
        simulator.setMonitor(root -> distance(root, x0) > DIVERGED
                ? EventStatus.reachedTermination(system, "diverged from the fixed point") : EventStatus.didNothing());
        double t0 = c.getTimeValue();
        double previous = set.value(displacement(simulator.getContext(), x0));
        try {
            simulator.initialize();
            for (int k = 1; k <= MAX_HORIZONS; k++) {
                double end = t0 + k * options.simulationHorizon();
                boolean reached = simulator.advanceTo(end).succeeded();
                time[0] = simulator.getContext().getTimeValue() - t0;
                if (distance(simulator.getContext(), x0) <= options.convergenceTolerance()) {
                    return Verdict.CONVERGED;
                }
                double v = set.value(displacement(simulator.getContext(), x0));
                if (!reached || !(v < previous)) {
                    // Terminated (diverged), or V no longer decreasing: this run will not reach the fixed point.
                    return Verdict.NOT_CONVERGED;
                }
                previous = v;
            }
        } catch (RuntimeException e) {
            // A failed integration (step size underflow, NaN) counts as not converged.
            return Verdict.NOT_CONVERGED;
        }
        return Verdict.UNDECIDED;
    }

    private static double[] displacement(Context<Double> c, double[] x0) {
        double[] y = new double[x0.length];
        for (int i = 0; i < x0.length; i++) {
            y[i] = c.getContinuousState().getValue(i) - x0[i];
        }
        return y;
    }

    private static double distance(Context<Double> c, double[] x0) {
        double s = 0.0;
        for (int i = 0; i < x0.length; i++) {
            double d = c.getContinuousState().getValue(i) - x0[i];
            s += d * d;
        }
        return Math.sqrt(s);
    }
}
