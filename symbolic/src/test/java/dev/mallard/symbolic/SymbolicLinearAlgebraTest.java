package dev.mallard.symbolic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.MatrixOps;
import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarMatrix;
import dev.mallard.scalar.ScalarVector;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Solves, determinants and inverses of symbolic matrices, checked at random points against numeric solves of
 * the same matrices and against closed forms (Cramer's rule for 2x2, Sarrus's rule for 3x3).
 */
class SymbolicLinearAlgebraTest {

    private static final Scalar<Expression> S = Expression.SCALAR;
    private final Variable a = new Variable("a");
    private final Variable b = new Variable("b");
    private final Variable c = new Variable("c");
    private final Variable q = new Variable("q");
    private final Map<String, Variable> names = Map.of("a", a, "b", b, "c", c, "q", q);
    private final Random random = new Random(32);

    private ScalarMatrix<Expression> matrix(String[][] formulas) {
        ScalarMatrix<Expression> m = S.newMatrix(formulas.length, formulas[0].length);
        for (int r = 0; r < formulas.length; r++) {
            for (int col = 0; col < formulas[r].length; col++) {
                m.set(r, col, Formula.parse(formulas[r][col], names));
            }
        }
        return m;
    }

    private ScalarVector<Expression> vector(String... formulas) {
        ScalarVector<Expression> v = S.newVector(formulas.length);
        for (int i = 0; i < formulas.length; i++) {
            v.set(i, Formula.parse(formulas[i], names));
        }
        return v;
    }

    private Environment randomPoint() {
        return new Environment().put(a, 1 + random.nextDouble()).put(b, random.nextDouble() - 0.5)
                .put(c, 2 + random.nextDouble()).put(q, 6 * random.nextDouble() - 3);
    }

    private static double[][] values(ScalarMatrix<Expression> m, Environment at) {
        double[][] out = new double[m.rows()][m.cols()];
        for (int r = 0; r < m.rows(); r++) {
            for (int col = 0; col < m.cols(); col++) {
                out[r][col] = m.get(r, col).evaluate(at);
            }
        }
        return out;
    }

    private static double[] values(ScalarVector<Expression> v, Environment at) {
        double[] out = new double[v.size()];
        for (int i = 0; i < v.size(); i++) {
            out[i] = v.get(i).evaluate(at);
        }
        return out;
    }

    private static double[] numericSolve(double[][] m, double[] rhs) {
        return MatrixOps.solve(ScalarMatrix.ofValues(Scalar.DOUBLE, m), ScalarVector.ofValues(Scalar.DOUBLE, rhs), null)
                .toValueArray();
    }

    @Test
    void twoByTwoSolveIsCramersRule() {
        ScalarMatrix<Expression> m = matrix(new String[][] {{"a", "b"}, {"b", "c + cos(q)"}});
        ScalarVector<Expression> rhs = vector("sin(q)", "1");
        ScalarVector<Expression> x = MatrixOps.solve(m, rhs, null);
        for (int k = 0; k < 20; k++) {
            Environment at = randomPoint();
            double av = at.get(a);
            double bv = at.get(b);
            double dv = at.get(c) + Math.cos(at.get(q));
            double e = Math.sin(at.get(q));
            double det = av * dv - bv * bv;
            assertEquals((e * dv - bv) / det, x.get(0).evaluate(at), 1e-12);
            assertEquals((av - bv * e) / det, x.get(1).evaluate(at), 1e-12);
            assertEquals(det, MatrixOps.determinant(m).evaluate(at), 1e-12);
        }
    }

    @Test
    void threeByThreeAgreesWithNumericSolvesAndSarrus() {
        ScalarMatrix<Expression> m = matrix(new String[][] {
            {"a + 1", "b*cos(q)", "0"}, {"sin(q)", "c", "a*b"}, {"q", "1", "a + c"}});
        ScalarVector<Expression> rhs = vector("1", "q^2", "b - a");
        ScalarVector<Expression> x = MatrixOps.solve(m, rhs, null);
        ScalarMatrix<Expression> inverse = MatrixOps.inverse(m, null);
        Expression det = MatrixOps.determinant(m);
        for (int k = 0; k < 20; k++) {
            Environment at = randomPoint();
            double[][] mv = values(m, at);
            double[] expected = numericSolve(mv, values(rhs, at));
            double[] actual = values(x, at);
            for (int i = 0; i < 3; i++) {
                assertEquals(expected[i], actual[i], 1e-10 * (1 + Math.abs(expected[i])), "x" + i);
            }
            double sarrus = mv[0][0] * mv[1][1] * mv[2][2] + mv[0][1] * mv[1][2] * mv[2][0]
                    + mv[0][2] * mv[1][0] * mv[2][1] - mv[0][2] * mv[1][1] * mv[2][0]
                    - mv[0][0] * mv[1][2] * mv[2][1] - mv[0][1] * mv[1][0] * mv[2][2];
            assertEquals(sarrus, det.evaluate(at), 1e-12 * (1 + Math.abs(sarrus)));
            double[][] inv = values(inverse, at);
            for (int i = 0; i < 3; i++) {
                for (int j = 0; j < 3; j++) {
                    double product = 0;
                    for (int l = 0; l < 3; l++) {
                        product += mv[i][l] * inv[l][j];
                    }
                    assertEquals(i == j ? 1 : 0, product, 1e-10, "(A A^-1)" + i + j);
                }
            }
        }
    }

