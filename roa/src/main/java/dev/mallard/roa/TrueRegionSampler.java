package dev.mallard.roa;

import dev.mallard.symbolic.Polynomial;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The boundary of the true region of attraction along rays, by simulation: along each ray from the
 * equilibrium, the radius where trajectories stop converging, bracketed between one that converges and one
 * that does not and bisected. A trajectory converges when it enters a ball of half the certified estimate's
 * least radius along 64 n sampled rays (so, up to that sampling and the integration error, inside the
 * estimate, whose points converge); one that leaves a ball 100 times its largest radius, or is still outside
 * the small one after the step budget, counts as not converging. The radii only
 * guide the search for V ({@link SampledLyapunovFit}); nothing certified depends on them.
 */
final class TrueRegionSampler {

    /** Bisection steps per ray: the radius to 2^-8 of its bracket. */
    private static final int BISECTIONS = 8;
    /** Integration steps per trajectory. */
    private static final int MAX_STEPS = 20000;
    /** The largest relative displacement |dx| / |x| of one step, which sets the step length. */
    private static final double STEP_FRACTION = 0.05;
    /**
     * The longest step in the sin/cos recast's coordinates: there the boundary of the true region runs through
     * saddles (equilibria a fraction of a turn from x*), near which |f| vanishes and the relative rule's step
     * would grow without bound (RK4 then jumps across the saddle). Polynomial coordinates keep the relative
     * rule alone, whose results the guided search's tuning rests on.
     */
    private static final double RECAST_MAX_STEP = 0.1;

    private final List<PolynomialEvaluator> f;
    private final int n;
    /** Radius of the ball inside the certified estimate: reaching it is convergence. */
    private final double inner;
    /** Radius beyond which a trajectory is taken to diverge. */
    private final double outer;
    /** The largest |y_i| of a sampled start (half a turn of an angle): rays end there. */
    private final double[] bounds;
    /** The longest step of one trajectory. */
    private final double maxStep;

    /**
     * @param coordinates the coordinates V is searched in: the flow is integrated in the user's displacements
     *     ({@link LyapunovCoordinates#velocityField()}) and rays end at its bounds (half a turn of an angle)
     * @param certified a certified estimate {@code {V <= 1}} (V normalised, in the coordinates' variables)
     * @param seed seeds the rays of {@code certified}'s extent in more than two dimensions
     */
    TrueRegionSampler(LyapunovCoordinates coordinates, Polynomial certified, long seed) {
        this.n = coordinates.dimension;
        this.f = coordinates.velocityField();
        this.bounds = coordinates.bounds();
        this.maxStep = coordinates.equations.isEmpty() ? Double.POSITIVE_INFINITY : RECAST_MAX_STEP;
        SublevelSet set = coordinates.sublevelSet(certified);
        Random random = new Random(seed);
        double least = Double.POSITIVE_INFINITY;
        double most = 0.0;
        for (double[] u : directions(n, 64 * n, random)) {
            double r = set.boundaryRadius(u);
            least = Math.min(least, r);
            most = Math.max(most, r);
        }
        this.inner = 0.5 * least;
        this.outer = 100 * most;
    }

    /**
     * @param n the dimension
     * @param count the number of directions
     * @param random advanced in more than two dimensions
     * @return count unit directions: evenly spaced on the circle in 2-D, seeded uniform otherwise
     */
    static List<double[]> directions(int n, int count, Random random) {
        List<double[]> out = new ArrayList<>();
        for (int k = 0; k < count; k++) {
            double t = 2 * Math.PI * k / count;
            out.add(n == 2 ? new double[] {Math.cos(t), Math.sin(t)} : SublevelSet.unitDirection(random, n));
        }
        return out;
    }

    /**
     * @param u a unit direction; not modified
     * @param start a radius whose point is known to converge (for example the certified boundary along u)
     * @return the largest radius found along u whose start converges (below the true boundary's radius by at
     *     most 2^-8 of the bracket, and at most where the ray leaves the bounds); start if even 1.01 start
     *     does not converge
     */
    double boundaryRadius(double[] u, double start) {
        double reach = Double.POSITIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            reach = Math.min(reach, bounds[i] / Math.abs(u[i]));
        }
        double lo = start;
        double hi = Math.min(1.01 * start, reach);
        while (hi > lo && converges(SublevelSet.along(u, hi))) {
            lo = hi;
            if (hi >= reach || 2 * hi > outer) {
                return lo;
            }
            hi = Math.min(2 * hi, reach);
        }
        if (lo == start) {
            return start;
        }
        for (int k = 0; k < BISECTIONS; k++) {
            double mid = 0.5 * (lo + hi);
            if (converges(SublevelSet.along(u, mid))) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /**
     * Classical RK4 with a step of at most STEP_FRACTION of |x| / |f(x)| (and RECAST_MAX_STEP in the recast's
     * coordinates), until the inner or outer ball.
     */
    boolean converges(double[] x0) {
        double[] x = x0.clone();
        for (int step = 0; step < MAX_STEPS; step++) {
            double norm = norm(x);
            if (norm < inner) {
                return true;
            }
            if (!(norm < outer)) {
                return false;
            }
            double[] k1 = field(x);
            double h = Math.min(maxStep, STEP_FRACTION * norm / Math.max(norm(k1), 1e-300));
            double[] k2 = field(axpy(x, 0.5 * h, k1));
            double[] k3 = field(axpy(x, 0.5 * h, k2));
            double[] k4 = field(axpy(x, h, k3));
            for (int i = 0; i < n; i++) {
                x[i] += h / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
            }
        }
        return false;
    }

    private double[] field(double[] x) {
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            out[i] = f.get(i).evaluate(x);
        }
        return out;
    }

    private static double[] axpy(double[] x, double a, double[] d) {
        double[] out = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            out[i] = x[i] + a * d[i];
        }
        return out;
    }

    private static double norm(double[] x) {
        double s = 0.0;
        for (double xi : x) {
            s += xi * xi;
        }
        return Math.sqrt(s);
    }
}
