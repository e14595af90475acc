package dev.mallard.sdp;

import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * Assembles the HKM Schur complement {@code B_ij = sum over blocks of tr(A_i X^-1 A_j Y)} (for a
 * diagonal block {@code sum_k A_i[k] A_j[k] Y[k] / X[k]}), exploiting the sparsity of the constraint
 * matrices in the manner of Fujisawa, Kojima and Nakata (1997): in each dense block the constraints
 * are ordered by decreasing number of non-zeros, and row {@code i} of B is computed by whichever of
 * three formulas is cheapest for its sparsity:
 * <ol>
 *   <li>F1: form {@code H = X^-1 (A_i Y)} in full, then {@code B_ij = A_j . H} for the later j;</li>
 *   <li>F2: form {@code P = A_i Y} (only the rows in A_i's support), then the entries of H that later
 *       A_j touch, one short inner product each;</li>
 *   <li>F3: sum directly over pairs of non-zeros of A_i and A_j.</li>
 * </ol>
 * The structure (ordering, supports, formula choice, positions in the supports) is computed once per
 * problem. The rows of a large dense block are shared among the cores, row q to worker q mod workers:
 * each entry of B is still written by exactly one row's computation, after the same earlier blocks, so
 * the result is bit-for-bit the serial one.
 */
final class SchurComplement {

    private static final int F1 = 1;
    private static final int F2 = 2;
    private static final int F3 = 3;

    /** A dense block with at least this many (rows of B) x n^2 is assembled on several cores. */
    private static final double PARALLEL_WORK = 2e5;

    private final int m;
    private final DenseBlock[] dense;
    private final DiagonalBlock[] diagonal;
    private final int workers;
    /** Per worker, two scratch arrays of the largest dense block's size n^2. */
    private final double[][] scratchP;
    private final double[][] scratchH;

    /** Structure of one dense block: constraints touching it, in decreasing non-zero count. */
    private static final class DenseBlock {
        final int block;
        final int n;
        final int[] cons;
        final int[][] rows;
        final int[][] cols;
        /** Values with the diagonal halved, so that A = sum u (E_rc + E_cr). */
        final double[][] half;
        final int[][] support;
        /** For each entry, the positions of its row and column in the support. */
        final int[][] rowPos;
        final int[][] colPos;
        final int[] formula;
        /**
         * For an F1 constraint whose matrix fills at least half of the block (support all n rows), the
         * matrix in full (n x n row-major), else null: its H is then formed by two dense products.
         */
        final double[][] full;
        /**
         * Whether full[p] has all rows equal (gpp's all-ones constraint): each row of {@code Y A_i} is
         * then one number repeated, computed once per row.
         */
        final boolean[] repeatedRows;

        DenseBlock(int block, int n, int[] cons, int[][] rows, int[][] cols, double[][] half, int[][] support,
                int[] formula) {
            this.block = block;
            this.n = n;
            this.cons = cons;
            this.rows = rows;
            this.cols = cols;
            this.half = half;
            this.support = support;
            this.formula = formula;
            rowPos = new int[cons.length][];
            colPos = new int[cons.length][];
            full = new double[cons.length][];
            repeatedRows = new boolean[cons.length];
            for (int p = 0; p < cons.length; p++) {
                rowPos[p] = new int[rows[p].length];
                colPos[p] = new int[rows[p].length];
                for (int e = 0; e < rows[p].length; e++) {
                    rowPos[p][e] = Arrays.binarySearch(support[p], rows[p][e]);
                    colPos[p][e] = Arrays.binarySearch(support[p], cols[p][e]);
                }
                if (formula[p] == F1 && support[p].length == n && 4L * rows[p].length >= (long) n * n) {
                    full[p] = fullMatrix(n, rows[p], cols[p], half[p]);
                    repeatedRows[p] = rowsAllEqual(full[p], n);
                }
            }
        }
    }

    /** The symmetric matrix sum u (E_rc + E_cr) over the entries, in full. */
    private static double[] fullMatrix(int n, int[] rows, int[] cols, double[] half) {
        double[] a = new double[n * n];
        for (int e = 0; e < rows.length; e++) {
            a[rows[e] * n + cols[e]] += half[e];
            a[cols[e] * n + rows[e]] += half[e];
        }
        return a;
    }

    /** Whether every row of the n x n row-major matrix a equals its first row. */
    private static boolean rowsAllEqual(double[] a, int n) {
        for (int t = n; t < n * n; t++) {
            if (Double.compare(a[t], a[t % n]) != 0) {
                return false;
            }
        }
        return true;
    }

    /** Structure of one diagonal block: for each diagonal position, the constraints touching it. */
    private static final class DiagonalBlock {
        final int block;
        final int[][] cons;
        final double[][] values;

        DiagonalBlock(int block, int[][] cons, double[][] values) {
            this.block = block;
            this.cons = cons;
            this.values = values;
        }
    }

    /** Shares large blocks among all cores if there are several. */
    SchurComplement(SdpProblem problem) {
        this(problem, DenseKernels.PARALLEL ? Runtime.getRuntime().availableProcessors() : 1);
    }

    /**
     * @param problem the problem whose structure is analysed; not modified
     * @param workers how many workers share a large block's rows ({@code >= 1})
     */
    SchurComplement(SdpProblem problem, int workers) {
        m = problem.constraintCount();
        int blocks = problem.blockCount();
        int denseCount = 0;
        for (int b = 0; b < blocks; b++) {
            denseCount += problem.isDiagonal(b) ? 0 : 1;
        }
        dense = new DenseBlock[denseCount];
        diagonal = new DiagonalBlock[blocks - denseCount];
        int d = 0;
        int g = 0;
        for (int b = 0; b < blocks; b++) {
            if (problem.isDiagonal(b)) {
                diagonal[g++] = diagonalStructure(problem, b);
            } else {
                dense[d++] = denseStructure(problem, b);
            }
        }
        int maxDense = 1;
        for (DenseBlock block : dense) {
            maxDense = Math.max(maxDense, block.n);
        }
        this.workers = workers;
        scratchP = new double[workers][maxDense * maxDense];
        scratchH = new double[workers][maxDense * maxDense];
    }

    private DenseBlock denseStructure(SdpProblem problem, int b) {
        int n = problem.blockSize(b);
        BlockEntries[] e = problem.entries[b];
        Integer[] order = new Integer[m];
        int count = 0;
        for (int i = 0; i < m; i++) {
            if (e[i + 1].size > 0) {
                order[count++] = i;
            }
        }
        Arrays.sort(order, 0, count, (p, q) -> Integer.compare(e[q + 1].size, e[p + 1].size));
        int[] cons = new int[count];
        int[][] rows = new int[count][];
        int[][] cols = new int[count][];
        double[][] half = new double[count][];
        int[][] support = new int[count][];
        for (int p = 0; p < count; p++) {
            BlockEntries entries = e[order[p] + 1];
            cons[p] = order[p];
            rows[p] = entries.rows;
            cols[p] = entries.cols;
            half[p] = entries.values.clone();
            boolean[] inSupport = new boolean[n];
            for (int k = 0; k < entries.size; k++) {
                if (entries.rows[k] == entries.cols[k]) {
                    half[p][k] *= 0.5;
                }
                inSupport[entries.rows[k]] = true;
                inSupport[entries.cols[k]] = true;
            }
            int s = 0;
            int[] sup = new int[n];
            for (int r = 0; r < n; r++) {
                if (inSupport[r]) {
                    sup[s++] = r;
                }
            }
            support[p] = Arrays.copyOf(sup, s);
        }
        return new DenseBlock(b, n, cons, rows, cols, half, support, chooseFormulas(n, rows, support));
    }

    /** Picks per row the cheapest of F1, F2, F3 by operation counts. */
    private static int[] chooseFormulas(int n, int[][] rows, int[][] support) {
        int count = rows.length;
        int[] formula = new int[count];
        double later = 0;
        for (int p = count - 1; p >= 0; p--) {
            later += rows[p].length;
            double u = rows[p].length;
            double s = support[p].length;
            double f1 = (double) n * n * s + 2.0 * n * u + 2 * later;
            double f2 = 2.0 * n * u + 2 * s * later;
            double f3 = 8 * u * later;
            formula[p] = f3 <= Math.min(f1, f2) ? F3 : (f2 <= f1 ? F2 : F1);
        }
        return formula;
    }

    private DiagonalBlock diagonalStructure(SdpProblem problem, int b) {
        int n = problem.blockSize(b);
        BlockEntries[] e = problem.entries[b];
        int[] counts = new int[n];
        for (int i = 0; i < m; i++) {
            for (int k = 0; k < e[i + 1].size; k++) {
                counts[e[i + 1].rows[k]]++;
            }
        }
        int[][] cons = new int[n][];
        double[][] values = new double[n][];
        for (int r = 0; r < n; r++) {
            cons[r] = new int[counts[r]];
            values[r] = new double[counts[r]];
        }
        Arrays.fill(counts, 0);
        for (int i = 0; i < m; i++) {
            for (int k = 0; k < e[i + 1].size; k++) {
                int r = e[i + 1].rows[k];
                cons[r][counts[r]] = i;
                values[r][counts[r]++] = e[i + 1].values[k];
            }
        }
        return new DiagonalBlock(b, cons, values);
    }

    /**
     * Writes the Schur complement into {@code out} (m x m, row-major, overwritten).
     *
     * @param inverseX per block, X^-1 (dense blocks n*n, diagonal blocks their n entries); not modified
     * @param y per block, Y; not modified
     */
    void assemble(double[][] inverseX, double[][] y, double[] out) {
        Arrays.fill(out, 0, m * m, 0);
        for (DenseBlock block : dense) {
            double[] z = inverseX[block.block];
            double[] yb = y[block.block];
            if (workers > 1 && (double) block.cons.length * block.n * block.n >= PARALLEL_WORK) {
                IntStream.range(0, workers).parallel().forEach(t -> assembleDense(block, z, yb, out, t, workers));
            } else {
                assembleDense(block, z, yb, out, 0, 1);
            }
        }
        for (DiagonalBlock block : diagonal) {
            assembleDiagonal(block, inverseX[block.block], y[block.block], out);
        }
    }

    private void assembleDiagonal(DiagonalBlock block, double[] z, double[] y, double[] out) {
        for (int r = 0; r < block.cons.length; r++) {
            int[] cons = block.cons[r];
            double[] v = block.values[r];
            double weight = z[r] * y[r];
            for (int s = 0; s < cons.length; s++) {
                double vs = v[s] * weight;
                int rowS = cons[s] * m;
                for (int t = s; t < cons.length; t++) {
                    double add = vs * v[t];
                    out[rowS + cons[t]] += add;
                    if (t != s) {
                        out[cons[t] * m + cons[s]] += add;
                    }
                }
            }
        }
    }

    /** The rows first, first + stride, ... of the block's contribution, with worker first's scratch. */
    private void assembleDense(DenseBlock block, double[] z, double[] y, double[] out, int first, int stride) {
        int n = block.n;
        double[] p = scratchP[first];
        double[] h = scratchH[first];
        for (int q = first; q < block.cons.length; q += stride) {
            switch (block.formula[q]) {
                case F3 -> rowByPairs(block, q, z, y, out);
                case F2 -> {
                    productRows(block, q, y, p);
                    rowByEntries(block, q, z, p, h, out);
                }
                default -> {
                    if (block.full[q] != null) {
                        // p = Y A_i = (A_i Y)', h = Z (A_i Y): the same terms in the same order as
                        // productRows and fullProduct (entries sorted by row, then column), blocked.
                        if (block.repeatedRows[q]) {
                            productWithRepeatedRows(y, block.full[q], p, n);
                        } else {
                            DenseKernels.multTransB(y, block.full[q], p, n);
                        }
                        DenseKernels.multTransB(z, p, h, n);
                    } else {
                        productRows(block, q, y, p);
                        fullProduct(block.support[q], z, p, h, n);
                    }
                    rowFromFull(block, q, h, out);
                }
            }
        }
    }

    /**
     * p = y a' for an a whose rows all equal its first row r: entry (i, j) is {@code sum_k y_ik r_k}
     * for every j, summed once per row from 0 in the order k = 0, 1, ..., exactly as
     * {@link DenseKernels#multTransB} sums each entry, so p is bit for bit that product.
     */
    static void productWithRepeatedRows(double[] y, double[] a, double[] p, int n) {
        for (int i = 0; i < n; i++) {
            int row = i * n;
            double s = 0;
            for (int k = 0; k < n; k++) {
                s += y[row + k] * a[k];
            }
            Arrays.fill(p, row, row + n, s);
        }
    }

    private void add(double[] out, int i, int j, double value) {
        out[i * m + j] += value;
        if (i != j) {
            out[j * m + i] += value;
        }
    }

    /** F3: B_ij = sum over non-zero pairs u w (Z_bc Y_da + Z_bd Y_ca + Z_ac Y_db + Z_ad Y_cb). */
    private void rowByPairs(DenseBlock block, int p, double[] z, double[] y, double[] out) {
        int n = block.n;
        int[] ri = block.rows[p];
        int[] ci = block.cols[p];
        double[] ui = block.half[p];
        for (int q = p; q < block.cons.length; q++) {
            int[] rj = block.rows[q];
            int[] cj = block.cols[q];
            double[] uj = block.half[q];
            double s = 0;
            for (int e = 0; e < ri.length; e++) {
                int a = ri[e];
                int b = ci[e];
                int an = a * n;
                int bn = b * n;
                double t = 0;
                for (int f = 0; f < rj.length; f++) {
                    int c = rj[f];
                    int d = cj[f];
                    t += uj[f] * (z[bn + c] * y[d * n + a] + z[bn + d] * y[c * n + a]
                            + z[an + c] * y[d * n + b] + z[an + d] * y[c * n + b]);
                }
                s += ui[e] * t;
            }
            add(out, block.cons[p], block.cons[q], s);
        }
    }

    /** P (support rows x n) = the rows of A_i Y in A_i's support, in support order. */
    private static void productRows(DenseBlock block, int p, double[] y, double[] out) {
        int n = block.n;
        int[] support = block.support[p];
        Arrays.fill(out, 0, support.length * n, 0);
        int[] rows = block.rows[p];
        int[] cols = block.cols[p];
        int[] rowPos = block.rowPos[p];
        int[] colPos = block.colPos[p];
        double[] half = block.half[p];
        for (int e = 0; e < rows.length; e++) {
            int a = rows[e];
            int b = cols[e];
            if (a == b) {
                axpy(2 * half[e], y, b * n, out, rowPos[e] * n, n);
            } else {
                axpy(half[e], y, b * n, out, rowPos[e] * n, n);
                axpy(half[e], y, a * n, out, colPos[e] * n, n);
            }
        }
    }

    private static void axpy(double alpha, double[] x, int xOff, double[] y, int yOff, int n) {
        for (int k = 0; k < n; k++) {
            y[yOff + k] += alpha * x[xOff + k];
        }
    }

    /**
     * F2: the entries (c, d) and (d, c) of H = Z P that each later A_j touches. With s the support's size,
     * P (s x n) is first transposed into pt (n x s) and the support's columns of Z gathered into P's place
     * (n x s), so that each entry is a dot product of two contiguous rows, its terms in support order as
     * before.
     */
    private void rowByEntries(DenseBlock block, int p, double[] z, double[] prod, double[] pt, double[] out) {
        int n = block.n;
        int[] support = block.support[p];
        int s = support.length;
        for (int k = 0; k < s; k++) {
            int kn = k * n;
            for (int d = 0; d < n; d++) {
                pt[d * s + k] = prod[kn + d];
            }
        }
        double[] zs = prod;
        for (int c = 0; c < n; c++) {
            int cn = c * n;
            int cs = c * s;
            for (int k = 0; k < s; k++) {
                zs[cs + k] = z[cn + support[k]];
            }
        }
        for (int q = p; q < block.cons.length; q++) {
            int[] rj = block.rows[q];
            int[] cj = block.cols[q];
            double[] uj = block.half[q];
            double sum = 0;
            for (int f = 0; f < rj.length; f++) {
                int cs = rj[f] * s;
                int ds = cj[f] * s;
                double hcd = 0;
                double hdc = 0;
                for (int k = 0; k < s; k++) {
                    hcd += zs[cs + k] * pt[ds + k];
                    hdc += zs[ds + k] * pt[cs + k];
                }
                sum += uj[f] * (hcd + hdc);
            }
            add(out, block.cons[p], block.cons[q], sum);
        }
    }

    /** H (n x n) = Z[:, support] P. */
    private static void fullProduct(int[] support, double[] z, double[] prod, double[] h, int n) {
        Arrays.fill(h, 0, n * n, 0);
        for (int c = 0; c < n; c++) {
            int cn = c * n;
            for (int k = 0; k < support.length; k++) {
                double zck = z[cn + support[k]];
                if (zck != 0) {
                    axpy(zck, prod, k * n, h, cn, n);
                }
            }
        }
    }

    /** F1: B_ij = sum over A_j's entries u (H_cd + H_dc). */
    private void rowFromFull(DenseBlock block, int p, double[] h, double[] out) {
        int n = block.n;
        for (int q = p; q < block.cons.length; q++) {
            int[] rj = block.rows[q];
            int[] cj = block.cols[q];
            double[] uj = block.half[q];
            double sum = 0;
            for (int f = 0; f < rj.length; f++) {
                sum += uj[f] * (h[rj[f] * n + cj[f]] + h[cj[f] * n + rj[f]]);
            }
            add(out, block.cons[p], block.cons[q], sum);
        }
    }
}
