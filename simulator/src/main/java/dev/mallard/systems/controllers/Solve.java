package dev.mallard.systems.controllers;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;

/** The small linear solves of the gain formulas. */
final class Solve {

    private Solve() {
    }

    /**
     * @param lhs a square symmetric positive definite matrix (R or R + B'SB), not modified
     * @param rhs the right-hand side with as many rows, not modified
     * @return {@code lhs^-1 rhs}
     * @throws IllegalArgumentException if lhs is singular
     */
    static double[][] spd(double[][] lhs, double[][] rhs) {
        DMatrixRMaj x = new DMatrixRMaj(lhs.length, rhs[0].length);
        if (!CommonOps_DDRM.solve(new DMatrixRMaj(lhs), new DMatrixRMaj(rhs), x)) {
            throw new IllegalArgumentException("the gain's system matrix is singular");
        }
        double[][] out = new double[x.numRows][x.numCols];
        for (int i = 0; i < x.numRows; i++) {
            for (int j = 0; j < x.numCols; j++) {
                out[i][j] = x.get(i, j);
            }
        }
        return out;
    }
}
