package dev.mallard.examples;

import dev.mallard.scalar.Checks;
import dev.mallard.scalar.Num;
import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.LeafSystem;

/**
 * Drake's planar quadrotor ({@code Quadrotor2D}): a rigid body of mass {@code m} (kg) and inertia {@code I}
 * (kg m^2) in the vertical plane, with two rotors at distance {@code r} (m) from its centre, each pushing along
 * the body's axis with thrust {@code u0}, {@code u1} (N):
 * <pre>
 *   xddot = -sin(theta) (u0 + u1) / m,   yddot = cos(theta) (u0 + u1) / m - g,   thetaddot = r (u0 - u1) / I
 * </pre>
 * State: q = {@code [x, y (m), theta (rad)]}, v = {@code [xdot, ydot (m/s), thetadot (rad/s)]}. Input port 0
 * ("thrust") is {@code [u0, u1]}; hovering takes {@code u0 = u1 = m g / 2}. Parameters, one named group each:
 * {@code "m"}, {@code "I"}, {@code "r"}, {@code "g"} (m/s^2).
 *
 * @param <T> the number type
 */
public final class PlanarQuadrotor<T> extends LeafSystem<T> {

    /** Drake's mass, kg. */
    public static final double DRAKE_MASS = 0.486;
    /** Drake's moment of inertia, kg m^2. */
    public static final double DRAKE_INERTIA = 0.00383;
    /** Drake's rotor arm, m. */
    public static final double DRAKE_ARM = 0.25;
    /** Gravity, m/s^2. */
    public static final double GRAVITY = 9.81;

    private final double[] parameters;

    /**
     * Drake's quadrotor at rest at the origin.
     *
     * @param scalar the number type
     */
    public PlanarQuadrotor(Scalar<T> scalar) {
        this(scalar, DRAKE_MASS, DRAKE_INERTIA, DRAKE_ARM, GRAVITY);
    }

    /**
     * @param scalar the number type
     * @param mass m, kg, finite and {@code > 0}
     * @param inertia I, kg m^2, finite and {@code > 0}
     * @param arm r, m, finite and {@code > 0}
     * @param gravity g, m/s^2, finite
     * @throws IllegalArgumentException naming a parameter out of its range
     */
    public PlanarQuadrotor(Scalar<T> scalar, double mass, double inertia, double arm, double gravity) {
        super(scalar, "planar quadrotor");
        this.parameters = new double[] {Checks.positive(mass, "mass"), Checks.positive(inertia, "inertia"),
            Checks.positive(arm, "arm"), Checks.finite(gravity, "gravity")};
        declareContinuousState(3, 3, 0);
        setContinuousStateNames("x", "y", "theta", "xdot", "ydot", "thetadot");
        declareNumericParameter("m", mass);
        declareNumericParameter("I", inertia);
        declareNumericParameter("r", arm);
        declareNumericParameter("g", gravity);
        declareVectorInputPort("thrust", 2);
    }

    @Override
    protected void doCalcTimeDerivatives(Context<T> c, ContinuousState<T> derivatives) {
        ContinuousState<T> x = c.getContinuousState();
        Num<T> theta = Num.of(x, 2), u0 = Num.of(getInputPort(0).eval(c), 0), u1 = Num.of(getInputPort(0).eval(c), 1);
        Num<T> m = p(c, 0), inertia = p(c, 1), r = p(c, 2), g = p(c, 3), thrust = u0.add(u1);
        for (int i = 0; i < 3; i++) {
            derivatives.set(i, x.get(3 + i));
        }
        derivatives.set(3, theta.sin().neg().mul(thrust).div(m).get());
        derivatives.set(4, theta.cos().mul(thrust).div(m).sub(g).get());
        derivatives.set(5, r.mul(u0.sub(u1)).div(inertia).get());
    }

    /** Parameter group {@code k}'s value. */
    private static <T> Num<T> p(Context<T> c, int k) {
        return Num.of(c.getNumericParameter(k), 0);
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new PlanarQuadrotor<>(target, parameters[0], parameters[1], parameters[2], parameters[3]);
    }
}
