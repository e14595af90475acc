package dev.mallard.roa;

import dev.mallard.sdp.SdpStatus;
import dev.mallard.symbolic.Monomial;
import dev.mallard.symbolic.Polynomial;
import dev.mallard.symbolic.Variable;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A Lyapunov function of higher degree whose certified sublevel set fills more of the region of attraction,
 * by the bilinear alternation of Jarvis-Wloszek (2003) and Topcu, Packard and Seiler (2008): maximise the level
 * beta of a fixed shape function p (the quadratic estimate, normalised) such that {@code {p <= beta}} lies in
 * {@code {V <= 1}}, subject to the level certificate {@code -Vdot - l - s2 (1 - V)} SOS with s2 SOS and
 * {@code l = epsilon |y|^2}, which makes {@code Vdot <= -l < 0} on {@code {V <= 1}} but at the origin. Both
 * conditions are bilinear in V and the multipliers, so the search alternates:
 * <ol>
 * <li>V fixed: s2 at the largest level of V that certifies (a bracketing search, each trial a margin-maximising
 *     SOS program whose Gram matrices are checked independently), V rescaled to that level; then the containment
 *     multiplier s (SOS) with {@code (1 - V) - s (beta - p)} SOS at the largest feasible beta (bisection down
 *     from the smallest p on the boundary of {@code {V <= 1}} along rays);</li>
 * <li>s2 and s fixed: both conditions are linear in V and beta; one SOS program maximises beta over V of the
 *     requested degree with V positive definite, and a second, at a beta slightly below, centres V in the
 *     cones.</li>
 * </ol>
 * Step 2 only proposes V. A proposal is accepted only when it is certified from scratch: positive definite
 * ({@link LyapunovCandidateCheck}) and a level of it certified by step 1 with every certificate verified, and
 * when its estimate holds a larger level of p than the last accepted one. So every V this class returns is
 * certified; the quadratic estimate is returned when no proposal improves on it.
 *
 * <p>The search runs in {@link LyapunovCoordinates}: the displacements for polynomial dynamics, or the exact
 * sin/cos recast, where every SOS condition holds on the circles (free multiples of their equations) and the
 * rays are cast in the user's displacements.
 */
final class BilinearLyapunovSearch {

    /** The most V-steps tried by {@link RegionOfAttraction}. */
    static final int MAX_ITERATIONS = 40;
    /** Relative growth of beta below which the alternation stops. */
    private static final double STALL = 5e-3;
    private static final int RAYS = 720;
    /**
     * The relative width at which a level's bracket is narrow enough, and the most SOS programs spent on the
     * level of the quadratic estimate and of a proposal (built to certify level 1, which the next V-step
     * improves on anyway).
     */
    private static final double LEVEL_TOLERANCE = 5e-3;
    static final int START_TRIALS = 8;
    private static final int PROPOSAL_TRIALS = 3;

    final LyapunovCoordinates coordinates;
    /** The SOS indeterminates, {@code coordinates.variables}. */
    private final List<Variable> y;
    private final List<Polynomial> f;
    private final int targetDegree;
    /** The degree of the V-steps now running (below targetDegree while a lower stage runs). */
    private int degree;
    private final int maxIterations;
    private final RegionOfAttractionOptions options;
    /** The status of every SDP solved, in order. */
    final List<SdpStatus> statuses = new ArrayList<>();
    int solves;
    int iterations;
    double solverSeconds;
    /** Accepted V-steps. */
    int accepted;

    /**
     * @param y the displacement variables
     * @param f the polynomial dynamics in y
     * @param degree the degree of V, even and {@code >= 2}
     * @param maxIterations the most V-steps tried
     * @param options settings (SOS options, back-off)
     */
    BilinearLyapunovSearch(List<Variable> y, List<Polynomial> f, int degree, int maxIterations,
            RegionOfAttractionOptions options) {
        this(LyapunovCoordinates.polynomial(y, f), degree, maxIterations, options);
    }

    /**
     * @param coordinates the variables V is searched in, their dynamics and equations
     * @param degree the degree of V, even and {@code >= 2}
     * @param maxIterations the most V-steps tried
     * @param options settings (SOS options, back-off)
     */
    BilinearLyapunovSearch(LyapunovCoordinates coordinates, int degree, int maxIterations,
            RegionOfAttractionOptions options) {
        this.coordinates = coordinates;
        this.y = coordinates.variables;
        this.f = coordinates.dynamics;
        this.targetDegree = degree;
        this.degree = degree;
        this.maxIterations = maxIterations;
        this.options = options;
    }

