package dev.mallard.examples;

import dev.mallard.scalar.Checks;
import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.Feedthrough;
import dev.mallard.systems.LeafSystem;

/**
 * Drake's cart-pole (the Underactuated Robotics notes' model): a cart of mass {@code m_c} (kg) on a frictionless
 * rail, pushed by a horizontal force {@code f} (N), carrying a point mass {@code m_p} (kg) on a massless pole of
 * length {@code l} (m) under gravity {@code g} (m/s^2). With {@code s = sin(theta)}, {@code c = cos(theta)}:
 * <pre>
 *   xddot     = (f + m_p s (l thetadot^2 + g c)) / (m_c + m_p s^2)
 *   thetaddot = (-f c - m_p l thetadot^2 c s - (m_c + m_p) g s) / (l (m_c + m_p s^2))
 * </pre>
 * State: q = {@code [x (m), theta (rad, 0 hanging down, pi upright)]}, v = {@code [xdot (m/s), thetadot (rad/s)]}.
 * Input port 0 ("force") is {@code f}; output port 0 ("state") is the state. The parameters are named
 * {@code "cart_mass"}, {@code "pole_mass"}, {@code "pole_length"} and {@code "gravity"}, one group each.
 *
 * @param <T> the number type
 */
public final class CartPole<T> extends LeafSystem<T> {

    /** Drake's cart mass, kg. */
    public static final double DRAKE_CART_MASS = 10.0;
    /** Drake's pole mass, kg. */
    public static final double DRAKE_POLE_MASS = 1.0;
    /** Drake's pole length, m. */
    public static final double DRAKE_POLE_LENGTH = 0.5;
    /** Gravity, m/s^2. */
    public static final double GRAVITY = 9.81;

    private final double cartMass;
    private final double poleMass;
    private final double poleLength;
    private final double gravity;

    /**
     * Drake's parameters: m_c = 10 kg, m_p = 1 kg, l = 0.5 m, g = 9.81 m/s^2.
     *
     * @param scalar the number type
     */
    public CartPole(Scalar<T> scalar) {
        this(scalar, DRAKE_CART_MASS, DRAKE_POLE_MASS, DRAKE_POLE_LENGTH, GRAVITY);
    }

    /**
     * A cart-pole at rest hanging down.
     *
     * @param scalar the number type
     * @param cartMass m_c, kg, finite and {@code > 0}
     * @param poleMass m_p, kg, finite and {@code > 0}
     * @param poleLength l, m, finite and {@code > 0}
     * @param gravity g, m/s^2, finite
     * @throws IllegalArgumentException naming a parameter out of its range
     */
    public CartPole(Scalar<T> scalar, double cartMass, double poleMass, double poleLength, double gravity) {
        super(scalar, "cart-pole");
        this.cartMass = Checks.positive(cartMass, "cartMass");
        this.poleMass = Checks.positive(poleMass, "poleMass");
        this.poleLength = Checks.positive(poleLength, "poleLength");
        this.gravity = Checks.finite(gravity, "gravity");
        declareContinuousState(2, 2, 0);
        setContinuousStateNames("x", "theta", "xdot", "thetadot");
        declareNumericParameter("cart_mass", cartMass);
        declareNumericParameter("pole_mass", poleMass);
        declareNumericParameter("pole_length", poleLength);
        declareNumericParameter("gravity", gravity);
        declareVectorInputPort("force", 1);
        declareVectorOutputPort("state", 4, (c, y) -> {
            for (int i = 0; i < 4; i++) {
                y.set(i, c.getContinuousState().get(i));
            }
        }, Feedthrough.none());
    }

    @Override
    protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
        Scalar<T> s = scalar();
        T mc = context.getNumericParameter(0).get(0);
        T mp = context.getNumericParameter(1).get(0);
        T l = context.getNumericParameter(2).get(0);
        T g = context.getNumericParameter(3).get(0);
        T theta = context.getContinuousState().get(1);
        T thetadot = context.getContinuousState().get(3);
        T f = getInputPort(0).eval(context, 0);
        T sin = s.sin(theta);
        T cos = s.cos(theta);
        T denominator = s.add(mc, s.mul(mp, s.mul(sin, sin)));
        T thetadot2 = s.mul(thetadot, thetadot);
        T xddot = s.div(s.add(f, s.mul(s.mul(mp, sin), s.add(s.mul(l, thetadot2), s.mul(g, cos)))), denominator);
        T numerator = s.sub(s.sub(s.neg(s.mul(f, cos)), s.mul(s.mul(s.mul(mp, l), thetadot2), s.mul(cos, sin))),
                s.mul(s.mul(s.add(mc, mp), g), sin));
        derivatives.set(0, context.getContinuousState().get(2));
        derivatives.set(1, thetadot);
        derivatives.set(2, xddot);
        derivatives.set(3, s.div(numerator, s.mul(l, denominator)));
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new CartPole<>(target, cartMass, poleMass, poleLength, gravity);
    }
}
