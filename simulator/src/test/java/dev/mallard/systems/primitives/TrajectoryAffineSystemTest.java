package dev.mallard.systems.primitives;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarMatrix;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.simulator.Simulator;
import dev.mallard.simulator.integrators.IntegratorBase;
import dev.mallard.simulator.trajectories.Trajectories;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.DiscreteValues;
import dev.mallard.systems.Event;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Drake's trajectory_affine_system_test.cc and trajectory_linear_system_test.cc with their data
 * (trajectory_linear_affine_test.h: first-order holds through {@code M0 + i J} at times 0, 0.1, 0.2, J the
 * matrix of ones) and numbers, continuous and discrete (period 0.1). The expected values come from the
 * closed form of that hold, {@code M(t) = M0 + (t / 0.1) J} on [0, 0.2], not from the trajectories. Then what
 * Mallard adds: the hold beyond the span, the three number types (the time gradient through the
 * coefficients), shape checks, and closed forms by simulation.
 */
class TrajectoryAffineSystemTest {

    private static final Scalar<Double> D = Scalar.DOUBLE;
    private static final double STEP = 0.1;
    private static final double[] TIMES = {0, STEP, 2 * STEP};
    private static final double[][] A0 = {{1, 2}, {3, 4}};
    private static final double[][] B0 = {{5, 6}, {7, 8}};
    private static final double[][] F00 = {{9}, {10}};
    private static final double[][] C0 = {{11, 12}, {13, 14}};
    private static final double[][] D0 = {{15, 16}, {17, 18}};
    private static final double[][] Y00 = {{19}, {20}};
    private static final double TOL = 1e-10;

    /** Drake's data: a first-order hold through {@code m0 + i J} at the three times. */
    private static MatrixTrajectory hold(double[][] m0) {
        int rows = m0.length;
        int cols = m0[0].length;
        double[][] samples = new double[TIMES.length][rows * cols];
        for (int k = 0; k < TIMES.length; k++) {
            for (int i = 0; i < rows; i++) {
                for (int j = 0; j < cols; j++) {
                    samples[k][i * cols + j] = m0[i][j] + k;
                }
            }
        }
        return MatrixTrajectory.of(Trajectory.of(Trajectories.firstOrderHold(D, TIMES, samples)), rows, cols);
    }

