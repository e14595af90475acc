package dev.mallard.simulator;

import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.LeafSystem;

/** x' = -k x^3: x(t) = x0 / sqrt(1 + 2 k x0^2 t). Stiff and strongly nonlinear for large k x0^2. */
final class CubicDecay<T> extends LeafSystem<T> {

    private final double k;

    CubicDecay(Scalar<T> scalar, double k, double x0) {
        super(scalar, "cubic decay");
        this.k = k;
        declareContinuousStateWithDefaults(x0);
    }

    static double solution(double k, double x0, double t) {
        return x0 / Math.sqrt(1 + 2 * k * x0 * x0 * t);
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new CubicDecay<>(target, k, getDefaultState());
    }

    private double getDefaultState() {
        return createDefaultContext().getContinuousState().getValue(0);
    }

    @Override
    protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
        Scalar<T> s = scalar();
        derivatives.set(0, s.mul(s.pow(context.getContinuousState().get(0), 3), -k));
    }
}
