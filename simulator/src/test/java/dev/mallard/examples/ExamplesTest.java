package dev.mallard.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.Simulator;
import dev.mallard.systems.Context;
import org.junit.jupiter.api.Test;

class ExamplesTest {

    private static Simulator<Double> tight(dev.mallard.systems.DynamicalSystem<Double> system) {
        Simulator<Double> simulator = new Simulator<>(system);
        simulator.getMutableIntegrator().setTargetAccuracy(1e-10);
        simulator.getMutableContext().setAccuracy(1e-10);
        return simulator;
    }

    @Test
    void smallAnglePendulumFollowsTheDampedLinearOscillator() {
        // theta'' = -(g/l) theta - b theta' for small theta: w0^2 = g/l, underdamped.
        double l = 2.0;
        double b = 0.3;
        double g = 9.81;
        double theta0 = 1e-4;
        Simulator<Double> simulator = tight(new DampedPendulum<>(Scalar.DOUBLE, l, b, g));
        simulator.getMutableContext().setContinuousStateValues(theta0, 0.0);
        simulator.initialize();
        double t = 3.0;
        simulator.advanceTo(t);
        double w0 = Math.sqrt(g / l);
        double wd = Math.sqrt(w0 * w0 - b * b / 4);
        double expected = theta0 * Math.exp(-b * t / 2) * (Math.cos(wd * t) + b / (2 * wd) * Math.sin(wd * t));
        // The sin(theta) nonlinearity changes theta by O(theta^3) ~ 1e-13 here; the integrator's error norm
        // is absolute for states below 1, so accuracy 1e-10 bounds the global error near 1e-9.
        assertEquals(expected, simulator.getContext().getContinuousState().getValue(0), 1e-9);
    }

    @Test
    void bouncingBallHeightAfterImpactsMatchesTheClosedForm() {
        double h = 1.5;
        double e = 0.7;
        double g = 9.81;
        Simulator<Double> simulator = tight(new BouncingBall<>(Scalar.DOUBLE, h, e, g));
        simulator.initialize();
        double t2 = BouncingBall.impactTime(2, h, e, g);
        double t = t2 + 0.1;
        simulator.advanceTo(t);
        double v0 = e * e * e * Math.sqrt(2 * g * h);
        double tau = t - t2;
        Context<Double> c = simulator.getContext();
        assertEquals(v0 * tau - g * tau * tau / 2, c.getContinuousState().getValue(0), 1e-8);
        assertEquals(v0 - g * tau, c.getContinuousState().getValue(1), 1e-8);
    }

    @Test
    void timeReversedVanDerPolReturnsToTheOriginFromInsideTheCycleAndLeavesFromOutside() {
        Simulator<Double> inside = new Simulator<>(new VanDerPol<>(Scalar.DOUBLE, 1.0, true));
        inside.getMutableContext().setContinuousStateValues(1.0, 1.0);
        inside.initialize();
        inside.advanceTo(20.0);
        double[] x = inside.getContext().getContinuousState().toValueArray();
        assertTrue(Math.hypot(x[0], x[1]) < 1e-3, "inside start did not converge: " + java.util.Arrays.toString(x));

        Simulator<Double> outside = new Simulator<>(new VanDerPol<>(Scalar.DOUBLE, 1.0, true));
        outside.getMutableContext().setContinuousStateValues(2.5, 0.0);
        outside.initialize();
        outside.advanceTo(1.0);
        double[] y = outside.getContext().getContinuousState().toValueArray();
        assertTrue(Math.hypot(y[0], y[1]) > 2.5, "outside start did not diverge: " + java.util.Arrays.toString(y));
    }

    @Test
    void parametersOutOfRangeAreRefusedByName() {
        assertEquals("length must be finite and > 0, got -1.0",
                assertThrows(IllegalArgumentException.class, () -> new DampedPendulum<>(Scalar.DOUBLE, -1, 0, 9.81)).getMessage());
        assertEquals("restitution must be in [0, 1], got 1.5",
                assertThrows(IllegalArgumentException.class, () -> new BouncingBall<>(Scalar.DOUBLE, 1, 1.5, 9.81)).getMessage());
    }
    @Test
    void unforcedCartPoleConservesEnergyAndHorizontalMomentum() {
        // Without force or friction, E = (mc + mp) xdot^2 / 2 + mp l xdot thetadot cos(theta)
        // + mp l^2 thetadot^2 / 2 - mp g l cos(theta) and p = (mc + mp) xdot + mp l thetadot cos(theta) are constant.
        CartPole<Double> cartPole = new CartPole<>(Scalar.DOUBLE);
        Simulator<Double> simulator = tight(cartPole);
        Context<Double> c = simulator.getMutableContext();
        c.fixInputPort(0, dev.mallard.scalar.ScalarVector.ofValues(Scalar.DOUBLE, 0.0));
        c.setContinuousStateValues(0.0, 2.5, 0.3, -1.0);
        double[] start = c.getContinuousState().toValueArray();
        simulator.initialize();
        simulator.advanceTo(3.0);
        double[] end = simulator.getContext().getContinuousState().toValueArray();
        assertEquals(energy(start), energy(end), 1e-7);
        assertEquals(momentum(start), momentum(end), 1e-7);
        assertTrue(Math.abs(end[1] - start[1]) > 0.1, "the pole moved");
    }

    private static double energy(double[] x) {
        double mc = CartPole.DRAKE_CART_MASS;
        double mp = CartPole.DRAKE_POLE_MASS;
        double l = CartPole.DRAKE_POLE_LENGTH;
        return 0.5 * (mc + mp) * x[2] * x[2] + mp * l * x[2] * x[3] * Math.cos(x[1])
                + 0.5 * mp * l * l * x[3] * x[3] - mp * CartPole.GRAVITY * l * Math.cos(x[1]);
    }

    private static double momentum(double[] x) {
        return (CartPole.DRAKE_CART_MASS + CartPole.DRAKE_POLE_MASS) * x[2]
                + CartPole.DRAKE_POLE_MASS * CartPole.DRAKE_POLE_LENGTH * x[3] * Math.cos(x[1]);
    }
}
