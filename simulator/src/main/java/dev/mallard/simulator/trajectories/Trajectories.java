package dev.mallard.simulator.trajectories;

import dev.mallard.scalar.Checks;
import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import java.util.function.IntFunction;

/**
 * Factories of {@link PiecewisePolynomial} trajectories from sample times and values, as Drake's
 * {@code PiecewisePolynomial::ZeroOrderHold}, {@code FirstOrderHold},
 * {@code CubicWithContinuousSecondDerivatives} (given end slopes) and {@code CubicShapePreserving}.
 *
 * <p>Every factory takes {@code breaks}, strictly increasing finite times in seconds (at least two), and
 * {@code samples}, one finite vector per break ({@code samples[k]} is the value at {@code breaks[k]}, all of
 * one length). Neither array is modified or kept. The values become constants of the given number type, so
 * one trajectory can drive a system run with double, AutoDiff or Expression.
 *
 * <p>Thread-safe (stateless).
 */
public final class Trajectories {

    /** The fractions of a segment at which a cubic segment is held: the degree-3 Chebyshev nodes. */
    private static final double[] CUBIC_NODES = PiecewisePolynomial.nodes(3);

    private Trajectories() {
    }

    /**
     * A piecewise constant trajectory: {@code samples[k]} on {@code [breaks[k], breaks[k+1])}. As in Drake,
     * the last sample is not used: at the end time the value is {@code samples[N-2]}.
     *
     * @param scalar the number type of the values
     * @param breaks sample times, seconds
     * @param samples values at the sample times
     * @param <T> the number type
     * @return the trajectory over {@code [breaks[0], breaks[N-1]]}
     * @throws IllegalArgumentException if the breaks or samples are invalid (naming the index)
     */
    public static <T> PiecewisePolynomial<T> zeroOrderHold(Scalar<T> scalar, double[] breaks, double[][] samples) {
        int rows = checkSamples(breaks, samples);
        return build(scalar, breaks, rows, 0, k -> new double[][] {samples[k]});
    }

    /**
     * A piecewise linear trajectory through the samples (continuous, its derivative jumps at the breaks).
     *
     * @param scalar the number type of the values
     * @param breaks sample times, seconds
     * @param samples values at the sample times
     * @param <T> the number type
     * @return the trajectory over {@code [breaks[0], breaks[N-1]]}
     * @throws IllegalArgumentException if the breaks or samples are invalid (naming the index)
     */
    public static <T> PiecewisePolynomial<T> firstOrderHold(Scalar<T> scalar, double[] breaks, double[][] samples) {
        int rows = checkSamples(breaks, samples);
        return build(scalar, breaks, rows, 1, k -> new double[][] {samples[k], samples[k + 1]});
    }

    /**
     * The cubic spline through the samples with continuous first and second derivatives and the given
     * slopes at both ends (a clamped spline).
     *
     * @param scalar the number type of the values
     * @param breaks sample times, seconds
     * @param samples values at the sample times
     * @param startSlope the derivative at {@code breaks[0]}, per second, one entry per row
     * @param endSlope the derivative at {@code breaks[N-1]}, per second, one entry per row
     * @param <T> the number type
     * @return the trajectory over {@code [breaks[0], breaks[N-1]]}
     * @throws IllegalArgumentException if the breaks, samples or slopes are invalid (naming the index)
     */
    public static <T> PiecewisePolynomial<T> cubicWithEndSlopes(Scalar<T> scalar, double[] breaks,
            double[][] samples, double[] startSlope, double[] endSlope) {
        int rows = checkSamples(breaks, samples);
        checkVector(startSlope, rows, "startSlope");
        checkVector(endSlope, rows, "endSlope");
        double[][] slopes = new double[breaks.length][rows];
        for (int i = 0; i < rows; i++) {
            double[] m = ClampedSpline.slopes(breaks, column(samples, i), startSlope[i], endSlope[i]);
            for (int k = 0; k < m.length; k++) {
                slopes[k][i] = m[k];
            }
        }
        return hermite(scalar, breaks, samples, slopes);
    }

