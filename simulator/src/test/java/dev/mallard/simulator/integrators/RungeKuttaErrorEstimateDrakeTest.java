package dev.mallard.simulator.integrators;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.systems.Context;
import org.junit.jupiter.api.Test;

/**
 * Drake's runge_kutta3_integrator_test.cc (CubicTest, QuadraticTest) and runge_kutta5_integrator_test.cc
 * (QuinticTest, QuarticTest) with their systems and tolerances: one fixed step of 1 is exact on a polynomial of
 * the scheme's order; its error estimate is zero one degree lower, and on the polynomial of the scheme's order
 * two steps of 1/2 give 1/2^(order) of it.
 */
class RungeKuttaErrorEstimateDrakeTest {

    private static final double EPS = Math.ulp(1.0);

    private static IntegratorBase<Double> oneStepOf(IntegratorBase<Double> in, double to) {
        in.setMaximumStepSize(1.0);
        in.setFixedStepMode(true);
        in.initialize();
        assertTrue(in.integrateWithSingleFixedStepToTime(to));
        return in;
    }

    /** The exact step, and the error estimate of two half steps against one whole one. */
    private static void checkExactAndHalving(PolynomialInTime system, boolean rk5, double halving, double tol) {
        Context<Double> c = system.createDefaultContext();
        IntegratorBase<Double> in = rk5 ? new RungeKutta5Integrator<>(system, c)
                : new RungeKutta3Integrator<>(system, c);
        oneStepOf(in, 1.0);
        double expected = system.evaluate(1.0);
        assertEquals(expected, c.getContinuousState().getValue(0), expected * EPS);
        double whole = in.getErrorEstimate()[0];
        assertTrue(Math.abs(whole) > 1e-3, "a non-zero estimate on the scheme's own degree: " + whole);
        c.setTime(0.0);
        c.setContinuousStateValues(system.evaluate(0.0));
        oneStepOf(in, 0.5);
        assertTrue(in.integrateWithSingleFixedStepToTime(1.0));
        assertEquals(halving * whole, in.getErrorEstimate()[0], tol);
    }

    private static double lowerDegreeEstimate(PolynomialInTime system, boolean rk5) {
        Context<Double> c = system.createDefaultContext();
        IntegratorBase<Double> in = rk5 ? new RungeKutta5Integrator<>(system, c)
                : new RungeKutta3Integrator<>(system, c);
        return oneStepOf(in, 1.0).getErrorEstimate()[0];
    }

    @Test
    void rk3IsExactOnACubicAndItsEstimateShrinksEightfold() {
        checkExactAndHalving(new PolynomialInTime(5, 12, 1, 1), false, 1.0 / 8, 25 * EPS);
    }

    @Test
    void rk3EstimatesNoErrorOnAQuadratic() {
        assertEquals(0.0, lowerDegreeEstimate(new PolynomialInTime(3, 4, 4), false), 2 * EPS);
    }

    @Test
    void rk5IsExactOnAQuinticAndItsEstimateShrinksThirtyTwofold() {
        checkExactAndHalving(new PolynomialInTime(6, 5, 4, 3, 2, 1), true, 1.0 / 32, 10 * EPS);
    }

    @Test
    void rk5EstimatesNoErrorOnAQuartic() {
        assertEquals(0.0, lowerDegreeEstimate(new PolynomialInTime(5, 4, 3, 2, 1), true), 2 * EPS);
    }
}
