package dev.mallard.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.integrators.ImplicitEulerIntegrator;
import dev.mallard.simulator.integrators.JacobianScheme;
import dev.mallard.simulator.integrators.RadauIntegrator;
import dev.mallard.systems.Context;
import org.junit.jupiter.api.Test;

class ImplicitNewtonTest {

    /** A Van der Pol oscillator that cannot be converted to another number type. */
    static final class Unconvertible extends VanDerPol<Double> {
        Unconvertible(double mu) {
            super(Scalar.DOUBLE, mu);
        }

        @Override
        protected <U> dev.mallard.systems.LeafSystem<U> convertTo(Scalar<U> target) {
            throw new UnsupportedOperationException("no conversion");
        }
    }

    private static double[] solveVanDerPol(VanDerPol<Double> sys, JacobianScheme scheme, RadauIntegrator<Double>[] out) {
        Context<Double> c = sys.createDefaultContext();
        RadauIntegrator<Double> in = new RadauIntegrator<>(sys, c, 2);
        in.setJacobianScheme(scheme);
        in.setMaximumStepSize(0.5);
        in.setTargetAccuracy(1e-7);
        in.initialize();
        in.integrateWithMultipleStepsToTime(2.0);
        out[0] = in;
        return c.getContinuousState().toValueArray();
    }

    @Test
    @SuppressWarnings("unchecked")
    void automaticAndDifferenceJacobiansGiveTheSameSolution() {
        RadauIntegrator<Double>[] in = new RadauIntegrator[1];
        double[] ad = solveVanDerPol(new VanDerPol<>(Scalar.DOUBLE, 5), JacobianScheme.AUTOMATIC, in);
        long adJacobians = in[0].getNumJacobianEvaluations();
        assertEquals(adJacobians, in[0].getNumDerivativeEvaluationsForJacobian(), "one AutoDiff pass per Jacobian");
        assertNull(in[0].getJacobianFallbackReason());
        double[] central = solveVanDerPol(new VanDerPol<>(Scalar.DOUBLE, 5), JacobianScheme.CENTRAL_DIFFERENCE, in);
        assertEquals(4 * in[0].getNumJacobianEvaluations(), in[0].getNumDerivativeEvaluationsForJacobian());
        double[] forward = solveVanDerPol(new VanDerPol<>(Scalar.DOUBLE, 5), JacobianScheme.FORWARD_DIFFERENCE, in);
        assertEquals(3 * in[0].getNumJacobianEvaluations(), in[0].getNumDerivativeEvaluationsForJacobian());
        // the Jacobian only steers Newton: converged solutions agree to the Newton tolerance
        assertEquals(ad[0], central[0], 1e-6);
        assertEquals(ad[1], central[1], 1e-5);
        assertEquals(ad[0], forward[0], 1e-6);
        assertEquals(ad[1], forward[1], 1e-5);
        // reference: scipy solve_ivp (Radau and DOP853, tolerances 1e-12) agree on 1.70923387212498, -0.174386540476
        assertEquals(1.70923387212498, ad[0], 1e-5);
        assertEquals(-0.174386540476, ad[1], 1e-5);
    }

    @Test
    @SuppressWarnings("unchecked")
    void anUnconvertibleSystemFallsBackToCentralDifferencesAndSaysWhy() {
        RadauIntegrator<Double>[] in = new RadauIntegrator[1];
        double[] fallback = solveVanDerPol(new Unconvertible(5), JacobianScheme.AUTOMATIC, in);
        String reason = in[0].getJacobianFallbackReason();
        assertTrue(reason != null && reason.startsWith("van der Pol cannot be converted to AutoDiff"), reason);
        assertEquals(4 * in[0].getNumJacobianEvaluations(), in[0].getNumDerivativeEvaluationsForJacobian());
        double[] ad = solveVanDerPol(new VanDerPol<>(Scalar.DOUBLE, 5), JacobianScheme.AUTOMATIC, in);
        assertEquals(ad[0], fallback[0], 1e-6);
    }

    @Test
    void newtonFailureShrinksTheStepAndTheSolutionStaysAccurate() {
        double k = 1000;
        double x0 = 10;
        CubicDecay<Double> sys = new CubicDecay<>(Scalar.DOUBLE, k, x0);
        Context<Double> c = sys.createDefaultContext();
        RadauIntegrator<Double> in = new RadauIntegrator<>(sys, c, 2);
        in.setMaximumStepSize(1.0);
        in.requestInitialStepSizeTarget(1.0);
        in.setTargetAccuracy(1e-6);
        in.initialize();
        in.integrateWithMultipleStepsToTime(5.0);
        assertTrue(in.getNumStepShrinkagesFromSubstepFailures() > 0, "Newton must have failed on the first try");
        assertEquals(in.getNumSubstepFailures(), in.getNumStepShrinkagesFromSubstepFailures());
        assertTrue(in.getNumJacobianEvaluations() > 1);
        assertEquals(CubicDecay.solution(k, x0, 5.0), c.getContinuousState().getValue(0), 1e-6);
    }

    @Test
    void withoutReuseEveryStepComputesAJacobian() {
        StiffPair<Double> sys = new StiffPair<>(Scalar.DOUBLE);
        Context<Double> c = sys.createDefaultContext();
        ImplicitEulerIntegrator<Double> in = new ImplicitEulerIntegrator<>(sys, c);
        in.setReuseJacobian(false);
        in.setMaximumStepSize(0.125);
        in.setFixedStepMode(true);
        in.initialize();
        in.integrateWithMultipleStepsToTime(1.0);
        assertEquals(8, in.getNumStepsTaken());
        assertEquals(8, in.getNumJacobianEvaluations());
        // with reuse, one Jacobian and one factorisation per distinct step size and stage system
        c.setContinuousStateValues(1, 0);
        c.setTime(0.0);
        in.setReuseJacobian(true);
        in.initialize();
        in.integrateWithMultipleStepsToTime(1.0);
        assertEquals(1, in.getNumJacobianEvaluations());
        assertEquals(2, in.getNumIterationMatrixFactorizations(), "implicit Euler and trapezoid, one each");
    }

    @Test
    void stepDoublingEstimateOfImplicitEulerPropagatesTheTwoHalfSteps() {
        // one step of size h on x' = -x from 1: two implicit Euler half steps give 1 / (1 + h/2)^2
        StiffPair<Double> sys = new StiffPair<>(Scalar.DOUBLE);
        Context<Double> c = sys.createDefaultContext();
        ImplicitEulerIntegrator<Double> in = new ImplicitEulerIntegrator<>(sys, c);
        in.setUseImplicitTrapezoidErrorEstimation(false);
        in.setMaximumStepSize(0.2);
        in.setFixedStepMode(true);
        in.initialize();
        assertTrue(in.integrateWithSingleFixedStepToTime(0.2));
        assertEquals(1 / (1.1 * 1.1), c.getContinuousState().getValue(0), 1e-12);
    }
}
