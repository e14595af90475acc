package dev.mallard.autodiff;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.MatrixOps;
import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarMatrix;
import dev.mallard.scalar.ScalarVector;
import org.junit.jupiter.api.Test;

/** Variables, values, gradient matrices and Jacobians, against analytic Jacobians. */
class AutoDiffsTest {

    /** f(x, y, z) = (x y z, sin x + y^2, e^z / y). */
    private static AutoDiff[] f(AutoDiff[] v) {
        return new AutoDiff[] {
            v[0].mul(v[1]).mul(v[2]),
            v[0].sin().add(v[1].square()),
            v[2].exp().div(v[1])
        };
    }

    @Test
    void jacobianOfAKnownFunctionMatchesItsAnalyticJacobian() {
        double x = 0.3;
        double y = -1.7;
        double z = 0.9;
        double[][] expected = {
            {y * z, x * z, x * y},
            {Math.cos(x), 2 * y, 0},
            {0, -Math.exp(z) / (y * y), Math.exp(z) / y}
        };
        double[][] j = AutoDiffs.jacobian(AutoDiffsTest::f, new double[] {x, y, z});
        assertEquals(3, j.length);
        for (int i = 0; i < 3; i++) {
            assertArrayEquals(expected[i], j[i], 1e-14, "row " + i);
        }
    }

    @Test
    void vectorJacobianOfALinearMapIsItsMatrix() {
        double[][] a = {{1, 2, 3}, {-4, 5, 0.5}};
        double[][] j = AutoDiffs.vectorJacobian(v -> {
            ScalarMatrix<AutoDiff> m = ScalarMatrix.ofValues(AutoDiff.SCALAR, a);
            return MatrixOps.multiply(m, v, null);
        }, new double[] {0.1, 0.2, 0.3});
        assertArrayEquals(a[0], j[0], 0.0);
        assertArrayEquals(a[1], j[1], 0.0);
    }

    @Test
    void gradientOfAScalarFunction() {
        double[] g = AutoDiffs.gradient(v -> v[0].mul(v[1]).add(v[1].pow(3)), new double[] {2, 3});
        assertArrayEquals(new double[] {3, 2 + 27}, g, 0.0);
    }

    @Test
    void solveThroughMatrixOpsCarriesTheDerivativeOfTheSolution() {
        // A(p) x = b with A(p) = [[2 + p, 1], [1, 3]]: dx/dp = -A^-1 (dA/dp) x, dA/dp = [[1, 0], [0, 0]].
        double p = 0.5;
        double[] dxdp = derivativeOfSolution(p);
        double det = (2 + p) * 3 - 1;
        double x0 = (3 * 1 - 1 * 2) / det;
        double x1 = ((2 + p) * 2 - 1 * 1) / det;
        // -A^-1 [x0, 0]
        double[] expected = {-(3 * x0) / det, -(-1 * x0) / det};
        assertEquals(x0, valueOfSolution(p)[0], 1e-15);
        assertEquals(x1, valueOfSolution(p)[1], 1e-15);
        assertArrayEquals(expected, dxdp, 1e-15);
    }

    private static ScalarVector<AutoDiff> solveAt(double p) {
        ScalarMatrix<AutoDiff> m = ScalarMatrix.ofValues(AutoDiff.SCALAR, new double[][] {{2, 1}, {1, 3}});
        m.set(0, 0, AutoDiff.variable(p, 1, 0).add(2.0));
        return MatrixOps.solve(m, ScalarVector.ofValues(AutoDiff.SCALAR, 1, 2), null);
    }

    private static double[] derivativeOfSolution(double p) {
        double[][] g = AutoDiffs.gradients(solveAt(p), 1);
        return new double[] {g[0][0], g[1][0]};
    }

    private static double[] valueOfSolution(double p) {
        return AutoDiffs.values(solveAt(p));
    }

