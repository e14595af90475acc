package dev.mallard.roa;

import dev.mallard.symbolic.Monomial;
import dev.mallard.symbolic.Polynomial;
import dev.mallard.symbolic.Variable;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.apache.commons.numbers.fraction.BigFraction;

/**
 * The exact proof ({@link RegionOfAttractionOptions#withExactProof}) of an estimate of
 * {@link ShapeContainmentSearch}: {@code V = w'Pw} at a level rho and the shape's level beta, in the search's
 * scaled variables w and the lifted s and c. One SOS program is solved for V as it is (the norm N free, with a
 * floor {@code l = epsilon |w|^2} under the certificate) and its identities rebuilt in rational arithmetic and
 * proved by {@link ExactCertificateCheck}:
 * <ol>
 * <li>the norm: {@code N - 1e-3 |w|^2 = m'Qm}, so N is positive definite;</li>
 * <li>each multiplier of an inequality g_i: {@code sigma_i = m'Qm}; and {@code lambda >= 0};</li>
 * <li>the level: {@code N (V - rho) - lambda Vdot - l - sum_i sigma_i g_i + sum_j mu_j h_j = m'Qm}, the circles
 *     h_j exact (integer coefficients), the free multiples mu_j rounded and corrected like the rest;</li>
 * </ol>
 * so at a true state of the box other than the equilibrium with {@code V <= rho},
 * {@code lambda Vdot <= N (V - rho) - l < 0}: lambda is positive and Vdot negative. Three matrix facts are
 * proved by exact LDL' factorisations of matrices built from the doubles: P positive definite (every pivot
 * positive); {@code {V <= rho}} inside each angle's box {@code {b - a w_q^2 >= 0}} (the box's own coefficients:
 * {@code b P - rho a e_q e_q'} PSD); and the shape's level, {@code rho M - beta P} PSD, so that
 * {@code {w'Mw <= beta}} lies in {@code {V <= rho}}, beta lowered from the floating-point one until it is proved.
 * V, M, the lifted dynamics and the constraints enter as the doubles the search holds in w, each exactly the
 * binary fraction it is; the chords' coefficients are rounded outwards of {@code sin h / h} and
 * {@code (1 - cos h) / h^2} ({@link TrigonometricBounds}), so they bound the true sin and cos. The change of
 * variables from the user's displacement to w, and so the printed V, is exact only to floating-point accuracy.
 */
final class ShapeExactProof {

    /** The floor under the level certificate, relative to the trace of P over the state's dimension. */
    private static final double FLOOR = 1e-6;

    /** A proved estimate: V's level rho, the shape's level beta and the proof (or why there is none). */
    record Outcome(double rho, double beta, ExactProof proof) {
    }

    private ShapeExactProof() {
    }

    /**
     * Proves an estimate exactly at its level 1 and shape level, or else at levels backed off by 0.1%, 1% and
     * 10% (a lower level of a certified V is certified too; beta scales with it). If none is proved the estimate
     * keeps its levels, verified in floating point, with the last proof's failure.
     *
     * @param search the search that returned the estimate; its tallies receive the SDPs
     * @param estimate the estimate {@code {w'Pw <= 1}} and its beta
     * @param options SOS settings
     * @return the levels and the proof
     */
    static Outcome attach(ShapeContainmentSearch search, ShapeContainmentSearch.Estimate estimate,
            SosOptions options) {
        ExactProof last = null;
        for (double backoff : EstimateExactProof.BACKOFFS) {
            double rho = 1.0 - backoff;
            Outcome outcome = prove(search, estimate, rho, estimate.beta() * rho, options);
            last = outcome.proof();
            if (last.proved()) {
                return outcome;
            }
        }
        return new Outcome(1.0, estimate.beta(), last);
    }

