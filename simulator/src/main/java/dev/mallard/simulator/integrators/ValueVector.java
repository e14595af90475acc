package dev.mallard.simulator.integrators;

import dev.mallard.scalar.Checks;
import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;

/**
 * A vector over a numeric type that keeps only the values of its entries, in a {@code double[]}: for the
 * generic path's error estimate, of which only the values are read (the error norm). Setting an entry stores
 * its value, so for AutoDiff no object is allocated and no reference stored per entry; reading an entry gives
 * that value as a constant of the type.
 *
 * @param <T> the number type, numeric ({@link Scalar#isNumeric()})
 */
final class ValueVector<T> implements ScalarVector<T> {

    private final Scalar<T> scalar;
    private final double[] values;

    /**
     * A vector of zeros.
     *
     * @param scalar the number type, numeric
     * @param size the number of entries, {@code >= 0}
     */
    ValueVector(Scalar<T> scalar, int size) {
        this.scalar = scalar;
        this.values = new double[size];
    }

    @Override
    public Scalar<T> scalar() {
        return scalar;
    }

    @Override
    public int size() {
        return values.length;
    }

    /** @return entry {@code i}'s value as a constant ({@link Scalar#of}); for AutoDiff, without gradient */
    @Override
    public T get(int i) {
        return scalar.of(values[i]);
    }

    /** Stores the value of {@code value}; the rest of it (an AutoDiff gradient) is dropped. */
    @Override
    public void set(int i, T value) {
        values[i] = scalar.value(Checks.notNull(value, "value"));
    }

    @Override
    public double getValue(int i) {
        return values[i];
    }

    @Override
    public void setValue(int i, double value) {
        values[i] = value;
    }

    @Override
    public ValueVector<T> copy() {
        ValueVector<T> out = new ValueVector<>(scalar, values.length);
        System.arraycopy(values, 0, out.values, 0, values.length);
        return out;
    }
}