    @Test
    void aZeroOnTheDiagonalIsPivotedAroundByStructure() {
        ScalarMatrix<Expression> m = matrix(new String[][] {{"0", "a"}, {"b + 2", "q"}});
        ScalarVector<Expression> x = MatrixOps.solve(m, vector("1", "0"), null);
        Environment at = randomPoint();
        double av = at.get(a);
        double bv = at.get(b) + 2;
        assertEquals(1 / av, x.get(1).evaluate(at), 1e-14);
        assertEquals(-at.get(q) / (av * bv), x.get(0).evaluate(at), 1e-14);
    }

    @Test
    void aColumnOfConstantZerosIsRefused() {
        ScalarMatrix<Expression> m = matrix(new String[][] {{"a", "0", "1"}, {"b", "0", "q"}, {"c", "0", "2"}});
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MatrixOps.solve(m, vector("1", "2", "3"), null));
        assertTrue(e.getMessage().contains("structurally singular") && e.getMessage().contains("column 1"),
                e.getMessage());
        assertEquals(Expression.ZERO, MatrixOps.determinant(m));
    }

    @Test
    void pivotsChosenAtAPointHoldNearIt() {
        // At q = 0 the (0,0) entry vanishes: the point's values pivot on row 1 first.
        ScalarMatrix<Expression> m = matrix(new String[][] {{"sin(q)", "1"}, {"1", "a"}});
        ScalarVector<Expression> rhs = vector("b", "c");
        Environment origin = new Environment().put(q, 0.0).put(a, 2.0).put(b, 0.5).put(c, 1.5);
        ScalarVector<Expression> x = MatrixOps.solveAt(m, rhs, null, e -> e.evaluate(origin));
        for (double qv : List.of(0.0, 0.1, -0.2)) {
            Environment at = new Environment().put(q, qv).put(a, 2.0).put(b, 0.5).put(c, 1.5);
            double[] expected = numericSolve(values(m, at), values(rhs, at));
            assertEquals(expected[0], x.get(0).evaluate(at), 1e-14);
            assertEquals(expected[1], x.get(1).evaluate(at), 1e-14);
        }
        Environment singular = new Environment().put(q, 0.0).put(a, 0.0).put(b, 0.5).put(c, 1.5);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MatrixOps.solveAt(matrix(new String[][] {{"sin(q)", "a"}, {"a", "q"}}), rhs, null,
                        expr -> expr.evaluate(singular)));
        assertTrue(e.getMessage().startsWith("a is singular to working precision at the point"), e.getMessage());
    }

    @Test
    void aMassMatrixIsSolvedByLdlEverywhere() {
        // The acrobot's mass matrix (Spong): positive definite for every elbow angle q.
        ScalarMatrix<Expression> m = matrix(new String[][] {
            {"0.083 + 0.33 + 1 + 1*(1 + 2*1*1*cos(q))", "0.33 + 1*(1 + 1*cos(q))"},
            {"0.33 + 1*(1 + 1*cos(q))", "0.33 + 1"}});
        ScalarVector<Expression> rhs = vector("a", "b*sin(q)");
        ScalarVector<Expression> x = MatrixOps.solveSymmetricPositiveDefinite(m, rhs, null);
        for (int k = 0; k < 20; k++) {
            Environment at = randomPoint();
            double[] expected = numericSolve(values(m, at), values(rhs, at));
            assertEquals(expected[0], x.get(0).evaluate(at), 1e-12 * (1 + Math.abs(expected[0])));
            assertEquals(expected[1], x.get(1).evaluate(at), 1e-12 * (1 + Math.abs(expected[1])));
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MatrixOps.solveSymmetricPositiveDefinite(ScalarMatrix.ofValues(Scalar.DOUBLE,
                        new double[][] {{1, 2}, {2, 1}}), ScalarVector.ofValues(Scalar.DOUBLE, 1, 1), null));
        assertEquals("a is not positive definite to working precision (pivot 1 of its LDL' factorisation is -3.0)",
                e.getMessage());
    }

    @Test
    void numericDeterminantsAndInversesMatchTheClosedForms() {
        ScalarMatrix<Double> m = ScalarMatrix.ofValues(Scalar.DOUBLE, new double[][] {{0, 2, 1}, {1, 1, 0}, {3, 0, 1}});
        // Sarrus: 0*1*1 + 2*0*3 + 1*1*0 - 1*1*3 - 0*0*0 - 2*1*1 = -5
        assertEquals(-5.0, MatrixOps.determinant(m), 1e-14);
        ScalarMatrix<Double> inv = MatrixOps.inverse(m, null);
        // adj(m)/det, the cofactors computed by hand: adj = [[1, -2, -1], [-1, -3, 1], [-3, 6, -2]], det = -5.
        double[][] expected = {{-0.2, 0.4, 0.2}, {0.2, 0.6, -0.2}, {0.6, -1.2, 0.4}};
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                assertEquals(expected[i][j], inv.getValue(i, j), 1e-14, "inverse " + i + j);
            }
        }
        assertEquals(0.0, MatrixOps.determinant(ScalarMatrix.ofValues(Scalar.DOUBLE, new double[][] {{1, 2}, {2, 4}})),
                1e-15);
    }
}
