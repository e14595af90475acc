package dev.mallard.bench.model;

import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.EventStatus;
import dev.mallard.systems.LeafSystem;
import dev.mallard.systems.WitnessDirection;

/**
 * A ball dropped from {@link #HEIGHT} onto the ground, restitution {@link #RESTITUTION}: state (z, v). With
 * impacts, a witness on z (positive then non-positive) triggers the reset {@code v+ = -e v-}; without, the same
 * dynamics run with no event at all (the ball falls through the ground), the baseline of event cost.
 *
 * @param <T> the number type
 */
public final class BouncingBall<T> extends LeafSystem<T> {

    /** Gravity, m/s^2. */
    public static final double G = 9.81;
    /** Drop height, m. */
    public static final double HEIGHT = 1.0;
    /** Coefficient of restitution. */
    public static final double RESTITUTION = 0.99;

    private final boolean impacts;

    /**
     * @param scalar the number type
     * @param impacts whether to declare the ground witness and its reset
     */
    public BouncingBall(Scalar<T> scalar, boolean impacts) {
        super(scalar, impacts ? "bouncing ball" : "falling ball");
        this.impacts = impacts;
        declareContinuousState(1, 1, 0);
        setDefaultContinuousState(HEIGHT, 0);
        declareNumericParameter(RESTITUTION);
        if (impacts) {
            declareWitnessFunctionWithUnrestrictedUpdate("ground", WitnessDirection.POSITIVE_THEN_NON_POSITIVE,
                    c -> c.getContinuousState().get(0), (c, state) -> {
                        T v = c.getContinuousState().get(1);
                        T e = c.getNumericParameter(0).get(0);
                        state.getMutableContinuousState().set(1, scalar.neg(scalar.mul(e, v)));
                        return EventStatus.succeeded();
                    });
        }
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new BouncingBall<>(target, impacts);
    }

    @Override
    protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
        derivatives.set(0, context.getContinuousState().get(1));
        derivatives.set(1, scalar().of(-G));
    }

    /**
     * The k-th impact time (k = 0 for the first), from the closed form.
     *
     * @param k the impact index, {@code >= 0}
     * @return seconds
     */
    public static double impactTime(int k) {
        double t = Math.sqrt(2 * HEIGHT / G);
        double speed = Math.sqrt(2 * G * HEIGHT);
        for (int j = 1; j <= k; j++) {
            t += 2 * Math.pow(RESTITUTION, j) * speed / G;
        }
        return t;
    }

    /**
     * @param bounces the number of impacts wanted, {@code >= 1}
     * @return a final time half-way between impact {@code bounces} and the next
     */
    public static double timeFor(int bounces) {
        return 0.5 * (impactTime(bounces - 1) + impactTime(bounces));
    }
}
