package dev.mallard.roa;

import dev.mallard.sdp.SdpStatus;
import dev.mallard.symbolic.Environment;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Polynomial;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.Context;
import dev.mallard.systems.DynamicalSystem;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;

/**
 * The region of attraction of dynamics in which an angle enters through sin and cos and also otherwise (a
 * linear feedback {@code u = -K (x - x*)} puts the angle itself into the dynamics), certified for the true
 * dynamics by enclosing sin, cos and the reciprocals of the denominators ({@link TrigonometricEnclosure}).
 *
 * <p>First every level: with the bounds valid for every angle ({@code sin q / q} in its sector,
 * {@code 1 - q^2/2 <= cos q <= 1}), if every vertex's {@code -Vdot} is certified positive definite
 * ({@link GlobalStabilityCheck}), Vdot < 0 wherever x differs from x*, for the true dynamics. Otherwise a
 * level: the exact level {@code inf{V : Vdot = 0}} is estimated (not certified) along sampled rays to size a
 * box {@code |q_i| <= h_i} on the angles 10% beyond the estimate's extent (a ray where the true Vdot turns
 * non-negative also rules out the global attempt). On the box, {@code D Vdot} (D the product of the
 * denominators, proven positive there by interval arithmetic) is bounded above by one polynomial U in the state
 * ({@link HarmonicBound}: sin and cos products as harmonics, each between Taylor polynomials of the lowest order
 * that keeps its remainder out of the linearisation, the remainders bounded by AM-GM), and U's level is
 * certified ({@link LevelSetSearch}, with a constant multiplier unless the options give a degree). The
 * certified level is the lesser of U's and of the largest level whose sublevel set stays in the box, where the
 * bounds hold: on {@code {V <= rho}} U is negative, so the true Vdot is. The candidate must be quadratic (so that
 * the box holding the sublevel set is known in closed form).
 *
 * <p>Drake leaves this to the user (a Taylor polynomial of the dynamics certifies the approximation, not the
 * robot); Mallard encloses the remainder, so the level is never above the true one.
 */
final class EnclosedRegionOfAttraction {

    /** The relative width of the sine and cosine bounds accepted when choosing their order. */
    static final double ORDER_TOLERANCE = 0.15;
    /** The highest Taylor order used (degree 9 for the sine). */
    static final int MAX_ORDER = 4;
    /** The box on the angles, relative to the extent of the estimated exact level. */
    static final double BOX_MARGIN = 1.1;
    /**
     * Terms whose remainder is kept exact, as two vertices each, rather than bounded by AM-GM: the largest, which
     * decide the level (the pendulum's one term: 99% of the exact level instead of 94%).
     */
    static final int EXACT_GROUPS = 1;
    /** Rays sampled for the estimate of the exact level. */
    private static final int RAYS = 2000;

    private EnclosedRegionOfAttraction() {
    }

