package dev.mallard.roa;

import dev.mallard.scalar.Checks;
import dev.mallard.scalar.DoubleMatrix;
import dev.mallard.scalar.DoubleVector;
import dev.mallard.scalar.MatrixOps;

/**
 * The continuous Lyapunov equation {@code A'P + PA = -Q} by the Bartels-Stewart method: with the real Schur
 * form {@code A = U T U'} it becomes {@code T'X + XT = -U'QU} for {@code X = U'PU}, solved block by block
 * (1x1 and 2x2 diagonal blocks of T) in O(n^3), then {@code P = U X U'}.
 */
public final class LyapunovEquation {

    private LyapunovEquation() {
    }

    /**
     * @param a the n x n system matrix, finite, every eigenvalue with negative real part; not modified
     * @param q the n x n symmetric right-hand side; not modified
     * @return the symmetric solution P (positive definite when Q is)
     * @throws IllegalArgumentException if the sizes differ, an entry is not finite, or A is not Hurwitz
     *     (the message gives the largest real part of its eigenvalues)
     */
    public static double[][] solve(double[][] a, double[][] q) {
        int n = checkSquare(a, "A");
        Checks.size(checkSquare(q, "Q"), n, "Q");
        RealSchur schur = RealSchur.of(a);
        double largest = schur.largestRealPart();
        if (!(largest < 0.0)) {
            throw new IllegalArgumentException("A is not Hurwitz (the linearisation is not asymptotically stable): "
                    + "an eigenvalue has real part " + largest + " >= 0");
        }
        double[][] u = schur.u;
        double[][] c = multiply(transpose(u), multiply(q, u));
        double[][] x = solveQuasiTriangular(schur.t, c, schur.blockStarts);
        double[][] p = multiply(u, multiply(x, transpose(u)));
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                double mean = 0.5 * (p[i][j] + p[j][i]);
                p[i][j] = mean;
                p[j][i] = mean;
            }
        }
        return p;
    }

    /** Solves T'X + XT = -C, T upper quasi-triangular, block row by block row, left to right. */
    private static double[][] solveQuasiTriangular(double[][] t, double[][] c, int[] starts) {
        int n = t.length;
        double[][] x = new double[n][n];
        int blocks = starts.length - 1;
        for (int bk = 0; bk < blocks; bk++) {
            int k0 = starts[bk];
            int k1 = starts[bk + 1];
            for (int bl = 0; bl < blocks; bl++) {
                int l0 = starts[bl];
                int l1 = starts[bl + 1];
                // Right-hand side: -C_kl - sum_{i < k0} T(i, k)' X(i, l) - sum_{j < l0} X(k, j) T(j, l).
                double[][] r = new double[k1 - k0][l1 - l0];
                for (int i = k0; i < k1; i++) {
                    for (int j = l0; j < l1; j++) {
                        double s = -c[i][j];
                        for (int m = 0; m < k0; m++) {
                            s -= t[m][i] * x[m][j];
                        }
                        for (int m = 0; m < l0; m++) {
                            s -= x[i][m] * t[m][j];
                        }
                        r[i - k0][j - l0] = s;
                    }
                }
                solveSmallSylvester(t, k0, k1, l0, l1, r, x);
            }
        }
        return x;
    }

    /** T_kk' Y + Y T_ll = R for a block Y of at most 2x2, solved in its Kronecker form (at most 4x4). */
    private static void solveSmallSylvester(double[][] t, int k0, int k1, int l0, int l1, double[][] r,
            double[][] x) {
        int p = k1 - k0;
        int q = l1 - l0;
        int size = p * q;
        DoubleMatrix m = new DoubleMatrix(size, size);
        DoubleVector rhs = new DoubleVector(size);
        for (int i = 0; i < p; i++) {
            for (int j = 0; j < q; j++) {
                int row = i * q + j;
                // (T_kk' Y)_ij = sum_a T(k0 + a, k0 + i) Y_aj ; (Y T_ll)_ij = sum_b Y_ib T(l0 + b, l0 + j)
                for (int a = 0; a < p; a++) {
                    m.setValue(row, a * q + j, m.getValue(row, a * q + j) + t[k0 + a][k0 + i]);
                }
                for (int b = 0; b < q; b++) {
                    m.setValue(row, i * q + b, m.getValue(row, i * q + b) + t[l0 + b][l0 + j]);
                }
                rhs.setValue(row, r[i][j]);
            }
        }
        // Non-singular for a Hurwitz A: the block's eigenvalues are sums of two eigenvalues of A.
        double[] y = ((DoubleVector) MatrixOps.solve(m, rhs, null)).data();
        for (int i = 0; i < p; i++) {
            for (int j = 0; j < q; j++) {
                x[k0 + i][l0 + j] = y[i * q + j];
            }
        }
    }

    private static int checkSquare(double[][] a, String name) {
        Checks.notNull(a, name);
        int n = a.length;
        if (n == 0) {
            throw new IllegalArgumentException(name + " must have at least one row");
        }
        for (int i = 0; i < n; i++) {
            Checks.size(a[i].length, n, name + " row " + i);
            for (int j = 0; j < n; j++) {
                Checks.finite(a[i][j], name + "[" + i + "][" + j + "]");
            }
        }
        return n;
    }

    static double[][] multiply(double[][] a, double[][] b) {
        int n = a.length;
        int m = b[0].length;
        int inner = b.length;
        double[][] out = new double[n][m];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < inner; k++) {
                double aik = a[i][k];
                for (int j = 0; j < m; j++) {
                    out[i][j] += aik * b[k][j];
                }
            }
        }
        return out;
    }

    static double[][] transpose(double[][] a) {
        double[][] out = new double[a[0].length][a.length];
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < a[0].length; j++) {
                out[j][i] = a[i][j];
            }
        }
        return out;
    }
}
