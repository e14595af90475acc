package dev.mallard.scalar;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link MatrixOps} on the EJML double path against the generic path (the same numbers in {@link
 * GenericMatrix}/{@link GenericVector} over a boxed test scalar), against hand-computed small cases, and
 * its argument errors.
 */
class MatrixOpsTest {

    private static final Scalar<Double> BOXED = BoxedDoubleScalar.NUMERIC;
    private final Random random = new Random(2024);

    private double[][] randomValues(int rows, int cols) {
        double[][] v = new double[rows][cols];
        for (double[] row : v) {
            for (int c = 0; c < cols; c++) {
                row[c] = random.nextGaussian();
            }
        }
        return v;
    }

    private double[] randomVector(int n) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = random.nextGaussian();
        }
        return v;
    }

    private static void assertMatrixClose(double[][] expected, double[][] actual, double tol) {
        assertEquals(expected.length, actual.length, "rows");
        for (int r = 0; r < expected.length; r++) {
            assertArrayEquals(expected[r], actual[r], tol, "row " + r);
        }
    }

    @Test
    void matrixVectorProductOfASmallCase() {
        ScalarMatrix<Double> a = ScalarMatrix.ofValues(Scalar.DOUBLE, new double[][] {{1, 2, 3}, {4, 5, 6}});
        ScalarVector<Double> x = ScalarVector.ofValues(Scalar.DOUBLE, 1, 0, -1);
        assertArrayEquals(new double[] {-2, -2}, MatrixOps.multiply(a, x, null).toValueArray(), 0.0);
    }

    @Test
    void matrixVectorProductAgreesBetweenEjmlAndGenericPaths() {
        for (int n = 1; n <= 7; n++) {
            double[][] a = randomValues(n + 1, n);
            double[] x = randomVector(n);
            ScalarVector<Double> ejml = MatrixOps.multiply(ScalarMatrix.ofValues(Scalar.DOUBLE, a),
                    ScalarVector.ofValues(Scalar.DOUBLE, x), null);
            ScalarVector<Double> generic = MatrixOps.multiply(ScalarMatrix.ofValues(BOXED, a),
                    ScalarVector.ofValues(BOXED, x), null);
            assertEquals(DoubleVector.class, ejml.getClass());
            assertEquals(GenericVector.class, generic.getClass());
            assertArrayEquals(generic.toValueArray(), ejml.toValueArray(), 1e-14);
        }
    }

    @Test
    void matrixProductAgreesBetweenPathsAndWithASmallCase() {
        ScalarMatrix<Double> a = ScalarMatrix.ofValues(Scalar.DOUBLE, new double[][] {{1, 2}, {3, 4}});
        ScalarMatrix<Double> b = ScalarMatrix.ofValues(Scalar.DOUBLE, new double[][] {{0, 1}, {1, 0}});
        assertMatrixClose(new double[][] {{2, 1}, {4, 3}}, MatrixOps.multiply(a, b, null).toValueArray(), 0.0);
        double[][] p = randomValues(4, 5);
        double[][] q = randomValues(5, 3);
        double[][] ejml = MatrixOps.multiply(ScalarMatrix.ofValues(Scalar.DOUBLE, p),
                ScalarMatrix.ofValues(Scalar.DOUBLE, q), null).toValueArray();
        double[][] generic = MatrixOps.multiply(ScalarMatrix.ofValues(BOXED, p),
                ScalarMatrix.ofValues(BOXED, q), null).toValueArray();
        assertMatrixClose(generic, ejml, 1e-14);
    }

    @Test
    void givenOutputIsFilledAndReturned() {
        DoubleVector out = new DoubleVector(2);
        ScalarMatrix<Double> a = MatrixOps.identity(Scalar.DOUBLE, 2);
        assertSame(out, MatrixOps.multiply(a, ScalarVector.ofValues(Scalar.DOUBLE, 3, 4), out));
        assertArrayEquals(new double[] {3, 4}, out.data(), 0.0);
        GenericMatrix<Double> m = new GenericMatrix<>(BOXED, 2, 2);
        assertSame(m, MatrixOps.transpose(MatrixOps.identity(BOXED, 2), m));
    }

    @Test
    void productSizeErrorsNameTheArgumentAndBothSizes() {
        ScalarMatrix<Double> a = new DoubleMatrix(2, 3);
        assertEquals("x has size 2, expected 3", assertThrows(IllegalArgumentException.class,
                () -> MatrixOps.multiply(a, new DoubleVector(2), null)).getMessage());
        assertEquals("out has size 3, expected 2", assertThrows(IllegalArgumentException.class,
                () -> MatrixOps.multiply(a, new DoubleVector(3), new DoubleVector(3))).getMessage());
        assertEquals("b has 2 rows, expected a.cols() = 3", assertThrows(IllegalArgumentException.class,
                () -> MatrixOps.multiply(a, new DoubleMatrix(2, 2), null)).getMessage());
        assertEquals("out is 2x2, expected 2x4", assertThrows(IllegalArgumentException.class,
                () -> MatrixOps.multiply(a, new DoubleMatrix(3, 4), new DoubleMatrix(2, 2))).getMessage());
    }

    @Test
    void transposeSwapsRowsAndColumnsOnBothPaths() {
        double[][] v = {{1, 2, 3}, {4, 5, 6}};
        double[][] expected = {{1, 4}, {2, 5}, {3, 6}};
        assertMatrixClose(expected, MatrixOps.transpose(ScalarMatrix.ofValues(Scalar.DOUBLE, v), null).toValueArray(), 0.0);
        assertMatrixClose(expected, MatrixOps.transpose(ScalarMatrix.ofValues(BOXED, v), null).toValueArray(), 0.0);
        assertEquals("out is 2x3, expected 3x2", assertThrows(IllegalArgumentException.class,
                () -> MatrixOps.transpose(ScalarMatrix.ofValues(Scalar.DOUBLE, v), new DoubleMatrix(2, 3))).getMessage());
    }

    @Test
    void addScaledOnBothPathsAndInPlace() {
        double[][] a = {{1, 2}, {3, 4}};
        double[][] b = {{10, 20}, {30, 40}};
        double[][] expected = {{-4, -8}, {-12, -16}};
        for (Scalar<Double> s : List.of(Scalar.DOUBLE, BOXED)) {
            ScalarMatrix<Double> ma = ScalarMatrix.ofValues(s, a);
            ScalarMatrix<Double> mb = ScalarMatrix.ofValues(s, b);
            assertMatrixClose(expected, MatrixOps.addScaled(ma, -0.5, mb, null).toValueArray(), 0.0);
            assertSame(ma, MatrixOps.addScaled(ma, -0.5, mb, ma));
            assertMatrixClose(expected, ma.toValueArray(), 0.0);
        }
        assertEquals("b is 2x3, expected 2x2", assertThrows(IllegalArgumentException.class,
                () -> MatrixOps.addScaled(new DoubleMatrix(2, 2), 1.0, new DoubleMatrix(2, 3), null)).getMessage());
    }

    @Test
    void dotProductOnBothPaths() {
        double[] x = randomVector(6);
        double[] y = randomVector(6);
        double expected = 0;
        for (int i = 0; i < 6; i++) {
            expected += x[i] * y[i];
        }
        assertEquals(expected, MatrixOps.dot(ScalarVector.ofValues(Scalar.DOUBLE, x), ScalarVector.ofValues(Scalar.DOUBLE, y)), 0.0);
        assertEquals(expected, MatrixOps.dot(ScalarVector.ofValues(BOXED, x), ScalarVector.ofValues(BOXED, y)), 0.0);
        assertEquals("y has size 2, expected 3", assertThrows(IllegalArgumentException.class,
                () -> MatrixOps.dot(new DoubleVector(3), new DoubleVector(2))).getMessage());
    }

    @Test
    void identityHasOnesOnTheDiagonal() {
        assertMatrixClose(new double[][] {{1, 0}, {0, 1}}, MatrixOps.identity(BOXED, 2).toValueArray(), 0.0);
        assertEquals(DoubleMatrix.class, MatrixOps.identity(Scalar.DOUBLE, 3).getClass());
    }

    @Test
    void solveOfASmallCase() {
        ScalarMatrix<Double> a = ScalarMatrix.ofValues(Scalar.DOUBLE, new double[][] {{2, 1}, {1, 3}});
        ScalarVector<Double> x = MatrixOps.solve(a, ScalarVector.ofValues(Scalar.DOUBLE, 3, 5), null);
        assertArrayEquals(new double[] {0.8, 1.4}, x.toValueArray(), 1e-15);
    }

    @Test
    void solveAgreesBetweenPathsAndLeavesASmallResidual() {
        for (int n = 1; n <= 8; n++) {
            double[][] a = randomValues(n, n);
            for (int i = 0; i < n; i++) {
                a[i][i] += n; // diagonally dominant enough to be well conditioned
            }
            double[] b = randomVector(n);
            ScalarMatrix<Double> da = ScalarMatrix.ofValues(Scalar.DOUBLE, a);
            double[] ejml = MatrixOps.solve(da, ScalarVector.ofValues(Scalar.DOUBLE, b), null).toValueArray();
            double[] generic = MatrixOps.solve(ScalarMatrix.ofValues(BOXED, a), ScalarVector.ofValues(BOXED, b), null)
                    .toValueArray();
            assertArrayEquals(generic, ejml, 1e-13);
            double[] residual = MatrixOps.multiply(da, DoubleVector.wrap(ejml), null).toValueArray();
            assertArrayEquals(b, residual, 1e-13);
        }
    }

    @Test
    void solveDoesNotModifyItsInputs() {
        double[][] a = {{0, 1}, {1, 0}};
        for (Scalar<Double> s : List.of(Scalar.DOUBLE, BOXED)) {
            ScalarMatrix<Double> m = ScalarMatrix.ofValues(s, a);
            ScalarVector<Double> b = ScalarVector.ofValues(s, 1, 2);
            assertArrayEquals(new double[] {2, 1}, MatrixOps.solve(m, b, null).toValueArray(), 0.0);
            assertMatrixClose(a, m.toValueArray(), 0.0);
            assertArrayEquals(new double[] {1, 2}, b.toValueArray(), 0.0);
        }
    }

    @Test
    void solveOfASingularMatrixIsReportedOnBothPaths() {
        double[][] singular = {{1, 2}, {2, 4}};
        for (Scalar<Double> s : List.of(Scalar.DOUBLE, BOXED)) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> MatrixOps.solve(ScalarMatrix.ofValues(s, singular), ScalarVector.ofValues(s, 1, 1), null));
            assertTrue(e.getMessage().contains("singular"), e.getMessage());
            assertThrows(IllegalArgumentException.class,
                    () -> MatrixOps.solve(s.newMatrix(3, 3), s.newVector(3), null));
        }
    }

    @Test
    void solveReportsNearlySingularMatricesOnBothPaths() {
        double[][] nearlySingular = {{1, 1}, {1, 1 + 1e-15}};
        for (Scalar<Double> s : List.of(Scalar.DOUBLE, BOXED)) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MatrixOps.solve(
                    ScalarMatrix.ofValues(s, nearlySingular), ScalarVector.ofValues(s, 1, 1), null));
            assertTrue(e.getMessage().contains("singular") && e.getMessage().contains("pivot 1"), e.getMessage());
        }
    }

    @Test
    void solveNamesTheNaNEntryOnBothPaths() {
        for (Scalar<Double> s : List.of(Scalar.DOUBLE, BOXED)) {
            ScalarMatrix<Double> a = MatrixOps.identity(s, 2);
            assertEquals("b(1) is NaN", assertThrows(IllegalArgumentException.class,
                    () -> MatrixOps.solve(a, ScalarVector.ofValues(s, 1, Double.NaN), null)).getMessage());
            a.setValue(1, 0, Double.NaN);
            assertEquals("a(1, 0) is NaN", assertThrows(IllegalArgumentException.class,
                    () -> MatrixOps.solve(a, ScalarVector.ofValues(s, 1, 1), null)).getMessage());
        }
    }

    @Test
    void solveOfAWellConditionedMatrixWithSmallPivotsSucceedsOnBothPaths() {
        // Condition number 1e4: far from singular, although the product of its pivots is 1e-16.
        int n = 5;
        double[][] a = new double[n][n];
        a[0][0] = 1;
        for (int i = 1; i < n; i++) {
            a[i][i] = 1e-4;
        }
        double[] b = {1, 1e-4, 2e-4, 3e-4, 4e-4};
        double[] expected = {1, 1, 2, 3, 4};
        for (Scalar<Double> s : List.of(Scalar.DOUBLE, BOXED)) {
            double[] x = MatrixOps.solve(ScalarMatrix.ofValues(s, a), ScalarVector.ofValues(s, b), null).toValueArray();
            assertArrayEquals(expected, x, 1e-12, s.name());
        }
    }

    @Test
    void solveArgumentErrors() {
        assertEquals("a must be square, got 2x3", assertThrows(IllegalArgumentException.class,
                () -> MatrixOps.solve(new DoubleMatrix(2, 3), new DoubleVector(2), null)).getMessage());
        assertEquals("b has size 3, expected 2", assertThrows(IllegalArgumentException.class,
                () -> MatrixOps.solve(MatrixOps.identity(Scalar.DOUBLE, 2), new DoubleVector(3), null)).getMessage());
        // A type without values pivots by structure: a column of constant zeros leaves no order that works.
        Scalar<Double> symbolic = BoxedDoubleScalar.NON_NUMERIC;
        ScalarMatrix<Double> singular = ScalarMatrix.ofValues(symbolic, new double[][] {{0, 1}, {0, 2}});
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MatrixOps.solve(singular, symbolic.newVector(2), null));
        assertEquals("a is structurally singular: after eliminating 0 columns, every candidate pivot of column 0 is "
                + "the constant 0 (no order of the rows works)", e.getMessage());
        assertArrayEquals(new double[] {2, 1}, MatrixOps.solve(ScalarMatrix.ofValues(symbolic, new double[][] {{0, 1},
            {1, 0}}), ScalarVector.ofValues(symbolic, 1, 2), null).toValueArray(), 0.0);
    }
}