    /**
     * @param search the search that returned the estimate
     * @param estimate the estimate, its P and box
     * @param rho the level of V to prove
     * @param beta the shape's level to prove, lowered (by relative steps of 1e-12 to 1e-3) until proved
     * @param options SOS settings
     * @return rho, the shape level proved (beta when not proved) and the proof, or which part failed
     */
    static Outcome prove(ShapeContainmentSearch search, ShapeContainmentSearch.Estimate estimate, double rho,
            double beta, SosOptions options) {
        Polynomial v = search.quadratic(estimate.p());
        BigFraction[][] p = matrix(v, search.w);
        ExactProof positive = positiveDefinite(p, rho);
        if (!positive.proved()) {
            return new Outcome(rho, beta, positive);
        }
        ShapeContainmentSearch.Piece piece = search.piece(estimate.halfWidths());
        ExactProof box = inBoxes(p, piece.region(), search.w, rho);
        if (!box.proved()) {
            return new Outcome(rho, beta, positive.and(box));
        }
        Outcome shape = containment(p, search.shape, rho, beta);
        if (!shape.proof().proved()) {
            return new Outcome(rho, beta, positive.and(box).and(shape.proof()));
        }
        ExactProof certificate = certificate(search, v, piece, rho, options);
        return new Outcome(rho, shape.beta(), certificate.and(positive).and(box).and(shape.proof()));
    }

    /** The SOS identities at level rho, re-solved for V as it is with a floor. */
    private static ExactProof certificate(ShapeContainmentSearch search, Polynomial v,
            ShapeContainmentSearch.Piece piece, double rho, SosOptions options) {
        int n = search.w.size();
        double floor = FLOOR * traceOver(v, search.w) / n;
        ShapeContainmentSearch.LevelProgram program = search.new LevelProgram(v, piece, rho, floor);
        program.program.maximizeGramMargin(1.0);
        SosSolution solution = program.program.solve(options);
        search.record(solution);
        double lambda = solution.value(program.lambda);
        if (!(solution.isVerified() && solution.gramMargin() > 0 && lambda > 0)) {
            return new ExactProof(false, "the level certificate of V at rho = " + rho + " is not found again in "
                    + "floating point (status " + solution.status() + ", Gram margin " + solution.gramMargin()
                    + ", lambda " + lambda + ")", rho, Double.NaN, List.of());
        }
        ExactPolynomial vExact = ExactPolynomial.of(v);
        ExactPolynomial vdot = vExact.directional(search.w, ExactPolynomial.of(piece.field()));
        ExactPolynomial one = ExactPolynomial.of(Monomial.ONE, BigFraction.ONE);
        ShapeContainmentSearch.LevelSet levelSet = program.levelSet;

        EstimateExactProof proof = new EstimateExactProof();
        int offset = proof.reserve(program.program);
        Map<Integer, ExactPolynomial> norm = new HashMap<>();
        proof.multiple(program.norm, one, solution, offset, norm);
        proof.add("N positive definite", ExactPolynomial.of(search.squaredNorm().scale(
                ShapeContainmentSearch.NORM_FLOOR)).negate(), norm, solution.certificate(program.normConstraint));
        for (int i = 0; i < levelSet.sigmas().size(); i++) {
            Map<Integer, ExactPolynomial> sigma = new HashMap<>();
            proof.multiple(levelSet.sigmas().get(i), one, solution, offset, sigma);
            proof.add("the multiplier sigma" + i, ExactPolynomial.ZERO, sigma,
                    solution.certificate(levelSet.sigmaConstraints().get(i)));
        }
        PolynomialExpression lambdaTerm = PolynomialExpression.of(program.lambda);
        Map<Integer, ExactPolynomial> lambdaSign = new HashMap<>();
        proof.multiple(lambdaTerm, one, solution, offset, lambdaSign);
        proof.add("lambda >= 0", ExactPolynomial.ZERO, lambdaSign, List.of(Monomial.ONE), new double[][] {{lambda}});
        Map<Integer, ExactPolynomial> level = new HashMap<>();
        proof.multiple(program.norm, vExact.subtract(ExactPolynomial.of(Monomial.ONE, BigFraction.from(rho))),
                solution, offset, level);
        proof.multiple(lambdaTerm, vdot.negate(), solution, offset, level);
        for (int i = 0; i < levelSet.sigmas().size(); i++) {
            proof.multiple(levelSet.sigmas().get(i), ExactPolynomial.of(piece.region().get(i)).negate(), solution,
                    offset, level);
        }
        for (int j = 0; j < levelSet.multiples().size(); j++) {
            proof.multiple(levelSet.multiples().get(j), ExactPolynomial.of(piece.equations().get(j)), solution,
                    offset, level);
        }
        proof.add("the level certificate", ExactPolynomial.of(search.squaredNorm().scale(floor)).negate(), level,
                solution.certificate(levelSet.constraint()));
        return proof.check(rho);
    }

