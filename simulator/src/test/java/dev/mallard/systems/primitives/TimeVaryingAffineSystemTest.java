package dev.mallard.systems.primitives;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarMatrix;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.simulator.Simulator;
import dev.mallard.simulator.integrators.IntegratorBase;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.DiscreteValues;
import dev.mallard.systems.Event;
import dev.mallard.systems.LeafSystem;
import org.junit.jupiter.api.Test;

/**
 * Drake's SimpleTimeVaryingAffineSystem cases of affine_system_test.cc (a rotation A(t), with their numbers),
 * the three number types agreeing with finite differences in time, state and input, and closed forms by
 * simulation.
 */
class TimeVaryingAffineSystemTest {

    private static final Scalar<Double> D = Scalar.DOUBLE;

    /** Drake's test system: xdot = rot(t) x + u [1, 1], y = x + (u + 1) [1, 1]; two states, one input. */
    static class Rotation<T> extends TimeVaryingAffineSystem<T> {
        private final int badRowsOfA;

        Rotation(Scalar<T> scalar, double timePeriod, int badRowsOfA) {
            super(scalar, "rotation", 2, 1, 2, timePeriod);
            this.badRowsOfA = badRowsOfA;
        }

        private ScalarMatrix<T> constant(int rows, int cols, double value) {
            ScalarMatrix<T> m = scalar().newMatrix(rows, cols);
            for (int i = 0; i < rows; i++) {
                for (int j = 0; j < cols; j++) {
                    m.setValue(i, j, value);
                }
            }
            return m;
        }

        @Override
        public ScalarMatrix<T> getA(T t) {
            Scalar<T> s = scalar();
            ScalarMatrix<T> a = s.newMatrix(badRowsOfA > 0 ? badRowsOfA : 2, 2);
            a.set(0, 0, s.cos(t));
            a.set(0, 1, s.neg(s.sin(t)));
            a.set(1, 0, s.sin(t));
            a.set(1, 1, s.cos(t));
            return a;
        }

        @Override
        public ScalarMatrix<T> getB(T t) {
            return constant(2, 1, 1);
        }

        @Override
        public ScalarVector<T> getF0(T t) {
            return scalar().newVector(2);
        }

        @Override
        public ScalarMatrix<T> getC(T t) {
            ScalarMatrix<T> c = constant(2, 2, 0);
            c.setValue(0, 0, 1);
            c.setValue(1, 1, 1);
            return c;
        }

        @Override
        public ScalarMatrix<T> getD(T t) {
            return constant(2, 1, 1);
        }

        @Override
        public ScalarVector<T> getY0(T t) {
            ScalarVector<T> y0 = scalar().newVector(2);
            y0.setValue(0, 1);
            y0.setValue(1, 1);
            return y0;
        }

