package dev.mallard.sdp;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;

/** Independent checks of solver output through the public accessors of SdpProblem only. */
final class ProblemAlgebra {

    private ProblemAlgebra() {
    }

    /** A_i . Y (i = -1: C . Y) over all blocks, by explicit double loops. */
    static double inner(SdpProblem p, int i, BlockDiagonalMatrix y) {
        double s = 0;
        for (int b = 0; b < p.blockCount(); b++) {
            int n = p.blockSize(b);
            for (int r = 0; r < n; r++) {
                for (int c = 0; c < n; c++) {
                    if (p.isDiagonal(b) && r != c) {
                        continue;
                    }
                    s += p.entry(i, b, r, c) * y.get(b, r, c);
                }
            }
        }
        return s;
    }

    /** sum_i A_i x_i in block b, dense. */
    static double[][] combination(SdpProblem p, int b, double[] x) {
        int n = p.blockSize(b);
        double[][] out = new double[n][n];
        for (int i = 0; i < x.length; i++) {
            for (int r = 0; r < n; r++) {
                for (int c = 0; c < n; c++) {
                    out[r][c] += x[i] * p.entry(i, b, r, c);
                }
            }
        }
        return out;
    }

    static double minEigenvalue(double[][] a) {
        DMatrixRMaj m = new DMatrixRMaj(a);
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(a.length, false, true);
        eig.decompose(m);
        double min = Double.POSITIVE_INFINITY;
        for (int k = 0; k < a.length; k++) {
            min = Math.min(min, eig.getEigenvalue(k).real);
        }
        return min;
    }
}
