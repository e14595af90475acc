package dev.mallard.scalar;

import java.util.Arrays;

/**
 * A dense matrix over any number type, storing its entries row-major as objects.
 *
 * @param <T> the number type
 */
public final class GenericMatrix<T> implements ScalarMatrix<T> {

    private final Scalar<T> scalar;
    private final int rows;
    private final int cols;
    /** An {@code Object[]}, not the number type's own array class, as in GenericVector (see its entries field). */
    private final Object[] entries;

    /**
     * A matrix of zeros.
     *
     * @param scalar the number type, not null
     * @param rows number of rows, {@code >= 0}
     * @param cols number of columns, {@code >= 0}
     */
    public GenericMatrix(Scalar<T> scalar, int rows, int cols) {
        this.scalar = Checks.notNull(scalar, "scalar");
        this.rows = Checks.nonNegative(rows, "rows");
        this.cols = Checks.nonNegative(cols, "cols");
        this.entries = new Object[Math.multiplyExact(rows, cols)];
        Arrays.fill(entries, scalar.zero());
    }

    private GenericMatrix(GenericMatrix<T> other) {
        this.scalar = other.scalar;
        this.rows = other.rows;
        this.cols = other.cols;
        this.entries = other.entries.clone();
    }

    @Override public Scalar<T> scalar() { return scalar; }
    @Override public int rows() { return rows; }
    @Override public int cols() { return cols; }

    @Override
    @SuppressWarnings("unchecked")
    public T get(int row, int col) {
        // only set stores into entries, and only values of T
        return (T) entries[offset(row, col)];
    }

    @Override
    public void set(int row, int col, T value) {
        entries[offset(row, col)] = Checks.notNull(value, "value");
    }

    @Override
    public double getValue(int row, int col) {
        return scalar.value(get(row, col));
    }

    @Override
    public void setValue(int row, int col, double value) {
        set(row, col, scalar.of(value));
    }

    private int offset(int row, int col) {
        Checks.index(row, rows, "row");
        Checks.index(col, cols, "col");
        return row * cols + col;
    }

    @Override
    public GenericMatrix<T> copy() {
        return new GenericMatrix<>(this);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GenericMatrix<?> g && g.rows == rows && g.cols == cols && Arrays.equals(entries, g.entries);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(entries) * 31 + rows;
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("[");
        for (int r = 0; r < rows; r++) {
            b.append(r == 0 ? "[" : ", [");
            for (int c = 0; c < cols; c++) {
                b.append(c == 0 ? "" : ", ").append(get(r, c));
            }
            b.append(']');
        }
        return b.append(']').toString();
    }
}
