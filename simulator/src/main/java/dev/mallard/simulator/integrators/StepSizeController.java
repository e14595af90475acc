package dev.mallard.simulator.integrators;

import dev.mallard.scalar.ScalarVector;

/**
 * The error control shared by every error-controlled scheme, apart from the step loop that applies it: the
 * weighted error norm of a trial step and the step-size rule. The norm is {@code max_i |err_i| / max(1,
 * |x0_i|, |x1_i|)}; an accepted step's successor is scaled by {@code 0.9 (accuracy / error)^(1/(p+1))}
 * capped at 5x growth and 10x shrinkage; a rejected step is shrunk by the same factor within [0.1, 0.9].
 * All arithmetic is on plain {@code double} values, whatever the number type of the state.
 */
final class StepSizeController {

    private static final double SAFETY = 0.9;
    private static final double MAX_GROWTH = 5.0;
    private static final double MAX_SHRINK = 0.1;

    private StepSizeController() {
    }

    /**
     * The error norm on the double path.
     *
     * @param err the error estimate, length {@code >= n}; not modified
     * @param x0 the step's start state; not modified
     * @param x1 the trial end state; not modified
     * @param n the number of entries
     * @return the norm, {@code >= 0}; infinite if an entry is NaN
     */
    static double errorNorm(double[] err, double[] x0, double[] x1, int n) {
        // Math.max keeps a NaN once seen, so the loop needs no branch; the result is the same maximum
        double norm = 0;
        for (int i = 0; i < n; i++) {
            norm = Math.max(norm, Math.abs(err[i]) / Math.max(1, Math.max(Math.abs(x0[i]), Math.abs(x1[i]))));
        }
        return Double.isNaN(norm) ? Double.POSITIVE_INFINITY : norm;
    }

    /**
     * The error norm on the generic path, on the values of the vectors.
     *
     * @param err the error estimate; not modified
     * @param x0 the step's start state; not modified
     * @param x1 the trial end state; not modified
     * @param n the number of entries
     * @return the norm, {@code >= 0}; infinite if an entry is NaN
     */
    static double errorNorm(ScalarVector<?> err, ScalarVector<?> x0, ScalarVector<?> x1, int n) {
        double norm = 0;
        for (int i = 0; i < n; i++) {
            double scale = Math.max(1, Math.max(Math.abs(x0.getValue(i)), Math.abs(x1.getValue(i))));
            double r = Math.abs(err.getValue(i)) / scale;
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
     * @return seconds
     */
    static double nextAfterAccepted(double h, double error, double accuracy, double order) {
        double factor = error == 0 ? MAX_GROWTH : SAFETY * Math.pow(accuracy / error, 1 / order);
        return h * Math.min(MAX_GROWTH, Math.max(MAX_SHRINK, factor));
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
        return h * Math.min(0.9, Math.max(MAX_SHRINK, Double.isFinite(error)
                ? SAFETY * Math.pow(accuracy / error, 1 / order) : MAX_SHRINK));
    }
}
