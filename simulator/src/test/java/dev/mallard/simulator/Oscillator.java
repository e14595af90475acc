package dev.mallard.simulator;

import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.Feedthrough;
import dev.mallard.systems.LeafSystem;

/** The harmonic oscillator q'' = -omega^2 q (q = position, v = velocity): q(t) = q0 cos(wt) + v0/w sin(wt). */
public final class Oscillator<T> extends LeafSystem<T> {

    private final double omega;

    public Oscillator(Scalar<T> scalar) {
        this(scalar, 1.0);
    }

    public Oscillator(Scalar<T> scalar, double omega) {
        super(scalar, "oscillator");
        this.omega = omega;
        declareContinuousState(1, 1, 0);
        setDefaultContinuousState(1, 0);
        declareVectorOutputPort("q", 1, (c, y) -> y.set(0, c.getContinuousState().get(0)), Feedthrough.none());
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new Oscillator<>(target, omega);
    }

    @Override
    protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
        Scalar<T> s = scalar();
        ContinuousState<T> x = context.getContinuousState();
        derivatives.set(0, x.get(1));
        derivatives.set(1, s.mul(x.get(0), -omega * omega));
    }
}
