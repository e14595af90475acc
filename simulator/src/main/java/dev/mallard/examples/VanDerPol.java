package dev.mallard.examples;

import dev.mallard.scalar.Checks;
import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.Feedthrough;
import dev.mallard.systems.LeafSystem;

/**
 * The Van der Pol oscillator {@code x1' = x2, x2' = mu (1 - x1^2) x2 - x1}, or its time reversal
 * {@code x1' = -x2, x2' = x1 + (x1^2 - 1) x2 * mu}. For mu > 0 the forward system has a stable limit cycle
 * and an unstable origin; the time-reversed one has a stable origin whose region of attraction is bounded
 * by that (now unstable) cycle. Numeric parameter group 0 holds {@code [mu]}. Output port 0 ("state") is
 * {@code [x1, x2]}. The dynamics are polynomial, so the system can be analysed symbolically.
 *
 * @param <T> the number type
 */
public final class VanDerPol<T> extends LeafSystem<T> {

    private final double mu;
    private final boolean timeReversed;

    /**
     * @param scalar the number type
     * @param mu the damping parameter, finite
     * @param timeReversed whether to reverse time (the region-of-attraction example)
     */
    public VanDerPol(Scalar<T> scalar, double mu, boolean timeReversed) {
        super(scalar, timeReversed ? "time-reversed Van der Pol" : "Van der Pol");
        this.mu = Checks.finite(mu, "mu");
        this.timeReversed = timeReversed;
        declareContinuousState(2);
        declareNumericParameter("mu", mu);
        declareVectorOutputPort("state", 2, (c, y) -> {
            y.set(0, c.getContinuousState().get(0));
            y.set(1, c.getContinuousState().get(1));
        }, Feedthrough.none());
    }

    /** @return whether time runs backwards in this system */
    public boolean isTimeReversed() {
        return timeReversed;
    }

    @Override
    protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
        Scalar<T> s = scalar();
        T x1 = context.getContinuousState().get(0);
        T x2 = context.getContinuousState().get(1);
        T m = context.getNumericParameter(0).get(0);
        T x1dot = x2;
        T x2dot = s.sub(s.mul(s.mul(m, s.sub(1.0, s.square(x1))), x2), x1);
        derivatives.set(0, timeReversed ? s.neg(x1dot) : x1dot);
        derivatives.set(1, timeReversed ? s.neg(x2dot) : x2dot);
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new VanDerPol<>(target, mu, timeReversed);
    }
}
