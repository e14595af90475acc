package dev.mallard.systems.primitives;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.symbolic.Expression;
import dev.mallard.systems.Context;
import dev.mallard.systems.DynamicalSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Drake's saturation_test.cc, ported with its numbers: constant and variable limits, with double and
 * AutoDiff numbers; ten inputs from -5 to 5 in every entry, clamped to min (-0.3, 0, 1.3, -4) and
 * max (1, 2.5, 3.3, 2.5).
 */
class SaturationTest {

    private static final double[] MIN = {-0.3, 0.0, 1.3, -4.0};
    private static final double[] MAX = {1.0, 2.5, 3.3, 2.5};
    private static final int POINTS = 10;

    @ParameterizedTest(name = "limit ports {0}, AutoDiff {1}")
    @CsvSource({"false, false", "true, false", "false, true", "true, true"})
    void everyEntryIsClampedToItsLimits(boolean limitPorts, boolean autoDiff) {
        Saturation<Double> built = limitPorts ? new Saturation<>(Scalar.DOUBLE, "s", 4)
                : new Saturation<>(Scalar.DOUBLE, "s", MIN, MAX);
        assertEquals(built.numInputPorts(), built.toScalar(Expression.SCALAR).numInputPorts());
        DynamicalSystem<?> system = autoDiff ? built.toScalar(AutoDiff.SCALAR) : built;
        for (int k = 0; k < POINTS; k++) {
            double v = -5.0 + 10.0 * k / (POINTS - 1);
            double[] input = {v, v, v, v};
            assertClamped(system, limitPorts, input);
        }
    }

    /** Drake's refusals: no size, limits of different lengths, a minimum above its maximum. */
    @Test
    void badLimitsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new Saturation<>(Scalar.DOUBLE, "s", 0));
        assertThrows(IllegalArgumentException.class, () -> new Saturation<>(Scalar.DOUBLE, "s",
                new double[] {1.0, -4.5, -2.5}, new double[] {3.0, 5.0}));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new Saturation<>(
                Scalar.DOUBLE, "s", new double[] {1.0, -4.5, -2.5}, new double[] {0.75, 5.0, 2.0}));
        assertEquals("saturation limits of entry 0: lower 1.0 must not be NaN or greater than upper 0.75",
                e.getMessage());
    }

    private static <T> void assertClamped(DynamicalSystem<T> system, boolean limitPorts, double[] input) {
        Context<T> context = system.createDefaultContext();
        assertEquals(0, context.getNumContinuousStates());
        assertEquals(limitPorts ? 3 : 1, system.numInputPorts());
        assertEquals(1, system.numOutputPorts());
        system.getInputPort(0).fixValue(context, input);
        if (limitPorts) {
            system.getInputPort(1).fixValue(context, MIN);
            system.getInputPort(2).fixValue(context, MAX);
        }
        ScalarVector<T> y = system.getOutputPort(0).eval(context);
        for (int j = 0; j < 4; j++) {
            assertEquals(Math.min(Math.max(input[j], MIN[j]), MAX[j]), y.getValue(j), 0.0, "entry " + j);
        }
        if (limitPorts) {
            // Drake: without its limit inputs a variable saturation refuses to compute (it is no pass-through)
            Context<T> unlimited = system.createDefaultContext();
            system.getInputPort(0).fixValue(unlimited, input);
            assertThrows(IllegalStateException.class, () -> system.getOutputPort(0).eval(unlimited));
        }
    }
}
