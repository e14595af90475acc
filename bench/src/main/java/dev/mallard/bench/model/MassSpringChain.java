package dev.mallard.bench.model;

import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.LeafSystem;

/**
 * A chain of {@link #MASSES} unit masses joined by springs of stiffness {@code k}, the first tied to a wall,
 * the last free, each with viscous damping {@code c}: {@code m q_i'' = k (q_{i-1} - q_i) + k (q_{i+1} - q_i)
 * - c q_i'} with {@code q_{-1} = 0} and no right neighbour for the last mass. State {@code [q_0..q_9,
 * v_0..v_9]}; parameters {@code (k, c)}. Written against {@link Scalar} like {@link VanDerPol}.
 *
 * @param <T> the number type
 */
public final class MassSpringChain<T> extends LeafSystem<T> {

    /** The number of masses. */
    public static final int MASSES = 10;

    /** Spring stiffness, N/m. */
    public static final double STIFFNESS = 10.0;

    /** Damping, N s/m. */
    public static final double DAMPING = 0.1;

    /** The initial state: positions 0.1 (i + 1) sin(i + 1), velocities zero. */
    public static final double[] INITIAL_STATE = initialState();

    /** @param scalar the number type */
    public MassSpringChain(Scalar<T> scalar) {
        super(scalar, "mass-spring chain");
        declareContinuousState(MASSES, MASSES, 0);
        setDefaultContinuousState(INITIAL_STATE);
        declareNumericParameter(STIFFNESS, DAMPING);
    }

    private static double[] initialState() {
        double[] x = new double[2 * MASSES];
        for (int i = 0; i < MASSES; i++) {
            x[i] = 0.1 * (i + 1) * Math.sin(i + 1);
        }
        return x;
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new MassSpringChain<>(target);
    }

    @Override
    protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
        Scalar<T> s = scalar();
        ContinuousState<T> x = context.getContinuousState();
        T k = context.getNumericParameter(0).get(0);
        T c = context.getNumericParameter(0).get(1);
        for (int i = 0; i < MASSES; i++) {
            T q = x.get(i);
            T left = i == 0 ? s.neg(q) : s.sub(x.get(i - 1), q);
            T stretch = i == MASSES - 1 ? left : s.add(left, s.sub(x.get(i + 1), q));
            T v = x.get(MASSES + i);
            derivatives.set(i, v);
            derivatives.set(MASSES + i, s.sub(s.mul(k, stretch), s.mul(c, v)));
        }
    }
}
