package dev.mallard.systems.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.dense.row.decomposition.hessenberg.HessenbergSimilarDecomposition_DDRM;
import org.ejml.interfaces.decomposition.QRDecomposition;

/**
 * The real Schur decomposition {@code A = U T U'}: U orthogonal, T upper quasi-triangular with 1x1 diagonal
 * blocks for real eigenvalues and 2x2 blocks for complex conjugate pairs. A 2x2 block with real eigenvalues is
 * always split, so every block is either one real eigenvalue or one complex pair. {@link #reorder} moves
 * chosen eigenvalues to the leading blocks (as LAPACK's {@code dtrsen}), which gives an orthonormal basis of
 * their invariant subspace in the leading columns of U: the Riccati solvers rest on this.
 *
 * <p>Why Mallard keeps its own: the linear algebra library on Mallard's class path, EJML 0.44, offers the
 * Householder Hessenberg reduction (used here) and eigenvalues and eigenvectors by a double-shift QR
 * ({@code WatchedDoubleStepQREigen_DDRM}), but neither exposes the Schur vectors nor reorders the Schur form;
 * eigenvectors are no substitute for an invariant-subspace basis (they are ill-conditioned near multiple
 * eigenvalues, for instance the double integrator's). Hipparchus, which has a Riccati solver, is deliberately
 * kept off the simulator's class path (Mallard, EJML, ASM and Jackson only). So the Francis implicit double-shift
 * QR iteration and the block swapping are written here, O(n^3). Immutable.
 */
public final class RealSchur {

    private static final double EPS = Math.ulp(1.0);

    /** Chooses eigenvalues, each given by its real and imaginary part (both parts of a conjugate pair). */
    @FunctionalInterface
    public interface Selector {
        /**
         * @param re the real part
         * @param im the imaginary part (0 for a real eigenvalue; the positive one of a conjugate pair)
         * @return whether the eigenvalue is selected
         */
        boolean select(double re, double im);
    }

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
     * @throws IllegalArgumentException if A is null, not square or has a non-finite entry (naming the entry)
     * @throws ArithmeticException if the QR iteration does not converge (in 30 n sweeps)
     */
    public static RealSchur of(double[][] a) {
        int n = Dense.checkSquare(a, "A", true);
        if (n == 0) {
            return new RealSchur(new double[0][0], new double[0][0], new int[] {0});
        }
        HessenbergSimilarDecomposition_DDRM hess = new HessenbergSimilarDecomposition_DDRM();
        if (!hess.decompose(new DMatrixRMaj(a))) {
            throw new ArithmeticException("Hessenberg reduction failed");
        }
        double[][] h = Dense.toArray(hess.getH(null));
        double[][] z = Dense.toArray(hess.getQ(null));
        for (int i = 2; i < n; i++) {
            for (int j = 0; j < i - 1; j++) {
                h[i][j] = 0.0;
            }
        }
        iterate(h, z);
        List<Integer> starts = new ArrayList<>();
        int i = 0;
        while (i < n) {
            boolean pair = i + 1 < n && h[i + 1][i] != 0.0;
            if (pair && splitIfReal(h, z, i)) {
                pair = false;
            }
            starts.add(i);
            i += pair ? 2 : 1;
        }
        return new RealSchur(h, z, toStarts(starts, n));
    }

    /** @return the quasi-triangular factor T, a copy */
    public double[][] t() {
        return Dense.copy(t);
    }

    /** @return the orthogonal factor U (A = U T U'), a copy */
    public double[][] u() {
        return Dense.copy(u);
    }

    /** @return the start row of each diagonal block of T followed by n, a copy */
    public int[] blockStarts() {
        return blockStarts.clone();
    }

    /** @return the matrix dimension n */
    public int size() {
        return t.length;
    }

    /**
     * The same decomposition with the selected eigenvalues moved to the leading diagonal blocks (their relative
     * order kept), so that the first {@code k} columns of the new U span their invariant subspace, where
     * {@code k} is their number counted with multiplicity (see {@link #leadingSelected}).
     *
     * @param selector chooses eigenvalues; a conjugate pair is chosen as a whole
     * @return the reordered decomposition; this one is not modified
     */
    public RealSchur reorder(Selector selector) {
        double[][] tt = Dense.copy(t);
        double[][] uu = Dense.copy(u);
        List<Integer> sizes = new ArrayList<>();
        for (int b = 0; b + 1 < blockStarts.length; b++) {
            sizes.add(blockStarts[b + 1] - blockStarts[b]);
        }
        int placed = 0;
        int row = 0;
        for (int b = 0; b < sizes.size(); b++) {
            int size = sizes.get(b);
            if (selected(tt, row, size, selector)) {
                int at = row;
                for (int k = b; k > placed; k--) {
                    int before = sizes.get(k - 1);
                    swap(tt, uu, at - before, before, size);
                    sizes.set(k, before);
                    sizes.set(k - 1, size);
                    at -= before;
                }
                placed++;
            }
            row += size;
        }
        List<Integer> starts = new ArrayList<>();
        int start = 0;
        for (int size : sizes) {
            starts.add(start);
            start += size;
        }
        return new RealSchur(tt, uu, toStarts(starts, tt.length));
    }

