package dev.mallard.simulator;

import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.LeafSystem;

/**
 * x1' = -x1, x2' = -k (x2 - x1), x(0) = (1, 0): eigenvalues -1 and -k. Closed form x1 = e^-t,
 * x2 = k/(k-1) (e^-t - e^-kt).
 */
public final class StiffPair<T> extends LeafSystem<T> {

    public static final double K = 1e4;

    public StiffPair(Scalar<T> scalar) {
        super(scalar, "stiff pair");
        declareContinuousStateWithDefaults(1, 0);
    }

    public static double x1(double t) {
        return Math.exp(-t);
    }

    public static double x2(double t) {
        return K / (K - 1) * (Math.exp(-t) - Math.exp(-K * t));
    }

    @Override
    protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
        Scalar<T> s = scalar();
        ContinuousState<T> x = context.getContinuousState();
        derivatives.set(0, s.neg(x.get(0)));
        derivatives.set(1, s.mul(s.sub(x.get(1), x.get(0)), -K));
    }
}
