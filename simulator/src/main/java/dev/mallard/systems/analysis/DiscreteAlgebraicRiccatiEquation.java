package dev.mallard.systems.analysis;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;

/**
 * The stabilising solution S of the discrete algebraic Riccati equation
 * {@code A'SA - S - (A'SB + N)(R + B'SB)^-1 (B'SA + N') + Q = 0}, as Drake's
 * {@code DiscreteAlgebraicRiccatiEquation} (and scipy's {@code solve_discrete_are} with {@code s = N}).
 *
 * <p>Method: the cross term is removed ({@code At = A - B R^-1 N'}, {@code Qt = Q - N R^-1 N'}) and the
 * structure-preserving doubling algorithm (Chu, Fan and Lin) iterates
 * {@code A+ = A W^-1 A}, {@code G+ = G + A W^-1 G A'}, {@code H+ = H + A' H W^-1 A} with {@code W = I + G H},
 * from {@code (At, B R^-1 B', Qt)}; H converges quadratically to S. Unlike the Schur form of the symplectic
 * matrix, which needs {@code A^-1}, it works for a singular A (pure delays, dead-beat designs), and it needs no
 * generalised Schur (QZ) form, which no library on Mallard's class path provides. Newton (Hewer) steps then
 * refine S in state coordinates scaled by powers of two that bring its diagonal near 1, each solving the discrete
 * Lyapunov equation of the closed loop, while the residual halves.
 */
public final class DiscreteAlgebraicRiccatiEquation {

    /** The most doubling steps: at least 2^60 time steps of the closed loop, far past convergence. */
    static final int MAX_DOUBLINGS = 60;
    /** The most Newton (Hewer) refinement steps taken. */
    static final int MAX_REFINEMENTS = 10;

