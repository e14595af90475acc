package dev.mallard.examples;

import dev.mallard.scalar.Checks;
import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.EventStatus;
import dev.mallard.systems.Feedthrough;
import dev.mallard.systems.LeafSystem;
import dev.mallard.systems.WitnessDirection;

/**
 * A ball falling under gravity onto the ground {@code z = 0} and bouncing with restitution {@code e}: a
 * hybrid system. State: q = height z (m), v = vertical velocity (m/s). A witness on z (positive then
 * non-positive) triggers an unrestricted update {@code v+ = -e v-}. Numeric parameter group 0 holds
 * {@code [e, g]}. Output port 0 ("state") is {@code [z, z']}.
 *
 * <p>From rest at height h the impacts happen at {@code t_1 = sqrt(2h/g)} and
 * {@code t_(k+1) = t_k + 2 e^k sqrt(2gh) / g}; they accumulate (Zeno) at
 * {@code t_1 + 2 e sqrt(2gh) / (g (1 - e))}, beyond which no simulation is meaningful.
 *
 * @param <T> the number type
 */
public final class BouncingBall<T> extends LeafSystem<T> {

    /** Index of the restitution coefficient in parameter group 0. */
    public static final int RESTITUTION = 0;
    /** Index of gravity in parameter group 0. */
    public static final int GRAVITY = 1;

    private final double height;
    private final double restitution;
    private final double gravity;

    /**
     * A ball at rest at the given height.
     *
     * @param scalar the number type
     * @param height initial height h, m, finite and {@code > 0}
     * @param restitution e, in [0, 1]
     * @param gravity g, m/s^2, finite and {@code > 0}
     * @throws IllegalArgumentException naming a parameter out of its range
     */
    public BouncingBall(Scalar<T> scalar, double height, double restitution, double gravity) {
        super(scalar, "bouncing ball");
        this.height = Checks.positive(height, "height");
        if (!(restitution >= 0 && restitution <= 1)) {
            throw new IllegalArgumentException("restitution must be in [0, 1], got " + restitution);
        }
        this.restitution = restitution;
        this.gravity = Checks.positive(gravity, "gravity");
        declareContinuousState(1, 1, 0);
        setContinuousStateNames("height", "velocity");
        setDefaultContinuousState(height, 0.0);
        declareNumericParameter(restitution, gravity);
        setNumericParameterEntryNames(0, "restitution", "gravity");
        declareVectorOutputPort("state", 2, (c, y) -> {
            y.set(0, c.getContinuousState().get(0));
            y.set(1, c.getContinuousState().get(1));
        }, Feedthrough.none());
        declareWitnessFunctionWithUnrestrictedUpdate("ground contact", WitnessDirection.POSITIVE_THEN_NON_POSITIVE,
                c -> c.getContinuousState().get(0), (c, state) -> {
                    T v = c.getContinuousState().get(1);
                    T e = c.getNumericParameter(0).get(RESTITUTION);
                    state.getMutableContinuousState().set(1, scalar.neg(scalar.mul(e, v)));
                    return EventStatus.succeeded();
                });
    }

    /**
     * The closed-form time of impact k (0-based) for a ball dropped from rest.
     *
     * @param k the impact index, {@code >= 0}
     * @param height the drop height, m
     * @param restitution e
     * @param gravity g, m/s^2
     * @return the impact time, s
     */
    public static double impactTime(int k, double height, double restitution, double gravity) {
        double t = Math.sqrt(2 * height / gravity);
        double speed = Math.sqrt(2 * gravity * height);
        for (int j = 1; j <= k; j++) {
            t += 2 * Math.pow(restitution, j) * speed / gravity;
        }
        return t;
    }

    @Override
    protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
        derivatives.set(0, context.getContinuousState().get(1));
        derivatives.set(1, scalar().neg(context.getNumericParameter(0).get(GRAVITY)));
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new BouncingBall<>(target, height, restitution, gravity);
    }
}
