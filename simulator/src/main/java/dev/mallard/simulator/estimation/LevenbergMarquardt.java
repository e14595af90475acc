package dev.mallard.simulator.estimation;

import java.util.Arrays;

/**
 * Bounded Levenberg-Marquardt for {@code min 1/2 |r(theta)|^2} subject to {@code lower <= theta <= upper}: each trial
 * step solves {@code (J^T J + lambda D) s = -J^T r} with Marquardt's scaling {@code D} (the largest diagonal of
 * {@code J^T J} seen so far) over the entries not held at a bound (an entry at a bound that the gradient pushes
 * outward stays there), is projected onto the bounds, and is accepted when it lowers the cost; {@code lambda}
 * follows Nielsen's rule (shrunk by {@code max(1/3, 1 - (2 rho - 1)^3)} after a step with gain ratio {@code rho},
 * grown by a doubling factor after a rejected one). A trial point whose evaluation fails or is not finite is a
 * rejected step. Stops when an accepted step is below the step tolerance relative to {@code |theta|}, when an
 * accepted step lowers the cost by less than the cost tolerance (relative) as predicted, when the projected
 * gradient is zero, or after the iteration limit. Not thread-safe; one instance per fit.
 */
final class LevenbergMarquardt {

    /** Residuals and their Jacobian at a point. */
    interface Model {
        /**
         * @param theta the point; not modified
         * @param r receives the residuals
         * @param jacobian receives {@code d r / d theta}, rows per residual
         * @return whether the evaluation succeeded (false: a failed simulation, a rejected trial point)
         */
        boolean evaluate(double[] theta, double[] r, double[][] jacobian);
    }

    /** Why the iteration stopped. */
    enum Stop {
        STEP, COST, GRADIENT, ITERATIONS, NO_PROGRESS
    }

    private final Model model;
    private final int residuals;
    private final double[] lower;
    private final double[] upper;
    private final double stepTolerance;
    private final double costTolerance;
    private final int maxIterations;

    double[] theta;
    double[] r;
    double[][] jacobian;
    double cost;
    int iterations;
    int evaluations;
    int rejected;
    int failed;
    Stop stop;

    LevenbergMarquardt(Model model, int residuals, double[] lower, double[] upper, double stepTolerance,
            double costTolerance, int maxIterations) {
        this.model = model;
        this.residuals = residuals;
        this.lower = lower;
        this.upper = upper;
        this.stepTolerance = stepTolerance;
        this.costTolerance = costTolerance;
        this.maxIterations = maxIterations;
    }

    /**
     * Minimises from {@code start}.
     *
     * @param start a point within the bounds; not modified
     * @return whether the start could be evaluated (if not, nothing else is set)
     */
    boolean minimise(double[] start) {
        int p = start.length;
        theta = start.clone();
        r = new double[residuals];
        jacobian = new double[residuals][p];
        evaluations = 1;
        if (!model.evaluate(theta, r, jacobian) || !finite(r, jacobian)) {
            return false;
        }
        cost = half(r);
        double[][] a = new double[p][p];
        double[] g = new double[p];
        normalEquations(jacobian, r, a, g);
        double[] scale = new double[p];
        updateScale(a, scale);
        double lambda = 1e-3;
        double growth = 2;
        double[] rt = new double[residuals];
        double[][] jt = new double[residuals][p];
        double[] trial = new double[p];
        double[] s = new double[p];
        while (true) {
            if (cost == 0 || projectedGradientIsZero(g)) {
                stop = Stop.GRADIENT;
                return true;
            }
            if (iterations == maxIterations) {
                stop = Stop.ITERATIONS;
                return true;
            }
            iterations++;
            if (!solveDamped(a, scale, lambda, g, blocked(g), s)) {
                lambda *= growth;
                growth *= 2;
                continue;
            }
            double stepNorm = 0;
            double thetaNorm = 0;
            for (int j = 0; j < p; j++) {
                trial[j] = Math.min(upper[j], Math.max(lower[j], theta[j] + s[j]));
                s[j] = trial[j] - theta[j];
                stepNorm += s[j] * s[j];
                thetaNorm += theta[j] * theta[j];
            }
            stepNorm = Math.sqrt(stepNorm);
            double predicted = -dot(g, s) - 0.5 * quadratic(a, s);
            evaluations++;
            boolean ok = model.evaluate(trial, rt, jt) && finite(rt, jt);
            double trialCost = ok ? half(rt) : Double.NaN;
            if (ok && trialCost < cost && predicted > 0) {
                double rho = (cost - trialCost) / predicted;
                double reduction = cost - trialCost;
                boolean small = stepNorm <= stepTolerance * (Math.sqrt(thetaNorm) + stepTolerance);
                boolean flat = reduction <= costTolerance * cost && predicted <= costTolerance * cost;
                System.arraycopy(trial, 0, theta, 0, p);
                double[] swapR = r;
                r = rt;
                rt = swapR;
                double[][] swapJ = jacobian;
                jacobian = jt;
                jt = swapJ;
                cost = trialCost;
                normalEquations(jacobian, r, a, g);
                updateScale(a, scale);
                lambda *= Math.max(1.0 / 3, 1 - Math.pow(2 * rho - 1, 3));
                growth = 2;
                if (small || flat) {
                    stop = small ? Stop.STEP : Stop.COST;
                    return true;
                }
            } else {
                rejected++;
                if (!ok) {
                    failed++;
                }
                if (stepNorm <= stepTolerance * (Math.sqrt(thetaNorm) + stepTolerance) && ok) {
                    // the damped step no longer changes theta: no lower cost is within reach
                    stop = Stop.STEP;
                    return true;
                }
                lambda *= growth;
                growth *= 2;
                if (lambda > 1e20) {
                    stop = Stop.NO_PROGRESS;
                    return true;
                }
            }
        }
    }

