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

    /**
     * The largest eigenvalue by bisection on [lo, hi] (Gershgorin's bounds): each step halves the interval by
     * the Sturm count at its midpoint, until the midpoint is no longer strictly inside.
     *
     * <p>Two steps are taken per pass: the counts at the midpoint and at both midpoints the next step might
     * use are computed together ({@link #countsBelow}), three independent chains of divisions that the
     * processor overlaps, where one chain after another waits on each division. Each count is computed with
     * the same operations as alone, and the step that follows uses the count of the midpoint it would have
     * computed, so the result is bit for bit that of one step per pass (the step length of every interior-point
     * iteration depends on it; this bisection took a fifth of the solve on the small SDPs of a degree-6
     * Lyapunov search).
     *
     * @return the largest eigenvalue, to about machine precision relative to the matrix norm
     */
    static double largest(double[] a, double[] b, int k) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < k; i++) {
            double radius = (i > 0 ? Math.abs(b[i - 1]) : 0) + (i < k - 1 ? Math.abs(b[i]) : 0);
            lo = Math.min(lo, a[i] - radius);
            hi = Math.max(hi, a[i] + radius);
        }
        // Invariant: fewer than k eigenvalues below lo, all k below or at hi.
        int[] counts = new int[3];
        int it = 0;
        while (it < BISECTIONS) {
            double mid = 0.5 * (lo + hi);
            if (mid <= lo || mid >= hi) {
                break;
            }
            double below = 0.5 * (lo + mid);
            double above = 0.5 * (mid + hi);
            countsBelow(a, b, k, mid, below, above, counts);
            int next;
            double nextMid;
            if (counts[0] == k) {
                hi = mid;
                nextMid = below;
                next = counts[1];
            } else {
                lo = mid;
                nextMid = above;
                next = counts[2];
            }
            it++;
            if (it >= BISECTIONS || nextMid <= lo || nextMid >= hi) {
                break;
            }
            if (next == k) {
                hi = nextMid;
            } else {
                lo = nextMid;
            }
            it++;
        }
        return hi;
    }

    /**
     * The numbers of eigenvalues below x0, x1 and x2 into counts[0..2]: three Sturm sequences side by side,
     * each with exactly the operations of a single one (negative pivots of the LDL' factorisation of
     * T - x I; a zero pivot counts as a tiny negative one).
     */
    private static void countsBelow(double[] a, double[] b, int k, double x0, double x1, double x2, int[] counts) {
        int c0 = 0;
        int c1 = 0;
        int c2 = 0;
        double q0 = 1;
        double q1 = 1;
        double q2 = 1;
        for (int i = 0; i < k; i++) {
            double off = i > 0 ? b[i - 1] * b[i - 1] : 0;
            q0 = a[i] - x0 - (off == 0 ? 0 : off / q0);
            q1 = a[i] - x1 - (off == 0 ? 0 : off / q1);
            q2 = a[i] - x2 - (off == 0 ? 0 : off / q2);
            q0 = q0 == 0 ? -Double.MIN_NORMAL : q0;
            q1 = q1 == 0 ? -Double.MIN_NORMAL : q1;
            q2 = q2 == 0 ? -Double.MIN_NORMAL : q2;
            c0 += q0 < 0 ? 1 : 0;
            c1 += q1 < 0 ? 1 : 0;
            c2 += q2 < 0 ? 1 : 0;
        }
        counts[0] = c0;
        counts[1] = c1;
        counts[2] = c2;
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
