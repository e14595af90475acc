package dev.mallard.bench.model;

import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.LeafSystem;

/**
 * A 3-state cubic system for the region-of-attraction benchmark, stable at the origin with a bounded region
 * of attraction: {@code x0' = -x0 + 0.5 x1 + x0^3, x1' = -x1 + 0.5 x2 + x1^3, x2' = -x2 - 0.3 x0 + x2^3}.
 * With the quadratic Lyapunov function from the linearisation, Vdot has degree 4, so the S-procedure
 * multiplier has degree 4.
 *
 * @param <T> the number type
 */
public final class CubicTriple<T> extends LeafSystem<T> {

    /** @param scalar the number type */
    public CubicTriple(Scalar<T> scalar) {
        super(scalar, "cubic triple");
        declareContinuousState(3);
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new CubicTriple<>(target);
    }

    @Override
    protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
        Scalar<T> s = scalar();
        ContinuousState<T> x = context.getContinuousState();
        T x0 = x.get(0);
        T x1 = x.get(1);
        T x2 = x.get(2);
        derivatives.set(0, s.add(s.add(s.neg(x0), s.mul(x1, 0.5)), s.pow(x0, 3)));
        derivatives.set(1, s.add(s.add(s.neg(x1), s.mul(x2, 0.5)), s.pow(x1, 3)));
        derivatives.set(2, s.add(s.sub(s.neg(x2), s.mul(x0, 0.3)), s.pow(x2, 3)));
    }
}
