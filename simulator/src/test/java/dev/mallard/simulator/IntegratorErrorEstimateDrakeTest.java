package dev.mallard.simulator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.integrators.ExplicitEulerIntegrator;
import dev.mallard.simulator.integrators.IntegratorBase;
import dev.mallard.simulator.integrators.RungeKutta3Integrator;
import dev.mallard.systems.Context;
import org.junit.jupiter.api.Test;

/** The error estimate and the state weights of Drake's IntegratorBase (get_error_estimate, *_weight_vector). */
class IntegratorErrorEstimateDrakeTest {

    private static long stepsWithWeight(double weight) {
        Oscillator<Double> sys = new Oscillator<>(Scalar.DOUBLE);
        Context<Double> c = sys.createDefaultContext();
        IntegratorBase<Double> in = new RungeKutta3Integrator<>(sys, c);
        in.setTargetAccuracy(1e-6);
        in.setGeneralizedStateWeights(weight);
        in.initialize();
        in.integrateWithMultipleStepsToTime(5);
        return in.getNumStepsTaken();
    }

    @Test
    void theErrorEstimateOfAnAcceptedStepIsWithinTheAccuracy() {
        Oscillator<Double> sys = new Oscillator<>(Scalar.DOUBLE);
        Context<Double> c = sys.createDefaultContext();
        IntegratorBase<Double> in = new RungeKutta3Integrator<>(sys, c);
        assertNull(in.getErrorEstimate(), "before initialize");
        in.setTargetAccuracy(1e-6);
        in.initialize();
        in.integrateNoFurtherThanTime(1, 1, 1);
        double[] err = in.getErrorEstimate();
        assertEquals(2, err.length);
        double norm = Math.max(Math.abs(err[0]), Math.abs(err[1]));
        assertTrue(norm > 0 && norm <= 1e-6, "error estimate " + norm);
        err[0] = 1;
        assertTrue(in.getErrorEstimate()[0] != 1, "a copy");
        IntegratorBase<Double> euler = new ExplicitEulerIntegrator<>(sys, 0.1, c);
        euler.initialize();
        assertNull(euler.getErrorEstimate(), "no estimate without error estimation");
    }

    @Test
    void heavierWeightsTakeMoreStepsAndZeroWeightsTakeTheStepsOutOfErrorControl() {
        long unit = stepsWithWeight(1);
        long heavy = stepsWithWeight(1000);
        assertTrue(heavy > 5 * unit, heavy + " steps against " + unit);
        // a weight of 0: every error is 0, so steps grow fivefold until the 0.01 first step reaches 5 s
        assertTrue(stepsWithWeight(0) < unit, "fewer steps with weight 0");
    }

    @Test
    void weightsAreCheckedAndResetForgetsThem() {
        Oscillator<Double> sys = new Oscillator<>(Scalar.DOUBLE);
        Context<Double> c = sys.createDefaultContext();
        IntegratorBase<Double> in = new RungeKutta3Integrator<>(sys, c);
        assertArrayEquals(new double[] {1}, in.getGeneralizedStateWeights(), 0.0);
        assertArrayEquals(new double[0], in.getMiscStateWeights(), 0.0);
        assertThrows(IllegalArgumentException.class, () -> in.setGeneralizedStateWeights(-1));
        assertThrows(IllegalArgumentException.class, () -> in.setGeneralizedStateWeights(Double.NaN));
        in.setGeneralizedStateWeights(1, 2);
        assertThrows(IllegalStateException.class, in::initialize, "one weight per velocity");
        in.setGeneralizedStateWeights(3);
        in.setMiscStateWeights(1);
        assertThrows(IllegalStateException.class, in::initialize, "the oscillator has no misc state");
        in.setMiscStateWeights();
        in.initialize();
        assertArrayEquals(new double[] {3}, in.getGeneralizedStateWeights(), 0.0);
        in.reset();
        assertArrayEquals(new double[] {1}, in.getGeneralizedStateWeights(), 0.0);
    }
}
