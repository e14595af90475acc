package dev.mallard.examples.programs;

import static dev.mallard.examples.programs.BounceHeightDescent.GRAVITY;
import static dev.mallard.examples.programs.BounceHeightDescent.RESTITUTION;
import static dev.mallard.examples.programs.BounceHeightDescent.TARGET_HEIGHT;
import static dev.mallard.examples.programs.BounceHeightDescent.TIME;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.examples.BouncingBall;
import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.Simulator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Closed forms for a ball dropped from rest at h: with {@code tau = sqrt(2h/g)} the first impact is at tau,
 * the second at {@code c tau} with {@code c = 1 + 2e}, and after it, with {@code s = T - c tau},
 * {@code z(T) = g (e² tau s - s² / 2)}.
 */
class BounceHeightDescentTest {

    /** Drop heights whose time T lies between the second and the third impact. */
    private static final double[] HEIGHTS = {1.4, 1.6, 2.0, 2.5};

    private static double tau(double h) {
        return Math.sqrt(2 * h / GRAVITY);
    }

    private static double afterSecondImpact(double h, double e) {
        return TIME - (1 + 2 * e) * tau(h);
    }

    private static double closedFormHeight(double h, double e) {
        double t = tau(h);
        double s = afterSecondImpact(h, e);
        return GRAVITY * (e * e * t * s - s * s / 2);
    }

    /** dz/dh = (dz/dtau) / (g tau) with dz/dtau = g (e² s - e² c tau + c s). */
    private static double closedFormDzDh(double h, double e) {
        double t = tau(h);
        double s = afterSecondImpact(h, e);
        double c = 1 + 2 * e;
        return (e * e * s - e * e * c * t + c * s) / t;
    }

    /** ds/de = -2 tau, so dz/de = g (2 e tau s - 2 e² tau² + 2 tau s). */
    private static double closedFormDzDe(double h, double e) {
        double t = tau(h);
        double s = afterSecondImpact(h, e);
        return GRAVITY * (2 * e * t * s - 2 * e * e * t * t + 2 * t * s);
    }

    /** z(T) by a plain double simulation, the independent path for finite differences. */
    private static double simulatedHeight(double h, double e) {
        Simulator<Double> simulator = new Simulator<>(new BouncingBall<>(Scalar.DOUBLE, h, e, GRAVITY));
        simulator.getMutableIntegrator().setTargetAccuracy(1e-12);
        simulator.advanceTo(TIME);
        return simulator.getContext().getContinuousState().get(0);
    }

    @Test
    void theChosenHeightsPutTheTimeBetweenTheSecondAndThirdImpacts() {
        for (double h : HEIGHTS) {
            assertTrue(BouncingBall.impactTime(1, h, RESTITUTION, GRAVITY) < TIME, "h = " + h);
            assertTrue(BouncingBall.impactTime(2, h, RESTITUTION, GRAVITY) > TIME, "h = " + h);
        }
    }

    @ParameterizedTest
    @ValueSource(doubles = {1.4, 1.6, 2.0, 2.5})
    void theGradientMatchesTheClosedFormAndCentralDifferencesOfTheDoubleSimulation(double h) {
        BounceHeightDescent.Sensitivity s = BounceHeightDescent.sensitivity(h);
        assertEquals(closedFormHeight(h, RESTITUTION), s.height(), 1e-8);
        assertEquals(closedFormDzDh(h, RESTITUTION), s.dHeightDDropHeight(), 1e-7);
        assertEquals(closedFormDzDe(h, RESTITUTION), s.dHeightDRestitution(), 1e-7);
        double dh = 1e-4;
        double fdH = (simulatedHeight(h + dh, RESTITUTION) - simulatedHeight(h - dh, RESTITUTION)) / (2 * dh);
        double de = 1e-4;
        double fdE = (simulatedHeight(h, RESTITUTION + de) - simulatedHeight(h, RESTITUTION - de)) / (2 * de);
        // Central differences: truncation O(dh²) ~ 1e-8 here, plus the simulations' error divided by 2 dh.
        assertEquals(fdH, s.dHeightDDropHeight(), 1e-6);
        assertEquals(fdE, s.dHeightDRestitution(), 1e-6);
    }

    /**
     * z(T) = target is quadratic in tau: {@code -(e² c + c²/2) tau² + T (e² + c) tau - T²/2 - target/g = 0}.
     * Started at h = 1.4, where dz/dh > 0, the descent reaches the smaller root (the larger one lies beyond
     * the maximum of z(T)).
     */
    @Test
    void theDescentConvergesToTheClosedFormDropHeight() {
        double e = RESTITUTION;
        double c = 1 + 2 * e;
        double a = -(e * e * c + c * c / 2);
        double b = TIME * (e * e + c);
        double c0 = -TIME * TIME / 2 - TARGET_HEIGHT / GRAVITY;
        double tau = (-b + Math.sqrt(b * b - 4 * a * c0)) / (2 * a);
        double optimum = GRAVITY * tau * tau / 2;
        assertEquals(TARGET_HEIGHT, closedFormHeight(optimum, e), 1e-12);

        BounceHeightDescent.Descent d = BounceHeightDescent.descend(1.4, 0.4, 1e-9, 50);
        assertTrue(d.converged(), () -> "not converged after " + d.evaluations() + " evaluations");
        assertEquals(optimum, d.dropHeight(), 1e-8);
        assertEquals(TARGET_HEIGHT, d.height(), 1e-9);
        assertEquals(1.4, d.iterates()[0], 0.0);
    }
}
