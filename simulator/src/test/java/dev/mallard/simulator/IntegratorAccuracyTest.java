package dev.mallard.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.integrators.ExplicitEulerIntegrator;
import dev.mallard.simulator.integrators.IntegratorBase;
import dev.mallard.simulator.integrators.RungeKutta2Integrator;
import dev.mallard.simulator.integrators.RungeKutta3Integrator;
import dev.mallard.simulator.integrators.StepResult;
import dev.mallard.systems.Context;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;

class IntegratorAccuracyTest {

    private static double fixedStepError(BiFunction<Oscillator<Double>, Context<Double>, IntegratorBase<Double>> make,
            double h) {
        Oscillator<Double> sys = new Oscillator<>(Scalar.DOUBLE);
        Context<Double> c = sys.createDefaultContext();
        IntegratorBase<Double> in = make.apply(sys, c);
        in.setMaximumStepSize(h);
        if (in.supportsErrorEstimation()) {
            in.setFixedStepMode(true);
        }
        in.initialize();
        in.integrateWithMultipleStepsToTime(1.0);
        assertEquals(1.0, c.getTimeValue(), 0.0);
        return Math.abs(c.getContinuousState().getValue(0) - Math.cos(1.0));
    }

    private static void assertOrder(BiFunction<Oscillator<Double>, Context<Double>, IntegratorBase<Double>> make,
            int order) {
        double e1 = fixedStepError(make, 1.0 / 64);
        double e2 = fixedStepError(make, 1.0 / 128);
        double ratio = e1 / e2;
        double expected = Math.pow(2, order);
        assertEquals(expected, ratio, 0.1 * expected, "error ratio when halving the step");
    }

    @Test
    void explicitEulerIsFirstOrder() {
        assertOrder((s, c) -> new ExplicitEulerIntegrator<>(s, 0.1, c), 1);
    }

    @Test
    void rungeKutta2IsSecondOrder() {
        assertOrder((s, c) -> new RungeKutta2Integrator<>(s, 0.1, c), 2);
    }

    @Test
    void rungeKutta3IsThirdOrderInFixedStepMode() {
        assertOrder((s, c) -> new RungeKutta3Integrator<>(s, c), 3);
    }

    @Test
    void rungeKutta3IsExactOnACubicInTime() {
        // x' = 3 t^2 has the exact solution x = t^3; a third-order method integrates it exactly.
        CubicInTime<Double> sys = new CubicInTime<>(Scalar.DOUBLE);
        Context<Double> c = sys.createDefaultContext();
        RungeKutta3Integrator<Double> in = new RungeKutta3Integrator<>(sys, c);
        in.setMaximumStepSize(0.37);
        in.setFixedStepMode(true);
        in.initialize();
        in.integrateWithMultipleStepsToTime(2.0);
        assertEquals(8.0, c.getContinuousState().getValue(0), 1e-13);
    }

    @Test
    void errorControlledRungeKutta3MeetsItsAccuracy() {
        Oscillator<Double> sys = new Oscillator<>(Scalar.DOUBLE);
        Context<Double> c = sys.createDefaultContext();
        RungeKutta3Integrator<Double> in = new RungeKutta3Integrator<>(sys, c);
        in.setTargetAccuracy(1e-7);
        in.initialize();
        in.integrateWithMultipleStepsToTime(5.0);
        assertEquals(Math.cos(5.0), c.getContinuousState().getValue(0), 1e-5);
        assertEquals(-Math.sin(5.0), c.getContinuousState().getValue(1), 1e-5);
        assertTrue(in.getNumStepsTaken() > 10 && in.getNumStepsTaken() < 2000, "steps " + in.getNumStepsTaken());
        // three evaluations per step plus the first; rejections add three each
        long minEvals = 3 * in.getNumStepsTaken();
        assertTrue(in.getNumDerivativeEvaluations() >= minEvals);
    }

    @Test
    void genericPathMatchesDoublePath() {
        Oscillator<Double> sys = new Oscillator<>(Scalar.DOUBLE);
        Context<Double> c = sys.createDefaultContext();
        RungeKutta3Integrator<Double> fast = new RungeKutta3Integrator<>(sys, c);
        fast.setTargetAccuracy(1e-6);
        fast.initialize();
        fast.integrateWithMultipleStepsToTime(3.0);

        Oscillator<BoxedDouble> gsys = new Oscillator<>(BoxedDouble.SCALAR);
        Context<BoxedDouble> gc = gsys.createDefaultContext();
        RungeKutta3Integrator<BoxedDouble> generic = new RungeKutta3Integrator<>(gsys, gc);
        generic.setTargetAccuracy(1e-6);
        generic.initialize();
        generic.integrateWithMultipleStepsToTime(3.0);
        assertEquals(fast.getNumStepsTaken(), generic.getNumStepsTaken());
        assertEquals(c.getContinuousState().getValue(0), gc.getContinuousState().getValue(0), 1e-14);
        assertEquals(c.getContinuousState().getValue(1), gc.getContinuousState().getValue(1), 1e-14);
    }

    @Test
    void stepLandsExactlyOnARequestedTimeWithinOnePercent() {
        Oscillator<Double> sys = new Oscillator<>(Scalar.DOUBLE);
        Context<Double> c = sys.createDefaultContext();
        RungeKutta2Integrator<Double> in = new RungeKutta2Integrator<>(sys, 0.1, c);
        in.initialize();
        // 0.1005 is within 1% of the 0.1 step: one stretched step lands on it exactly.
        assertEquals(StepResult.REACHED_PUBLISH_TIME, in.integrateNoFurtherThanTime(0.1005, 1, 1));
        assertEquals(0.1005, c.getTimeValue(), 0.0);
        // 0.3 is 2 steps away: the first step stops short.
        assertEquals(StepResult.TIME_HAS_ADVANCED, in.integrateNoFurtherThanTime(1, 0.3005, 1));
        assertEquals(0.2005, c.getTimeValue(), 1e-15);
    }

    @Test
    void requestsBeforeTheCurrentTimeAreRefused() {
        Oscillator<Double> sys = new Oscillator<>(Scalar.DOUBLE);
        Context<Double> c = sys.createDefaultContext();
        c.setTime(1.0);
        RungeKutta2Integrator<Double> in = new RungeKutta2Integrator<>(sys, 0.1, c);
        in.initialize();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> in.integrateNoFurtherThanTime(0.5, 2, 2));
        assertTrue(e.getMessage().contains("publishTime = 0.5"), e.getMessage());
    }
}