    /**
     * @param options the analysis' options
     * @throws IllegalArgumentException if a degree above 2 is asked for with implicit dynamics or V-iteration
     */
    static void checkApplicable(RegionOfAttractionOptions options) {
        if (options.lyapunovDegree() > 2 && (options.useImplicitDynamics() || options.enlargementIterations() > 0)) {
            throw new IllegalArgumentException("a Lyapunov function of degree " + options.lyapunovDegree()
                    + " is searched for explicit polynomial dynamics without V-iteration; turn "
                    + (options.useImplicitDynamics() ? "useImplicitDynamics" : "enlargement")
                    + " off or use lyapunovDegree 2");
        }
        if (options.lyapunovDegree() > 2
                && (options.stateRegion() != null || !options.uncertainParameters().isEmpty())) {
            // the alternation's SOS programs carry no S-procedure terms for a region or a parameter box
            throw new IllegalArgumentException("a Lyapunov function of degree " + options.lyapunovDegree()
                    + " is searched without a state region or uncertain parameters; remove them or use "
                    + "lyapunovDegree 2");
        }
    }

    /**
     * A certified V (unnormalised) with its level-set outcome; s2 the certificate's multiplier for the
     * normalised V (null for the quadratic estimate of {@link LevelSetSearch}).
     */
    record Estimate(Polynomial v, LevelSetSearch.Outcome outcome, Polynomial s2) {
        Polynomial normalised() {
            return v.scale(1.0 / outcome.certifiedRho);
        }
    }

    /**
     * @param start the certified quadratic estimate; its normalised V is the shape function p
     * @return the best certified estimate found (start if no V-step improved it)
     * @throws IllegalArgumentException if the start's V has a degree above the one searched
     */
    Estimate run(Estimate start) {
        if (start.v().totalDegree() > targetDegree) {
            throw new IllegalArgumentException("the Lyapunov candidate has degree " + start.v().totalDegree()
                    + ", above lyapunovDegree " + targetDegree + "; raise lyapunovDegree or give a candidate of "
                    + "degree " + targetDegree + " or less");
        }
        Polynomial p = start.normalised();
        Estimate best = certify(start.v(), start.outcome().certifiedRho, START_TRIALS);
        if (best == null) {
            return start;
        }
        double[] beta = {boundaryMinimum(p, best.normalised())};
        // Degree 8 continues from degree 6: its own steps from the quadratic estimate are three times as
        // costly and grow the level more slowly (on the Van der Pol oscillator they stall at a smaller area).
        for (int stage : targetDegree == 8 ? new int[] {6, 8} : new int[] {targetDegree}) {
            degree = stage;
            best = climb(p, best, beta);
        }
        return accepted > 0 ? best : start;
    }

    /**
     * V-steps of the requested degree from a certified estimate with another shape function, as in
     * {@link #run} after its start (for {@link SimulationGuidedSearch}, which passes the last certified V).
     *
     * @param p the shape function, positive definite
     * @param from a certified estimate with its level multiplier s2 (one this search returned)
     * @return the last accepted estimate, certified from scratch (from if no step was accepted)
     */
    Estimate climbFrom(Polynomial p, Estimate from) {
        degree = targetDegree;
        double[] beta = {boundaryMinimum(p, from.normalised())};
        return climb(p, from, beta);
    }

    /**
     * V-steps of the current degree until beta stalls, a step fails or the iteration cap is reached.
     *
     * @param p the shape function
     * @param from the certified estimate to start from
     * @param beta the level of p in {@code from}; updated to the returned estimate's
     * @return the last accepted estimate (from if none)
     */
    private Estimate climb(Polynomial p, Estimate from, double[] beta) {
        Estimate best = from;
        for (int k = 0; k < maxIterations; k++) {
            Polynomial s = containmentMultiplier(p, best.normalised(), beta[0]);
            Polynomial proposal = s == null ? null : vStep(p, best, s, beta[0]);
            Estimate next = proposal == null ? null : certify(proposal, 1.0, PROPOSAL_TRIALS);
            double nextBeta = next == null ? Double.NaN : boundaryMinimum(p, next.normalised());
            if (!(nextBeta > beta[0])) {
                break;
            }
            boolean stalled = !(nextBeta > beta[0] * (1 + STALL));
            best = next;
            beta[0] = nextBeta;
            accepted++;
            if (stalled) {
                break;
            }
        }
        return best;
    }

