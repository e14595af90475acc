package dev.mallard.systems.primitives;

import dev.mallard.simulator.trajectories.PiecewisePolynomial;
import java.util.Objects;

/**
 * A vector-valued function of time on a span {@code [startTime, endTime]} with its derivatives: what a
 * {@link TrajectorySource} plays. {@link #of(PiecewisePolynomial)} adapts a {@link PiecewisePolynomial}
 * (Drake's {@code Trajectory} role); a closed form can implement the interface directly.
 */
public interface Trajectory {

    /** @return the number of entries of each value, {@code >= 1} */
    int rows();

    /** @return the start of the span, seconds */
    double startTime();

    /** @return the end of the span, seconds, {@code >= startTime()} */
    double endTime();

    /**
     * @param t seconds, within the span
     * @return the value, {@link #rows()} entries (a new array)
     */
    double[] value(double t);

    /**
     * @param t seconds, within the span
     * @return the time derivative, {@link #rows()} entries per second (a new array)
     */
    double[] derivative(double t);

    /**
     * The time derivative of order {@code order}: {@link #value} for 0, {@link #derivative(double)} for 1. A
     * trajectory played with higher derivatives ({@link TrajectorySource} with an output derivative order above
     * 1) implements this method; the default has orders 0 and 1 only.
     *
     * @param t seconds, within the span
     * @param order {@code >= 0}
     * @return the derivative, {@link #rows()} entries per second to the power {@code order} (a new array)
     * @throws UnsupportedOperationException for an order above 1 that this trajectory does not give
     * @throws IllegalArgumentException for a negative order
     */
    default double[] derivative(double t, int order) {
        return switch (order) {
            case 0 -> value(t);
            case 1 -> derivative(t);
            default -> {
                if (order < 0) {
                    throw new IllegalArgumentException("order must be >= 0, got " + order);
                }
                throw new UnsupportedOperationException("this trajectory gives derivatives up to order 1, not "
                        + order + ": implement Trajectory.derivative(t, order)");
            }
        };
    }

    /**
     * A piecewise polynomial as a trajectory (its numeric values; a non-double polynomial contributes the
     * value parts of its entries).
     *
     * @param polynomial a non-empty polynomial with at least one row; read on every evaluation, not copied
     * @return the view
     * @throws IllegalArgumentException if it is empty or has no rows
     */
    static Trajectory of(PiecewisePolynomial<?> polynomial) {
        Objects.requireNonNull(polynomial, "polynomial must not be null");
        if (polynomial.isEmpty() || polynomial.rows() < 1) {
            throw new IllegalArgumentException("a trajectory needs a piecewise polynomial with a segment and a row, got "
                    + polynomial.getNumberOfSegments() + " segments of " + polynomial.rows() + " rows");
        }
        return new Trajectory() {
            @Override
            public int rows() {
                return polynomial.rows();
            }

            @Override
            public double startTime() {
                return polynomial.getStartTime();
            }

            @Override
            public double endTime() {
                return polynomial.getEndTime();
            }

            @Override
            public double[] value(double t) {
                return polynomial.value(t).toValueArray();
            }

            @Override
            public double[] derivative(double t) {
                return polynomial.derivative(t).toValueArray();
            }

            @Override
            public double[] derivative(double t, int order) {
                return polynomial.derivative(t, order).toValueArray();
            }
        };
    }
}
