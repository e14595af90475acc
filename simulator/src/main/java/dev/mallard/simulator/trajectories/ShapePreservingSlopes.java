package dev.mallard.simulator.trajectories;

/**
 * The knot slopes of the shape-preserving piecewise cubic Hermite interpolant (Fritsch and Carlson 1980,
 * with Fritsch and Butland's weighted harmonic mean at interior knots and the non-centred three-point rule
 * at the ends, the choices of MATLAB's {@code pchip}, SciPy's {@code PchipInterpolator} and Drake's
 * {@code CubicShapePreserving}). A slope is zero where the data has a local extremum, so the interpolant
 * is monotone wherever the data is and never overshoots.
 */
final class ShapePreservingSlopes {

    private ShapePreservingSlopes() {
    }

    /**
     * @param t strictly increasing knots (at least two), not modified
     * @param y values at the knots, not modified
     * @return the slope at every knot, a new array
     */
    static double[] of(double[] t, double[] y) {
        int n = t.length;
        double[] h = new double[n - 1];
        double[] d = new double[n - 1];
        for (int k = 0; k + 1 < n; k++) {
            h[k] = t[k + 1] - t[k];
            d[k] = (y[k + 1] - y[k]) / h[k];
        }
        double[] m = new double[n];
        if (n == 2) {
            m[0] = d[0];
            m[1] = d[0];
            return m;
        }
        for (int k = 1; k + 1 < n; k++) {
            if (d[k - 1] * d[k] > 0) {
                double w1 = 2 * h[k] + h[k - 1];
                double w2 = h[k] + 2 * h[k - 1];
                m[k] = (w1 + w2) / (w1 / d[k - 1] + w2 / d[k]);
            }
        }
        m[0] = endSlope(h[0], h[1], d[0], d[1]);
        m[n - 1] = endSlope(h[n - 2], h[n - 3], d[n - 2], d[n - 3]);
        return m;
    }

    /** The three-point slope at an end, limited so that it keeps the sign and size of the data. */
    private static double endSlope(double h0, double h1, double d0, double d1) {
        double m = ((2 * h0 + h1) * d0 - h0 * d1) / (h0 + h1);
        if (Math.signum(m) != Math.signum(d0)) {
            return 0;
        }
        if (Math.signum(d0) != Math.signum(d1) && Math.abs(m) > Math.abs(3 * d0)) {
            return 3 * d0;
        }
        return m;
    }
}
