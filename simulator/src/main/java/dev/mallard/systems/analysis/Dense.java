package dev.mallard.systems.analysis;

import org.ejml.data.DMatrixRMaj;

/** Dense {@code double[][]} helpers of this package: argument checks, products, EJML conversions. */
final class Dense {

    private Dense() {
    }

    /**
     * @param a the matrix
     * @param name its name in messages
     * @param finite whether every entry must be finite
     * @return n for an n x n matrix
     * @throws IllegalArgumentException if a is null, ragged, not square or (when asked) has a non-finite entry
     */
    static int checkSquare(double[][] a, String name, boolean finite) {
        int n = rows(a, name);
        check(a, n, n, name, finite);
        return n;
    }

    /** The number of rows, checking for null. */
    static int rows(double[][] a, String name) {
        if (a == null) {
            throw new IllegalArgumentException(name + " must not be null");
        }
        return a.length;
    }

    /** The number of columns of a non-empty matrix (0 for no rows), checking for null. */
    static int cols(double[][] a, String name) {
        if (rows(a, name) == 0) {
            return 0;
        }
        if (a[0] == null) {
            throw new IllegalArgumentException(name + " row 0 must not be null");
        }
        return a[0].length;
    }

    /**
     * @throws IllegalArgumentException naming the matrix, its shape and the expected one, or a non-finite entry
     */
    static void check(double[][] a, int rows, int cols, String name, boolean finite) {
        if (rows(a, name) != rows) {
            throw new IllegalArgumentException(name + " must be " + rows + " x " + cols + ", got " + a.length
                    + " rows");
        }
        for (int i = 0; i < rows; i++) {
            if (a[i] == null) {
                throw new IllegalArgumentException(name + " row " + i + " must not be null");
            }
            if (a[i].length != cols) {
                throw new IllegalArgumentException(name + " must be " + rows + " x " + cols + ", got row " + i
                        + " of length " + a[i].length);
            }
            for (int j = 0; finite && j < cols; j++) {
                if (!Double.isFinite(a[i][j])) {
                    throw new IllegalArgumentException(name + "[" + i + "][" + j + "] must be finite, got " + a[i][j]);
                }
            }
        }
    }

    static double[][] copy(double[][] a) {
        double[][] out = new double[a.length][];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i].clone();
        }
        return out;
    }

    static double[][] toArray(DMatrixRMaj m) {
        double[][] out = new double[m.numRows][m.numCols];
        for (int i = 0; i < m.numRows; i++) {
            for (int j = 0; j < m.numCols; j++) {
                out[i][j] = m.get(i, j);
            }
        }
        return out;
    }

    /** @param cols the column count, needed when a has no rows */
    static DMatrixRMaj toEjml(double[][] a, int cols) {
        DMatrixRMaj m = new DMatrixRMaj(a.length, cols);
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < cols; j++) {
                m.set(i, j, a[i][j]);
            }
        }
        return m;
    }

    static DMatrixRMaj toEjml(double[][] a) {
        return toEjml(a, a.length == 0 ? 0 : a[0].length);
    }

    /** Replaces m by (m + m') / 2. */
    static void symmetrize(DMatrixRMaj m) {
        for (int i = 0; i < m.numRows; i++) {
            for (int j = i + 1; j < m.numCols; j++) {
                double mean = 0.5 * (m.get(i, j) + m.get(j, i));
                m.set(i, j, mean);
                m.set(j, i, mean);
            }
        }
    }

    /** Replaces a by (a + a') / 2. */
    static void symmetrize(double[][] a) {
        for (int i = 0; i < a.length; i++) {
            for (int j = i + 1; j < a.length; j++) {
                double mean = 0.5 * (a[i][j] + a[j][i]);
                a[i][j] = mean;
                a[j][i] = mean;
            }
        }
    }

    static double[][] multiply(double[][] a, double[][] b) {
        int n = a.length;
        int m = b.length == 0 ? 0 : b[0].length;
        double[][] out = new double[n][m];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < b.length; k++) {
                double aik = a[i][k];
                for (int j = 0; j < m; j++) {
                    out[i][j] += aik * b[k][j];
                }
            }
        }
        return out;
    }

    static double[][] transpose(double[][] a) {
        int cols = a.length == 0 ? 0 : a[0].length;
        double[][] out = new double[cols][a.length];
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < cols; j++) {
                out[j][i] = a[i][j];
            }
        }
        return out;
    }

    /** The largest absolute entry (0 for an empty matrix). */
    static double maxAbs(DMatrixRMaj m) {
        double best = 0.0;
        for (int i = 0; i < m.getNumElements(); i++) {
            best = Math.max(best, Math.abs(m.data[i]));
        }
        return best;
    }
}
