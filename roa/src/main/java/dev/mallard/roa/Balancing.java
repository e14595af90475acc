package dev.mallard.roa;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.CholeskyDecomposition_F64;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;

/**
 * A change of variables {@code x = T y} that balances two positive definite quadratic forms:
 * {@code T'ST = D^-1} and {@code T'PT = D} with D diagonal. Applied to V and -Vdot before the SOS program it
 * evens out their scales, which keeps the SDP well conditioned; the certified level rho is unchanged.
 */
final class Balancing {

    private Balancing() {
    }

    /**
     * @param s a symmetric matrix (the Hessian of V at the origin), not modified
     * @param p a symmetric positive definite matrix (minus the Hessian of Vdot), not modified
     * @return T, or null if S is not positive definite (then no balancing is done)
     */
    static double[][] transform(double[][] s, double[][] p) {
        int n = s.length;
        DMatrixRMaj sm = new DMatrixRMaj(s);
        CholeskyDecomposition_F64<DMatrixRMaj> chol = DecompositionFactory_DDRM.chol(n, true);
        if (!chol.decompose(sm)) {
            return null;
        }
        DMatrixRMaj l = chol.getT(null);
        DMatrixRMaj lInv = new DMatrixRMaj(n, n);
        if (!CommonOps_DDRM.invert(l, lInv)) {
            return null;
        }
        DMatrixRMaj tmp = new DMatrixRMaj(n, n);
        DMatrixRMaj m = new DMatrixRMaj(n, n);
        CommonOps_DDRM.mult(lInv, new DMatrixRMaj(p), tmp);
        CommonOps_DDRM.multTransB(tmp, lInv, m);
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(n, true, true);
        if (!eig.decompose(m)) {
            return null;
        }
        double[][] t = new double[n][n];
        for (int k = 0; k < n; k++) {
            double sigma = eig.getEigenvalue(k).getReal();
            if (!(sigma > 0)) {
                return null;
            }
            DMatrixRMaj u = eig.getEigenVector(k);
            double scale = Math.pow(sigma, -0.25);
            // Column k of T = L^-T u_k sigma_k^-1/4.
            for (int i = 0; i < n; i++) {
                double c = 0.0;
                for (int j = 0; j < n; j++) {
                    c += lInv.get(j, i) * u.get(j);
                }
                t[i][k] = c * scale;
            }
        }
        return t;
    }

    /**
     * @param t an invertible square matrix, not modified
     * @return its inverse
     * @throws ArithmeticException if it is singular
     */
    static double[][] inverse(double[][] t) {
        DMatrixRMaj inv = new DMatrixRMaj(t);
        if (!CommonOps_DDRM.invert(inv)) {
            throw new ArithmeticException("balancing transform is singular");
        }
        double[][] out = new double[t.length][t.length];
        for (int i = 0; i < t.length; i++) {
            for (int j = 0; j < t.length; j++) {
                out[i][j] = inv.get(i, j);
            }
        }
        return out;
    }
}
