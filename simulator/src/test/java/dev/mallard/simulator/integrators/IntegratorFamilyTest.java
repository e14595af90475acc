package dev.mallard.simulator.integrators;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.Oscillator;
import dev.mallard.simulator.PowerOfTime;
import dev.mallard.simulator.StiffPair;
import dev.mallard.systems.Context;
import dev.mallard.systems.DynamicalSystem;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class IntegratorFamilyTest {

    private static IntegratorBase<Double> make(String scheme, DynamicalSystem<Double> sys, double h, Context<Double> c) {
        return IntegrationSchemes.create(scheme, sys, h, c);
    }

    /** Fixed-step error at t = 1 of the oscillator q'' = -q, q(0) = 1, against cos(1). */
    private static double fixedStepError(String scheme, double h) {
        Oscillator<Double> sys = new Oscillator<>(Scalar.DOUBLE);
        Context<Double> c = sys.createDefaultContext();
        IntegratorBase<Double> in = make(scheme, sys, h, c);
        in.setFixedStepMode(true);
        in.initialize();
        in.integrateWithMultipleStepsToTime(1.0);
        assertEquals(1.0, c.getTimeValue(), 0.0);
        return Math.abs(c.getContinuousState().getValue(0) - Math.cos(1.0));
    }

    @ParameterizedTest(name = "{0} has order {1}")
    @CsvSource({"explicit_euler, 1, 64", "semi_explicit_euler, 1, 64", "runge_kutta2, 2, 64", "runge_kutta3, 3, 32",
        "bogacki_shampine3, 3, 32", "runge_kutta5, 5, 16", "implicit_euler, 1, 64", "radau1, 1, 64",
        "radau3, 3, 32", "velocity_implicit_euler, 1, 64"})
    void halvingTheStepDividesTheErrorByTwoToTheOrder(String scheme, int order, int stepsPerSecond) {
        double e1 = fixedStepError(scheme, 1.0 / stepsPerSecond);
        double e2 = fixedStepError(scheme, 0.5 / stepsPerSecond);
        double expected = Math.pow(2, order);
        assertEquals(expected, e1 / e2, 0.1 * expected, "error ratio of " + scheme + ": " + e1 + " / " + e2);
    }

    @ParameterizedTest(name = "{0} is exact on t^{1}")
    @CsvSource({"runge_kutta3, 3", "bogacki_shampine3, 3", "runge_kutta5, 5", "radau3, 3"})
    void schemesAreExactOnPolynomialsOfTheirOrder(String scheme, int degree) {
        PowerOfTime<Double> sys = new PowerOfTime<>(Scalar.DOUBLE, degree);
        Context<Double> c = sys.createDefaultContext();
        IntegratorBase<Double> in = make(scheme, sys, 0.37, c);
        in.setFixedStepMode(true);
        in.initialize();
        in.integrateWithMultipleStepsToTime(2.0);
        assertEquals(Math.pow(2, degree), c.getContinuousState().getValue(0), 1e-12);
    }

    @ParameterizedTest(name = "{0} misses t^{1}")
    // RK3's weights are Simpson's rule, exact for quadratures of cubics: it first misses t^5
    @CsvSource({"runge_kutta3, 5", "bogacki_shampine3, 4", "runge_kutta5, 6"})
    void schemesAreNotExactOneDegreeHigher(String scheme, int degree) {
        PowerOfTime<Double> sys = new PowerOfTime<>(Scalar.DOUBLE, degree);
        Context<Double> c = sys.createDefaultContext();
        IntegratorBase<Double> in = make(scheme, sys, 0.37, c);
        in.setFixedStepMode(true);
        in.initialize();
        in.integrateWithMultipleStepsToTime(2.0);
        assertTrue(Math.abs(c.getContinuousState().getValue(0) - Math.pow(2, degree)) > 1e-6);
    }

    /** Norm of the error estimate of one step of size h from the oscillator's (1, 0). */
    private static double oneStepErrorEstimate(String scheme, double h) {
        Oscillator<Double> sys = new Oscillator<>(Scalar.DOUBLE);
        Context<Double> c = sys.createDefaultContext();
        IntegratorBase<Double> in = make(scheme, sys, 1.0, c);
        in.initialize();
        double[] x0 = c.getContinuousState().toValueArray();
        double[] f0 = new double[2];
        double[] x1 = new double[2];
        double[] err = new double[2];
        in.evalDerivatives(0.0, x0, f0);
        assertTrue(in.stepDouble(0.0, h, x0, f0, x1, err));
        return Math.hypot(err[0], err[1]);
    }

    @ParameterizedTest(name = "{0}'s error estimate has order {1}")
    @CsvSource({"runge_kutta3, 2", "bogacki_shampine3, 2", "runge_kutta5, 4", "implicit_euler, 1", "radau1, 1",
        "radau3, 2", "velocity_implicit_euler, 1"})
    void errorEstimateShrinksAsHToTheOrderPlusOne(String scheme, int order) {
        IntegratorBase<Double> probe = make(scheme, new Oscillator<>(Scalar.DOUBLE), 1.0, null);
        assertEquals(order, probe.getErrorEstimateOrder());
        double e1 = oneStepErrorEstimate(scheme, 0.02);
        double e2 = oneStepErrorEstimate(scheme, 0.01);
        double expected = Math.pow(2, order + 1);
        assertEquals(expected, e1 / e2, 0.1 * expected, scheme + ": " + e1 + " / " + e2);
    }

    @ParameterizedTest(name = "{0} follows the spring-mass closed form")
    @CsvSource({"runge_kutta3", "bogacki_shampine3", "runge_kutta5", "implicit_euler", "radau1", "radau3",
        "velocity_implicit_euler"})
    void errorControlledSpringMassFollowsItsClosedForm(String scheme) {
        // m q'' = -k q with k/m = 4: q = cos(2t), v = -2 sin(2t)
        Oscillator<Double> sys = new Oscillator<>(Scalar.DOUBLE, 2.0);
        Context<Double> c = sys.createDefaultContext();
        IntegratorBase<Double> in = make(scheme, sys, 0.1, c);
        in.setTargetAccuracy(1e-6);
        in.initialize();
        in.integrateWithMultipleStepsToTime(3.0);
        double tol = scheme.contains("runge") || scheme.contains("bogacki") || scheme.equals("radau3") ? 1e-4 : 1e-2;
        assertEquals(Math.cos(6.0), c.getContinuousState().getValue(0), tol);
        assertEquals(-2 * Math.sin(6.0), c.getContinuousState().getValue(1), 2 * tol);
        assertTrue(in.getNumStepShrinkagesFromErrorControl() < in.getNumStepsTaken());
    }

    private static IntegratorBase<Double> solveStiff(String scheme) {
        StiffPair<Double> sys = new StiffPair<>(Scalar.DOUBLE);
        Context<Double> c = sys.createDefaultContext();
        IntegratorBase<Double> in = make(scheme, sys, 1.0, c);
        in.setTargetAccuracy(1e-4);
        in.initialize();
        in.integrateWithMultipleStepsToTime(2.0);
        // first-order schemes accumulate their local errors over the run
        double tol = in.getErrorEstimateOrder() == 1 ? 5e-3 : 5e-4;
        assertEquals(StiffPair.x1(2.0), c.getContinuousState().getValue(0), tol, scheme);
        assertEquals(StiffPair.x2(2.0), c.getContinuousState().getValue(1), tol, scheme);
        return in;
    }

    @Test
    void implicitIntegratorsSolveAStiffProblemInFarFewerSteps() {
        long explicitSteps = Math.min(solveStiff("runge_kutta3").getNumStepsTaken(),
                solveStiff("runge_kutta5").getNumStepsTaken());
        // stability bounds the explicit step near 2.5e-4 s: thousands of steps over 2 s
        assertTrue(explicitSteps > 2000, "explicit steps " + explicitSteps);
        for (String scheme : List.of("implicit_euler", "radau1", "radau3")) {
            long steps = solveStiff(scheme).getNumStepsTaken();
            assertTrue(steps * 20 < explicitSteps, scheme + " took " + steps + " steps, explicit " + explicitSteps);
        }
    }

    @Test
    void implicitStatisticsCountJacobiansFactorisationsAndNewtonIterations() {
        RadauIntegrator<Double> in = (RadauIntegrator<Double>) solveStiff("radau3");
        assertTrue(in.getNumJacobianEvaluations() >= 1);
        // a linear problem: the first Jacobian stays valid, so it is never recomputed
        assertEquals(1, in.getNumJacobianEvaluations());
        assertTrue(in.getNumIterationMatrixFactorizations() >= 2);
        assertTrue(in.getNumNewtonRaphsonIterations() >= 2 * in.getNumStepsTaken());
        assertEquals(1, in.getNumDerivativeEvaluationsForJacobian());
        assertEquals(null, in.getJacobianFallbackReason());
    }

    @Test
    void unknownSchemeIsRefusedWithItsName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> IntegrationSchemes.create("rk45", new Oscillator<>(Scalar.DOUBLE), 0.1, null));
        assertEquals("Unknown integration scheme: rk45", e.getMessage());
    }

    @Test
    void everySchemeNameBuildsAnIntegratorOfThatName() {
        assertEquals(10, IntegrationSchemes.getIntegrationSchemes().size());
        for (String scheme : IntegrationSchemes.getIntegrationSchemes()) {
            IntegratorBase<Double> in = make(scheme, new Oscillator<>(Scalar.DOUBLE), 0.1, null);
            assertEquals(scheme, in.getSchemeName());
            assertEquals(0.1, in.getMaximumStepSize());
        }
    }
}
