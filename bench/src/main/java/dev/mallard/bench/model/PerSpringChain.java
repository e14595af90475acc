package dev.mallard.bench.model;

import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.LeafSystem;

/**
 * A chain of unit masses, the first tied to a wall, each spring i (between mass i-1, or the wall, and mass i)
 * with its own stiffness {@code k_i} and damper {@code c_i}: {@code 2 m} parameters for {@code m} masses
 * (parameter group 0 holds {@code k}, group 1 {@code c}). State {@code [q_0..q_m-1, v_0..v_m-1]}, starting at
 * positions {@code 0.1 (i + 1) sin(i + 1)} at rest. For the adjoint's scaling with the parameter count.
 *
 * @param <T> the number type
 */
public final class PerSpringChain<T> extends LeafSystem<T> {

    private final int masses;

    /**
     * @param scalar the number type
     * @param masses the number of masses, at least 1
     */
    public PerSpringChain(Scalar<T> scalar, int masses) {
        super(scalar, "per-spring chain");
        if (masses < 1) {
            throw new IllegalArgumentException("masses must be at least 1, got " + masses);
        }
        this.masses = masses;
        declareContinuousState(masses, masses, 0);
        double[] x0 = new double[2 * masses];
        double[] k = new double[masses];
        double[] c = new double[masses];
        for (int i = 0; i < masses; i++) {
            x0[i] = 0.1 * (i + 1) * Math.sin(i + 1);
            k[i] = 10 + i % 3;
            c[i] = 0.1 + 0.01 * (i % 5);
        }
        setDefaultContinuousState(x0);
        declareNumericParameter("stiffness", k);
        declareNumericParameter("damping", c);
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new PerSpringChain<>(target, masses);
    }

    @Override
    protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
        Scalar<T> s = scalar();
        ContinuousState<T> x = context.getContinuousState();
        T previous = s.zero();
        for (int i = 0; i < masses; i++) {
            // the force spring i exerts on mass i; mass i-1 feels its opposite
            T stretch = i == 0 ? x.get(0) : s.sub(x.get(i), x.get(i - 1));
            T rate = i == 0 ? x.get(masses) : s.sub(x.get(masses + i), x.get(masses + i - 1));
            T force = s.add(s.mul(context.getNumericParameter(0).get(i), stretch),
                    s.mul(context.getNumericParameter(1).get(i), rate));
            derivatives.set(i, x.get(masses + i));
            if (i > 0) {
                derivatives.set(masses + i - 1, s.add(previous, force));
            }
            previous = s.neg(force);
        }
        derivatives.set(2 * masses - 1, previous);
    }
}