    private DiscreteAlgebraicRiccatiEquation() {
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
     * @return the stabilising solution S, n x n, symmetric: {@code A - B (R + B'SB)^-1 (B'SA + N')} has spectral
     *     radius below 1
     * @throws IllegalArgumentException naming the argument with a wrong shape or a non-finite entry, an
     *     asymmetric or indefinite Q, an R that is not positive definite, or, when no stabilising solution
     *     exists, the uncontrollable eigenvalue of modulus at least 1, or the failing iteration
     */
    public static double[][] solve(double[][] a, double[][] b, double[][] q, double[][] r, double[][] n) {
        RiccatiProblem p = new RiccatiProblem(a, b, q, r, n);
        p.requireStabilizable(true);
        DMatrixRMaj first = doubling(p);
        RiccatiProblem balanced = p.balanced(first);
        DMatrixRMaj scaled = balanced.toScaled(first);
        refine(balanced, scaled);
        DMatrixRMaj s = balanced.toOriginal(scaled);
        Dense.symmetrize(s);
        double radius = RealSchur.of(Dense.toArray(closedLoop(p, s))).spectralRadius();
        if (!(radius < 1.0)) {
            throw new IllegalArgumentException("no stabilising solution: the closed loop keeps an eigenvalue of modulus "
                    + radius + " ((Q, A) has an unobservable mode on the unit circle)");
        }
        return Dense.toArray(s);
    }

    private static DMatrixRMaj doubling(RiccatiProblem p) {
        int n = p.n;
        DMatrixRMaj a = p.aTilde.copy();
        DMatrixRMaj g = p.g.copy();
        DMatrixRMaj h = p.qTilde.copy();
        for (int k = 0; k < MAX_DOUBLINGS; k++) {
            DMatrixRMaj w = CommonOps_DDRM.identity(n);
            CommonOps_DDRM.multAdd(g, h, w);
            // W^-1 A and W^-1 G (W^-1 G is symmetric: G (I + HG)^-1 = (I + GH)^-1 G).
            DMatrixRMaj wa = new DMatrixRMaj(n, n);
            DMatrixRMaj wg = new DMatrixRMaj(n, n);
            if (!CommonOps_DDRM.solve(w, a, wa) || !CommonOps_DDRM.solve(w, g, wg)) {
                throw new IllegalArgumentException("no stabilising solution: I + G H became singular in the doubling "
                        + "iteration (step " + k + ")");
            }
            DMatrixRMaj nextA = new DMatrixRMaj(n, n);
            CommonOps_DDRM.mult(a, wa, nextA);
            DMatrixRMaj nextG = g.copy();
            DMatrixRMaj wgat = new DMatrixRMaj(n, n);
            CommonOps_DDRM.multTransB(wg, a, wgat);
            CommonOps_DDRM.multAdd(a, wgat, nextG);
            DMatrixRMaj nextH = h.copy();
            DMatrixRMaj hwa = new DMatrixRMaj(n, n);
            CommonOps_DDRM.mult(h, wa, hwa);
            CommonOps_DDRM.multAddTransA(a, hwa, nextH);
            Dense.symmetrize(nextG);
            Dense.symmetrize(nextH);
            DMatrixRMaj change = new DMatrixRMaj(n, n);
            CommonOps_DDRM.subtract(nextH, h, change);
            a = nextA;
            g = nextG;
            h = nextH;
            if (!Double.isFinite(Dense.maxAbs(h))) {
                throw new IllegalArgumentException("no stabilising solution: the doubling iteration diverged");
            }
            if (Dense.maxAbs(change) <= Math.ulp(1.0) * Dense.maxAbs(h)) {
                return h;
            }
        }
        throw new IllegalArgumentException("no stabilising solution: the doubling iteration did not converge in "
                + MAX_DOUBLINGS + " steps (the closed loop would have an eigenvalue on the unit circle)");
    }

    /** Newton (Hewer) steps on S (modified in place) while the residual halves. */
    private static void refine(RiccatiProblem p, DMatrixRMaj s) {
        DMatrixRMaj residual = residual(p, s);
        double norm = Dense.maxAbs(residual);
        for (int step = 0; step < MAX_REFINEMENTS && norm > 0.0; step++) {
            DMatrixRMaj candidate;
            try {
                double[][] d = LyapunovEquation.discrete(Dense.toArray(closedLoop(p, s)), Dense.toArray(residual));
                candidate = s.copy();
                CommonOps_DDRM.addEquals(candidate, Dense.toEjml(d));
            } catch (IllegalArgumentException | ArithmeticException e) {
                return; // the closed loop is not (numerically) Schur stable: keep the doubling solution
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

    /**
     * The gain {@code K = (R + B'SB)^-1 (B'SA + N')}.
     *
     * @throws IllegalArgumentException if {@code R + B'SB} is singular
     */
    private static DMatrixRMaj gain(RiccatiProblem p, DMatrixRMaj s) {
        DMatrixRMaj sb = new DMatrixRMaj(p.n, p.m);
        CommonOps_DDRM.mult(s, p.b, sb);
        DMatrixRMaj lhs = p.r.copy();
        CommonOps_DDRM.multAddTransA(p.b, sb, lhs);
        DMatrixRMaj rhs = CommonOps_DDRM.transpose(p.crossTerm, null);
        CommonOps_DDRM.multAddTransA(sb, p.a, rhs);
        DMatrixRMaj k = new DMatrixRMaj(p.m, p.n);
        if (!CommonOps_DDRM.solve(lhs, rhs, k)) {
            throw new IllegalArgumentException("R + B'SB is singular");
        }
        return k;
    }

    /** {@code A'SA - S - (A'SB + N) K + Q} with K the gain, in the original coordinates. */
    private static DMatrixRMaj residual(RiccatiProblem p, DMatrixRMaj s) {
        int n = p.n;
        DMatrixRMaj out = p.q.copy();
        CommonOps_DDRM.subtractEquals(out, s);
        DMatrixRMaj sa = new DMatrixRMaj(n, n);
        CommonOps_DDRM.mult(s, p.a, sa);
        CommonOps_DDRM.multAddTransA(p.a, sa, out);
        DMatrixRMaj cross = p.crossTerm.copy();
        DMatrixRMaj sb = new DMatrixRMaj(n, p.m);
        CommonOps_DDRM.mult(s, p.b, sb);
        CommonOps_DDRM.multAddTransA(p.a, sb, cross);
        CommonOps_DDRM.multAdd(-1.0, cross, gain(p, s), out);
        Dense.symmetrize(out);
        return out;
    }

    /** {@code A - B K}. */
    private static DMatrixRMaj closedLoop(RiccatiProblem p, DMatrixRMaj s) {
        DMatrixRMaj out = p.a.copy();
        CommonOps_DDRM.multAdd(-1.0, p.b, gain(p, s), out);
        return out;
    }
}