    /**
     * A cubic through the samples that keeps their shape: monotone wherever the samples are, with no
     * overshoot at a local extremum (Fritsch and Carlson's slopes with Fritsch and Butland's harmonic mean,
     * as MATLAB's {@code pchip}, and Drake's {@code CubicShapePreserving} with
     * {@code zero_end_point_derivatives} false). The first derivative is continuous; the second is not in
     * general.
     *
     * @param scalar the number type of the values
     * @param breaks sample times, seconds
     * @param samples values at the sample times
     * @param <T> the number type
     * @return the trajectory over {@code [breaks[0], breaks[N-1]]}
     * @throws IllegalArgumentException if the breaks or samples are invalid (naming the index)
     */
    public static <T> PiecewisePolynomial<T> cubicShapePreserving(Scalar<T> scalar, double[] breaks,
            double[][] samples) {
        int rows = checkSamples(breaks, samples);
        double[][] slopes = new double[breaks.length][rows];
        for (int i = 0; i < rows; i++) {
            double[] m = ShapePreservingSlopes.of(breaks, column(samples, i));
            for (int k = 0; k < m.length; k++) {
                slopes[k][i] = m[k];
            }
        }
        return hermite(scalar, breaks, samples, slopes);
    }

    /** Cubic Hermite segments from values and slopes at the breaks, held by their values at the nodes. */
    private static <T> PiecewisePolynomial<T> hermite(Scalar<T> scalar, double[] breaks, double[][] samples,
            double[][] slopes) {
        int rows = samples[0].length;
        return build(scalar, breaks, rows, 3, k -> {
            double h = breaks[k + 1] - breaks[k];
            double[][] atNodes = new double[CUBIC_NODES.length][rows];
            for (int j = 0; j < CUBIC_NODES.length; j++) {
                double s = CUBIC_NODES[j];
                double h00 = (1 + 2 * s) * (1 - s) * (1 - s);
                double h10 = s * (1 - s) * (1 - s);
                double h01 = s * s * (3 - 2 * s);
                double h11 = s * s * (s - 1);
                for (int i = 0; i < rows; i++) {
                    atNodes[j][i] = h00 * samples[k][i] + h10 * h * slopes[k][i] + h01 * samples[k + 1][i]
                            + h11 * h * slopes[k + 1][i];
                }
            }
            return atNodes;
        });
    }

    /** Appends one segment per interval, of the given degree, from its values at the degree's nodes. */
    private static <T> PiecewisePolynomial<T> build(Scalar<T> scalar, double[] breaks, int rows, int degree,
            IntFunction<double[][]> nodeValues) {
        PiecewisePolynomial<T> pp = new PiecewisePolynomial<>(Checks.notNull(scalar, "scalar"), rows);
        for (int k = 0; k + 1 < breaks.length; k++) {
            double[][] values = nodeValues.apply(k);
            @SuppressWarnings({"unchecked", "rawtypes"})
            ScalarVector<T>[] vectors = new ScalarVector[values.length];
            for (int j = 0; j < values.length; j++) {
                vectors[j] = ScalarVector.ofValues(scalar, values[j]);
            }
            pp.appendSegment(breaks[k], breaks[k + 1], degree, vectors);
        }
        return pp;
    }

    /** @return the common length of the samples, after checking breaks and samples */
    private static int checkSamples(double[] breaks, double[][] samples) {
        Checks.notNull(breaks, "breaks");
        Checks.notNull(samples, "samples");
        if (breaks.length < 2) {
            throw new IllegalArgumentException("breaks must hold at least 2 times, got " + breaks.length);
        }
        if (samples.length != breaks.length) {
            throw new IllegalArgumentException("samples must hold one vector per break (" + breaks.length
                    + "), got " + samples.length);
        }
        for (int k = 0; k < breaks.length; k++) {
            Checks.finite(breaks[k], "breaks[" + k + "]");
            if (k > 0 && !(breaks[k] > breaks[k - 1])) {
                throw new IllegalArgumentException("breaks must increase strictly: breaks[" + k + "] = " + breaks[k]
                        + " follows " + breaks[k - 1]);
            }
        }
        int rows = Checks.notNull(samples[0], "samples[0]").length;
        for (int k = 0; k < samples.length; k++) {
            checkVector(samples[k], rows, "samples[" + k + "]");
        }
        return rows;
    }

    private static void checkVector(double[] v, int rows, String name) {
        Checks.notNull(v, name);
        if (v.length != rows) {
            throw new IllegalArgumentException(name + " has " + v.length + " entries, expected " + rows);
        }
        for (int i = 0; i < v.length; i++) {
            Checks.finite(v[i], name + "[" + i + "]");
        }
    }

    private static double[] column(double[][] samples, int i) {
        double[] c = new double[samples.length];
        for (int k = 0; k < c.length; k++) {
            c[k] = samples[k][i];
        }
        return c;
    }
}
