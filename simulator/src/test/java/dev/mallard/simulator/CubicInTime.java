package dev.mallard.simulator;

import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.LeafSystem;

/** x' = 3 t^2, x(0) = 0: x(t) = t^3. */
final class CubicInTime<T> extends LeafSystem<T> {

    CubicInTime(Scalar<T> scalar) {
        super(scalar, "cubic");
        declareContinuousState(1);
    }

    @Override
    protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
        Scalar<T> s = scalar();
        derivatives.set(0, s.mul(s.square(context.getTime()), 3.0));
    }
}
