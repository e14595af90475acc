package dev.mallard.simulator.integrators;

import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.LeafSystem;

/**
 * Drake's LinearScalarSystem (x = 3 + S t, x' = S) and QuadraticScalarSystem (x = 3 + S t (t + 1),
 * x' = S (2 t + 1)) from systems/analysis/test_utilities: right-hand sides that do not depend on x.
 */
final class DrakePolynomial<T> extends LeafSystem<T> {

    private final boolean quadratic;
    private final double scale;

    DrakePolynomial(Scalar<T> scalar, boolean quadratic, double scale) {
        super(scalar, quadratic ? "quadratic" : "linear");
        this.quadratic = quadratic;
        this.scale = scale;
        declareContinuousStateWithDefaults(evaluate(0));
    }

    /** @return the solution at time t */
    double evaluate(double t) {
        return quadratic ? 3 + scale * t * (t + 1) : 3 + scale * t;
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new DrakePolynomial<>(target, quadratic, scale);
    }

    @Override
    protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
        Scalar<T> s = scalar();
        T t = context.getTime();
        derivatives.set(0, quadratic ? s.mul(s.add(s.mul(t, 2.0), s.one()), scale) : s.of(scale));
    }
}
