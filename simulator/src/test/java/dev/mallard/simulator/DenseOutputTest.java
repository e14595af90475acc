package dev.mallard.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.simulator.integrators.IntegrationSchemes;
import dev.mallard.simulator.integrators.IntegratorBase;
import dev.mallard.simulator.integrators.RungeKutta3Integrator;
import dev.mallard.simulator.integrators.RungeKutta5Integrator;
import dev.mallard.simulator.trajectories.PiecewisePolynomial;
import dev.mallard.systems.Context;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DenseOutputTest {

    private static PiecewisePolynomial<Double> denseOscillator(String scheme, double accuracy, double h,
            boolean fixed) {
        Oscillator<Double> sys = new Oscillator<>(Scalar.DOUBLE);
        Context<Double> c = sys.createDefaultContext();
        IntegratorBase<Double> in = IntegrationSchemes.create(scheme, sys, h, c);
        if (fixed) {
            in.setFixedStepMode(true);
        } else {
            in.setTargetAccuracy(accuracy);
        }
        in.initialize();
        in.startDenseIntegration();
        in.integrateWithMultipleStepsToTime(3.0);
        PiecewisePolynomial<Double> out = in.stopDenseIntegration();
        assertNull(in.getDenseOutput());
        assertEquals(in.getNumStepsTaken(), out.getNumberOfSegments());
        return out;
    }

    @ParameterizedTest(name = "{0} dense output follows cos and -sin")
    @CsvSource({"runge_kutta3, 1e-9, 2e-6", "bogacki_shampine3, 1e-9, 2e-6", "runge_kutta5, 1e-10, 1e-7",
        "radau3, 1e-9, 1e-5"})
    void denseOutputAndItsDerivativeFollowTheClosedForm(String scheme, double accuracy, double tol) {
        PiecewisePolynomial<Double> pp = denseOscillator(scheme, accuracy, 0.5, false);
        assertEquals(0.0, pp.getStartTime());
        assertEquals(3.0, pp.getEndTime());
        for (int k = 0; k <= 300; k++) {
            double t = 0.01 * k;
            ScalarVector<Double> x = pp.value(t);
            ScalarVector<Double> xdot = pp.derivative(t);
            assertEquals(Math.cos(t), x.getValue(0), tol, "q at " + t);
            assertEquals(-Math.sin(t), x.getValue(1), tol, "v at " + t);
            // the derivative of the interpolant approximates f(x) = (v, -q)
            assertEquals(-Math.sin(t), xdot.getValue(0), 20 * tol, "q' at " + t);
            assertEquals(-Math.cos(t), xdot.getValue(1), 20 * tol, "v' at " + t);
        }
    }

    /** The largest error of the dense output at the midpoints of fixed steps of size h. */
    private static double midpointError(String scheme, double h) {
        PiecewisePolynomial<Double> pp = denseOscillator(scheme, 0, h, true);
        double max = 0;
        for (double t = h / 2; t < 3; t += h) {
            max = Math.max(max, Math.abs(pp.valueAt(t, 0) - Math.cos(t)));
        }
        return max;
    }

    @Test
    void dormandPrinceContinuousExtensionIsFifthOrderAccurateBetweenSteps() {
        // its degree-4 extension errs by O(h^5) inside a step, like the method's global error
        double ratio = midpointError("runge_kutta5", 0.1) / midpointError("runge_kutta5", 0.05);
        assertEquals(32, ratio, 4, "midpoint error ratio");
        // the cubic Hermite of a third-order method: O(h^4) locally, O(h^3) globally
        double hermite = midpointError("runge_kutta3", 0.1) / midpointError("runge_kutta3", 0.05);
        assertEquals(8, hermite, 1.2, "RK3 midpoint error ratio");
    }

    @Test
    void evaluatingOutsideTheSpanNamesTheSpan() {
        PiecewisePolynomial<Double> pp = denseOscillator("runge_kutta5", 1e-8, 0.5, false);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> pp.value(3.5));
        assertEquals("t = 3.5 is outside the dense output's span [0.0, 3.0]", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> pp.derivative(-1e-9));
        double[] breaks = pp.getBreaks();
        assertEquals(pp.getNumberOfSegments() + 1, breaks.length);
        for (int i = 1; i < breaks.length; i++) {
            assertTrue(breaks[i] > breaks[i - 1]);
            // continuous across breaks: both segments interpolate the accepted state there
            assertEquals(pp.valueAt(breaks[i], 0), pp.valueAt(Math.nextDown(breaks[i]), 0), 1e-12);
        }
    }

    @Test
    void denseIntegrationMustBeStartedOnceAndStoppedOnce() {
        Oscillator<Double> sys = new Oscillator<>(Scalar.DOUBLE);
        RungeKutta3Integrator<Double> in = new RungeKutta3Integrator<>(sys, sys.createDefaultContext());
        assertThrows(IllegalStateException.class, in::startDenseIntegration, "not initialized");
        in.initialize();
        assertThrows(IllegalStateException.class, in::stopDenseIntegration);
        in.startDenseIntegration();
        PiecewisePolynomial<Double> growing = in.getDenseOutput();
        assertThrows(IllegalStateException.class, in::startDenseIntegration);
        assertTrue(growing.isEmpty());
        assertThrows(IllegalStateException.class, growing::getStartTime);
        in.integrateWithMultipleStepsToTime(0.5);
        assertSame(growing, in.stopDenseIntegration());
        assertEquals(0.5, growing.getEndTime());
    }

    @Test
    void aTruncatedStepEndsItsSegmentWhereTheStepWasCut() {
        Oscillator<Double> sys = new Oscillator<>(Scalar.DOUBLE);
        Context<Double> c = sys.createDefaultContext();
        RungeKutta5Integrator<Double> in = new RungeKutta5Integrator<>(sys, c);
        in.setMaximumStepSize(0.25);
        in.setFixedStepMode(true);
        in.initialize();
        in.startDenseIntegration();
        in.integrateWithMultipleStepsToTime(0.5);
        in.prepareInterpolant();
        in.truncateLastStep(0.4);
        in.integrateWithMultipleStepsToTime(1.0);
        PiecewisePolynomial<Double> pp = in.stopDenseIntegration();
        assertEquals(5, pp.getNumberOfSegments(), "[0, .25], [.25, .4], [.4, .65], [.65, .9], [.9, 1]");
        assertEquals(0.4, pp.getBreaks()[2]);
        assertEquals(0.65, pp.getBreaks()[3], 1e-15);
        for (double t = 0; t <= 1; t += 0.05) {
            assertEquals(Math.cos(t), pp.valueAt(t, 0), 1e-6, "at " + t);
        }
    }

    @Test
    void genericPathDenseOutputAgreesWithTheDoublePath() {
        PiecewisePolynomial<Double> d = denseOscillator("runge_kutta5", 1e-8, 0.5, false);
        Oscillator<BoxedDouble> sys = new Oscillator<>(BoxedDouble.SCALAR);
        Context<BoxedDouble> c = sys.createDefaultContext();
        RungeKutta5Integrator<BoxedDouble> in = new RungeKutta5Integrator<>(sys, c);
        in.setMaximumStepSize(0.5);
        in.setTargetAccuracy(1e-8);
        in.initialize();
        in.startDenseIntegration();
        in.integrateWithMultipleStepsToTime(3.0);
        PiecewisePolynomial<BoxedDouble> g = in.stopDenseIntegration();
        assertEquals(d.getNumberOfSegments(), g.getNumberOfSegments());
        for (double t = 0; t <= 3; t += 0.0625) {
            assertEquals(d.valueAt(t, 0), g.valueAt(t, 0), 1e-13);
            assertEquals(d.derivative(t).getValue(1), g.derivative(t).getValue(1), 1e-12);
        }
    }
}
