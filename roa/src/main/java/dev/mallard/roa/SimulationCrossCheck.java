package dev.mallard.roa;

import dev.mallard.simulator.RungeKutta5Integrator;
import dev.mallard.simulator.Simulator;
import dev.mallard.systems.Context;
import dev.mallard.systems.EventStatus;
import dev.mallard.systems.DynamicalSystem;

import java.util.Random;

/**
 * Simulates the double system from initial states sampled inside and on the boundary of the estimate and
 * counts those that reach the fixed point (error-controlled fifth-order Runge-Kutta, accuracy 1e-8).
 */
final class SimulationCrossCheck {

    private static final double DIVERGED = 1e6;

    private SimulationCrossCheck() {
    }

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
        int inside = total - boundary;
        int insideConverged = 0;
        int boundaryConverged = 0;
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
            boolean converged = converges(system, context, x0, start, options);
            if (onBoundary) {
                boundaryConverged += converged ? 1 : 0;
            } else {
                insideConverged += converged ? 1 : 0;
            }
        }
        return new SimulationCheck(inside, insideConverged, boundary, boundaryConverged, options.simulationHorizon(),
                options.convergenceTolerance());
    }

    private static boolean converges(DynamicalSystem<Double> system, Context<Double> context, double[] x0, double[] start,
            RegionOfAttractionOptions options) {
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
        try {
            simulator.initialize();
            simulator.advanceTo(c.getTimeValue() + options.simulationHorizon());
        } catch (RuntimeException e) {
            // A failed integration (step size underflow, NaN) counts as not converged.
            return false;
        }
        return distance(simulator.getContext(), x0) <= options.convergenceTolerance();
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
