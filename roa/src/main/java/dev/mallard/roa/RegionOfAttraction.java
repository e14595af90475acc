package dev.mallard.roa;

import dev.mallard.scalar.Checks;
import dev.mallard.sdp.SdpStatus;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.NotPolynomialException;
import dev.mallard.symbolic.Polynomial;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.DynamicalSystem;
import dev.mallard.systems.analysis.LyapunovEquation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Region-of-attraction estimates of a fixed point by sum-of-squares programming (Drake's
 * RegionOfAttraction, with checked certificates). In displacement coordinates {@code y = x - x0} the
 * dynamics are converted to polynomials; the Lyapunov function V is the user's candidate (checked positive
 * definite) or {@code y'Py} with {@code A'P + PA = -I} for the linearisation A; the largest rho with
 * {@code (y'y)^d (V - rho) - lambda Vdot} SOS is found by one SDP (lambda free when Vdot is locally negative
 * definite, SOS otherwise), and a second SDP at a slightly smaller rho yields a certificate with a strictly
 * positive definite Gram matrix, which is checked independently. The estimate is {@code {V/rho <= 1}}.
 *
 * <p>Beyond Drake: the result says whether the certificate was verified (an unverified one makes
 * {@link #analyze} throw), simulations from inside and on the boundary of the estimate cross-check it, and
 * V-iteration can enlarge it, or a Lyapunov function of degree 4, 6 or 8 be searched by bilinear alternation
 * (Jarvis-Wloszek; Topcu, Packard and Seiler) from the quadratic estimate, each accepted one certified, also
 * restarted from its own results and from a V fitted to simulations of the true region (see {@link RegionOfAttractionOptions#withLyapunovDegree} and
 * {@link RegionOfAttractionOptions#withSimulationGuidance}; the areas before and after are then
 * {@link RegionOfAttractionResult#enlargement()}); for dynamics in sin and cos of the angles, in sin and
 * cos - 1 of them on the unit circles. When {@code -Vdot} is itself certified
 * positive definite (explicit dynamics), the level search is skipped: every level is certified and the result
 * says so instead of a number.
 *
 * <p>With {@link SosOptions.Sparsity#CORRELATIVE} (explicit polynomial dynamics, a fixed V), when the states
 * that share terms of V and Vdot form more than one clique, the level is certified in a sparse form instead
 * (V split into its components, a multiplier per clique, the level by bisection; see the package's
 * {@code CorrelativeLevelSearch}): smaller SDPs for chains and networks, at a level that may be lower, since
 * the certificate is a restriction. With one clique the analysis is the dense one.
 *
 * <p>With {@link SosOptions.Sparsity#TERM} the certificates are Drake's, unchanged; each SOS program only builds
 * its Gram matrices in the blocks of term sparsity's fixed point, which lose no certificate, so the level is
 * the one without sparsity (up to the solver's rounding on a different SDP). Dynamics in sin and cos refuse
 * it, as they refuse correlative sparsity.
 */
public final class RegionOfAttraction {

    /** The largest derivative magnitude accepted at a fixed point. */
    public static final double FIXED_POINT_TOLERANCE = 1e-14;

    private RegionOfAttraction() {
    }

    /**
     * The certified estimate as an expression V with {@code {V <= 1}} the region; when the candidate certifies
     * every level (see {@link RegionOfAttractionResult#isGlobal()}), the unnormalised candidate, every sublevel
     * set of which is certified.
     *
     * @param system a time-invariant continuous-time system convertible to {@link Expression}, with
     *     polynomial dynamics (rational with {@code useImplicitDynamics}); not modified
     * @param context a context of it holding the fixed point as its continuous state, parameters and the
     *     values of required inputs (a root context, or, as in Drake, the system's context inside a diagram,
     *     whose input values are then taken as fixed); not modified
     * @param options settings, not null
     * @return V in {@link RegionOfAttractionOptions#stateVariables()} (or in variables x0, x1, ...)
     * @throws IllegalArgumentException for bad input: non-polynomial dynamics, not a fixed point, an unstable
     *     linearisation, a candidate that is not positive definite (each saying by how much)
     * @throws RegionOfAttractionException if the SDP fails or the certificate is not verified
     */
    public static Expression analyze(DynamicalSystem<Double> system, Context<Double> context,
            RegionOfAttractionOptions options) {
        RegionOfAttractionResult r = analyzeDetailed(system, context, options);
        if (!r.isVerified()) {
            throw new RegionOfAttractionException("the certificate for rho = " + r.optimalRho()
                    + " did not pass its independent check: " + r.certificates() + ". " + CertificateFailure.explain(r));
        }
        return r.lyapunovFunction();
    }

    /**
     * @param system the system (see {@link #analyze})
     * @param context its context at the fixed point
     * @return {@link #analyze(DynamicalSystem, Context, RegionOfAttractionOptions)} with default options
     */
    public static Expression analyze(DynamicalSystem<Double> system, Context<Double> context) {
        return analyze(system, context, RegionOfAttractionOptions.defaults());
    }

    /**
     * The full analysis: V, rho, certificates (check {@link RegionOfAttractionResult#isVerified()}),
     * simulation cross-check, enlargement and statistics.
     *
     * @param system the system (see {@link #analyze})
     * @param context its context at the fixed point; not modified
     * @param options settings
     * @return the result
     * @throws IllegalArgumentException for bad input (see {@link #analyze})
     * @throws RegionOfAttractionException if an SDP fails
     */
    public static RegionOfAttractionResult analyzeDetailed(DynamicalSystem<Double> system, Context<Double> context,
            RegionOfAttractionOptions options) {
        long start = System.nanoTime();
        Checks.notNull(system, "system");
        Checks.notNull(context, "context");
        Checks.notNull(options, "options");
        if (context.getSystem() != system) {
            throw new IllegalArgumentException("the context does not belong to system " + system.getName());
        }
        // a subsystem's context in a diagram (Drake accepts it): its inputs become fixed values of a root context
        context = system.toRootContext(context);
        BilinearLyapunovSearch.checkApplicable(options);
        CorrelativeLevelSearch.checkApplicable(options);
        checkOnlyContinuousState(system, context);
        double[] x0 = context.getContinuousState().toValueArray();
        checkFixedPoint(system, context, x0);
        int n = x0.length;
        List<Variable> stateVariables = stateVariables(options, n);
        List<Variable> y = new ArrayList<>();
        List<Expression> state = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Variable yi = new Variable("y" + i);
            y.add(yi);
            state.add(yi.toExpression().plus(x0[i]));
        }
        Expression[] f = SymbolicDynamics.timeDerivatives(system, context, state);
        if (options.shapeMatrix() != null) {
            return ShapeRegionOfAttraction.analyze(system, context, f, y, x0, stateVariables, options, start);
        }
        LevelSetConstraints constraints = LevelSetConstraints.of(options, stateVariables, y, x0);
        checkExactProofApplies(constraints, options);
        checkConstraintsApply(constraints, options);
        int[] counters = new int[2];
        double[] seconds = new double[1];
        List<SdpStatus> statuses = new ArrayList<>();
        Polynomial v;
        double[][] matrix = options.quadraticCandidate();
        if (matrix == null && options.lyapunovCandidate().equals(Expression.ZERO)) {
            v = null;
        } else {
            v = matrix != null ? quadraticForm(matrix, y)
                    : candidateInDisplacement(options.lyapunovCandidate(), stateVariables, y, x0);
            SosSolution check = LyapunovCandidateCheck.check(v, y, options.sosOptions());
            counters[0]++;
            counters[1] += check.iterations();
            seconds[0] += check.solveSeconds() + check.buildSeconds();
            statuses.add(check.status());
        }
        LevelSetSearch.Outcome outcome;
        List<Polynomial> fPoly = null;
        if (options.useImplicitDynamics()) {
            List<Variable> z = new ArrayList<>();
            List<Polynomial> g = new ArrayList<>();
            List<RationalFunction> quotients = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                Variable zi = new Variable("ydot" + i);
                z.add(zi);
                RationalFunction r = RationalFunction.of(f[i], y);
                quotients.add(r);
                g.add(r.denominator.multiply(Polynomial.of(zi)).sub(r.numerator));
            }
            List<Polynomial> massForm = massMatrixResidual(system, context, state, y, z);
            if (massForm != null) {
                g = massForm;
            }
            if (v == null) {
                v = lyapunovQuadratic(implicitLinearisation(g, y, z), y, x0);
            }
            Polynomial vdot = PolynomialAlgebra.directional(v, y, toPolynomials(z));
            if (!constraints.parameters.isEmpty()) {
                throw new IllegalArgumentException("uncertainParameters: robust analysis needs explicit polynomial "
                        + "dynamics, not useImplicitDynamics");
            }
            outcome = implicitOrCleared(y, z, v, vdot, g, quotients, options, constraints);
        } else if (!allPolynomial(f, y) && TrigonometricRecast.needsEnclosure(f, y)) {
            refuseTrigonometricOptions(constraints, options);
            if (options.lyapunovDegree() > 2) {
                throw new IllegalArgumentException("where sin and cos are enclosed (an angle that also enters "
                        + "polynomially), the Lyapunov function is quadratic; lyapunovDegree "
                        + options.lyapunovDegree() + " is available for dynamics in sin and cos of the angles alone");
            }
            if (options.exactProof()) {
                throw new IllegalArgumentException("exactProof is not available where sin and cos are enclosed (an "
                        + "angle that also enters polynomially): those certificates are checked in floating point");
            }
            return EnclosedRegionOfAttraction.analyze(system, context, f, y, x0, v, stateVariables, options, statuses,
                    counters, seconds, start);
        } else if (!allPolynomial(f, y) && TrigonometricRecast.of(f, y) != null) {
            refuseTrigonometricOptions(constraints, options);
            if (options.enlargementIterations() > 0 || v != null) {
                throw new IllegalArgumentException("dynamics in sin and cos of the angles are analysed with the "
                        + "default candidate and without enlargement; remove the Lyapunov candidate and enlargement");
            }
            return recastResult(system, context, TrigonometricRecast.of(f, y), stateVariables, x0, options, statuses,
                    counters, seconds, start);
        } else {
            fPoly = polynomialDynamics(system, f, y);
            if (v == null) {
                v = lyapunovQuadratic(PolynomialAlgebra.jacobianAtOrigin(fPoly, y), y, x0);
            }
            Polynomial vdot = PolynomialAlgebra.directional(v, y, constraints.parameters.isEmpty() ? fPoly
                    : constraints.uncertainDynamics(system, context, state, y));
            // Within a region the level is bounded by the region: no global check.
            SosSolution global = constraints.isEmpty()
                    ? GlobalStabilityCheck.certify(vdot, y, options.sosOptions(), options.seed()) : null;
            if (global != null) {
                statuses.add(global.status());
                return globalResult(stateVariables, inStateVariables(v, y, stateVariables, x0), global, statuses,
                        counters, seconds, start);
            }
            CorrelativeLevelSearch sparse = options.sosOptions().sparsity() == SosOptions.Sparsity.CORRELATIVE
                    ? new CorrelativeLevelSearch(y, v, vdot, options) : null;
            // One clique: nothing to exploit, and the dense search's program is exactly today's.
            outcome = sparse != null && !sparse.isOneClique() ? sparse.run()
                    : new LevelSetSearch(y, List.of(), v, vdot, List.of(), options, constraints).withVelocity(fPoly)
                            .run();
        }
        statuses.addAll(outcome.statuses);
        counters[0] += outcome.solves;
        counters[1] += outcome.iterations;
        seconds[0] += outcome.solverSeconds;
        EnlargementReport enlargement = null;
        if (options.enlargementIterations() > 0) {
            if (fPoly == null) {
                throw new IllegalArgumentException("enlargement by V-iteration needs explicit polynomial dynamics; "
                        + "turn useImplicitDynamics off or enlargement off");
            }
            VIteration iteration = new VIteration(y, fPoly, options);
            double[] box = volumeBox(v.scale(1.0 / outcome.certifiedRho), y, options.seed());
            VIteration.Estimate initial = new VIteration.Estimate(v, outcome,
                    iteration.volume(v.scale(1.0 / outcome.certifiedRho), box));
            int[] kept = new int[1];
            VIteration.Estimate best = iteration.enlarge(initial, box, kept);
            double boxVolume = 1.0;
            for (double h : box) {
                boxVolume *= 2 * h;
            }
            enlargement = new EnlargementReport(kept[0], initial.volume, best.volume, boxVolume,
                    options.volumeSamples());
            v = best.v;
            outcome = best.outcome;
            counters[0] += iteration.solves;
            counters[1] += iteration.iterations;
            seconds[0] += iteration.solverSeconds;
        }
        if (options.lyapunovDegree() > 2) {
            BilinearLyapunovSearch search = new BilinearLyapunovSearch(y, fPoly, options.lyapunovDegree(),
                    BilinearLyapunovSearch.MAX_ITERATIONS, options);
            BilinearLyapunovSearch.Estimate quadratic = new BilinearLyapunovSearch.Estimate(v, outcome, null);
            BilinearLyapunovSearch.Estimate best = grow(search, quadratic, options, statuses,
                    counters, seconds);
            enlargement = search.report(quadratic, best);
            v = best.v();
            outcome = best.outcome();
        }
        Polynomial normalised = v.scale(1.0 / outcome.certifiedRho);
        SimulationCheck simulation = options.simulationSamples() == 0 ? null
                : SimulationCrossCheck.run(system, context, x0, new SublevelSet(new PolynomialEvaluator(normalised, y), n),
                        options);
        Expression vOut = inStateVariables(normalised, y, stateVariables, x0);
        Expression candidateOut = inStateVariables(v, y, stateVariables, x0);
        double total = (System.nanoTime() - start) * 1e-9;
        return new RegionOfAttractionResult(stateVariables, vOut, candidateOut, outcome, false, statuses, simulation,
                enlargement, counters[0], counters[1], seconds[0], total).restrictedTo(options);
    }

    /**
     * The implicit form's level search; if it fails or certifies nothing (or, with an exact proof asked for, is
     * not proved exactly), the explicit form with the denominators cleared ({@link ClearedDenominators}; its
     * exact proof is W's level certificate, W rebuilt exactly from V and the dynamics, and the denominators'
     * positivity), whose SDP statuses and counts then include the first attempt's (of a failed attempt, its
     * statuses and solves).
     */
    private static LevelSetSearch.Outcome implicitOrCleared(List<Variable> y, List<Variable> z, Polynomial v,
            Polynomial vdot, List<Polynomial> g, List<RationalFunction> quotients, RegionOfAttractionOptions options,
            LevelSetConstraints constraints) {
        LevelSetSearch.Outcome implicit = null;
        RegionOfAttractionException failure = null;
        try {
            implicit = new LevelSetSearch(y, z, v, vdot, g, options, constraints).withVelocity(toPolynomials(z)).run();
            if (implicit.verified && (!options.exactProof() || implicit.exactProof.proved())) {
                return implicit;
            }
        } catch (RegionOfAttractionException e) {
            failure = e;
        }
        List<SosSolution> checks = new ArrayList<>();
        ClearedDenominators.Cleared w = ClearedDenominators.vdot(v, y, quotients, options.sosOptions(), checks,
                options.exactProof());
        LevelSetSearch.Outcome cleared = null;
        if (w != null) {
            RegionOfAttractionOptions o = options.multiplierDegree() >= 0 ? options
                    : options.withMultiplierDegree(w.multiplierDegree());
            try {
                cleared = new LevelSetSearch(y, List.of(), v, w.w(), List.of(), o, constraints)
                        .withExactVelocity(w.field()).run();
                if (cleared.exactProof != null) {
                    cleared.exactProof = cleared.exactProof.and(w.denominators());
                }
            } catch (RegionOfAttractionException e) {
                cleared = null;
            }
        }
        if (cleared == null || !cleared.verified) {
            if (implicit == null) {
                throw failure;
            }
            return implicit;
        }
        List<SdpStatus> before = new ArrayList<>();
        if (failure != null) {
            failure.sdpStatuses().forEach(name -> before.add(SdpStatus.valueOf(name)));
            cleared.solves += failure.sdpStatuses().size();
        } else {
            before.addAll(implicit.statuses);
            cleared.solves += implicit.solves;
            cleared.iterations += implicit.iterations;
            cleared.solverSeconds += implicit.solverSeconds;
        }
        for (SosSolution c : checks) {
            before.add(c.status());
            cleared.solves++;
            cleared.iterations += c.iterations();
            cleared.solverSeconds += c.solveSeconds() + c.buildSeconds();
        }
        cleared.statuses.addAll(0, before);
        return cleared;
    }

    /** A region or parameter box is applied by the level search alone: V-iteration would drop it. */
    private static void checkConstraintsApply(LevelSetConstraints constraints, RegionOfAttractionOptions options) {
        if (!constraints.isEmpty() && options.enlargementIterations() > 0) {
            throw new IllegalArgumentException("enlargement by V-iteration does not apply a state region or uncertain "
                    + "parameters; turn enlargement off or remove them");
        }
    }

    /**
     * The exact proof covers the level-set certificate of a fixed V and the certificates of a searched V of
     * higher degree, without S-procedure terms: refuse it where the answer would rest on another certificate.
     */
    private static void checkExactProofApplies(LevelSetConstraints constraints, RegionOfAttractionOptions options) {
        if (!options.exactProof()) {
            return;
        }
        String other = !constraints.isEmpty() ? "a state region or uncertain parameters"
                : options.enlargementIterations() > 0 ? "enlargement by V-iteration" : null;
        if (other != null) {
            throw new IllegalArgumentException("exactProof proves the certificates of V without S-procedure terms; it "
                    + "does not cover " + other + ": remove one of them");
        }
    }

    /**
     * Runs the bilinear search from the quadratic estimate, guided by simulation ({@link SimulationGuidedSearch})
     * if the options ask for it, and proves its estimate exactly if they ask for that
     * ({@link EstimateExactProof}), adding its statuses, solves and times to the tallies.
     */
    private static BilinearLyapunovSearch.Estimate grow(BilinearLyapunovSearch search,
            BilinearLyapunovSearch.Estimate quadratic, RegionOfAttractionOptions options, List<SdpStatus> statuses,
            int[] counters, double[] seconds) {
        BilinearLyapunovSearch.Estimate best = options.simulationGuidance()
                ? new SimulationGuidedSearch(search, options).run(quadratic)
                : search.run(quadratic);
        if (options.exactProof()) {
            best = EstimateExactProof.attach(search, best, options.sosOptions());
        }
        statuses.addAll(search.statuses);
        counters[0] += search.solves;
        counters[1] += search.iterations;
        seconds[0] += search.solverSeconds;
        return best;
    }

    /** Options the sin/cos paths (exact recast and enclosure) do not carry into their SOS programs. */
    private static void refuseTrigonometricOptions(LevelSetConstraints constraints, RegionOfAttractionOptions options) {
        if (!constraints.isEmpty()) {
            throw new IllegalArgumentException("dynamics in sin and cos of the angles are analysed without a state "
                    + "region or uncertain parameters; remove them");
        }
        if (options.sosOptions().sparsity() != SosOptions.Sparsity.NONE) {
            throw new IllegalArgumentException("dynamics in sin and cos of the angles are analysed without "
                    + "sparsity, not " + options.sosOptions().sparsity() + " (leave the sparsity at NONE)");
        }
    }

    private static boolean allPolynomial(Expression[] f, List<Variable> y) {
        for (Expression fi : f) {
            if (!fi.isPolynomial(y)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Dynamics in sin and cos of the angles, recast exactly (see {@link TrigonometricRecast}): the candidate is
     * the linearisation's {@code z'Pz} with each angle's y_i written s_i, plus {@code P_ii c_i^2} so that it is
     * positive on the whole circle (at the opposite angle, s = 0 and c = -2). The level search runs in all the
     * recast variables, c included (so that the opposite angles, equilibria where Vdot = 0, bound the level),
     * on the circles with free multipliers; its multiplier is SOS since Vdot's Hessian is singular along c.
     * With {@code lyapunovDegree > 2}, {@link BilinearLyapunovSearch} continues from that estimate in the
     * recast variables, every condition holding on the circles (see {@link LyapunovCoordinates}). The
     * estimate is the connected component of {V <= 1} holding x*, the angles taken modulo a turn; the
     * simulation check samples it along rays from x* in the user's state.
     */
    private static RegionOfAttractionResult recastResult(DynamicalSystem<Double> system, Context<Double> context,
            TrigonometricRecast recast, List<Variable> stateVariables, double[] x0, RegionOfAttractionOptions options,
            List<SdpStatus> statuses, int[] counters, double[] seconds, long start) {
        List<Variable> reduced = recast.reduced;
        double[][] a = PolynomialAlgebra.jacobianAtOrigin(recast.velocities, reduced);
        Polynomial v = lyapunovQuadratic(a, reduced, x0);
        double[] diagonal = new double[reduced.size()];
        for (int i = 0, k = 0; i < reduced.size(); i++) {
            diagonal[i] = v.coefficient(dev.mallard.symbolic.Monomial.of(reduced.get(i), 2));
            if (recast.angle[i]) {
                Polynomial c = Polynomial.of(recast.cosines.get(k++));
                v = v.add(c.multiply(c).scale(diagonal[i]));
            }
        }
        Polynomial vdot = PolynomialAlgebra.directional(v, recast.all(), recast.dynamics);
        LevelSetSearch.Outcome outcome = new LevelSetSearch(recast.all(), List.of(), v, vdot, recast.circles, options)
                .withVelocity(recast.dynamics).run();
        statuses.addAll(outcome.statuses);
        counters[0] += outcome.solves;
        counters[1] += outcome.iterations;
        seconds[0] += outcome.solverSeconds;
        LyapunovCoordinates coordinates = LyapunovCoordinates.recast(recast);
        EnlargementReport enlargement = null;
        if (options.lyapunovDegree() > 2) {
            BilinearLyapunovSearch search = new BilinearLyapunovSearch(coordinates, options.lyapunovDegree(),
                    BilinearLyapunovSearch.MAX_ITERATIONS, options);
            BilinearLyapunovSearch.Estimate quadratic = new BilinearLyapunovSearch.Estimate(v, outcome, null);
            BilinearLyapunovSearch.Estimate best = grow(search, quadratic, options, statuses,
                    counters, seconds);
            enlargement = search.report(quadratic, best);
            v = best.v();
            outcome = best.outcome();
        }
        Polynomial normalised = v.scale(1.0 / outcome.certifiedRho);
        SimulationCheck simulation = options.simulationSamples() == 0 ? null : SimulationCrossCheck.run(system,
                context, x0, coordinates.sublevelSet(normalised), options);
        Map<Variable, Expression> back = new HashMap<>();
        for (int i = 0, k = 0; i < reduced.size(); i++) {
            Expression d = x0[i] == 0 ? stateVariables.get(i).toExpression()
                    : stateVariables.get(i).toExpression().minus(x0[i]);
            if (recast.angle[i]) {
                back.put(reduced.get(i), Expression.sin(d));
                back.put(recast.cosines.get(k++), Expression.cos(d).minus(1.0));
            } else {
                back.put(reduced.get(i), d);
            }
        }
        Expression vOut = normalised.toExpression().substitute(back);
        Expression candidateOut = v.toExpression().substitute(back);
        double total = (System.nanoTime() - start) * 1e-9;
        return new RegionOfAttractionResult(stateVariables, vOut, candidateOut, outcome, false, statuses, simulation,
                enlargement, counters[0], counters[1], seconds[0], total);
    }

    /**
     * Every level certified: no finite level, no simulation check (there is no boundary to sample) and the
     * unnormalised candidate as the Lyapunov function.
     */
    private static RegionOfAttractionResult globalResult(List<Variable> stateVariables, Expression v,
            SosSolution certificate, List<SdpStatus> statuses, int[] counters, double[] seconds, long start) {
        LevelSetSearch.Outcome outcome = new LevelSetSearch.Outcome();
        outcome.optimalRho = Double.POSITIVE_INFINITY;
        outcome.certifiedRho = Double.POSITIVE_INFINITY;
        outcome.lambdaFree = true;
        outcome.verified = certificate.isVerified();
        outcome.certificates.addAll(certificate.certificates());
        double total = (System.nanoTime() - start) * 1e-9;
        return new RegionOfAttractionResult(stateVariables, v, v, outcome, true, statuses, null, null,
                counters[0] + 1, counters[1] + certificate.iterations(),
                seconds[0] + certificate.solveSeconds() + certificate.buildSeconds(), total);
    }

    private static void checkOnlyContinuousState(DynamicalSystem<Double> system, Context<Double> context) {
        if (context.getNumContinuousStates() == 0) {
            throw new IllegalArgumentException("system " + system.getName() + " has no continuous state to analyse");
        }
        for (Context<Double> leaf : context.getLeafContexts()) {
            if (leaf.getNumDiscreteStateGroups() > 0 || leaf.getNumAbstractStates() > 0) {
                throw new IllegalArgumentException("region-of-attraction analysis needs a system with only "
                        + "continuous state; " + leaf.getSystem().getName() + " has "
                        + leaf.getNumDiscreteStateGroups() + " discrete state groups and "
                        + leaf.getNumAbstractStates() + " abstract states");
            }
        }
    }

    private static void checkFixedPoint(DynamicalSystem<Double> system, Context<Double> context, double[] x0) {
        ContinuousState<Double> derivatives = system.allocateTimeDerivatives();
        system.calcTimeDerivatives(context, derivatives);
        int worst = 0;
        double largest = 0.0;
        for (int i = 0; i < x0.length; i++) {
            double d = Math.abs(derivatives.getValue(i));
            if (!(d <= largest)) {
                largest = d;
                worst = i;
            }
        }
        if (!(largest <= FIXED_POINT_TOLERANCE)) {
            throw new IllegalArgumentException("the context's state " + Arrays.toString(x0) + " is not a fixed point "
                    + "of " + system.getName() + ": |xdot[" + worst + "]| = " + largest + " > " + FIXED_POINT_TOLERANCE);
        }
    }

    private static List<Variable> stateVariables(RegionOfAttractionOptions options, int n) {
        List<Variable> given = options.stateVariables();
        if (!given.isEmpty()) {
            if (given.size() != n) {
                throw new IllegalArgumentException("stateVariables has " + given.size()
                        + " variables, the system has " + n + " continuous states");
            }
            return given;
        }
        // Reuse the candidate's variables named x0, x1, ... so that the result is in the user's variables.
        Map<String, Variable> byName = new HashMap<>();
        for (Variable v : options.lyapunovCandidate().getVariables()) {
            byName.put(v.name(), v);
        }
        List<Variable> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(byName.getOrDefault("x" + i, new Variable("x" + i)));
        }
        return out;
    }

    private static Polynomial candidateInDisplacement(Expression candidate, List<Variable> stateVariables,
            List<Variable> y, double[] x0) {
        for (Variable v : candidate.getVariables()) {
            if (!stateVariables.contains(v)) {
                throw new IllegalArgumentException("the Lyapunov candidate " + candidate + " has variable '" + v
                        + "' that is not a state variable " + stateVariables);
            }
        }
        Polynomial p;
        try {
            p = candidate.toPolynomial(stateVariables);
        } catch (NotPolynomialException e) {
            throw new IllegalArgumentException("the Lyapunov candidate is not a polynomial: " + e.getMessage(), e);
        }
        List<Polynomial> shifted = new ArrayList<>();
        for (int i = 0; i < y.size(); i++) {
            shifted.add(Polynomial.of(y.get(i)).add(Polynomial.constant(x0[i])));
        }
        return PolynomialAlgebra.compose(p, stateVariables, shifted);
    }

    private static List<Polynomial> polynomialDynamics(DynamicalSystem<Double> system, Expression[] f, List<Variable> y) {
        List<Polynomial> out = new ArrayList<>();
        for (int i = 0; i < f.length; i++) {
            try {
                out.add(f[i].toPolynomial(y));
            } catch (NotPolynomialException e) {
                throw new IllegalArgumentException("the dynamics of " + system.getName() + " are not polynomial in "
                        + "the state: xdot[" + i + "] = " + f[i] + " (in displacement variables y): " + e.culprit()
                        + " is not polynomial; rational dynamics can be analysed with useImplicitDynamics", e);
            }
        }
        return out;
    }

    /**
     * The implicit form {@code M(x) xdot - f(x) = 0} of a system declared in mass-matrix form, as polynomials in
     * the displacement y and its derivative z (a residual rational in y multiplied by its denominator); null for
     * any other system, whose implicit form comes from its explicit derivatives.
     */
    private static List<Polynomial> massMatrixResidual(DynamicalSystem<Double> system, Context<Double> context,
            List<Expression> state, List<Variable> y, List<Variable> z) {
        List<Expression> zs = z.stream().map(Variable::toExpression).toList();
        Expression[] residual = SymbolicDynamics.massMatrixResidual(system, context, state, zs);
        if (residual == null) {
            return null;
        }
        List<Variable> yz = new ArrayList<>(y);
        yz.addAll(z);
        List<Polynomial> g = new ArrayList<>();
        for (Expression r : residual) {
            g.add(RationalFunction.of(r, yz).numerator);
        }
        return g;
    }

    /** A = -(dg/dz)^-1 dg/dy at the origin. */
    private static double[][] implicitLinearisation(List<Polynomial> g, List<Variable> y, List<Variable> z) {
        double[][] gy = PolynomialAlgebra.jacobianAtOrigin(g, y);
        double[][] gz = PolynomialAlgebra.jacobianAtOrigin(g, z);
        org.ejml.data.DMatrixRMaj a = new org.ejml.data.DMatrixRMaj(gy.length, gy.length);
        if (!org.ejml.dense.row.CommonOps_DDRM.solve(new org.ejml.data.DMatrixRMaj(gz),
                new org.ejml.data.DMatrixRMaj(gy), a)) {
            throw new IllegalArgumentException("the implicit dynamics cannot be linearised: dg/dxdot is singular "
                    + "at the fixed point");
        }
        double[][] out = new double[gy.length][gy.length];
        for (int i = 0; i < out.length; i++) {
            for (int j = 0; j < out.length; j++) {
                out[i][j] = -a.get(i, j);
            }
        }
        return out;
    }

    /** {@code y'Py}, refusing a P whose size is not the state's. */
    private static Polynomial quadraticForm(double[][] p, List<Variable> y) {
        if (p.length != y.size()) {
            throw new IllegalArgumentException("quadraticCandidate is " + p.length + " x " + p.length + ", the system "
                    + "has " + y.size() + " continuous states");
        }
        Polynomial v = Polynomial.ZERO;
        for (int i = 0; i < p.length; i++) {
            for (int j = 0; j < p.length; j++) {
                v = v.add(Polynomial.of(y.get(i)).multiply(Polynomial.of(y.get(j))).scale(p[i][j]));
            }
        }
        return v;
    }

    static Polynomial lyapunovQuadratic(double[][] a, List<Variable> y, double[] x0) {
        int n = a.length;
        double[][] identity = new double[n][n];
        for (int i = 0; i < n; i++) {
            identity[i][i] = 1.0;
        }
        double[][] p;
        try {
            p = LyapunovEquation.continuous(a, identity);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("the linearisation at the fixed point " + Arrays.toString(x0)
                    + " is unstable, so no quadratic Lyapunov candidate exists: " + e.getMessage(), e);
        }
        return quadraticForm(p, y);
    }

    private static List<Polynomial> toPolynomials(List<Variable> vars) {
        List<Polynomial> out = new ArrayList<>();
        for (Variable v : vars) {
            out.add(Polynomial.of(v));
        }
        return out;
    }

    /** V(y) with y = x - x0, multiplied out in the state variables. */
    static Expression inStateVariables(Polynomial v, List<Variable> y, List<Variable> x, double[] x0) {
        List<Polynomial> displacement = new ArrayList<>();
        for (int i = 0; i < y.size(); i++) {
            displacement.add(Polynomial.of(x.get(i)).sub(Polynomial.constant(x0[i])));
        }
        return PolynomialAlgebra.compose(v, y, displacement).toExpression();
    }

    /** Half-widths of a box 2.5 times the extent of the estimate along each axis, from 256 seeded rays. */
    private static double[] volumeBox(Polynomial normalised, List<Variable> y, long seed) {
        int n = y.size();
        SublevelSet set = new SublevelSet(new PolynomialEvaluator(normalised, y), n);
        Random random = new Random(seed);
        double[] extent = new double[n];
        for (int k = 0; k < 256; k++) {
            double[] u = set.randomDirection(random);
            double r = set.boundaryRadius(u);
            for (int i = 0; i < n; i++) {
                extent[i] = Math.max(extent[i], Math.abs(r * u[i]));
            }
        }
        for (int i = 0; i < n; i++) {
            extent[i] *= 2.5;
        }
        return extent;
    }
}
