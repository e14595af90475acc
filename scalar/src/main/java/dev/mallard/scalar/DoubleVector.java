package dev.mallard.scalar;

import java.util.Arrays;

/**
 * A vector of primitive doubles: the specialisation of {@link ScalarVector} used whenever the number
 * type is {@code double}. {@link #data()} exposes the backing array so that integrators work on it
 * without boxing.
 */
public final class DoubleVector implements ScalarVector<Double> {

    private final double[] data;

    /**
     * A vector of zeros.
     *
     * @param size the number of entries, {@code >= 0}
     * @throws IllegalArgumentException if size is negative
     */
    public DoubleVector(int size) {
        this.data = new double[Checks.nonNegative(size, "size")];
    }

    /**
     * A vector that wraps (does not copy) the given array: changes to either are seen by both.
     *
     * @param data the backing array, not null
     * @return the vector
     */
    public static DoubleVector wrap(double[] data) {
        return new DoubleVector(Checks.notNull(data, "data"), true);
    }

    private DoubleVector(double[] data, boolean wrapped) {
        this.data = data;
    }

    /** @return the backing array (not a copy); writing to it modifies this vector */
    public double[] data() {
        return data;
    }

    @Override public Scalar<Double> scalar() { return Scalar.DOUBLE; }
    @Override public int size() { return data.length; }

    @Override
    public Double get(int i) {
        return data[Checks.index(i, data.length, "index")];
    }

    @Override
    public void set(int i, Double value) {
        data[Checks.index(i, data.length, "index")] = Checks.notNull(value, "value");
    }

    @Override
    public double getValue(int i) {
        return data[Checks.index(i, data.length, "index")];
    }

    @Override
    public void setValue(int i, double value) {
        data[Checks.index(i, data.length, "index")] = value;
    }

    @Override
    public void setFrom(ScalarVector<Double> source) {
        Checks.size(source.size(), data.length, "source");
        if (source instanceof DoubleVector d) {
            DoubleArrays.copy(d.data, data, data.length);
        } else {
            ScalarVector.super.setFrom(source);
        }
    }

    @Override
    public void copyValuesTo(double[] out, int offset) {
        Checks.range(offset, data.length, out.length, "offset");
        DoubleArrays.copy(data, 0, out, offset, data.length);
    }

    @Override
    public void setValuesFrom(double[] in, int offset) {
        Checks.range(offset, data.length, in.length, "offset");
        DoubleArrays.copy(in, offset, data, 0, data.length);
    }

    @Override
    public DoubleVector copy() {
        return new DoubleVector(data.clone(), true);
    }

    @Override
    public double[] toValueArray() {
        return data.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DoubleVector d && Arrays.equals(data, d.data);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(data);
    }

    @Override
    public String toString() {
        return Arrays.toString(data);
    }
}
