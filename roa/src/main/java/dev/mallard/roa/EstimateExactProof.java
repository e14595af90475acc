package dev.mallard.roa;

import dev.mallard.symbolic.Monomial;
import dev.mallard.symbolic.Polynomial;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.apache.commons.numbers.fraction.BigFraction;

/**
 * The exact proof ({@link RegionOfAttractionOptions#withExactProof}) of an estimate of
 * {@link BilinearLyapunovSearch}, certified from scratch: two SOS programs are solved for V as it is, and their
 * three identities rebuilt in rational arithmetic and proved by {@link ExactCertificateCheck}:
 * <ol>
 * <li>V positive: {@code V - l + sum_i mu_i h_i = m'Qm}, so {@code V >= l > 0} away from the equilibrium;</li>
 * <li>the multiplier: {@code s2 = m'Qm};</li>
 * <li>the level: {@code -Vdot - l - s2 (rho - V) + sum_i lambda_i h_i = m'Qm}, so {@code Vdot <= -l < 0} on
 *     {@code {V <= rho}} but at the equilibrium;</li>
 * </ol>
 * with {@code l = epsilon |z|^2} and, for the sin/cos recast, {@code h_i = s_i^2 + c_i^2 + 2 c_i} the circles,
 * which hold exactly: their integer coefficients are exact, and the free multiples mu_i, lambda_i are rounded
 * and corrected exactly like s2 (each multiplier rounded relative to its own largest coefficient). V, the dynamics (Vdot is computed from them
 * exactly), l and rho enter as the doubles Mallard holds, each exactly the binary fraction it is.
 */
final class EstimateExactProof {

    /** The relative back-offs of the level tried in turn until one is proved (shared by {@link ShapeExactProof}). */
    static final List<Double> BACKOFFS = List.of(0.0, 1e-3, 1e-2, 1e-1);

    /** The identities being built and the values of the multipliers they share, programs side by side. */
    private final List<ExactCertificateCheck.Identity> identities = new ArrayList<>();
    private double[] w = new double[0];
    /** The multiplier each w_k belongs to, for the rounding. */
    private int[] group = new int[0];
    private int groups;

    /** An empty proof, to which identities are added ({@link ShapeExactProof} builds its own this way). */
    EstimateExactProof() {
    }

    /**
     * @param search the search whose estimate V is (its coordinates and dynamics); its tallies receive the SDPs
     * @param v V (unnormalised) in the search's variables
     * @param level the level rho of V to prove
     * @param options SOS settings
     * @return the proof, or why there is none (also when the programs do not certify in floating point)
     */
    static ExactProof prove(BilinearLyapunovSearch search, Polynomial v, double level, SosOptions options) {
        LyapunovCoordinates coordinates = search.coordinates;
        LyapunovCoordinates.PositivityProgram positive = coordinates.positivityProgram(v);
        SosSolution positiveSolution = positive.program().solve(options);
        search.record(positiveSolution);
        BilinearLyapunovSearch.LevelProgram levelProgram = search.levelProgram(v, level);
        SosSolution levelSolution = levelProgram.program.solve(options);
        search.record(levelSolution);
        if (!coordinates.verifies(positiveSolution) || !coordinates.verifies(levelSolution)) {
            return new ExactProof(false, "V's positivity and its level " + level + " are not certified again in "
                    + "floating point (Gram margins " + positiveSolution.gramMargin() + " and "
                    + levelSolution.gramMargin() + ")", level, Double.NaN, List.of());
        }
        ExactPolynomial vExact = ExactPolynomial.of(v);
        ExactPolynomial vdot = vExact.directional(coordinates.variables, ExactPolynomial.of(coordinates.dynamics));
        ExactPolynomial rho = ExactPolynomial.of(Monomial.ONE, BigFraction.from(level));

        EstimateExactProof proof = new EstimateExactProof();
        int offset = proof.reserve(positive.program());
        Map<Integer, ExactPolynomial> positivity = new HashMap<>();
        proof.equationMultiples(coordinates, positive.constraint(), positiveSolution, offset, positivity);
        proof.add("V positive", vExact.subtract(ExactPolynomial.of(positive.floor())), positivity,
                positiveSolution.certificate(positive.constraint()));

        offset = proof.reserve(levelProgram.program);
        Map<Integer, ExactPolynomial> s2 = new HashMap<>();
        proof.multiple(levelProgram.s2, ExactPolynomial.of(Monomial.ONE, BigFraction.ONE), levelSolution, offset, s2);
        proof.add("the multiplier s2", ExactPolynomial.ZERO, s2, levelSolution.certificate(levelProgram.s2Constraint));
        Map<Integer, ExactPolynomial> decrease = new HashMap<>();
        proof.multiple(levelProgram.s2, vExact.subtract(rho), levelSolution, offset, decrease);
        proof.equationMultiples(coordinates, levelProgram.constraint, levelSolution, offset, decrease);
        proof.add("the level certificate", vdot.add(ExactPolynomial.of(levelProgram.floor)).negate(), decrease,
                levelSolution.certificate(levelProgram.constraint));
        return proof.check(level);
    }

