package dev.mallard.scalar;

import java.util.Arrays;
import org.ejml.data.DMatrixRMaj;

/**
 * A dense matrix of primitive doubles stored row-major: the specialisation of {@link ScalarMatrix} for
 * {@code double}. {@link #toEjml()} shares the storage with an EJML matrix, so EJML's operations work on
 * it without copying.
 */
public final class DoubleMatrix implements ScalarMatrix<Double> {

    private final DMatrixRMaj m;

    /**
     * A matrix of zeros.
     *
     * @param rows number of rows, {@code >= 0}
     * @param cols number of columns, {@code >= 0}
     */
    public DoubleMatrix(int rows, int cols) {
        this.m = new DMatrixRMaj(Checks.nonNegative(rows, "rows"), Checks.nonNegative(cols, "cols"));
    }

    private DoubleMatrix(DMatrixRMaj m) {
        this.m = m;
    }

    /**
     * Wraps (does not copy) an EJML matrix: changes to either are seen by both.
     *
     * @param matrix the EJML matrix, not null
     * @return the wrapper
     */
    public static DoubleMatrix wrap(DMatrixRMaj matrix) {
        return new DoubleMatrix(Checks.notNull(matrix, "matrix"));
    }

    /** @return the EJML matrix sharing this matrix's storage (not a copy) */
    public DMatrixRMaj toEjml() {
        return m;
    }

    /** @return the row-major backing array (not a copy) */
    public double[] data() {
        return m.data;
    }

    @Override public Scalar<Double> scalar() { return Scalar.DOUBLE; }
    @Override public int rows() { return m.numRows; }
    @Override public int cols() { return m.numCols; }

    @Override
    public Double get(int row, int col) {
        return getValue(row, col);
    }

    @Override
    public void set(int row, int col, Double value) {
        setValue(row, col, Checks.notNull(value, "value"));
    }

    @Override
    public double getValue(int row, int col) {
        return m.data[offset(row, col)];
    }

    @Override
    public void setValue(int row, int col, double value) {
        m.data[offset(row, col)] = value;
    }

    private int offset(int row, int col) {
        Checks.index(row, m.numRows, "row");
        Checks.index(col, m.numCols, "col");
        return row * m.numCols + col;
    }

    @Override
    public DoubleMatrix copy() {
        return new DoubleMatrix(m.copy());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DoubleMatrix d && d.m.numRows == m.numRows && d.m.numCols == m.numCols
                && Arrays.equals(Arrays.copyOf(d.m.data, d.m.getNumElements()), Arrays.copyOf(m.data, m.getNumElements()));
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(Arrays.copyOf(m.data, m.getNumElements())) * 31 + m.numRows;
    }

    @Override
    public String toString() {
        return Arrays.deepToString(toValueArray());
    }
}
