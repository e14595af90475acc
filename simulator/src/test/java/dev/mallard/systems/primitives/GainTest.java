package dev.mallard.systems.primitives;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.scalar.Scalar;
import dev.mallard.symbolic.Expression;
import dev.mallard.systems.Context;
import dev.mallard.systems.DynamicalSystem;
import org.junit.jupiter.api.Test;

/** Drake's gain_test.cc, ported with its numbers. */
class GainTest {

    private static final Scalar<Double> D = Scalar.DOUBLE;

    private static void checkGain(Gain<Double> gain, double[] input, double[] expected) {
        Context<Double> context = gain.createDefaultContext();
        assertEquals(0, context.getNumContinuousStates());
        assertEquals(1, gain.numInputPorts());
        gain.getInputPort(0).fixValue(context, input);
        assertEquals(1, gain.numOutputPorts());
        assertArrayEquals(expected, gain.getOutputPort(0).eval(context).toValueArray());
    }

    @Test
    void scalarGainMultipliesEveryEntry() {
        Gain<Double> gain = new Gain<>(D, "gain", 2.0, 3);
        assertEquals(2.0, gain.getGain());
        assertArrayEquals(new double[] {2, 2, 2}, gain.getGainVector());
        checkGain(gain, new double[] {1.0, 3.14, 2.18}, new double[] {2.0, 6.28, 4.36});
    }

    @Test
    void vectorGainMultipliesEntryByEntry() {
        double[] k = {1.0, 2.0, 3.0, 4.0};
        Gain<Double> gain = new Gain<>(D, "gain", k);
        assertArrayEquals(k, gain.getGainVector());
        double[] u = {9.81, 5.46, 16.24, 98.12};
        checkGain(gain, u, new double[] {9.81, 2 * 5.46, 3 * 16.24, 4 * 98.12});
    }

    @Test
    void directFeedthroughOnlyWithANonZeroGain() {
        assertTrue(new Gain<>(D, "two", 2.0, 3).hasAnyDirectFeedthrough());
        assertFalse(new Gain<>(D, "zero", 0.0, 3).hasAnyDirectFeedthrough());
        assertFalse(new Gain<>(D, "zero matrix", new double[][] {{0, 0}, {0, 0}}).hasAnyDirectFeedthrough());
    }

    @Test
    void aVectorGainIsNotAScalar() {
        Gain<Double> gain = new Gain<>(D, "gain", new double[] {1.0, 2.0, 3.0, 4.0});
        IllegalStateException e = assertThrows(IllegalStateException.class, gain::getGain);
        assertTrue(e.getMessage().contains("[1.0, 2.0, 3.0, 4.0], which cannot be represented as a scalar value"),
                e.getMessage());
        assertThrows(IllegalStateException.class, () -> new Gain<>(D, "m", new double[][] {{1, 2}}).getGainVector());
    }

    @Test
    void convertsToAutoDiffAndSymbolicKeepingTheGainAndTheFeedthrough() {
        Gain<Double> gain = new Gain<>(D, "gain", 2.0, 3);
        DynamicalSystem<AutoDiff> autoDiff = gain.toScalar(AutoDiff.SCALAR);
        assertEquals(1, autoDiff.numInputPorts());
        assertEquals(1, autoDiff.numOutputPorts());
        assertArrayEquals(new double[] {2, 2, 2}, ((Gain<AutoDiff>) autoDiff).getGainVector());
        assertTrue(gain.toScalar(Expression.SCALAR).hasAnyDirectFeedthrough());
        assertFalse(new Gain<>(D, "zero", 0.0, 3).toScalar(Expression.SCALAR).hasAnyDirectFeedthrough());
    }
}
