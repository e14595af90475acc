package dev.mallard.simulator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.studies.BatchEvaluation;
import dev.mallard.simulator.studies.Parallelism;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.EventStatus;
import dev.mallard.systems.LeafSystem;
import org.junit.jupiter.api.Test;

class BatchEvaluationTest {

    /** q' = v, v' = -4 q + u + c t with parameter c. */
    static final class Forced extends LeafSystem<Double> {
        Forced() {
            super(Scalar.DOUBLE, "forced");
            declareContinuousState(1, 1, 0);
            declareVectorInputPort("u", 1);
            declareNumericParameter(0.5);
        }

        @Override
        protected void doCalcTimeDerivatives(Context<Double> c, ContinuousState<Double> d) {
            ContinuousState<Double> x = c.getContinuousState();
            double u = getInputPort(0).eval(c).getValue(0);
            double k = c.getNumericParameter(0).getValue(0);
            d.setValue(0, x.getValue(1));
            d.setValue(1, -4 * x.getValue(0) + u + k * c.getTimeValue());
        }
    }

    /** x[n+1] = 0.5 x[n] + u + t every 0.1 s. */
    static final class Recurrence extends LeafSystem<Double> {
        Recurrence() {
            super(Scalar.DOUBLE, "recurrence");
            declareDiscreteState(0.0);
            declareVectorInputPort("u", 1);
            declarePeriodicDiscreteUpdateEvent(0.1, 0.0, (c, xd) -> {
                double x = c.getDiscreteState(0).getValue(0);
                xd.get(0).setValue(0, 0.5 * x + getInputPort(0).eval(c).getValue(0) + c.getTimeValue());
                return EventStatus.succeeded();
            });
        }
    }

    private static final double[] TIMES = {0, 0.5, 1, 2, 3};
    private static final double[][] STATES = {{1, 2, 3, 4, 5}, {0, -1, 0.5, 2, 1}};
    private static final double[][] INPUTS = {{0.1, 0.2, 0.3, 0.4, 0.5}};

    @Test
    void timeDerivativesMatchTheFormulaAtEveryColumnSeriallyAndInParallel() {
        Forced sys = new Forced();
        Context<Double> c = sys.createDefaultContext();
        double[][] serial = BatchEvaluation.batchEvalTimeDerivatives(sys, c, TIMES, STATES, INPUTS, 0,
                Parallelism.none());
        double[][] parallel = BatchEvaluation.batchEvalTimeDerivatives(sys, c, TIMES, STATES, INPUTS);
        for (int j = 0; j < TIMES.length; j++) {
            assertEquals(STATES[1][j], serial[0][j]);
            assertEquals(-4 * STATES[0][j] + INPUTS[0][j] + 0.5 * TIMES[j], serial[1][j], 1e-15);
        }
        assertArrayEquals(serial[0], parallel[0]);
        assertArrayEquals(serial[1], parallel[1]);
        assertFalse(c.hasFixedInputValue(0), "the given context is not modified");
    }

    @Test
    void discreteUpdatesFollowTheRecurrenceOverSeveralSteps() {
        Recurrence sys = new Recurrence();
        Context<Double> c = sys.createDefaultContext();
        double[] t = {0, 1, 2};
        double[][] x = {{1, 2, 4}};
        double[][] u = {{0, 1, -1}};
        assertEquals(0.1, BatchEvaluation.differenceEquationTimeStep(sys).getAsDouble());
        double[][] once = BatchEvaluation.batchEvalUniquePeriodicDiscreteUpdate(sys, c, t, x, u);
        double[][] twice = BatchEvaluation.batchEvalUniquePeriodicDiscreteUpdate(sys, c, t, x, u, 2,
                BatchEvaluation.USE_FIRST_INPUT_IF_IT_EXISTS, Parallelism.of(2));
        for (int j = 0; j < 3; j++) {
            double x1 = 0.5 * x[0][j] + u[0][j] + t[j];
            assertEquals(x1, once[0][j], 1e-15);
            assertEquals(0.5 * x1 + u[0][j] + (t[j] + 0.1), twice[0][j], 1e-15);
        }
    }

    @Test
    void shapeErrorsNameTheArgumentAndTheSizes() {
        Forced sys = new Forced();
        Context<Double> c = sys.createDefaultContext();
        IllegalArgumentException rows = assertThrows(IllegalArgumentException.class,
                () -> BatchEvaluation.batchEvalTimeDerivatives(sys, c, TIMES, new double[][] {STATES[0]}, INPUTS));
        assertEquals("states has 1 rows, expected 2 (the number of continuous states)", rows.getMessage());
        IllegalArgumentException cols = assertThrows(IllegalArgumentException.class,
                () -> BatchEvaluation.batchEvalTimeDerivatives(sys, c, new double[] {0, 1}, STATES, INPUTS));
        assertEquals("states row 0 has 5 columns, expected 2 (the number of times)", cols.getMessage());
        IllegalArgumentException in = assertThrows(IllegalArgumentException.class,
                () -> BatchEvaluation.batchEvalTimeDerivatives(sys, c, TIMES, STATES, null));
        assertEquals("inputs has no rows, expected 1 (the size of input port 'u')", in.getMessage());
        IllegalArgumentException port = assertThrows(IllegalArgumentException.class,
                () -> BatchEvaluation.batchEvalTimeDerivatives(sys, c, TIMES, STATES, INPUTS, 3, Parallelism.none()));
        assertEquals("inputPortIndex 3 is not an input port of forced (it has 1)", port.getMessage());
    }

    @Test
    void aSystemWithContinuousStateIsNotADifferenceEquation() {
        Forced sys = new Forced();
        assertFalse(BatchEvaluation.differenceEquationTimeStep(sys).isPresent());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> BatchEvaluation.batchEvalUniquePeriodicDiscreteUpdate(sys, sys.createDefaultContext(),
                        TIMES, STATES, INPUTS));
        assertEquals("forced is not a difference-equation system: it has continuous state", e.getMessage());
    }
}