    /**
     * V certified from scratch, or null if it is not positive definite or no level of it certifies. The level
     * is bracketed between a certified one and one that fails (or the ray bound, which no certificate can
     * pass); the Gram margin is nearly affine in the level, so each trial is the bracket's false-position
     * point, pulled a little towards the certified end.
     *
     * @param v the candidate
     * @param guess the first level tried (one expected to certify)
     * @param trials the most SOS programs spent on the level
     */
    Estimate certify(Polynomial v, double guess, int trials) {
        try {
            record(coordinates.checkPositive(v, options.sosOptions()));
        } catch (IllegalArgumentException e) {
            return null;
        }
        Polynomial vdot = PolynomialAlgebra.directional(v, y, f);
        double hi = levelUpperBound(v, vdot);
        double marginHi = Double.NaN;
        double lo = 0.0;
        double marginLo = Double.NaN;
        double level = Math.min(guess, hi * (1 - 1e-3));
        LevelProgram found = null;
        SosSolution foundSolution = null;
        LevelSetSearch.Outcome outcome = new LevelSetSearch.Outcome();
        for (int trial = 0; trial < trials && hi - lo > LEVEL_TOLERANCE * hi; trial++) {
            LevelProgram program = new LevelProgram(v, vdot, level);
            SosSolution solution = program.program.solve(options.sosOptions());
            record(solution);
            outcome.statuses.add(solution.status());
            if (coordinates.verifies(solution)) {
                lo = level;
                marginLo = solution.gramMargin();
                found = program;
                foundSolution = solution;
            } else {
                hi = level;
                marginHi = solution.isSuccess() ? solution.gramMargin() : Double.NaN;
            }
            level = nextLevel(lo, marginLo, hi, marginHi);
        }
        if (found == null) {
            return null;
        }
        outcome.optimalRho = hi;
        outcome.certifiedRho = lo;
        outcome.verified = true;
        outcome.lambdaFree = false;
        outcome.certificates.addAll(foundSolution.certificates());
        // Divided by lo, the certificate is V/lo's at level 1 with the same s2 (and epsilon / lo).
        return new Estimate(v, outcome, foundSolution.value(found.s2));
    }

    /** False position between a certified level (margin > 0) and a failed one (margin < 0), else bisection. */
    private static double nextLevel(double lo, double marginLo, double hi, double marginHi) {
        if (marginLo > 0 && marginHi < 0) {
            double t = marginLo / (marginLo - marginHi);
            return lo + Math.min(0.9, 0.98 * t) * (hi - lo);
        }
        return Double.isNaN(marginLo) && lo == 0.0 ? 0.5 * hi : 0.5 * (lo + hi);
    }

    /**
     * The level certificate of V at a fixed level: {@code -Vdot - epsilon |y|^2 - s2 (level - V)} SOS with s2
     * SOS and without constant term (the certified polynomial vanishes at the origin, so s2 must too), the Gram
     * margin maximised so that a feasible level verifies. s2 has degree 4, or more if Vdot needs it: on the
     * time-reversed Van der Pol this let every degree grow furthest and fastest (s2 of degree 2 stalls the
     * degree-4 search at once; s2 of the degree of V makes the steps costlier and, at degree 8, smaller).
     */
    final class LevelProgram {
        final SosProgram program = new SosProgram(y);
        final PolynomialExpression s2;
        /** s2's own SOS constraint. */
        final SosConstraint s2Constraint;
        /** The level certificate's SOS constraint. */
        final SosConstraint constraint;
        /** {@code l = epsilon |y|^2}, the floor under -Vdot. */
        final Polynomial floor;

        LevelProgram(Polynomial v, Polynomial vdot, double level) {
            int s2Degree = Math.max(4, 2 * ((vdot.totalDegree() - v.totalDegree() + 1) / 2));
            s2 = program.newFreePolynomial("s2", Monomial.range(y, 2, s2Degree));
            s2Constraint = program.addSosConstraint("s2", s2);
            floor = coordinates.floor(1e-6 * coordinates.curvature(v));
            constraint = coordinates.addSosConstraint(program, "level set", PolynomialExpression.of(vdot.negate()
                    .sub(floor)).minus(s2.times(Polynomial.constant(level).sub(v))));
            program.maximizeGramMargin(1.0);
        }
    }

