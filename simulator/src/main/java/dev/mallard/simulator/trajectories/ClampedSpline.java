package dev.mallard.simulator.trajectories;

/**
 * The knot slopes of the clamped cubic spline: the slopes that make the cubic Hermite interpolant's second
 * derivative continuous, given the slopes at both ends. Interior knot k satisfies
 * {@code h_k m_{k-1} + 2 (h_{k-1} + h_k) m_k + h_{k-1} m_{k+1} = 3 (h_k d_{k-1} + h_{k-1} d_k)}, with
 * {@code h_k} the interval lengths and {@code d_k} the secant slopes; the system is strictly diagonally
 * dominant, so elimination without pivoting (Thomas's algorithm) is stable.
 */
final class ClampedSpline {

    private ClampedSpline() {
    }

    /**
     * @param t strictly increasing knots (at least two), not modified
     * @param y values at the knots, not modified
     * @param startSlope the slope at {@code t[0]}
     * @param endSlope the slope at the last knot
     * @return the slope at every knot, a new array
     */
    static double[] slopes(double[] t, double[] y, double startSlope, double endSlope) {
        int n = t.length;
        double[] m = new double[n];
        m[0] = startSlope;
        m[n - 1] = endSlope;
        int interior = n - 2;
        if (interior == 0) {
            return m;
        }
        double[] diag = new double[interior];
        double[] rhs = new double[interior];
        double[] upper = new double[interior];
        for (int k = 1; k <= interior; k++) {
            double hPrev = t[k] - t[k - 1];
            double h = t[k + 1] - t[k];
            double dPrev = (y[k] - y[k - 1]) / hPrev;
            double d = (y[k + 1] - y[k]) / h;
            int r = k - 1;
            diag[r] = 2 * (hPrev + h);
            upper[r] = hPrev;
            rhs[r] = 3 * (h * dPrev + hPrev * d);
            double lower = h;
            if (k == 1) {
                rhs[r] -= lower * m[0];
            } else {
                double factor = lower / diag[r - 1];
                diag[r] -= factor * upper[r - 1];
                rhs[r] -= factor * rhs[r - 1];
            }
            if (k == interior) {
                rhs[r] -= upper[r] * m[n - 1];
            }
        }
        for (int r = interior - 1; r >= 0; r--) {
            double next = r + 1 < interior ? upper[r] * m[r + 2] : 0;
            m[r + 1] = (rhs[r] - next) / diag[r];
        }
        return m;
    }
}
