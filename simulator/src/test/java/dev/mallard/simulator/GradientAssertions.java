package dev.mallard.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.function.ToDoubleFunction;

/**
 * Test helper: two gradients (or any vectors) compared entry by entry, with a tolerance relative to the largest
 * entry of the expected one, so that a gradient's small entries are held to the accuracy its large ones set; and the
 * central-difference gradient the adjoint tests compare with.
 */
public final class GradientAssertions {

    private GradientAssertions() {
    }

    /**
     * Asserts {@code |actual[j] - expected[j]| <= tolerance max_k |expected[k]|} for every entry of
     * {@code expected}; the failure message names the entry and shows both vectors.
     *
     * @param expected the reference, not modified
     * @param actual the computed vector, at least as long as {@code expected}, not modified
     * @param tolerance the relative tolerance
     * @param what names the comparison in the failure message
     */
    public static void assertAgree(double[] expected, double[] actual, double tolerance, String what) {
        double scale = 0;
        for (double e : expected) {
            scale = Math.max(scale, Math.abs(e));
        }
        for (int j = 0; j < expected.length; j++) {
            assertEquals(expected[j], actual[j], tolerance * scale, what + ": entry " + j + ": expected "
                    + Arrays.toString(expected) + ", got " + Arrays.toString(actual));
        }
    }

    /**
     * The gradient of {@code f} at {@code theta} by central differences, entry j with the step
     * {@code 1e-6 max(1, |theta[j]|)}.
     *
     * @param f the function, called twice per entry with perturbed copies of {@code theta}
     * @param theta the point, not modified
     * @return the gradient, one entry per entry of {@code theta}
     */
    public static double[] centralDifferences(ToDoubleFunction<double[]> f, double[] theta) {
        double[] out = new double[theta.length];
        for (int j = 0; j < theta.length; j++) {
            double step = 1e-6 * Math.max(1, Math.abs(theta[j]));
            double[] plus = theta.clone();
            double[] minus = theta.clone();
            plus[j] += step;
            minus[j] -= step;
            out[j] = (f.applyAsDouble(plus) - f.applyAsDouble(minus)) / (2 * step);
        }
        return out;
    }
}
