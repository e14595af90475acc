package dev.mallard.simulator.integrators;

import dev.mallard.simulator.Simulator;
import dev.mallard.systems.Context;
import dev.mallard.systems.DynamicalSystem;

/**
 * Kutta's third-order method (three evaluations per step) with an embedded second-order estimate (the
 * explicit midpoint rule on the same stages): error-controlled by default, the Simulator's default scheme.
 * The error estimate is {@code h (k1 - 2 k2 + k3) / 6}, of order 2 (it behaves as {@code h^3}).
 *
 * @param <T> the number type
 */
public final class RungeKutta3Integrator<T> extends ExplicitRungeKuttaIntegrator<T> {

    // The coefficients, named once: the tableau (generic path) and the unrolled double path both use them.
    private static final double C2 = 0.5;
    private static final double C3 = 1;
    private static final double A21 = 0.5;
    private static final double A31 = -1;
    private static final double A32 = 2;
    private static final double B1 = 1.0 / 6;
    private static final double B2 = 2.0 / 3;
    private static final double B3 = 1.0 / 6;
    private static final double E1 = 1.0 / 6;
    private static final double E2 = -1.0 / 3;
    private static final double E3 = 1.0 / 6;

    private static final ButcherTableau TABLEAU = new ButcherTableau(new double[] {0, C2, C3},
            new double[][] {{}, {A21}, {A31, A32}}, new double[] {B1, B2, B3}, new double[] {E1, E2, E3});

    /**
     * An error-controlled integrator (maximum step unbounded until set).
     *
     * @param system the system
     * @param context its root context, or null
     */
    public RungeKutta3Integrator(DynamicalSystem<T> system, Context<T> context) {
        super(system, context, TABLEAU, 2);
    }

    /**
     * The tableau unrolled: each sum is added in stage order, so the result is the same as the tableau's sums
     * over its nonzero coefficients.
     */
    @Override
    protected boolean stepDouble(double t0, double h, double[] x0, double[] f0, double[] x1, double[] err) {
        int n = x0.length;
        double[] k1 = f0;
        double[] k2 = stageDerivatives(1);
        double[] k3 = stageDerivatives(2);
        // stage states are built in the context's own array, so evaluating them copies nothing
        double[] x = contextStateArray();
        for (int j = 0; j < n; j++) {
            x[j] = x0[j] + h * (A21 * k1[j]);
        }
        evalDerivatives(t0 + C2 * h, x, k2);
        for (int j = 0; j < n; j++) {
            x[j] = x0[j] + h * (A31 * k1[j] + A32 * k2[j]);
        }
        evalDerivatives(t0 + C3 * h, x, k3);
        for (int j = 0; j < n; j++) {
            x1[j] = x0[j] + h * (B1 * k1[j] + B2 * k2[j] + B3 * k3[j]);
            err[j] = h * (E1 * k1[j] + E2 * k2[j] + E3 * k3[j]);
        }
        return true;
    }

    @Override
    public String getSchemeName() {
        return "runge_kutta3";
    }
}
