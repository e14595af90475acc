package dev.mallard.roa;

import dev.mallard.symbolic.Monomial;
import dev.mallard.symbolic.Polynomial;
import dev.mallard.symbolic.Variable;

import java.util.List;

/**
 * Checks that a user's Lyapunov candidate is positive definite about the fixed point: zero with zero
 * gradient there, and a sum of squares {@code m'Qm} with Q positive definite (a margin-maximising SOS
 * program, certificate checked) on a basis holding a pure power of every variable, which makes
 * {@code V(y) >= margin |m(y)|^2 > 0} for every {@code y != 0}.
 */
final class LyapunovCandidateCheck {

    private LyapunovCandidateCheck() {
    }

    /**
     * @param v the candidate in the displacement variables
     * @param y the displacement variables
     * @param options SOS settings
     * @return the solution of the SOS program (for statistics)
     * @throws IllegalArgumentException saying how the candidate fails, with the numbers
     */
    static SosSolution check(Polynomial v, List<Variable> y, SosOptions options) {
        double scale = PolynomialAlgebra.maxAbsCoefficient(v);
        double atOrigin = v.coefficient(Monomial.ONE);
        if (Math.abs(atOrigin) > 1e-9 * scale) {
            throw new IllegalArgumentException("the Lyapunov candidate is not positive definite: it is " + atOrigin
                    + " at the fixed point, not 0");
        }
        for (Variable yi : y) {
            double slope = v.coefficient(Monomial.of(yi));
            if (Math.abs(slope) > 1e-9 * scale) {
                throw new IllegalArgumentException("the Lyapunov candidate is not positive definite: its gradient "
                        + "at the fixed point has entry " + slope + " along " + yi + ", not 0");
            }
        }
        SosProgram program = new SosProgram(y);
        SosConstraint c = program.addSosConstraint("candidate",
                PolynomialExpression.of(v.sub(Polynomial.constant(atOrigin))));
        program.maximizeGramMargin(1.0);
        SosSolution s = program.solve(options);
        List<Monomial> basis = program.gramBasis(c, options);
        for (Variable yi : y) {
            if (basis.stream().noneMatch(m -> m.variables().equals(java.util.Set.of(yi)))) {
                throw new IllegalArgumentException("the Lyapunov candidate " + v + " is not positive definite: it "
                        + "does not grow along " + yi + " (no pure power of " + yi + " in its Gram basis " + basis + ")");
            }
        }
        if (!s.isSuccess() || !(s.gramMargin() > 1e-9 * scale) || !s.isVerified()) {
            throw new IllegalArgumentException("the Lyapunov candidate " + v + " is not positive definite: it is not "
                    + "a sum of squares with a positive definite Gram matrix (largest smallest-eigenvalue margin "
                    + s.gramMargin() + ", needs > " + 1e-9 * scale + "; solver " + s.status() + ")");
        }
        return s;
    }
}
