package dev.mallard.simulator.integrators;

import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.LeafSystem;

/**
 * {@code x(t) = sum c_k t^k} with {@code x'} its derivative in t (independent of x), starting at {@code c_0}:
 * Drake's CubicScalarSystem (5, 12, 1, 1), QuarticScalarSystem (5, 4, 3, 2, 1) and QuinticScalarSystem
 * (6, 5, 4, 3, 2, 1) of systems/analysis/test_utilities.
 */
final class PolynomialInTime extends LeafSystem<Double> {

    private final double[] c;

    /** @param c the coefficients c_0, c_1, ... of x(t) */
    PolynomialInTime(double... c) {
        super(Scalar.DOUBLE, "polynomial");
        this.c = c.clone();
        declareContinuousStateWithDefaults(c[0]);
    }

    /** @return the solution at time t */
    double evaluate(double t) {
        double x = 0;
        for (int k = c.length - 1; k >= 0; k--) {
            x = x * t + c[k];
        }
        return x;
    }

    @Override
    protected void doCalcTimeDerivatives(Context<Double> context, ContinuousState<Double> derivatives) {
        double t = context.getTimeValue();
        double dx = 0;
        for (int k = c.length - 1; k >= 1; k--) {
            dx = dx * t + k * c[k];
        }
        derivatives.setValue(0, dx);
    }
}
