package dev.mallard.systems.primitives;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.scalar.Scalar;
import dev.mallard.symbolic.Expression;
import dev.mallard.systems.Context;
import dev.mallard.systems.DynamicalSystem;
import org.junit.jupiter.api.Test;

/** Drake's multiplexer_test.cc and demultiplexer_test.cc, ported with their numbers. */
class MultiplexerTest {

    private static final Scalar<Double> D = Scalar.DOUBLE;

    @Test
    void multiplexerStacksInputsOfTheGivenSizes() {
        Multiplexer<Double> mux = new Multiplexer<>(D, "mux", new int[] {2, 1, 3});
        Context<Double> context = mux.createDefaultContext();
        assertEquals(3, mux.numInputPorts());
        assertEquals(2, mux.getInputPort(0).size());
        assertEquals(1, mux.getInputPort(1).size());
        assertEquals(3, mux.getInputPort(2).size());
        assertEquals(1, mux.numOutputPorts());
        assertEquals(6, mux.getOutputPort(0).size());
        mux.getInputPort(0).fixValue(context, 11.0, 22.0);
        mux.getInputPort(1).fixValue(context, 21.0);
        mux.getInputPort(2).fixValue(context, 31.0, 32.0, 33.0);
        assertArrayEquals(new double[] {11, 22, 21, 31, 32, 33}, mux.getOutputPort(0).eval(context).toValueArray());
        assertEquals(0, context.getNumContinuousStates());
    }

    @Test
    void oneIntIsANumberOfScalarInputs() {
        Multiplexer<Double> mux = new Multiplexer<>(D, "mux", 4);
        assertEquals(4, mux.numInputPorts());
        for (int i = 0; i < 4; i++) {
            assertEquals(1, mux.getInputPort(i).size());
        }
        assertEquals(4, mux.getOutputPort(0).size());
        assertThrows(IllegalArgumentException.class, () -> new Multiplexer<>(D, "none", 0));
    }

    @Test
    void multiplexerConvertsToAutoDiffAndSymbolic() {
        Multiplexer<Double> mux = new Multiplexer<>(D, "mux", new int[] {1, 1, 1});
        for (DynamicalSystem<?> converted : new DynamicalSystem<?>[] {mux.toScalar(AutoDiff.SCALAR),
            mux.toScalar(Expression.SCALAR)}) {
            assertEquals(3, converted.numInputPorts());
            assertEquals(1, converted.numOutputPorts());
            assertEquals(1, converted.getInputPort(2).size());
            assertEquals(3, converted.getOutputPort(0).size());
        }
    }

    @Test
    void demultiplexerOfASizeGivesScalars() {
        Demultiplexer<Double> demux = new Demultiplexer<>(D, "demux", 3);
        Context<Double> context = demux.createDefaultContext();
        double[] input = {1.0, 3.14, 2.18};
        demux.getInputPort(0).fixValue(context, input);
        assertEquals(3, demux.numOutputPorts());
        for (int i = 0; i < 3; i++) {
            assertArrayEquals(new double[] {input[i]}, demux.getOutputPort(i).eval(context).toValueArray());
            assertTrue(demux.hasDirectFeedthrough(0, i));
        }
        assertEquals(0, context.getNumContinuousStates());
    }

    @Test
    void demultiplexerOfASizeAndAnOutputSize() {
        Demultiplexer<Double> demux = new Demultiplexer<>(D, "demux", 10, 2);
        Context<Double> context = demux.createDefaultContext();
        double[] input = new double[10];
        for (int i = 0; i < 10; i++) {
            input[i] = 1.0 + 5.0 * i / 9;   // Eigen's LinSpaced(10, 1, 6)
        }
        demux.getInputPort(0).fixValue(context, input);
        assertEquals(5, demux.numOutputPorts());
        for (int k = 0; k < 5; k++) {
            assertArrayEquals(new double[] {input[2 * k], input[2 * k + 1]},
                    demux.getOutputPort(k).eval(context).toValueArray());
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new Demultiplexer<>(D, "odd", 5, 2));
        assertEquals("size 5 is not a multiple of outputPortsSize 2", e.getMessage());
    }

    @Test
    void demultiplexerByOutputSizes() {
        Demultiplexer<Double> demux = new Demultiplexer<>(D, "demux", new int[] {1, 2, 3});
        Context<Double> context = demux.createDefaultContext();
        double[] input = {1, 2, 3, 4, 5, 6};
        demux.getInputPort(0).fixValue(context, input);
        assertEquals(3, demux.numOutputPorts());
        assertArrayEquals(new double[] {1}, demux.getOutputPort(0).eval(context).toValueArray());
        assertArrayEquals(new double[] {2, 3}, demux.getOutputPort(1).eval(context).toValueArray());
        assertArrayEquals(new double[] {4, 5, 6}, demux.getOutputPort(2).eval(context).toValueArray());
    }
}
