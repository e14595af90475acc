package dev.mallard.simulator.integrators;

import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.LeafSystem;

/**
 * Robertson's stiff chemical kinetics, as Drake's test_utilities/robertson_system.h:
 * y1' = -0.04 y1 + 1e4 y2 y3, y2' = 0.04 y1 - 1e4 y2 y3 - 3e7 y2^2, y3' = 3e7 y2^2, y(0) = (1, 0, 0).
 */
final class Robertson<T> extends LeafSystem<T> {

    Robertson(Scalar<T> scalar) {
        super(scalar, "robertson");
        declareContinuousStateWithDefaults(1, 0, 0);
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new Robertson<>(target);
    }

    @Override
    protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
        Scalar<T> s = scalar();
        ContinuousState<T> y = context.getContinuousState();
        T fast = s.mul(s.mul(y.get(1), y.get(2)), 1e4);
        T slow = s.mul(y.get(0), 0.04);
        T square = s.mul(s.square(y.get(1)), 3e7);
        derivatives.set(0, s.add(s.neg(slow), fast));
        derivatives.set(1, s.sub(s.sub(slow, fast), square));
        derivatives.set(2, square);
    }
}
