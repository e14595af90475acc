package dev.mallard.simulator.gradients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.systems.AffineSystem;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.EventStatus;
import dev.mallard.systems.LeafSystem;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.junit.jupiter.api.Test;

/** The Linearize cases of Drake's linear_system_test.cc, with its numbers. */
class LinearizeDrakeTest {

    private static final Scalar<Double> D = Scalar.DOUBLE;
    private static final double[][] A = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};
    private static final double[][] B = {{10}, {11}, {12}};
    private static final double[] F0 = {13, 14, 15};
    private static final double[][] C = {{16, 17, 18}, {19, 20, 21}};
    private static final double[][] DD = {{22}, {23}};
    private static final double[] Y0 = {24, 25};
    private static final double U0 = 29;

    private static void assertMatrix(double[][] expected, double[][] actual, double tol) {
        assertEquals(expected.length, actual.length);
        for (int i = 0; i < expected.length; i++) {
            for (int j = 0; j < expected[i].length; j++) {
                assertEquals(expected[i][j], actual[i][j], tol, "entry (" + i + ", " + j + ")");
            }
        }
    }

    /** A solution of m x = rhs (m may be singular, as Drake's A is: rank 2) by the pseudo-inverse. */
    private static double[] solve(double[][] m, double[] rhs) {
        DMatrixRMaj pinv = new DMatrixRMaj(3, 3);
        CommonOps_DDRM.pinv(new DMatrixRMaj(m), pinv);
        DMatrixRMaj x = new DMatrixRMaj(3, 1);
        CommonOps_DDRM.mult(pinv, new DMatrixRMaj(3, 1, true, rhs), x);
        return x.getData().clone();
    }

    @Test
    void linearisingAnAffineSystemAtItsEquilibriumGivesItsMatrices() {
        for (double period : new double[] {0.0, 0.1}) {
            AffineSystem<Double> system = new AffineSystem<>(D, "affine", A, B, F0, C, DD, Y0, period);
            Context<Double> context = system.createDefaultContext();
            system.getInputPort(0).fixValue(context, U0);
            double[] rhs = new double[3];
            double[][] m = new double[3][3];
            for (int i = 0; i < 3; i++) {
                rhs[i] = period == 0 ? -B[i][0] * U0 - F0[i] : B[i][0] * U0 + F0[i];
                for (int j = 0; j < 3; j++) {
                    m[i][j] = period == 0 ? A[i][j] : (i == j ? 1 : 0) - A[i][j];
                }
            }
            double[] xStar = solve(m, rhs);
            if (period == 0) {
                context.setContinuousStateValues(xStar);
            } else {
                context.getMutableDiscreteState(0).setValuesFrom(xStar, 0);
            }
            AffineSystem<Double> linear = Linearization.linearize(system, context);
            assertMatrix(A, linear.getA(), 1e-10);
            assertMatrix(B, linear.getB(), 1e-10);
            assertMatrix(C, linear.getC(), 1e-10);
            assertMatrix(DD, linear.getD(), 1e-10);
            assertEquals(period, linear.getTimePeriod());
            AffineSystem<Double> taylor = Linearization.firstOrderTaylorApproximation(system, context);
            assertMatrix(new double[][] {F0}, new double[][] {taylor.getF0()}, 1e-9);
            assertMatrix(new double[][] {Y0}, new double[][] {taylor.getY0()}, 1e-9);
        }
    }

    @Test
    void awayFromEquilibriumOnlyTheTaylorApproximationIsGiven() {
        AffineSystem<Double> system = new AffineSystem<>(D, "affine", A, B, F0, C, DD, Y0, 0.0);
        Context<Double> context = system.createDefaultContext();
        system.getInputPort(0).fixValue(context, U0);
        context.setContinuousStateValues(26, 27, 28);
        assertThrows(IllegalArgumentException.class, () -> Linearization.linearize(system, context));
        AffineSystem<Double> taylor = Linearization.firstOrderTaylorApproximation(system, context);
        assertMatrix(A, taylor.getA(), 1e-10);
        assertMatrix(new double[][] {F0, Y0}, new double[][] {taylor.getF0(), taylor.getY0()}, 1e-9);
    }

    @Test
    void aStatelessSystemGivesItsOwnMatricesBack() {
        double[][] d = {{1, 2}, {3, 4}};
        double[] y0 = {5, 6};
        for (double period : new double[] {0.0, 0.1}) {
            AffineSystem<Double> system = new AffineSystem<>(D, "sys", new double[0][0], new double[0][2],
                    new double[0], new double[][] {{}, {}}, d, y0, period);
            Context<Double> context = system.createDefaultContext();
            system.getInputPort(0).fixValue(context, 7.0, 8.0);
            AffineSystem<Double> taylor = Linearization.firstOrderTaylorApproximation(system, context);
            assertEquals(0, taylor.getA().length);
            assertMatrix(d, taylor.getD(), 1e-6);
            assertMatrix(new double[][] {y0}, new double[][] {taylor.getY0()}, 1e-6);
        }
    }

    /** Drake's MimoSystem: two vector inputs (sizes 1 and 3), two outputs (sizes 1 and 3), two states. */
    private static final class Mimo<T> extends LeafSystem<T> {
        static final double[][] A = {{1, 2}, {3, 4}};
        static final double[][] B0 = {{5}, {6}};
        static final double[][] B1 = {{7, 8, 9}, {10, 11, 12}};
        static final double[][] C0 = {{13, 14}};
        static final double[][] C1 = {{15, 16}, {17, 18}, {19, 19.5}};
        static final double[][] D00 = {{20}};
        static final double[][] D01 = {{21, 22, 23}};
        static final double[][] D10 = {{24}, {25}, {26}};
        static final double[][] D11 = {{27, 28, 29}, {30, 31, 32}, {33, 34, 35}};
        private final boolean discrete;

        Mimo(Scalar<T> scalar, boolean discrete) {
            super(scalar, "mimo");
            this.discrete = discrete;
            declareVectorInputPort("u0", 1);
            declareVectorInputPort("u1", 3);
            if (discrete) {
                declareDiscreteState(2);
                declarePeriodicDiscreteUpdateEvent(0.1, 0.0, (c, xd) -> {
                    affine(c, A, B0, B1, xd.get(0));
                    return EventStatus.succeeded();
                });
            } else {
                declareContinuousState(2);
            }
            declareVectorOutputPort("y0", 1, (c, y) -> affine(c, C0, D00, D01, y));
            declareVectorOutputPort("y1", 3, (c, y) -> affine(c, C1, D10, D11, y));
        }

        private void affine(Context<T> c, double[][] m, double[][] n0, double[][] n1, ScalarVector<T> out) {
            Scalar<T> s = scalar();
            ScalarVector<T> x = discrete ? c.getDiscreteState(0) : c.getContinuousState();
            ScalarVector<T> u0 = getInputPort(0).eval(c);
            ScalarVector<T> u1 = getInputPort(1).eval(c);
            for (int i = 0; i < m.length; i++) {
                T sum = s.mul(u0.get(0), n0[i][0]);
                for (int j = 0; j < 2; j++) {
                    sum = s.add(sum, s.mul(x.get(j), m[i][j]));
                }
                for (int j = 0; j < 3; j++) {
                    sum = s.add(sum, s.mul(u1.get(j), n1[i][j]));
                }
                out.set(i, sum);
            }
        }

        @Override
        protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
            affine(context, A, B0, B1, derivatives);
        }

        @Override
        protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
            return new Mimo<>(target, discrete);
        }
    }

    /** Drake's TestInputOutputPorts: each (input, output) pair gives its own blocks. */
    @Test
    void onePortOfEachKindGivesItsBlocks() {
        for (boolean discrete : new boolean[] {false, true}) {
            checkMimo(discrete);
        }
    }

    private static void checkMimo(boolean discrete) {
        Mimo<Double> sys = new Mimo<>(D, discrete);
        Context<Double> context = sys.createDefaultContext();
        sys.getInputPort(0).fixValue(context, 0.0);
        sys.getInputPort(1).fixValue(context, 0.0, 0.0, 0.0);
        double[][][] b = {Mimo.B0, Mimo.B1};
        double[][][] c = {Mimo.C0, Mimo.C1};
        double[][][][] d = {{Mimo.D00, Mimo.D01}, {Mimo.D10, Mimo.D11}};
        for (int in = 0; in < 2; in++) {
            for (int out = 0; out < 2; out++) {
                AffineSystem<Double> linear = Linearization.linearize(sys, context, in, out,
                        Linearization.DEFAULT_EQUILIBRIUM_TOLERANCE);
                assertMatrix(Mimo.A, linear.getA(), 1e-8);
                assertMatrix(b[in], linear.getB(), 1e-8);
                assertMatrix(c[out], linear.getC(), 1e-8);
                assertMatrix(d[out][in], linear.getD(), 1e-8);
                assertEquals(discrete ? 0.1 : 0.0, linear.getTimePeriod());
            }
        }
        // Kept difference: without port indices Mallard flattens every vector port (Drake takes the first ones)
        AffineSystem<Double> flat = Linearization.linearize(sys, context);
        assertEquals(4, flat.getB()[0].length);
        assertEquals(4, flat.getC().length);
        assertMatrix(new double[][] {{20, 21, 22, 23}}, new double[][] {flat.getD()[0]}, 1e-8);
        AffineSystem<Double> noPorts = Linearization.linearize(sys, context, Linearization.NO_PORT,
                Linearization.NO_PORT, Linearization.DEFAULT_EQUILIBRIUM_TOLERANCE);
        assertEquals(0, noPorts.numInputPorts());
        assertEquals(0, noPorts.numOutputPorts());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Linearization.linearize(sys, context, 2, 0, 1e-6));
        assertTrue(e.getMessage().startsWith("inputPortIndex must be in [0, 2) or NO_PORT for mimo, got 2"),
                e.getMessage());
    }
}
