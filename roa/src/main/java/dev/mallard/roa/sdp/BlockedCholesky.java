package dev.mallard.roa.sdp;

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
 * inner loops are dot products (serial reductions) or axpys that load and store the output once per
 * multiply-add. Here the right-looking blocked form spends almost all flops in the update of the trailing
 * matrix, {@code A22 -= L21 L21'}, computed in 4 x 4 tiles held in registers (16 fused multiply-adds
 * per 8 loads), with the rows of the trailing matrix shared among the cores.
 *
 * <p>Each entry's rounding is independent of how rows are shared out, so the result is the same on any
 * number of cores.
 */
final class BlockedCholesky {

    /** Columns per panel: the 4 x 4 tiles' operands (4 rows of this length each) stay in L1. */
    private static final int PANEL = 48;
    /** From this dimension on, the trailing updates are shared among the cores. */
    private static final int PARALLEL_SIZE = 192;

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
                IntStream.range(0, tiles).parallel().forEach(t -> updateRows(a, n, start, end, end + 4 * t));
            } else {
                for (int t = 0; t < tiles; t++) {
                    panelRows(a, n, start, end, end + 4 * t);
                }
                for (int t = 0; t < tiles; t++) {
                    updateRows(a, n, start, end, end + 4 * t);
                }
            }
        }
        for (int i = 0; i < n; i++) {
            Arrays.fill(a, i * n + i + 1, i * n + n, 0);
        }
        return true;
    }

    /** Unblocked Cholesky of the diagonal block [start, end), whose earlier panels are already applied. */
    private static boolean factorDiagonalBlock(double[] a, int n, int start, int end) {
        for (int j = start; j < end; j++) {
            int rowJ = j * n;
            double d = a[rowJ + j] - dot(a, rowJ + start, a, rowJ + start, j - start);
            if (!(d > 0)) {
                return false;
            }
            double ljj = Math.sqrt(d);
            a[rowJ + j] = ljj;
            for (int i = j + 1; i < end; i++) {
                int rowI = i * n;
                a[rowI + j] = (a[rowI + j] - dot(a, rowI + start, a, rowJ + start, j - start)) / ljj;
            }
        }
        return true;
    }

    /** Rows first..first+3 (up to n) of the panel: L[i][start..end) = A[i][start..end) L11^-T. */
    private static void panelRows(double[] a, int n, int start, int end, int first) {
        int last = Math.min(first + 4, n);
        for (int i = first; i < last; i++) {
            int rowI = i * n;
            for (int j = start; j < end; j++) {
                int rowJ = j * n;
                a[rowI + j] = (a[rowI + j] - dot(a, rowI + start, a, rowJ + start, j - start)) / a[rowJ + j];
            }
        }
    }

    /**
     * Rows first..first+3 (up to n) of the trailing update {@code A[i][j] -= L[i][start..end) . L[j][start..end)}
     * for {@code end <= j <= i}. A full group of four rows goes through 4 x 4 tiles (the one on the
     * diagonal stores only its lower part); the last, partial group row by row.
     */
    private static void updateRows(double[] a, int n, int start, int end, int first) {
        int width = end - start;
        if (first + 4 > n) {
            for (int i = first; i < n; i++) {
                int rowI = i * n;
                for (int j = end; j <= i; j++) {
                    a[rowI + j] -= dot(a, rowI + start, a, j * n + start, width);
                }
            }
            return;
        }
        for (int j = end; j <= first; j += 4) {
            updateTile(a, n, start, width, first, j);
        }
    }

    /** The 4 x 4 tile at (i, j) of the trailing update; on the diagonal (i == j) only its lower part. */
    private static void updateTile(double[] a, int n, int start, int width, int i, int j) {
        int a0 = i * n + start;
        int a1 = a0 + n;
        int a2 = a1 + n;
        int a3 = a2 + n;
        int b0 = j * n + start;
        int b1 = b0 + n;
        int b2 = b1 + n;
        int b3 = b2 + n;
        double s00 = 0, s01 = 0, s02 = 0, s03 = 0;
        double s10 = 0, s11 = 0, s12 = 0, s13 = 0;
        double s20 = 0, s21 = 0, s22 = 0, s23 = 0;
        double s30 = 0, s31 = 0, s32 = 0, s33 = 0;
        for (int k = 0; k < width; k++) {
            double x0 = a[a0 + k];
            double x1 = a[a1 + k];
            double x2 = a[a2 + k];
            double x3 = a[a3 + k];
            double y0 = a[b0 + k];
            double y1 = a[b1 + k];
            double y2 = a[b2 + k];
            double y3 = a[b3 + k];
            s00 = Math.fma(x0, y0, s00);
            s01 = Math.fma(x0, y1, s01);
            s02 = Math.fma(x0, y2, s02);
            s03 = Math.fma(x0, y3, s03);
            s10 = Math.fma(x1, y0, s10);
            s11 = Math.fma(x1, y1, s11);
            s12 = Math.fma(x1, y2, s12);
            s13 = Math.fma(x1, y3, s13);
            s20 = Math.fma(x2, y0, s20);
            s21 = Math.fma(x2, y1, s21);
            s22 = Math.fma(x2, y2, s22);
            s23 = Math.fma(x2, y3, s23);
            s30 = Math.fma(x3, y0, s30);
            s31 = Math.fma(x3, y1, s31);
            s32 = Math.fma(x3, y2, s32);
            s33 = Math.fma(x3, y3, s33);
        }
        int c0 = i * n + j;
        int c1 = c0 + n;
        int c2 = c1 + n;
        int c3 = c2 + n;
        a[c0] -= s00;
        a[c1] -= s10;
        a[c1 + 1] -= s11;
        a[c2] -= s20;
        a[c2 + 1] -= s21;
        a[c2 + 2] -= s22;
        a[c3] -= s30;
        a[c3 + 1] -= s31;
        a[c3 + 2] -= s32;
        a[c3 + 3] -= s33;
        if (i != j) {
            a[c0 + 1] -= s01;
            a[c0 + 2] -= s02;
            a[c0 + 3] -= s03;
            a[c1 + 2] -= s12;
            a[c1 + 3] -= s13;
            a[c2 + 3] -= s23;
        }
    }

    /**
     * Overwrites {@code b} with {@code (L L')^-1 b}: forward substitution by rows of L, then back
     * substitution as a sequence of axpys with the rows of L (no strided access).
     *
     * @param lower the factor from {@link #factor} (n x n row-major); not modified
     * @param n the dimension
     * @param b the right-hand side (length at least n); modified
     */
    static void solve(double[] lower, int n, double[] b) {
        for (int i = 0; i < n; i++) {
            int rowI = i * n;
            b[i] = (b[i] - dot(lower, rowI, b, 0, i)) / lower[rowI + i];
        }
        for (int i = n - 1; i >= 0; i--) {
            int rowI = i * n;
            double xi = b[i] / lower[rowI + i];
            b[i] = xi;
            for (int k = 0; k < i; k++) {
                b[k] -= xi * lower[rowI + k];
            }
        }
    }

    private static double dot(double[] x, int xOff, double[] y, int yOff, int length) {
        double s0 = 0;
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        int k = 0;
        for (; k + 3 < length; k += 4) {
            s0 += x[xOff + k] * y[yOff + k];
            s1 += x[xOff + k + 1] * y[yOff + k + 1];
            s2 += x[xOff + k + 2] * y[yOff + k + 2];
            s3 += x[xOff + k + 3] * y[yOff + k + 3];
        }
        for (; k < length; k++) {
            s0 += x[xOff + k] * y[yOff + k];
        }
        return (s0 + s1) + (s2 + s3);
    }
}
