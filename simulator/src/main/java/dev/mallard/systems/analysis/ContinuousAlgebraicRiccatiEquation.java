package dev.mallard.systems.analysis;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.SingularOps_DDRM;

/**
 * The stabilising solution S of the continuous algebraic Riccati equation
 * {@code A'S + SA - (SB + N) R^-1 (B'S + N') + Q = 0}, as Drake's {@code ContinuousAlgebraicRiccatiEquation}
 * (and scipy's {@code solve_continuous_are} with {@code s = N}).
 *
 * <p>Method: the cross term is removed ({@code At = A - B R^-1 N'}, {@code Qt = Q - N R^-1 N'}); the real Schur
 * form of the Hamiltonian {@code H = [[At, -G], [-Qt, -At']]} ({@code G = B R^-1 B'}) is reordered so that its n
 * eigenvalues with negative real part lead ({@link RealSchur#reorder}); the leading n Schur vectors
 * {@code [U1; U2]} span the stable invariant subspace and {@code S = U2 U1^-1} (Laub's Schur method). The Schur
 * step runs twice: on the problem as given, then in state coordinates scaled by powers of two that bring that
 * first solution's diagonal near 1. Newton-Kleinman steps then refine S in the scaled coordinates: each solves
 * the Lyapunov equation of the closed loop {@code At - G S} for the correction, and they stop when the residual
 * no longer shrinks by half.
 *
 * <p>Accuracy, relative to the largest entry: within 1e-10 of scipy's {@code solve_continuous_are} on the
 * cart-pole and acrobot at the upright, 5e-13 on a problem whose S has condition number 3e9; on an extreme one
 * (condition 8e10, R = 1e-6, closed-loop eigenvalues from -1e5 to -0.014) 3e-9 where scipy, which factors the
 * balanced extended pencil by QZ and never forms {@code B R^-1 B'}, reaches 3e-14. No QZ is available on
 * Mallard's class path.
 */
public final class ContinuousAlgebraicRiccatiEquation {

    /** The most Newton-Kleinman refinement steps taken. */
    static final int MAX_REFINEMENTS = 10;

    private ContinuousAlgebraicRiccatiEquation() {
    }

    /**
     * As {@link #solve(double[][], double[][], double[][], double[][], double[][])} with {@code N = 0}.
     *
     * @param a the n x n matrix A
     * @param b the n x m matrix B
     * @param q the n x n matrix Q
     * @param r the m x m matrix R
     * @return the stabilising solution S, n x n, symmetric positive semidefinite
     */
    public static double[][] solve(double[][] a, double[][] b, double[][] q, double[][] r) {
        return solve(a, b, q, r, null);
    }

    /**
     * @param a the n x n matrix A, {@code n >= 1}, finite; not modified
     * @param b the n x m matrix B, {@code m >= 1}, finite; not modified
     * @param q the n x n matrix Q, symmetric positive semidefinite (to a relative 1e-10); not modified
     * @param r the m x m matrix R, symmetric positive definite; not modified
     * @param n the n x m cross term N, or null for none; not modified
     * @return the stabilising solution S, n x n, symmetric: {@code A - B R^-1 (B'S + N')} is Hurwitz
     * @throws IllegalArgumentException naming the argument with a wrong shape or a non-finite entry, an
     *     asymmetric or indefinite Q, an R that is not positive definite, or, when no stabilising solution
     *     exists, the uncontrollable unstable eigenvalue of (A, B) or the Hamiltonian's eigenvalue on the
     *     imaginary axis
     */
    public static double[][] solve(double[][] a, double[][] b, double[][] q, double[][] r, double[][] n) {
        RiccatiProblem p = new RiccatiProblem(a, b, q, r, n);
        p.requireStabilizable(false);
        DMatrixRMaj first = schurSolution(p);
        RiccatiProblem balanced = p.balanced(first);
        DMatrixRMaj scaled = schurSolution(balanced);
        refine(balanced, scaled);
        DMatrixRMaj s = balanced.toOriginal(scaled);
        Dense.symmetrize(s);
        requireStabilising(p, s);
        return Dense.toArray(s);
    }

