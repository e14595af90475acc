package dev.mallard.systems.analysis;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;

/**
 * The Lyapunov equations of a stable linear system, as Drake's {@code RealContinuousLyapunovEquation} and
 * {@code RealDiscreteLyapunovEquation}: the continuous {@code A'X + XA + Q = 0} and the discrete
 * {@code A'XA - X + Q = 0}. Both by the Bartels-Stewart method on the {@link RealSchur} form
 * {@code A = U T U'}: with {@code Y = U'XU} and {@code C = U'QU} they become {@code T'Y + YT = -C} and
 * {@code T'YT - Y = -C}, solved block by block (1x1 and 2x2 diagonal blocks of T) in O(n^3); then
 * {@code X = U Y U'}. Only the symmetric part of Q enters: the returned X is symmetric.
 */
public final class LyapunovEquation {

    private LyapunovEquation() {
    }

    /**
     * Solves {@code A'X + XA + Q = 0}.
     *
     * @param a the n x n system matrix, {@code n >= 1}, finite, every eigenvalue with negative real part (Hurwitz);
     *     not modified
     * @param q the n x n symmetric right-hand side, finite; not modified
     * @return the symmetric solution X (positive definite when Q is)
     * @throws IllegalArgumentException if a matrix is null, empty, not square, of a different size or not finite
     *     (naming it), or A is not Hurwitz (the message gives the largest real part of its eigenvalues)
     */
    public static double[][] continuous(double[][] a, double[][] q) {
        RealSchur schur = schurOf(a, q);
        double largest = schur.largestRealPart();
        if (!(largest < 0.0)) {
            throw new IllegalArgumentException("A is not Hurwitz (the linearisation is not asymptotically stable): "
                    + "an eigenvalue has real part " + largest + " >= 0");
        }
        double[][] c = Dense.multiply(Dense.transpose(schur.u), Dense.multiply(q, schur.u));
        return backTransform(schur, solveContinuousQuasiTriangular(schur.t, c, schur.blockStarts));
    }

    /**
     * Solves {@code A'XA - X + Q = 0}.
     *
     * @param a the n x n system matrix, {@code n >= 1}, finite, every eigenvalue of modulus below 1 (Schur
     *     stable); not modified
     * @param q the n x n symmetric right-hand side, finite; not modified
     * @return the symmetric solution X (positive definite when Q is)
     * @throws IllegalArgumentException if a matrix is null, empty, not square, of a different size or not finite
     *     (naming it), or A is not Schur stable (the message gives its spectral radius)
     */
    public static double[][] discrete(double[][] a, double[][] q) {
        RealSchur schur = schurOf(a, q);
        double radius = schur.spectralRadius();
        if (!(radius < 1.0)) {
            throw new IllegalArgumentException("A is not Schur stable: an eigenvalue has modulus " + radius + " >= 1");
        }
        double[][] c = Dense.multiply(Dense.transpose(schur.u), Dense.multiply(q, schur.u));
        return backTransform(schur, solveDiscreteQuasiTriangular(schur.t, c, schur.blockStarts));
    }

    private static RealSchur schurOf(double[][] a, double[][] q) {
        int n = Dense.checkSquare(a, "A", true);
        if (n == 0) {
            throw new IllegalArgumentException("A must have at least one row");
        }
        Dense.check(q, n, n, "Q", true);
        return RealSchur.of(a);
    }

    private static double[][] backTransform(RealSchur schur, double[][] y) {
        double[][] x = Dense.multiply(schur.u, Dense.multiply(y, Dense.transpose(schur.u)));
        Dense.symmetrize(x);
        return x;
    }

    /** Solves T'Y + YT = -C, T upper quasi-triangular, block row by block row, left to right. */
    private static double[][] solveContinuousQuasiTriangular(double[][] t, double[][] c, int[] starts) {
        int n = t.length;
        double[][] y = new double[n][n];
        int blocks = starts.length - 1;
        for (int bk = 0; bk < blocks; bk++) {
            int k0 = starts[bk];
            int k1 = starts[bk + 1];
            for (int bl = 0; bl < blocks; bl++) {
                int l0 = starts[bl];
                int l1 = starts[bl + 1];
                // Right-hand side: -C_kl - sum_{i < k0} T(i, k)' Y(i, l) - sum_{j < l0} Y(k, j) T(j, l).
                double[][] r = new double[k1 - k0][l1 - l0];
                for (int i = k0; i < k1; i++) {
                    for (int j = l0; j < l1; j++) {
                        double s = -c[i][j];
                        for (int m = 0; m < k0; m++) {
                            s -= t[m][i] * y[m][j];
                        }
                        for (int m = 0; m < l0; m++) {
                            s -= y[i][m] * t[m][j];
                        }
                        r[i - k0][j - l0] = s;
                    }
                }
                solveSmall(t, k0, k1, l0, l1, r, y, false);
            }
        }
        return y;
    }

