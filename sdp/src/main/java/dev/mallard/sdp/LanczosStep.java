package dev.mallard.sdp;

import java.util.SplittableRandom;

/**
 * Estimates the largest {@code alpha} with {@code L L' + alpha D} positive semidefinite, that is
 * {@code 1 / lambda_max(M)} for {@code M = -L^-1 D L^-T}, by a few steps of the Lanczos method on M
 * (as CSDP and SDPA do, after Toh): each step costs two triangular solves and one product with D,
 * {@code O(n^2)}, where the dense eigenvalue computation costs {@code O(n^3)}.
 *
 * <p>The estimate is {@code 1 / (theta + r)} with theta the largest Ritz value and r its residual
 * norm. It is not a guaranteed bound (Lanczos may miss an eigenvalue above theta), so a caller that
 * needs a safe step checks the step it takes with a Cholesky factorisation. The start vector is a fixed
 * pseudo-random vector, so results are reproducible.
 */
final class LanczosStep {

    /** Lanczos stops once the Ritz residual is below this fraction of the Ritz value. */
    private static final double RESIDUAL_RATIO = 1e-3;
    private static final int MAX_STEPS = 40;
    private static final long SEED = 0x5DEECE66DL;

    private final double[] start;
    private final double[][] basis;
    private final double[] alpha = new double[MAX_STEPS];
    private final double[] beta = new double[MAX_STEPS];
    private final double[] ritz = new double[MAX_STEPS];
    private final double[] diag = new double[MAX_STEPS];
    private final double[] u;
    private final double[] t;

    /** @param maxSize the largest block dimension n this instance will be used for */
    LanczosStep(int maxSize) {
        start = new double[maxSize];
        SplittableRandom random = new SplittableRandom(SEED);
        for (int k = 0; k < maxSize; k++) {
            start[k] = random.nextDouble() - 0.5;
        }
        basis = new double[Math.min(MAX_STEPS, maxSize) + 1][maxSize];
        u = new double[maxSize];
        t = new double[maxSize];
    }

    /**
     * @param lower the Cholesky factor L (n x n, row-major, zero above the diagonal); not modified
     * @param d the direction D (n x n symmetric, row-major); not modified
     * @param n the dimension, at most the constructor's {@code maxSize}
     * @return the estimated largest step, {@code +infinity} if M appears to have no positive eigenvalue,
     *     or NaN if the iteration produced non-finite numbers
     */
    double estimate(double[] lower, double[] d, int n) {
        int steps = Math.min(MAX_STEPS, n);
        double[] v = basis[0];
        System.arraycopy(start, 0, v, 0, n);
        scale(v, 1 / Math.sqrt(dot(v, v, n)), n);
        double theta = Double.NEGATIVE_INFINITY;
        double residual = 0;
        for (int k = 0; k < steps; k++) {
            double[] next = basis[k + 1];
            apply(lower, d, basis[k], next, n);
            alpha[k] = dot(basis[k], next, n);
            // Full reorthogonalisation: cheap for so few steps and keeps the Ritz values honest.
            for (int pass = 0; pass < 2; pass++) {
                for (int j = 0; j <= k; j++) {
                    axpy(-dot(basis[j], next, n), basis[j], next, n);
                }
            }
            beta[k] = Math.sqrt(dot(next, next, n));
            if (!Double.isFinite(beta[k]) || !Double.isFinite(alpha[k])) {
                return Double.NaN;
            }
            theta = TridiagonalEigen.largest(alpha, beta, k + 1);
            residual = beta[k] * Math.abs(TridiagonalEigen.lastComponent(alpha, beta, k + 1, theta, ritz, diag));
            if (!Double.isFinite(residual)) {
                residual = beta[k];
            }
            if (residual <= RESIDUAL_RATIO * Math.abs(theta) || beta[k] <= 1e-14 * Math.abs(theta)) {
                break;
            }
            scale(next, 1 / beta[k], n);
        }
        double top = theta + residual;
        return top > 0 ? 1 / top : Double.POSITIVE_INFINITY;
    }

    /** out = -L^-1 D L^-T v. */
    private void apply(double[] lower, double[] d, double[] v, double[] out, int n) {
        // u = L^-T v: back substitution, row i of L spreads u_i to the earlier unknowns.
        System.arraycopy(v, 0, u, 0, n);
        for (int i = n - 1; i >= 0; i--) {
            int row = i * n;
            double ui = u[i] / lower[row + i];
            u[i] = ui;
            for (int k = 0; k < i; k++) {
                u[k] -= lower[row + k] * ui;
            }
        }
        // t = D u, as a sum of rows of the symmetric D.
        java.util.Arrays.fill(t, 0, n, 0);
        for (int j = 0; j < n; j++) {
            axpyOffset(u[j], d, j * n, t, n);
        }
        // out = -L^-1 t: forward substitution.
        for (int i = 0; i < n; i++) {
            int row = i * n;
            double s = t[i];
            for (int k = 0; k < i; k++) {
                s -= lower[row + k] * out[k];
            }
            out[i] = s / lower[row + i];
        }
        scale(out, -1, n);
    }

    private static double dot(double[] a, double[] b, int n) {
        double s = 0;
        for (int k = 0; k < n; k++) {
            s += a[k] * b[k];
        }
        return s;
    }

    private static void axpy(double a, double[] x, double[] y, int n) {
        for (int k = 0; k < n; k++) {
            y[k] += a * x[k];
        }
    }

    private static void axpyOffset(double a, double[] x, int offset, double[] y, int n) {
        for (int k = 0; k < n; k++) {
            y[k] += a * x[offset + k];
        }
    }

    private static void scale(double[] a, double factor, int n) {
        for (int k = 0; k < n; k++) {
            a[k] *= factor;
        }
    }
}
