package dev.mallard.systems.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class RiccatiAndSchurTest {

    private static double[][] random(Random random, int n) {
        double[][] a = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                a[i][j] = random.nextGaussian();
            }
        }
        return a;
    }

    private static double maxAbsDifference(double[][] x, double[][] y) {
        double worst = 0;
        for (int i = 0; i < x.length; i++) {
            for (int j = 0; j < x[0].length; j++) {
                worst = Math.max(worst, Math.abs(x[i][j] - y[i][j]));
            }
        }
        return worst;
    }

    @Test
    void reorderingKeepsTheFactorisationAndBringsTheChosenEigenvaluesForward() {
        Random random = new Random(11);
        for (int n : new int[] {4, 7, 10}) {
            double[][] a = random(random, n);
            RealSchur schur = RealSchur.of(a).reorder((re, im) -> re < 0);
            double[][] u = schur.u();
            double[][] rebuilt = Dense.multiply(u, Dense.multiply(schur.t(), Dense.transpose(u)));
            assertTrue(maxAbsDifference(a, rebuilt) < 1e-12 * n, "U T U' = A for n = " + n);
            double[][] identity = Dense.multiply(Dense.transpose(u), u);
            for (int i = 0; i < n; i++) {
                identity[i][i] -= 1;
            }
            assertTrue(maxAbsDifference(identity, new double[n][n]) < 1e-13 * n, "U orthogonal for n = " + n);
            int negative = 0;
            for (double[] e : schur.eigenvalues()) {
                negative += e[0] < 0 ? 1 : 0;
            }
            assertEquals(negative, schur.leadingSelected((re, im) -> re < 0), "n = " + n);
            for (int i = 0; i < n; i++) {
                assertEquals(i < negative, schur.eigenvalues()[i][0] < 0, "eigenvalue " + i + " of n = " + n);
            }
        }
    }

    @Test
    void discreteLyapunovHasTheScalarClosedFormAndSmallResiduals() {
        // a x a - x + q = 0: x = q / (1 - a^2).
        assertEquals(2.0 / (1 - 0.25), LyapunovEquation.discrete(new double[][] {{0.5}}, new double[][] {{2}})[0][0],
                1e-15);
        Random random = new Random(3);
        for (int n : new int[] {3, 6, 9}) {
            double[][] a = random(random, n);
            // Scale inside the unit disc: the spectral radius is at most the largest absolute row sum.
            double bound = 0;
            for (double[] row : a) {
                double s = 0;
                for (double v : row) {
                    s += Math.abs(v);
                }
                bound = Math.max(bound, s);
            }
            for (double[] row : a) {
                for (int j = 0; j < n; j++) {
                    row[j] *= 0.9 / bound;
                }
            }
            double[][] q = LyapunovEquationTest.identity(n);
            double[][] x = LyapunovEquation.discrete(a, q);
            double[][] residual = Dense.multiply(Dense.transpose(a), Dense.multiply(x, a));
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    residual[i][j] += q[i][j] - x[i][j];
                }
            }
            assertTrue(maxAbsDifference(residual, new double[n][n]) < 1e-13 * n, "residual for n = " + n);
            assertTrue(LyapunovEquationTest.positiveDefinite(x), "X positive definite for n = " + n);
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> LyapunovEquation.discrete(new double[][] {{1.5}}, new double[][] {{1}}));
        assertTrue(e.getMessage().contains("1.5"), e.getMessage());
    }

    @Test
    void careRefusesBadCostsAndUnstabilisablePairsWithTheirNames() {
        double[][] a = {{0, 1}, {0, 0}};
        double[][] b = {{0}, {1}};
        double[][] q = {{1, 0}, {0, 1}};
        assertMessage("R must be positive definite",
                () -> ContinuousAlgebraicRiccatiEquation.solve(a, b, q, new double[][] {{0}}));
        assertMessage("Q must be positive semidefinite, its smallest eigenvalue is -1",
                () -> ContinuousAlgebraicRiccatiEquation.solve(a, b, new double[][] {{1, 0}, {0, -1}}, new double[][] {{1}}));
        assertMessage("Q must be symmetric",
                () -> ContinuousAlgebraicRiccatiEquation.solve(a, b, new double[][] {{1, 1}, {0, 1}}, new double[][] {{1}}));
        assertMessage("B must be 2 x 1",
                () -> ContinuousAlgebraicRiccatiEquation.solve(a, new double[][] {{0}, {1, 2}}, q, new double[][] {{1}}));
        assertMessage("N must be 2 x 1",
                () -> ContinuousAlgebraicRiccatiEquation.solve(a, b, q, new double[][] {{1}}, new double[][] {{1}}));
        assertMessage("(A, B) must be stabilizable, but the eigenvalue 1.0",
                () -> ContinuousAlgebraicRiccatiEquation.solve(new double[][] {{1, 0}, {0, -1}},
                        new double[][] {{0}, {1}}, q, new double[][] {{1}}));
        assertMessage("(A, B) must be stabilizable, but the eigenvalue 2.0",
                () -> DiscreteAlgebraicRiccatiEquation.solve(new double[][] {{2, 0}, {0, 0.5}},
                        new double[][] {{0}, {1}}, q, new double[][] {{1}}));
        // Q = 0 leaves the double integrator's modes at 0 unobservable, on the imaginary axis: no stabilising S.
        assertMessage("no stabilising solution",
                () -> ContinuousAlgebraicRiccatiEquation.solve(a, b, new double[2][2], new double[][] {{1}}));
    }

    private static void assertMessage(String expected, org.junit.jupiter.api.function.Executable call) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }

    @Test
    void discreteSolutionSatisfiesTheDareAndStabilises() {
        Random random = new Random(5);
        int n = 6;
        double[][] a = random(random, n);
        double[][] b = {{1, 0}, {0, 1}, {0.5, 0}, {0, 0.2}, {1, 1}, {0, 0}};
        double[][] q = LyapunovEquationTest.identity(n);
        double[][] r = {{1, 0.1}, {0.1, 2}};
        double[][] s = DiscreteAlgebraicRiccatiEquation.solve(a, b, q, r);
        // Independent check: the residual of the DARE written out with explicit inverses.
        double[][] bt = Dense.transpose(b);
        double[][] sb = Dense.multiply(s, b);
        double[][] m = Dense.multiply(bt, sb);
        for (int i = 0; i < 2; i++) {
            for (int j = 0; j < 2; j++) {
                m[i][j] += r[i][j];
            }
        }
        double det = m[0][0] * m[1][1] - m[0][1] * m[1][0];
        double[][] inverse = {{m[1][1] / det, -m[0][1] / det}, {-m[1][0] / det, m[0][0] / det}};
        double[][] at = Dense.transpose(a);
        double[][] atsb = Dense.multiply(at, sb);
        double[][] residual = Dense.multiply(at, Dense.multiply(s, a));
        double[][] correction = Dense.multiply(atsb, Dense.multiply(inverse, Dense.transpose(atsb)));
        double scale = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                residual[i][j] += q[i][j] - s[i][j] - correction[i][j];
                scale = Math.max(scale, Math.abs(s[i][j]));
            }
        }
        assertTrue(maxAbsDifference(residual, new double[n][n]) < 1e-12 * scale, "DARE residual");
        double[][] k = Dense.multiply(inverse, Dense.transpose(atsb));
        double[][] closed = Dense.multiply(b, k);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                closed[i][j] = a[i][j] - closed[i][j];
            }
        }
        assertTrue(RealSchur.of(closed).spectralRadius() < 1, "closed loop Schur stable");
    }
}
