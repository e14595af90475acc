package dev.mallard.roa;

import dev.mallard.symbolic.Monomial;
import dev.mallard.symbolic.Polynomial;
import dev.mallard.symbolic.Variable;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Consumer;

/**
 * A candidate V of a given degree fitted to sampled points of the true region (Topcu, Packard and Seiler,
 * Automatica 2008, use converging trajectories the same way): one SOS program with V positive definite (SOS
 * above a small quadratic floor) and linear conditions at points along the rays to b_i, the simulated
 * boundary of the true region ({@link TrueRegionSampler}): {@code V(b_i) >= 1} (the estimate stays within the
 * true region), {@code V(rho b_i) <= 1} (it holds the fraction rho of each ray) and
 * {@code Vdot(t b_i) <= -delta |t b_i|^2} for t = rho and rho times 0.03, 0.1, 0.25, 0.45, 0.65 and 0.85 (V
 * decreases along the flow on the target, down to near the equilibrium), delta maximised; then, at half that
 * delta, the V whose Gram matrix is most interior (the optimum lies on the cone's boundary, where
 * V's positivity could not be checked). The largest rho of {0.97, 0.94, 0.9, 0.85, 0.8} with delta > 0 is
 * kept. The candidate is only a proposal: its level is certified from scratch by the caller.
 *
 * <p>In the sin/cos recast's coordinates the fit is refined by cutting planes: the 40 rays leave room between
 * them where the fitted V increases inside {@code {V <= 1}} (on the two-machine power system, on half of 360
 * rays, so that its certified level was 0.13), so the first such point along each of
 * {@value #CUT_RAYS} rays is added to the decrease conditions and V fitted again, at most
 * {@value #MAX_REFINEMENTS} times; when a refit is infeasible the target fraction drops to the next one,
 * keeping the points. This has not been measured on polynomial dynamics, whose fit is left as it was tuned.
 */
final class SampledLyapunovFit {

    private static final double[] TARGETS = {0.97, 0.94, 0.9, 0.85, 0.8};
    private static final double[] INTERIOR = {0.03, 0.1, 0.25, 0.45, 0.65, 0.85};
    /** The most refits on points where V increases (recast coordinates only). */
    static final int MAX_REFINEMENTS = 8;
    /** Rays searched for such points (evenly spaced in 2-D, seeded otherwise). */
    static final int CUT_RAYS = 360;
    /** Points tried along each of those rays, evenly spaced up to the boundary of {@code {V <= 1}}. */
    private static final int CUT_STEPS = 20;

    private final LyapunovCoordinates coordinates;
    private final int degree;
    private final RegionOfAttractionOptions options;
    /** Receives every solution, for the caller's tallies. */
    private final Consumer<SosSolution> tally;
    /** The refits allowed: {@link #MAX_REFINEMENTS} in the recast's coordinates, none otherwise. */
    private final int refinements;

    /**
     * @param coordinates the coordinates V is fitted in (polynomial, or the sin/cos recast)
     * @param degree the degree of V, even and {@code >= 2}
     * @param options the SOS options
     * @param tally where each solve is recorded
     */
    SampledLyapunovFit(LyapunovCoordinates coordinates, int degree, RegionOfAttractionOptions options,
            Consumer<SosSolution> tally) {
        this.coordinates = coordinates;
        this.degree = degree;
        this.options = options;
        this.tally = tally;
        this.refinements = coordinates.equations.isEmpty() ? 0 : MAX_REFINEMENTS;
    }

    /**
     * @param boundary points on the simulated boundary of the true region, one per ray, in the user's
     *     displacements
     * @param scale V's curvature scale at the origin (the floor is 1e-3 of it)
     * @return the fitted V (the last refit that was feasible), or null if no target fraction gives a V that
     *     decreases at every sample
     */
    Polynomial fit(List<double[]> boundary, double scale) {
        List<double[]> cuts = new ArrayList<>();
        Polynomial last = null;
        int round = 0;
        for (double rho : TARGETS) {
            Polynomial v = fit(boundary, scale, rho, cuts);
            if (v == null) {
                continue;
            }
            last = v;
            while (round < refinements) {
                round++;
                List<double[]> increasing = increasing(last);
                if (increasing.isEmpty()) {
                    return last;
                }
                cuts.addAll(increasing);
                Polynomial refit = fit(boundary, scale, rho, cuts);
                if (refit == null) {
                    break;
                }
                last = refit;
            }
            if (round >= refinements) {
                return last;
            }
        }
        return last;
    }

