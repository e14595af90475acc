package dev.mallard.bench.model;

import dev.mallard.examples.Acrobot;
import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.LeafSystem;

/**
 * {@link Acrobot} spelled through the type class ({@code s.add(a, s.mul(b, c))}), as generic systems were written
 * before {@code Num}: the same operations in the same order, so it computes the same numbers bit for bit. The
 * benchmark measures what {@code Num}'s fluent form costs beside it.
 *
 * @param <T> the number type
 */
public final class AcrobotScalar<T> extends LeafSystem<T> {

    /** @param scalar the number type */
    public AcrobotScalar(Scalar<T> scalar) {
        super(scalar, "acrobot (Scalar)");
        declareContinuousState(2, 2, 0);
        for (int k = 0; k < Acrobot.PARAMETERS.size(); k++) {
            declareNumericParameter(Acrobot.PARAMETERS.get(k), Acrobot.DRAKE_PARAMETERS[k]);
        }
        declareVectorInputPort("elbow_torque", 1);
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new AcrobotScalar<>(target);
    }

    @Override
    protected void doCalcTimeDerivatives(Context<T> c, ContinuousState<T> d) {
        Scalar<T> s = scalar();
        ContinuousState<T> x = c.getContinuousState();
        T q1 = x.get(0);
        T q2 = x.get(1);
        T v1 = x.get(2);
        T v2 = x.get(3);
        T tau = getInputPort(0).eval(c).get(0);
        T m1 = p(c, 0);
        T m2 = p(c, 1);
        T l1 = p(c, 2);
        T lc1 = p(c, 4);
        T lc2 = p(c, 5);
        T g = p(c, 10);
        T i1 = s.add(p(c, 6), s.mul(m1, s.square(lc1)));
        T i2 = s.add(p(c, 7), s.mul(m2, s.square(lc2)));
        T k = s.mul(s.mul(m2, l1), lc2);
        T s2 = s.sin(q2);
        T s1 = s.sin(q1);
        T s12 = s.sin(s.add(q1, q2));
        T kc2 = s.mul(k, s.cos(q2));
        T m11 = s.add(s.add(s.add(i1, i2), s.mul(m2, s.square(l1))), s.mul(kc2, 2));
        T m12 = s.add(i2, kc2);
        T bias1 = s.add(s.add(s.neg(s.mul(s.mul(s.mul(k, s2), v2), s.add(s.mul(v1, 2), v2))),
                s.mul(g, s.add(s.mul(s.mul(m1, lc1), s1), s.mul(m2, s.add(s.mul(l1, s1), s.mul(lc2, s12)))))),
                s.mul(p(c, 8), v1));
        T bias2 = s.add(s.add(s.mul(s.mul(k, s2), s.square(v1)), s.mul(s.mul(s.mul(g, m2), lc2), s12)),
                s.mul(p(c, 9), v2));
        T r1 = s.neg(bias1);
        T r2 = s.sub(tau, bias2);
        T det = s.sub(s.mul(m11, i2), s.square(m12));
        d.set(0, v1);
        d.set(1, v2);
        d.set(2, s.div(s.sub(s.mul(i2, r1), s.mul(m12, r2)), det));
        d.set(3, s.div(s.sub(s.mul(m11, r2), s.mul(m12, r1)), det));
    }

    private static <T> T p(Context<T> c, int k) {
        return c.getNumericParameter(k).get(0);
    }
}
