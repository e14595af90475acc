package dev.mallard.tests;

import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.Feedthrough;
import dev.mallard.systems.LeafSystem;

/**
 * A forced, damped Duffing oscillator with an input force, written once against Scalar:
 * q' = v, v' = -delta v - alpha q - beta q^3 + gamma cos(omega t) + u; parameters
 * (delta, alpha, beta, gamma, omega) = (0.3, -1, 1, 0.5, 1.2); output the energy-like y = v^2/2 + alpha q^2/2 + beta q^4/4.
 */
final class ForcedDuffing<T> extends LeafSystem<T> {

    static final double[] PARAMETERS = {0.3, -1.0, 1.0, 0.5, 1.2};

    ForcedDuffing(Scalar<T> scalar) {
        super(scalar, "duffing");
        declareContinuousState(1, 1, 0);
        setDefaultContinuousState(1.0, 0.0);
        declareNumericParameter(PARAMETERS);
        declareVectorInputPort("force", 1);
        declareVectorOutputPort("energy", 1, this::energy, Feedthrough.none());
    }

    @Override
    protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
        Scalar<T> s = scalar();
        T q = context.getContinuousState().get(0);
        T v = context.getContinuousState().get(1);
        ScalarVector<T> p = context.getNumericParameter(0);
        T restoring = s.add(s.mul(p.get(1), q), s.mul(p.get(2), s.mul(q, s.mul(q, q))));
        T forcing = s.add(s.mul(p.get(3), s.cos(s.mul(p.get(4), context.getTime()))), getInputPort(0).eval(context, 0));
        derivatives.set(0, v);
        derivatives.set(1, s.add(s.neg(s.add(s.mul(p.get(0), v), restoring)), forcing));
    }

    private void energy(Context<T> context, ScalarVector<T> y) {
        Scalar<T> s = scalar();
        T q = context.getContinuousState().get(0);
        T v = context.getContinuousState().get(1);
        ScalarVector<T> p = context.getNumericParameter(0);
        T q2 = s.mul(q, q);
        y.set(0, s.add(s.add(s.mul(s.mul(v, v), 0.5), s.mul(s.mul(p.get(1), q2), 0.5)),
                s.mul(s.mul(p.get(2), s.mul(q2, q2)), 0.25)));
    }
}