    /** Along each ray the first of its points in {@code {V <= 1}} where Vdot is not negative, if any. */
    private List<double[]> increasing(Polynomial v) {
        PolynomialEvaluator vdot = coordinates.evaluator(
                PolynomialAlgebra.directional(v, coordinates.variables, coordinates.dynamics));
        SublevelSet set = coordinates.sublevelSet(v);
        List<double[]> out = new ArrayList<>();
        for (double[] u : TrueRegionSampler.directions(coordinates.dimension, CUT_RAYS, new Random(options.seed()))) {
            double r = set.boundaryRadius(u);
            for (int k = 1; k <= CUT_STEPS && Double.isFinite(r); k++) {
                double[] x = SublevelSet.along(u, r * k / CUT_STEPS);
                if (vdot.evaluate(x) >= 0) {
                    out.add(x);
                    break;
                }
            }
        }
        return out;
    }

    private Polynomial fit(List<double[]> boundary, double scale, double rho, List<double[]> cuts) {
        Program optimal = new Program(boundary, scale, rho, cuts);
        optimal.program.maximize(AffineForm.of(optimal.delta));
        SosSolution first = optimal.program.solve(options.sosOptions());
        tally.accept(first);
        double deltaMax = first.value(optimal.delta);
        if (!first.isSuccess() || !(deltaMax > 0)) {
            return null;
        }
        // The optimum lies on the boundary of the cones (V's Gram matrix singular, some samples' decrease
        // tight); half the decrease rate leaves room to centre V strictly inside them.
        Program centred = new Program(boundary, scale, rho, cuts);
        centred.program.addEquality(AffineForm.of(centred.delta), 0.5 * deltaMax);
        centred.program.maximizeGramMargin(1.0);
        SosSolution second = centred.program.solve(options.sosOptions());
        tally.accept(second);
        if (!second.isSuccess() || !(second.gramMargin() > 0)) {
            return null;
        }
        Polynomial found = second.value(centred.v);
        for (double c : found.terms().values()) {
            if (!Double.isFinite(c)) {
                return null;
            }
        }
        return found;
    }

    /** The fit's constraints at one target fraction, without an objective. */
    private final class Program {
        final SosProgram program = new SosProgram(coordinates.variables);
        final PolynomialExpression v = program.newFreePolynomial("V", coordinates.lyapunovBasis(degree));
        final DecisionVariable delta = program.newVariable("delta");

        Program(List<double[]> boundary, double scale, double rho, List<double[]> cuts) {
            List<Variable> y = coordinates.variables;
            PolynomialExpression vdot = PolynomialExpression.ZERO;
            for (int i = 0; i < y.size(); i++) {
                vdot = vdot.plus(v.differentiate(y.get(i)).times(coordinates.dynamics.get(i)));
            }
            coordinates.addSosConstraint(program, "V positive definite", v.minus(coordinates.floor(1e-3 * scale)));
            for (double[] b : boundary) {
                program.addGreaterOrEqual(at(v, b, 1.0), 1.0);
                program.addLessOrEqual(at(v, b, rho), 1.0);
                for (double t : INTERIOR) {
                    addDecrease(program, vdot, delta, b, t * rho);
                }
                addDecrease(program, vdot, delta, b, rho);
            }
            for (double[] x : cuts) {
                addDecrease(program, vdot, delta, x, 1.0);
            }
        }
    }

    private void addDecrease(SosProgram program, PolynomialExpression vdot, DecisionVariable delta, double[] b,
            double t) {
        double squared = 0.0;
        for (double bi : b) {
            squared += t * t * bi * bi;
        }
        program.addLessOrEqual(at(vdot, b, t).plusScaled(squared, AffineForm.of(delta)), 0.0);
    }

    /** The expression's value at {@code t b}, affine in the decision variables. */
    private AffineForm at(PolynomialExpression e, double[] b, double t) {
        List<Variable> y = coordinates.variables;
        double[] scaled = new double[b.length];
        for (int i = 0; i < b.length; i++) {
            scaled[i] = t * b[i];
        }
        double[] z = coordinates.point(scaled);
        AffineForm sum = AffineForm.ZERO;
        for (Map.Entry<Monomial, AffineForm> term : e.terms().entrySet()) {
            double value = 1.0;
            for (int i = 0; i < y.size(); i++) {
                value *= Math.pow(z[i], term.getKey().degree(y.get(i)));
            }
            sum = sum.plusScaled(value, term.getValue());
        }
        return sum;
    }
}
