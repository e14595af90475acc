package dev.mallard.bench.model;

import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.LeafSystem;

/**
 * Van der Pol's oscillator {@code q' = v, v' = mu (1 - q^2) v - q} from {@code (2, 0)}, written the way a user
 * writes a system once for every scalar: against {@link Scalar}, with {@code mu} a numeric parameter (so
 * gradients with respect to it can be taken). On the double path its arithmetic boxes, as any generic user
 * code does; {@link VanDerPolDouble} is the boxing-free hand-specialised variant.
 *
 * @param <T> the number type
 */
public final class VanDerPol<T> extends LeafSystem<T> {

    /** The benchmark's damping parameter. */
    public static final double MU = 1.0;

    /** The initial state (q, v). */
    public static final double[] INITIAL_STATE = {2.0, 0.0};

    /**
     * @param scalar the number type
     * @param mu the damping parameter's default value
     */
    public VanDerPol(Scalar<T> scalar, double mu) {
        super(scalar, "van der Pol");
        declareContinuousState(1, 1, 0);
        setDefaultContinuousState(INITIAL_STATE);
        declareNumericParameter(mu);
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new VanDerPol<>(target, MU);
    }

    @Override
    protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
        Scalar<T> s = scalar();
        ContinuousState<T> x = context.getContinuousState();
        T q = x.get(0);
        T v = x.get(1);
        T mu = context.getNumericParameter(0).get(0);
        derivatives.set(0, v);
        derivatives.set(1, s.sub(s.mul(mu, s.mul(s.sub(1.0, s.mul(q, q)), v)), q));
    }
}
