package dev.mallard.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.integrators.IntegrationSchemes;
import dev.mallard.simulator.integrators.IntegratorBase;
import dev.mallard.simulator.integrators.RungeKutta3Integrator;
import dev.mallard.systems.Context;
import org.junit.jupiter.api.Test;

/** Drake's IntegratorBase contract for single fixed steps and Reset (integrator_base.h, *_integrator_test.cc). */
class IntegratorBaseDrakeTest {

    private static IntegratorBase<Double> rk3(Context<Double> c, Oscillator<Double> sys) {
        return new RungeKutta3Integrator<>(sys, c);
    }

    @Test
    void aSingleFixedStepInErrorControlledModeThrows() {
        Oscillator<Double> sys = new Oscillator<>(Scalar.DOUBLE);
        Context<Double> c = sys.createDefaultContext();
        IntegratorBase<Double> in = rk3(c, sys);
        in.setMaximumStepSize(0.1);
        in.initialize();
        assertThrows(IllegalStateException.class, () -> in.integrateWithSingleFixedStepToTime(0.1));
        assertEquals(0.0, c.getTimeValue(), 0.0);
        in.setFixedStepMode(true);
        in.initialize();
        assertTrue(in.integrateWithSingleFixedStepToTime(0.1));
        assertEquals(0.1, c.getTimeValue(), 0.0);
    }

    @Test
    void aSingleFixedStepToTheCurrentTimeIsANoOp() {
        Oscillator<Double> sys = new Oscillator<>(Scalar.DOUBLE);
        Context<Double> c = sys.createDefaultContext();
        c.setTime(0.5);
        double[] x = {c.getContinuousState().getValue(0), c.getContinuousState().getValue(1)};
        IntegratorBase<Double> in = rk3(c, sys);
        in.setFixedStepMode(true);
        in.setMaximumStepSize(0.1);
        in.initialize();
        assertTrue(in.integrateWithSingleFixedStepToTime(0.5));
        assertEquals(0.5, c.getTimeValue(), 0.0);
        assertEquals(x[0], c.getContinuousState().getValue(0), 0.0);
        assertEquals(x[1], c.getContinuousState().getValue(1), 0.0);
        assertEquals(0, in.getNumDerivativeEvaluations());
        assertThrows(IllegalArgumentException.class, () -> in.integrateWithSingleFixedStepToTime(0.4));
    }

    @Test
    void resetClearsFixedStepModeAndTheStepLimits() {
        Oscillator<Double> sys = new Oscillator<>(Scalar.DOUBLE);
        Context<Double> c = sys.createDefaultContext();
        IntegratorBase<Double> in = rk3(c, sys);
        in.setTargetAccuracy(1e-6);
        in.setFixedStepMode(true);
        in.setMaximumStepSize(0.1);
        in.setRequestedMinimumStepSize(1e-3);
        in.initialize();
        in.integrateWithMultipleStepsToTime(0.3);
        in.reset();
        assertFalse(in.isInitialized());
        assertFalse(in.getFixedStepMode());
        assertEquals(Double.POSITIVE_INFINITY, in.getMaximumStepSize(), 0.0);
        assertEquals(0.0, in.getRequestedMinimumStepSize(), 0.0);
        assertTrue(Double.isNaN(in.getAccuracyInUse()));
        assertEquals(1e-6, in.getTargetAccuracy(), 0.0, "the target accuracy is kept, as in Drake");
        assertEquals(0, in.getNumStepsTaken());
        // error-controlled again after initialize, with the kept target accuracy
        in.initialize();
        assertEquals(1e-6, in.getAccuracyInUse(), 0.0);
        assertThrows(IllegalStateException.class, () -> in.integrateWithSingleFixedStepToTime(0.4));
    }

    @Test
    void theErrorEstimateOrderIsOneLessThanDrakes() {
        // Drake: RK3 3, BS3 3, RK5 5, implicit Euler 2, Radau1 2, Radau3 3, velocity-implicit Euler 2
        String[] schemes = {"runge_kutta3", "bogacki_shampine3", "runge_kutta5", "implicit_euler", "radau1", "radau3",
            "velocity_implicit_euler"};
        int[] drake = {3, 3, 5, 2, 2, 3, 2};
        Oscillator<Double> sys = new Oscillator<>(Scalar.DOUBLE);
        for (int i = 0; i < schemes.length; i++) {
            IntegratorBase<Double> in = IntegrationSchemes.create(schemes[i], sys, 0.1,
                    sys.createDefaultContext());
            assertEquals(drake[i] - 1, in.getErrorEstimateOrder(), schemes[i]);
        }
    }

    @Test
    void anAccuracyAboveOneIsAcceptedAsInDrakeButNotANonPositiveOne() {
        Oscillator<Double> sys = new Oscillator<>(Scalar.DOUBLE);
        Context<Double> c = sys.createDefaultContext();
        IntegratorBase<Double> in = rk3(c, sys);
        in.setTargetAccuracy(10);
        c.setAccuracy(2.5);
        in.initialize();
        assertEquals(2.5, in.getAccuracyInUse(), 0.0);
        // Drake does not check; Mallard refuses what cannot be an accuracy.
        for (double bad : new double[] {0, -1e-3, Double.NaN, Double.POSITIVE_INFINITY}) {
            assertThrows(IllegalArgumentException.class, () -> in.setTargetAccuracy(bad));
            assertThrows(IllegalArgumentException.class, () -> c.setAccuracy(bad));
        }
    }
}