    /**
     * @param v V in {@link LyapunovCoordinates#variables}
     * @param level the level to certify
     * @return the level certificate's program (see {@link LevelProgram}), not solved
     */
    LevelProgram levelProgram(Polynomial v, double level) {
        return new LevelProgram(v, PolynomialAlgebra.directional(v, y, f), level);
    }

    /**
     * The smallest V at a point, along rays, where Vdot is not negative (an upper bound on any certified
     * level); the largest V reached along the rays if Vdot stays negative on all of them.
     */
    private double levelUpperBound(Polynomial v, Polynomial vdot) {
        PolynomialEvaluator ve = coordinates.evaluator(v);
        PolynomialEvaluator vdote = coordinates.evaluator(vdot);
        SublevelSet set = new SublevelSet(ve, coordinates.dimension);
        Random random = new Random(options.seed());
        double bound = Double.POSITIVE_INFINITY;
        double reached = 0.0;
        double[] point = new double[coordinates.dimension];
        for (int k = 0; k < 2 * RAYS; k++) {
            double[] u = direction(k, set, random);
            for (int step = 1; step <= 400; step++) {
                double r = 0.01 * step * step;
                for (int i = 0; i < u.length; i++) {
                    point[i] = r * u[i];
                }
                double value = ve.evaluate(point);
                if (value >= bound) {
                    break;
                }
                reached = Math.max(reached, value);
                if (vdote.evaluate(point) >= 0) {
                    bound = value;
                    break;
                }
            }
        }
        return Double.isFinite(bound) ? bound : reached;
    }

    /** The k-th of 2 RAYS directions: evenly spaced in 2-D, seeded random otherwise. */
    private double[] direction(int k, SublevelSet set, Random random) {
        return coordinates.dimension == 2 ? new double[] {Math.cos(Math.PI * k / RAYS), Math.sin(Math.PI * k / RAYS)}
                : set.randomDirection(random);
    }

    /**
     * The multiplier s (SOS, degree {@code degree - 2}) with {@code (1 - v) - s (beta - p)} SOS, at the largest
     * beta found by bisection below {@code betaHint} (the smallest p on v's boundary along rays, an upper
     * bound), each trial a margin-maximising program so that s is centred (the V-step then has room to move).
     */
    private Polynomial containmentMultiplier(Polynomial p, Polynomial v, double betaHint) {
        double lo = 0.0;
        double hi = betaHint;
        double beta = betaHint * (1 - 1e-3);
        Polynomial found = null;
        for (int trial = 0; trial < 8 && (found == null || hi - lo > 1e-2 * hi); trial++) {
            SosProgram program = new SosProgram(y);
            PolynomialExpression s = program.newSosPolynomial("s", degree - 2);
            coordinates.addSosConstraint(program, "containment", PolynomialExpression.of(Polynomial.constant(1.0)
                    .sub(v)).minus(s.times(Polynomial.constant(beta).sub(p))));
            program.maximizeGramMargin(1.0);
            SosSolution solution = program.solve(options.sosOptions());
            record(solution);
            if (solution.isSuccess() && solution.gramMargin() > 0) {
                found = solution.value(s);
                lo = beta;
                if (trial == 0) {
                    break;
                }
            } else {
                hi = beta;
            }
            beta = 0.5 * (lo + hi);
        }
        return found;
    }

    /**
     * The V-step: with s and the level certificate's multipliers fixed, the largest beta over V of the
     * requested degree (no constant or linear terms); then, at a beta a tenth of the way back towards the
     * current one, the V that maximises the Gram margin of all three constraints, so that the proposal is
     * strictly inside their cones (the optimal V sits on their boundary, where its certificates would be
     * singular). Null if the solver found no larger beta or no finite V.
     */
    private Polynomial vStep(Polynomial p, Estimate current, Polynomial s, double currentBeta) {
        VProgram optimal = new VProgram(p, current, s);
        optimal.program.maximize(AffineForm.of(optimal.beta));
        SosSolution first = optimal.program.solve(options.sosOptions());
        record(first);
        double betaMax = first.value(optimal.beta);
        if (!Double.isFinite(betaMax) || !(betaMax > currentBeta)) {
            return null;
        }
        VProgram centred = new VProgram(p, current, s);
        centred.program.addEquality(AffineForm.of(centred.beta), currentBeta + 0.9 * (betaMax - currentBeta));
        centred.program.maximizeGramMargin(1.0);
        SosSolution second = centred.program.solve(options.sosOptions());
        record(second);
        Polynomial found = second.isSuccess() && second.gramMargin() > 0 ? second.value(centred.v)
                : first.value(optimal.v);
        for (double c : found.terms().values()) {
            if (!Double.isFinite(c)) {
                return null;
            }
        }
        return found;
    }