    /**
     * Solves T'YT - Y = -C block by block. With W = YT (rows filled once a block row of Y is done), block (k, l)
     * reads {@code T_kk' Y_kl T_ll - Y_kl = -C_kl - sum_{i<k} T_ik' W_il - T_kk' sum_{j<l} Y_kj T_jl}.
     */
    private static double[][] solveDiscreteQuasiTriangular(double[][] t, double[][] c, int[] starts) {
        int n = t.length;
        double[][] y = new double[n][n];
        double[][] w = new double[n][n];
        int blocks = starts.length - 1;
        for (int bk = 0; bk < blocks; bk++) {
            int k0 = starts[bk];
            int k1 = starts[bk + 1];
            for (int bl = 0; bl < blocks; bl++) {
                int l0 = starts[bl];
                int l1 = starts[bl + 1];
                double[][] v = new double[k1 - k0][l1 - l0];
                for (int i = k0; i < k1; i++) {
                    for (int j = l0; j < l1; j++) {
                        double s = 0.0;
                        for (int m = 0; m < l0; m++) {
                            s += y[i][m] * t[m][j];
                        }
                        v[i - k0][j - l0] = s;
                    }
                }
                double[][] r = new double[k1 - k0][l1 - l0];
                for (int a = k0; a < k1; a++) {
                    for (int b = l0; b < l1; b++) {
                        double s = -c[a][b];
                        for (int m = 0; m < k0; m++) {
                            s -= t[m][a] * w[m][b];
                        }
                        for (int m = k0; m < k1; m++) {
                            s -= t[m][a] * v[m - k0][b - l0];
                        }
                        r[a - k0][b - l0] = s;
                    }
                }
                solveSmall(t, k0, k1, l0, l1, r, y, true);
            }
            for (int i = k0; i < k1; i++) {
                for (int j = 0; j < n; j++) {
                    double s = 0.0;
                    for (int m = 0; m <= Math.min(n - 1, j + 1); m++) {
                        s += y[i][m] * t[m][j];
                    }
                    w[i][j] = s;
                }
            }
        }
        return y;
    }

    /**
     * Solves for a block Z of at most 2x2, in its Kronecker form (at most 4x4): {@code T_kk' Z + Z T_ll = R}
     * (continuous) or {@code T_kk' Z T_ll - Z = R} (discrete). Non-singular for a stable A: the eigenvalues of
     * the small operator are sums (products less one) of two eigenvalues of A.
     */
    private static void solveSmall(double[][] t, int k0, int k1, int l0, int l1, double[][] r, double[][] y,
            boolean discrete) {
        int p = k1 - k0;
        int q = l1 - l0;
        int size = p * q;
        DMatrixRMaj m = new DMatrixRMaj(size, size);
        DMatrixRMaj rhs = new DMatrixRMaj(size, 1);
        for (int i = 0; i < p; i++) {
            for (int j = 0; j < q; j++) {
                int row = i * q + j;
                if (discrete) {
                    // (T_kk' Z T_ll)_ij = sum_{a,b} T(k0 + a, k0 + i) Z_ab T(l0 + b, l0 + j)
                    for (int a = 0; a < p; a++) {
                        for (int b = 0; b < q; b++) {
                            m.add(row, a * q + b, t[k0 + a][k0 + i] * t[l0 + b][l0 + j]);
                        }
                    }
                    m.add(row, row, -1.0);
                } else {
                    // (T_kk' Z)_ij = sum_a T(k0 + a, k0 + i) Z_aj ; (Z T_ll)_ij = sum_b Z_ib T(l0 + b, l0 + j)
                    for (int a = 0; a < p; a++) {
                        m.add(row, a * q + j, t[k0 + a][k0 + i]);
                    }
                    for (int b = 0; b < q; b++) {
                        m.add(row, i * q + b, t[l0 + b][l0 + j]);
                    }
                }
                rhs.set(row, 0, r[i][j]);
            }
        }
        DMatrixRMaj z = new DMatrixRMaj(size, 1);
        if (!CommonOps_DDRM.solve(m, rhs, z)) {
            throw new ArithmeticException("singular Lyapunov block: eigenvalues too close to the stability boundary");
        }
        for (int i = 0; i < p; i++) {
            for (int j = 0; j < q; j++) {
                y[k0 + i][l0 + j] = z.get(i * q + j, 0);
            }
        }
    }
}
