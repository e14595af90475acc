package dev.mallard.systems.primitives;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.scalar.Scalar;
import dev.mallard.symbolic.Expression;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.DynamicalSystem;
import org.junit.jupiter.api.Test;

/**
 * Drake's first_order_low_pass_filter_test.cc, ported with its numbers (all but OutputPerformance, a heap
 * allocation count).
 */
class FirstOrderLowPassFilterTest {

    private static final Scalar<Double> D = Scalar.DOUBLE;
    private static final int SIZE = 3;

    private static FirstOrderLowPassFilter<Double> single() {
        return new FirstOrderLowPassFilter<>(D, "filter", 3.2, SIZE);
    }

    private static FirstOrderLowPassFilter<Double> multiple() {
        return new FirstOrderLowPassFilter<>(D, "filter", 4.0, 3.5, 3.0);
    }

    @Test
    void topology() {
        FirstOrderLowPassFilter<Double> filter = single();
        assertEquals(1, filter.numInputPorts());
        assertEquals(SIZE, filter.getInputPort(0).size());
        assertEquals(1, filter.numOutputPorts());
        assertEquals(SIZE, filter.getOutputPort(0).size());
        Context<Double> context = multiple().createDefaultContext();
        assertEquals(SIZE, context.getContinuousState().size());
        assertEquals(SIZE, context.getContinuousState().numZ());
    }

    @Test
    void outputIsTheState() {
        FirstOrderLowPassFilter<Double> filter = single();
        Context<Double> context = filter.createDefaultContext();
        filter.setInitialOutputValue(context, 0, 0, 0);
        filter.getInputPort(0).fixValue(context, 1.0, 2.0, 3.0);
        assertArrayEquals(new double[] {0, 0, 0}, filter.getOutputPort(0).eval(context).toValueArray(), 0.0);
        context.getMutableContinuousState().setValue(1, 42.0);
        assertArrayEquals(new double[] {0, 42, 0}, filter.getOutputPort(0).eval(context).toValueArray(), 0.0);
    }

    @Test
    void derivativesAreTheInputMinusTheStateOverTheTimeConstant() {
        FirstOrderLowPassFilter<Double> filter = multiple();
        Context<Double> context = filter.createDefaultContext();
        double[] u = {1.0, 2.0, 3.0};
        filter.getInputPort(0).fixValue(context, u);
        double[] z = {-1.0, 2.0, 3.5};
        filter.setInitialOutputValue(context, z);
        ContinuousState<Double> derivatives = filter.allocateTimeDerivatives();
        filter.calcTimeDerivatives(context, derivatives);
        assertArrayEquals(z, context.getContinuousState().toValueArray(), 0.0);
        double[] tau = filter.getTimeConstants();
        assertArrayEquals(new double[] {4.0, 3.5, 3.0}, tau, 0.0);
        assertArrayEquals(new double[] {(u[0] - z[0]) / tau[0], (u[1] - z[1]) / tau[1], (u[2] - z[2]) / tau[2]},
                derivatives.toValueArray(), 0.0);
    }

    @Test
    void isNotDirectFeedthrough() {
        assertFalse(single().hasAnyDirectFeedthrough());
    }

    @Test
    void convertsToAutoDiffAndSymbolicKeepingTheTimeConstants() {
        DynamicalSystem<AutoDiff> autoDiff = multiple().toScalar(AutoDiff.SCALAR);
        assertEquals(SIZE, autoDiff.getInputPort(0).size());
        assertEquals(SIZE, autoDiff.getOutputPort(0).size());
        assertArrayEquals(new double[] {4.0, 3.5, 3.0},
                ((FirstOrderLowPassFilter<AutoDiff>) autoDiff).getTimeConstants(), 0.0);
        DynamicalSystem<Expression> symbolic = multiple().toScalar(Expression.SCALAR);
        assertArrayEquals(new double[] {4.0, 3.5, 3.0},
                ((FirstOrderLowPassFilter<Expression>) symbolic).getTimeConstants(), 0.0);
    }
}
