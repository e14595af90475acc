package dev.mallard.roa;

import dev.mallard.sdp.SdpStatus;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Polynomial;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.Context;
import dev.mallard.systems.DynamicalSystem;
import dev.mallard.systems.analysis.LyapunovEquation;

import java.util.List;

/**
 * The analysis of {@link RegionOfAttractionOptions#withShapeMatrix}: the quadratic V whose certified estimate
 * holds the largest sublevel set of the shape ({@link ShapeContainmentSearch} on the dynamics lifted to
 * polynomials, {@link LiftedDynamics}), reported in the user's variables with the shape's level; with
 * {@link RegionOfAttractionOptions#withExactProof} proved exactly ({@link ShapeExactProof}), V's level and the
 * shape's then the levels proved.
 */
final class ShapeRegionOfAttraction {

    private ShapeRegionOfAttraction() {
    }

    /**
     * @param options the analysis' options
     * @throws IllegalArgumentException if an option the shape search does not support is set
     */
    static void checkApplicable(RegionOfAttractionOptions options) {
        String refused = options.useImplicitDynamics() ? "useImplicitDynamics"
                : options.enlargementIterations() > 0 ? "enlargement"
                : options.lyapunovDegree() > 2 ? "lyapunovDegree " + options.lyapunovDegree()
                : options.stateRegion() != null ? "stateRegion"
                : !options.uncertainParameters().isEmpty() ? "uncertainParameters"
                : !options.lyapunovCandidate().equals(Expression.ZERO) ? "lyapunovCandidate (give a quadraticCandidate)"
                : null;
        if (refused != null) {
            throw new IllegalArgumentException("shapeMatrix searches a quadratic V for explicit dynamics: remove "
                    + refused);
        }
    }

    /**
     * @param system the system, for the simulation check
     * @param context its context at x*
     * @param f the time derivatives in y = x - x*
     * @param y the displacement variables
     * @param x0 x*
     * @param stateVariables the user's variables
     * @param options settings, with a shape matrix
     * @param start the analysis' start, {@link System#nanoTime()}
     * @return the result, verified, with its shape level
     * @throws IllegalArgumentException for dynamics that cannot be lifted to polynomials, or a shape or candidate
     *     that is not positive definite
     * @throws RegionOfAttractionException if not even the first candidate certifies
     */
    static RegionOfAttractionResult analyze(DynamicalSystem<Double> system, Context<Double> context, Expression[] f,
            List<Variable> y, double[] x0, List<Variable> stateVariables, RegionOfAttractionOptions options,
            long start) {
        checkApplicable(options);
        LiftedDynamics fields = LiftedDynamics.of(f, y);
        double[][] shape = options.shapeMatrix();
        ShapeContainmentSearch search = new ShapeContainmentSearch(fields, shape, options);
        double[][] first = options.quadraticCandidate() != null ? options.quadraticCandidate()
                : firstCandidate(EnclosedRegionOfAttraction.linearisation(f, y), shape);
        ShapeContainmentSearch.Estimate best = search.run(first);
        if (best == null) {
            throw new RegionOfAttractionException("shapeMatrix: no level of the first candidate "
                    + java.util.Arrays.deepToString(first) + " was certified (SDP statuses " + search.statuses + ")");
        }
        Polynomial v = quadratic(search.inDisplacement(best.p()), y);
        LevelSetSearch.Outcome outcome = new LevelSetSearch.Outcome();
        outcome.optimalRho = 1.0;
        outcome.certifiedRho = 1.0;
        outcome.lambdaFree = false;
        outcome.verified = true;
        outcome.certificates.addAll(best.certificates());
        double shapeLevel = best.beta();
        if (options.exactProof()) {
            ShapeExactProof.Outcome proved = ShapeExactProof.attach(search, best, options.sosOptions());
            outcome.certifiedRho = proved.rho();
            outcome.exactProof = proved.proof();
            shapeLevel = proved.beta();
        }
        // the sampled set is the certified one, {V <= rho}
        SimulationCheck simulation = options.simulationSamples() == 0 ? null
                : SimulationCrossCheck.run(system, context, x0, new SublevelSet(new PolynomialEvaluator(
                        v.scale(1 / outcome.certifiedRho), y), y.size()), options);
        Expression vOut = RegionOfAttraction.inStateVariables(v, y, stateVariables, x0);
        double total = (System.nanoTime() - start) * 1e-9;
        List<SdpStatus> statuses = List.copyOf(search.statuses);
        return new RegionOfAttractionResult(stateVariables, vOut, vOut, outcome, false, statuses, simulation, null,
                search.solves, search.iterations, search.solverSeconds, total).withShapeLevel(shapeLevel);
    }

    /**
     * M when {@code A'M + MA} is negative definite (the shape is itself a Lyapunov function of the
     * linearisation), else the solution of {@code A'P + PA = -I}.
     */
    private static double[][] firstCandidate(double[][] a, double[][] m) {
        int n = a.length;
        org.ejml.data.DMatrixRMaj decrease = new org.ejml.data.DMatrixRMaj(n, n);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double s = 0;
                for (int k = 0; k < n; k++) {
                    s += a[k][i] * m[k][j] + m[i][k] * a[k][j];
                }
                decrease.set(i, j, -s);
            }
        }
        if (org.ejml.dense.row.factory.DecompositionFactory_DDRM.chol(n, true).decompose(decrease)) {
            return m;
        }
        double[][] identity = new double[n][n];
        for (int i = 0; i < n; i++) {
            identity[i][i] = 1.0;
        }
        try {
            return LyapunovEquation.continuous(a, identity);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("the linearisation is unstable, so no quadratic Lyapunov function "
                    + "exists: " + e.getMessage(), e);
        }
    }

    private static Polynomial quadratic(double[][] p, List<Variable> y) {
        Polynomial out = Polynomial.ZERO;
        for (int i = 0; i < p.length; i++) {
            for (int j = 0; j < p.length; j++) {
                out = out.add(Polynomial.of(y.get(i)).multiply(Polynomial.of(y.get(j))).scale(p[i][j]));
            }
        }
        return out;
    }
}
