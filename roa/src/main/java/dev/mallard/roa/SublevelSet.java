package dev.mallard.roa;

import java.util.Random;

/**
 * The sublevel set {@code {y : V(y) <= 1}} of a function with {@code V(0) = 0}, seen from the origin: the
 * radius at which a ray first leaves it, samples on its boundary and inside it, and a Monte Carlo volume.
 * Coordinates may be bounded ({@code |y_i| <= bound_i}, the angles of the sin/cos recast within half a turn,
 * where V is periodic): the set is then its part within the bounds.
 */
final class SublevelSet {

    private static final double MAX_RADIUS = 1e6;

    private final PolynomialEvaluator v;
    private final int n;
    /** The largest |y_i|, infinite for an unbounded coordinate. */
    private final double[] bounds;

    SublevelSet(PolynomialEvaluator v, int n) {
        this(v, unbounded(n));
    }

    /**
     * @param v the function
     * @param bounds the largest |y_i| of a point of the set (infinite for none); not modified
     */
    SublevelSet(PolynomialEvaluator v, double[] bounds) {
        this.v = v;
        this.n = bounds.length;
        this.bounds = bounds.clone();
    }

    private static double[] unbounded(int n) {
        double[] out = new double[n];
        java.util.Arrays.fill(out, Double.POSITIVE_INFINITY);
        return out;
    }

    /**
     * @param u a unit direction; not modified
     * @return the radius r with {@code V(r u) = 1} first crossed along u (to 1e-12 relative), or infinity if
     *     V stays below 1 up to radius 1e6; the radius at which the ray meets a coordinate's bound if V stays
     *     below 1 up to there
     */
    double boundaryRadius(double[] u) {
        double reach = MAX_RADIUS;
        for (int i = 0; i < n; i++) {
            reach = Math.min(reach, bounds[i] / Math.abs(u[i]));
        }
        double lo = 0.0;
        double hi = Math.min(1e-3, reach);
        while (value(u, hi) <= 1.0) {
            lo = hi;
            if (hi >= reach) {
                return reach;
            }
            hi *= 2.0;
            if (hi > MAX_RADIUS) {
                return Double.POSITIVE_INFINITY;
            }
            hi = Math.min(hi, reach);
        }
        for (int k = 0; k < 100 && hi - lo > 1e-12 * hi; k++) {
            double mid = 0.5 * (lo + hi);
            if (value(u, mid) <= 1.0) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /**
     * @param y a point; not modified
     * @return V(y)
     */
    double value(double[] y) {
        return v.evaluate(y);
    }

    private double value(double[] u, double r) {
        return v.evaluate(along(u, r));
    }

    /**
     * @param random the source of randomness, advanced
     * @return a direction uniform on the unit sphere
     */
    double[] randomDirection(Random random) {
        return unitDirection(random, n);
    }

    /**
     * A Gaussian vector normalised; draws whose norm is below 1e-3 are drawn again, so the division is well
     * conditioned.
     *
     * @param random the source of randomness, advanced
     * @param n the dimension
     * @return a direction uniform on the unit sphere of R^n
     */
    static double[] unitDirection(Random random, int n) {
        double[] u = new double[n];
        double norm = 0.0;
        while (!(norm > 1e-6)) {
            norm = 0.0;
            for (int i = 0; i < n; i++) {
                u[i] = random.nextGaussian();
                norm += u[i] * u[i];
            }
        }
        norm = Math.sqrt(norm);
        for (int i = 0; i < n; i++) {
            u[i] /= norm;
        }
        return u;
    }

    /**
     * @param u a direction; not modified
     * @param r a radius
     * @return the point {@code r u} (a new array)
     */
    static double[] along(double[] u, double r) {
        double[] p = new double[u.length];
        for (int i = 0; i < u.length; i++) {
            p[i] = r * u[i];
        }
        return p;
    }

    /**
     * @param y a point; not modified
     * @return whether {@code V(y) <= 1}
     */
    boolean contains(double[] y) {
        for (int i = 0; i < n; i++) {
            if (!(Math.abs(y[i]) <= bounds[i])) {
                return false;
            }
        }
        return v.evaluate(y) <= 1.0;
    }

    /**
     * @param halfWidths the box {@code [-h_i, h_i]}; not modified
     * @param samples the number of uniform samples
     * @param seed the random seed
     * @return the estimated volume of the set within the box
     */
    double volume(double[] halfWidths, int samples, long seed) {
        Random random = new Random(seed);
        double[] y = new double[n];
        int inside = 0;
        double box = 1.0;
        for (double h : halfWidths) {
            box *= 2 * h;
        }
        for (int s = 0; s < samples; s++) {
            for (int i = 0; i < n; i++) {
                y[i] = (2 * random.nextDouble() - 1) * halfWidths[i];
            }
            inside += contains(y) ? 1 : 0;
        }
        return box * inside / samples;
    }

    /**
     * @param halfWidths the box {@code [-h_i, h_i]}; not modified
     * @param samples the number of uniform samples drawn in the box
     * @param seed the random seed
     * @return the samples that fall inside the set (new arrays)
     */
    java.util.List<double[]> samplesInside(double[] halfWidths, int samples, long seed) {
        Random random = new Random(seed);
        java.util.List<double[]> out = new java.util.ArrayList<>();
        for (int s = 0; s < samples; s++) {
            double[] y = new double[n];
            for (int i = 0; i < n; i++) {
                y[i] = (2 * random.nextDouble() - 1) * halfWidths[i];
            }
            if (contains(y)) {
                out.add(y);
            }
        }
        return out;
    }
}
