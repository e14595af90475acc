package dev.mallard.bench.model;

import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.LeafSystem;

/**
 * A 10-state system for the symbolic benchmark: {@link #MASSES} pendulum-like unit masses in a chain with
 * hardening springs, {@code q_i'' = -g sin q_i + f(q_{i-1} - q_i) + f(q_{i+1} - q_i) - c q_i'} with
 * {@code f(d) = k d + k3 d^3}, the first tied to a wall ({@code q_{-1} = 0}), the last free. Written against
 * {@link Scalar}; {@link #derivatives} is the same dynamics hand-written on primitive arrays.
 *
 * @param <T> the number type
 */
public final class NonlinearChain<T> extends LeafSystem<T> {

    /** The number of masses (the state has twice as many entries). */
    public static final int MASSES = 5;
    private static final double G = 9.81;
    private static final double K = 4.0;
    private static final double K3 = 0.5;
    private static final double C = 0.2;

    /** @param scalar the number type */
    public NonlinearChain(Scalar<T> scalar) {
        super(scalar, "nonlinear chain");
        declareContinuousState(MASSES, MASSES, 0);
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new NonlinearChain<>(target);
    }

    @Override
    protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
        Scalar<T> s = scalar();
        ContinuousState<T> x = context.getContinuousState();
        for (int i = 0; i < MASSES; i++) {
            T q = x.get(i);
            T v = x.get(MASSES + i);
            T force = s.add(s.mul(s.sin(q), -G), spring(s, i == 0 ? s.neg(q) : s.sub(x.get(i - 1), q)));
            if (i < MASSES - 1) {
                force = s.add(force, spring(s, s.sub(x.get(i + 1), q)));
            }
            derivatives.set(i, v);
            derivatives.set(MASSES + i, s.sub(force, s.mul(v, C)));
        }
    }

    private static <T> T spring(Scalar<T> s, T d) {
        return s.add(s.mul(d, K), s.mul(s.pow(d, 3), K3));
    }

    /**
     * The same dynamics by hand on primitive arrays.
     *
     * @param x the state (10 entries), not modified
     * @param xdot the derivative, written
     */
    public static void derivatives(double[] x, double[] xdot) {
        for (int i = 0; i < MASSES; i++) {
            double q = x[i];
            double v = x[MASSES + i];
            double d = i == 0 ? -q : x[i - 1] - q;
            double force = -G * Math.sin(q) + (K * d + K3 * d * d * d);
            if (i < MASSES - 1) {
                double e = x[i + 1] - q;
                force += K * e + K3 * e * e * e;
            }
            xdot[i] = v;
            xdot[MASSES + i] = force - C * v;
        }
    }
}
