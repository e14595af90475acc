package dev.mallard.roa;

import dev.mallard.symbolic.Polynomial;
import dev.mallard.symbolic.Variable;

import java.util.List;
import java.util.Random;

/**
 * Units for the level-set SOS program: states {@code y = S w} with S diagonal, V measured in units of
 * {@code cV} and Vdot in units of {@code cT}, so that the program solved is about
 * {@code V(Sw)/cV} and {@code Vdot(Sw)/cT}, whose estimate is of order 1 in every coordinate and whose
 * level is of order 1. Every factor is a power of two, so the scaled polynomials are exactly the given ones
 * in other units (no rounding, barring overflow): a certificate of the scaled program is one of the given
 * program, at the level {@code cV} times the scaled one.
 *
 * <p>The units come from the sampled level: along seeded rays from the equilibrium the first point where Vdot
 * turns positive, or where a region polynomial turns negative, bounds the level from above; the smallest V over
 * those points is the level estimate, and the extent of {@code {V <= estimate}} along each axis (sampled on
 * the same rays) the state unit. A program within a factor of {@link #UNIT_RANGE} of unit scale in every unit
 * is solved as given.
 */
final class ProblemScaling {

    /** Units within this factor of 1 are left at 1. */
    static final double UNIT_RANGE = 16.0;
    /** No scaling. */
    static final ProblemScaling NONE = new ProblemScaling(null, 1.0, 1.0);

    private static final int RAYS_PER_STATE = 64;
    /** Radii searched along a ray: 2^(k/2) for k in [-2 MAX_EXPONENT, 2 MAX_EXPONENT]. */
    private static final int MAX_EXPONENT = 100;

    /** The state units S_i (powers of two), or null for none. */
    private final double[] stateUnits;
    private final double levelUnit;
    private final double timeUnit;

    private ProblemScaling(double[] stateUnits, double levelUnit, double timeUnit) {
        this.stateUnits = stateUnits;
        this.levelUnit = levelUnit;
        this.timeUnit = timeUnit;
    }

    /**
     * @param v V in y, positive definite
     * @param vdot Vdot in y
     * @param region region polynomials in y ({@code g >= 0} holds the estimate)
     * @param y the displacement variables
     * @param seed the seed of the rays
     * @return the units, or {@link #NONE} when no ray finds a bound on the level or every unit is near 1
     */
    static ProblemScaling estimate(Polynomial v, Polynomial vdot, List<Polynomial> region, List<Variable> y,
            long seed) {
        int n = y.size();
        PolynomialEvaluator ve = new PolynomialEvaluator(v, y);
        PolynomialEvaluator vdote = new PolynomialEvaluator(vdot, y);
        List<PolynomialEvaluator> ge = region.stream().map(g -> new PolynomialEvaluator(g, y)).toList();
        Random random = new Random(seed);
        int rays = RAYS_PER_STATE * n;
        double[][] directions = new double[rays][];
        double level = Double.POSITIVE_INFINITY;
        for (int k = 0; k < rays; k++) {
            double[] u = SublevelSet.unitDirection(random, n);
            directions[k] = u;
            double r = firstRadius(u, p -> violates(p, vdote, ge));
            if (r > 0) {
                level = Math.min(level, ve.evaluate(SublevelSet.along(u, r)));
            }
        }
        if (!(level > 0 && level < Double.POSITIVE_INFINITY)) {
            return NONE;
        }
        double[] extent = new double[n];
        double bound = level;
        for (double[] u : directions) {
            double r = firstRadius(u, p -> ve.evaluate(p) > bound);
            if (r > 0) {
                for (int i = 0; i < n; i++) {
                    extent[i] = Math.max(extent[i], Math.abs(r * u[i]));
                }
            }
        }
        double[] units = new double[n];
        boolean near = nearOne(level);
        for (int i = 0; i < n; i++) {
            units[i] = extent[i] > 0 ? powerOfTwo(extent[i]) : 1.0;
            near &= nearOne(units[i]);
        }
        double levelUnit = powerOfTwo(level);
        double[][] s = diagonal(units);
        Polynomial vs = PolynomialAlgebra.substituteLinear(v, y, s).scale(1.0 / levelUnit);
        Polynomial vdots = PolynomialAlgebra.substituteLinear(vdot, y, s);
        double timeUnit = powerOfTwo(PolynomialAlgebra.maxAbsCoefficient(vdots)
                / PolynomialAlgebra.maxAbsCoefficient(vs));
        if (near && nearOne(timeUnit)) {
            return NONE;
        }
        return new ProblemScaling(units, levelUnit, timeUnit);
    }

