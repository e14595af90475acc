package dev.mallard.simulator.integrators;

import dev.mallard.systems.Context;
import dev.mallard.systems.DynamicalSystem;

/**
 * Heun's method (the explicit trapezoidal rule): second order, two derivative evaluations per step, fixed
 * steps, no error estimate.
 *
 * @param <T> the number type
 */
public final class RungeKutta2Integrator<T> extends ExplicitRungeKuttaIntegrator<T> {

    private static final ButcherTableau TABLEAU = new ButcherTableau(new double[] {0, 1},
            new double[][] {{}, {1}}, new double[] {0.5, 0.5}, null);

    /**
     * @param system the system
     * @param maxStepSize the fixed step size, seconds, {@code > 0}
     * @param context its root context, or null
     */
    public RungeKutta2Integrator(DynamicalSystem<T> system, double maxStepSize, Context<T> context) {
        super(system, context, TABLEAU, 2);
        setMaximumStepSize(maxStepSize);
    }

    @Override
    public String getSchemeName() {
        return "runge_kutta2";
    }
}
