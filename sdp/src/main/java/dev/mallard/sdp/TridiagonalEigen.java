package dev.mallard.sdp;

/**
 * The largest eigenvalue of a small symmetric tridiagonal matrix (diagonal {@code a[0..k)}, off-diagonal
 * {@code b[0..k-1)}) by Sturm-sequence bisection, and the last component of its unit eigenvector by
 * inverse iteration: what the Lanczos method needs of its projected matrix.
 */
final class TridiagonalEigen {

    private static final int BISECTIONS = 200;

    private TridiagonalEigen() {
    }

    /** @return the largest eigenvalue, to about machine precision relative to the matrix norm */
    static double largest(double[] a, double[] b, int k) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < k; i++) {
            double radius = (i > 0 ? Math.abs(b[i - 1]) : 0) + (i < k - 1 ? Math.abs(b[i]) : 0);
            lo = Math.min(lo, a[i] - radius);
            hi = Math.max(hi, a[i] + radius);
        }
        // Invariant: fewer than k eigenvalues below lo, all k below or at hi.
        for (int it = 0; it < BISECTIONS; it++) {
            double mid = 0.5 * (lo + hi);
            if (mid <= lo || mid >= hi) {
                break;
            }
            if (countBelow(a, b, k, mid) == k) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        return hi;
    }

    /** The number of eigenvalues below x (negative pivots of the LDL' factorisation of T - x I). */
    private static int countBelow(double[] a, double[] b, int k, double x) {
        int count = 0;
        double q = 1;
        for (int i = 0; i < k; i++) {
            double off = i > 0 ? b[i - 1] * b[i - 1] : 0;
            q = a[i] - x - (off == 0 ? 0 : off / q);
            if (q == 0) {
                q = -Double.MIN_NORMAL;
            }
            if (q < 0) {
                count++;
            }
        }
        return count;
    }

    /**
     * The last component of the unit eigenvector for {@code theta}, the largest eigenvalue: two steps of
     * inverse iteration with the shift slightly above theta, where {@code T - shift I} is negative
     * definite and the elimination without pivoting is stable.
     *
     * @param y scratch of length k (receives the eigenvector)
     * @param pivot scratch of length k
     */
    static double lastComponent(double[] a, double[] b, int k, double theta, double[] y, double[] pivot) {
        if (k == 1) {
            return 1;
        }
        double norm = 0;
        for (int i = 0; i < k; i++) {
            norm = Math.max(norm, Math.abs(a[i]) + (i > 0 ? Math.abs(b[i - 1]) : 0) + (i < k - 1 ? Math.abs(b[i]) : 0));
        }
        double shift = theta + 1e-10 * Math.max(norm, Double.MIN_NORMAL);
        java.util.Arrays.fill(y, 0, k, 1);
        for (int pass = 0; pass < 2; pass++) {
            // Forward elimination of (T - shift I) y_new = y, then back substitution.
            pivot[0] = a[0] - shift;
            for (int i = 1; i < k; i++) {
                double factor = b[i - 1] / pivot[i - 1];
                pivot[i] = a[i] - shift - factor * b[i - 1];
                y[i] -= factor * y[i - 1];
            }
            y[k - 1] /= pivot[k - 1];
            for (int i = k - 2; i >= 0; i--) {
                y[i] = (y[i] - b[i] * y[i + 1]) / pivot[i];
            }
            double length = 0;
            for (int i = 0; i < k; i++) {
                length += y[i] * y[i];
            }
            length = Math.sqrt(length);
            for (int i = 0; i < k; i++) {
                y[i] /= length;
            }
        }
        return y[k - 1];
    }
}
