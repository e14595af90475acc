package dev.mallard.roa;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.decomposition.hessenberg.HessenbergSimilarDecomposition_DDRM;

/**
 * The real Schur decomposition {@code A = U T U'}: U orthogonal, T upper quasi-triangular (1x1 blocks for
 * real eigenvalues, 2x2 blocks for complex pairs and for real pairs left unsplit). EJML's Householder
 * reduction gives the Hessenberg form; the Francis implicit double-shift QR iteration then reduces it,
 * accumulating the transformations. O(n^3). Immutable result holder.
 */
final class RealSchur {

    private static final double EPS = Math.ulp(1.0);

    final double[][] t;
    final double[][] u;
    /** Start row of each diagonal block, plus n at the end. */
    final int[] blockStarts;

    private RealSchur(double[][] t, double[][] u, int[] blockStarts) {
        this.t = t;
        this.u = u;
        this.blockStarts = blockStarts;
    }

    /**
     * @param a a square matrix of finite entries, not modified
     * @return its real Schur decomposition
     * @throws ArithmeticException if the QR iteration does not converge (in 30 n sweeps)
     */
    static RealSchur of(double[][] a) {
        int n = a.length;
        DMatrixRMaj m = new DMatrixRMaj(a);
        HessenbergSimilarDecomposition_DDRM hess = new HessenbergSimilarDecomposition_DDRM();
        if (!hess.decompose(m.copy())) {
            throw new ArithmeticException("Hessenberg reduction failed");
        }
        double[][] h = toArray(hess.getH(null));
        double[][] z = toArray(hess.getQ(null));
        for (int i = 2; i < n; i++) {
            for (int j = 0; j < i - 1; j++) {
                h[i][j] = 0.0;
            }
        }
        iterate(h, z);
        return new RealSchur(h, z, blocks(h));
    }

    private static double[][] toArray(DMatrixRMaj m) {
        double[][] out = new double[m.numRows][m.numCols];
        for (int i = 0; i < m.numRows; i++) {
            for (int j = 0; j < m.numCols; j++) {
                out[i][j] = m.get(i, j);
            }
        }
        return out;
    }

    private static void iterate(double[][] h, double[][] z) {
        int n = h.length;
        double norm = 0.0;
        for (double[] row : h) {
            for (double v : row) {
                norm = Math.max(norm, Math.abs(v));
            }
        }
        int hi = n - 1;
        int iterations = 0;
        int total = 0;
        while (hi > 0) {
            int l = hi;
            while (l > 0) {
                double s = Math.abs(h[l - 1][l - 1]) + Math.abs(h[l][l]);
                if (Math.abs(h[l][l - 1]) <= EPS * (s == 0.0 ? norm : s)) {
                    h[l][l - 1] = 0.0;
                    break;
                }
                l--;
            }
            if (l >= hi - 1) {
                // A 1x1 or 2x2 block has split off.
                hi = l == hi ? hi - 1 : hi - 2;
                iterations = 0;
                continue;
            }
            if (++total > 30 * n) {
                throw new ArithmeticException("real Schur QR iteration did not converge");
            }
            iterations++;
            double s;
            double p;
            if (iterations % 10 == 0) {
                // Exceptional shift: breaks the rare cycles of the standard one.
                double w = Math.abs(h[hi][hi - 1]) + Math.abs(h[hi - 1][hi - 2]);
                s = 1.5 * w;
                p = w * w;
            } else {
                s = h[hi - 1][hi - 1] + h[hi][hi];
                p = h[hi - 1][hi - 1] * h[hi][hi] - h[hi - 1][hi] * h[hi][hi - 1];
            }
            francisStep(h, z, l, hi, s, p);
        }
    }