    /**
     * @param system the system, for the simulation check
     * @param context its context at x*
     * @param f the time derivatives in y = x - x*
     * @param y the displacement variables
     * @param x0 x*
     * @param candidate the user's candidate in y, or null for the linearisation's quadratic one
     * @param stateVariables the user's variables
     * @param options settings
     * @param statuses the SDP statuses so far (appended to)
     * @param counters solves and iterations so far
     * @param seconds solver seconds so far
     * @param start the analysis' start, {@link System#nanoTime()}
     * @return the result
     * @throws IllegalArgumentException for dynamics or a candidate the enclosure cannot handle
     * @throws RegionOfAttractionException if an SDP fails
     */
    static RegionOfAttractionResult analyze(DynamicalSystem<Double> system, Context<Double> context, Expression[] f,
            List<Variable> y, double[] x0, Polynomial candidate, List<Variable> stateVariables,
            RegionOfAttractionOptions options, List<SdpStatus> statuses, int[] counters, double[] seconds,
            long start) {
        if (options.enlargementIterations() > 0) {
            throw new IllegalArgumentException("dynamics with an angle entering both through sin/cos and directly are "
                    + "analysed with a quadratic candidate and without enlargement; turn enlargement off");
        }
        TrigonometricEnclosure form = TrigonometricEnclosure.of(f, y);
        Polynomial v = candidate != null ? checkedQuadratic(candidate)
                : RegionOfAttraction.lyapunovQuadratic(linearisation(f, y), y, x0);
        Polynomial vdot = form.vdot(v);
        List<Integer> used = form.enclosedIn(vdot);
        double[] inverseDiagonal = inverseDiagonal(v, y);
        LevelSetSearch.Outcome outcome = new LevelSetSearch.Outcome();
        double[] unbounded = new double[y.size()];
        java.util.Arrays.fill(unbounded, Double.POSITIVE_INFINITY);
        double sampled = sampledLevel(form, vdot, v, options.seed());
        // A ray on which the true Vdot turns non-negative rules out every global certificate: skip the attempt.
        List<SosSolution> global = Double.isFinite(sampled) ? null
                : globalCertificates(form, vdot, used, unbounded, y, options);
        boolean isGlobal = global != null;
        if (isGlobal) {
            outcome.optimalRho = Double.POSITIVE_INFINITY;
            outcome.certifiedRho = Double.POSITIVE_INFINITY;
            outcome.lambdaFree = true;
            outcome.verified = true;
            for (SosSolution s : global) {
                outcome.certificates.addAll(s.certificates());
                outcome.statuses.add(s.status());
                outcome.solves++;
                outcome.iterations += s.iterations();
                outcome.solverSeconds += s.solveSeconds() + s.buildSeconds();
            }
        } else {
            double[] halfWidths = halfWidths(form, sampled, inverseDiagonal);
            double boxLevel = Double.POSITIVE_INFINITY;
            for (int i : form.angleOf) {
                boxLevel = Math.min(boxLevel, halfWidths[i] * halfWidths[i] / inverseDiagonal[i]);
            }
            outcome = level(form, v, halfWidths, inverseDiagonal, boxLevel, y, options);
            outcome.optimalRho = Math.min(outcome.optimalRho, boxLevel);
            outcome.certifiedRho = Math.min(outcome.certifiedRho, boxLevel);
        }
        statuses.addAll(outcome.statuses);
        Polynomial normalised = isGlobal ? v : v.scale(1.0 / outcome.certifiedRho);
        SimulationCheck simulation = isGlobal || options.simulationSamples() == 0 ? null
                : SimulationCrossCheck.run(system, context, x0,
                        new SublevelSet(new PolynomialEvaluator(normalised, y), y.size()), options);
        double total = (System.nanoTime() - start) * 1e-9;
        return new RegionOfAttractionResult(stateVariables,
                RegionOfAttraction.inStateVariables(normalised, y, stateVariables, x0),
                RegionOfAttraction.inStateVariables(v, y, stateVariables, x0), outcome, isGlobal, statuses, simulation,
                null, counters[0] + outcome.solves, counters[1] + outcome.iterations,
                seconds[0] + outcome.solverSeconds, total);
    }

    /** The certificates of every sector vertex's {@code -Vdot}, or null when one is not certified. */
    private static List<SosSolution> globalCertificates(TrigonometricEnclosure form, Polynomial vdot,
            List<Integer> used, double[] unbounded, List<Variable> y, RegionOfAttractionOptions options) {
        if (!form.isMultiAffine(vdot)) {
            return null;
        }
        List<Polynomial[]> bounds = new ArrayList<>();
        try {
            for (int a : used) {
                bounds.add(form.bounds(a, unbounded, 0));
            }
        } catch (IllegalArgumentException e) {
            // A denominator not bounded away from zero for every angle: no global bound, look for a level.
            return null;
        }
        List<SosSolution> out = new ArrayList<>();
        for (Polynomial vertex : form.vertices(vdot, used, bounds)) {
            SosSolution s = GlobalStabilityCheck.certify(vertex, y, options.sosOptions(), options.seed());
            if (s == null) {
                return null;
            }
            out.add(s);
        }
        return out;
    }

    /**
     * The certified level of one polynomial bounding {@code D Vdot} above on the box ({@link HarmonicBound}),
     * its AM-GM steps scaled to the extent of the largest sublevel set inside the box.
     */
    private static LevelSetSearch.Outcome level(TrigonometricEnclosure form, Polynomial v, double[] halfWidths,
            double[] inverseDiagonal, double boxLevel, List<Variable> y, RegionOfAttractionOptions options) {
        form.checkDenominators(halfWidths);
        double[] scales = new double[y.size()];
        for (int i = 0; i < scales.length; i++) {
            scales[i] = Math.sqrt(boxLevel * inverseDiagonal[i]);
        }
        List<Polynomial> vertices = HarmonicBound.upper(form.clearedVdot(v), y, form.atoms, form.angleOf, halfWidths,
                scales, ORDER_TOLERANCE, MAX_ORDER, EXACT_GROUPS);
        // A constant multiplier by default: with a quartic bound, (y'y)(V - rho) - lambda U is quartic and its
        // Gram basis has the 15 monomials of degree 1 and 2 in four states.
        RegionOfAttractionOptions settings = options.multiplierDegree() >= 0 ? options : options.withMultiplierDegree(0);
        LevelSetSearch.Outcome out = new LevelSetSearch.Outcome();
        out.optimalRho = Double.POSITIVE_INFINITY;
        out.certifiedRho = Double.POSITIVE_INFINITY;
        out.lambdaFree = true;
        out.verified = true;
        for (Polynomial vertex : vertices) {
            LevelSetSearch.Outcome o = new LevelSetSearch(y, List.of(), v, vertex, List.of(), settings).run();
            out.optimalRho = Math.min(out.optimalRho, o.optimalRho);
            out.certifiedRho = Math.min(out.certifiedRho, o.certifiedRho);
            out.lambdaFree &= o.lambdaFree;
            out.verified &= o.verified;
            out.certificates.addAll(o.certificates);
            out.statuses.addAll(o.statuses);
            out.solves += o.solves;
            out.iterations += o.iterations;
            out.solverSeconds += o.solverSeconds;
        }
        return out;
    }

