package dev.mallard.simulator;

import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.LeafSystem;

/**
 * Drake's StiffDoubleMassSpringSystem (systems/analysis/test_utilities): two unit masses, the first tied to
 * the world by a spring of stiffness 750, the two joined by a spring of stiffness 1e20 and rest length 1, no
 * damping; state {@code [x1, x2, v1, v2]}, starting at {@code x = (0.5, 1.5)}, at rest. It behaves as a mass
 * of 2 on the soft spring.
 */
final class StiffDoubleMassSpring<T> extends LeafSystem<T> {

    static final double K_SOFT = 750;
    static final double K_STIFF = 1e20;

    StiffDoubleMassSpring(Scalar<T> scalar) {
        super(scalar, "stiff_double_mass_spring");
        declareContinuousState(2, 2, 0);
        setDefaultContinuousState(0.5, 1.5, 0, 0);
    }

    /**
     * The rigidly-joined solution from a start state with the two masses one apart.
     *
     * @param x0 the first mass's start position
     * @param v0 the first mass's start velocity
     * @param t the time, seconds
     * @return {@code [x1, x2, v1, v2]}
     */
    static double[] solution(double x0, double v0, double t) {
        double omega = Math.sqrt(K_SOFT / 2);
        double c2 = v0 / omega;
        double x = x0 * Math.cos(omega * t) + c2 * Math.sin(omega * t);
        double v = -x0 * omega * Math.sin(omega * t) + c2 * omega * Math.cos(omega * t);
        return new double[] {x, x + 1, v, v};
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new StiffDoubleMassSpring<>(target);
    }

    @Override
    protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
        Scalar<T> s = scalar();
        ContinuousState<T> x = context.getContinuousState();
        T f1 = s.mul(x.get(0), -K_SOFT);
        T f2 = s.mul(s.sub(s.sub(x.get(1), x.get(0)), 1.0), -K_STIFF);
        derivatives.set(0, x.get(2));
        derivatives.set(1, x.get(3));
        derivatives.set(2, s.sub(f1, f2));
        derivatives.set(3, f2);
    }
}