    /** @return whether this scaling changes nothing */
    boolean isNone() {
        return stateUnits == null;
    }

    /** @return the diagonal matrix S of {@code y = S w} (the identity for none) */
    double[][] stateMatrix(int n) {
        if (stateUnits == null) {
            double[] ones = new double[n];
            java.util.Arrays.fill(ones, 1.0);
            return diagonal(ones);
        }
        return diagonal(stateUnits);
    }

    /** @return cV: a level rho of the scaled V is the level {@code cV rho} of V */
    double levelUnit() {
        return levelUnit;
    }

    /** @return cT: the scaled Vdot is Vdot / cT */
    double timeUnit() {
        return timeUnit;
    }

    /** @return V(Sw)/cV */
    Polynomial v(Polynomial v, List<Variable> y) {
        return isNone() ? v : PolynomialAlgebra.substituteLinear(v, y, stateMatrix(y.size())).scale(1.0 / levelUnit);
    }

    /** @return Vdot(Sw)/cT */
    Polynomial vdot(Polynomial vdot, List<Variable> y) {
        return isNone() ? vdot
                : PolynomialAlgebra.substituteLinear(vdot, y, stateMatrix(y.size())).scale(1.0 / timeUnit);
    }

    /** @return the constraints in w */
    LevelSetConstraints constraints(LevelSetConstraints constraints, List<Variable> y) {
        return isNone() ? constraints : constraints.balanced(y, stateMatrix(y.size()));
    }

    private static boolean nearOne(double unit) {
        return unit <= UNIT_RANGE && unit >= 1.0 / UNIT_RANGE;
    }

    /** @return the power of two nearest to x > 0 (in the logarithm) */
    private static double powerOfTwo(double x) {
        return Math.scalb(1.0, (int) Math.round(Math.log(x) / Math.log(2.0)));
    }

    private static double[][] diagonal(double[] d) {
        double[][] m = new double[d.length][d.length];
        for (int i = 0; i < d.length; i++) {
            m[i][i] = d[i];
        }
        return m;
    }

    /**
     * The first radius along u where the predicate holds, after a radius where it does not, to a relative 1e-3;
     * 0 if there is none within the radii searched or it holds already at the smallest.
     */
    private static double firstRadius(double[] u, java.util.function.Predicate<double[]> holds) {
        double previous = 0.0;
        for (int k = -2 * MAX_EXPONENT; k <= 2 * MAX_EXPONENT; k++) {
            double r = Math.pow(2.0, 0.5 * k);
            if (holds.test(SublevelSet.along(u, r))) {
                if (previous == 0.0) {
                    return 0.0;
                }
                double lo = previous;
                double hi = r;
                while (hi - lo > 1e-3 * hi) {
                    double mid = 0.5 * (lo + hi);
                    if (holds.test(SublevelSet.along(u, mid))) {
                        hi = mid;
                    } else {
                        lo = mid;
                    }
                }
                return hi;
            }
            previous = r;
        }
        return 0.0;
    }

    /** Vdot positive or a region polynomial negative at p. */
    private static boolean violates(double[] p, PolynomialEvaluator vdot, List<PolynomialEvaluator> region) {
        if (vdot.evaluate(p) > 0) {
            return true;
        }
        for (PolynomialEvaluator g : region) {
            if (g.evaluate(p) < 0) {
                return true;
            }
        }
        return false;
    }
}
