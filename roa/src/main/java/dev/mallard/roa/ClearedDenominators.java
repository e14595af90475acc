package dev.mallard.roa;

import dev.mallard.symbolic.Monomial;
import dev.mallard.symbolic.Polynomial;
import dev.mallard.symbolic.Variable;

import java.util.List;

import org.apache.commons.numbers.fraction.BigFraction;

/**
 * Rational dynamics {@code ydot_i = n_i(y) / d_i(y)} analysed in the explicit form: with every denominator
 * proved positive everywhere, {@code W = D Vdot = sum_i dV/dy_i n_i D / d_i} (D the product of the distinct
 * denominators) is a polynomial with Vdot's sign, so a level-set certificate of W is one of Vdot. The implicit form
 * ({@code d(y) z - n(y) = 0} in the derivatives z, Drake's) needs multipliers in y and z whose Gram matrices
 * can be singular at every feasible point (the genetic toggle switch: the level is found, no certificate has
 * a margin); here the program is in y alone.
 *
 * <p>A denominator is proved positive by an SOS program: {@code d = m'Qm} with Q positive definite on a basis
 * holding the monomial 1, so {@code d(y) >= lambda_min(Q) |m(y)|^2 >= lambda_min(Q) > 0} (certificate checked).
 */
final class ClearedDenominators {

    private ClearedDenominators() {
    }

    /**
     * Vdot with the denominators cleared.
     *
     * @param w {@code D Vdot}, a polynomial
     * @param multiplierDegree the degree of the level-set multiplier lambda of W: lambda W is (lambda D) Vdot, so
     *     lambda takes the degree that Vdot's own degree asks for ({@link MultiplierDegree}, with
     *     {@code deg Vdot = deg W - deg D}), not W's (on the toggle switch W's degree 4 left the SDP without a
     *     certificate that has a margin at 99.9% of the level, degree 2 certifies 99.9999%)
     * @param field the exact vector field of W: {@code W = sum_i dV/dy_i field_i}, {@code field_i = n_i D / d_i}
     *     multiplied out in rational arithmetic, for the exact proof, each n_i less its value at x* (x* given in
     *     doubles is an equilibrium only to rounding, and the proof says so)
     * @param denominators the exact proof that every denominator is positive ({@code d - epsilon = m'Qm}, Q PSD,
     *     epsilon = 1e-9 times d's largest coefficient); null unless asked for
     */
    record Cleared(Polynomial w, int multiplierDegree, List<ExactPolynomial> field, ExactProof denominators) {
    }

    /**
     * @param v V in y
     * @param y the displacement variables
     * @param f the dynamics, one quotient per state
     * @param options SOS settings
     * @param solutions receives the positivity programs solved (for the statistics); modified
     * @param exact whether to prove the denominators positive in exact arithmetic as well
     * @return W and its multiplier's degree, or null when a denominator is not proved positive (it is negated
     *     first if negative at y = 0)
     */
    static Cleared vdot(Polynomial v, List<Variable> y, List<RationalFunction> f, SosOptions options,
            List<SosSolution> solutions, boolean exact) {
        int n = y.size();
        Polynomial[] numerators = new Polynomial[n];
        Polynomial[] denominators = new Polynomial[n];
        for (int i = 0; i < n; i++) {
            Polynomial d = f.get(i).denominator;
            Polynomial num = f.get(i).numerator;
            if (d.coefficient(Monomial.ONE) < 0) {
                d = d.negate();
                num = num.negate();
            }
            numerators[i] = num;
            denominators[i] = d;
        }
        // D is the product of the distinct denominators (Cramer's rule gives every entry the same one).
        List<Polynomial> distinct = new java.util.ArrayList<>();
        List<ExactCertificateCheck.Identity> positive = new java.util.ArrayList<>();
        int denominatorDegree = 0;
        for (Polynomial d : denominators) {
            if (!distinct.contains(d)) {
                if (d.totalDegree() > 0 && !provedPositive(d, y, options, solutions, positive)) {
                    return null;
                }
                distinct.add(d);
                denominatorDegree += d.totalDegree();
            }
        }
        Polynomial w = Polynomial.ZERO;
        List<ExactPolynomial> field = new java.util.ArrayList<>();
        double residual = 0.0;
        for (int i = 0; i < n; i++) {
            Polynomial term = v.differentiate(y.get(i)).multiply(numerators[i]);
            // x* given in doubles is an equilibrium only to rounding: no exact certificate of Vdot < 0 away from
            // x* exists while the numerator is not 0 there, so the exact field has that residual removed
            double atOrigin = numerators[i].coefficient(Monomial.ONE);
            residual = Math.max(residual, Math.abs(atOrigin));
            ExactPolynomial exactTerm = ExactPolynomial.of(numerators[i].sub(Polynomial.constant(atOrigin)));
            for (Polynomial d : distinct) {
                if (!d.equals(denominators[i])) {
                    term = term.multiply(d);
                    exactTerm = exactTerm.multiply(ExactPolynomial.of(d));
                }
            }
            w = w.add(term);
            field.add(exactTerm);
        }
        ExactProof proof = exact ? ExactCertificateCheck.prove(positive, new double[0], Double.NaN) : null;
        if (proof != null && residual > 0) {
            proof = proof.and(new ExactProof(true, "the proof is for the numerators less their values at x* (at most "
                    + residual + " in absolute value), which make x* an equilibrium exactly", Double.NaN, Double.NaN,
                    List.of()));
        }
        return new Cleared(w, MultiplierDegree.of(v.totalDegree(), w.totalDegree() - denominatorDegree), field,
                proof);
    }

    /** Adds to identities {@code d - 1e-9 max|d_k| = m'Qm} from the solver's Q, for the exact proof. */
    private static boolean provedPositive(Polynomial d, List<Variable> y, SosOptions options,
            List<SosSolution> solutions, List<ExactCertificateCheck.Identity> identities) {
        if (!(d.coefficient(Monomial.ONE) > 0)) {
            return false;
        }
        SosProgram program = new SosProgram(y);
        SosConstraint c = program.addSosConstraint("denominator", PolynomialExpression.of(d));
        program.maximizeGramMargin(1.0);
        SosSolution s = program.solve(options);
        solutions.add(s);
        double epsilon = 1e-9 * PolynomialAlgebra.maxAbsCoefficient(d);
        boolean proved = program.gramBasis(c, options).contains(Monomial.ONE) && s.isSuccess() && s.isVerified()
                && s.gramMargin() > epsilon;
        if (proved) {
            SosCertificate certificate = s.certificate(c);
            identities.add(new ExactCertificateCheck.Identity("the denominator " + d, ExactPolynomial.of(d)
                    .subtract(ExactPolynomial.of(Monomial.ONE, BigFraction.from(epsilon))), java.util.Map.of(),
                    certificate.basis(), certificate.gram()));
        }
        return proved;
    }
}
