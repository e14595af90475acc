package dev.mallard.simulator;

import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.LeafSystem;

/**
 * A chain of unit masses joined by springs and dampers, the first tied to a wall: state {@code [q_0 .. q_m-1,
 * v_0 .. v_m-1]}, parameter groups "stiffness" {@code k_i} and "damping" {@code c_i} of spring i (between mass
 * i-1, or the wall, and mass i). With {@code withCost}, one more state integrates the running cost
 * {@link #runningCost}, for checking the adjoint's running cost against forward mode.
 *
 * @param <T> the number type
 */
public final class MassSpringChain<T> extends LeafSystem<T> {

    private final int masses;
    private final boolean withCost;

    public MassSpringChain(Scalar<T> scalar, int masses, boolean withCost) {
        super(scalar, "chain");
        this.masses = masses;
        this.withCost = withCost;
        declareContinuousState(2 * masses + (withCost ? 1 : 0));
        double[] k = new double[masses];
        double[] c = new double[masses];
        for (int i = 0; i < masses; i++) {
            k[i] = 1 + 0.5 * i;
            c[i] = 0.1 + 0.05 * i;
        }
        declareNumericParameter("stiffness", k);
        declareNumericParameter("damping", c);
    }

    /** The running cost {@code L = sum q_i^2 + k_0 v_0^2 + t q_0} as written in the cost state's derivative. */
    public static <T> T runningCost(Scalar<T> s, T t, T[] q, T[] v, T k0) {
        T sum = s.mul(k0, s.square(v[0]));
        for (T qi : q) {
            sum = s.add(sum, s.square(qi));
        }
        return s.add(sum, s.mul(t, q[0]));
    }

    @Override
    protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
        Scalar<T> s = scalar();
        T[] q = s.newArray(masses);
        T[] v = s.newArray(masses);
        for (int i = 0; i < masses; i++) {
            q[i] = context.getContinuousState().get(i);
            v[i] = context.getContinuousState().get(masses + i);
        }
        T[] force = s.newArray(masses + 1);
        force[masses] = s.zero();
        for (int i = 0; i < masses; i++) {
            T k = context.getNumericParameter(0).get(i);
            T c = context.getNumericParameter(1).get(i);
            T stretch = i == 0 ? q[0] : s.sub(q[i], q[i - 1]);
            T rate = i == 0 ? v[0] : s.sub(v[i], v[i - 1]);
            force[i] = s.add(s.mul(k, stretch), s.mul(c, rate));
        }
        for (int i = 0; i < masses; i++) {
            derivatives.set(i, v[i]);
            derivatives.set(masses + i, s.sub(force[i + 1], force[i]));
        }
        if (withCost) {
            derivatives.set(2 * masses,
                    runningCost(s, context.getTime(), q, v, context.getNumericParameter(0).get(0)));
        }
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new MassSpringChain<>(target, masses, withCost);
    }
}
