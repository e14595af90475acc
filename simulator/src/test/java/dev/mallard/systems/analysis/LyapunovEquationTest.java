package dev.mallard.systems.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;

import org.junit.jupiter.api.Test;

class LyapunovEquationTest {

    private static double residual(double[][] a, double[][] p, double[][] q) {
        int n = a.length;
        double worst = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double s = q[i][j];
                for (int k = 0; k < n; k++) {
                    s += a[k][i] * p[k][j] + p[i][k] * a[k][j];
                }
                worst = Math.max(worst, Math.abs(s));
            }
        }
        return worst;
    }

    /** Whether EJML's Cholesky factorisation of m succeeds. */
    static boolean positiveDefinite(double[][] m) {
        return org.ejml.dense.row.factory.DecompositionFactory_DDRM.chol(m.length, true)
                .decompose(new org.ejml.data.DMatrixRMaj(m));
    }

    static double[][] identity(int n) {
        double[][] q = new double[n][n];
        for (int i = 0; i < n; i++) {
            q[i][i] = 1;
        }
        return q;
    }

    @Test
    void timeReversedVanDerPolLinearisationGivesDrakesCandidate() {
        // A = [[0, -1], [1, -1]]: A'P + PA = -I has P = [[1.5, -0.5], [-0.5, 1]] (V = 1.5x1^2 - x1x2 + x2^2).
        double[][] p = LyapunovEquation.continuous(new double[][] {{0, -1}, {1, -1}}, identity(2));
        assertEquals(1.5, p[0][0], 1e-14);
        assertEquals(-0.5, p[0][1], 1e-14);
        assertEquals(-0.5, p[1][0], 1e-14);
        assertEquals(1.0, p[1][1], 1e-14);
    }

    @Test
    void scalarEquationIsMinusQOverTwoA() {
        double[][] p = LyapunovEquation.continuous(new double[][] {{-4}}, new double[][] {{2}});
        assertEquals(0.25, p[0][0], 1e-15);
    }

    @Test
    void randomStableMatricesWithComplexPairsSolveToRoundoff() {
        Random random = new Random(7);
        for (int n : new int[] {3, 5, 8, 12}) {
            double[][] a = new double[n][n];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    a[i][j] = random.nextGaussian();
                }
            }
            // Shift by more than the spectral radius bound to make A Hurwitz while keeping complex pairs.
            double shift = 0;
            for (double[] row : a) {
                double s = 0;
                for (double v : row) {
                    s += Math.abs(v);
                }
                shift = Math.max(shift, s);
            }
            for (int i = 0; i < n; i++) {
                a[i][i] -= shift + 0.1;
            }
            double[][] q = identity(n);
            double[][] p = LyapunovEquation.continuous(a, q);
            assertTrue(residual(a, p, q) < 1e-12 * n, "n=" + n + " residual " + residual(a, p, q));
            assertTrue(positiveDefinite(p), "P positive definite for n=" + n);
        }
    }

    @Test
    void kroneckerSolveAgreesOnANonNormalMatrix() {
        // Independent reference: vec(A'P + PA) = (I kron A' + A' kron I) vec(P) solved densely.
        double[][] a = {{-1, 10, 0}, {0, -2, 10}, {-0.5, 0, -3}};
        double[][] q = {{2, 0.5, 0}, {0.5, 1, 0.2}, {0, 0.2, 3}};
        double[][] p = LyapunovEquation.continuous(a, q);
        int n = 3;
        double[][] k = new double[n * n][n * n + 1];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                int row = i * n + j;
                for (int m = 0; m < n; m++) {
                    k[row][m * n + j] += a[m][i];
                    k[row][i * n + m] += a[m][j];
                }
                k[row][n * n] = -q[i][j];
            }
        }
        double[] ref = gaussSolve(k);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                assertEquals(ref[i * n + j], p[i][j], 1e-10 * Math.max(1, Math.abs(ref[i * n + j])));
            }
        }
    }

    /** Solves the augmented system [K | b] with EJML, independently of the Schur-based solver under test. */
    private static double[] gaussSolve(double[][] m) {
        int n = m.length;
        org.ejml.data.DMatrixRMaj k = new org.ejml.data.DMatrixRMaj(n, n);
        org.ejml.data.DMatrixRMaj b = new org.ejml.data.DMatrixRMaj(n, 1);
        for (int i = 0; i < n; i++) {
            for (int c = 0; c < n; c++) {
                k.set(i, c, m[i][c]);
            }
            b.set(i, 0, m[i][n]);
        }
        org.ejml.data.DMatrixRMaj x = new org.ejml.data.DMatrixRMaj(n, 1);
        assertTrue(org.ejml.dense.row.CommonOps_DDRM.solve(k, b, x), "Kronecker system is singular");
        return x.data;
    }

    @Test
    void unstableMatrixIsRefusedWithItsEigenvalue() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> LyapunovEquation.continuous(new double[][] {{0.5, 0}, {0, -1}}, identity(2)));
        assertTrue(e.getMessage().contains("0.5"), e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> LyapunovEquation.continuous(new double[][] {{0, 1}, {-1, 0}}, identity(2)));
    }
}
