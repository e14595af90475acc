package dev.mallard.sdp;

import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * Blocked Cholesky factorisation {@code A = L L'} of a dense symmetric positive definite matrix stored
 * row-major in a {@code double[]}, and solves with the factor.
 *
 * <p>Why not EJML: measured on the 498 x 498 Schur complement of theta2, EJML 0.44's row-major inner
 * Cholesky ({@code LinearSolverFactory_DDRM.chol}) runs at about 2.5 GFlop/s, and its blocked variants
 * ({@code CholeskyDecompositionBlock_DDRM}, {@code _MT_DDRM}, the block-format {@code LinearSolverChol_DDRB}
 * with {@code CholeskyOuterSolver_MT_DDRB}, {@code LinearSolverFactory_MT_DDRM.chol}) at 1.2 to 2.2: their
 * inner loops are dot products (one dependent chain) or axpys that load and store the output once per
 * multiply-add. Here the right-looking blocked form spends almost all flops in the update of the trailing
 * matrix, {@code A22 -= L21 L21'}, four rows at a time, with the groups of rows shared among the cores.
 * That update first ran in 4 x 4 tiles held in registers (16 scalar multiply-adds per 8 loads; measured
 * on a loaded two-core machine, n = 498: 14.5 to 20 ms against EJML's 16 to 28 ms). It now runs over
 * the panel's columns as separate arrays, one term k at a time across a chunk of the four rows, a loop the
 * JIT turns into vector instructions: 2 to 3.5 times faster again (one core, warm: n = 500 5.5 to 2.9 ms,
 * n = 1000 91 to 34 ms, n = 2000 670 to 420 ms; two cores, n = 2000, 560 to 161 ms).
 *
 * <p>Every entry is computed with exactly the operations of EJML's inner-product Cholesky (and of the
 * plain unblocked loop): {@code A_ij} minus the terms {@code L_ik L_jk} one at a time
 * in the order k = 0, 1, ..., then times {@code 1 / L_jj}. Blocking only regroups independent entries, so
 * the factor is bit for bit EJML's, on any number of cores and for any panel width.
 */
final class BlockedCholesky {

    /** Columns per panel: the terms k subtracted from the trailing matrix in one pass over it. */
    private static final int PANEL = 48;
    /** From this dimension on, the trailing updates are shared among the cores. */
    private static final int PARALLEL_SIZE = 192;

    /** Columns per chunk of {@link #updateRows}: four rows' chunks stay in L1. */
    private static final int CHUNK = 512;
    /** Per thread, four rows of scratch of {@link #updateRows}. */
    private static final ThreadLocal<double[][]> ROWS = new ThreadLocal<>();
    /** Per thread, the transposed panel of {@link #factor}: PANEL rows of at least n. */
    private static final ThreadLocal<double[][]> PANEL_T = new ThreadLocal<>();

    private BlockedCholesky() {
    }

    /**
     * Overwrites the lower triangle of {@code a} with the Cholesky factor L ({@code a = L L'}) and zeros
     * the strict upper triangle. Only the lower triangle of {@code a} is read.
     *
     * @param a the n x n row-major matrix; modified (garbage if the result is false)
     * @param n the dimension
     * @return false if {@code a} is not numerically positive definite (a pivot was not positive or NaN)
     */
    static boolean factor(double[] a, int n) {
        boolean parallel = DenseKernels.PARALLEL && n >= PARALLEL_SIZE;
        // The panel's columns, transposed: one array for all panels (each fills the rows the update reads),
        // kept per thread from one factorisation to the next.
        double[][] panelT = n > PANEL ? panelScratch(n) : null;
        for (int panel = 0; panel < n; panel += PANEL) {
            int start = panel;
            int end = Math.min(start + PANEL, n);
            if (!factorDiagonalBlock(a, n, start, end)) {
                return false;
            }
            // The panel rows below the diagonal block, then the trailing matrix: updating row i reads
            // the panel rows up to i, so every panel row must be done before any update.
            int tiles = (n - end + 3) / 4;
            if (parallel && tiles > 1) {
                IntStream.range(0, tiles).parallel().forEach(t -> panelRows(a, n, start, end, end + 4 * t));
            } else {
                for (int t = 0; t < tiles; t++) {
                    panelRows(a, n, start, end, end + 4 * t);
                }
            }
            if (end < n) {
                transposePanel(a, n, start, end, panelT);
                if (parallel && tiles > 1) {
                    IntStream.range(0, tiles).parallel().forEach(t -> updateRows(a, n, start, end, end + 4 * t,
                            panelT));
                } else {
                    for (int t = 0; t < tiles; t++) {
                        updateRows(a, n, start, end, end + 4 * t, panelT);
                    }
                }
            }
        }
        for (int i = 0; i < n; i++) {
            Arrays.fill(a, i * n + i + 1, i * n + n, 0);
        }
        return true;
    }

    /** This thread's transposed panel, PANEL rows of at least n (contents left from earlier use). */
    private static double[][] panelScratch(int n) {
        double[][] panelT = PANEL_T.get();
        if (panelT == null || panelT[0].length < n) {
            panelT = new double[PANEL][n];
            PANEL_T.set(panelT);
        }
        return panelT;
    }

    /** panelT[k][j] = L[j][start + k] for the rows j >= end (the panel's columns, each as one array). */
    private static void transposePanel(double[] a, int n, int start, int end, double[][] panelT) {
        for (int j = end; j < n; j++) {
            int rowJ = j * n + start;
            for (int k = 0; k < end - start; k++) {
                panelT[k][j] = a[rowJ + k];
            }
        }
    }

    /**
     * Rows first..first+3 (up to n) of the trailing update {@code A[i][j] -= L[i][k] L[j][k]} for
     * {@code start <= k < end}, {@code end <= j <= i}. A full group of four rows is copied into scratch
     * arrays indexed like the panel's columns (the JIT does not vectorise a loop over two offsets into what
     * might be one array, and does this one), and each term k is subtracted from a chunk of the four rows
     * at once, {@code row_i[j] -= L_ik panelT[k][j]}; the last, partial group goes entry by entry.
     */
    private static void updateRows(double[] a, int n, int start, int end, int first, double[][] panelT) {
        if (first + 4 > n) {
            lastRows(a, n, start, end, first);
            return;
        }
        double[][] rows = ROWS.get();
        if (rows == null || rows[0].length < n) {
            rows = new double[4][n];
            ROWS.set(rows);
        }
        double[] r0 = rows[0];
        double[] r1 = rows[1];
        double[] r2 = rows[2];
        double[] r3 = rows[3];
        int length = first + 4 - end;
        System.arraycopy(a, first * n + end, r0, end, length);
        System.arraycopy(a, (first + 1) * n + end, r1, end, length);
        System.arraycopy(a, (first + 2) * n + end, r2, end, length);
        System.arraycopy(a, (first + 3) * n + end, r3, end, length);
        int row0 = first * n;
        int row1 = row0 + n;
        int row2 = row1 + n;
        int row3 = row2 + n;
        // Columns end..first + 3 of all four rows (beyond a row's diagonal the results are discarded).
        for (int from = end; from < first + 4; from += CHUNK) {
            int to = Math.min(from + CHUNK, first + 4);
            for (int k = start; k < end; k++) {
                double[] column = panelT[k - start];
                subtractScaled(r0, r1, r2, r3, column, a[row0 + k], a[row1 + k], a[row2 + k], a[row3 + k], from, to);
            }
        }
        System.arraycopy(r0, end, a, row0 + end, first + 1 - end);
        System.arraycopy(r1, end, a, row1 + end, first + 2 - end);
        System.arraycopy(r2, end, a, row2 + end, first + 3 - end);
        System.arraycopy(r3, end, a, row3 + end, first + 4 - end);
    }

    /** r_q[j] -= x_q c[j] for q = 0..3 and from <= j < to, each product and difference rounded. */
    private static void subtractScaled(double[] r0, double[] r1, double[] r2, double[] r3, double[] c, double x0,
            double x1, double x2, double x3, int from, int to) {
        for (int j = from; j < to; j++) {
            double cj = c[j];
            r0[j] -= x0 * cj;
            r1[j] -= x1 * cj;
            r2[j] -= x2 * cj;
            r3[j] -= x3 * cj;
        }
    }

    /** Unblocked Cholesky of the diagonal block [start, end), whose earlier panels are already applied. */
    private static boolean factorDiagonalBlock(double[] a, int n, int start, int end) {
        for (int j = start; j < end; j++) {
            int rowJ = j * n;
            double d = subtractProducts(a[rowJ + j], a, rowJ, rowJ, start, j);
            if (!(d > 0)) {
                return false;
            }
            double ljj = Math.sqrt(d);
            a[rowJ + j] = ljj;
            double inverse = 1 / ljj;
            for (int i = j + 1; i < end; i++) {
                int rowI = i * n;
                a[rowI + j] = subtractProducts(a[rowI + j], a, rowI, rowJ, start, j) * inverse;
            }
        }
        return true;
    }

    /**
     * Rows first..first+3 (up to n) of the panel: L[i][start..end) = A[i][start..end) L11^-T, the rows
     * side by side so that their four dependent chains of subtractions overlap.
     */
    private static void panelRows(double[] a, int n, int start, int end, int first) {
        if (first + 4 > n) {
            for (int i = first; i < n; i++) {
                int rowI = i * n;
                for (int j = start; j < end; j++) {
                    int rowJ = j * n;
                    a[rowI + j] = subtractProducts(a[rowI + j], a, rowI, rowJ, start, j) * (1 / a[rowJ + j]);
                }
            }
            return;
        }
        int r0 = first * n;
        int r1 = r0 + n;
        int r2 = r1 + n;
        int r3 = r2 + n;
        for (int j = start; j < end; j++) {
            int rowJ = j * n;
            double s0 = a[r0 + j];
            double s1 = a[r1 + j];
            double s2 = a[r2 + j];
            double s3 = a[r3 + j];
            for (int k = start; k < j; k++) {
                double y = a[rowJ + k];
                s0 -= a[r0 + k] * y;
                s1 -= a[r1 + k] * y;
                s2 -= a[r2 + k] * y;
                s3 -= a[r3 + k] * y;
            }
            double inverse = 1 / a[rowJ + j];
            a[r0 + j] = s0 * inverse;
            a[r1 + j] = s1 * inverse;
            a[r2 + j] = s2 * inverse;
            a[r3 + j] = s3 * inverse;
        }
    }

    /** The rows first..n-1 (fewer than four) of the trailing update, entry by entry. */
    private static void lastRows(double[] a, int n, int start, int end, int first) {
        for (int i = first; i < n; i++) {
            int rowI = i * n;
            int j = end;
            for (; j + 4 <= i + 1; j += 4) {
                updateRowTile(a, n, start, end, rowI, j);
            }
            for (; j <= i; j++) {
                a[rowI + j] = subtractProducts(a[rowI + j], a, rowI, j * n, start, end);
            }
        }
    }

    /**
     * Entries j..j+3 of row i (at rowI) of the trailing update, for the last, partial group of rows: four
     * independent chains, each subtracting its terms in the order k = start, ..., end - 1.
     */
    private static void updateRowTile(double[] a, int n, int start, int end, int rowI, int j) {
        int b0 = j * n;
        int b1 = b0 + n;
        int b2 = b1 + n;
        int b3 = b2 + n;
        double s0 = a[rowI + j];
        double s1 = a[rowI + j + 1];
        double s2 = a[rowI + j + 2];
        double s3 = a[rowI + j + 3];
        for (int k = start; k < end; k++) {
            double x = a[rowI + k];
            s0 -= x * a[b0 + k];
            s1 -= x * a[b1 + k];
            s2 -= x * a[b2 + k];
            s3 -= x * a[b3 + k];
        }
        a[rowI + j] = s0;
        a[rowI + j + 1] = s1;
        a[rowI + j + 2] = s2;
        a[rowI + j + 3] = s3;
    }

    /**
     * Overwrites {@code b} with {@code (L L')^-1 b}: forward substitution by rows of L, then back
     * substitution by columns of L, each entry's terms subtracted in increasing index order (EJML's
     * order, so that the solution too is bit for bit EJML's).
     *
     * @param lower the factor from {@link #factor} (n x n row-major); not modified
     * @param n the dimension
     * @param b the right-hand side (length at least n); modified
     */
    static void solve(double[] lower, int n, double[] b) {
        for (int i = 0; i < n; i++) {
            int rowI = i * n;
            b[i] = subtractProducts(b[i], lower, rowI, b, 0, 0, i) / lower[rowI + i];
        }
        for (int i = n - 1; i >= 0; i--) {
            double s = b[i];
            for (int k = i + 1; k < n; k++) {
                s -= lower[k * n + i] * b[k];
            }
            b[i] = s / lower[i * n + i];
        }
    }

    /**
     * Copies the factor's strict lower triangle onto the strict upper one ({@code a[i][j] = L[j][i]}, j > i),
     * in square tiles, for {@link #solveTransposed}.
     *
     * @param a a factor from {@link #factor} (n x n row-major); its strict upper triangle is overwritten
     * @param n the dimension
     */
    static void copyLowerToUpper(double[] a, int n) {
        int tile = 32;
        for (int i0 = 0; i0 < n; i0 += tile) {
            int i1 = Math.min(i0 + tile, n);
            for (int j0 = i0; j0 < n; j0 += tile) {
                int j1 = Math.min(j0 + tile, n);
                for (int i = i0; i < i1; i++) {
                    int rowI = i * n;
                    for (int j = Math.max(j0, i + 1); j < j1; j++) {
                        a[rowI + j] = a[j * n + i];
                    }
                }
            }
        }
    }

    /**
     * As {@link #solve}, for a factor whose upper triangle holds L' ({@link #copyLowerToUpper}): the back
     * substitution reads row i of L' instead of column i of L (one cache line per eight terms instead of one
     * per term), and the forward substitution goes four rows at a time ({@link #forwardRows}), with the same
     * operations in the same order, so the solution is bit for bit {@link #solve}'s.
     *
     * @param factor the factor with L' copied onto its upper triangle (n x n row-major); not modified
     * @param n the dimension
     * @param b the right-hand side (length at least n); modified
     */
    static void solveTransposed(double[] factor, int n, double[] b) {
        int i = 0;
        for (; i + 4 <= n; i += 4) {
            forwardRows(factor, n, b, i);
        }
        for (; i < n; i++) {
            int rowI = i * n;
            b[i] = subtractProducts(b[i], factor, rowI, b, 0, 0, i) / factor[rowI + i];
        }
        for (i = n - 1; i >= 0; i--) {
            int rowI = i * n;
            b[i] = subtractProducts(b[i], factor, rowI, b, 0, i + 1, n) / factor[rowI + i];
        }
    }

    /**
     * Rows i..i+3 of the forward substitution: their terms k < i as four independent chains side by side
     * (one chain waits on each subtraction; four overlap), then each row's remaining terms in order, so
     * every b_r is the same sum, in the same order, as one row at a time.
     */
    private static void forwardRows(double[] factor, int n, double[] b, int i) {
        int r0 = i * n;
        int r1 = r0 + n;
        int r2 = r1 + n;
        int r3 = r2 + n;
        double s0 = b[i];
        double s1 = b[i + 1];
        double s2 = b[i + 2];
        double s3 = b[i + 3];
        for (int k = 0; k < i; k++) {
            double bk = b[k];
            s0 -= factor[r0 + k] * bk;
            s1 -= factor[r1 + k] * bk;
            s2 -= factor[r2 + k] * bk;
            s3 -= factor[r3 + k] * bk;
        }
        double b0 = s0 / factor[r0 + i];
        s1 -= factor[r1 + i] * b0;
        double b1 = s1 / factor[r1 + i + 1];
        s2 -= factor[r2 + i] * b0;
        s2 -= factor[r2 + i + 1] * b1;
        double b2 = s2 / factor[r2 + i + 2];
        s3 -= factor[r3 + i] * b0;
        s3 -= factor[r3 + i + 1] * b1;
        s3 -= factor[r3 + i + 2] * b2;
        b[i] = b0;
        b[i + 1] = b1;
        b[i + 2] = b2;
        b[i + 3] = s3 / factor[r3 + i + 3];
    }

    /** value - x[xRow + k] x[yRow + k] for k = from, ..., to - 1, one term at a time in that order. */
    private static double subtractProducts(double value, double[] x, int xRow, int yRow, int from, int to) {
        return subtractProducts(value, x, xRow, x, yRow, from, to);
    }

    /** value - x[xRow + k] y[yRow + k] for k = from, ..., to - 1, one term at a time in that order. */
    private static double subtractProducts(double value, double[] x, int xRow, double[] y, int yRow, int from,
            int to) {
        double s = value;
        for (int k = from; k < to; k++) {
            s -= x[xRow + k] * y[yRow + k];
        }
        return s;
    }
}
