package dev.mallard.simulator.integrators;

import dev.mallard.systems.Context;
import dev.mallard.systems.DynamicalSystem;

/**
 * The Bogacki-Shampine 3(2) pair: third order, four stages of which the last is evaluated at the step's end
 * state (first-same-as-last), so an accepted step costs three new evaluations. The embedded second-order
 * solution gives the error estimate (order 2: it behaves as {@code h^3}). Its natural continuous extension
 * is the cubic Hermite interpolant through both ends, which is what the base provides.
 *
 * @param <T> the number type
 */
public final class BogackiShampine3Integrator<T> extends ExplicitRungeKuttaIntegrator<T> {

    private static final ButcherTableau TABLEAU = new ButcherTableau(new double[] {0, 0.5, 0.75, 1},
            new double[][] {{}, {0.5}, {0, 0.75}, {2.0 / 9, 1.0 / 3, 4.0 / 9}},
            new double[] {2.0 / 9, 1.0 / 3, 4.0 / 9, 0},
            new double[] {2.0 / 9 - 7.0 / 24, 1.0 / 3 - 1.0 / 4, 4.0 / 9 - 1.0 / 3, -1.0 / 8});

    /**
     * An error-controlled integrator (maximum step unbounded until set).
     *
     * @param system the system
     * @param context its root context, or null
     */
    public BogackiShampine3Integrator(DynamicalSystem<T> system, Context<T> context) {
        super(system, context, TABLEAU, 2);
    }

    @Override
    public String getSchemeName() {
        return "bogacki_shampine3";
    }
}
