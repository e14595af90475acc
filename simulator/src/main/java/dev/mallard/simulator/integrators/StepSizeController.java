package dev.mallard.simulator.integrators;

import dev.mallard.scalar.ScalarVector;

/**
 * The error control shared by every error-controlled scheme, apart from the step loop that applies it: the
 * weighted error norm of a trial step and the step-size rule, both as Drake's {@code IntegratorBase}
 * ({@code CalcStateChangeNorm}, {@code CalcAdjustedStepSize}). The norm is the weighted infinity norm
 * {@code max_i w_i |err_i|} of the absolute error (unit weights unless set, see
 * {@link IntegratorBase#setGeneralizedStateWeights}); the ideal size is {@code 0.9 h (accuracy /
 * error)^(1/(p+1))}, within 5x growth and 10x shrinkage; an accepted step's successor keeps its size unless
 * the ideal one is at least 1.2 times larger, and a rejected step is retried at most 0.9 times as large.
 * All arithmetic is on plain {@code double} values, whatever the number type of the state.
 */
final class StepSizeController {

    private static final double SAFETY = 0.9;
    private static final double MAX_GROWTH = 5.0;
    private static final double MAX_SHRINK = 0.1;
    private static final double HYSTERESIS_HIGH = 1.2;
    private static final double HYSTERESIS_LOW = 0.9;

    private StepSizeController() {
    }

    /**
     * The error norm on the double path.
     *
     * @param err the error estimate, length {@code >= n}; not modified
     * @param weights the weight of each entry, length {@code >= n}, or null for unit weights; not modified
     * @param n the number of entries
     * @return the norm, {@code >= 0}; infinite if an entry is NaN
     */
    static double errorNorm(double[] err, double[] weights, int n) {
        // Math.max keeps a NaN once seen, so the loop needs no branch; the result is the same maximum
        double norm = 0;
        if (weights == null) {
            for (int i = 0; i < n; i++) {
                norm = Math.max(norm, Math.abs(err[i]));
            }
        } else {
            for (int i = 0; i < n; i++) {
                norm = Math.max(norm, weights[i] * Math.abs(err[i]));
            }
        }
        return Double.isNaN(norm) ? Double.POSITIVE_INFINITY : norm;
    }

    /**
     * The error norm on the generic path, on the values of the vector.
     *
     * @param err the error estimate; not modified
     * @param weights the weight of each entry, length {@code >= n}, or null for unit weights; not modified
     * @param n the number of entries
     * @return the norm, {@code >= 0}; infinite if an entry is NaN
     */
    static double errorNorm(ScalarVector<?> err, double[] weights, int n) {
        double norm = 0;
        for (int i = 0; i < n; i++) {
            double r = Math.abs(err.getValue(i)) * (weights == null ? 1 : weights[i]);
            if (!(r <= norm)) {
                if (Double.isNaN(r)) {
                    return Double.POSITIVE_INFINITY;
                }
                norm = r;
            }
        }
        return norm;
    }

    /**
     * The ideal size of the step after an accepted one.
     *
     * @param h the accepted step's size, seconds
     * @param error its error norm, {@code >= 0}
     * @param accuracy the accuracy in use
     * @param order the error estimate's order plus one ({@code p + 1})
     * @return seconds: {@code h} unless the ideal size is at least {@code 1.2 h}, then that size up to {@code 5 h}
     */
    static double nextAfterAccepted(double h, double error, double accuracy, double order) {
        double factor = error == 0 ? MAX_GROWTH : SAFETY * Math.pow(accuracy / error, 1 / order);
        // Drake's hysteresis: an accepted step is never followed by a smaller one, nor by one less than 1.2x
        if (!(factor >= HYSTERESIS_HIGH)) {
            return h;
        }
        return h * Math.min(MAX_GROWTH, factor);
    }

    /**
     * The size to retry a rejected step with.
     *
     * @param h the rejected step's size, seconds
     * @param error its error norm ({@code > accuracy}, possibly infinite)
     * @param accuracy the accuracy in use
     * @param order the error estimate's order plus one ({@code p + 1})
     * @return seconds, in {@code [0.1 h, 0.9 h]}
     */
    static double retryAfterRejected(double h, double error, double accuracy, double order) {
        return h * Math.min(HYSTERESIS_LOW, Math.max(MAX_SHRINK, Double.isFinite(error)
                ? SAFETY * Math.pow(accuracy / error, 1 / order) : MAX_SHRINK));
    }
}
