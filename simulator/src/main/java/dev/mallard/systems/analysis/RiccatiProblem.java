package dev.mallard.systems.analysis;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;

/**
 * The checked data (A, B, Q, R, N) of an algebraic Riccati equation and the reduction of the cross term:
 * with {@code At = A - B R^-1 N'} and {@code Qt = Q - N R^-1 N'} the equation has no cross term, and
 * {@code G = B R^-1 B'}.
 */
final class RiccatiProblem {

    /** Relative tolerance of the symmetry and semidefiniteness checks on Q and R. */
    static final double SYMMETRY_TOLERANCE = 1e-10;

    final int n;
    final int m;
    final DMatrixRMaj a;
    final DMatrixRMaj b;
    final DMatrixRMaj q;
    final DMatrixRMaj r;
    final DMatrixRMaj crossTerm;
    final DMatrixRMaj rInverse;
    final DMatrixRMaj aTilde;
    final DMatrixRMaj qTilde;
    final DMatrixRMaj g;
    /** The diagonal state scaling T of {@link #balanced}: this problem's x is T times the original one's. */
    final double[] stateScale;

    /**
     * @param crossTerm N, or null for none
     * @throws IllegalArgumentException naming the argument with a wrong shape, a non-finite entry, an asymmetric
     *     Q or R, a Q that is not positive semidefinite or an R that is not positive definite
     */
    RiccatiProblem(double[][] a, double[][] b, double[][] q, double[][] r, double[][] crossTerm) {
        this(a, b, q, r, crossTerm, null);
    }

    private RiccatiProblem(double[][] a, double[][] b, double[][] q, double[][] r, double[][] crossTerm,
            double[] stateScale) {
        n = Dense.checkSquare(a, "A", true);
        if (n == 0) {
            throw new IllegalArgumentException("A must have at least one row");
        }
        m = Dense.cols(b, "B");
        Dense.check(b, n, m, "B", true);
        if (m == 0) {
            throw new IllegalArgumentException("B must have at least one column");
        }
        Dense.check(q, n, n, "Q", true);
        Dense.check(r, m, m, "R", true);
        this.a = Dense.toEjml(a);
        this.b = Dense.toEjml(b);
        this.q = symmetric(q, "Q");
        this.r = symmetric(r, "R");
        double qMin = smallestEigenvalue(this.q);
        if (qMin < -SYMMETRY_TOLERANCE * Math.max(1.0, Dense.maxAbs(this.q))) {
            throw new IllegalArgumentException("Q must be positive semidefinite, its smallest eigenvalue is " + qMin);
        }
        double rMin = smallestEigenvalue(this.r);
        if (!(rMin > SYMMETRY_TOLERANCE * Dense.maxAbs(this.r))) {
            throw new IllegalArgumentException("R must be positive definite, its smallest eigenvalue is " + rMin);
        }
        if (crossTerm != null) {
            Dense.check(crossTerm, n, m, "N", true);
        }
        this.crossTerm = crossTerm == null ? new DMatrixRMaj(n, m) : Dense.toEjml(crossTerm, m);
        rInverse = new DMatrixRMaj(m, m);
        CommonOps_DDRM.invert(this.r, rInverse);
        Dense.symmetrize(rInverse);
        DMatrixRMaj bRinv = new DMatrixRMaj(n, m);
        CommonOps_DDRM.mult(this.b, rInverse, bRinv);
        aTilde = this.a.copy();
        CommonOps_DDRM.multAddTransB(-1.0, bRinv, this.crossTerm, aTilde);
        g = new DMatrixRMaj(n, n);
        CommonOps_DDRM.multTransB(bRinv, this.b, g);
        Dense.symmetrize(g);
        DMatrixRMaj nRinv = new DMatrixRMaj(n, m);
        CommonOps_DDRM.mult(this.crossTerm, rInverse, nRinv);
        qTilde = this.q.copy();
        CommonOps_DDRM.multAddTransB(-1.0, nRinv, this.crossTerm, qTilde);
        Dense.symmetrize(qTilde);
        this.stateScale = stateScale == null ? ones(n) : stateScale;
    }

    private static double[] ones(int size) {
        double[] out = new double[size];
        java.util.Arrays.fill(out, 1.0);
        return out;
    }

