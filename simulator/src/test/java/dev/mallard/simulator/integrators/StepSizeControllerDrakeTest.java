package dev.mallard.simulator.integrators;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import org.junit.jupiter.api.Test;

/** Drake's CalcStateChangeNorm and CalcAdjustedStepSize (integrator_base.cc) for unit and set weights. */
class StepSizeControllerDrakeTest {

    /** The error for which 0.9 (accuracy / error)^(1/order) equals {@code factor}. */
    private static double errorFor(double factor, double accuracy, double order) {
        return accuracy / Math.pow(factor / 0.9, order);
    }

    @Test
    void theNormIsTheWeightedInfinityNormOfTheAbsoluteError() {
        double[] err = {1e-3, -4e-3, 2e-3};
        assertEquals(4e-3, StepSizeController.errorNorm(err, null, 3), 0.0, "not relative to the state");
        assertEquals(6e-3, StepSizeController.errorNorm(err, new double[] {6, 0, 1}, 3), 1e-18);
        ScalarVector<Double> e = ScalarVector.ofValues(Scalar.DOUBLE, 1e-3, -4e-3, 2e-3);
        assertEquals(4e-3, StepSizeController.errorNorm(e, null, 3), 0.0);
        assertEquals(6e-3, StepSizeController.errorNorm(e, new double[] {6, 0, 1}, 3), 1e-18);
        assertEquals(Double.POSITIVE_INFINITY, StepSizeController.errorNorm(new double[] {Double.NaN}, null, 1));
    }

    @Test
    void anAcceptedStepKeepsItsSizeUnlessItCanGrowByTwentyPercent() {
        double acc = 1e-6;
        double order = 3;
        assertEquals(0.1, StepSizeController.nextAfterAccepted(0.1, errorFor(0.95, acc, order), acc, order), 0.0,
                "an accepted step is not followed by a smaller one");
        assertEquals(0.1, StepSizeController.nextAfterAccepted(0.1, errorFor(1.15, acc, order), acc, order), 0.0,
                "nor by one less than 1.2 times larger");
        assertEquals(0.2, StepSizeController.nextAfterAccepted(0.1, errorFor(2, acc, order), acc, order), 1e-12);
        assertEquals(0.5, StepSizeController.nextAfterAccepted(0.1, errorFor(30, acc, order), acc, order), 1e-12);
        assertEquals(0.5, StepSizeController.nextAfterAccepted(0.1, 0, acc, order), 1e-12);
    }

    @Test
    void aRejectedStepShrinksByAtLeastTenPercentAndAtMostTenfold() {
        double acc = 1e-6;
        double order = 3;
        assertEquals(0.09, StepSizeController.retryAfterRejected(0.1, errorFor(0.95, acc, order), acc, order), 1e-12);
        assertEquals(0.05, StepSizeController.retryAfterRejected(0.1, errorFor(0.5, acc, order), acc, order), 1e-12);
        assertEquals(0.01, StepSizeController.retryAfterRejected(0.1, errorFor(0.01, acc, order), acc, order), 1e-12);
        assertEquals(0.01, StepSizeController.retryAfterRejected(0.1, Double.POSITIVE_INFINITY, acc, order), 1e-12);
    }
}