    /**
     * Half-widths of the box on the angles: 10% beyond the extent of {@code {V <= rho}} for the exact level
     * estimated along rays (half a turn when no ray meets {@code Vdot = 0}); other entries infinite.
     */
    private static double[] halfWidths(TrigonometricEnclosure form, double rho, double[] inverseDiagonal) {
        double[] out = new double[inverseDiagonal.length];
        java.util.Arrays.fill(out, Double.POSITIVE_INFINITY);
        for (int i : form.angleOf) {
            out[i] = Double.isInfinite(rho) ? Math.PI : BOX_MARGIN * Math.sqrt(rho * inverseDiagonal[i]);
        }
        return out;
    }

    /**
     * The least V where the true Vdot first turns non-negative along seeded random rays from x* (radii 1e-4 to
     * 1e3): an upper estimate of the exact level, used only to size the box.
     */
    private static double sampledLevel(TrigonometricEnclosure form, Polynomial vdot, Polynomial v, long seed) {
        int n = form.y.size();
        PolynomialEvaluator rate = new PolynomialEvaluator(vdot, form.allVariables());
        PolynomialEvaluator value = new PolynomialEvaluator(v, form.y);
        Random random = new Random(seed);
        double best = Double.POSITIVE_INFINITY;
        double[] u = new double[n];
        for (int k = 0; k < RAYS; k++) {
            double norm = 0;
            for (int i = 0; i < n; i++) {
                u[i] = random.nextGaussian();
                norm += u[i] * u[i];
            }
            for (int i = 0; i < n; i++) {
                u[i] /= Math.sqrt(norm);
            }
            double lo = 1e-4;
            double hi = lo;
            while (hi < 1e3 && rate.evaluate(form.withAtoms(SublevelSet.along(u, hi))) < 0) {
                lo = hi;
                hi *= 1.02;
            }
            if (hi >= 1e3) {
                continue;
            }
            for (int it = 0; it < 40; it++) {
                double mid = 0.5 * (lo + hi);
                if (rate.evaluate(form.withAtoms(SublevelSet.along(u, mid))) < 0) {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            best = Math.min(best, value.evaluate(SublevelSet.along(u, hi)));
        }
        return best;
    }

    /** The diagonal of P^-1 for V = y'Py: the squared extent along y_i of {@code {V <= 1}}. */
    private static double[] inverseDiagonal(Polynomial v, List<Variable> y) {
        DMatrixRMaj h = new DMatrixRMaj(PolynomialAlgebra.hessianAtOrigin(v, y));
        DMatrixRMaj inverse = new DMatrixRMaj(h.numRows, h.numCols);
        CommonOps_DDRM.invert(h, inverse);
        double[] out = new double[h.numRows];
        for (int i = 0; i < out.length; i++) {
            // The Hessian is 2P.
            out[i] = 2 * inverse.get(i, i);
        }
        return out;
    }

    private static Polynomial checkedQuadratic(Polynomial v) {
        for (dev.mallard.symbolic.Monomial m : v.monomials()) {
            if (m.totalDegree() != 2) {
                throw new IllegalArgumentException("dynamics with an angle entering both through sin/cos and directly "
                        + "are analysed with a quadratic form in x - x* as the candidate; the candidate has the term "
                        + m + " (in displacement variables y)");
            }
        }
        return v;
    }

    /** The Jacobian of f at the origin, by exact symbolic differentiation. */
    static double[][] linearisation(Expression[] f, List<Variable> y) {
        Environment origin = new Environment();
        y.forEach(v -> origin.put(v, 0.0));
        double[][] a = new double[f.length][y.size()];
        for (int i = 0; i < f.length; i++) {
            for (int j = 0; j < y.size(); j++) {
                a[i][j] = f[i].differentiate(y.get(j)).evaluate(origin);
            }
        }
        return a;
    }
}