    /** The closed form of the hold: {@code m0 + (t / 0.1) J}, held at its end values beyond [0, 0.2]. */
    private static double[][] exact(double[][] m0, double t) {
        double k = Math.min(Math.max(t, 0), 2 * STEP) / STEP;
        double[][] m = new double[m0.length][m0[0].length];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                m[i][j] = m0[i][j] + k;
            }
        }
        return m;
    }

    /** {@code m x + n u + k} (k null for zero). */
    private static double[] affine(double[][] m, double[] x, double[][] n, double[] u, double[][] k) {
        double[] out = new double[m.length];
        for (int i = 0; i < m.length; i++) {
            out[i] = k == null ? 0 : k[i][0];
            for (int j = 0; j < x.length; j++) {
                out[i] += m[i][j] * x[j] + n[i][j] * u[j];
            }
        }
        return out;
    }

    private static TrajectoryAffineSystem<Double> affineSystem(double period) {
        return new TrajectoryAffineSystem<>(D, "tas", hold(A0), hold(B0), hold(F00), hold(C0), hold(D0), hold(Y00),
                period);
    }

    private static TrajectoryLinearSystem<Double> linearSystem(double period) {
        return new TrajectoryLinearSystem<>(D, "tls", hold(A0), hold(B0), hold(C0), hold(D0), period);
    }

    private static double[][] values(ScalarMatrix<Double> m) {
        double[][] v = new double[m.rows()][m.cols()];
        for (int i = 0; i < m.rows(); i++) {
            for (int j = 0; j < m.cols(); j++) {
                v[i][j] = m.getValue(i, j);
            }
        }
        return v;
    }

    private static double[][] column(ScalarVector<Double> v) {
        double[][] c = new double[v.size()][1];
        for (int i = 0; i < v.size(); i++) {
            c[i][0] = v.getValue(i);
        }
        return c;
    }

    private static void assertMatrix(double[][] expected, double[][] actual, String what) {
        assertEquals(expected.length, actual.length, what + " rows");
        for (int i = 0; i < expected.length; i++) {
            assertArrayEquals(expected[i], actual[i], TOL, what + " row " + i);
        }
    }

    /** The system's new state at the context's time: derivatives when continuous, the periodic update else. */
    private static double[] step(TimeVaryingAffineSystem<Double> sys, Context<Double> context) {
        if (sys.getTimePeriod() == 0) {
            ContinuousState<Double> derivatives = sys.allocateTimeDerivatives();
            sys.calcTimeDerivatives(context, derivatives);
            return derivatives.toValueArray();
        }
        DiscreteValues<Double> update = context.cloneContext().getDiscreteValues();
        List<Event<Double>> periodic = sys.getEvents(Event.Trigger.PERIODIC);
        sys.calcDiscreteVariableUpdate(context, periodic, update);
        return update.get(0).toValueArray();
    }

    private static void setState(TimeVaryingAffineSystem<Double> sys, Context<Double> context, double[] x) {
        if (sys.getTimePeriod() == 0) {
            context.setContinuousStateValues(x);
        } else {
            context.getMutableDiscreteState(0).setValuesFrom(x, 0);
        }
    }

    @Test
    void constructorTakesTheSizesAndPeriodFromTheTrajectories() {
        for (double period : new double[] {0, STEP}) {
            for (TimeVaryingAffineSystem<Double> sys : List.of(affineSystem(period), linearSystem(period))) {
                assertEquals(1, sys.numInputPorts());
                assertEquals(1, sys.numOutputPorts());
                assertEquals(2, sys.getNumStates());
                assertEquals(2, sys.getNumInputs());
                assertEquals(2, sys.getNumOutputs());
                assertEquals(period, sys.getTimePeriod());
                assertMatrix(A0, values(sys.getA(0.0)), "A(0)");
                assertMatrix(B0, values(sys.getB(0.0)), "B(0)");
                assertMatrix(C0, values(sys.getC(0.0)), "C(0)");
                assertMatrix(D0, values(sys.getD(0.0)), "D(0)");
                Context<Double> context = sys.createDefaultContext();
                assertEquals(period == 0 ? 2 : 0, context.getNumContinuousStates());
                assertEquals(period == 0 ? 0 : 1, context.getNumDiscreteStateGroups());
            }
            TrajectoryAffineSystem<Double> affine = affineSystem(period);
            assertMatrix(F00, column(affine.getF0(0.0)), "f0(0)");
            assertMatrix(Y00, column(affine.getY0(0.0)), "y0(0)");
            TrajectoryLinearSystem<Double> linear = linearSystem(period);
            assertMatrix(new double[2][1], column(linear.getF0(0.0)), "linear f0(0)");
            assertMatrix(new double[2][1], column(linear.getY0(0.0)), "linear y0(0)");
        }
    }

    @Test
    void knotPointsGiveTheSampledMatrices() {
        TrajectoryAffineSystem<Double> sys = affineSystem(0);
        for (int i = 0; i < TIMES.length; i++) {
            double t = TIMES[i];
            assertMatrix(exact(A0, t), values(sys.getA(t)), "A at knot " + i);
            assertMatrix(exact(B0, t), values(sys.getB(t)), "B at knot " + i);
            assertMatrix(exact(C0, t), values(sys.getC(t)), "C at knot " + i);
            assertMatrix(exact(D0, t), values(sys.getD(t)), "D at knot " + i);
            assertMatrix(exact(F00, t), column(sys.getF0(t)), "f0 at knot " + i);
            assertMatrix(exact(Y00, t), column(sys.getY0(t)), "y0 at knot " + i);
        }
        // the knots themselves: A at knot 2 is A0 + 2 J
        assertMatrix(new double[][] {{3, 4}, {5, 6}}, values(sys.getA(0.2)), "A(0.2)");
    }

    @Test
    void affineDerivativesAndUpdatesFollowTheCoefficients() {
        double[] u = {7, 42};
        double[] x = {0.101, 3.7};
        for (double period : new double[] {0, STEP}) {
            TrajectoryAffineSystem<Double> sys = affineSystem(period);
            Context<Double> context = sys.createDefaultContext();
            sys.getInputPort(0).fixValue(context, u);
            setState(sys, context, x);
            for (double t : TIMES) {
                context.setTime(t);
                assertArrayEquals(affine(exact(A0, t), x, exact(B0, t), u, exact(F00, t)), step(sys, context), TOL,
                        "period " + period + ", t = " + t);
            }
        }
        // one number written out: at t = 0.1, A = [2 3; 4 5], B = [6 7; 8 9], f0 = [10; 11]
        TrajectoryAffineSystem<Double> sys = affineSystem(0);
        Context<Double> context = sys.createDefaultContext();
        sys.getInputPort(0).fixValue(context, u);
        setState(sys, context, x);
        context.setTime(0.1);
        assertEquals(2 * 0.101 + 3 * 3.7 + 6 * 7 + 7 * 42 + 10, step(sys, context)[0], TOL);
    }

    @Test
    void linearDerivativesAndUpdatesFollowTheCoefficientsBetweenKnots() {
        double[] u = {7, 42};
        double[] x = {0.101, 3.7};
        double[] times = {0, 1e-5 * STEP, 0.25 * STEP, STEP, 1.5 * STEP};
        for (double period : new double[] {0, STEP}) {
            TrajectoryLinearSystem<Double> sys = linearSystem(period);
            Context<Double> context = sys.createDefaultContext();
            sys.getInputPort(0).fixValue(context, u);
            setState(sys, context, x);
            for (double t : times) {
                context.setTime(t);
                assertArrayEquals(affine(exact(A0, t), x, exact(B0, t), u, null), step(sys, context), TOL,
                        "period " + period + ", t = " + t);
            }
        }
    }

    @Test
    void outputsFollowTheCoefficients() {
        double[] u = {5.6, -10.1};
        double[] x = {0.8, -22.1};
        double[] linearTimes = {0, 1e-5 * STEP, 0.25 * STEP, STEP, 1.5 * STEP};
        for (double period : new double[] {0, STEP}) {
            TrajectoryAffineSystem<Double> affine = affineSystem(period);
            TrajectoryLinearSystem<Double> linear = linearSystem(period);
            Context<Double> ac = affine.createDefaultContext();
            Context<Double> lc = linear.createDefaultContext();
            affine.getInputPort(0).fixValue(ac, u);
            linear.getInputPort(0).fixValue(lc, u);
            setState(affine, ac, x);
            setState(linear, lc, x);
            for (double t : TIMES) {
                ac.setTime(t);
                assertArrayEquals(affine(exact(C0, t), x, exact(D0, t), u, exact(Y00, t)),
                        affine.getOutputPort(0).eval(ac).toValueArray(), TOL, "affine y, t = " + t);
            }
            for (double t : linearTimes) {
                lc.setTime(t);
                assertArrayEquals(affine(exact(C0, t), x, exact(D0, t), u, null),
                        linear.getOutputPort(0).eval(lc).toValueArray(), TOL, "linear y, t = " + t);
            }
        }
    }

    @Test
    void beyondTheSpanTheEndValuesHoldAsInDrake() {
        TrajectoryAffineSystem<Double> sys = affineSystem(0);
        assertMatrix(exact(A0, 0.2), values(sys.getA(0.5)), "A after the end");
        assertMatrix(A0, values(sys.getA(-1.0)), "A before the start");
        // the derivative is zero strictly outside, so an AutoDiff time there carries no gradient
        @SuppressWarnings("unchecked")
        TrajectoryAffineSystem<AutoDiff> ad = (TrajectoryAffineSystem<AutoDiff>) sys.toScalar(AutoDiff.SCALAR);
        AutoDiff a00 = ad.getA(AutoDiff.variable(0.5, 1, 0)).get(0, 0);
        assertEquals(3, a00.value());
        assertEquals(0, a00.isConstant() ? 0 : a00.gradient()[0]);
    }

    @Test
    void convertsToAutoDiffKeepingTheCoefficientsAndPeriod() {
        for (double period : new double[] {0, STEP}) {
            TrajectoryAffineSystem<Double> sys = affineSystem(period);
            @SuppressWarnings("unchecked")
            TrajectoryAffineSystem<AutoDiff> ad = (TrajectoryAffineSystem<AutoDiff>) sys.toScalar(AutoDiff.SCALAR);
            assertEquals(period, ad.getTimePeriod());
            ScalarMatrix<AutoDiff> a = ad.getA(AutoDiff.constant(0));
            ScalarMatrix<AutoDiff> d = ad.getD(AutoDiff.constant(0));
            for (int i = 0; i < 2; i++) {
                for (int j = 0; j < 2; j++) {
                    assertEquals(A0[i][j], a.get(i, j).value());
                    assertEquals(D0[i][j], d.get(i, j).value());
                }
            }
            assertInstanceOf(TrajectoryLinearSystem.class, linearSystem(period).toScalar(AutoDiff.SCALAR));
        }
    }

    /**
     * Where Mallard differs from Drake on purpose: the AutoDiff gradient with respect to time goes through the
     * coefficients (Drake's would be zero), and Expression is a number type here when the time is numeric.
     */
    @Test
    void theThreeNumberTypesAgreeAndTheTimeGradientGoesThroughTheCoefficients() {
        // point: t (inside the second segment, away from the knot), u (2), x (2)
        double[] point = {0.15, 7, 42, 0.101, 3.7};
        ThreeScalars.Result xdot = ThreeScalars.check(affineSystem(0), point, ThreeScalars.Probe.derivatives(),
                false);
        // d xdot_0 / dt = (dA/dt x + dB/dt u + df0/dt)_0 = (x0 + x1 + u0 + u1 + 1) / 0.1
        assertEquals((0.101 + 3.7 + 7 + 42 + 1) / STEP, xdot.gradient()[0][0], 1e-9);
        ThreeScalars.check(affineSystem(0), point, ThreeScalars.Probe.output(0), false);
        ThreeScalars.check(affineSystem(STEP), point, ThreeScalars.Probe.discreteUpdate(), false);
        ThreeScalars.check(linearSystem(0), point, ThreeScalars.Probe.derivatives(), false);
    }

    @Test
    void aFreeSymbolicTimeIsRefusedByName() {
        @SuppressWarnings("unchecked")
        TrajectoryAffineSystem<Expression> ex =
                (TrajectoryAffineSystem<Expression>) affineSystem(0).toScalar(Expression.SCALAR);
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> ex.getA(Expression.of(new Variable("t"))));
        assertEquals("tas reads its coefficients at a numeric time, got t", e.getMessage());
    }

    @Test
    void shapesThatDoNotFitAreRefusedByName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new TrajectoryAffineSystem<>(D, "bad", hold(A0), hold(B0), hold(Y00), hold(C0),
                        hold(new double[][] {{1, 2, 3}, {4, 5, 6}}), hold(Y00)));
        assertEquals("D is 2 x 3, expected 2 x 2 (n = A's rows, m = B's columns, p = C's rows)", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new TrajectoryLinearSystem<>(D, "bad",
                hold(new double[][] {{1, 2}}), hold(B0), hold(C0), hold(D0)));
        assertThrows(IllegalArgumentException.class, () -> new TrajectoryLinearSystem<>(D, "bad", hold(A0),
                hold(B0), hold(C0), hold(D0), -0.1));
        assertThrows(NullPointerException.class, () -> new TrajectoryLinearSystem<>(D, "bad", hold(A0), null,
                hold(C0), hold(D0)));
        IllegalArgumentException rows = assertThrows(IllegalArgumentException.class,
                () -> MatrixTrajectory.of(Trajectory.of(Trajectories.firstOrderHold(D, TIMES,
                        new double[][] {{1, 2, 3}, {1, 2, 3}, {1, 2, 3}})), 2, 2));
        assertEquals("a 2 x 2 matrix needs a trajectory of 4 rows, got 3", rows.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> MatrixTrajectory.constant(new double[][] {{1, Double.NaN}}));
        assertThrows(IllegalArgumentException.class, () -> hold(A0).value(Double.NaN));
    }

    /** xdot = a(t) x with a rising linearly from 0 to 1 over [0, 1] and held after: x = x0 exp(t^2 / 2). */
    @Test
    void aRampingRateIntegratesToItsClosedForm() {
        MatrixTrajectory a = MatrixTrajectory.of(Trajectory.of(Trajectories.firstOrderHold(D, new double[] {0, 1},
                new double[][] {{0}, {1}})), 1, 1);
        MatrixTrajectory none = MatrixTrajectory.constant(new double[1][0]);
        MatrixTrajectory identity = MatrixTrajectory.constant(new double[][] {{1}});
        TrajectoryLinearSystem<Double> sys = new TrajectoryLinearSystem<>(D, "ramp", a, none, identity,
                MatrixTrajectory.constant(new double[1][0]));
        assertEquals(0, sys.numInputPorts());
        Simulator<Double> sim = new Simulator<>(sys);
        double x0 = 0.7;
        sim.getMutableContext().setContinuousStateValues(x0);
        for (double t : new double[] {0.5, 1, 1.5}) {
            sim.advanceTo(t);
            // after t = 1 the rate holds at 1: x = x0 exp(1/2) exp(t - 1)
            double exact = t <= 1 ? x0 * Math.exp(t * t / 2) : x0 * Math.exp(0.5 + (t - 1));
            double x = sim.getContext().getContinuousState().getValue(0);
            assertEquals(exact, x, IntegratorBase.DEFAULT_ACCURACY * exact, "x at " + t);
            assertEquals(x, sys.getOutputPort(0).eval(sim.getContext()).getValue(0), 1e-15, "y at " + t);
        }
    }

    /** x[n+1] = a(t_n) x[n] with the same ramp, updates at 0, 0.25, 0.5, 0.75 before t = 0.9. */
    @Test
    void aDiscreteRampMultipliesByTheRateAtEachUpdate() {
        MatrixTrajectory a = MatrixTrajectory.of(Trajectory.of(Trajectories.firstOrderHold(D, new double[] {0, 1},
                new double[][] {{1}, {2}})), 1, 1);
        MatrixTrajectory none = MatrixTrajectory.constant(new double[1][0]);
        TrajectoryLinearSystem<Double> sys = new TrajectoryLinearSystem<>(D, "ramp", a, none,
                MatrixTrajectory.constant(new double[][] {{2}}), MatrixTrajectory.constant(new double[1][0]), 0.25);
        Simulator<Double> sim = new Simulator<>(sys);
        sim.getMutableContext().getMutableDiscreteState(0).setValuesFrom(new double[] {3}, 0);
        sim.advanceTo(0.9);
        double expected = 3 * 1.0 * 1.25 * 1.5 * 1.75;
        assertEquals(expected, sim.getContext().getDiscreteState(0).getValue(0), 1e-13);
        assertEquals(2 * expected, sys.getOutputPort(0).eval(sim.getContext()).getValue(0), 1e-13);
    }
}
