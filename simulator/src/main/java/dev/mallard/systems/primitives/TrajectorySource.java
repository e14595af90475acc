package dev.mallard.systems.primitives;

import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.systems.Context;
import dev.mallard.systems.Feedthrough;
import dev.mallard.systems.LeafSystem;
import java.util.Objects;

/**
 * Plays a trajectory, Drake's {@code TrajectorySource}: output port {@code "y0"} of size
 * {@code rows (order + 1)}: the value, then its time derivatives up to the output derivative order (0 by
 * default; {@code outputDerivative = true} is order 1), no input, no state. Units: those of the trajectory (its
 * k-th derivative per second to the k).
 *
 * <p>Outside the trajectory's span the output holds the end value with a zero derivative when
 * {@code holdBeyondLimits} is set (Drake's {@code zero_derivatives_beyond_limits}, the default); otherwise
 * the trajectory itself is asked (a {@link dev.mallard.simulator.trajectories.PiecewisePolynomial} throws there).
 *
 * <p>The value rows are {@code y(t_0) + y'(t_0) (t - t_0)} at the context's time {@code t} with value
 * {@code t_0}: the value for doubles, and with AutoDiff a time carrying a gradient passes it on through the
 * derivative (the gradient of the output with respect to the final time, say). The derivative rows are
 * constants for every number type. A symbolic time must have a numeric value (no free variable): the
 * trajectory is numeric.
 *
 * @param <T> the number type
 */
public final class TrajectorySource<T> extends LeafSystem<T> {

    private final Trajectory trajectory;
    private final int derivativeOrder;
    private final boolean holdBeyondLimits;
    private final int rows;

    /**
     * Plays {@code trajectory}'s value, holding its end values outside its span.
     *
     * @param scalar the number type
     * @param name the system's name
     * @param trajectory the trajectory, kept (not copied)
     * @throws IllegalArgumentException if it has no rows or its span is reversed
     */
    public TrajectorySource(Scalar<T> scalar, String name, Trajectory trajectory) {
        this(scalar, name, trajectory, false, true);
    }

    /**
     * @param scalar the number type
     * @param name the system's name
     * @param trajectory the trajectory, kept (not copied)
     * @param outputDerivative whether the output also holds the time derivative (after the value)
     * @param holdBeyondLimits whether times outside the span are clamped to it (zero derivative there)
     * @throws IllegalArgumentException if it has no rows or its span is reversed
     */
    public TrajectorySource(Scalar<T> scalar, String name, Trajectory trajectory, boolean outputDerivative,
            boolean holdBeyondLimits) {
        this(scalar, name, trajectory, outputDerivative ? 1 : 0, holdBeyondLimits);
    }

    /**
     * Drake's {@code TrajectorySource(trajectory, output_derivative_order, zero_derivatives_beyond_limits)}.
     *
     * @param scalar the number type
     * @param name the system's name
     * @param trajectory the trajectory, kept (not copied); for an order above 1 it must implement
     *     {@link Trajectory#derivative(double, int)} (as {@link Trajectory#of} does)
     * @param outputDerivativeOrder the highest derivative in the output, {@code >= 0}
     * @param holdBeyondLimits whether times outside the span are clamped to it (zero derivatives there)
     * @throws IllegalArgumentException if it has no rows, its span is reversed or the order is negative
     */
    public TrajectorySource(Scalar<T> scalar, String name, Trajectory trajectory, int outputDerivativeOrder,
            boolean holdBeyondLimits) {
        super(scalar, name);
        this.trajectory = Objects.requireNonNull(trajectory, "trajectory must not be null");
        this.rows = Arguments.positiveSize(trajectory.rows(), "trajectory rows");
        if (!(trajectory.startTime() <= trajectory.endTime())) {
            throw new IllegalArgumentException("the trajectory's span [" + trajectory.startTime() + ", "
                    + trajectory.endTime() + "] is reversed or NaN");
        }
        if (outputDerivativeOrder < 0) {
            throw new IllegalArgumentException("outputDerivativeOrder must be >= 0, got " + outputDerivativeOrder);
        }
        this.derivativeOrder = outputDerivativeOrder;
        this.holdBeyondLimits = holdBeyondLimits;
        declareVectorOutputPort("y0", (outputDerivativeOrder + 1) * rows, this::calcOutput, Feedthrough.none());
    }

    private void calcOutput(Context<T> context, ScalarVector<T> y) {
        Scalar<T> s = scalar();
        double t = context.getTimeValue();
        if (Double.isNaN(t)) {
            throw new IllegalStateException(getName() + " needs a numeric time to play its trajectory, got "
                    + context.getTime());
        }
        boolean outside = t < trajectory.startTime() || t > trajectory.endTime();
        double tc = holdBeyondLimits ? Math.min(Math.max(t, trajectory.startTime()), trajectory.endTime()) : t;
        double[] value = checked(trajectory.value(tc), "value", tc);
        double[] slope = holdBeyondLimits && outside ? new double[rows]
                : checked(trajectory.derivative(tc), "derivative", tc);
        boolean values = s == Scalar.DOUBLE;
        T dt = values ? null : s.sub(context.getTime(), t);
        for (int i = 0; i < rows; i++) {
            if (values) {
                y.setValue(i, value[i]);
            } else {
                y.set(i, slope[i] == 0 ? s.of(value[i]) : s.add(s.mul(dt, slope[i]), value[i]));
            }
        }
        for (int k = 1; k <= derivativeOrder; k++) {
            double[] d = k == 1 ? slope : holdBeyondLimits && outside ? new double[rows]
                    : checked(trajectory.derivative(tc, k), "derivative of order " + k, tc);
            for (int i = 0; i < rows; i++) {
                y.setValue(k * rows + i, d[i]);
            }
        }
    }

    /** @return the highest time derivative in the output (0: the value only) */
    public int getOutputDerivativeOrder() {
        return derivativeOrder;
    }

    private double[] checked(double[] v, String what, double t) {
        if (v == null || v.length != rows) {
            throw new IllegalStateException("the trajectory of " + getName() + " returned a " + what + " of "
                    + (v == null ? "null" : v.length + " entries") + " at t = " + t + ", expected " + rows);
        }
        return v;
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new TrajectorySource<>(target, getName(), trajectory, derivativeOrder, holdBeyondLimits);
    }
}