        @Override
        protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
            return new Rotation<>(target, getTimePeriod(), badRowsOfA);
        }
    }

    /** xdot = sin(t) x, y = cos(t) x: x(t) = x(0) exp(1 - cos t). */
    static final class SineRate<T> extends TimeVaryingLinearSystem<T> {
        SineRate(Scalar<T> scalar, double timePeriod) {
            super(scalar, "sine rate", 1, 0, 1, timePeriod);
        }

        @Override
        public ScalarMatrix<T> getA(T t) {
            ScalarMatrix<T> a = scalar().newMatrix(1, 1);
            a.set(0, 0, getTimePeriod() > 0 ? scalar().add(t, 1.0) : scalar().sin(t));
            return a;
        }

        @Override
        public ScalarMatrix<T> getB(T t) {
            return scalar().newMatrix(1, 0);
        }

        @Override
        public ScalarMatrix<T> getC(T t) {
            ScalarMatrix<T> c = scalar().newMatrix(1, 1);
            c.set(0, 0, getTimePeriod() > 0 ? t : scalar().cos(t));
            return c;
        }

        @Override
        public ScalarMatrix<T> getD(T t) {
            return scalar().newMatrix(1, 0);
        }

        @Override
        protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
            return new SineRate<>(target, getTimePeriod());
        }
    }

    private static double[] rotation(double t, double[] x, double u) {
        return new double[] {Math.cos(t) * x[0] - Math.sin(t) * x[1] + u, Math.sin(t) * x[0] + Math.cos(t) * x[1] + u};
    }

    @Test
    void continuousDerivativesAndOutputFollowTheCoefficientsAtTheContextsTime() {
        Rotation<Double> sys = new Rotation<>(D, 0.0, 0);
        double t = 2.5;
        double[] x = {1, 2};
        Context<Double> context = sys.createDefaultContext();
        context.setTime(t);
        context.setContinuousStateValues(x);
        sys.getInputPort(0).fixValue(context, 42.0);
        ContinuousState<Double> derivatives = sys.allocateTimeDerivatives();
        sys.calcTimeDerivatives(context, derivatives);
        assertArrayEquals(rotation(t, x, 42), derivatives.toValueArray(), 1e-14);
        assertArrayEquals(new double[] {1 + 1 + 42, 2 + 1 + 42}, sys.getOutputPort(0).eval(context).toValueArray(),
                1e-14);
        assertTrue(sys.hasAnyDirectFeedthrough());
        assertEquals(0, context.getNumDiscreteStateGroups());
    }

    @Test
    void discreteUpdateFollowsTheCoefficientsAtTheUpdatesTime() {
        Rotation<Double> sys = new Rotation<>(D, 1.0, 0);
        double t = 2.5;
        double[] x = {1, 2};
        Context<Double> context = sys.createDefaultContext();
        assertEquals(0, context.getNumContinuousStates());
        context.setTime(t);
        context.getMutableDiscreteState(0).setValuesFrom(x, 0);
        sys.getInputPort(0).fixValue(context, 42.0);
        DiscreteValues<Double> update = context.cloneContext().getDiscreteValues();
        sys.calcDiscreteVariableUpdate(context, sys.getEvents(Event.Trigger.PERIODIC), update);
        assertArrayEquals(rotation(t, x, 42), update.get(0).toValueArray(), 1e-14);
        assertArrayEquals(new double[] {44, 45}, sys.getOutputPort(0).eval(context).toValueArray(), 1e-14);
        ContinuousState<Double> derivatives = sys.allocateTimeDerivatives();
        sys.calcTimeDerivatives(context, derivatives);
        assertEquals(0, derivatives.size());
    }

    @Test
    void aCoefficientOfTheWrongShapeIsRefusedByName() {
        Rotation<Double> sys = new Rotation<>(D, 0.0, 3);
        Context<Double> context = sys.createDefaultContext();
        context.setTime(2.5);
        sys.getInputPort(0).fixValue(context, 42.0);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> sys.calcTimeDerivatives(context, sys.allocateTimeDerivatives()));
        assertEquals("A(t) has 3 rows and 2 columns, expected 2 rows and 2 columns", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new Rotation<>(D, -1.0, 0));
        assertThrows(IllegalArgumentException.class, () -> new SineRate<>(D, Double.NaN));
    }

    @Test
    void theThreeNumberTypesAgreeAndCarryTheTimeDerivative() {
        Rotation<Double> sys = new Rotation<>(D, 0.0, 0);
        assertInstanceOf(Rotation.class, sys.toScalar(AutoDiff.SCALAR));
        // point: t, u, x (2)
        double[] point = {2.5, 42, 1, 2};
        ThreeScalars.Result xdot = ThreeScalars.check(sys, point, ThreeScalars.Probe.derivatives(), true);
        assertArrayEquals(rotation(2.5, new double[] {1, 2}, 42), xdot.value(), 1e-14);
        // d xdot0 / dt = -sin(t) x0 - cos(t) x1
        assertEquals(-Math.sin(2.5) - 2 * Math.cos(2.5), xdot.gradient()[0][0], 1e-14);
        ThreeScalars.check(sys, point, ThreeScalars.Probe.output(0), true);
        ThreeScalars.check(new Rotation<>(D, 1.0, 0), point, ThreeScalars.Probe.discreteUpdate(), true);
    }

    @Test
    void aSineRateIntegratesToItsClosedFormUnderTheDefaultIntegrator() {
        SineRate<Double> sys = new SineRate<>(D, 0.0);
        Simulator<Double> sim = new Simulator<>(sys);
        double x0 = 0.7;
        sim.getMutableContext().setContinuousStateValues(x0);
        for (double t : new double[] {1, 2.5, 4, 7}) {
            sim.advanceTo(t);
            double exact = x0 * Math.exp(1 - Math.cos(t));
            // within the default integrator's accuracy, relative to the state's size
            double tolerance = IntegratorBase.DEFAULT_ACCURACY * exact;
            double x = sim.getContext().getContinuousState().getValue(0);
            assertEquals(exact, x, tolerance, "x at " + t);
            assertEquals(Math.cos(t) * x, sys.getOutputPort(0).eval(sim.getContext()).getValue(0), 1e-15,
                    "y at " + t);
        }
    }

    @Test
    void aDiscreteRateMultipliesByTheCoefficientAtEachUpdate() {
        SineRate<Double> sys = new SineRate<>(D, 0.5);
        Simulator<Double> sim = new Simulator<>(sys);
        sim.getMutableContext().getMutableDiscreteState(0).setValuesFrom(new double[] {2}, 0);
        sim.advanceTo(1.2);
        // updates at 0, 0.5 and 1: x = 2 (0 + 1) (0.5 + 1) (1 + 1); y = t x at 1.2
        assertEquals(6, sim.getContext().getDiscreteState(0).getValue(0), 1e-14);
        assertEquals(7.2, sys.getOutputPort(0).eval(sim.getContext()).getValue(0), 1e-14);
        assertEquals(0, sys.numInputPorts());
        assertEquals(0.5, sys.getTimePeriod());
    }
}