    /**
     * The same problem in scaled coordinates {@code x = T xs}, {@code u = V us}, with T and V diagonal powers of
     * two (exact) that bring the diagonals of a first solution S and of R near 1: {@code As = T^-1 A T},
     * {@code Bs = T^-1 B V}, {@code Qs = T Q T}, {@code Rs = V R V}, {@code Ns = T N V}, whose solution is
     * {@code Ss = T S T}. Newton steps in these coordinates compute their residuals without the cancellation
     * between terms of very different size that limits them in badly scaled coordinates.
     *
     * @param s a first solution of this (unscaled) problem
     * @return the scaled problem; its {@link #stateScale} is T
     */
    RiccatiProblem balanced(DMatrixRMaj s) {
        double[] t = new double[n];
        for (int i = 0; i < n; i++) {
            double d = s.get(i, i);
            t[i] = d > 0 && Double.isFinite(d) ? powerOfTwo(1.0 / Math.sqrt(d)) : 1.0;
        }
        double[] v = new double[m];
        for (int j = 0; j < m; j++) {
            v[j] = powerOfTwo(1.0 / Math.sqrt(r.get(j, j)));
        }
        double[][] as = new double[n][n];
        double[][] bs = new double[n][m];
        double[][] qs = new double[n][n];
        double[][] ns = new double[n][m];
        double[][] rs = new double[m][m];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                as[i][j] = a.get(i, j) * t[j] / t[i];
                qs[i][j] = t[i] * q.get(i, j) * t[j];
            }
            for (int j = 0; j < m; j++) {
                bs[i][j] = b.get(i, j) * v[j] / t[i];
                ns[i][j] = t[i] * crossTerm.get(i, j) * v[j];
            }
        }
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m; j++) {
                rs[i][j] = v[i] * r.get(i, j) * v[j];
            }
        }
        return new RiccatiProblem(as, bs, qs, rs, ns, t);
    }

    private static double powerOfTwo(double x) {
        return Math.scalb(1.0, Math.getExponent(x));
    }

    /** @return {@code T s T}: a solution of the original problem in this problem's coordinates */
    DMatrixRMaj toScaled(DMatrixRMaj s) {
        return scaleBoth(s, stateScale, false);
    }

    /** @return {@code T^-1 s T^-1}: a solution of this problem in the original coordinates */
    DMatrixRMaj toOriginal(DMatrixRMaj s) {
        return scaleBoth(s, stateScale, true);
    }

    private static DMatrixRMaj scaleBoth(DMatrixRMaj s, double[] t, boolean inverse) {
        DMatrixRMaj out = s.copy();
        for (int i = 0; i < t.length; i++) {
            for (int j = 0; j < t.length; j++) {
                double f = t[i] * t[j];
                out.set(i, j, inverse ? s.get(i, j) / f : s.get(i, j) * f);
            }
        }
        return out;
    }

    /** The matrix, checked symmetric to {@link #SYMMETRY_TOLERANCE} relative to its largest entry. */
    private static DMatrixRMaj symmetric(double[][] x, String name) {
        DMatrixRMaj mx = Dense.toEjml(x, x.length);
        double scale = Math.max(1e-300, Dense.maxAbs(mx));
        for (int i = 0; i < x.length; i++) {
            for (int j = i + 1; j < x.length; j++) {
                if (Math.abs(x[i][j] - x[j][i]) > SYMMETRY_TOLERANCE * scale) {
                    throw new IllegalArgumentException(name + " must be symmetric, but " + name + "[" + i + "][" + j
                            + "] = " + x[i][j] + " and " + name + "[" + j + "][" + i + "] = " + x[j][i]);
                }
            }
        }
        Dense.symmetrize(mx);
        return mx;
    }

    private static double smallestEigenvalue(DMatrixRMaj symmetric) {
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(symmetric.numRows, false, true);
        if (!eig.decompose(symmetric.copy())) {
            throw new ArithmeticException("symmetric eigenvalue decomposition failed");
        }
        double smallest = Double.POSITIVE_INFINITY;
        for (int i = 0; i < eig.getNumberOfEigenvalues(); i++) {
            smallest = Math.min(smallest, eig.getEigenvalue(i).real);
        }
        return smallest;
    }

    /**
     * @param discrete whether the equation is the discrete one
     * @throws IllegalArgumentException naming the eigenvalue of At that is not stable and not controllable
     */
    void requireStabilizable(boolean discrete) {
        double[] lambda = Controllability.firstUncontrollableUnstableEigenvalue(Dense.toArray(aTilde),
                Dense.toArray(b), discrete, Controllability.DEFAULT_PBH_TOLERANCE);
        if (lambda != null) {
            throw new IllegalArgumentException("(A, B) must be stabilizable, but the eigenvalue " + lambda[0]
                    + (lambda[1] == 0 ? "" : " + " + lambda[1] + "i") + " of A"
                    + (Dense.maxAbs(crossTerm) == 0 ? "" : " - B R^-1 N'") + " is not stable and not controllable");
        }
    }
}
