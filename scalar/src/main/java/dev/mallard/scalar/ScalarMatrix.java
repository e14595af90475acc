package dev.mallard.scalar;

/**
 * A mutable, fixed-size dense matrix over a number type. Created by {@link Scalar#newMatrix(int, int)}:
 * over {@link Scalar#DOUBLE} it is a {@link DoubleMatrix} storing primitive doubles row-major, whose
 * linear algebra is EJML's. Operations live in {@link MatrixOps}.
 *
 * @param <T> the number type
 */
public interface ScalarMatrix<T> {

    /** @return the type class of the entries, never null */
    Scalar<T> scalar();

    /** @return the number of rows, {@code >= 0} */
    int rows();

    /** @return the number of columns, {@code >= 0} */
    int cols();

    /**
     * @param row row index in [0, rows)
     * @param col column index in [0, cols)
     * @return the entry
     * @throws IndexOutOfBoundsException naming the index outside its range
     */
    T get(int row, int col);

    /**
     * Replaces an entry. Modifies this matrix.
     *
     * @param row row index in [0, rows)
     * @param col column index in [0, cols)
     * @param value the new entry, not null
     */
    void set(int row, int col, T value);

    /**
     * @param row row index
     * @param col column index
     * @return the numeric value of the entry (no boxing for a {@link DoubleMatrix})
     * @throws NonNumericValueException if the entry has no numeric value
     */
    double getValue(int row, int col);

    /**
     * Sets an entry to the constant {@code scalar().of(value)}. Modifies this matrix.
     *
     * @param row row index
     * @param col column index
     * @param value the value
     */
    void setValue(int row, int col, double value);

    /** @return an independent copy */
    ScalarMatrix<T> copy();

    /**
     * @return a new {@code double[rows][cols]} of the numeric values
     * @throws NonNumericValueException if an entry has no numeric value
     */
    default double[][] toValueArray() {
        double[][] out = new double[rows()][cols()];
        for (int r = 0; r < rows(); r++) {
            for (int c = 0; c < cols(); c++) {
                out[r][c] = getValue(r, c);
            }
        }
        return out;
    }

    /**
     * A new matrix holding the given constants.
     *
     * @param scalar the number type
     * @param values rectangular rows of values, not modified
     * @param <T> the number type
     * @return the matrix
     * @throws IllegalArgumentException if the rows have different lengths
     */
    static <T> ScalarMatrix<T> ofValues(Scalar<T> scalar, double[][] values) {
        Checks.notNull(values, "values");
        int cols = values.length == 0 ? 0 : Checks.notNull(values[0], "values[0]").length;
        ScalarMatrix<T> m = Checks.notNull(scalar, "scalar").newMatrix(values.length, cols);
        for (int r = 0; r < values.length; r++) {
            Checks.size(Checks.notNull(values[r], "values[" + r + "]").length, cols, "values[" + r + "]");
            for (int c = 0; c < cols; c++) {
                m.setValue(r, c, values[r][c]);
            }
        }
        return m;
    }
}
