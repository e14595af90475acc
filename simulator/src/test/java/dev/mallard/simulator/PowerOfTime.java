package dev.mallard.simulator;

import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.LeafSystem;

/** x' = d t^(d-1), x(0) = 0: x(t) = t^d, a polynomial solution of degree d. */
public final class PowerOfTime<T> extends LeafSystem<T> {

    private final int degree;

    public PowerOfTime(Scalar<T> scalar, int degree) {
        super(scalar, "t^" + degree);
        this.degree = degree;
        declareContinuousState(1);
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new PowerOfTime<>(target, degree);
    }

    @Override
    protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
        Scalar<T> s = scalar();
        derivatives.set(0, s.mul(s.pow(context.getTime(), degree - 1), degree));
    }
}
