package dev.mallard.roa;

import dev.mallard.symbolic.Monomial;
import dev.mallard.symbolic.Polynomial;
import dev.mallard.symbolic.Variable;

import java.util.List;
import java.util.Map;

/**
 * Enlarges a certified estimate by alternating searches. With the multiplier lambda of the last
 * certificate fixed, {@code N(y) (V - 1) - lambda grad(V).f} is linear in the coefficients of V, so a new V
 * (positive definite, same degree) is found by an SOS program that minimises the mean of V over the
 * current estimate, a linear surrogate for making {@code {V <= 1}} large; the old V/rho is feasible, so the
 * mean does not grow. Then V is fixed and the level search runs again (new multiplier, new rho). A round is kept
 * only if the Monte Carlo volume of the certified set grew.
 */
final class VIteration {

    private final List<Variable> y;
    private final List<Polynomial> f;
    private final RegionOfAttractionOptions options;
    int solves;
    int iterations;
    double solverSeconds;

    VIteration(List<Variable> y, List<Polynomial> f, RegionOfAttractionOptions options) {
        this.y = y;
        this.f = f;
        this.options = options;
    }

    /** The state of the iteration: V with its certified level, and the volume of {V <= rho}. */
    static final class Estimate {
        final Polynomial v;
        final LevelSetSearch.Outcome outcome;
        final double volume;

        Estimate(Polynomial v, LevelSetSearch.Outcome outcome, double volume) {
            this.v = v;
            this.outcome = outcome;
            this.volume = volume;
        }
    }

    /**
     * @param start the fixed-candidate estimate
     * @param box half-widths of the volume box
     * @return the best verified estimate found (start if no round improved it) and the rounds kept
     */
    Estimate enlarge(Estimate start, double[] box, int[] roundsKept) {
        Estimate best = start;
        for (int round = 0; round < options.enlargementIterations(); round++) {
            Polynomial next = searchV(best, box);
            if (next == null) {
                break;
            }
            LevelSetSearch.Outcome outcome;
            try {
                // The V-step's own accuracy does not matter: the new V is checked positive definite and its
                // level set certified from scratch.
                SosSolution check = LyapunovCandidateCheck.check(next, y, options.sosOptions());
                solves++;
                iterations += check.iterations();
                outcome = new LevelSetSearch(y, List.of(), next,
                        PolynomialAlgebra.directional(next, y, f), List.of(), options).withVelocity(f).run();
            } catch (IllegalArgumentException | RegionOfAttractionException e) {
                break;
            }
            account(outcome);
            double volume = volume(next.scale(1.0 / outcome.certifiedRho), box);
            if (!outcome.verified || volume <= best.volume) {
                break;
            }
            best = new Estimate(next, outcome, volume);
            roundsKept[0]++;
        }
        return best;
    }

    private void account(LevelSetSearch.Outcome outcome) {
        solves += outcome.solves;
        iterations += outcome.iterations;
        solverSeconds += outcome.solverSeconds;
    }

    /** The V-step: the new V (its iterate even if the solver stopped short), or null if that is not finite. */
    private Polynomial searchV(Estimate current, double[] box) {
        Polynomial v1 = current.v.scale(1.0 / current.outcome.certifiedRho);
        int degree = v1.totalDegree();
        SosProgram program = new SosProgram(y);
        PolynomialExpression v = program.newFreePolynomial("V", Monomial.range(y, 2, degree));
        PolynomialExpression vdot = PolynomialExpression.ZERO;
        for (int i = 0; i < y.size(); i++) {
            vdot = vdot.plus(v.differentiate(y.get(i)).times(f.get(i)));
        }
        Polynomial norm = current.outcome.norm;
        PolynomialExpression certificate = v.times(norm).minus(norm).minus(vdot.times(current.outcome.lambda));
        program.addSosConstraint("level set", certificate);
        double epsilon = 1e-4 * smallestPurePower(v1, 2);
        Polynomial floor = Polynomial.ZERO;
        for (Variable yi : y) {
            floor = floor.add(Polynomial.of(Monomial.of(yi, 2), epsilon));
        }
        program.addSosConstraint("V positive definite", v.minus(floor));
        program.minimize(meanOverEstimate(v, v1, box));
        SosSolution s = program.solve(options.sosOptions());
        solves++;
        iterations += s.iterations();
        solverSeconds += s.solveSeconds() + s.buildSeconds();
        Polynomial found = s.value(v);
        for (double c : found.terms().values()) {
            if (!Double.isFinite(c)) {
                return null;
            }
        }
        return found;
    }

    /** The smallest coefficient of a pure power y_i^degree in v (positive for a positive definite v). */
    private double smallestPurePower(Polynomial v, int degree) {
        double smallest = Double.POSITIVE_INFINITY;
        for (Variable yi : y) {
            smallest = Math.min(smallest, v.coefficient(Monomial.of(yi, degree)));
        }
        return smallest > 0 ? smallest : 1e-6;
    }

    /**
     * The mean of V over the current estimate {@code {v1 <= 1}} (Monte Carlo points), linear in V's
     * coefficients. For quadratic V it is proportional to {@code trace(P1^-1 P)}, the tangent of the concave
     * {@code log det P} at P1: minimising it cannot decrease the area {@code ~ det(P)^-1/2} of {@code {V <= 1}}
     * (a majorise-minimise step).
     */
    private AffineForm meanOverEstimate(PolynomialExpression v, Polynomial v1, double[] box) {
        java.util.List<double[]> points = new SublevelSet(new PolynomialEvaluator(v1, y), y.size())
                .samplesInside(box, options.volumeSamples(), options.seed() + 1);
        AffineForm sum = AffineForm.ZERO;
        for (Map.Entry<Monomial, AffineForm> t : v.terms().entrySet()) {
            PolynomialEvaluator m = new PolynomialEvaluator(Polynomial.of(t.getKey(), 1.0), y);
            double mean = 0.0;
            for (double[] p : points) {
                mean += m.evaluate(p);
            }
            sum = sum.plus(t.getValue().times(mean / Math.max(1, points.size())));
        }
        return sum;
    }

    /**
     * @param normalised V with the estimate at level 1
     * @param box half-widths
     * @return the Monte Carlo volume of the estimate within the box
     */
    double volume(Polynomial normalised, double[] box) {
        return new SublevelSet(new PolynomialEvaluator(normalised, y), y.size())
                .volume(box, options.volumeSamples(), options.seed());
    }
}