    /** The entries at a bound that the descent direction {@code -g} pushes out of it: they stay where they are. */
    private boolean[] blocked(double[] g) {
        boolean[] out = new boolean[g.length];
        for (int j = 0; j < g.length; j++) {
            out[j] = (theta[j] <= lower[j] && g[j] > 0) || (theta[j] >= upper[j] && g[j] < 0);
        }
        return out;
    }

    /** The gradient projected on the bounds: components that push out of an active bound do not count. */
    private boolean projectedGradientIsZero(double[] g) {
        boolean[] fixed = blocked(g);
        for (int j = 0; j < g.length; j++) {
            if (!fixed[j] && g[j] != 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * Solves {@code (a + lambda diag(scale)) s = -g} by Cholesky over the entries that are not fixed ({@code s = 0}
     * for those); false if not positive definite.
     */
    private static boolean solveDamped(double[][] a, double[] scale, double lambda, double[] g, boolean[] fixed,
            double[] s) {
        int p = g.length;
        double[][] l = new double[p][p];
        for (int i = 0; i < p; i++) {
            for (int j = 0; j <= i; j++) {
                double sum = fixed[i] || fixed[j] ? (i == j ? 1 : 0) : a[i][j] + (i == j ? lambda * scale[i] : 0);
                for (int k = 0; k < j; k++) {
                    sum -= l[i][k] * l[j][k];
                }
                if (i == j) {
                    if (!(sum > 0)) {
                        return false;
                    }
                    l[i][i] = Math.sqrt(sum);
                } else {
                    l[i][j] = sum / l[j][j];
                }
            }
        }
        for (int i = 0; i < p; i++) {
            double sum = fixed[i] ? 0 : -g[i];
            for (int k = 0; k < i; k++) {
                sum -= l[i][k] * s[k];
            }
            s[i] = sum / l[i][i];
        }
        for (int i = p - 1; i >= 0; i--) {
            double sum = s[i];
            for (int k = i + 1; k < p; k++) {
                sum -= l[k][i] * s[k];
            }
            s[i] = sum / l[i][i];
        }
        return true;
    }

    /** {@code a = J^T J}, {@code g = J^T r}. */
    static void normalEquations(double[][] jacobian, double[] r, double[][] a, double[] g) {
        int p = g.length;
        for (double[] row : a) {
            Arrays.fill(row, 0);
        }
        Arrays.fill(g, 0);
        for (int k = 0; k < r.length; k++) {
            double[] row = jacobian[k];
            for (int i = 0; i < p; i++) {
                g[i] += row[i] * r[k];
                for (int j = 0; j <= i; j++) {
                    a[i][j] += row[i] * row[j];
                }
            }
        }
        for (int i = 0; i < p; i++) {
            for (int j = 0; j < i; j++) {
                a[j][i] = a[i][j];
            }
        }
    }

    /** Marquardt's scaling: the largest diagonal of {@code J^T J} so far (at least a tiny floor). */
    private static void updateScale(double[][] a, double[] scale) {
        for (int j = 0; j < scale.length; j++) {
            scale[j] = Math.max(scale[j], Math.max(a[j][j], 1e-300));
        }
    }

    private static double quadratic(double[][] a, double[] s) {
        double sum = 0;
        for (int i = 0; i < s.length; i++) {
            sum += s[i] * dot(a[i], s);
        }
        return sum;
    }

    private static double dot(double[] x, double[] y) {
        double sum = 0;
        for (int i = 0; i < x.length; i++) {
            sum += x[i] * y[i];
        }
        return sum;
    }

    private static double half(double[] r) {
        return 0.5 * dot(r, r);
    }

    private static boolean finite(double[] r, double[][] jacobian) {
        for (int k = 0; k < r.length; k++) {
            if (!Double.isFinite(r[k])) {
                return false;
            }
            for (double v : jacobian[k]) {
                if (!Double.isFinite(v)) {
                    return false;
                }
            }
        }
        return true;
    }
}
