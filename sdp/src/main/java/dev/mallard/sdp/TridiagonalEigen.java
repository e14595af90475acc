package dev.mallard.sdp;

/**
 * The largest eigenvalue of a small symmetric tridiagonal matrix (diagonal {@code a[0..k)}, off-diagonal
 * {@code b[0..k-1)}) by Sturm-sequence bisection, and the last component of its unit eigenvector by
 * inverse iteration: what the Lanczos method needs of its projected matrix.
 */
final class TridiagonalEigen {

    private static final int BISECTIONS = 200;
    /** Laguerre steps at most; from Gershgorin's bound it converges in a handful. */
    private static final int LAGUERRE_STEPS = 30;
    /** Laguerre stops once its step is at most this fraction of x (a few units in the last place). */
    private static final double CONVERGED = 0x1p-50;
    /**
     * Below this magnitude relative to Gershgorin's width the result may be where 200 bisection steps from
     * Gershgorin's interval end before it closes ({@code 2^-148} of the width), so bisection is run as before.
     */
    private static final double FAST_RANGE = 0x1p-140;
    /** Narrower Gershgorin intervals (zero, or near the underflow range) go to bisection as before. */
    private static final double MIN_WIDTH = 0x1p-800;

    private TridiagonalEigen() {
    }

    /**
     * The largest eigenvalue: the smallest double x in (lo, hi), Gershgorin's bounds, at which the Sturm count
     * finds all k eigenvalues below x, or hi if there is none; that is the value on which bisection of
     * [lo, hi] by the Sturm count at the midpoint ends ({@link #bisect}), found here with far fewer counts.
     *
     * <p>Bisection from Gershgorin's interval takes about 55 counts, each a chain of k divisions; Lanczos calls
     * this once per Lanczos step, and it was most of the step-length computation on the small SDPs of a
     * degree-6 Lyapunov search. Laguerre's iteration from hi (cubically convergent, and monotone from above the
     * largest root of a polynomial with real roots) comes within a few units in the last place in a handful of
     * steps; a bracket around its result, confirmed by Sturm counts and widened until they confirm it, is then
     * bisected to adjacent doubles. The Sturm count of this recurrence is monotone in x in IEEE arithmetic
     * (Demmel, Dhillon and Ren, 1995), so every bracket the counts confirm holds the same smallest x, and the
     * result is bit for bit that of bisection from Gershgorin's interval (the step length of every
     * interior-point iteration depends on it). Where that bisection would reach its step limit before its
     * interval closes (an eigenvalue within 2^-140 of the interval's width of zero), it is run as before.
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
        double width = hi - lo;
        if (!(width >= MIN_WIDTH && width < Double.POSITIVE_INFINITY)) {
            return bisect(a, b, k, lo, hi);
        }
        double[] bracket = {lo, hi};
        narrow(a, b, k, laguerreFromAbove(a, b, k, hi), width, bracket);
        double result = bisect(a, b, k, bracket[0], bracket[1]);
        return Math.abs(result) >= width * FAST_RANGE ? result : bisect(a, b, k, lo, hi);
    }

    /**
     * Laguerre's iteration for the largest root of det(T - x I) from x = start, at or above it: each step
     * takes G = sum 1/(x - lambda_i) and H = sum 1/(x - lambda_i)^2 from the pivots of T - x I and their
     * first two derivatives in x, one division per row. Stops when the step no longer shortens x by more than
     * a few units in the last place, or turns non-finite (a pivot at zero) or upwards.
     */
    private static double laguerreFromAbove(double[] a, double[] b, int k, double start) {
        double x = start;
        for (int it = 0; it < LAGUERRE_STEPS; it++) {
            double first = 0;
            double second = 0;
            double inverse = 0;
            double ratio = 0;
            double curvature = 0;
            for (int i = 0; i < k; i++) {
                double off = i > 0 ? b[i - 1] * b[i - 1] : 0;
                double pivot = a[i] - x - off * inverse;
                double slope = -1 + off * ratio * inverse;
                double bend = off * inverse * (curvature - 2 * ratio * ratio);
                inverse = 1 / pivot;
                ratio = slope * inverse;
                curvature = bend * inverse;
                first += ratio;
                second += curvature - ratio * ratio;
            }
            double spread = Math.max(0, (k - 1) * (-k * second - first * first));
            double next = x - k / (first + Math.sqrt(spread));
            if (!(first > 0) || !(next < x)) {
                break;
            }
            boolean done = x - next <= Math.abs(x) * CONVERGED;
            x = next;
            if (done) {
                break;
            }
        }
        return x;
    }

    /**
     * Narrows bracket = {lo, hi} (the count says "not all below" at lo and "all below" at hi, or they are
     * Gershgorin's ends, where bisection assumes so) around guess: the count at guess, then at points 4, 32,
     * 256, ... units in the last place away on the other side, until a count differs or the end is reached.
     */
    private static void narrow(double[] a, double[] b, int k, double guess, double width, double[] bracket) {
        if (!(guess > bracket[0] && guess < bracket[1])) {
            return;
        }
        boolean above = allBelow(a, b, k, guess);
        int side = above ? 1 : 0;
        bracket[side] = guess;
        double step = Math.max(4 * Math.ulp(guess), width * 0x1p-60);
        while (true) {
            double probe = above ? guess - step : guess + step;
            if (!(probe > bracket[0] && probe < bracket[1])) {
                return;
            }
            if (allBelow(a, b, k, probe) != above) {
                bracket[1 - side] = probe;
                return;
            }
            bracket[side] = probe;
            step *= 8;
        }
    }

    /**
     * Whether the Sturm count at x finds all k eigenvalues below x: the pivots of the LDL' factorisation of
     * T - x I with the operations of {@link #countsBelow}, stopping at the first that is not negative.
     */
    private static boolean allBelow(double[] a, double[] b, int k, double x) {
        double q = 1;
        for (int i = 0; i < k; i++) {
            double off = i > 0 ? b[i - 1] * b[i - 1] : 0;
            q = a[i] - x - (off == 0 ? 0 : off / q);
            q = q == 0 ? -Double.MIN_NORMAL : q;
            if (!(q < 0)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Bisection on [lo, hi], assuming the count says "not all below" at lo and "all below" at hi: each step
     * halves the interval by the Sturm count at its midpoint, until the midpoint is no longer strictly inside.
     *
     * <p>Two steps are taken per pass: the counts at the midpoint and at both midpoints the next step might
     * use are computed together ({@link #countsBelow}), three independent chains of divisions that the
     * processor overlaps, where one chain after another waits on each division. Each count is computed with
     * the same operations as alone, and the step that follows uses the count of the midpoint it would have
     * computed, so the result is bit for bit that of one step per pass.
     *
     * @return hi at the end
     */
    private static double bisect(double[] a, double[] b, int k, double lo, double hi) {
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
