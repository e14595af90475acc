package dev.mallard.systems.symbolic;

/**
 * Gaussian elimination with partial pivoting on a small dense system held in primitive arrays, in place and
 * without allocation: the double path of a {@link SymbolicVectorSystem} with a mass matrix solves
 * {@code M(x) xdot = rhs} with it at every evaluation.
 */
final class DenseSolve {

    /** A pivot at most this times the largest entry of the matrix counts as zero (as {@code MatrixOps.solve}). */
    static final double SINGULAR = 1e-14;

    private DenseSolve() {
    }

    /**
     * Solves {@code a x = b} for the {@code k x k} row-major matrix {@code a} and the right-hand side
     * {@code b[offset, offset + k)}, leaving {@code x} in that range.
     *
     * @param a the matrix, row-major, {@code k * k} entries; modified (overwritten by the elimination)
     * @param k the order, at least 1
     * @param b holds the right-hand side from {@code offset}; modified: receives the solution there
     * @param offset where the right-hand side starts in {@code b}
     * @return -1 on success, else the column (0-based) whose pivot is zero to working precision (at most
     *     {@link #SINGULAR} times the largest entry of {@code a}, or NaN): {@code a} is singular
     */
    static int solveInPlace(double[] a, int k, double[] b, int offset) {
        double scale = 0;
        for (int i = 0; i < k * k; i++) {
            scale = Math.max(scale, Math.abs(a[i]));
        }
        double tiny = SINGULAR * scale;
        for (int col = 0; col < k; col++) {
            int pivot = col;
            for (int r = col + 1; r < k; r++) {
                if (Math.abs(a[r * k + col]) > Math.abs(a[pivot * k + col])) {
                    pivot = r;
                }
            }
            double p = a[pivot * k + col];
            // written so that a NaN pivot is refused too
            if (!(Math.abs(p) > tiny)) {
                return col;
            }
            if (pivot != col) {
                swapRows(a, k, pivot, col);
                double t = b[offset + pivot];
                b[offset + pivot] = b[offset + col];
                b[offset + col] = t;
            }
            for (int r = col + 1; r < k; r++) {
                double factor = a[r * k + col] / p;
                if (factor != 0) {
                    for (int c = col + 1; c < k; c++) {
                        a[r * k + c] -= factor * a[col * k + c];
                    }
                    b[offset + r] -= factor * b[offset + col];
                }
            }
        }
        for (int r = k - 1; r >= 0; r--) {
            double sum = b[offset + r];
            for (int c = r + 1; c < k; c++) {
                sum -= a[r * k + c] * b[offset + c];
            }
            b[offset + r] = sum / a[r * k + r];
        }
        return -1;
    }

    private static void swapRows(double[] a, int k, int i, int j) {
        for (int c = 0; c < k; c++) {
            double t = a[i * k + c];
            a[i * k + c] = a[j * k + c];
            a[j * k + c] = t;
        }
    }
}