    /** The V-step's constraints: the level set (s2 fixed), the containment (s fixed), V positive. */
    private final class VProgram {
        final SosProgram program = new SosProgram(y);
        final PolynomialExpression v = program.newFreePolynomial("V", coordinates.lyapunovBasis(degree));
        final DecisionVariable beta = program.newVariable("beta");

        VProgram(Polynomial p, Estimate current, Polynomial s) {
            PolynomialExpression vdot = PolynomialExpression.ZERO;
            for (int i = 0; i < y.size(); i++) {
                vdot = vdot.plus(v.differentiate(y.get(i)).times(f.get(i)));
            }
            Polynomial s2 = current.s2();
            double scale = coordinates.curvature(current.normalised());
            coordinates.addSosConstraint(program, "level set", vdot.times(-1.0).minus(coordinates.floor(1e-6 * scale))
                    .minus(PolynomialExpression.of(s2)).plus(v.times(s2)));
            coordinates.addSosConstraint(program, "containment", PolynomialExpression.of(Polynomial.constant(1.0)
                    .add(s.multiply(p))).minus(v).minus(PolynomialExpression.of(beta).times(s)));
            // The floor is quadratic so that the current V (of lower degree at first) is feasible; the centring
            // solve then keeps V's Gram matrix positive definite, as its positive-definiteness check needs.
            coordinates.addSosConstraint(program, "V positive definite", v.minus(coordinates.floor(1e-3 * scale)));
        }
    }

    void record(SosSolution s) {
        statuses.add(s.status());
        solves++;
        iterations += s.iterations();
        solverSeconds += s.solveSeconds() + s.buildSeconds();
    }

    /**
     * The smallest p on the boundary of {@code {v <= 1}} along seeded rays (evenly spaced in 2-D): an upper
     * bound on the largest beta with {@code {p <= beta}} inside, used to steer and to measure progress only.
     */
    private double boundaryMinimum(Polynomial p, Polynomial v) {
        SublevelSet set = coordinates.sublevelSet(v);
        PolynomialEvaluator shape = coordinates.evaluator(p);
        Random random = new Random(options.seed());
        double smallest = Double.POSITIVE_INFINITY;
        for (int k = 0; k < RAYS; k++) {
            double[] u = direction(k, set, random);
            for (double sign : new double[] {1, -1}) {
                double[] d = new double[u.length];
                for (int i = 0; i < u.length; i++) {
                    d[i] = sign * u[i];
                }
                double r = set.boundaryRadius(d);
                if (Double.isFinite(r)) {
                    for (int i = 0; i < d.length; i++) {
                        d[i] *= r;
                    }
                    smallest = Math.min(smallest, shape.evaluate(d));
                }
            }
        }
        return smallest;
    }

    /**
     * @param start the quadratic estimate
     * @param end the estimate found
     * @return their areas (volumes) by the same seeded Monte Carlo samples in a box 1.2 times the larger extent
     */
    EnlargementReport report(Estimate start, Estimate end) {
        double[] box = new double[coordinates.dimension];
        Random random = new Random(options.seed());
        for (Estimate e : List.of(start, end)) {
            SublevelSet set = coordinates.sublevelSet(e.normalised());
            for (int k = 0; k < 1024; k++) {
                double[] u = set.randomDirection(random);
                double r = set.boundaryRadius(u);
                for (int i = 0; i < u.length; i++) {
                    box[i] = Math.max(box[i], 1.2 * Math.abs(r * u[i]));
                }
            }
        }
        double boxVolume = 1.0;
        for (double h : box) {
            boxVolume *= 2 * h;
        }
        return new EnlargementReport(accepted, volume(start, box), volume(end, box), boxVolume,
                options.volumeSamples());
    }

    private double volume(Estimate e, double[] box) {
        return coordinates.sublevelSet(e.normalised())
                .volume(box, options.volumeSamples(), options.seed());
    }
}
