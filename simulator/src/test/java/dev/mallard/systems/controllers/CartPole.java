package dev.mallard.systems.controllers;

import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.Feedthrough;
import dev.mallard.systems.LeafSystem;

/**
 * Drake's cart-pole (m_c = 10 kg, m_p = 1 kg, l = 0.5 m, g = 9.81 m/s^2), state {@code [x, theta, xdot, thetadot]}
 * with theta = pi upright, as in the Underactuated Robotics notes:
 * {@code xddot = (f + m_p s (l thetadot^2 + g c)) / (m_c + m_p s^2)},
 * {@code thetaddot = (-f c - m_p l thetadot^2 c s - (m_c + m_p) g s) / (l (m_c + m_p s^2))}. Input port 0
 * ("wind") pushes the cart with a force 0.5 w; input port 1 ("force") is f. Output "state" is the state.
 */
final class CartPole<T> extends LeafSystem<T> {

    static final double MC = 10.0;
    static final double MP = 1.0;
    static final double L = 0.5;
    static final double G = 9.81;

    CartPole(Scalar<T> scalar) {
        super(scalar, "cart-pole");
        declareContinuousState(2, 2, 0);
        declareVectorInputPort("wind", 1);
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
        T theta = context.getContinuousState().get(1);
        T xdot = context.getContinuousState().get(2);
        T thetadot = context.getContinuousState().get(3);
        T f = s.add(getInputPort(1).eval(context, 0), s.mul(getInputPort(0).eval(context, 0), 0.5));
        T sin = s.sin(theta);
        T cos = s.cos(theta);
        T denominator = s.add(s.of(MC), s.mul(s.mul(sin, sin), MP));
        T thetadot2 = s.mul(thetadot, thetadot);
        T xddot = s.div(s.add(f, s.mul(sin, s.add(s.mul(thetadot2, MP * L), s.mul(cos, MP * G)))), denominator);
        T numerator = s.sub(s.sub(s.neg(s.mul(f, cos)), s.mul(s.mul(s.mul(thetadot2, cos), sin), MP * L)),
                s.mul(sin, (MC + MP) * G));
        derivatives.set(0, xdot);
        derivatives.set(1, thetadot);
        derivatives.set(2, xddot);
        derivatives.set(3, s.div(numerator, s.mul(denominator, L)));
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new CartPole<>(target);
    }
}
