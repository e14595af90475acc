package dev.mallard.simulator;

import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.LeafSystem;

/** Van der Pol: q' = v, v' = mu (1 - q^2) v - q, from (2, 0). */
public class VanDerPol<T> extends LeafSystem<T> {

    private final double mu;

    public VanDerPol(Scalar<T> scalar, double mu) {
        super(scalar, "van der Pol");
        this.mu = mu;
        declareContinuousState(1, 1, 0);
        setDefaultContinuousState(2, 0);
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new VanDerPol<>(target, mu);
    }

    @Override
    protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
        Scalar<T> s = scalar();
        T q = context.getContinuousState().get(0);
        T v = context.getContinuousState().get(1);
        derivatives.set(0, v);
        derivatives.set(1, s.sub(s.mul(s.mul(s.sub(1.0, s.mul(q, q)), v), mu), q));
    }
}
