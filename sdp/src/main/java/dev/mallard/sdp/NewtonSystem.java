package dev.mallard.sdp;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.factory.LinearSolverFactory_DDRM;
import org.ejml.interfaces.linsol.LinearSolverDense;

/**
 * Solves the reduced Newton system of one interior-point iteration,
 * <pre>
 *   B dx - F dw = r,     F' dx = s,
 * </pre>
 * where B is the (positive semidefinite) Schur complement and F (m x k) holds the free variables'
 * coefficients {@code a_i}. The free variables are kept as a saddle point instead of being split: the
 * second equation times {@code rho F} is added to the first, so that {@code B + rho F F'} is positive
 * definite whenever the whole system is non-singular, even if B alone is singular (a constraint on free
 * variables only); the free part then follows from a k x k Cholesky factorisation of
 * {@code F' (B + rho F F')^-1 F}. A factorisation that fails (B loses definiteness to rounding near an
 * optimum) is retried with a growing multiple of the identity added to the diagonal. The m x m
 * factorisation is {@link BlockedCholesky} (the dominant cost of problems with many constraints).
 */
final class NewtonSystem {

    private static final double[] REGULARISATION = {0, 1e-14, 1e-12, 1e-10, 1e-8};

    private final int m;
    private final int k;
    private final DMatrixRMaj free;
    /** The m x m factor L of {@code B + rho F F'} (row-major, lower triangle; L' on the upper triangle). */
    private final double[] factor;
    private final double[] column;
    private final DMatrixRMaj freeSolved;
    private final DMatrixRMaj freeSchur;
    private final LinearSolverDense<DMatrixRMaj> freeSolver;
    private final double[] sol;
    /** sol as an m x 1 EJML matrix (shares its array). */
    private final DMatrixRMaj solVector;
    private final DMatrixRMaj freeRhs;
    private final DMatrixRMaj freeSol;
    private final int[][] columnRows;
    private final double[][] columnValues;
    private double rho;

    /**
     * @param m the number of constraints
     * @param free the m x k free-variable coefficients F (k may be 0); not modified
     */
    NewtonSystem(int m, DMatrixRMaj free) {
        this.m = m;
        this.k = free.numCols;
        this.free = free;
        factor = new double[m * m];
        column = new double[m];
        freeSolved = new DMatrixRMaj(m, k);
        freeSchur = new DMatrixRMaj(k, k);
        freeSolver = LinearSolverFactory_DDRM.chol(Math.max(k, 1));
        columnRows = new int[k][];
        columnValues = new double[k][];
        for (int j = 0; j < k; j++) {
            int count = 0;
            for (int i = 0; i < m; i++) {
                count += free.get(i, j) != 0 ? 1 : 0;
            }
            columnRows[j] = new int[count];
            columnValues[j] = new double[count];
            count = 0;
            for (int i = 0; i < m; i++) {
                if (free.get(i, j) != 0) {
                    columnRows[j][count] = i;
                    columnValues[j][count++] = free.get(i, j);
                }
            }
        }
        sol = new double[m];
        solVector = DMatrixRMaj.wrap(m, 1, sol);
        freeRhs = new DMatrixRMaj(k, 1);
        freeSol = new DMatrixRMaj(k, 1);
    }

    /**
     * Factorises for the Schur complement {@code schur} (m x m row-major, not modified).
     *
     * @return false if no regularisation made it factorisable
     */
    boolean factorize(double[] schur) {
        double maxDiagonal = 0;
        for (int i = 0; i < m; i++) {
            maxDiagonal = Math.max(maxDiagonal, schur[i * m + i]);
        }
        if (k > 0) {
            rho = Math.max(maxDiagonal, 1e-300) / maxRowNormSquared(free);
        }
        for (double eps : REGULARISATION) {
            System.arraycopy(schur, 0, factor, 0, m * m);
            if (k > 0) {
                addFreeOuterProduct();
            }
            double shift = eps * Math.max(maxDiagonal, 1e-300);
            for (int i = 0; i < m; i++) {
                factor[i * m + i] += shift;
            }
            if (BlockedCholesky.factor(factor, m)) {
                BlockedCholesky.copyLowerToUpper(factor, m);
                if (k == 0 || factorFree(eps)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** factor += rho F F', column by column of the sparse F (each free variable meets few constraints). */
    private void addFreeOuterProduct() {
        for (int j = 0; j < k; j++) {
            int[] rows = columnRows[j];
            double[] values = columnValues[j];
            for (int p = 0; p < rows.length; p++) {
                double vp = rho * values[p];
                int rowP = rows[p] * m;
                for (int q = 0; q < rows.length; q++) {
                    factor[rowP + rows[q]] += vp * values[q];
                }
            }
        }
    }

    /**
     * Factorises {@code F' (B + rho F F')^-1 F}, shifted by {@code eps} times its largest diagonal entry
     * (a free variable that no constraint uses leaves a zero row; the shift then sets its step to 0).
     */
    private boolean factorFree(double eps) {
        for (int j = 0; j < k; j++) {
            for (int i = 0; i < m; i++) {
                column[i] = free.data[i * k + j];
            }
            BlockedCholesky.solveTransposed(factor, m, column);
            for (int i = 0; i < m; i++) {
                freeSolved.data[i * k + j] = column[i];
            }
        }
        CommonOps_DDRM.multTransA(free, freeSolved, freeSchur);
        double maxDiagonal = 0;
        for (int j = 0; j < k; j++) {
            maxDiagonal = Math.max(maxDiagonal, freeSchur.get(j, j));
        }
        double shift = eps * (maxDiagonal > 0 ? maxDiagonal : 1);
        for (int j = 0; j < k; j++) {
            freeSchur.add(j, j, shift);
        }
        return freeSolver.setA(freeSchur);
    }

    private static double maxRowNormSquared(DMatrixRMaj a) {
        double max = 0;
        for (int i = 0; i < a.numRows; i++) {
            double s = 0;
            for (int j = 0; j < a.numCols; j++) {
                s += a.data[i * a.numCols + j] * a.data[i * a.numCols + j];
            }
            max = Math.max(max, s);
        }
        return max > 0 ? max : 1;
    }

    /**
     * Solves the system for the last factorisation.
     *
     * @param r the first right-hand side (length m); not modified
     * @param s the second right-hand side (length k); not modified
     * @param dx receives dx (length m)
     * @param dw receives dw (length k)
     */
    void solve(double[] r, double[] s, double[] dx, double[] dw) {
        System.arraycopy(r, 0, sol, 0, m);
        if (k > 0) {
            // r + rho F s
            for (int i = 0; i < m; i++) {
                double t = 0;
                for (int j = 0; j < k; j++) {
                    t += free.data[i * k + j] * s[j];
                }
                sol[i] += rho * t;
            }
        }
        BlockedCholesky.solveTransposed(factor, m, sol);
        if (k > 0) {
            CommonOps_DDRM.multTransA(free, solVector, freeRhs);
            for (int j = 0; j < k; j++) {
                freeRhs.data[j] = s[j] - freeRhs.data[j];
            }
            freeSolver.solve(freeRhs, freeSol);
            System.arraycopy(freeSol.data, 0, dw, 0, k);
            CommonOps_DDRM.multAdd(freeSolved, freeSol, solVector);
        }
        System.arraycopy(sol, 0, dx, 0, m);
    }
}