    @Test
    void variablesAreUnitVectorsOfTheRightSize() {
        AutoDiff[] v = AutoDiffs.variables(4, 5, 6);
        assertArrayEquals(new double[] {4, 5, 6}, AutoDiffs.values(v), 0.0);
        assertArrayEquals(new double[][] {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, AutoDiffs.gradients(v));
        ScalarVector<AutoDiff> vv = AutoDiffs.variableVector(4, 5);
        assertEquals(AutoDiff.SCALAR, vv.scalar());
        assertArrayEquals(new double[] {4, 5}, AutoDiffs.values(vv), 0.0);
        assertArrayEquals(new double[] {0, 1}, vv.get(1).gradient(), 0.0);
    }

    @Test
    void variablesCanBeASliceOfALargerSetForDifferentiatingGroupsTogether() {
        AutoDiff[] state = AutoDiffs.variables(new double[] {1, 2}, 3, 0);
        AutoDiff[] parameter = AutoDiffs.variables(new double[] {5}, 3, 2);
        AutoDiff y = state[0].mul(parameter[0]).add(state[1]);
        assertArrayEquals(new double[] {5, 1, 1}, y.gradient(), 0.0);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> AutoDiffs.variables(new double[] {1, 2}, 3, 2));
        assertEquals("offset = 2 with x.length = 2 does not fit in n = 3", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> AutoDiffs.variables(new double[] {1}, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> AutoDiffs.variables(new double[] {1}, 2, -1));
    }

    @Test
    void gradientsGiveZeroRowsForConstantsAndInferTheWidth() {
        AutoDiff[] v = AutoDiffs.variables(1, 2);
        double[][] g = AutoDiffs.gradients(AutoDiff.constant(3), v[1].mul(2.0));
        assertArrayEquals(new double[][] {{0, 0}, {0, 2}}, g);
        assertArrayEquals(new double[][] {{}, {}}, AutoDiffs.gradients(AutoDiff.constant(1), AutoDiff.constant(2)));
        assertArrayEquals(new double[][] {{0, 0, 0}}, AutoDiffs.gradients(new AutoDiff[] {AutoDiff.constant(1)}, 3));
    }

    @Test
    void jacobianOfAConstantOutputIsAZeroRow() {
        double[][] j = AutoDiffs.jacobian(v -> new AutoDiff[] {AutoDiff.constant(1), v[0]}, new double[] {1, 2});
        assertArrayEquals(new double[][] {{0, 0}, {1, 0}}, j);
    }

    @Test
    void gradientsOfDifferentSizesAreReportedWithBothSizes() {
        AutoDiff two = AutoDiff.variable(1, 2, 0);
        AutoDiff three = AutoDiff.variable(1, 3, 0);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> AutoDiffs.gradients(two, three));
        assertTrue(e.getMessage().contains("a[1] has gradient size 3") && e.getMessage().contains("2"), e.getMessage());
        IllegalArgumentException w = assertThrows(IllegalArgumentException.class,
                () -> AutoDiffs.gradients(new AutoDiff[] {two}, 3));
        assertTrue(w.getMessage().contains("has size 2, expected 3"), w.getMessage());
        IllegalArgumentException j = assertThrows(IllegalArgumentException.class,
                () -> AutoDiffs.jacobian(v -> new AutoDiff[] {v[0].add(three)}, new double[] {1, 2}));
        assertTrue(j.getMessage().contains("2") && j.getMessage().contains("3"), j.getMessage());
    }

    @Test
    void badPointsAndFunctionsAreReported() {
        IllegalArgumentException nan = assertThrows(IllegalArgumentException.class,
                () -> AutoDiffs.jacobian(AutoDiffsTest::f, new double[] {1, Double.NaN, 3}));
        assertEquals("x[1] is NaN", nan.getMessage());
        IllegalArgumentException empty = assertThrows(IllegalArgumentException.class, () -> AutoDiffs.variables());
        assertTrue(empty.getMessage().contains("length 0"), empty.getMessage());
        NullPointerException nullResult = assertThrows(NullPointerException.class,
                () -> AutoDiffs.jacobian(v -> null, new double[] {1}));
        assertTrue(nullResult.getMessage().contains("f(x)"), nullResult.getMessage());
        NullPointerException nullEntry = assertThrows(NullPointerException.class,
                () -> AutoDiffs.values(AutoDiff.ONE, null));
        assertTrue(nullEntry.getMessage().contains("a[1]"), nullEntry.getMessage());
        assertThrows(NullPointerException.class, () -> AutoDiffs.jacobian(null, new double[] {1}));
        assertThrows(NullPointerException.class, () -> AutoDiffs.jacobian(AutoDiffsTest::f, null));
    }

    @Test
    void jacobianAgreesWithFiniteDifferencesOfTheDoubleFunction() {
        double[] x = {0.4, -0.8};
        double[][] j = AutoDiffs.jacobian(v -> new AutoDiff[] {
            ScalarsAgreeTest.pendulumAcceleration(AutoDiff.SCALAR, v[0], v[1])}, x);
        double dTheta = AutoDiffDerivativeTest.centralDifference(
                t -> ScalarsAgreeTest.pendulumAcceleration(Scalar.DOUBLE, t, x[1]), x[0]);
        double dOmega = AutoDiffDerivativeTest.centralDifference(
                w -> ScalarsAgreeTest.pendulumAcceleration(Scalar.DOUBLE, x[0], w), x[1]);
        AutoDiffDerivativeTest.assertClose(dTheta, j[0][0], 1e-6, "d/dtheta");
        AutoDiffDerivativeTest.assertClose(dOmega, j[0][1], 1e-6, "d/domega");
    }
}
