package dev.mallard.systems.primitives;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.trajectories.PiecewisePolynomial;
import dev.mallard.simulator.trajectories.Trajectories;
import dev.mallard.symbolic.Expression;
import dev.mallard.systems.Context;
import dev.mallard.systems.DynamicalSystem;
import org.junit.jupiter.api.Test;

/** Drake's trajectory_source_test.cc, ported with its numbers. */
class TrajectorySourceTest {

    private static final Scalar<Double> D = Scalar.DOUBLE;

    /** y = t^4 on [0, 3], with every derivative in closed form. */
    private static final Trajectory QUARTIC = new Trajectory() {
        @Override
        public int rows() {
            return 1;
        }

        @Override
        public double startTime() {
            return 0;
        }

        @Override
        public double endTime() {
            return 3;
        }

        @Override
        public double[] value(double t) {
            return new double[] {Math.pow(t, 4)};
        }

        @Override
        public double[] derivative(double t) {
            return derivative(t, 1);
        }

        @Override
        public double[] derivative(double t, int order) {
            double[] coefficient = {1, 4, 12, 24, 24, 0};
            return new double[] {order > 4 ? 0 : coefficient[order] * Math.pow(t, 4 - order)};
        }
    };

    @Test
    void outputHoldsTheValueAndFiveDerivatives() {
        TrajectorySource<Double> source = new TrajectorySource<>(D, "source", QUARTIC, 5, true);
        Context<Double> context = source.createDefaultContext();
        assertEquals(0, source.numInputPorts());
        assertEquals(6, source.getOutputPort(0).size());
        context.setTime(1.75);
        double[] y = source.getOutputPort(0).eval(context).toValueArray();
        assertEquals(Math.pow(1.75, 4), y[0]);
        for (int k = 1; k <= 5; k++) {
            assertEquals(QUARTIC.derivative(1.75, k)[0], y[k], 1e-10);
        }
        assertEquals(21.4375, y[1], 1e-6);
        // beyond the span every derivative is held at zero
        context.setTime(4.0);
        assertArrayEquals(new double[] {81, 0, 0, 0, 0, 0}, source.getOutputPort(0).eval(context).toValueArray());
    }

    /** The same with a piecewise polynomial: the clamped cubic spline of t^3 is t^3, so its derivatives are exact. */
    @Test
    void aPiecewisePolynomialGivesItsHigherDerivatives() {
        double[] breaks = {0, 1, 2, 3};
        double[][] samples = {{0}, {1}, {8}, {27}};
        PiecewisePolynomial<Double> cubic = Trajectories.cubicWithEndSlopes(D, breaks, samples, new double[] {0},
                new double[] {27});
        TrajectorySource<Double> source = new TrajectorySource<>(D, "source", Trajectory.of(cubic), 5, true);
        Context<Double> context = source.createDefaultContext();
        context.setTime(1.75);
        double t = 1.75;
        assertArrayEquals(new double[] {t * t * t, 3 * t * t, 6 * t, 6, 0, 0},
                source.getOutputPort(0).eval(context).toValueArray(), 1e-9);
    }

    @Test
    void aConstantIsStatelessAndConverts() {
        PiecewisePolynomial<Double> constant = Trajectories.zeroOrderHold(D, new double[] {0, 1},
                new double[][] {{1.5, 1.5}, {1.5, 1.5}});
        TrajectorySource<Double> source = new TrajectorySource<>(D, "source", Trajectory.of(constant), 5, true);
        assertEquals(0, source.createDefaultContext().getNumContinuousStates());
        assertEquals(2 * 6, source.getOutputPort(0).size());
        for (DynamicalSystem<?> converted : new DynamicalSystem<?>[] {source.toScalar(AutoDiff.SCALAR),
            source.toScalar(Expression.SCALAR)}) {
            assertEquals(12, converted.getOutputPort(0).size());
        }
        assertEquals(1.5, source.getOutputPort(0).eval(source.createDefaultContext()).getValue(0));
    }

    /** Drake's Scalars case: a zero-order hold of 1.2, 3, 1.5 at 0, 1, 2 plays 1.2 at t = 0.5 for every scalar. */
    @Test
    void zeroOrderHoldAtHalfASecondWithEveryScalar() {
        for (boolean hold : new boolean[] {true, false}) {
            TrajectorySource<Double> source = new TrajectorySource<>(D, "source", Trajectory.of(
                    Trajectories.zeroOrderHold(D, new double[] {0, 1, 2}, new double[][] {{1.2}, {3}, {1.5}})), 1, hold);
            for (DynamicalSystem<?> system : new DynamicalSystem<?>[] {source, source.toScalar(AutoDiff.SCALAR),
                source.toScalar(Expression.SCALAR)}) {
                assertEquals(1.2, valueAtHalf(system), 1e-14);
            }
        }
    }

    private static <T> double valueAtHalf(DynamicalSystem<T> system) {
        Context<T> context = system.createDefaultContext();
        context.setTime(0.5);
        return system.getOutputPort(0).eval(context).getValue(0);
    }

    @Test
    void higherOrdersNeedATrajectoryThatGivesThem() {
        Trajectory firstOrderOnly = new Trajectory() {
            @Override
            public int rows() {
                return 1;
            }

            @Override
            public double startTime() {
                return 0;
            }

            @Override
            public double endTime() {
                return 1;
            }

            @Override
            public double[] value(double t) {
                return new double[] {t};
            }

            @Override
            public double[] derivative(double t) {
                return new double[] {1};
            }
        };
        TrajectorySource<Double> source = new TrajectorySource<>(D, "source", firstOrderOnly, 2, true);
        Context<Double> context = source.createDefaultContext();
        context.setTime(0.5);
        assertThrows(UnsupportedOperationException.class, () -> source.getOutputPort(0).eval(context));
        assertThrows(IllegalArgumentException.class, () -> new TrajectorySource<>(D, "bad", firstOrderOnly, -1, true));
    }
}
