package dev.mallard.simulator.integrators;

import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.LeafSystem;

/**
 * Drake's DiscontinuousSpringMassDamperSystem (test_utilities): a mass pushed toward -x by a constant force,
 * with a spring and damper acting only at x &lt;= 0; state (x, v, conservative work) with the work rate
 * {@code -k x v} of the spring.
 */
final class DiscontinuousSpringMassDamper<T> extends LeafSystem<T> {

    private final double k;
    private final double b;
    private final double mass;
    private final double force;

    DiscontinuousSpringMassDamper(Scalar<T> scalar, double k, double b, double mass, double force) {
        super(scalar, "discontinuous spring-mass-damper");
        this.k = k;
        this.b = b;
        this.mass = mass;
        this.force = force;
        declareContinuousState(1, 1, 1);
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new DiscontinuousSpringMassDamper<>(target, k, b, mass, force);
    }

    @Override
    protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
        Scalar<T> s = scalar();
        ContinuousState<T> state = context.getContinuousState();
        T x = state.get(0);
        T v = state.get(1);
        T f = s.of(-force);
        if (s.value(x) <= 0) {
            f = s.sub(f, s.add(s.mul(x, k), s.mul(v, b)));
        }
        derivatives.set(0, v);
        derivatives.set(1, s.mul(f, 1 / mass));
        derivatives.set(2, s.mul(s.mul(x, v), -k));
    }
}
