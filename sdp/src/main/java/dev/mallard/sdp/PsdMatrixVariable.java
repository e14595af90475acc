package dev.mallard.sdp;

import dev.mallard.scalar.Checks;

/**
 * A symmetric positive semidefinite matrix variable of an {@link SdpModel}. Its entries are
 * {@link ScalarVariable}s; {@code entry(i, j)} and {@code entry(j, i)} are the same variable.
 */
public final class PsdMatrixVariable {

    private final String name;
    private final int size;
    final int block;
    private final ScalarVariable[] upper;

    PsdMatrixVariable(String name, int size, int block, ScalarVariable[] upper) {
        this.name = name;
        this.size = size;
        this.block = block;
        this.upper = upper;
    }

    /** @return the name given at creation */
    public String name() {
        return name;
    }

    /** @return the dimension n of the n x n matrix */
    public int size() {
        return size;
    }

    /**
     * @param row the row in [0, n)
     * @param col the column in [0, n)
     * @return the entry's variable (the same for (row, col) and (col, row))
     * @throws IndexOutOfBoundsException if an index is outside [0, n)
     */
    public ScalarVariable entry(int row, int col) {
        Checks.index(row, size, "row");
        Checks.index(col, size, "col");
        return upper[upperIndex(Math.min(row, col), Math.max(row, col), size)];
    }

    /** Index of (r, c), r <= c, in row-major upper-triangle order. */
    static int upperIndex(int r, int c, int n) {
        return r * n - r * (r - 1) / 2 + (c - r);
    }

    @Override
    public String toString() {
        return name + " (" + size + "x" + size + " PSD)";
    }
}