    /** One implicit double-shift sweep on the active window [l, m] with shift sum s and product p. */
    private static void francisStep(double[][] h, double[][] z, int l, int m, double s, double p) {
        int n = h.length;
        double x = h[l][l] * h[l][l] + h[l][l + 1] * h[l + 1][l] - s * h[l][l] + p;
        double y = h[l + 1][l] * (h[l][l] + h[l + 1][l + 1] - s);
        double w = h[l + 1][l] * h[l + 2][l + 1];
        double[] v = new double[3];
        for (int k = l; k <= m - 2; k++) {
            double beta = householder(x, y, w, v);
            if (beta != 0.0) {
                int col0 = Math.max(l, k - 1);
                for (int j = col0; j < n; j++) {
                    double d = beta * (v[0] * h[k][j] + v[1] * h[k + 1][j] + v[2] * h[k + 2][j]);
                    h[k][j] -= d * v[0];
                    h[k + 1][j] -= d * v[1];
                    h[k + 2][j] -= d * v[2];
                }
                int rowMax = Math.min(k + 3, m);
                for (int i = 0; i <= rowMax; i++) {
                    reflectColumns(h[i], k, v, beta);
                }
                for (double[] row : z) {
                    reflectColumns(row, k, v, beta);
                }
                if (k > l) {
                    h[k + 1][k - 1] = 0.0;
                    h[k + 2][k - 1] = 0.0;
                }
            }
            x = h[k + 1][k];
            y = h[k + 2][k];
            if (k < m - 2) {
                w = h[k + 3][k];
            }
        }
        double r = Math.hypot(x, y);
        if (r != 0.0) {
            double c = x / r;
            double sn = y / r;
            for (int j = m - 2; j < n; j++) {
                double a = h[m - 1][j];
                double b = h[m][j];
                h[m - 1][j] = c * a + sn * b;
                h[m][j] = -sn * a + c * b;
            }
            for (int i = 0; i <= m; i++) {
                rotateColumns(h[i], m - 1, c, sn);
            }
            for (double[] row : z) {
                rotateColumns(row, m - 1, c, sn);
            }
            h[m][m - 2] = 0.0;
        }
    }

    private static void reflectColumns(double[] row, int k, double[] v, double beta) {
        double d = beta * (row[k] * v[0] + row[k + 1] * v[1] + row[k + 2] * v[2]);
        row[k] -= d * v[0];
        row[k + 1] -= d * v[1];
        row[k + 2] -= d * v[2];
    }

    private static void rotateColumns(double[] row, int k, double c, double s) {
        double a = row[k];
        double b = row[k + 1];
        row[k] = c * a + s * b;
        row[k + 1] = -s * a + c * b;
    }

    /** Fills v with the Householder vector mapping (x, y, w) onto the first axis; returns 2 / v'v (0: none). */
    private static double householder(double x, double y, double w, double[] v) {
        double norm = Math.sqrt(x * x + y * y + w * w);
        if (norm == 0.0) {
            return 0.0;
        }
        double alpha = x > 0 ? -norm : norm;
        v[0] = x - alpha;
        v[1] = y;
        v[2] = w;
        return 2.0 / (v[0] * v[0] + y * y + w * w);
    }

    private static int[] blocks(double[][] t) {
        int n = t.length;
        int[] starts = new int[n + 1];
        int count = 0;
        int i = 0;
        while (i < n) {
            starts[count++] = i;
            i += (i + 1 < n && t[i + 1][i] != 0.0) ? 2 : 1;
        }
        starts[count] = n;
        return java.util.Arrays.copyOf(starts, count + 1);
    }

    /** @return the largest real part of an eigenvalue (from the diagonal blocks) */
    double largestRealPart() {
        double best = Double.NEGATIVE_INFINITY;
        for (int b = 0; b + 1 < blockStarts.length; b++) {
            int i = blockStarts[b];
            if (blockStarts[b + 1] - i == 1) {
                best = Math.max(best, t[i][i]);
            } else {
                double mean = 0.5 * (t[i][i] + t[i + 1][i + 1]);
                double half = 0.5 * (t[i][i] - t[i + 1][i + 1]);
                double disc = half * half + t[i][i + 1] * t[i + 1][i];
                best = Math.max(best, disc >= 0 ? mean + Math.sqrt(disc) : mean);
            }
        }
        return best;
    }
}
