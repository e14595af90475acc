package dev.mallard.systems.primitives;

import dev.mallard.scalar.NonNumericValueException;
import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.systems.Context;
import dev.mallard.systems.InputPort;
import dev.mallard.systems.LeafSystem;
import java.util.Objects;

/**
 * Clamps its input between limits, Drake's {@code Saturation}: {@code y = min(max(u, lower), upper)} entry by
 * entry, with input port {@code "u"} and output port {@code "y"} of the same size, direct feedthrough, no state.
 * The limits are either fixed (given to the constructor) or read from input ports {@code "min"} and
 * {@code "max"} of the same size (ports 1 and 2). Infinite limits leave a side open. Units: those of {@code u}.
 *
 * <p>With AutoDiff the gradient is that of {@code u} strictly inside the limits and that of the active limit
 * outside them (at a limit exactly, that of {@code u}); with symbolic numbers the output is the expression
 * {@code min(max(u, lower), upper)}.
 *
 * @param <T> the number type
 */
public final class Saturation<T> extends LeafSystem<T> {

    private final int size;
    /** The fixed limits; null when the limits come from the input ports. */
    private final double[] lower;
    private final double[] upper;

    /**
     * A saturation with fixed limits.
     *
     * @param scalar the number type
     * @param name the system's name
     * @param lower the lower limits, not NaN ({@code -Infinity} for none); copied
     * @param upper the upper limits, not NaN ({@code +Infinity} for none), of the same length; copied
     * @throws IllegalArgumentException if the lengths differ, are 0, a limit is NaN, or
     *     {@code lower[i] > upper[i]} (naming i and both values)
     */
    public Saturation(Scalar<T> scalar, String name, double[] lower, double[] upper) {
        super(scalar, name);
        Objects.requireNonNull(lower, "lower must not be null");
        Objects.requireNonNull(upper, "upper must not be null");
        Arguments.sameLength(lower, "lower", upper, "upper");
        this.size = Arguments.positiveSize(lower.length, "the number of limits");
        for (int i = 0; i < size; i++) {
            checkLimits(i, lower[i], upper[i]);
        }
        this.lower = lower.clone();
        this.upper = upper.clone();
        declareVectorInputPort("u", size);
        declareVectorOutputPort("y", size, this::calcFixed);
    }

    /**
     * A saturation whose limits are read from the input ports {@code "min"} and {@code "max"}.
     *
     * @param scalar the number type
     * @param name the system's name
     * @param size the size of every port, {@code >= 1}
     * @throws IllegalArgumentException if size {@code < 1}
     */
    public Saturation(Scalar<T> scalar, String name, int size) {
        super(scalar, name);
        this.size = Arguments.positiveSize(size, "size");
        this.lower = null;
        this.upper = null;
        declareVectorInputPort("u", size);
        declareVectorInputPort("min", size);
        declareVectorInputPort("max", size);
        declareVectorOutputPort("y", size, this::calcFromPorts);
    }

    private static void checkLimits(int i, double lo, double hi) {
        if (Double.isNaN(lo) || Double.isNaN(hi) || lo > hi) {
            throw new IllegalArgumentException("saturation limits of entry " + i + ": lower " + lo
                    + " must not be NaN or greater than upper " + hi);
        }
    }

    private void calcFixed(Context<T> context, ScalarVector<T> y) {
        Scalar<T> s = scalar();
        ScalarVector<T> u = getInputPort(0).eval(context);
        for (int i = 0; i < size; i++) {
            y.set(i, s.min(s.max(u.get(i), s.of(lower[i])), s.of(upper[i])));
        }
    }

    private void calcFromPorts(Context<T> context, ScalarVector<T> y) {
        Scalar<T> s = scalar();
        ScalarVector<T> u = getInputPort(0).eval(context);
        ScalarVector<T> lo = getInputPort(1).eval(context);
        ScalarVector<T> hi = getInputPort(2).eval(context);
        for (int i = 0; i < size; i++) {
            checkPortLimits(i, lo.get(i), hi.get(i));
            y.set(i, s.min(s.max(u.get(i), lo.get(i)), hi.get(i)));
        }
    }

    /** Limits with numeric values must be ordered; symbolic limits with free variables cannot be checked. */
    private void checkPortLimits(int i, T lo, T hi) {
        double l;
        double h;
        try {
            l = scalar().value(lo);
            h = scalar().value(hi);
        } catch (NonNumericValueException e) {
            return;
        }
        if (Double.isNaN(l) || Double.isNaN(h) || l > h) {
            throw new IllegalStateException(getName() + ": saturation limits of entry " + i + " from the input ports:"
                    + " min " + l + " must not be NaN or greater than max " + h);
        }
    }

    /** @return whether the limits come from the input ports {@code "min"} and {@code "max"} */
    public boolean hasLimitPorts() {
        return lower == null;
    }

    /**
     * @return the input port {@code "min"}
     * @throws IllegalStateException if the limits are fixed
     */
    public InputPort<T> getMinPort() {
        requireLimitPorts();
        return getInputPort(1);
    }

    /**
     * @return the input port {@code "max"}
     * @throws IllegalStateException if the limits are fixed
     */
    public InputPort<T> getMaxPort() {
        requireLimitPorts();
        return getInputPort(2);
    }

    private void requireLimitPorts() {
        if (lower != null) {
            throw new IllegalStateException(getName() + " has fixed limits and no limit input ports");
        }
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return lower == null ? new Saturation<>(target, getName(), size)
                : new Saturation<>(target, getName(), lower, upper);
    }
}