    /**
     * @param selector chooses eigenvalues
     * @return how many leading rows of T hold selected eigenvalues before the first unselected block
     */
    public int leadingSelected(Selector selector) {
        int rows = 0;
        for (int b = 0; b + 1 < blockStarts.length; b++) {
            int size = blockStarts[b + 1] - blockStarts[b];
            if (!selected(t, blockStarts[b], size, selector)) {
                break;
            }
            rows += size;
        }
        return rows;
    }

    /** @return the eigenvalues as rows {@code {re, im}}, in the order of the diagonal blocks */
    public double[][] eigenvalues() {
        double[][] out = new double[t.length][];
        for (int b = 0; b + 1 < blockStarts.length; b++) {
            int i = blockStarts[b];
            if (blockStarts[b + 1] - i == 1) {
                out[i] = new double[] {t[i][i], 0.0};
            } else {
                double[] pair = complexPair(t, i);
                out[i] = new double[] {pair[0], pair[1]};
                out[i + 1] = new double[] {pair[0], -pair[1]};
            }
        }
        return out;
    }

    /** @return the largest real part of an eigenvalue ({@code -Infinity} for n = 0) */
    public double largestRealPart() {
        double best = Double.NEGATIVE_INFINITY;
        for (double[] e : eigenvalues()) {
            best = Math.max(best, e[0]);
        }
        return best;
    }

    /** @return the spectral radius, the largest modulus of an eigenvalue (0 for n = 0) */
    public double spectralRadius() {
        double best = 0.0;
        for (double[] e : eigenvalues()) {
            best = Math.max(best, Math.hypot(e[0], e[1]));
        }
        return best;
    }

    private static int[] toStarts(List<Integer> starts, int n) {
        int[] out = new int[starts.size() + 1];
        for (int k = 0; k < starts.size(); k++) {
            out[k] = starts.get(k);
        }
        out[starts.size()] = n;
        return out;
    }

    private static boolean selected(double[][] t, int row, int size, Selector selector) {
        if (size == 1) {
            return selector.select(t[row][row], 0.0);
        }
        double[] pair = complexPair(t, row);
        return selector.select(pair[0], pair[1]);
    }

    /** The real part and positive imaginary part of the complex pair of the 2x2 block at row i. */
    private static double[] complexPair(double[][] t, int i) {
        double mean = 0.5 * (t[i][i] + t[i + 1][i + 1]);
        double half = 0.5 * (t[i][i] - t[i + 1][i + 1]);
        double disc = half * half + t[i][i + 1] * t[i + 1][i];
        return new double[] {mean, Math.sqrt(Math.max(0.0, -disc))};
    }

    /**
     * Splits the 2x2 block at row i into two 1x1 blocks by a rotation if its eigenvalues are real.
     *
     * @return whether it was split
     */
    private static boolean splitIfReal(double[][] h, double[][] z, int i) {
        double a = h[i][i];
        double b = h[i][i + 1];
        double c = h[i + 1][i];
        double d = h[i + 1][i + 1];
        double half = 0.5 * (a - d);
        double disc = half * half + b * c;
        if (disc < 0.0) {
            return false;
        }
        double mean = 0.5 * (a + d);
        double root = Math.sqrt(disc);
        // The eigenvalue farther from the mean of the diagonal is computed without cancellation.
        double lambda = mean + (half >= 0 ? root : -root);
        // An eigenvector (x, y) of lambda: from the row with the larger entries, for accuracy.
        double x1 = b;
        double y1 = lambda - a;
        double x2 = lambda - d;
        double y2 = c;
        double x = Math.hypot(x1, y1) >= Math.hypot(x2, y2) ? x1 : x2;
        double y = Math.hypot(x1, y1) >= Math.hypot(x2, y2) ? y1 : y2;
        double r = Math.hypot(x, y);
        if (r == 0.0) {
            return false;
        }
        rotate(h, z, i, x / r, y / r);
        h[i + 1][i] = 0.0;
        return true;
    }

