package dev.mallard.simulator;

import dev.mallard.systems.Context;
import dev.mallard.systems.System;

/**
 * Kutta's third-order method (three evaluations per step) with an embedded second-order estimate (the
 * explicit midpoint rule on the same stages): error-controlled by default, the Simulator's default scheme.
 * The error estimate is {@code h (k1 - 2 k2 + k3) / 6}, of order 2 (it behaves as {@code h^3}).
 *
 * @param <T> the number type
 */
public final class RungeKutta3Integrator<T> extends ExplicitRungeKuttaIntegrator<T> {

    private static final ButcherTableau TABLEAU = new ButcherTableau(new double[] {0, 0.5, 1},
            new double[][] {{}, {0.5}, {-1, 2}}, new double[] {1.0 / 6, 2.0 / 3, 1.0 / 6},
            new double[] {1.0 / 6, -1.0 / 3, 1.0 / 6});

    /**
     * An error-controlled integrator (maximum step unbounded until set).
     *
     * @param system the system
     * @param context its root context, or null
     */
    public RungeKutta3Integrator(System<T> system, Context<T> context) {
        super(system, context, TABLEAU, 2);
    }

    @Override
    public String getSchemeName() {
        return "runge_kutta3";
    }
}
