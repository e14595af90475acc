package dev.mallard.examples;

import dev.mallard.scalar.Checks;
import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.Feedthrough;
import dev.mallard.systems.LeafSystem;

/**
 * A damped pendulum: a point mass on a massless rod of length {@code l} (m) under gravity {@code g}
 * (m/s^2), with viscous damping {@code b} (1/s):
 * {@code theta'' = -(g / l) sin(theta) - b theta'}. State: q = angle theta (rad, 0 hanging down),
 * v = angular rate (rad/s). Numeric parameter group 0 holds {@code [l, b, g]}, so gradients with respect
 * to them are available through the context. Output port 0 ("state") is {@code [theta, theta']}.
 *
 * @param <T> the number type
 */
public final class DampedPendulum<T> extends LeafSystem<T> {

    /** Index of the rod length in parameter group 0. */
    public static final int LENGTH = 0;
    /** Index of the damping in parameter group 0. */
    public static final int DAMPING = 1;
    /** Index of the gravity in parameter group 0. */
    public static final int GRAVITY = 2;

    private final double length;
    private final double damping;
    private final double gravity;

    /**
     * A pendulum with the given default parameters, starting at rest at angle 0.
     *
     * @param scalar the number type
     * @param length rod length l, m, finite and {@code > 0}
     * @param damping damping b, 1/s, finite and {@code >= 0}
     * @param gravity gravity g, m/s^2, finite
     * @throws IllegalArgumentException naming a parameter out of its range
     */
    public DampedPendulum(Scalar<T> scalar, double length, double damping, double gravity) {
        super(scalar, "pendulum");
        this.length = Checks.positive(length, "length");
        this.damping = Checks.finite(damping, "damping");
        if (damping < 0) {
            throw new IllegalArgumentException("damping must be >= 0, got " + damping);
        }
        this.gravity = Checks.finite(gravity, "gravity");
        declareContinuousState(1, 1, 0);
        setContinuousStateNames("angle", "rate");
        declareNumericParameter(length, damping, gravity);
        declareVectorOutputPort("state", 2, (c, y) -> {
            y.set(0, c.getContinuousState().get(0));
            y.set(1, c.getContinuousState().get(1));
        }, Feedthrough.none());
    }

    @Override
    protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
        Scalar<T> s = scalar();
        T theta = context.getContinuousState().get(0);
        T omega = context.getContinuousState().get(1);
        var p = context.getNumericParameter(0);
        T gravityTerm = s.mul(s.div(p.get(GRAVITY), p.get(LENGTH)), s.sin(theta));
        derivatives.set(0, omega);
        derivatives.set(1, s.neg(s.add(gravityTerm, s.mul(p.get(DAMPING), omega))));
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new DampedPendulum<>(target, length, damping, gravity);
    }
}