    /** P positive definite: every pivot of its exact LDL' positive. */
    private static ExactProof positiveDefinite(BigFraction[][] p, double rho) {
        ExactCertificateCheck.Ldl ldl = new ExactCertificateCheck.Ldl(p);
        if (!ldl.definite) {
            return new ExactProof(false, "V = w'Pw is not positive definite: "
                    + (ldl.failure != null ? ldl.failure : "a pivot of P's LDL' is zero"), rho, ldl.failingPivot,
                    List.of());
        }
        return new ExactProof(true, "V = w'Pw is positive definite (exact LDL' of P, smallest pivot "
                + ldl.smallest.doubleValue() + ")", rho, Double.NaN, List.of());
    }

    /**
     * {@code {V <= rho}} inside each box constraint {@code b - a w_q^2 >= 0} of the piece: {@code b P - rho a e_q
     * e_q'} PSD.
     */
    private static ExactProof inBoxes(BigFraction[][] p, List<Polynomial> region, List<Variable> w, double rho) {
        int boxes = 0;
        for (Polynomial g : region) {
            for (int q = 0; q < w.size(); q++) {
                Monomial square = Monomial.of(w.get(q), 2);
                double b = g.coefficient(Monomial.ONE);
                double a = -g.coefficient(square);
                if (g.monomials().size() != 2 || !(b > 0) || !(a > 0)) {
                    continue;
                }
                BigFraction[][] m = scaled(p, BigFraction.from(b));
                m[q][q] = m[q][q].subtract(BigFraction.from(rho).multiply(BigFraction.from(a)));
                ExactCertificateCheck.Ldl ldl = new ExactCertificateCheck.Ldl(m);
                if (ldl.failure != null) {
                    return new ExactProof(false, "{V <= " + rho + "} is not inside the box of " + w.get(q) + " ("
                            + ldl.failure + ")", rho, ldl.failingPivot, List.of());
                }
                boxes++;
            }
        }
        return new ExactProof(true, boxes == 0 ? "no angle, so no box" : "{V <= rho} lies in the " + boxes
                + " angles' boxes (exact LDL')", rho, Double.NaN, List.of());
    }

    /** {@code rho M - beta P} PSD, beta lowered by relative steps until an exact LDL' shows it. */
    private static Outcome containment(BigFraction[][] p, double[][] shape, double rho, double beta) {
        String failure = null;
        for (double back : new double[] {0.0, 1e-12, 1e-9, 1e-6, 1e-3}) {
            double trial = beta * (1 - back);
            BigFraction[][] m = scaled(p, BigFraction.from(trial).negate());
            for (int i = 0; i < m.length; i++) {
                for (int j = 0; j < m.length; j++) {
                    m[i][j] = m[i][j].add(BigFraction.from(rho).multiply(BigFraction.from(shape[i][j])));
                }
            }
            ExactCertificateCheck.Ldl ldl = new ExactCertificateCheck.Ldl(m);
            if (ldl.failure == null) {
                return new Outcome(rho, trial, new ExactProof(true, "the shape's level " + trial + " is inside "
                        + "{V <= rho} (rho M - beta P PSD by exact LDL')", rho, Double.NaN, List.of()));
            }
            failure = ldl.failure;
        }
        return new Outcome(rho, beta, new ExactProof(false, "the shape's level " + beta + " is not inside {V <= "
                + rho + "}: rho M - beta P is not PSD, nor with beta lowered by 0.1% (" + failure + ")", rho,
                Double.NaN, List.of()));
    }

    /** The symmetric matrix of a quadratic form, exactly: off-diagonal entries half its coefficients. */
    private static BigFraction[][] matrix(Polynomial v, List<Variable> w) {
        int n = w.size();
        BigFraction[][] out = new BigFraction[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                BigFraction c = BigFraction.from(v.coefficient(Monomial.of(w.get(i)).multiply(Monomial.of(w.get(j)))));
                out[i][j] = i == j ? c : c.divide(2);
            }
        }
        return out;
    }

    private static BigFraction[][] scaled(BigFraction[][] p, BigFraction factor) {
        BigFraction[][] out = new BigFraction[p.length][p.length];
        for (int i = 0; i < p.length; i++) {
            for (int j = 0; j < p.length; j++) {
                out[i][j] = p[i][j].multiply(factor);
            }
        }
        return out;
    }

    private static double traceOver(Polynomial v, List<Variable> w) {
        double out = 0;
        for (Variable wi : w) {
            out += v.coefficient(Monomial.of(wi, 2));
        }
        return out;
    }
}