    /** Applies the rotation [[c, -s], [s, c]] to rows and columns i, i+1 of h (a similarity) and columns of z. */
    private static void rotate(double[][] h, double[][] z, int i, double c, double s) {
        int n = h.length;
        for (int j = 0; j < n; j++) {
            double p = h[i][j];
            double q = h[i + 1][j];
            h[i][j] = c * p + s * q;
            h[i + 1][j] = -s * p + c * q;
        }
        for (double[] row : h) {
            rotateColumns(row, i, c, s);
        }
        for (double[] row : z) {
            rotateColumns(row, i, c, s);
        }
    }

    /**
     * Swaps the adjacent diagonal blocks of sizes p (at row j) and q (at row j + p) by an orthogonal
     * similarity: with {@code T11 X - X T22 = T12}, the columns of {@code [-X; I]} span the invariant subspace
     * of T22's eigenvalues, and the Q of its QR factorisation moves that subspace to the front.
     */
    private static void swap(double[][] t, double[][] u, int j, int p, int q) {
        int m = p + q;
        double[][] x = smallSylvester(t, j, p, q);
        DMatrixRMaj basis = new DMatrixRMaj(m, q);
        for (int i = 0; i < p; i++) {
            for (int k = 0; k < q; k++) {
                basis.set(i, k, -x[i][k]);
            }
        }
        for (int k = 0; k < q; k++) {
            basis.set(p + k, k, 1.0);
        }
        QRDecomposition<DMatrixRMaj> qr = DecompositionFactory_DDRM.qr(m, q);
        if (!qr.decompose(basis)) {
            throw new ArithmeticException("QR factorisation failed while reordering the Schur form");
        }
        DMatrixRMaj qm = qr.getQ(null, false);
        int n = t.length;
        for (int col = 0; col < n; col++) {
            double[] v = new double[m];
            for (int r = 0; r < m; r++) {
                for (int k = 0; k < m; k++) {
                    v[r] += qm.get(k, r) * t[j + k][col];
                }
            }
            for (int r = 0; r < m; r++) {
                t[j + r][col] = v[r];
            }
        }
        multiplyColumns(t, j, qm);
        multiplyColumns(u, j, qm);
        for (int r = q; r < m; r++) {
            for (int c = 0; c < q; c++) {
                t[j + r][j + c] = 0.0;
            }
        }
        for (int r = j + m; r < n; r++) {
            for (int c = j; c < j + m; c++) {
                t[r][c] = 0.0;
            }
        }
    }

    /** Columns j .. j+m-1 of every row are replaced by their product with the m x m matrix qm. */
    private static void multiplyColumns(double[][] a, int j, DMatrixRMaj qm) {
        int m = qm.numRows;
        double[] v = new double[m];
        for (double[] row : a) {
            Arrays.fill(v, 0.0);
            for (int c = 0; c < m; c++) {
                for (int k = 0; k < m; k++) {
                    v[c] += row[j + k] * qm.get(k, c);
                }
            }
            System.arraycopy(v, 0, row, j, m);
        }
    }

    /** Solves {@code T11 X - X T22 = T12} (p x q, at most 2x2) in its Kronecker form. */
    private static double[][] smallSylvester(double[][] t, int j, int p, int q) {
        int size = p * q;
        DMatrixRMaj k = new DMatrixRMaj(size, size);
        DMatrixRMaj rhs = new DMatrixRMaj(size, 1);
        for (int r = 0; r < p; r++) {
            for (int c = 0; c < q; c++) {
                int row = r * q + c;
                for (int a = 0; a < p; a++) {
                    k.add(row, a * q + c, t[j + r][j + a]);
                }
                for (int b = 0; b < q; b++) {
                    k.add(row, r * q + b, -t[j + p + b][j + p + c]);
                }
                rhs.set(row, 0, t[j + r][j + p + c]);
            }
        }
        DMatrixRMaj sol = new DMatrixRMaj(size, 1);
        if (!CommonOps_DDRM.solve(k, rhs, sol)) {
            throw new ArithmeticException("cannot swap Schur blocks with (nearly) equal eigenvalues");
        }
        double[][] x = new double[p][q];
        for (int r = 0; r < p; r++) {
            for (int c = 0; c < q; c++) {
                x[r][c] = sol.get(r * q + c, 0);
            }
        }
        return x;
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
}
