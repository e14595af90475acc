package dev.mallard.roa;

import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.LeafSystem;

/**
 * Test fixture: {@code xdot = -(x - c) + (x - c)^3 [+ u]}, stable at x = c with region of attraction
 * (c - 1, c + 1); or its rational variant {@code xdot = (-x + x^3) / (1 + x^2)} (same region).
 */
final class CubicSystem<T> extends LeafSystem<T> {

    private final double center;
    private final boolean withInput;
    private final boolean rational;

    CubicSystem(Scalar<T> scalar, double center, boolean withInput, boolean rational) {
        this(scalar, rational ? "rational cubic" : "cubic", center, withInput, rational);
    }

    CubicSystem(Scalar<T> scalar, String name, double center, boolean withInput, boolean rational) {
        super(scalar, name);
        this.center = center;
        this.withInput = withInput;
        this.rational = rational;
        declareContinuousState(1);
        if (withInput) {
            declareVectorInputPort("u", 1);
        }
    }

    @Override
    protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
        Scalar<T> s = scalar();
        T x = s.sub(context.getContinuousState().get(0), center);
        T f = s.add(s.neg(x), s.pow(x, 3));
        if (rational) {
            f = s.div(f, s.add(s.square(x), 1.0));
        }
        if (withInput) {
            f = s.add(f, getInputPort(0).eval(context, 0));
        }
        derivatives.set(0, f);
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new CubicSystem<>(target, getName(), center, withInput, rational);
    }
}
