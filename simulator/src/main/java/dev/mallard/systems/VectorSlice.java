package dev.mallard.systems;

import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;

/**
 * A contiguous segment of another vector, sharing its storage. The segment's position is fixed; the vector it
 * views can be re-pointed ({@link #over}) so that a view made once serves every call (no per-step allocation).
 */
final class VectorSlice<T> implements ScalarVector<T> {

    private ScalarVector<T> base;
    private final int start;
    private final int size;

    VectorSlice(ScalarVector<T> base, int start, int size) {
        this.base = base;
        this.start = start;
        this.size = size;
    }

    /**
     * Makes this view show the same segment of another vector.
     *
     * @param newBase the vector to view, at least {@code start + size} long
     * @return this
     */
    VectorSlice<T> over(ScalarVector<T> newBase) {
        this.base = newBase;
        return this;
    }

    @Override
    public Scalar<T> scalar() {
        return base.scalar();
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public T get(int i) {
        return base.get(start + dev.mallard.scalar.Checks.index(i, size, "index"));
    }

    @Override
    public void set(int i, T value) {
        base.set(start + dev.mallard.scalar.Checks.index(i, size, "index"), value);
    }

    @Override
    public double getValue(int i) {
        return base.getValue(start + dev.mallard.scalar.Checks.index(i, size, "index"));
    }

    @Override
    public void setValue(int i, double value) {
        base.setValue(start + dev.mallard.scalar.Checks.index(i, size, "index"), value);
    }

    @Override
    public ScalarVector<T> copy() {
        ScalarVector<T> out = scalar().newVector(size);
        for (int i = 0; i < size; i++) {
            out.set(i, get(i));
        }
        return out;
    }
}