    private static DMatrixRMaj schurSolution(RiccatiProblem p) {
        int n = p.n;
        double[][] h = new double[2 * n][2 * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                h[i][j] = p.aTilde.get(i, j);
                h[i][n + j] = -p.g.get(i, j);
                h[n + i][j] = -p.qTilde.get(i, j);
                h[n + i][n + j] = -p.aTilde.get(j, i);
            }
        }
        RealSchur schur = RealSchur.of(h).reorder((re, im) -> re < 0.0);
        int stable = schur.leadingSelected((re, im) -> re < 0.0);
        if (stable != n) {
            throw new IllegalArgumentException("no stabilising solution: the Hamiltonian has " + (2 * n - 2 * stable)
                    + " eigenvalues on the imaginary axis ((Q, A) has an unobservable mode there)");
        }
        DMatrixRMaj u1 = new DMatrixRMaj(n, n);
        DMatrixRMaj u2 = new DMatrixRMaj(n, n);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                u1.set(i, j, schur.u[i][j]);
                u2.set(i, j, schur.u[n + i][j]);
            }
        }
        return ratio(u1, u2);
    }

    /** {@code U2 U1^-1}, symmetrised, through {@code U1' S = U2'} (S symmetric). */
    private static DMatrixRMaj ratio(DMatrixRMaj u1, DMatrixRMaj u2) {
        double[] sigma = SingularOps_DDRM.singularValues(u1);
        double smallest = Double.POSITIVE_INFINITY;
        double largest = 0.0;
        for (double v : sigma) {
            smallest = Math.min(smallest, v);
            largest = Math.max(largest, v);
        }
        if (!(smallest > u1.numRows * Math.ulp(1.0) * largest)) {
            throw new IllegalArgumentException("no stabilising solution: the stable invariant subspace is not a graph "
                    + "(its first block is singular, smallest singular value " + smallest + ")");
        }
        DMatrixRMaj u1t = CommonOps_DDRM.transpose(u1, null);
        DMatrixRMaj u2t = CommonOps_DDRM.transpose(u2, null);
        DMatrixRMaj s = new DMatrixRMaj(u1.numRows, u1.numRows);
        CommonOps_DDRM.solve(u1t, u2t, s);
        Dense.symmetrize(s);
        return s;
    }

    /** Newton-Kleinman steps on S (modified in place) while the residual halves. */
    private static void refine(RiccatiProblem p, DMatrixRMaj s) {
        DMatrixRMaj residual = residual(p, s);
        double norm = Dense.maxAbs(residual);
        for (int step = 0; step < MAX_REFINEMENTS && norm > 0.0; step++) {
            DMatrixRMaj closed = closedLoop(p, s);
            DMatrixRMaj candidate;
            try {
                double[][] d = LyapunovEquation.continuous(Dense.toArray(closed), Dense.toArray(residual));
                candidate = s.copy();
                CommonOps_DDRM.addEquals(candidate, Dense.toEjml(d));
            } catch (IllegalArgumentException | ArithmeticException e) {
                return; // the closed loop is not (numerically) Hurwitz: keep the Schur solution
            }
            DMatrixRMaj next = residual(p, candidate);
            double nextNorm = Dense.maxAbs(next);
            if (!(nextNorm < 0.5 * norm)) {
                if (nextNorm < norm) {
                    s.setTo(candidate);
                }
                return;
            }
            s.setTo(candidate);
            residual = next;
            norm = nextNorm;
        }
    }

    /** {@code At'S + S At - S G S + Qt}. */
    private static DMatrixRMaj residual(RiccatiProblem p, DMatrixRMaj s) {
        int n = p.n;
        DMatrixRMaj out = p.qTilde.copy();
        DMatrixRMaj sa = new DMatrixRMaj(n, n);
        CommonOps_DDRM.mult(s, p.aTilde, sa);
        CommonOps_DDRM.addEquals(out, sa);
        CommonOps_DDRM.addEquals(out, CommonOps_DDRM.transpose(sa, null));
        DMatrixRMaj gs = new DMatrixRMaj(n, n);
        CommonOps_DDRM.mult(p.g, s, gs);
        CommonOps_DDRM.multAdd(-1.0, s, gs, out);
        Dense.symmetrize(out);
        return out;
    }

    /** {@code At - G S = A - B R^-1 (B'S + N')}. */
    private static DMatrixRMaj closedLoop(RiccatiProblem p, DMatrixRMaj s) {
        DMatrixRMaj out = p.aTilde.copy();
        CommonOps_DDRM.multAdd(-1.0, p.g, s, out);
        return out;
    }

    private static void requireStabilising(RiccatiProblem p, DMatrixRMaj s) {
        double largest = RealSchur.of(Dense.toArray(closedLoop(p, s))).largestRealPart();
        if (!(largest < 0.0)) {
            throw new IllegalArgumentException("no stabilising solution: the closed loop keeps an eigenvalue with real "
                    + "part " + largest);
        }
    }
}
