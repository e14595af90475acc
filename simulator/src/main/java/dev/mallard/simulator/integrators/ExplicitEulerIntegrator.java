package dev.mallard.simulator.integrators;

import dev.mallard.systems.Context;
import dev.mallard.systems.DynamicalSystem;

/**
 * Explicit (forward) Euler, {@code x1 = x0 + h f(t0, x0)}: first order, fixed steps, no error estimate.
 *
 * @param <T> the number type
 */
public final class ExplicitEulerIntegrator<T> extends ExplicitRungeKuttaIntegrator<T> {

    private static final ButcherTableau TABLEAU = new ButcherTableau(new double[] {0}, new double[][] {{}},
            new double[] {1}, null);

    /**
     * @param system the system
     * @param maxStepSize the fixed step size, seconds, {@code > 0}
     * @param context its root context, or null
     */
    public ExplicitEulerIntegrator(DynamicalSystem<T> system, double maxStepSize, Context<T> context) {
        super(system, context, TABLEAU, 1);
        setMaximumStepSize(maxStepSize);
    }

    @Override
    public String getSchemeName() {
        return "explicit_euler";
    }
}