    /**
     * @param level the level the identities certify, for the report
     * @return the identities added so far, proved by {@link ExactCertificateCheck}
     */
    ExactProof check(double level) {
        return ExactCertificateCheck.prove(identities, w, group, level);
    }

    /**
     * Proves a search's estimate exactly at its level, or else at levels backed off by 0.1%, 1% and 10% (a
     * lower level of a certified V is certified too); the first level proved becomes the estimate's certified
     * level. If none is proved the estimate keeps its level, verified in floating point, and the last proof's
     * failure (as {@link RegionOfAttractionResult#exactProof()} says). The quadratic estimate of {@link LevelSetSearch} (no s2) carries its own proof and is left as it
     * is.
     *
     * @param search the search that returned the estimate; its tallies receive the SDPs
     * @param estimate the estimate; its outcome's level and exact proof are set
     * @param options SOS settings
     * @return estimate
     */
    static BilinearLyapunovSearch.Estimate attach(BilinearLyapunovSearch search, BilinearLyapunovSearch.Estimate
            estimate, SosOptions options) {
        if (estimate.s2() == null) {
            return estimate;
        }
        LevelSetSearch.Outcome outcome = estimate.outcome();
        double certified = outcome.certifiedRho;
        for (double backoff : BACKOFFS) {
            double level = certified * (1 - backoff);
            outcome.exactProof = prove(search, estimate.v(), level, options);
            if (outcome.exactProof.proved()) {
                outcome.certifiedRho = level;
                return estimate;
            }
        }
        return estimate;
    }

    /** Room in w for a program's variables; returns the index its variable 0 gets. */
    int reserve(SosProgram program) {
        int offset = w.length;
        w = Arrays.copyOf(w, offset + program.variableCount());
        group = Arrays.copyOf(group, w.length);
        return offset;
    }

    /** Adds the identity {@code fixed + sum_k w_k directions_k = m'Qm} of a certificate. */
    void add(String name, ExactPolynomial fixed, Map<Integer, ExactPolynomial> directions,
            SosCertificate certificate) {
        add(name, fixed, directions, certificate.basis(), certificate.gram());
    }

    /** Adds the identity {@code fixed + sum_k w_k directions_k = basis' gram basis}. */
    void add(String name, ExactPolynomial fixed, Map<Integer, ExactPolynomial> directions, List<Monomial> basis,
            double[][] gram) {
        identities.add(new ExactCertificateCheck.Identity(name, fixed, directions, basis, gram));
    }

    /** The free multiples of the equations in a constraint of the coordinates, as directions. */
    private void equationMultiples(LyapunovCoordinates coordinates, SosConstraint constraint, SosSolution solution,
            int offset, Map<Integer, ExactPolynomial> directions) {
        List<PolynomialExpression> multipliers = coordinates.equationMultipliers(constraint);
        for (int i = 0; i < multipliers.size(); i++) {
            multiple(multipliers.get(i), ExactPolynomial.of(coordinates.equations.get(i)), solution, offset,
                    directions);
        }
    }

    /**
     * Each term {@code w_k m} of a free multiplier (each coefficient a single decision variable) times factor,
     * as the direction of w_k; the solver's w_k recorded.
     */
    void multiple(PolynomialExpression multiplier, ExactPolynomial factor, SosSolution solution, int offset,
            Map<Integer, ExactPolynomial> directions) {
        int id = groups++;
        multiplier.terms().forEach((m, form) -> {
            if (form.termCount() != 1 || form.coefficient(0) != 1.0 || form.constantTerm() != 0.0) {
                throw new IllegalStateException("the multiplier's coefficient of " + m + " is " + form
                        + ", not a single decision variable");
            }
            int k = offset + form.variable(0).index();
            w[k] = solution.value(form.variable(0));
            group[k] = id;
            directions.merge(k, ExactPolynomial.of(m, BigFraction.ONE).multiply(factor), ExactPolynomial::add);
        });
    }
}
